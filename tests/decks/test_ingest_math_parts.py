"""A display is shown only when its TeX writes every glyph of its box: a part read elsewhere
(a numerator taken for prose, an exponent taken for a footnote mark, a nested fraction) would
leave another formula, which is worse than none. The paper is
tests/fixtures/papers/ingest/mathparts (CC0)."""

from __future__ import annotations

import pdfplumber
import pytest
from django.conf import settings

from apps.decks.pipeline import display_math
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.accounted import unaccounted
from apps.decks.pipeline.ingest.equations import NUMBER, equations_find
from apps.decks.pipeline.ingest.glyphs import Glyph, dots_named
from apps.decks.pipeline.ingest.layout import layout_read
from apps.decks.pipeline.ingest.structure import display_lead
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review.registry import SlideContext
from apps.decks.pipeline.review.text_rules import bullet_defects, cut_before_display
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

PAPER = settings.BASE_DIR / "tests/fixtures/papers/ingest/mathparts/tessera-mathparts.pdf"


@pytest.fixture(scope="module")
def displays() -> dict[str, str]:
    with pdfplumber.open(PAPER) as pdf:
        return {e.number: e.tex for e in equations_find(layout_read(pdf))}


def test_a_fraction_inside_a_sum_stays_in_the_display(displays):
    assert displays["1"] == "f(r_{i}) = \\sum_{j} m_{j} \\frac{f_{j}}{\\rho_{j}}W(r_{i} - r_{j})"


def test_a_denominator_keeps_its_sub_and_superscript(displays):
    assert displays["2"] == (
        "\\nabla \\cdot \\frac{P}{\\rho} = \\sum_{j} m_{j} \\frac{P_{j}}{\\rho_{j}^{2}}"
        "\\nabla_{j}W_{ij}"
    )


def test_an_exponent_set_apart_after_a_tall_bracket_is_no_footnote_mark(displays):
    # "12" after a hung ")" was a small number after nothing: dropped as a footnote mark, the
    # display read (σ/r) − (σ/r)^6, another potential
    assert displays["3"] == (
        "u(r) = 4\\epsilon [(\\frac{\\sigma}{r})^{12} - (\\frac{\\sigma}{r})^{6}]"
    )


def test_an_upright_derivative_keeps_its_numerator(displays):
    assert displays["4"] == "\\frac{dv}{dt} = -\\frac{1}{\\rho}\\nabla P"


def test_a_nested_fraction_not_rebuilt_drops_the_display(displays):
    # read before as "g(x) = \frac{1}{1 +_{x}}": the inner fraction's numerator lost
    assert displays["5"] == ""


def test_cases_are_never_shown_as_rows(displays):
    assert not display_math.clean_tex(displays["6"])


def _glyph(text: str, x0: float) -> Glyph:
    return Glyph(
        text=text, x0=x0, x1=x0 + 5, top=90, bottom=100, size=10, font="CMMI10", baseline=98
    )


def test_every_glyph_must_be_written():
    glyphs = [_glyph(t, 10 * i) for i, t in enumerate(["x", "=", "a", "b", "ρ", "2", "."])]
    assert not unaccounted(glyphs, "x = \\frac{a}{b} \\rho^{2}")
    assert dict(unaccounted(glyphs, "x = a \\rho^{2}")) == {"b": 1}
    assert dict(unaccounted(glyphs, "x = \\frac{a}{b} \\rho")) == {"2": 1}
    # letters read as a function name and a conditional bar are written
    named = [_glyph(t, 10 * i) for i, t in enumerate(["s", "i", "n", "|", "y"])]
    assert not unaccounted(named, "\\sin \\mid y")


def test_a_display_keeps_the_sentence_that_introduces_it(tmp_path):
    paper = paper_read(PAPER, tmp_path / "figures")
    leads = {e.number: e.lead for e in paper.equations}
    assert leads["1"] == (
        "A field is interpolated from its values at the particles, each weighted by its mass "
        "over its density:"
    )
    assert leads["4"].endswith("its derivative written upright:"), leads["4"]


def test_a_lead_is_an_open_sentence_closed_with_a_colon():
    assert display_lead("Local angular momentum conservation requires") == (
        "Local angular momentum conservation requires:"
    )
    assert display_lead("It is set once. The force on a particle is given by,") == (
        "The force on a particle is given by:"
    )
    assert display_lead("It nests one in another: The absolute value is defined by cases") == (
        "The absolute value is defined by cases:"
    )
    assert display_lead("They are given as Eq. (4) The sum is defined over positions as") == (
        "The sum is defined over positions as:"
    )
    assert display_lead("It has two parts. Total extension: $e(Y)$") == ""
    assert display_lead("The energy is conserved.") == ""  # the display does not go on from it
    assert display_lead("where the sum runs over") == ""  # no sentence of its own
    assert display_lead("as in Eq. (3) and") == ""
    # a table's cells run together before a display are no sentence to show (the slide's
    # bullet could not even be made: 826 characters of "Name Elements Size Threshold …")
    cells = "Name Elements Size Threshold Noise Initial state " * 12 + "Cortex motor Thalamus motor"
    assert display_lead(cells) == ""


def test_the_builtin_proposer_shows_a_display_under_its_sentence(tmp_path):
    paper = paper_read(PAPER, tmp_path / "figures")
    deck = BuiltinProposer().propose(paper)
    shown = [s for s in deck.slides if s.equation]
    # a short paper made of displays is presented by them: every one read whole is shown, once
    whole = [e.tex for e in paper.equations if display_math.clean_tex(e.tex)]
    assert len(whole) == 4
    assert sorted(s.equation for s in shown) == sorted(whole)
    for slide in shown:
        lead = next(e.lead for e in paper.equations if e.tex == slide.equation)
        assert slide.bullets[-1] == lead
        assert not slide.equation.rstrip().endswith((":", ".", ","))


def test_an_ellipsis_read_as_three_dots_is_written_ldots():
    assert dots_named("x_{1}, . . . , x_{n}") == "x_{1}, \\ldots , x_{n}"
    assert dots_named("a_{1} + \\cdot \\cdot \\cdot + a_{n}") == "a_{1} + \\cdots + a_{n}"
    assert dots_named("0.5 + 1.25") == "0.5 + 1.25"  # decimal points are no ellipsis


def test_a_chapter_numbered_display_keeps_its_number_apart():
    # "(2.1)" read as part of the formula: "… dr (2.1)", and its number lost
    assert [NUMBER.match(n).group(1) for n in ("(2.1)", "(3)", "(4b)", "(A.1)")] == [
        "2.1",
        "3",
        "4b",
        "A.1",
    ]
    assert NUMBER.match("(2.1.3)") is None and NUMBER.match("(x)") is None


def _text_issues(slide: Slide) -> list[str]:
    paper = Paper(
        title="Particles",
        pages=1,
        source_name="particles.pdf",
        sections=[Section(title="Interpolation", paragraphs=[" ".join(slide.bullets)])],
    )
    deck = SlideDeck(title="Particles", slides=[slide])
    context = SlideContext(1, slide, SlideMeasure(slide=1), deck, paper)
    return [i.type for i in (*bullet_defects(context), *cut_before_display(context))]


def test_a_lead_over_its_display_is_no_broken_sentence_but_alone_it_is():
    bullets = [
        "The kernel weights the neighbours of a particle by their distance from it",
        "For any variable, a local average at each particle is calculated according to:",
    ]
    shown = Slide(kind="bullets", title="Interpolation", bullets=bullets, equation="f = g")
    alone = shown.model_copy(update={"equation": ""})
    assert _text_issues(shown) == []
    assert "broken_sentence" in _text_issues(alone)
