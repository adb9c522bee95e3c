"""A section's heading "(continued)" over a figure of another part of the paper (issue #14,
round 18): "Results (continued)" over the methods' flow diagram says the diagram is a result.
The heading continues only over the figures its section sets or points at; the reviewer's
`false_continuation` finds the others, and the fixer titles the slide by its figure. On a paper
made up here."""

from __future__ import annotations

from apps.decks.pipeline import continued_titles
from apps.decks.pipeline.issues import Issue
from apps.decks.pipeline.paper import Figure, Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks import factories

METHODS = "Sheep were moved between four paddocks every ten days, as Figure 1 lays out."
RESULTS = (
    "The rested paddocks regrew to twelve centimetres within three weeks. The heights per "
    "paddock are plotted in Figure 3."
)


def _figure(number: int, caption: str, section: str) -> Figure:
    return factories.figure(
        number, caption, page=2, bbox=(100.0, 100.0, 300.0, 250.0), height_px=750, section=section
    )


PAPER = Paper(
    title="Rest periods in rotational grazing",
    pages=4,
    source_name="grazing.pdf",
    sections=[
        Section(number="1", title="Grazing plan", paragraphs=[METHODS]),
        Section(number="2", title="Regrowth", paragraphs=[RESULTS]),
    ],
    figures=[
        _figure(1, "Order in which the flock moves through the paddocks.", "Grazing plan"),
        _figure(2, "Grass height per paddock before each move.", "Regrowth"),
        # set on the plan's page, but the results point at it
        _figure(3, "Grass height per paddock after three weeks of rest.", "Grazing plan"),
    ],
)
TEXT = Slide(
    kind="bullets",
    title="Regrowth",
    bullets=["The rested paddocks regrew to twelve centimetres within three weeks"],
)


def _continued(figure: str) -> Slide:
    return Slide(kind="figure", title="Regrowth (continued)", figure=figure)


def test_a_heading_continues_over_its_own_figures_only():
    assert continued_titles.false_continuation(TEXT, _continued("fig-2"), PAPER) is None
    # pointed at by the section's text, wherever the float was set
    assert continued_titles.false_continuation(TEXT, _continued("fig-3"), PAPER) is None
    # the plan's diagram is no part of the results
    assert continued_titles.false_continuation(TEXT, _continued("fig-1"), PAPER) == "Regrowth"


def test_the_fixer_titles_a_figure_of_another_part_by_its_figure():
    slide = _continued("fig-1").model_copy(update={"caption": PAPER.figures[0].caption.rstrip(".")})
    deck = SlideDeck(
        title=PAPER.title, slides=[Slide(kind="title", title=PAPER.title), TEXT, slide]
    )
    issue = Issue(
        type="title_false_continued",
        severity="medium",
        slide=3,
        message="the title continues a slide it does not continue",
        suggestion="title the slide by what it shows",
    )
    fixed = deck_repair(BuiltinProposer(), PAPER, deck, [issue]).deck.slides[2]
    assert "continued" not in fixed.title
    assert fixed.title.startswith("Order in which the flock moves")
