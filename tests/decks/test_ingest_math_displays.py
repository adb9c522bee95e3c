"""Display equations set with TeX's math extension font, on a paper made for these tests
(tests/fixtures/papers/ingest/mathdisplays, CC0): big operators and delimiters hang below
their origin and tall ones are stacks of pieces, so read by their reported boxes the integral
and the norm bars fall off their formula; fractions drawn with a rule are rebuilt as \\frac, and
a display whose fraction cannot be told apart is dropped (empty TeX), never shown wrong."""

from __future__ import annotations

import pdfplumber
import pytest
from django.conf import settings

from apps.decks.pipeline import display_math
from apps.decks.pipeline.ingest.equations import equations_find
from apps.decks.pipeline.ingest.fractions import Rule, fractions_rebuilt, with_fractions
from apps.decks.pipeline.ingest.glyphs import Glyph, line_words
from apps.decks.pipeline.ingest.layout import layout_read
from tests.decks.paperfactory import needs_pdflatex, pdflatex_copy

MATH = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "mathdisplays"


def _displays(pdf_path) -> dict[str, str]:
    with pdfplumber.open(pdf_path) as pdf:
        return {e.number: e.tex for e in equations_find(layout_read(pdf))}


@pytest.fixture(scope="module")
def displays() -> dict[str, str]:
    return _displays(MATH / "tessera-mathdisplays.pdf")


def test_a_display_integral_keeps_its_sign_and_its_side_limit(displays):
    tex = displays["1"]
    # the limit's own exponent is a script of it (R^p under the integral, not "Rp")
    assert "\\log \\int_{R^{p}} L(u \\mid y" in tex, tex
    assert display_math.clean_tex(tex)


def test_norm_bars_drawn_as_stacks_of_pieces_are_one_pair_around_a_fraction(displays):
    tex = displays["2"]
    assert tex == (
        "d(u \\mid y, \\theta ) = \\| \\frac{y - Zu - X\\beta}{\\sigma_{0}}\\|^{2} + \\| u\\|^{2}"
    )


def test_fractions_inside_big_delimiters_are_rebuilt_and_a_lone_bar_is_conditional(displays):
    tex = displays["3"]
    assert tex.startswith("\\tilde{l}(\\theta \\mid y) = "), tex  # |L_Z| keeps its bars
    assert "\\log (\\frac{|L_{Z}|^{2}}{n})" in tex, tex
    assert "[1 + \\log (\\frac{2\\pi d}{n})]" in tex, tex
    assert display_math.clean_tex(tex)


def test_a_sum_at_the_text_size_takes_its_limits(displays):
    assert displays["4"] == "S = \\sum_{i=1}^{n} u_{i}^{2}"


def test_a_fraction_whose_parts_cannot_be_told_apart_drops_the_display(displays):
    # The numerator's inner fraction, in script size beside the tall norm bars, reads as a
    # script of the bar: its place in the formula is lost, so no TeX is given for the display.
    assert displays["5"] == ""


def _glyph(text: str, x0: float, baseline: float, size: float = 10.0) -> Glyph:
    return Glyph(
        text=text,
        x0=x0,
        x1=x0 + 0.5 * size,
        top=baseline - 0.8 * size,
        bottom=baseline + 0.2 * size,
        size=size,
        font="CMMI10",
        baseline=baseline,
    )


def test_a_fraction_over_a_rule_is_rebuilt_and_a_glyph_astride_its_rule_is_unreadable():
    rule = Rule(x0=110.0, x1=130.0, y=97.5)
    main = [_glyph("x", 90, 100), _glyph("=", 100, 100)]
    over = [_glyph("a", 112, 92), _glyph("b", 118, 92)]
    under = [_glyph("n", 117, 106)]
    glyphs, texts = fractions_rebuilt(main + over + under, [rule], 10.0)
    tex = with_fractions(" ".join(w.tex() for w in line_words(glyphs)), texts)
    assert tex == "x = \\frac{ab}{n}"
    astride = _glyph("|", 115, 100)
    _, texts = fractions_rebuilt(main + over + under + [astride], [rule], 10.0)
    assert list(texts.values()) == ["\ufffd"]
    _, texts = fractions_rebuilt(main + over + under, [rule], 10.0)
    assert with_fractions("x_{" + next(iter(texts)) + "}", texts) == "x_{\ufffd}"  # a script


@needs_pdflatex
def test_the_source_still_builds_the_committed_paper(tmp_path, displays):
    pdf = pdflatex_copy(MATH, "tessera-mathdisplays.tex", tmp_path)
    assert _displays(pdf) == displays
