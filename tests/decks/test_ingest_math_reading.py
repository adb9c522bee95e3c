"""Mathematics that reads wrongly when its glyphs are read apart, on a paper made for these
tests (tests/fixtures/papers/ingest/mathreading, CC0): a negated relation is a relation with a
slash drawn over it ("i ≠ j" read without its slash states "i = j"); an accent over a tall
letter sits above the line (β̂ and β̃ read as two plain β); a prime or a star raised inside a
script is part of it (Z_{j*}, w_{i'j}). In running text, in the title and in displays; a
formula with a glyph no reading recovers is dropped with its sentence, never shown wrong."""

from __future__ import annotations

import json

import pytest
from django.conf import settings

from apps.decks.pipeline import defects, display_math, garbled
from apps.decks.pipeline import text as deck_text
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.cells import cells_mark
from apps.decks.pipeline.ingest.glyphs import Glyph, line_words, words_text
from apps.decks.pipeline.ingest.layout import Layout, Segment, _word
from apps.decks.pipeline.propose.bullets import rewrite
from tests.decks.paper_text import formulas as formulas_of
from tests.decks.paperfactory import needs_pdflatex, pdflatex_copy

FOLDER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "mathreading"
PDF = FOLDER / "tessera-mathreading.pdf"


def _read(pdf, tmp_path_factory):
    return paper_read(pdf, tmp_path_factory.mktemp("mathreading") / "figures")


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return _read(PDF, tmp_path_factory)


def test_negated_relations_keep_their_slash(paper):
    formulas = formulas_of(paper)
    # \neq and \not\equiv are drawn with CMSY's zero-width slash; \notin with a "/" over "∈";
    # \nleq is one glyph of the AMS fonts.
    for tex in ("$i \\neq j$", "$k \\notin S$", "$a \\not\\equiv b$", "$u \\nleq v$"):
        assert tex in formulas, (tex, formulas)
    assert not {"$i = j$", "$k \\in S$", "$a \\equiv b$"} & formulas
    assert not any("/" in f for f in formulas), formulas  # no slash left beside its relation


def test_accents_drawn_over_tall_letters_stay_on_their_letter(paper):
    formulas = formulas_of(paper)
    for tex in (
        "$\\hat{\\beta}$",
        "$\\tilde{\\beta}$",
        "$\\bar{\\beta}$",
        "$\\hat{\\Sigma}$",
        "$\\tilde{\\Sigma}$",
        "$\\dot{x}$",
        "$\\ddot{x}$",
        "$\\vec{v}$",
        "$\\check{c}$",
        "$\\hat{\\theta}_{n}$",
        "$\\tilde{\\lambda}^{2}$",
    ):
        assert tex in formulas, (tex, formulas)
    assert "$\\beta$" not in formulas


def test_primes_and_stars_inside_a_script_are_part_of_it(paper):
    formulas = formulas_of(paper)
    for tex in ("$Z_{j*}$", "$w_{i'j}$", "$f'(x)$"):
        assert tex in formulas, (tex, formulas)


def test_a_title_keeps_its_accents_and_its_negated_relation(paper):
    assert paper.title == (
        "Shrinkage Estimates $\\hat{\\beta}$ and $\\tilde{\\beta}$ for Pairs with $i \\neq j$"
    )


def test_displays_keep_their_accents_and_scripts(paper):
    displays = {e.number: e.tex for e in paper.equations}
    assert (
        displays["2"] == "\\tilde{\\beta} = \\lambda \\hat{\\beta} + (1 - \\lambda )\\bar{\\beta}"
    )
    assert display_math.clean_tex(displays["2"])
    # A limit under an operator name is the operator's, not a subscript of its first letter.
    assert displays["3"] == "Z_{j*} = \\max_{j} \\hat{\\theta}_{j}"
    # A fraction's parts beside the "=", and the condition set apart on the display's line.
    assert displays["1"] == "w_{ij} = \\frac{1}{d_{ij}} \\quad \\text{for } i \\neq j"
    assert all(display_math.clean_tex(tex) for tex in displays.values()), displays


def _glyph(text: str, x0: float, width: float = 5.0, font: str = "CMMI10") -> Glyph:
    return Glyph(
        text=text, x0=x0, x1=x0 + width, top=92, bottom=102, size=10, font=font, baseline=100
    )


def test_a_negation_slash_over_no_relation_makes_the_formula_unreadable_and_its_sentence_dropped():
    # "x ̸ y": the slash crosses nothing it could negate; dropped it would read "x y".
    glyphs = [_glyph("x", 90), _glyph("\u0338", 97, 0.0, "CMSY10"), _glyph("y", 100)]
    text = words_text(line_words(glyphs))
    assert "\ufffd" in text, text
    # Crossing "=" it is "≠", whichever comes first in the content stream.
    glyphs = [_glyph("i", 90), _glyph("\u0338", 97, 0.0, "CMSY10"), _glyph("=", 97, 7.8, "CMR10")]
    assert words_text(line_words(glyphs + [_glyph("j", 108)])) == "$i \\neq j$"
    # "1/d": a slash between two operands is a slash.
    glyphs = [_glyph("1", 90, 5, "CMR10"), _glyph("/", 95, 5), _glyph("d", 100)]
    assert words_text(line_words(glyphs)) == "$1/d$"
    sentence = "Pairs of stretches count only for $i \ufffd= j$, as the survey requires."
    assert garbled.broken_math(sentence) == "$i \ufffd= j$"
    assert not garbled.stray_glyph(sentence)  # not debris that a proposer would strip
    assert defects.text_defects(sentence)[0][0] == "broken_math"
    assert rewrite(sentence) is None  # dropped, never "$i = j$"


@needs_pdflatex
def test_the_source_still_builds_the_committed_paper(tmp_path, tmp_path_factory, paper):
    pdf = pdflatex_copy(FOLDER, "tessera-mathreading.tex", tmp_path)
    rebuilt = _read(pdf, tmp_path_factory)
    assert rebuilt.title == paper.title
    assert formulas_of(rebuilt) == formulas_of(paper)


@pytest.mark.slow
@pytest.mark.browser
def test_a_deck_of_the_paper_shows_the_negations_and_accents_typeset_by_katex(deck_runs):
    result = deck_runs.get(PDF)
    markdown = (result.out_dir / "slides.md").read_text()
    assert "\\neq" in markdown
    assert "\\hat{\\beta}" in markdown and "\\tilde{\\beta}" in markdown
    assert "$i = j$" not in markdown
    folder = result.out_dir / "rounds" / f"{result.final_round:02d}"
    measures = json.loads((folder / "measures.json").read_text())
    assert all(m["math"]["errors"] == [] for m in measures), measures
    assert sum(m["math"]["rendered"] for m in measures) >= 3


def test_a_display_row_whose_only_relation_is_inside_a_script_or_whose_bracket_closes_elsewhere():
    # Parts of a fraction read as rows: "[" opens in one row and closes in the next, and the
    # second row's only "=" is a sum's limit.
    tex = (
        "\\begin{gathered} \\rho = \\frac{\\sum_{i=1}(x_{i} - y_{i})}{[ n n 1/2}^{n} \\\\ "
        "\\sum_{i=1}(x_{i} - \\bar{x})^{2}] \\end{gathered}"
    )
    assert display_math.display_problem(tex) == "unbalanced brackets"
    assert display_math.display_problem("\\sum_{i=1}^{n} x_{i}^{2}") is not None
    assert display_math.clean_tex("S = \\sum_{i=1}^{n} x_{i}^{2}")


def _line_segment(pieces: list[tuple[str, float, str]], baseline: float) -> list:
    """Segments of one line from (text, x0, font) pieces, glyph by glyph (5 pt a glyph)."""
    segments = []
    for text, x0, font in pieces:
        glyphs, x = [], x0
        for token in text.split():
            for char in token:
                glyphs.append(
                    Glyph(char, x, x + 5, baseline - 8, baseline + 2, 10, font, baseline=baseline)
                )
                x += 5
            x += 3.5
        segments.append(Segment(page=1, words=[_word(w) for w in line_words(glyphs)]))
    return segments


def test_a_short_line_of_prose_between_two_numbered_displays_is_no_table_cell():
    # lme4's "and for the p × p upper triangular matrix, R_X, satisfying" between displays (10)
    # and (11): the gutter before the equation numbers ran through all three lines, and the
    # line was dropped as a cell of a table.
    rows = [
        _line_segment([("x = y", 230, "CMMI10"), ("(10)", 470, "CMR10")], 100),
        _line_segment([("and for the upper matrix, satisfying", 110, "CMR10")], 114),
        _line_segment([("a = b", 230, "CMMI10"), ("(11)", 470, "CMR10")], 128),
    ]
    segments = [s for row in rows for s in row]
    layout = Layout(
        pages=[segments], page_sizes=[(612.0, 792.0)], body_size=10.0, columns=[(110.0, 500.0)]
    )
    cells_mark(layout)
    assert not any(s.cell for s in segments), [s.text for s in segments if s.cell]


def test_a_sentence_with_other_debris_never_loses_a_formula_glyph_on_the_way():
    # The lowered E of a TeX logo is stripped as debris; the unreadable glyph inside the
    # formula must not go with it ("$i = j$" would be a wrong statement).
    for sentence in (
        "The E pairs of stretches count only for $i \ufffd= j$ in every survey of the river.",
        "• Pairs of stretches count only for $i \ufffd= j$ in every survey of the river.",
    ):
        assert rewrite(sentence) is None, rewrite(sentence)


def test_a_sentence_that_runs_on_into_an_unnumbered_display_is_recorded_as_lost_math(paper):
    # "… the count of birds does not change at all" + the display that says what: the
    # paragraph ends there with no trace of the formula.
    assert [line for line in paper.lost_math if "change at all" in line], paper.lost_math
    last = paper.sections[2].paragraphs[0]
    # It ends announcing the display, so no slide takes it for a whole statement.
    assert any(last.endswith(line + ":") for line in paper.lost_math), (last, paper.lost_math)
    chosen = deck_text.key_sentences(paper.sections[2].paragraphs, deck_text.Scorer([last]), 5)
    assert not [c for c in chosen if "change at all" in c], chosen
    # Lines before numbered displays keep "Eq. (N)" in the text: nothing lost.
    assert not [line for line in paper.lost_math if "diagonal" in line or "satisfying" in line]
