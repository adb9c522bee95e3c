"""Reviewer recall on the small defect classes (issue #14, round 23), on sentences written for
these tests (every place, instrument and number invented):

- a cross-reference LaTeX could not resolve ("found in equation ??", "see Section ??") points
  at nothing a slide can show: `dangling_pointer`, repaired by taking the pointer out (or the
  sentence); an unresolved citation ("[?]") is left out of a bullet like any citation;
- a title ending on a dash whose second part was lost ("Matches and pacing –"), the paper's
  own heading too, is a `title_fragment`, retitled with the words before the dash;
- a bullet opening on the word that brings in the example of a dropped opening ("Say, 2 cm,
  in practice …") is a `broken_opening` (the measured-findings repair made one on a dev deck).
"""

from __future__ import annotations

import pytest

from apps.decks.pipeline import cut_points, defects, text, title_defects
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose import bullets
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.review.registry import SLIDE_RULES, SlideContext
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_review_rules import measure

CONCESSION = (
    "Although it may seem natural to set the gauge spacing to the width of one furrow, say, "
    "2 cm, in practice a wider spacing gives steadier readings on clay soils."
)
DRAFT = Paper(
    title="Rain gauges on terraced fields",
    sections=[
        Section(
            title="Gauges and furrows",
            paragraphs=[
                "Each terrace carries a row of tipping-bucket gauges along its outer wall. "
                "The gauges report every five minutes to a logger in the valley.",
                "The runoff of a terrace was derived earlier in equation ?? from the slope "
                "of its wall. The loggers keep a year of readings in their memory.",
                "The gauges on the upper terraces read high, as shown in Section ??, because "
                "the wind drives the rain against the walls.",
                f"{CONCESSION} The readings were checked by hand once a month.",
            ],
        ),
        Section(
            title="Matches and pacing –",
            paragraphs=[
                "The farmers open the sluices in turn so that each terrace drains before the "
                "next one fills. A terrace that drains late floods the one below it."
            ],
        ),
    ],
    pages=3,
    source_name="terraces.pdf",
)


def _review(paper: Paper, slide: Slide, types: set[str]):
    deck = deck_of(paper, [Slide(kind="title", title=paper.title), slide])
    context = SlideContext(2, deck.slides[1], measure(slide=2), deck, paper)
    return deck, [i for rule in SLIDE_RULES for i in rule(context) if i.type in types]


# ------------------------------------------------------------------ unresolved references


@pytest.mark.parametrize(
    ("sentence", "part"),
    [
        ("The runoff was derived earlier in equation ?? from the slope of the wall", "equation ??"),
        ("The gauges read high, as shown in Section ??, on the upper terraces", "Section ??"),
        ("The wall height is listed in Table?? for every terrace", "Table??"),
        ("The spacing follows from ?? and the width of the furrow", "??"),
    ],
)
def test_a_reference_latex_could_not_resolve_is_a_dangling_pointer(sentence, part):
    assert ("dangling_pointer", part) in defects.text_defects(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "In C# the logger writes `reading ?? fallback` when a gauge is silent",
        "The gauges read high on the upper terraces, as shown in Section 3",
    ],
)
def test_a_code_operator_or_a_resolved_reference_is_no_unresolved_one(sentence):
    assert not [p for k, p in defects.text_defects(sentence) if "??" in p]


def test_an_unresolved_reference_is_taken_out_and_the_reviewer_is_satisfied():
    aside = (
        "The gauges on the upper terraces read high, as shown in Section ??, because the wind "
        "drives the rain against the walls"
    )
    assert bullets.remove_pointers(aside) == (
        "The gauges on the upper terraces read high, because the wind drives the rain against "
        "the walls"
    )
    slide = Slide(
        kind="bullets",
        title="Gauges on the terraces",
        bullets=["Each terrace carries a row of tipping-bucket gauges along its outer wall", aside],
    )
    deck, issues = _review(DRAFT, slide, {"dangling_pointer"})
    assert [i.evidence["part"] for i in issues] == ["Section ??"]
    revised = deck_repair(BuiltinProposer(), DRAFT, deck, issues).deck.slides[1]
    assert revised.bullets[0] == slide.bullets[0]
    assert not any("??" in b for b in revised.bullets)
    assert _review(DRAFT, revised, {"dangling_pointer"})[1] == []


def test_a_sentence_that_is_its_unresolved_pointer_is_replaced():
    # "derived earlier in equation ??": the pointer completes the verb, so the sentence goes
    derived = (
        "The runoff of a terrace was derived earlier in equation ?? from the slope of its wall"
    )
    slide = Slide(kind="bullets", title="Gauges on the terraces", bullets=[derived])
    deck, issues = _review(DRAFT, slide, {"dangling_pointer"})
    assert "equation ??" in [i.evidence["part"] for i in issues]
    revised = deck_repair(BuiltinProposer(), DRAFT, deck, issues).deck.slides[1]
    assert not any("??" in b for b in revised.bullets)


@pytest.mark.parametrize(
    ("sentence", "cleaned"),
    [
        (
            "Tipping buckets were first used on terraces by Okafor [?].",
            "Tipping buckets were first used on terraces by Okafor.",
        ),
        (
            "Gauges drift in the cold [?, ?] and in the heat.",
            "Gauges drift in the cold and in the heat.",
        ),
        (
            "The logger reads the array cell gauge[?] each hour.",
            "The logger reads the array cell gauge[?] each hour.",
        ),
    ],
)
def test_an_unresolved_citation_is_left_out_like_any_citation(sentence, cleaned):
    assert text.clean(sentence) == cleaned


# ------------------------------------------------------------------ a title cut at its dash


@pytest.mark.parametrize(
    "title", ["Matches and pacing –", "Matches and pacing -", "Matches and pacing — (continued)"]
)
def test_a_title_ending_on_a_dash_is_a_fragment(title):
    assert title_defects.title_fragment(title) in ("–", "-", "—")


@pytest.mark.parametrize(
    "title", ["Pre- and post-processing", "Power and duration - critical power", "Self-tuning"]
)
def test_a_dash_inside_a_title_or_a_words_hyphen_is_none(title):
    assert title_defects.title_fragment(title) is None


def test_the_papers_own_heading_cut_at_its_dash_is_reported_and_retitled():
    slide = Slide(
        kind="bullets",
        title="Matches and pacing –",
        bullets=[
            "The farmers open the sluices in turn so that each terrace drains before the next "
            "one fills",
            "A terrace that drains late floods the one below it",
        ],
    )
    deck, issues = _review(DRAFT, slide, {"title_fragment"})
    assert [i.evidence["part"] for i in issues] == ["–"]
    revised = deck_repair(BuiltinProposer(), DRAFT, deck, issues).deck.slides[1]
    assert revised.title == "Matches and pacing"
    assert _review(DRAFT, revised, {"title_fragment"})[1] == []


# ------------------------------------------------------------------ an opening on its example


def test_a_bullet_opening_on_the_example_of_a_dropped_concession_is_a_broken_opening():
    bullet = "Say, 2 cm, in practice a wider spacing gives steadier readings on clay soils"
    found = cut_points.cut_points(bullet, DRAFT, [])
    assert found is not None and found.kind == "broken_opening"
    assert found.part.endswith("the width of one furrow,")
    slide = Slide(
        kind="bullets",
        title="Gauge spacing",
        bullets=[bullet, "The readings were checked by hand once a month"],
    )
    assert [i.type for i in _review(DRAFT, slide, {"broken_opening"})[1]] == ["broken_opening"]
