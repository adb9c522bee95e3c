"""Sentences cut or glued on their way from the PDF (pipeline/cut_sentences.py): a citation's
remains before the subject, two sentences glued where a display was dropped, a footnote mark or
a figure's label glued after the last word, and a notation in parentheses removed as an aside."""

from __future__ import annotations

import pytest

from apps.decks.pipeline import cut_sentences, defects, text
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose import bullets
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.review.registry import SLIDE_RULES, SlideContext
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_review_rules import measure

# ------------------------------------------------------------------ a citation's remains


@pytest.mark.parametrize(
    ("bullet", "part"),
    [
        ("Huang we see that the tide gauges drift by a few millimetres a year", "Huang"),
        ("Park, the gauge records are corrected for the settling of the piers", "Park"),
        ("Extensions we focus on the basic classes of tide models", "Extensions"),
        ("Okafor et al. we find a seasonal cycle in every coastal record", "Okafor et al."),
    ],
)
def test_a_citations_remains_before_the_subject_are_a_lost_opening(bullet, part):
    assert cut_sentences.cut_opening(bullet) == part
    assert ("lost_opening", part) in defects.text_defects(bullet)
    assert bullets.rewrite(bullet) is None  # what it cited is gone: another sentence is used


def test_a_connector_dropped_before_its_noun_leaves_no_cut_opening():
    # "In the following" is a connector before a comma; before its noun it is the subject's
    # phrase, and dropping it leaves "Experiments we …" (the loop's repair: fix, then rewrite)
    sentence = "In the following experiments we compare the surge heights of the two coasts"
    dropped = bullets.fix("dangling_connector", sentence)
    assert dropped is None or bullets.rewrite(dropped, max_words=32) is None


@pytest.mark.parametrize(
    "bullet",
    [
        "Here we see that the tide gauges drift by a few millimetres a year",
        "Currently, the gauge records are corrected for the settling of the piers",
        "Interestingly, we find a seasonal cycle in every coastal record",
        "Since we correct each record, the drift vanishes from the series",
        "Together, the two corrections remove most of the drift",
        "Today, the gauges report every six minutes",
        "Fit the model to the records of each station",
        "Step I deals with the cleaning of the records",
    ],
)
def test_an_opener_before_the_subject_is_no_cut(bullet):
    assert cut_sentences.cut_opening(bullet) is None


# ------------------------------------------------------ glued across a dropped display


@pytest.mark.parametrize(
    ("bullet", "part", "repaired"),
    [
        (
            "Since $x > 0$ the update becomes The `fit` function implements the corrected step",
            "becomes The",
            "The `fit` function implements the corrected step",  # the second sentence, whole
        ),
        # the second leans on what the first said: neither half stands, the bullet goes
        ("The variance of the drift is given by We now turn to its mean", "by We", None),
        ("The probability of a surge is defined as It is obvious that it grows", "as It", None),
    ],
)
def test_two_sentences_glued_across_a_dropped_display_are_a_broken_sentence(bullet, part, repaired):
    assert cut_sentences.glued_across_display(bullet) == part
    assert ("broken_sentence", part) in defects.text_defects(bullet)
    assert bullets.rewrite(bullet) == repaired


@pytest.mark.parametrize(
    "bullet",
    [
        "The method is described in the book The Art of Tide Prediction by its author",
        "The update becomes stable. The fit function implements the corrected step",
        "The gauges of the northern coast report hourly, while the others report daily",
    ],
)
def test_a_capital_after_a_stop_or_a_title_in_capitals_is_no_glue(bullet):
    assert cut_sentences.glued_across_display(bullet) is None


# ------------------------------------------------------- a mark glued after the last word


@pytest.mark.parametrize(
    ("bullet", "repaired"),
    [
        (
            "Surges lasted longer at 6 of the 9 largest stations 3",
            "Surges lasted longer at 6 of the 9 largest stations",
        ),
        (
            "The largest storms came with a spring tide 3",
            "The largest storms came with a spring tide",
        ),
        ("The surge heights were plotted as(b)", "The surge heights were plotted as"),
        ("The drift differs for the two groups 2", "The drift differs for the two groups"),
        (
            "The gauges handle levels outside the usual range 7.",
            "The gauges handle levels outside the usual range",
        ),
    ],
)
def test_a_mark_glued_after_the_last_word_is_stripped(bullet, repaired):
    assert cut_sentences.trailing_mark(bullet)
    assert "stray_glyph" in dict(defects.text_defects(bullet))
    assert bullets.rewrite(bullet) == repaired


@pytest.mark.parametrize(
    "bullet",
    [
        "The drift is a group effect within measurement point 2",
        "Perform the contour tracking and then apply Rule 1",
        "For a calm day we simply reset the surge variable to 0",
        "The number of gauges with a drift equals 2",
        "The level of the tide is given by exp(c).",
        "The drift was largest in the first two years",
        "The number of clusters of the model equals 2",
        "The gauges were moved in the second step 2",
        "Surges of the storms were counted 3",
        "After the storm the ratio became 2",
        "The count of surges per year is exactly 2",
    ],
)
def test_a_number_the_sentence_names_is_no_mark(bullet):
    assert cut_sentences.trailing_mark(bullet) is None


# ------------------------------------------------- a notation in parentheses is no aside


def test_a_parenthesis_glued_to_the_word_after_it_is_kept():
    sentence = "We grew p-type (1 0 0)-oriented silicon wafers (from one supplier) for the gauges"
    assert text.without_asides(sentence) == (
        "We grew p-type (1 0 0)-oriented silicon wafers for the gauges"
    )
    assert "(100)-oriented" in text.without_asides("A (100)-oriented film (see below) grew")


@pytest.mark.parametrize(
    "bullet",
    [
        "Both charts line up when their and points coincide on the page",
        "Each gauge reports its, and the station keeps the record",
    ],
)
def test_a_possessive_that_lost_its_noun_is_a_broken_sentence(bullet):
    assert "broken_sentence" in dict(defects.text_defects(bullet))


@pytest.mark.parametrize(
    "bullet",
    [
        "Both charts line up when their origins and corners coincide on the page",
        "We told her and the other gauge keepers about the drift",
        "The station and its gauges report hourly",
    ],
)
def test_a_possessive_with_its_noun_is_whole(bullet):
    assert cut_sentences.possessive_hole(bullet) is None


def test_crystal_plane_indices_are_no_aside():
    sentence = "Films grow fastest on Si (1 1 0) wafers of the gauges (as expected)"
    assert text.without_asides(sentence) == "Films grow fastest on Si (1 1 0) wafers of the gauges"


@pytest.mark.parametrize(
    ("sentence", "kept"),
    [
        # a one-word hedge reads as plain words once its brackets go
        (
            "With these two functions we can build (almost) every other list operation.",
            "almost every",
        ),
        ("The keepers light (nearly) all the lamps of the coast before dusk.", "nearly all"),
        # a bound or an exception stays as written
        ("The filter keeps the gauges steady (at least for calm seas) over a week.", "(at least"),
        ("The beam turns (except during storms) once every ten seconds.", "(except during storms)"),
        ("The keepers (not the owners) light the lamps at dusk.", "(not the owners)"),
    ],
)
def test_an_aside_that_hedges_the_claim_is_kept(sentence, kept):
    """Dropping "(almost)" made a bullet claim more than its paper (a WRONG statement seen on an
    unseen paper); asides that only comment are still dropped."""
    assert kept in text.without_asides(sentence)


def test_an_aside_that_only_comments_or_points_is_still_dropped():
    assert text.without_asides("The lamps burn for a week (as expected) at the coast.") == (
        "The lamps burn for a week at the coast."
    )
    assert text.without_asides("The lamp (but see Section 3) burns oil.") == "The lamp burns oil."


# ---------------------------------------------------------------------- through the proposer

STORM_PAPER = Paper(
    title="Storm surges at the coastal gauges",
    sections=[
        Section(
            title="Introduction",
            paragraphs=[
                "Storm surges raise the sea level at the coast for hours. "
                "Huang we see that the surges of the northern coast last longer than elsewhere. "
                "The gauges record the sea level every six minutes at each of the stations.",
                "The surge height of a storm is given by We now turn to the duration of a surge. "
                "Long surges flood the low parts of the harbours more often than short ones.",
            ],
        ),
        Section(
            title="Results",
            paragraphs=[
                "The surge heights grew by a third over the thirty years of the records. "
                "We found that 6 of the 9 largest storms came with a spring tide 3",
                "Surges at the northern gauges lasted twice as long as at the southern ones. "
                "The harbour walls were raised after the largest of the recorded storms.",
            ],
        ),
    ],
    pages=6,
    source_name="storms.pdf",
)


def test_the_deck_shows_no_cut_or_glued_sentence_and_repairs_the_mark():
    deck = BuiltinProposer().propose(STORM_PAPER)
    shown = [b for s in deck.slides if s.kind != "title" for b in s.bullets]
    assert shown
    assert not [b for b in shown if b.startswith("Huang")], shown
    assert not [b for b in shown if "given by We" in b], shown
    assert not [b for b in shown if b.rstrip(". ").endswith("tide 3")], shown


# ------------------------------------------------- the loop restores a cut from the paper

CITED_PAPER = Paper(
    title="Drift of the coastal tide gauges",
    sections=[
        Section(
            title="Drift",
            paragraphs=[
                "Tide gauges sink slowly with the piers they stand on. "
                "Following Lee and Huang [12] we see that the gauges drift by a few millimetres "
                "a year. The drift is removed from the records before any trend is fitted.",
            ],
        ),
    ],
    pages=3,
    source_name="drift.pdf",
)


def test_the_loop_restores_a_citations_remains_from_the_papers_sentence():
    cut = "Huang we see that the gauges drift by a few millimetres a year"
    slide = Slide(
        kind="bullets",
        title="Drift",
        bullets=[cut, "The drift is removed from the records before any trend is fitted"],
    )
    deck = deck_of(CITED_PAPER, [Slide(kind="title", title=CITED_PAPER.title), slide])
    context = SlideContext(2, deck.slides[1], measure(slide=2), deck, CITED_PAPER)
    issues = [i for rule in SLIDE_RULES for i in rule(context) if i.type == "lost_opening"]
    assert [i.evidence["part"] for i in issues] == ["Huang"]

    revised = deck_repair(BuiltinProposer(), CITED_PAPER, deck, issues).deck
    assert revised.slides[1].bullets[0] == (
        "Following Lee and Huang we see that the gauges drift by a few millimetres a year"
    )


def test_a_cut_the_paper_has_too_is_not_restored():
    source = bullets.Source(sentence="Huang we see that the gauges drift by a few millimetres.")
    assert (
        bullets.restore_opening("Huang we see that the gauges drift by a few millimetres", source)
        is None
    )
    other = bullets.Source(sentence="The gauges drift by a few millimetres a year.")
    assert bullets.restore_opening("Huang we see that the gauges drift", other) is None


# ------------------------------------------ a sentence cut where the PDF's line ended


@pytest.mark.parametrize(
    ("bullet", "part"),
    [
        ("We weigh the costs and the benefits of the three", "of the three"),
        ("Gauges were compared on the accuracy of their two", "of their two"),
        ("The surge model improves the forecasts for these two", "for these two"),
        ("The same correction is applied to the records of the proposed", "of the proposed"),
    ],
)
def test_a_sentence_ending_on_a_count_without_its_noun_is_cut(bullet, part):
    assert cut_sentences.cut_ending(bullet) == part
    assert ("broken_sentence", part) in defects.text_defects(bullet)


@pytest.mark.parametrize(
    "bullet",
    [
        "The harmonic model is the better of the two",
        "The northern gauge drifted the fastest of the three",
        "A correction is applied to each of the three",
        "The gauges were corrected with the first of the three",
        "The surge model improves the forecasts for all five",
        "Both surge models are introduced in the following",
        "The weaknesses of the three gauges are listed",
    ],
)
def test_a_count_the_sentence_makes_its_noun_is_whole(bullet):
    assert cut_sentences.cut_ending(bullet) is None


GAUGES_PAPER = Paper(
    title="Three ways to correct the drift of tide gauges",
    sections=[
        Section(
            title="Introduction",
            paragraphs=[
                "Tide gauges sink slowly with the piers they stand on. "
                "We compare the accuracy and the cost of the three correction methods. "
                "The drift is removed from the records before any trend is fitted.",
            ],
        ),
    ],
    pages=3,
    source_name="gauges.pdf",
)


def test_the_loop_restores_a_cut_ending_from_the_papers_sentence():
    cut = "We compare the accuracy and the cost of the three"
    slide = Slide(
        kind="bullets",
        title="Drift corrections",
        bullets=[cut, "The drift is removed from the records before any trend is fitted"],
    )
    deck = deck_of(GAUGES_PAPER, [Slide(kind="title", title=GAUGES_PAPER.title), slide])
    context = SlideContext(2, deck.slides[1], measure(slide=2), deck, GAUGES_PAPER)
    issues = [i for rule in SLIDE_RULES for i in rule(context) if i.type == "broken_sentence"]
    assert [i.evidence["part"] for i in issues] == ["of the three"]

    revised = deck_repair(BuiltinProposer(), GAUGES_PAPER, deck, issues).deck
    assert revised.slides[1].bullets[0] == (
        "We compare the accuracy and the cost of the three correction methods"
    )


def test_a_cut_ending_the_paper_has_too_is_not_restored():
    source = bullets.Source(sentence="We compare the accuracy and the cost of the three")
    assert (
        bullets.restore_ending("We compare the accuracy and the cost of the three", source) is None
    )
    assert (
        bullets.fix("broken_sentence", "We compare the accuracy and the cost of the three") is None
    )


def test_a_sentence_ending_on_a_count_without_its_noun_is_no_bullet():
    # valid_bullet is what shortening (text.shorten at a clause boundary) and condensing accept
    assert not text.valid_bullet("We weigh the costs and the benefits of the three", 28)
    assert text.valid_bullet("We weigh the costs and the benefits of the three methods", 28)


# ------------------------------------------------- a list cut from its lead-in


@pytest.mark.parametrize(
    "bullet",
    [
        "The surge model is fitted in a three-step approach: First, the tide is removed",
        "The gauges were checked for two reasons: first, the piers had settled",
        "The correction has three parts: firstly, the drift of the sensor over the years",
    ],
)
def test_a_lead_in_with_only_its_first_step_is_a_cut_list(bullet):
    assert cut_sentences.cut_list(bullet)
    assert "broken_sentence" in [kind for kind, _ in defects.text_defects(bullet)]
    assert bullets.rewrite(bullet) is None  # the other steps are elsewhere: another sentence


@pytest.mark.parametrize(
    "bullet",
    [
        "The model is fitted in two steps: first the tide is removed, then the surges are fitted",
        "The correction has three parts: (1) the drift, (2) the settling and (3) the tilt",
        "A three-step approach removes the tide before the surges are fitted",
        "The statistic has six elements: three models for each of the two coasts",
    ],
)
def test_a_lead_in_with_its_whole_list_or_an_explanation_is_whole(bullet):
    assert cut_sentences.cut_list(bullet) is None


# ------------------------------ a paragraph that stops where the PDF's line or page ended

UNFINISHED_PAPER = Paper(
    title="Surges at two coasts",
    abstract=(
        "Storm surges raise the sea level at the coast for hours. We compare the surge "
        "heights at the northern gauges with those at the southern"
    ),
    sections=[
        Section(
            title="Gauges",
            paragraphs=[
                "The gauges record the sea level every six minutes at each of the stations.",
                "Nodrift: Skips the correction of the slow sinking of the piers",
            ],
        )
    ],
    pages=3,
    source_name="coasts.pdf",
)


def _broken(bullet: str) -> list[str]:
    slide = Slide(kind="bullets", title="Surges", bullets=[bullet])
    deck = deck_of(UNFINISHED_PAPER, [Slide(kind="title", title="Surges"), slide])
    context = SlideContext(2, deck.slides[1], measure(slide=2), deck, UNFINISHED_PAPER)
    return [i.type for rule in SLIDE_RULES for i in rule(context) if i.type == "broken_sentence"]


def test_a_sentence_whose_paragraph_stops_without_a_stop_is_broken():
    # "southern" ends no sentence by its shape; the paper's paragraph (here the abstract) tells
    # the cut: it stops on a plain word with no full stop
    bullet = "We compare the surge heights at the northern gauges with those at the southern"
    assert defects.text_defects(bullet) == []
    assert _broken(bullet) == ["broken_sentence"]


def test_a_whole_sentence_or_a_definition_item_is_not_broken():
    assert (
        _broken("The gauges record the sea level every six minutes at each of the stations") == []
    )
    assert _broken("Nodrift: Skips the correction of the slow sinking of the piers") == []


def test_the_proposer_never_chooses_a_paragraphs_unfinished_last_sentence():
    paragraphs = [UNFINISHED_PAPER.abstract]
    chosen = text.key_sentences(paragraphs, text.Scorer(paragraphs), 3)
    assert chosen == ["Storm surges raise the sea level at the coast for hours"]
