"""The text announcing what it does next ("Now, we describe the main stages …") is boilerplate,
not a point: no bullet is drafted from it, and a bullet that is one without its "Now," (which
reads as a statement of the subject) is found with the paper's sentence and replaced. An aim
("We describe a sorter that …") and a finding ("Here we show that …") stay."""

from __future__ import annotations

import pytest

from apps.decks.pipeline import defects
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose import bullets
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.review import review
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_review_rules import measure

ANNOUNCEMENTS = [
    "Now, we describe the main stages that are run when a batch is loaded.",
    "Next, we discuss the three rules that decide when a cache line is evicted.",
    "We now turn to the calibration of the rain gauges.",
    "In what follows, we briefly outline the sampling of the plots.",
    "We then review the records that the survey kept for each household.",
]
SOUND = [
    "We describe a sorter that reads one terabyte of records in an hour.",
    "Here we show that the cache halves the run time of the loader.",
    "Next, the loader reads the index file and checks every entry.",
    "We present a new method for sorting records that do not fit in memory.",
    "Finally, the gauges were calibrated against the reference station.",
]


@pytest.mark.parametrize("sentence", ANNOUNCEMENTS)
def test_an_announcement_is_found_and_no_bullet(sentence):
    assert defects.text_defects(sentence)[0][0] == "meta_text"
    assert bullets.rewrite(sentence) is None


@pytest.mark.parametrize("sentence", SOUND)
def test_an_aim_a_finding_or_a_step_is_no_announcement(sentence):
    assert "meta_text" not in dict(defects.text_defects(sentence))


def test_a_bullet_whose_paper_sentence_announces_is_found_and_replaced():
    paragraph = (
        "The loader keeps one index per batch. "
        "Now, we describe the main stages that are run when a batch is loaded. "
        "Every stage writes its output to a new file. "
        "A failed stage is run again from its input file."
    )
    paper = Paper(
        title="Loading batches",
        sections=[Section(title="Loading", paragraphs=[paragraph])],
        pages=1,
        source_name="paper.pdf",
    )
    bare = "We describe the main stages that are run when a batch is loaded"
    slide = Slide(
        kind="bullets",
        title="Loading",
        bullets=["The loader keeps one index per batch", bare],
        notes=paragraph,
    )
    deck = deck_of(paper, [Slide(kind="title", title=paper.title), slide])
    issues = review(deck, [measure(slide=1), measure(slide=2)], paper)
    found = [i for i in issues if i.type == "meta_text"]
    assert [i.evidence["index"] for i in found] == [1]
    after = deck_repair(BuiltinProposer(), paper, deck, issues).deck.slides[1].bullets
    assert bare not in after
    assert "The loader keeps one index per batch" in after
