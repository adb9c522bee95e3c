"""Ingestion classes seen on papers of further fields (accelerator and physics templates,
survival analysis, categorical-data graphics, time-series FAQs), on a paper made for these
tests (tests/fixtures/papers/ingest/sideways, CC0): TeX's logos, a Greek letter typed without
its backslash, equation references after a symbol, a name's hyphen at a line's end,
unresolved citations, a list after a short line, printed output under its column heads, and a figure
set sideways with its caption. Plus the Markdown writer's brackets."""

import pytest
from django.conf import settings

from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.glyphs import Glyph, line_words, words_text
from apps.decks.pipeline.ingest.layout import join_lines
from apps.decks.pipeline.render.markdown import escape_text, inline

SIDEWAYS = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "sideways"


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return paper_read(SIDEWAYS / "tessera-sideways.pdf", tmp_path_factory.mktemp("s") / "figures")


def _section(paper, title: str):
    return next(s for s in paper.sections if s.title == title)


def _text(paper) -> str:
    return " ".join(p for s in paper.sections for p in s.paragraphs)


def test_tex_logos_read_as_their_names_not_as_mathematics(paper):
    intro = _section(paper, "Introduction").paragraphs[0]
    assert intro.startswith("This report was typeset with LaTeX and the sources follow the")
    assert "conventions of TeX and BibTeX for their references" in intro
    assert "kept in LaTeX2e for a long time" in intro
    assert "$" not in intro


def _glyphs(spec: list[tuple[str, float, float, float]], font: str = "Times-Roman"):
    """(text, x0, size, baseline) → glyphs 0.6 em wide."""
    return [Glyph(t, x, x + 0.6 * s, b - s, b, s, font, baseline=b) for t, x, s, b in spec]


def test_a_letter_shifted_inside_a_word_is_kerning_and_a_script_stays_mathematics():
    logo = _glyphs(  # "the LATEX way" with its A raised and small, its E lowered, in Times
        [("t", 60, 10, 100), ("h", 66, 10, 100), ("e", 72, 10, 100)]
        + [("L", 82, 10, 100), ("A", 86.5, 7, 97.5), ("T", 90, 10, 100)]
        + [("E", 95.5, 10, 102.2), ("X", 101, 10, 100)]
        + [("w", 111, 10, 100), ("a", 117, 10, 100), ("y", 123, 10, 100)]
    )
    assert words_text(line_words(logo)) == "the LaTeX way"
    power = _glyphs([("x", 60, 10, 100), ("2", 66.2, 7, 96.5)], font="CMMI10")
    power += _glyphs([("g", 76, 10, 100), ("o", 82, 10, 100), ("e", 88, 10, 100)])
    assert words_text(line_words(power)) == "$x^{2}$ goe"


def test_a_colon_set_apart_between_two_formulas_is_part_of_them():
    spec = [("t", 60, 10, 100), ("i", 66, 10, 100), ("m", 72, 10, 100), ("e", 78, 10, 100)]
    prose = _glyphs(spec)
    range_ = _glyphs([("b", 90, 10, 100)], "CMMI10") + _glyphs([(":", 99, 10, 100)], "CMR10")
    range_ += _glyphs([("w", 108, 10, 100)], "CMMI10")
    assert words_text(line_words(prose + range_)) == "time $b : w$"
    said = _glyphs([("b", 90, 10, 100)], "CMMI10") + _glyphs([(":", 96, 10, 100)], "CMR10")
    said += _glyphs([("t", 104, 10, 100), ("h", 110, 10, 100), ("e", 116, 10, 100)])
    assert words_text(line_words(prose + said)) == "time $b$: the"


def test_a_greek_name_typed_without_its_backslash_is_the_letter(paper):
    variance = _section(paper, "Introduction").paragraphs[1]
    assert variance.startswith("The variance of the counts is written $\\sigma^{2}$ in the old")
    assert "sigma^" not in variance.replace("\\sigma^", "")


def test_an_equation_reference_after_a_symbol_stays_out_of_the_formula(paper):
    model = _section(paper, "Model").paragraphs[0]
    assert "Somers’ $D$ (2) treats ties" in model
    assert "the slope $\\beta$ (1) gives the change" in model


def test_a_hyphen_before_a_capital_at_a_line_end_is_the_names_own(paper):
    assert "the station of the Swiss-FEL team" in _text(paper)
    assert (
        join_lines(["SPring-", "8 and non-", "Gaussian noise"]) == "SPring-8 and non-Gaussian noise"
    )
    assert join_lines(["a spaced dash -", "Then"]) == "a spaced dash - Then"
    assert join_lines(["experi-", "ment"]) == "experiment"


def test_unresolved_citations_leave_no_question_marks(paper):
    intro = _section(paper, "Introduction").paragraphs[0]
    assert "Earlier surveys of the same kind exist and a second one is planned." in intro
    assert "(?)" not in _text(paper) and "[?]" not in join_lines(["as in [?, ?] and [?]."])


def test_a_list_item_after_a_short_line_starts_its_own_paragraph(paper):
    started = _section(paper, "Getting started").paragraphs
    assert "• A pair of field glasses and a notebook with a pencil" in started, "no $•$ either"
    assert "• A phone with the recording sheet installed." in started
    assert (
        "1. Enter the counts of the morning into the sheet before noon, one row for each bird seen."
        in started
    )
    assert not any(p.startswith("Then") for p in started)


def test_a_figure_set_sideways_with_its_caption_is_found_upright(paper):
    by_number = {f.number: f for f in paper.figures if f.kind == "figure"}
    assert sorted(by_number) == [1, 2]
    wide = by_number[1]
    assert wide.caption.startswith("Mean counts of river birds per valley in each of the three")
    assert wide.aspect > 1.8, "the crop is the plot turned upright: wide, not tall"
    assert any("Figure 1" in m.text for m in wide.mentions)
    assert by_number[2].caption == "Weights of past counts by lag."


def test_markdown_brackets_stay_as_printed_unless_they_would_make_a_link():
    assert escape_text("the abbreviated form [e. g., Fig. 1] unless") == (
        "the abbreviated form [e. g., Fig. 1] unless"
    )
    assert inline("the interval $[0, 1]$ and [0, 1]") == "the interval $[0, 1]$ and [0, 1]"
    hostile = escape_text("[click](javascript:alert(1)) ![x](http://h/i.png) [a][b] [r]: /x")
    assert "](" not in hostile.replace("\\](", "") and "![" not in hostile
    assert "][" not in hostile.replace("\\][", "") and "]:" not in hostile.replace("\\]:", "")
    assert escape_text("[x] done").startswith("\\[x]"), "a task box at a line's start"


def test_a_row_of_printed_numbers_under_its_column_heads_is_code_output(paper):
    model = _section(paper, "Model").paragraphs
    assert "The ties are few, so the statistic is close to its value without ties." in model
    assert not any("43" in p or "concordant" in p for p in model)


def _turned_pages_pdf(path):
    """Four pages: upright; turned to read upwards with a table's caption; turned to read
    downwards with a figure's caption; turned upwards with no caption at all."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    pdf = canvas.Canvas(str(path), pagesize=A4)
    pages = [
        (0, ""),
        (90, "Table 3: Yields by site."),
        (-90, "Figure 2: Yields by year."),
        (90, ""),
    ]
    for degrees, caption in pages:
        pdf.setFont("Helvetica", 10)
        pdf.saveState()
        pdf.translate(300, 420)
        pdf.rotate(degrees)
        lines = [caption] + ["The harvest of each plot was weighed at the end of the season."] * 20
        for n, line in enumerate(lines):
            pdf.drawString(-250, 150 - 14 * n, line)
        pdf.restoreState()
        pdf.showPage()
    pdf.save()
    return path


def test_pages_set_sideways_are_found_with_the_turn_that_sets_them_upright(tmp_path):
    from apps.decks.pipeline.ingest.sideways import sideways_turns

    # upwards (anticlockwise) text is turned 90° clockwise; downwards text 270°; a turned page
    # without a caption's label is a rotated block of text, left as it is
    assert sideways_turns(_turned_pages_pdf(tmp_path / "turned.pdf")) == {1: 90, 2: 270}
