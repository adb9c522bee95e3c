"""False reviewer findings whose repairs would harm good slides (issue 14): two plots of
different functions in one frame are not near-identical figures; an abbreviation in
parentheses after its expansion is no broken sentence; "In this paper I …" points at no part
"paper I". Each case checks the rule that fired on the mechanism, and that the real defect of
the same shape is still found."""

from __future__ import annotations

import math

import pytest
from PIL import Image, ImageDraw

from apps.decks.pipeline import abbreviations, carried_text, defects
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.review import deck_rules
from apps.decks.pipeline.review.registry import SLIDE_RULES, DeckContext, SlideContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks.factories import figure as _figure
from tests.decks.test_review_rules import measure


def _function_plot(path, function) -> None:
    """One frame (box, ticks, tick labels) and the curve y = function(t) for t in [0, 1]."""
    image = Image.new("RGB", (500, 400), "white")
    draw = ImageDraw.Draw(image)
    x0, y0, x1, y1 = 60, 20, 480, 350
    draw.rectangle((x0, y0, x1, y1), outline="black", width=2)
    for i in range(6):
        tx, ty = x0 + i * (x1 - x0) / 5, y1 - i * (y1 - y0) / 5
        draw.line((tx, y1, tx, y1 + 6), fill="black")
        draw.text((tx - 4, y1 + 10), str(i), fill="black")
        draw.line((x0 - 6, ty, x0, ty), fill="black")
        draw.text((x0 - 30, ty - 5), f"{i / 5:.1f}", fill="black")
    steps = [k / 400 for k in range(401)]
    draw.line([(x0 + t * (x1 - x0), y1 - function(t) * (y1 - y0)) for t in steps], "black", 3)
    image.save(path)


def _two_plot_deck(tmp_path, first, second):
    figures = [
        _figure(1, "Plot of the response function f for the first model."),
        _figure(2, "Plot of the response function g for the second model."),
    ]
    for figure, function in zip(figures, (first, second), strict=True):
        _function_plot(tmp_path / figure.image, function)
    paper = Paper(
        title="Two response functions",
        sections=[Section(title="Models", paragraphs=["The two models respond differently."])],
        figures=figures,
        pages=3,
        source_name="two.pdf",
    )
    deck = SlideDeck(
        title=paper.title,
        slides=[
            Slide(kind="title", title=paper.title, role="title"),
            *(Slide(kind="figure", title=f.caption, figure=f.id) for f in figures),
        ],
    )
    context = DeckContext(deck=deck, paper=paper, measures=[], figures_dir=tmp_path)
    return list(deck_rules.repeated_figures(context))


def decaying(t: float) -> float:
    return 0.9 * math.exp(-4 * t)


def parabola(t: float) -> float:
    return 0.9 * (2 * t - 1) ** 2


def test_two_different_functions_plotted_in_one_frame_are_not_near_identical(tmp_path):
    # the frames alone make their blurred ink alike (same design) and the captions say alike
    first, second = tmp_path / "a.png", tmp_path / "b.png"
    _function_plot(first, decaying)
    _function_plot(second, parabola)
    assert deck_rules.same_design(first, second) >= deck_rules.STRUCTURE_MIN_CORRELATION
    assert deck_rules.drawn_likeness(first, second) < deck_rules.DRAWN_MIN_CORRELATION
    assert _two_plot_deck(tmp_path, decaying, parabola) == []


def test_one_function_plotted_twice_with_a_small_shift_is_still_near_identical(tmp_path):
    issues = _two_plot_deck(
        tmp_path,
        lambda t: 0.5 + 0.4 * math.sin(9 * t),
        lambda t: 0.5 + 0.4 * math.sin(9 * t + 0.2),
    )
    assert [i.type for i in issues] == ["repeated_figures"]
    assert issues[0].evidence["drawn"] >= deck_rules.DRAWN_MIN_CORRELATION


# ------------------------------------------------------ an abbreviation glossed after its words


def _types(sentence: str) -> set[str]:
    return {kind for kind, _ in defects.text_defects(sentence)}


@pytest.mark.parametrize(
    "sentence",
    [
        "Graph neural networks (GNNs) aggregate information from neighbours",
        "Directed acyclic graphs (DAGs) encode causal assumptions",
    ],
)
def test_an_abbreviation_in_brackets_after_its_long_form_breaks_no_sentence(sentence):
    assert _types(sentence) == set()


def test_a_defect_beside_a_glossed_abbreviation_is_still_found():
    assert "unresolved_reference" in _types("These graph neural networks (GNNs) learn faster")


def test_brackets_whose_letters_the_words_before_do_not_spell_stay():
    assert abbreviations.without_expansions("Graph neural networks (GNNs) learn") == (
        "Graph neural networks learn"
    )
    assert abbreviations.without_expansions("The runs (RX) learn") == "The runs (RX) learn"


def test_a_word_after_a_determiner_is_a_noun_not_a_verb_cut_before_its_object():
    assert defects.broken_sentence("The Ornstein-Uhlenbeck process reverts to its mean") is None
    assert defects.broken_sentence("The first column of the table denotes") == "denotes"


# ------------------------------------------------------- the writer's "I", the paper itself


def _bullet_findings(bullet: str) -> set[str]:
    paper = Paper(
        title="Consistent estimators",
        sections=[Section(title="Introduction", paragraphs=[bullet + ". More text follows."])],
        pages=3,
        source_name="one.pdf",
    )
    slide = Slide(kind="bullets", title="Consistency of the estimator", bullets=[bullet])
    deck = SlideDeck(title=paper.title, slides=[Slide(kind="title", title=paper.title), slide])
    context = SlideContext(2, slide, measure(slide=2), deck, paper)
    return {issue.type for rule in SLIDE_RULES for issue in rule(context)}


@pytest.mark.parametrize(
    "bullet",
    [
        "In this paper I show that the estimator is consistent under weak conditions",
        "In this paper I also argue that the bias vanishes for large samples",
    ],
)
def test_the_writers_i_after_paper_points_at_no_part(bullet):
    assert "dangling_pointer" not in _bullet_findings(bullet)


def test_a_part_named_paper_i_is_still_a_pointer():
    assert "dangling_pointer" in _bullet_findings("In Paper I we derived the mass function")
    assert carried_text.program_place("for patient I the dose was halved") is not None


def test_this_paper_is_the_document_itself_not_an_unresolved_reference():
    assert "unresolved_reference" not in _types("This paper studies retrieval for legal questions")
    assert "unresolved_reference" in _types("This method is fast on every test we ran")


# ---------------------------------------------------------- the placeholder of an unread outline

UNTITLED_TEXT = [
    "The coastal survey measured the salinity of twelve stations every week for two seasons. "
    "Volunteers recorded the tides and the weather at each station during the survey. "
    "The salinity readings were compared with the satellite estimates of the same weeks.",
    "The satellite estimates agree with the station readings within two practical units. "
    "The largest differences occur after storms, when the river plumes reach the stations. "
    "Storm weeks should therefore be left out of the calibration of the satellite product.",
]


def _untitled_paper() -> Paper:
    return Paper(
        title="Coastal station survey",
        sections=[Section(title="Paper", paragraphs=UNTITLED_TEXT, untitled=True)],
        pages=6,
        source_name="survey.pdf",
    )


def test_the_placeholder_of_an_unread_outline_titles_no_slide():
    from apps.decks.pipeline.propose.builtin import BuiltinProposer

    deck = BuiltinProposer().propose(_untitled_paper())
    assert deck.slides[1:]
    assert all(slide.title != "Paper" for slide in deck.slides)


def test_a_slide_titled_by_the_placeholder_is_a_generic_title():
    paper = _untitled_paper()
    bullets = [
        "The coastal survey measured the salinity of twelve stations every week",
        "The satellite estimates agree with the station readings within two practical units",
    ]
    slide = Slide(kind="bullets", title="Paper", bullets=bullets)
    deck = SlideDeck(title=paper.title, slides=[Slide(kind="title", title=paper.title), slide])
    context = SlideContext(2, slide, measure(slide=2), deck, paper)
    assert "title_generic" in {issue.type for rule in SLIDE_RULES for issue in rule(context)}


def test_a_slide_added_for_the_count_is_not_titled_by_the_placeholder():
    from apps.decks.pipeline.propose.builtin import BuiltinProposer

    section = _untitled_paper().sections[0]
    slide = BuiltinProposer().text_slide_for(section, set())
    assert slide is not None and slide.title == "Coastal survey"
