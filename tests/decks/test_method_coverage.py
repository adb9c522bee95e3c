"""The method the paper is about reaches a slide (issue 14, round 20).

On a paper of our own (tests/fixtures/papers/ingest/methodparts, CC0): a storm-surge detector
whose "Surge detection" section holds more than half the body's words and is named by the
abstract, beside a short housekeeping section (install paths, an alarm file). A deck that
shows the housekeeping and not one sentence of the detection is reported (`method_missing`)
and given a slide of the section's own statements, in the paper's order; a deck that shows
the method is not reported, and a long section the paper never names when it sums itself up
is no method."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline import method_coverage
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.review.deck_rules import method_missing
from apps.decks.pipeline.review.registry import DeckContext

FOLDER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "methodparts"


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    folder = tmp_path_factory.mktemp("methodparts")
    return paper_read(FOLDER / "tessera-methodparts.pdf", folder / "figures")


@pytest.fixture(scope="module")
def full_deck(paper):
    return BuiltinProposer().propose(paper)


def _without_method(deck):
    slides = [s for s in deck.slides if not s.title.startswith("Surge detection")]
    assert len(slides) < len(deck.slides)
    return deck.model_copy(update={"slides": slides})


def _found(paper, deck):
    return list(method_missing(DeckContext(deck, paper, [])))


def test_the_papers_method_part_is_read_from_its_emphasis(paper):
    assert [p.title for p in method_coverage.method_parts(paper)] == ["Surge detection"]


def test_a_deck_that_shows_the_method_is_not_reported(paper, full_deck):
    assert _found(paper, full_deck) == []


def test_a_deck_without_the_method_is_reported(paper, full_deck):
    found = _found(paper, _without_method(full_deck))
    assert [i.type for i in found] == ["method_missing"]
    assert found[0].evidence["parts"] == ["Surge detection"]


def test_the_fix_brings_in_a_slide_of_the_methods_own_statements_in_the_papers_order(
    paper, full_deck
):
    deck = _without_method(full_deck)
    revised = deck_repair(BuiltinProposer(), paper, deck, _found(paper, deck)).deck
    titles = [s.title for s in revised.slides]
    assert "Surge detection" in titles
    slide = revised.slides[titles.index("Surge detection")]
    assert 2 <= len(slide.bullets) <= method_coverage.METHOD_BULLETS
    body = " ".join(p for s in paper.sections if s.title == "Surge detection" for p in s.paragraphs)
    assert all(b.split(",")[0] in body for b in slide.bullets)
    # after the housekeeping it follows in the paper, before the results and the close
    assert titles.index("Installing the program") < titles.index("Surge detection")
    assert titles.index("Surge detection") < titles.index("Conclusions")
    assert _found(paper, revised) == []


def _paper(abstract: str) -> Paper:
    filler = "The board reads the gauge and writes the file. " * 30
    return Paper(
        title="A tide logger",
        pages=4,
        source_name="logger.pdf",
        abstract=abstract,
        sections=[
            Section(title="Introduction", paragraphs=["Tides matter for moorings. " * 20]),
            Section(title="Installation", paragraphs=[filler]),
            Section(title="Surge detection", paragraphs=[filler]),
            Section(title="Conclusions", paragraphs=["The logger works well on a small board."]),
        ],
    )


def test_a_long_part_the_summary_never_names_is_no_method():
    parts = method_coverage.method_parts(_paper("We present a logger that detects surges."))
    assert [p.title for p in parts] == ["Surge detection"]
    # the same part named by the abstract is the paper's subject
    named = method_coverage.method_parts(_paper("We explain the installation of a logger."))
    assert [p.title for p in named] == ["Installation"]


def _nested_paper() -> Paper:
    drift = "The gauge drifts by a few millimetres a week in cold water. " * 12
    lags = "The surge lags the wind by two hours at the northern harbour. " * 12
    return Paper(
        title="Tide gauges",
        pages=4,
        source_name="gauges.pdf",
        abstract="We correct gauge drift and estimate the surge lag of two harbours.",
        sections=[
            Section(title="Introduction", paragraphs=["Harbours keep gauges. " * 20]),
            Section(title="Methods", paragraphs=["We use two corrections."]),
            Section(title="Drift correction", level=2, paragraphs=[drift]),
            Section(title="Surge lag", level=2, paragraphs=[lags]),
            Section(title="Conclusions", paragraphs=["Both corrections work."]),
        ],
    )


def test_a_subsection_the_paper_spends_its_pages_on_is_a_method_part_of_its_own():
    from apps.decks.pipeline.slide_deck import Slide, SlideDeck

    paper = _nested_paper()
    shown = SlideDeck(
        title=paper.title,
        slides=[
            Slide(kind="title", title=paper.title),
            Slide(
                kind="bullets",
                title="Drift correction",
                bullets=["The gauge drifts by a few millimetres a week in cold water"],
            ),
            # the lag's heading over a figure and its caption alone says nothing of how
            Slide(kind="figure", title="Surge lag", figure="fig-1", caption="Surge lag."),
        ],
    )
    # "Methods" is stated (through its drift subsection); the lag subsection is not
    assert [p.title for p in method_coverage.missing(shown, paper)] == ["Surge lag"]


def _defined_then_named_paper() -> Paper:
    """The detector's section opens on a definition that names its display, and the next
    sentence names what that display defined ("… are called the gates")."""
    detector = [
        "A surge is flagged when the residual exceeds n centimetres for k readings in a row, "
        "as in (3). The numbers n and k are called the gates of the detector. "
        "Each harbour keeps its own pair of numbers, tuned from a year of quiet readings.",
        "The detector compares every reading with the tide predicted for that minute. "
        "The residual of the last hour is kept in a ring buffer on the board.",
        "The detector writes each alarm to the harbour log with its time and its height.",
    ]
    return Paper(
        title="A storm surge detector",
        pages=4,
        source_name="detector.pdf",
        abstract="We present a surge detection rule for small harbour gauges.",
        sections=[
            Section(title="Introduction", paragraphs=["Harbours keep tide gauges. " * 20]),
            Section(title="Surge detection", paragraphs=[(p + " ") * 3 for p in detector]),
            Section(title="Conclusions", paragraphs=["The detector flags surges in time."]),
        ],
    )


def test_the_methods_slide_takes_a_later_sentence_only_after_the_one_before_it():
    from apps.decks.pipeline.slide_deck import Slide, SlideDeck

    paper = _defined_then_named_paper()
    deck = SlideDeck(
        title=paper.title,
        slides=[
            Slide(kind="title", title=paper.title),
            Slide(kind="bullets", title="Introduction", bullets=["Harbours keep tide gauges"]),
            Slide(
                kind="bullets",
                title="Conclusions",
                bullets=["The detector flags surges in time"],
                role="conclusion",
            ),
        ],
    )
    found = _found(paper, deck)
    assert [i.type for i in found] == ["method_missing"]
    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    slide = next(s for s in revised.slides if s.title == "Surge detection")
    text = " ".join(slide.bullets)
    # the definition names its display (3) and is not shown: what it defined is not either
    assert "called the gates" not in text
    assert "compares every reading with the tide predicted" in text
