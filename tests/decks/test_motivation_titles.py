"""A "Motivation" slide whose bullets all come from one section headed with what it says ("An
overview of the sampling workflow"): titled with that heading, at build and by the loop; a
slide made from a section headed only with the part's name ("Introduction") keeps
"Motivation". A paper made here, in memory; its sentences are invented."""

from __future__ import annotations

from apps.decks.pipeline import role_titles
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review.registry import SLIDE_RULES, SlideContext
from apps.decks.pipeline.slide_deck import Slide

WORKFLOW = [
    "Each sampling day starts with the calibration of the three moisture probes at the depot. "
    "The crew then drives the fixed route and stops at every one of the twelve marked plots. "
    "At each plot the probe is pushed into the soil at four corners and the readings are logged. "
    "The logged readings are copied to the field laptop before the crew leaves the plot. "
    "Back at the depot the laptop files are merged into the season's table."
]
LOADING = [
    "The season's table holds one row per plot and day with the four corner readings. "
    "Rows with a missing corner are kept and flagged rather than dropped. "
    "The loader converts probe counts to volumetric moisture with the depot calibration."
]
RESULTS = [
    "Moisture fell by a third between the first and the last week of the dry spell. "
    "The plots under hedges kept twice the moisture of the open plots. "
    "Corner readings of one plot differed by less than five percent on most days."
]


def _paper(first_heading: str) -> Paper:
    return Paper(
        title="Soil moisture along a farm route",
        pages=6,
        source_name="soil.pdf",
        authors=["Ines Varga"],
        sections=[
            Section(title=first_heading, level=1, paragraphs=WORKFLOW),
            Section(title="Loading the readings", level=1, paragraphs=LOADING),
            Section(title="Results", level=1, paragraphs=RESULTS),
        ],
    )


def _opening(paper: Paper) -> Slide:
    deck = BuiltinProposer().propose(paper)
    return next(s for s in deck.slides if s.role == "motivation")


def test_a_motivation_slide_from_one_telling_section_is_titled_with_its_heading():
    heading = "An overview of the sampling workflow"
    assert _opening(_paper(heading)).title == heading


def test_a_motivation_slide_from_an_introduction_keeps_its_title():
    assert _opening(_paper("Introduction")).title == "Motivation"


def test_the_reviewer_finds_it_and_the_loop_retitles_it_with_the_heading():
    heading = "An overview of the sampling workflow"
    paper = _paper(heading)
    slide = Slide(
        kind="bullets",
        title="Motivation",
        bullets=[
            "Each sampling day starts with the calibration of the three moisture probes at the depot",
            "At each plot the probe is pushed into the soil at four corners and the readings are logged",
            "Back at the depot the laptop files are merged into the season's table",
        ],
    )
    deck = deck_of(paper, [Slide(kind="title", title=paper.title), slide])
    context = SlideContext(2, deck.slides[1], SlideMeasure(slide=2), deck, paper)
    found = [i for rule in SLIDE_RULES for i in rule(context) if i.type == "title_role"]
    assert len(found) == 1 and heading in found[0].message
    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    assert revised.slides[1].title == heading
    assert role_titles.role_title_problem(heading, slide.bullets, paper) is None


def test_a_motivation_slide_over_three_sections_is_not_titled_with_one_of_them():
    # one bullet from each of three sections (none introduces): no heading holds half of them,
    # so the slide is titled with what its bullets are about, not "Loading the readings"
    paper = Paper(
        title="Soil moisture along a farm route",
        pages=6,
        source_name="soil.pdf",
        authors=["Ines Varga"],
        sections=[
            Section(title="Introduction", level=1, paragraphs=["Soil dries. " * 3]),
            Section(title="Field protocol", level=1, paragraphs=WORKFLOW),
            Section(title="Loading the readings", level=1, paragraphs=LOADING),
            Section(title="Findings", level=1, paragraphs=RESULTS),
        ],
    )
    slide = Slide(
        kind="bullets",
        title="Motivation",
        bullets=[
            "The season's table holds one row per plot and day with the four corner readings",
            "At each plot the probe is pushed into the soil at four corners and the readings are logged",
            "The plots under hedges kept twice the moisture of the open plots",
        ],
    )
    deck = deck_of(paper, [Slide(kind="title", title=paper.title), slide])
    context = SlideContext(2, deck.slides[1], SlideMeasure(slide=2), deck, paper)
    found = [i for rule in SLIDE_RULES for i in rule(context) if i.type == "title_role"]
    assert len(found) == 1
    title = deck_repair(BuiltinProposer(), paper, deck, found).deck.slides[1].title
    assert title not in {"Field protocol", "Loading the readings", "Findings", "Motivation"}
    assert title.lower().startswith("season's table")
