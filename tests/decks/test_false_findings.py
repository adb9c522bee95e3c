"""False reviewer findings whose repairs would harm good slides (issue 14): two plots of
different functions in one frame are not near-identical figures; an abbreviation in
parentheses after its expansion is no broken sentence; "In this paper I …" points at no part
"paper I". Each case checks the rule that fired on the mechanism, and that the real defect of
the same shape is still found."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.review import deck_rules
from apps.decks.pipeline.review.registry import DeckContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks.factories import figure as _figure


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
