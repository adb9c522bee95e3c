"""A title cut before the complement its last word needs (issue #14, round 19): "Soil moisture
profiles starting" of "… starting from the wettest plot", "Nitrate uptake consistent" of "…
consistent with the field trials". The title reads whole and says half. Whether the last word
is such a modifier is read from the paper: a word it uses as a noun ("the training.",
"intervals") ends a title as a noun does. The reviewer finds the cut, the fixer completes the
title from the caption, the loop never retitles to a cut one, and a caption's title is never
made so. On a paper and slides made up here."""

from __future__ import annotations

import pytest

from apps.decks.pipeline import complement_cuts, title_quality
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.captions import figure_title
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review.registry import SLIDE_RULES, SlideContext
from apps.decks.pipeline.slide_deck import Slide
from tests.decks import factories

PROFILES = "Soil moisture profiles starting from the wettest plot, for the three seasons."
UPTAKE = "Nitrate uptake consistent with the field trials of the previous decade."
RUNNING = (
    "The model training took two hours on one machine. After the training, the weights were "
    "stored. Each interval is one week long, and the intervals do not overlap. The crop is "
    "sensitive to drought; young plants are sensitive, old ones less so. The yields are "
    "consistent with the trials. Training on the dry plots follows the same protocol."
)


def _paper() -> Paper:
    return Paper(
        title="Moisture and nitrate in irrigated plots",
        pages=4,
        source_name="plots.pdf",
        authors=["Ines Varga"],
        sections=[Section(number="2", title="Plots", paragraphs=[RUNNING])],
        figures=[
            factories.figure(1, PROFILES, page=2, section="Plots"),
            factories.figure(2, UPTAKE, page=3, section="Plots"),
        ],
    )


@pytest.mark.parametrize(
    ("title", "cut"),
    [
        ("Soil moisture profiles starting", "starting from"),  # a participle
        ("Nitrate uptake consistent", "consistent with"),  # an adjective after its noun
        ("Soil moisture profiles starting from the wettest plot", None),
        ("Nitrate uptake consistent with the field trials", None),
        ("Soil moisture profiles", None),  # a noun's phrase may end before a preposition
        ("The model training", None),  # the paper writes "After the training,": a noun
        # a predicate stands when the paper ends one on its word ("… are sensitive, …"), and
        # needs its complement when the paper never does ("are consistent | with the trials")
        ("The crop is sensitive", None),
        ("The yields are consistent", "consistent with"),
    ],
)
def test_a_title_cut_before_its_last_words_complement_is_found_by_reading_the_paper(title, cut):
    assert complement_cuts.complement_cut(title, _paper()) == cut


def test_a_word_the_paper_uses_as_a_noun_ends_a_title_and_one_it_never_does_not():
    paper = _paper()
    evidence = complement_cuts.paper_evidence(paper)
    assert complement_cuts.used_as_noun("training", evidence)  # "After the training,"
    assert complement_cuts.used_as_noun("interval", evidence)  # "the intervals"
    assert not complement_cuts.used_as_noun("consistent", evidence)
    # without the paper's word, the same cut of "Interval" stands: "Interval" is a noun there
    other = paper.model_copy(update={"sections": []})
    assert complement_cuts.needs_complement("Weekly interval", " for the plots", None) is None
    assert complement_cuts.needs_complement(
        "Weekly totals starting", " from May", complement_cuts.paper_evidence(other)
    )


def test_the_cut_is_completed_from_the_caption_to_its_clauses_end():
    paper = _paper()
    assert (
        complement_cuts.completed("Soil moisture profiles starting", paper)
        == "Soil moisture profiles starting from the wettest plot"
    )
    assert (
        complement_cuts.completed("Nitrate uptake consistent", paper)
        == "Nitrate uptake consistent with the field trials of the previous decade"
    )


def test_the_reviewer_finds_the_cut_and_the_fixer_retitles_the_slide_with_the_whole_phrase():
    paper = _paper()
    slide = Slide(kind="figure", title="Nitrate uptake consistent", figure="fig-2")
    deck = deck_of(paper, [Slide(kind="title", title=paper.title), slide])
    context = SlideContext(2, slide, SlideMeasure(slide=2), deck, paper)
    found = [i for rule in SLIDE_RULES for i in rule(context) if i.type == "title_fragment"]
    assert [i.evidence.get("part") for i in found] == ["consistent with"]
    fixed = deck_repair(BuiltinProposer(), paper, deck, found).deck.slides[1]
    assert fixed.title == "Nitrate uptake consistent with the field trials of the previous decade"


def test_a_retitle_to_a_cut_title_counts_as_a_title_defect_for_the_loop():
    paper = _paper()
    slide = Slide(kind="figure", title="Soil moisture profiles starting", figure="fig-1")
    assert "title_fragment" in title_quality.all_problems(slide.title, slide, paper)
    whole = "Soil moisture profiles starting from the wettest plot"
    assert "title_fragment" not in title_quality.all_problems(whole, slide, paper)


def test_a_captions_title_is_never_cut_after_a_participle():
    figure = factories.figure(
        1, "Leaf area measured for each of the twelve plots over the two growing seasons."
    )
    title = figure_title(figure, words=5)
    assert not title.endswith("measured"), title
    assert complement_cuts.needs_complement(title, "", None) is None


def test_a_fallback_title_is_retitled_with_the_captions_whole_phrase_never_its_cut_head():
    caption = (
        "Nitrate uptake of the three maize varieties consistent with the earlier field trials "
        "and with the greenhouse runs of both seasons, for each of the four plots."
    )
    paper = _paper().model_copy(
        update={"figures": [factories.figure(1, caption, page=2, section="Plots")]}
    )
    # the caption alone does not tell "consistent" from a noun: its title is cut there
    assert figure_title(paper.figures[0], words=8).endswith("consistent")
    slide = Slide(kind="figure", title="Figure", figure="fig-1")
    deck = deck_of(paper, [Slide(kind="title", title=paper.title), slide])
    context = SlideContext(2, slide, SlideMeasure(slide=2), deck, paper)
    found = [i for rule in SLIDE_RULES for i in rule(context) if i.type == "title_fragment"]
    assert found
    fixed = deck_repair(BuiltinProposer(), paper, deck, found).deck.slides[1]
    assert fixed.title == (
        "Nitrate uptake of the three maize varieties consistent with the earlier field trials"
    )


def test_a_title_that_left_a_phrase_out_of_its_middle_is_matched_by_its_ends():
    caption = (
        "Evidence that the residuals of the weekly nitrate balance versus depth are consistent "
        "with a leaching front. The thick curve is the best fit."
    )
    paper = _paper().model_copy(update={"figures": [factories.figure(1, caption, page=2)]})
    title = "Evidence that the residuals versus depth are consistent"
    assert complement_cuts.complement_cut(title, paper) == "consistent with"
    assert (
        complement_cuts.completed(title, paper)
        == "Evidence that the residuals versus depth are consistent with a leaching front"
    )
