"""Round 23: a bullet whose subject is a display of the paper by its kind — "The sketch shows the
three valves of the pump" (a drawing's caption, its "This sketch shows" rewritten), "The graph
shows that …", "The equation can be solved …" — on a slide with no figure, table or display
points at what the reader does not see: context lost. The reviewer reports it
(unintroduced_referent, kind "seeing", also when the sentence before is on the slide: that
sentence is no display); the reviser drops the pointer when a clause follows it ("The graph
shows that the pump …" → "The pump …"). "The figure shows …", and a row of a figure's panels
("The bottom row of graphics gives …"), are dangling_pointer's figure deixis: one finding each, else puts another sentence of the part in its place or
leaves the bullet out when the slide keeps enough. Sentences invented about a garden pump."""

from __future__ import annotations

import pytest

from apps.decks.pipeline import antecedents, defects
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_context_symbols import _deck, _issues, _repaired

KIND = "unintroduced_referent"
FILLER = "Garden pumps lift rain water from a barrel to the beds"
INTRO = "The pump is driven by a small solar panel on the shed roof"
POINTS = "The layout of the pump can be seen in sketch 1 with its pipes"
SKETCH = "The sketch shows the three valves of the pump and their springs"
SHOWS_THAT = "The graph shows that the pump stalls below four volts"
EQUATION = "The equation can be solved for the flow at each pressure"
FLOW = "The flow grows with the light on the panel until the valves open fully"
STALL = "Below four volts the motor cannot start against the water column"


def _paper() -> Paper:
    return Paper(
        title="A solar garden pump",
        abstract="We build a garden pump that runs on sunlight.",
        pages=3,
        source_name="pump.pdf",
        sections=[
            Section(title="Introduction", paragraphs=[f"{FILLER}. {INTRO}."]),
            Section(
                title="The pump",
                paragraphs=[
                    f"{POINTS}. {SKETCH}.",
                    f"{FLOW}. {SHOWS_THAT}. {STALL}.",
                    f"The pressure balances the spring of each valve. {EQUATION}.",
                ],
            ),
        ],
    )


def _slide(*bullets: str, **fields) -> Slide:
    return Slide(kind="bullets", title="The pump", bullets=list(bullets), **fields)


def _found(paper: Paper, slide: Slide):
    deck = _deck(paper, slide)
    return _issues(deck, paper, len(deck.slides), KIND)


@pytest.mark.parametrize(
    ("bullet", "head"),
    [
        (SKETCH, "sketch"),
        (SHOWS_THAT, "graph"),
        (EQUATION, "equation"),
        ("This chart compares the two pumps", "chart"),
        ("The plots also show a second peak", "plots"),
    ],
)
def test_a_display_as_the_subject_points_at_what_the_paper_shows(bullet, head):
    found = antecedents.seeing_pointer(bullet)
    assert found is not None and found.kind == "seeing" and found.head == head


@pytest.mark.parametrize(
    "bullet",
    [
        "The figure of merit is the flow per watt",
        "The equation of state of water is nearly linear here",
        "Figure 3 shows the valves",  # a numbered pointer: dangling_pointer's
        "The figure shows the valves",  # figure deixis: dangling_pointer's (one finding)
        "The table saw cuts the boards for the frame",
        "The plot of land behind the shed holds the barrel",
        "We draw the sketch of the valve by hand",
    ],
)
def test_other_uses_of_the_nouns_point_at_nothing(bullet):
    assert antecedents.display_pointer(bullet) is None


def test_reported_on_a_text_slide_even_after_the_sentence_naming_the_display():
    paper = _paper()
    (issue,) = _found(paper, _slide(FILLER, POINTS, SKETCH))
    assert issue.severity == "medium" and issue.evidence["kind"] == "seeing"
    assert issue.evidence["index"] == 2
    # beside a figure or a display it may be what the slide shows
    assert _found(paper, _slide(FILLER, POINTS, SKETCH, equation="Q = k p")) == []


def test_the_reviser_keeps_the_clause_a_figure_showed():
    paper = _paper()
    fixed, action, deck, number = _repaired(paper, _slide(FILLER, INTRO, SHOWS_THAT), KIND)
    assert fixed.bullets[-1] == "The pump stalls below four volts", fixed.bullets
    assert "without" in action
    assert _issues(deck, paper, number, KIND) == []


def test_the_reviser_never_leaves_a_fragment_of_a_caption():
    paper = _paper()
    fixed, action, _deck_after, _number = _repaired(
        paper, _slide(FILLER, INTRO, POINTS, SKETCH), KIND
    )
    assert SKETCH not in fixed.bullets
    # not "The three valves of the pump and their springs": replaced or left out
    assert not any(b.startswith("The three valves") for b in fixed.bullets), fixed.bullets
    assert action.startswith(("removed", "replaced")), action


def test_a_numbered_drawing_is_a_pointer_no_slide_answers():
    """ "drawing 1", "sketch 2", "Diagram 3" are figures of their own series
    (caption_labels.py): a bullet pointing at one the slide does not show is a dangling_pointer
    like "Figure 9"."""
    paper = _paper()
    slide = _slide(FILLER, INTRO, POINTS)
    (issue,) = _issues(_deck(paper, slide), paper, 2, "dangling_pointer")
    assert issue.message == "bullet 3 points at sketch 1, which the slide does not show"
    fixed, _action, _deck_after, _number = _repaired(paper, slide, "dangling_pointer")
    assert not any("sketch 1" in b for b in fixed.bullets), fixed.bullets


def test_a_row_of_a_figure_s_panels_points_into_a_figure():
    paper = _paper()
    bullet = "The bottom row of graphics gives the flow for each voltage"
    assert defects.figure_deixis(bullet) == "The bottom row of graphics"
    slide = _slide(FILLER, INTRO, bullet)
    (issue,) = _issues(_deck(paper, slide), paper, 2, "dangling_pointer")
    assert issue.evidence["part"] == "The bottom row of graphics"
    assert defects.figure_deixis("The bottom row of seats is free") is None
