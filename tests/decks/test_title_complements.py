"""A caption cut before the "of" that completes its noun is a cut title (set 10's class [4]:
"… the major activities", "… the strategy", "… consecutive levels"): the reviewer finds it, and
the fixer completes the phrase from the caption, up to the next phrase, remark or further
member ("… and the rodents they prey on"); a title whose caption goes on with a further member
stands, unless the title's last words take two ("between the upper gauge | and the lower
gauge"). Captions made here."""

from __future__ import annotations

import pytest

from apps.decks.pipeline.paper import Figure, Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review.registry import SLIDE_RULES, SlideContext
from apps.decks.pipeline.slide_deck import Slide
from apps.decks.pipeline.title_defects import caption_cut, completed_from_caption

OWLS = "Seasonal counts of the larger owls of the northern forest and the rodents they prey on."
SMITH = (
    "Ranking of the plots following the protocol of Varga and Okafor (2011) with the new weights."
)
GAUGES = "Distance between the upper gauge and the lower gauge over the flood season."
LEVELS = "Mean nitrate levels of the three wells and associated confidence intervals."


@pytest.mark.parametrize(
    ("title", "caption", "completed"),
    [
        (
            "Seasonal counts of the larger owls",
            OWLS,
            "Seasonal counts of the larger owls of the northern forest",
        ),
        (
            "Ranking of the plots following the protocol",
            SMITH,
            "Ranking of the plots following the protocol of Varga and Okafor",
        ),
    ],
)
def test_a_caption_cut_before_its_of_phrase_is_a_cut_and_is_completed_to_the_phrase_end(
    title, caption, completed
):
    assert caption_cut(title, caption)
    assert completed_from_caption(title, caption) == completed
    assert caption_cut(completed, caption) is None


@pytest.mark.parametrize(
    ("title", "caption", "cut"),
    [
        ("Seasonal counts of the larger owls of the northern forest", OWLS, False),
        ("Mean nitrate levels of the three wells", LEVELS, False),
        ("Distance between the upper gauge", GAUGES, True),  # "between" takes two members
    ],
)
def test_a_further_member_after_and_leaves_the_title_whole_unless_it_takes_two(title, caption, cut):
    assert bool(caption_cut(title, caption)) is cut


def test_the_reviewer_finds_the_cut_and_the_fixer_completes_it_from_the_caption():
    figure = Figure(
        id="fig-1",
        kind="figure",
        number=1,
        label="Figure 1",
        caption=OWLS,
        page=2,
        bbox=(50, 100, 550, 400),
        image="fig-1.png",
        width_px=1200,
        height_px=700,
        section="Counts",
    )
    paper = Paper(
        title="Owls of the north",
        pages=3,
        source_name="o.pdf",
        authors=["Ada Lindqvist"],
        sections=[Section(title="Counts", level=1, paragraphs=["We counted owls each season."])],
        figures=[figure],
    )
    slide = Slide(kind="figure", title="Seasonal counts of the larger owls", figure="fig-1")
    deck = deck_of(paper, [Slide(kind="title", title=paper.title), slide])
    context = SlideContext(2, slide, SlideMeasure(slide=2), deck, paper)
    found = [i for rule in SLIDE_RULES for i in rule(context) if i.type == "title_fragment"]
    assert len(found) == 1
    fixed = deck_repair(BuiltinProposer(), paper, deck, found).deck.slides[1]
    assert fixed.title == "Seasonal counts of the larger owls of the northern forest"


def test_a_title_that_dropped_a_remark_and_was_cut_before_a_further_time_is_completed():
    caption = "Nitrate (mg/l) in the wells before the storm and immediately after the storm."
    title = "Nitrate in the wells before the storm"  # the remark dropped, as titles drop it
    assert caption_cut(title, caption)
    assert (
        completed_from_caption(title, caption)
        == "Nitrate in the wells before the storm and immediately after the storm"
    )
