"""review.json's reason for a thin deck left open says what is true of the paper (round 16,
ingest): round 15's audit found "the paper states nothing more that reads as a bullet" on
decks of papers with plenty of text that ingestion set aside or the bullet checks refused.
Three kinds are told apart, each with its numbers: no more text in the PDF; text set aside by
ingestion (as what); paragraphs read whose sentences the bullet checks refused (which checks).
Papers and decks are made up here; the figure slide is bare so that the deck is thin."""

from __future__ import annotations

from apps.decks.pipeline.issues import Issue
from apps.decks.pipeline.loop import RoundRecord, revise_record
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose import unrepaired
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

# sentences that each announce what follows them: the bullet checks refuse every one
ANNOUNCING = [
    "The kiln is loaded in the following order:",
    "Each shelf then holds the pots listed below:",
    "The firing schedule is given here:",
]
STATING = [
    "Wood-fired kilns reach their top temperature two hours later than gas kilns of equal size.",
    "The glaze of pots fired near the flue is thinner because ash settles on them.",
]


def _paper(paragraphs: list[str], body_words: int, set_aside: dict | None = None) -> Paper:
    return Paper(
        title="Kiln notes",
        pages=4,
        source_name="kiln-notes.pdf",
        sections=[Section(title="Firing", paragraphs=paragraphs)],
        body_words=body_words,
        set_aside=set_aside or {},
    )


def _deck() -> SlideDeck:
    return SlideDeck(
        title="Kiln notes",
        slides=[
            Slide(kind="title", title="Kiln notes", role="title"),
            Slide(kind="figure", title="The kiln", figure="fig1", caption="The kiln."),
        ],
    )


def _thin() -> Issue:
    return Issue(slide=0, type="thin_deck", severity="medium", message="1 of 1 slides bare")


def _reason(paper: Paper) -> str:
    issue = _thin()
    found = unrepaired.unanswered([issue], [issue], [], [], paper, _deck())
    return found[0]["reason"]


def _words(paragraphs: list[str]) -> int:
    return sum(len(p.split()) for p in paragraphs)


def test_a_paper_with_no_more_text_says_so_with_the_checks_that_refused_its_sentences():
    paragraphs = ANNOUNCING
    reason = _reason(_paper(paragraphs, body_words=_words(paragraphs) + 10))
    assert reason.startswith("the paper has no more text: ingestion read 3 paragraphs (")
    assert "none of their 3 sentences passes the bullet checks" in reason
    assert "3 announce a list, code or display" in reason


def test_text_set_aside_by_ingestion_is_named_with_what_it_was_taken_for():
    paragraphs = [" ".join(ANNOUNCING)]
    paper = _paper(paragraphs, body_words=900, set_aside={"contents": 120, "code": 700})
    reason = _reason(paper)
    assert reason.startswith("the text exists but was set aside: ingestion read 1 paragraph ")
    assert "set aside 820 words of the PDF's text as code or program output (700)" in reason
    assert "contents entries (120)" in reason
    assert "no more text" not in reason


def test_paragraphs_read_whose_sentences_were_all_refused_say_which_checks_refused_them():
    lowercase = ["where the kiln cools fastest, the pots crack along their rims."] * 3
    paragraphs = ANNOUNCING + lowercase
    reason = _reason(_paper(paragraphs, body_words=3000))
    assert reason.startswith("ingestion read 6 paragraphs (")
    assert "but none of their 6 sentences passed the bullet checks" in reason
    assert "3 announce a list, code or display" in reason
    assert "3 start lower-case" in reason
    assert "no more text" not in reason and "set aside" not in reason


def test_sentences_that_pass_the_checks_are_not_called_absent():
    paragraphs = [" ".join(STATING)]
    reason = _reason(_paper(paragraphs, body_words=_words(paragraphs)))
    assert reason.startswith("its repair found nothing certain to change, though ingestion read")
    assert "2 of their 2 sentences pass the bullet checks" in reason
    assert "nothing more" not in reason


def test_the_loop_records_the_reason_told_from_its_paper():
    paragraphs = [" ".join(ANNOUNCING)]
    paper = _paper(paragraphs, body_words=900, set_aside={"contents": 800})
    record = RoundRecord(1, _deck(), [_thin()], folder=None)
    revise_record(BuiltinProposer(), paper, [record], "medium")
    assert [u["type"] for u in record.unrepairable] == ["thin_deck"]
    assert record.unrepairable[0]["reason"].startswith("the text exists but was set aside")
