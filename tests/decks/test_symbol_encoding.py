"""Adobe's Symbol font read by its own encoding, on a paper of our own
(tests/fixtures/papers/ingest/symbolgreek, CC0): the Symbol font not embedded, with no
encoding and no text map, as old PDFs reference it. Read as Latin, "5 μm" says "5 m m" (or
"5 mm", a thousand times too big), "ΔT" "D T" and "50 Ω" "50 W"; read by the Symbol encoding
they say what the page shows. A symbol font whose encoding is not known (MT Extra) never gives
a Latin letter: its sentences are left out rather than stated with a wrong unit."""

from __future__ import annotations

import re

import pdfplumber
from django.conf import settings

from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.symbol_encoding import SYMBOL_FONT, symbol_fonts_encoded

FOLDER = settings.BASE_DIR / "tests/fixtures/papers/ingest/symbolgreek"


def _text(paper) -> str:
    return " ".join(
        [paper.title, paper.abstract]
        + [p for s in paper.sections for p in [s.title, *s.paragraphs]]
    )


def test_a_symbol_fonts_greek_reads_as_greek_not_latin(tmp_path):
    text = _text(paper_read(FOLDER / "tessera-symbolgreek.pdf", tmp_path / "figures"))
    # the unit is micrometres, the prefix one glyph with its unit
    assert "$40 \\mu m$" in text and "$2 \\mu m$" in text
    assert "\\Delta T = 15" in text and "$50 \\Omega$" in text and "$\\alpha$" in text
    # never the Latin letters at the same codes
    assert not re.search(r"\b(?:40|2|20|30|45) ?\$? ?m\$? ?m\b", text)
    assert "D T" not in text and "50 W" not in text


def test_a_symbol_font_read_before_its_pages(tmp_path):
    """The reading is pdfplumber's own: a page's glyphs carry the Greek and the glyph's width
    (Symbol's metrics have none for "m": the word broke after a zero-width glyph)."""
    with pdfplumber.open(FOLDER / "tessera-symbolgreek.pdf") as pdf:
        symbol_fonts_encoded(pdf)
        greek = [c for c in pdf.pages[0].chars if c["fontname"] == "Symbol"]
    assert greek and {c["text"] for c in greek} <= {
        "\u00b5",
        "\u2206",
        "\u2126",
        "\u03b1",
    }  # µ ∆ Ω α
    assert all(c["x1"] - c["x0"] > 2 for c in greek)


def test_an_unknown_symbol_fonts_letters_state_no_unit(tmp_path):
    text = _text(paper_read(FOLDER / "tessera-symbolgreek-mtextra.pdf", tmp_path / "figures"))
    assert not re.search(r"\b(?:40|2|20|30|45) ?\$? ?m\$? ?m\b", text)
    assert "50 W" not in text and "D T" not in text
    # the prose without those glyphs stays
    assert "We dry thin films of kaolin clay" in text
    assert "The critical thickness depends mostly on the clay" in text


def test_symbol_font_names():
    for name in (
        "Symbol",
        "ABCDEF+SymbolMT",
        "Symbol,Bold",
        "StandardSymL-Slant_167",
        "StandardSymbolsPS",
    ):
        assert SYMBOL_FONT.search(name), name
    for name in ("SymbolicSans", "CMSY10", "ABCDEF+Symbolique"):
        assert not SYMBOL_FONT.search(name), name


def test_a_symbol_font_inside_a_figure_reads_as_greek():
    """A plot included as a PDF (R's device sets its Greek in Symbol, not embedded): the font
    sits in the figure's own resources; a page read before is read again."""
    with pdfplumber.open(FOLDER / "tessera-symbolgreek-figure.pdf") as pdf:
        before = "".join(c["text"] for c in pdf.pages[0].chars if c["fontname"] == "Symbol")
        symbol_fonts_encoded(pdf)
        after = "".join(c["text"] for c in pdf.pages[0].chars if c["fontname"] == "Symbol")
    assert before.startswith("mm") and after.startswith("\u00b5\u00b5\u2206\u2126\u03b1")
