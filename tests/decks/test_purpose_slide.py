"""The slide saying what the paper does, read for whether it says it (issue 14, round 20).

On a paper of our own (tests/fixtures/papers/ingest/purposeslide, CC0): a short note on a
tide-gauge logger whose abstract says what it presents, whose body sections give its install
paths and its file handler, and whose storage section gives the finding the abstract repeats.
A "What this paper does" slide made of the body's details and the introduction's background
is reported (`purpose_unstated`) and set right with the abstract's own purpose statement; a
slide that says what the paper does, or shows the finding the abstract repeats, is not."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline import purpose_slide
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.review.deck_rules import purpose_unstated
from apps.decks.pipeline.review.registry import DeckContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

FOLDER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "purposeslide"

HANDLER = "The handler for the serial port closes the file at midnight and opens the next one"
CONFIG = (
    "The configuration file lives in the folder etc/tidewell and holds the name of the serial port"
)
BACKGROUND = "A reading taken once a day misses the storm surges that matter most for mooring"
FINDING = "A year of readings fits in less than forty megabytes"


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    folder = tmp_path_factory.mktemp("purposeslide")
    return paper_read(FOLDER / "tessera-purposeslide.pdf", folder / "figures")


def _deck(paper, bullets: list[str]) -> SlideDeck:
    return SlideDeck(
        title=paper.title,
        slides=[
            Slide(kind="title", title=paper.title),
            Slide(
                kind="bullets", title="What this paper does", role="contributions", bullets=bullets
            ),
            Slide(
                kind="bullets",
                title="Reading the gauge",
                role="method",
                bullets=[
                    "Each minute the program asks the gauge for its level in millimetres",
                    "A reading that differs from the one before by more than half a metre is "
                    "marked as doubtful",
                ],
            ),
        ],
    )


def _found(paper, deck):
    return [i for i in purpose_unstated(DeckContext(deck, paper, [])) if i.slide == 2]


@pytest.mark.parametrize(
    ("sentence", "purpose"),
    [
        ("This note presents a logger that reads a tide gauge every minute", True),
        ("The paper will explain how a tide gauge is read over its serial line", True),
        ("The study was designed to measure the surges of a small harbour", True),
        ("We present Tidewell, a program that keeps every reading of a tide gauge", True),
        ("The code is designed to use the board's own clock", False),
        (HANDLER, False),
        (CONFIG, False),
    ],
)
def test_a_purpose_statement_says_what_the_document_or_its_subject_does(paper, sentence, purpose):
    assert purpose_slide.states_purpose(sentence, paper) is purpose


def test_details_of_the_body_on_the_purpose_slide_are_reported(paper):
    deck = _deck(paper, [BACKGROUND, CONFIG, HANDLER])
    found = _found(paper, deck)
    assert [i.type for i in found] == ["purpose_unstated"]
    assert found[0].evidence["details"] == [CONFIG, HANDLER]
    assert "Tidewell" in found[0].evidence["statement"]


def test_the_fix_shows_the_papers_purpose_in_place_of_the_details(paper):
    deck = _deck(paper, [BACKGROUND, CONFIG, HANDLER])
    revised = deck_repair(BuiltinProposer(), paper, deck, _found(paper, deck)).deck
    purpose = next(s for s in revised.slides if s.title == "What this paper does")
    assert purpose.bullets[0].startswith("We present Tidewell")
    assert CONFIG not in purpose.bullets and HANDLER not in purpose.bullets
    assert BACKGROUND in purpose.bullets
    assert _found(paper, revised) == []


def test_a_slide_that_says_what_the_paper_does_is_not_reported(paper):
    said = (
        "We present Tidewell, a small program that reads a tide gauge every minute and keeps a "
        "year of readings on a single board computer"
    )
    assert _found(paper, _deck(paper, [said, BACKGROUND])) == []
    # the finding the abstract repeats from the storage section is the paper's, not a detail
    assert _found(paper, _deck(paper, [said, FINDING])) == []


def test_a_slide_of_background_alone_gets_the_purpose_statement(paper):
    deck = _deck(paper, [BACKGROUND, "Tide gauges on small harbours are often read by hand"])
    found = _found(paper, deck)
    assert found and found[0].evidence["details"] == []
    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    assert revised.slides[1].bullets[0].startswith("We present Tidewell")


def test_a_tutorial_whose_title_reads_no_name_still_gets_what_its_subject_is():
    from apps.decks.pipeline.paper import Paper, Section

    paper = Paper(
        title="Gaugelog tutorial Maren Ostby <maren@example.org>",
        pages=3,
        source_name="gaugelog.pdf",
        sections=[
            Section(
                title="Introduction",
                paragraphs=[
                    "Gaugelog is a tool that reads a harbour's tide gauge and keeps every "
                    "reading on a small board. It needs no network."
                ],
            ),
            Section(
                title="Handlers",
                paragraphs=["The handler normally closes the day's file and opens the next one."],
            ),
        ],
    )
    detail = "The handler normally closes the day's file and opens the next one"
    deck = _deck(paper, [detail])
    found = _found(paper, deck)
    assert found and found[0].evidence["details"] == [detail]
    assert found[0].evidence["statement"].startswith("Gaugelog is a tool")
    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    assert revised.slides[1].bullets == [found[0].evidence["statement"]]


def test_the_thin_purpose_slide_is_never_filled_with_a_detail_of_the_body(paper):
    from apps.decks.pipeline.issues import Issue

    said = (
        "We present Tidewell, a small program that reads a tide gauge every minute and keeps a "
        "year of readings on a single board computer"
    )
    deck = _deck(paper, [said])
    purpose = deck.slides[1].model_copy(update={"notes": f"{HANDLER}. {CONFIG}."})
    deck = deck.model_copy(update={"slides": [deck.slides[0], purpose, *deck.slides[2:]]})
    thin = Issue(slide=2, type="thin_slide", severity="medium", message="thin")
    revised = deck_repair(BuiltinProposer(), paper, deck, [thin]).deck
    kept = next(s for s in revised.slides if s.title == "What this paper does")
    assert HANDLER not in kept.bullets and CONFIG not in kept.bullets
    assert _found(paper, revised) == []
