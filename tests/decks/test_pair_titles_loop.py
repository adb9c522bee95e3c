"""Two figures the loop puts side by side are never titled with their two slides' titles glued
("Runtime grows … and The cache hides …"): such a title says two things in one run-on line.
Without a head the titles share, a title naming both, or a section both come from, the two
keep their own slides. Papers and captions are invented for these tests."""

from __future__ import annotations

from apps.decks.pipeline.issues import Issue
from apps.decks.pipeline.loop import revise_round
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks.factories import figure

RUNTIME = "Runtime grows linearly with the number of files copied"
CACHE = "The page cache hides most of the latency of the second pass"


def _paper(section: str = "") -> Paper:
    figures = [
        figure(3, f"{RUNTIME}.", section=section),
        figure(4, f"{CACHE}.", section=section),
    ]
    return Paper(
        title="Copying files through a user-space file system",
        sections=[Section(title=section or "Measurements", paragraphs=[f"{RUNTIME}. {CACHE}."])],
        figures=figures,
        pages=6,
        source_name="copying.pdf",
    )


def _round(paper: Paper) -> SlideDeck:
    deck = SlideDeck(
        title=paper.title,
        slides=[
            Slide(kind="title", title=paper.title),
            Slide(kind="figure", title=RUNTIME, figure="fig-3"),
            Slide(kind="figure", title=CACHE, figure="fig-4"),
        ],
    )
    issue = Issue(
        slide=2,
        type="repeated_figures",
        severity="medium",
        message="near-identical figures",
        evidence={"slides": [2, 3]},
    )
    revised, _changes = revise_round(BuiltinProposer(), paper, [], deck, [issue], [])
    return revised


def test_two_figures_whose_titles_are_statements_are_never_titled_with_both_glued():
    revised = _round(_paper())
    titles = [s.title for s in revised.slides]
    assert not any(RUNTIME in t and CACHE.lower() in t.lower() for t in titles), titles
    assert [s.figures() for s in revised.slides[1:]] == [["fig-3"], ["fig-4"]]


def test_two_figures_of_one_section_are_titled_with_its_heading():
    revised = _round(_paper(section="Copy throughput"))
    assert [s.figures() for s in revised.slides[1:]] == [["fig-3", "fig-4"]]
    assert revised.slides[1].title == "Copy throughput: Figures 3 and 4"
