"""Ingestion classes of the seventh round of unseen papers, on synthetic PDFs and text: a TeX
logo's shifted letter stays in its word when the other column's line sits on its baseline, and
a logo hyphenated at a line end is joined without its hyphen."""

from __future__ import annotations

import pdfplumber
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas

from apps.decks.pipeline.ingest.layout import Layout, join_lines, layout_read
from apps.decks.pipeline.ingest.structure import authors_find, heading_of, title_find
from apps.decks.pipeline.title_style import without_footnote_marks
from tests.decks.test_unseen_ingest import _segment

SIZE = 10.0
LOWERED = 0.225 * SIZE  # how far TeX's \LaTeX drops its E


def _logo_line(pdf: canvas.Canvas, x: float, y: float, before: str, after: str) -> None:
    """`before` + "LuaLaTeX" drawn as TeX draws it (a small raised A, a lowered E) + `after`."""
    pdf.setFont("Times-Roman", SIZE)
    pdf.drawString(x, y, before + " LuaL")
    x += stringWidth(before + " LuaL", "Times-Roman", SIZE) - 3.6
    pdf.setFont("Times-Roman", 0.73 * SIZE)
    pdf.drawString(x, y + 1.7, "A")
    x += stringWidth("A", "Times-Roman", 0.73 * SIZE) - 1.5
    pdf.setFont("Times-Roman", SIZE)
    for letter, rise in (("T", 0.0), ("E", -LOWERED), ("X", 0.0)):
        pdf.drawString(x, y + rise, letter)
        x += stringWidth(letter, "Times-Roman", SIZE) - 1.6
    pdf.drawString(x + 5.0, y, after)


def _two_column_logo_pdf(path):
    pdf = canvas.Canvas(str(path), pagesize=(612, 792))
    # The right column's line sits exactly on the baseline of the left column's lowered E.
    _logo_line(pdf, 72, 700, "for asian alphabets,", "and fontspec are employed.")
    pdf.setFont("Times-Roman", SIZE)
    pdf.drawString(320, 700 - LOWERED, "for Greek, Vietnamese, and certain scripts")
    # The right column's line is set a little lower than the left one, so both are read as one
    # line anchored on the left column's baseline, and its E is lowered further from that.
    pdf.drawString(72, 600, "authors to include translations of a")
    _logo_line(pdf, 320, 600 - 1.25, "The package allows", "to access fonts")
    for row in range(12):  # body text, so that the page has columns and a body size
        pdf.drawString(72, 560 - 12 * row, "The fonts of the system are read by the class.")
        pdf.drawString(320, 560 - 12 * row, "Each language is loaded by its own option here.")
    pdf.save()
    return path


def test_a_logos_lowered_letter_stays_in_its_word_beside_another_columns_line(tmp_path):
    with pdfplumber.open(_two_column_logo_pdf(tmp_path / "logo.pdf")) as pdf:
        layout = layout_read(pdf)
    words = [w.text for s in layout.segments(None) for w in s.words]
    assert words.count("LuaLaTeX") == 2, words
    assert "E" not in words and "LuaLAT" not in words, words


def test_a_logo_hyphenated_at_a_line_end_is_joined_without_its_hyphen():
    assert join_lines(["typeset with the standard La-", "TeX commands."]) == (
        "typeset with the standard LaTeX commands."
    )
    assert join_lines(["runs under pdfLa-", "TeX, with fonts"]) == "runs under pdfLaTeX, with fonts"
    # A name the paper prints whole elsewhere is one word; other capitals keep the hyphen.
    assert join_lines(["written in Java-", "Script here"], {"javascript"}) == (
        "written in JavaScript here"
    )
    assert join_lines(["the Swiss-", "FEL laser"], {"javascript"}) == "the Swiss-FEL laser"
    assert join_lines(["a non-", "Gaussian tail"], set()) == "a non-Gaussian tail"


def test_a_title_in_a_medium_weight_font_and_bylines_with_affiliations():
    """URW's Times bold is named "-Medi": the title set in it at the headings' size, a little
    above the body's, is the title; each byline "Name, Affiliation, Town" gives its name."""
    bold, italic, roman = "AGNRMJ+NimbusRomNo9L-Medi", "UOHEJT+NimbusRomNo9L-ReguItal", "X+Regu"
    segments = [
        _segment("NEW METHODS OF READING THE TIDE", 54, 55, 14.3, bold),
        _segment("FROM HARBOUR GAUGES", 211, 73, 14.3, bold),
        _segment("Ann B. Carter, Academy of Lagado, Lagado, Balnibarbi", 172, 107, 12.0, italic),
        _segment("James Ode, Interdependence University, Boston, MA", 162, 121, 12.0, italic),
        _segment("Abstract", 279, 166, 14.3, bold),
        *[
            _segment(
                f"The gauges were read {i} times a day by hand.", 54, 197 + 14 * i, 12.0, roman
            )
            for i in range(8)
        ],
    ]
    layout = Layout(pages=[segments], page_sizes=[(612.0, 792.0)], body_size=12.0, columns=[])
    title, title_segment = title_find(layout, "")
    assert title == "New methods of reading the tide from harbour gauges"
    assert authors_find(layout, title_segment) == ["Ann B. Carter", "James Ode"]
    assert _segment("Results", 54, 300, 12.0, "URWGothicL-Demi").bold
    assert not _segment("Results", 54, 300, 12.0, "NimbusRomNo9L-Regu").bold


def test_a_heading_in_capitals_with_a_tex_logo_is_set_in_sentence_case():
    layout = Layout(pages=[[]], page_sizes=[(612.0, 792.0)], body_size=10.0, columns=[])
    heading = heading_of(
        layout, _segment("3. NON-LATIN SCRIPTS UNDER PDFLaTeX", 72, 300, 10.0, "X+CMBX10")
    )
    assert heading is not None and heading.title == "Non-latin scripts under PDFLaTeX"


def test_footnote_marks_on_a_title_are_dropped_but_an_exponent_is_kept():
    # title_find applies it to the title's text, where the marks were read as a superscript.
    assert without_footnote_marks("Class Version $1.11.1^{*†}$") == "Class Version 1.11.1"
    assert without_footnote_marks("Bounds in $L^{2}$ norm$^{1,*}$") == "Bounds in $L^{2}$ norm"
