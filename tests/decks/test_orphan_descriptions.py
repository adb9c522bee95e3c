"""A manual's description on a slide without its term (orphan_description): the paper is the
oracle — its paragraph opens "`term`: description" — and the repair puts the term back in
front of the bullet. Functions and options invented for this test."""

from __future__ import annotations

from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review.registry import DECK_RULES, DeckContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

PAPER = Paper(
    title="The tally library for counting fruit trees",
    authors=["Ida Brun"],
    pages=4,
    source_name="tally.pdf",
    abstract="The tally library counts the trees of an orchard survey and groups their rows.",
    sections=[
        Section(
            title="Functions",
            paragraphs=[
                "The functions take a table of counts with one row per tree.",
                "`tally_write(table, f)`: Writes every row of table to the stream f. Rows "
                "without counts are written as empty lines.",
                "`-k` count or `--clusters` count: Sets the number of groups the rows are "
                "sorted into. The default is four.",
            ],
        ),
        Section(
            title="Conclusions",
            paragraphs=["Writes of counts are checked by the library before they are kept."],
        ),
    ],
)
ORPHAN = "Writes every row of table to the stream f"
OPTION = "Sets the number of groups the rows are sorted into"


def _found(deck: SlideDeck):
    context = DeckContext(
        deck, PAPER, [SlideMeasure(slide=n) for n in range(1, len(deck.slides) + 1)]
    )
    return [
        i for rule in DECK_RULES if rule.__name__ == "orphan_description" for i in rule(context)
    ]


def _deck(bullets: list[str]) -> SlideDeck:
    return deck_of(
        PAPER,
        [
            Slide(kind="title", title=PAPER.title),
            Slide(kind="bullets", title="Functions", bullets=bullets),
            Slide(kind="bullets", title="Conclusions", bullets=["The library checks counts"]),
        ],
    )


def test_a_description_without_its_term_is_found_and_gets_its_term_back():
    other = "The functions take a table of counts with one row per tree"
    deck = _deck([other, ORPHAN, OPTION])
    found = _found(deck)
    assert [i.evidence["bullets"] for i in found] == [[ORPHAN, OPTION]]
    assert found[0].evidence["terms"] == [
        "`tally_write(table, f)`",
        "`-k` count or `--clusters` count",
    ]

    revised = deck_repair(BuiltinProposer(), PAPER, deck, found).deck
    assert revised.slides[1].bullets == [
        other,
        f"`tally_write(table, f)`: {ORPHAN}",
        f"`-k` count or `--clusters` count: {OPTION}",
    ]
    assert _found(revised) == []


def test_a_bullet_with_its_term_or_of_other_words_is_no_orphan():
    deck = _deck(
        [
            f"`tally_write(table, f)`: {ORPHAN}",
            # the same opening words in a sentence of another paragraph: not the description
            "Writes of counts are checked by the library before they are kept",
            "Sets the number",  # too short to say whose description it is
        ]
    )
    assert _found(deck) == []
