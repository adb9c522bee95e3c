"""A title of one plain word that names no subject (issue #14, round 19): a bullet's first word
("Below"), a fallback ("Paper", "Summary"). It is none of the paper's headings, no figure's whole
caption and no name the paper writes with its capital ("the Sorter sends …"), over a slide that
plays no storyline part ("Motivation", "Conclusions"). The reviewer reports `title_generic` with
the heading of the part the bullets come from, the fixer retitles the slide so, and the loop
never retitles to such a word. On a paper and slides made up here."""

from __future__ import annotations

import pytest

from apps.decks.pipeline import title_quality
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review import text_rules
from apps.decks.pipeline.review.registry import SlideContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks import factories

RESAMPLING = (
    "Below is an example of resampling the fitted growth curve with two hundred draws. The "
    "resampled slopes vary by less than four percent across the draws. As shown below, the "
    "Sorter sends each draw to its own worker."
)
BULLETS = [
    "Below is an example of resampling the fitted growth curve with two hundred draws",
    "The resampled slopes vary by less than four percent across the draws",
]


def _paper() -> Paper:
    return Paper(
        title="Resampling growth curves of seedlings",
        pages=5,
        source_name="seedlings.pdf",
        authors=["Ines Varga"],
        sections=[
            Section(number="2", title="Hardware", paragraphs=["The runs used one machine."]),
            Section(number="3", title="Resampling the growth curve", paragraphs=[RESAMPLING]),
        ],
        figures=[factories.figure(1, "Traces.", page=3, section="Hardware")],
    )


def _slide(title: str, role: str = "result") -> Slide:
    return Slide(kind="bullets", title=title, bullets=BULLETS, role=role)


def _deck(paper: Paper, slide: Slide) -> SlideDeck:
    return SlideDeck(title=paper.title, slides=[Slide(kind="title", title=paper.title), slide])


def _findings(paper: Paper, slide: Slide):
    context = SlideContext(2, slide, SlideMeasure(slide=2), _deck(paper, slide), paper)
    return list(text_rules.generic_title(context))


@pytest.mark.parametrize(
    ("title", "role", "lone"),
    [
        ("Below", "result", True),
        ("Paper", "result", True),
        ("Below (continued)", "result", True),
        ("Hardware", "result", False),  # the paper's own heading
        ("Traces", "result", False),  # a figure's whole caption
        ("Sorter", "result", False),  # a name the paper writes with its capital
        ("Motivation", "motivation", False),  # the storyline's part
        ("GPU", "result", False),  # an acronym names a thing
        ("Resampling draws", "result", False),  # two words name a subject
    ],
)
def test_one_plain_word_no_heading_or_name_of_the_paper_names_no_subject(title, role, lone):
    assert title_quality.lone_word(title, _slide(title, role), _paper()) is lone


def test_the_reviewer_names_the_bullets_part_and_the_fixer_retitles_the_slide_with_it():
    paper = _paper()
    slide = _slide("Below")
    found = _findings(paper, slide)
    assert [(i.type, i.evidence["part"]) for i in found] == [
        ("title_generic", "Resampling the growth curve")
    ]
    fixed = deck_repair(BuiltinProposer(), paper, _deck(paper, slide), found).deck.slides[1]
    assert fixed.title == "Resampling the growth curve"
    assert _findings(paper, fixed) == []


def test_a_retitle_to_one_word_that_names_no_subject_is_a_title_defect_for_the_loop():
    paper = _paper()
    assert "title_generic" in title_quality.all_problems("Below", _slide("Below"), paper)
    assert "title_generic" not in title_quality.all_problems("Hardware", _slide("Hardware"), paper)
