"""A sentence a repair adds uses no letter the deck has not shown (round 23): the thin-slide
repair filled a slide with "There are infinite possible solutions for p and q …" where no slide
had shown p or q (the paper set them only in its displays, and introduced them in no sentence
the symbol ledger reads, so the reviewer's undefined_symbol passed it). Added text must stand
where it is put; a candidate that names such a letter is passed over for the next. Through the
builtin proposer's repair of a thin slide; the paper is invented."""

from __future__ import annotations

from apps.decks.pipeline import symbol_context
from apps.decks.pipeline.issues import Issue
from apps.decks.pipeline.loop import revise_round
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

OPENING = "The two anchor points of every cable must lie on the same rigid frame of the bridge"
LETTERS = (
    "There are many possible choices for $u$ and $w$ but some of them make the cable sag "
    "much less than others"
)
PLAIN = "Cables anchored closer to the towers carried a fifth less load in the wind tunnel"
PARAGRAPH = f"{OPENING}. {LETTERS}. {PLAIN}."


def _paper() -> Paper:
    return Paper(
        title="Anchoring cables of footbridges",
        pages=2,
        source_name="cables.pdf",
        sections=[Section(number="2", title="Choosing the anchor points", paragraphs=[PARAGRAPH])],
    )


def _deck(paper: Paper) -> SlideDeck:
    return SlideDeck(
        title=paper.title,
        slides=[
            Slide(kind="title", title=paper.title),
            Slide(
                kind="bullets",
                title="Choosing the anchor points",
                bullets=[OPENING],
                notes=PARAGRAPH,
            ),
        ],
    )


def test_a_thin_slide_is_not_filled_with_a_sentence_naming_unshown_letters():
    paper = _paper()
    deck = _deck(paper)
    thin = Issue(slide=2, type="thin_slide", severity="medium", message="thin", evidence={})
    revised, changes = revise_round(BuiltinProposer(), paper, [], deck, [thin], [])
    shown = [b for s in revised.slides for b in s.bullets]
    assert not any("$u$" in b for b in shown)
    assert any(b.startswith("Cables anchored closer") for b in shown)
    assert changes and changes[0].type == "thin_slide"


def test_unseen_letters_are_those_no_slide_shows_nor_the_sentence_says():
    assert symbol_context.unseen(LETTERS, set()) == ["u", "w"]
    assert symbol_context.unseen(LETTERS, {"u", "w"}) == []
    assert symbol_context.unseen("The parameters $u$ and $w$ are integers", set()) == []
