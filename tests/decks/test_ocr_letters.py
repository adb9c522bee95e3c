"""Words an OCR misread, read against the paper's own other pages: reported and replaced."""

from __future__ import annotations

import pytest

from apps.decks.pipeline.ocr_letters import misread_word, paper_counts
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review.registry import SLIDE_RULES, SlideContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

PARAGRAPHS = [
    "The survey counted moths at dawn on each of the farms. The pattern of the counts "
    "followed the weather of the night. A warm night gave a pattern of high counts.",
    "Each trap of the survey was emptied at dawn. Most of the moths were counted alive and "
    "let go. The pattern held on each of the farms, and the traps were moved once. The "
    "count of the moths was simple, and the count of the beetles was simple also.",
    "The model of the counts uses the temperature. We wrote the code as a function "
    "trapCount that returns the counts, and trapCount is called once for each night. "
    "Preprints were posted to arXiv and the data to arXiv too.",
]
COUNTS = paper_counts(PARAGRAPHS)


@pytest.mark.parametrize(
    "bullet, part",
    [
        ("The counts were simpIe to model from the weather", "simpIe"),  # I for l
        ("The traps were c0unted at dawn on each farm", "c0unted"),  # 0 for o
        ("The moths were a1so counted at the field edge", "a1so"),  # 1 for l
        ("The survey ran from 2O16 to the next spring", "2O16"),  # O for 0 in a number
        ("The pattem of the counts followed the weather", "pattem"),  # rn read as m
        ("Most moths were counted ofthe farms with hedges", "ofthe"),  # two words glued
    ],
)
def test_a_misread_word_is_found(bullet, part):
    assert misread_word(bullet, COUNTS) == part


@pytest.mark.parametrize(
    "bullet",
    [
        "The pattern of the counts followed the weather of the night",
        "The function trapCount returns the counts of one night",  # a name the paper repeats
        "The preprint is on arXiv with its data",
        "Counts in 2016 were higher than in any year before",
        "The kDa and pH of the samples were measured once",  # a capital after one letter
        "See https://example.org/moth_counts.csv for the counts",
    ],
)
def test_a_word_the_paper_writes_so_or_a_plain_one_is_not(bullet):
    assert misread_word(bullet, COUNTS) is None


def _review(slide: Slide, paper: Paper):
    deck = SlideDeck(title="Moths", slides=[slide])
    context = SlideContext(1, slide, SlideMeasure(slide=1), deck, paper)
    return [i for rule in SLIDE_RULES for i in rule(context) if i.type == "misread_letters"]


def test_the_reviewer_reports_a_misread_bullet_and_caption_with_the_paper_read():
    paper = Paper(
        title="Moth counts",
        pages=3,
        source_name="moths.pdf",
        sections=[Section(title="Survey", paragraphs=PARAGRAPHS)],
    )
    good = "The pattern of the counts followed the weather of the night"
    slide = Slide(
        kind="bullets",
        title="Survey",
        bullets=[good, "A warm night gave a pattem of high counts"],
    )
    found = _review(slide, paper)
    assert [(i.evidence["where"], i.evidence["index"], i.evidence["part"]) for i in found] == [
        ("bullet", 1, "pattem")
    ]
    assert _review(slide.model_copy(update={"bullets": [good]}), paper) == []


def test_a_misread_caption_is_reported_as_the_caption():
    paper = Paper(
        title="Moth counts",
        pages=3,
        source_name="moths.pdf",
        sections=[Section(title="Survey", paragraphs=PARAGRAPHS)],
    )
    slide = Slide(
        kind="figure",
        title="Counts",
        figure="fig-1",
        caption="Moths c0unted per night at each farm",
        bullets=["The pattern of the counts followed the weather of the night"],
    )
    found = _review(slide, paper)
    assert [(i.evidence["where"], i.evidence["part"]) for i in found] == [("caption", "c0unted")]
