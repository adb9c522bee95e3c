"""Scripts of scripts, read from the glyphs' sizes and positions, on a paper made for these
tests (tests/fixtures/papers/ingest/nestedscripts, CC0): a glyph set at TeX's script-of-script
size and raised or lowered from the script it follows is a script of that script (f_{y^+},
I_{m^i}, y_{ζ_1^k,t}). Read onto the line, it states another formula ("f_{y}+g" is a sum);
where the positions cannot tell, the formula is refused. Products (a_i b) and stacked scripts
(x_i^2, g_y^+) stay as they are."""

from __future__ import annotations

import re

import pytest
from django.conf import settings

from apps.decks.pipeline import script_levels
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.glyphs import Glyph, line_words, words_text
from apps.decks.pipeline.paper import Equation, Paper
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review.registry import SlideContext
from apps.decks.pipeline.review.text_rules import equation_defects
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks.paper_text import formulas as formulas_of
from tests.decks.paperfactory import needs_pdflatex, pdflatex_copy

FOLDER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "nestedscripts"
PDF = FOLDER / "tessera-nestedscripts.pdf"
# A script's glyph read after its script, on the line: "f_{y}+", "I_{m}i", "_{\zeta 1}k".
FLATTENED = re.compile(r"[_^]\{[^{}]*\}[+\-0-9]|I_\{m\}i|\\zeta 1|_\{y\}[0-9]")


def _read(pdf, tmp_path_factory):
    return paper_read(pdf, tmp_path_factory.mktemp("nestedscripts") / "figures")


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return _read(PDF, tmp_path_factory)


def test_a_script_of_a_script_in_running_text_is_read_nested(paper):
    formulas = formulas_of(paper)
    for tex in (
        "$f_{y^{+}}$",
        "$f_{y^{0}}$",
        "$f_{y^{-}}$",
        "$I_{m^{i}}$",
        "$y_{\\zeta_{1}^{k},t}$",
        "$[B_{y^{3}u^{4}}]$",
        "$e^{x_{i}}$",
    ):
        assert tex in formulas, (tex, sorted(formulas))
    assert not [f for f in formulas if FLATTENED.search(f)], sorted(formulas)


def test_products_and_stacked_scripts_stay_as_they_are(paper):
    formulas = formulas_of(paper)
    for tex in ("$a_{i}b$", "$a_{i}b_{j} + c$", "$x_{i}^{2}$", "$g_{y}^{+}$"):
        assert tex in formulas, (tex, sorted(formulas))


def test_displays_keep_their_scripts_of_scripts_and_fraction_parts(paper):
    displays = {e.number: e.tex for e in paper.equations}
    assert displays["1"] == (
        "(f_{y^{+}}g_{y}^{+}g_{y}^{-} + f_{y^{0}}g_{y} + f_{y^{-}})\\hat{y}_{t-1} = 0"
    )
    assert displays["2"] == "(I_{m^{i}} \\otimes I_{n} + rF \\otimes K)x = d"
    # a fraction's part whose scripts outnumber its letters is still a letter with scripts
    assert "\\frac{y_{t+1}}{k_{t+1}}" in displays["3"], displays["3"]
    assert "\\frac{h_{t}^{1+\\psi}}{1 + \\psi}" in displays["4"], displays["4"]
    assert displays["5"] == "z_{t}^{j} = E_{t}z_{t+1}^{j-1}"
    assert displays["6"] == "a_{i}b + c_{j}d = e"
    for equation in paper.equations:
        assert not script_levels.flattened(equation.levels, equation.tex), equation


def _glyph(text: str, x0: float, width: float, size: float, baseline: float) -> Glyph:
    return Glyph(
        text=text,
        x0=x0,
        x1=x0 + width,
        top=baseline - 0.75 * size,
        bottom=baseline + 0.25 * size,
        size=size,
        font="CMMI10",
        baseline=baseline,
    )


def test_a_small_glyph_off_its_script_but_near_the_line_is_refused_not_read_on_the_line():
    # "+" at the script's size right after f's subscript y, raised from y but lowered from a
    # superscript's place: a script of y, or the line's plus? The formula is not written.
    glyphs = [
        _glyph("f", 100, 5, 10, 100),
        _glyph("y", 105, 3.5, 7, 101.5),
        _glyph("+", 108.6, 4.5, 7, 99.8),
        _glyph("g", 113.5, 5, 10, 100),
    ]
    assert "\ufffd" in words_text(line_words(glyphs))
    # smaller than the script and raised from it: a script of the script
    glyphs[2] = _glyph("+", 108.6, 3.5, 5, 99.0)
    assert words_text(line_words(glyphs)) == "$f_{y^{+}}g$"
    # on the line's baseline at the line's size: a sum after a subscript
    glyphs[2] = _glyph("+", 110, 7, 10, 100)
    glyphs[3] = _glyph("g", 119, 5, 10, 100)
    text = words_text(line_words(glyphs))
    assert "\ufffd" not in text and "y^" not in text, text


def test_a_display_whose_scripts_of_scripts_were_written_larger_is_found_by_its_levels():
    # f_{y^+}: the "+" drawn at the script-of-script size; "f_{y}+" writes it on the line
    assert script_levels.tex_levels("f_{y^{+}}g = 0") == [4, 1, 1]
    assert script_levels.flattened([4, 1, 1], "f_{y}+g = 0")
    assert script_levels.flattened([3, 1, 1], "I_{m}i = 0")  # written at the script's size
    assert not script_levels.flattened([4, 1, 1], "f_{y^{+}}g = 0")
    # a display's fraction sets its parts at the line's size, one in a script smaller
    assert script_levels.tex_levels("x = \\frac{a_{i}}{b}") == [4, 1, 0]
    assert script_levels.tex_levels("x = e^{\\frac{a}{b}}") == [3, 0, 2]
    assert script_levels.tex_levels("y' = \\sum_{i=1}^{n} x_{i}") == [4, 6, 0]


@needs_pdflatex
def test_the_source_still_builds_the_committed_paper(tmp_path, tmp_path_factory, paper):
    pdf = pdflatex_copy(FOLDER, "tessera-nestedscripts.tex", tmp_path)
    rebuilt = _read(pdf, tmp_path_factory)
    assert formulas_of(rebuilt) == formulas_of(paper)
    assert [e.tex for e in rebuilt.equations] == [e.tex for e in paper.equations]


def test_the_reviewer_checks_a_shown_display_against_the_sizes_the_paper_draws_it_at():
    lead = "Collecting the terms in the lagged deviation, the model imposes:"
    paper = Paper(
        title="P",
        pages=1,
        source_name="p.pdf",
        equations=[Equation(number="1", tex="f_{y}+g = 0", page=1, lead=lead, levels=[4, 1, 1])],
    )

    def found(tex: str) -> list:
        slide = Slide(
            kind="bullets", title="Model", bullets=[lead], equation=tex, equation_lead=lead
        )
        deck = SlideDeck(title="P", slides=[slide])
        context = SlideContext(1, slide, SlideMeasure(slide=1), deck, paper)
        return list(equation_defects(context))

    # written as ingestion once read it: the "+" on the line, a sum
    (issue,) = found("f_{y}+g = 0")
    assert issue.type == "broken_math" and "script of a script" in issue.message
    # written with its script of a script (a model's proposer, or a repaired reading): none
    assert found("f_{y^{+}}g = 0") == []


def test_a_script_kerned_onto_the_glyph_after_it_is_a_prescript_of_that_glyph():
    # "r\,{}^{i}F" (the i-th power of F): the i is apart from r and F starts under it. Read as
    # r^{i}F it would state a power of r.
    glyphs = [
        _glyph("r", 290.7, 4.9, 10.9, 100),
        _glyph("i", 297.8, 2.9, 8, 95.5),
        _glyph("F", 299.4, 7, 10.9, 100),
    ]
    assert words_text(line_words(glyphs)) == "$r {}^{i}F$"
    # a superscript right after its base, a script space before the next glyph: r^{i}F
    glyphs[1] = _glyph("i", 295.9, 2.9, 8, 95.5)
    glyphs[2] = _glyph("F", 299.3, 7, 10.9, 100)
    assert words_text(line_words(glyphs)) == "$r^{i}F$"
