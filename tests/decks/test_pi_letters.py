"""Greek letters of an embedded pi font, on papers of our own built by
tests/fixtures/papers/ingest/pi_units/make.py (CC0 text, reportlab's URW Symbol program renamed
MathematicalPi-…, no text map). Where the font names its glyphs ("mu", "Delta") the text reads
μ, Δ, Ω; where it names them after the Latin letters whose codes they sit at, as publishers'
pi fonts do, "6.9 μm" reads "6.9 mm": such a letter beside a number is unreadable, the paper's
`text_layer` says so, and no bullet states the value with a Latin letter."""

from __future__ import annotations

import importlib.util
import re

import pytest
from django.conf import settings

from apps.decks.pipeline.garbled import lost_glyph
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.pi_letters import PI_FONT, PiLetters

FOLDER = settings.BASE_DIR / "tests/fixtures/papers/ingest/pi_units"


@pytest.fixture(scope="module")
def papers(tmp_path_factory):
    spec = importlib.util.spec_from_file_location("pi_units_make", FOLDER / "make.py")
    make = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make)
    out = tmp_path_factory.mktemp("pi_units")
    return {"named": make.build(out, latin=False), "latin": make.build(out, latin=True)}


def _paper_text(paper) -> str:
    return " ".join([paper.abstract] + [p for s in paper.sections for p in s.paragraphs])


def test_a_pi_fonts_named_greek_reads_as_greek(papers, tmp_path):
    paper = paper_read(papers["named"], tmp_path / "figures")
    text = _paper_text(paper)
    assert "6.9 $\\mu m$" in text and "$\\Delta = 3$" in text and "$50 \\Omega$" in text
    assert paper.text_layer == []  # nothing was lost


def test_a_pi_fonts_latin_named_greek_states_no_unit(papers, tmp_path):
    paper = paper_read(papers["latin"], tmp_path / "figures")
    text = _paper_text(paper)
    # never the Latin letters at the Greek letters' codes beside the numbers
    assert not re.search(r"6\.9 ?\$? ?m ?m", text)
    assert not re.search(r"\bD\$? = 3", text) and not re.search(r"50 ?\$? ?W\b", text)
    # each value's sentence holds an unreadable glyph, which the deck's checks drop
    sentences = re.split(r"(?<=\.) ", text)
    spacing = next(s for s in sentences if s.startswith("The trapped ions sit"))
    resistance = next(s for s in sentences if s.startswith("The electrode resistance"))
    assert lost_glyph(spacing) and lost_glyph(resistance)
    detuning = next(s for s in sentences if s.startswith("The drive detunes"))
    assert lost_glyph(detuning)  # "$\ufffd = 3$": the symbol given the value is unreadable
    # the prose around them stays, and the build says what it could not read
    assert "The gate fidelity stays above ninety nine percent" in text
    assert any("MathematicalPi-One" in note for note in paper.text_layer)


def test_an_unreadable_symbol_given_a_value_is_a_lost_glyph():
    """The bullet that gives an unreadable symbol a value is dropped (lost_glyph), never
    stripped of the glyph into "by = 3 kHz"; a glyph in a relation between letters is not."""
    assert lost_glyph("detunes the qubit by $\ufffd = 3$ kHz")
    assert lost_glyph("with $\ufffd_x/2 \\le 0.18$ MHz") is None  # a script between: not beside
    assert lost_glyph("so that $\ufffd \\approx 0.18$ MHz")
    assert lost_glyph("for $i \ufffd= j$") is None


def _char(text, x0, font="Times-Roman", size=10.0):
    return {
        "text": text,
        "x0": x0,
        "x1": x0 + 5,
        "top": 100.0,
        "bottom": 110.0,
        "size": size,
        "fontname": font,
        "upright": True,
    }


def test_only_a_letter_beside_a_number_is_marked():
    """A pi font's letter as a unit after digits or as a symbol before "= 3" is marked; the
    same letter in prose, away from any number, is left as it is."""
    pi = "ABCDEF+AdvP43B38B"
    greek = PiLetters({pi})
    unit = [_char("6", 0), _char(".", 5), _char("9", 10), _char("m", 16, pi), _char("m", 21)]
    symbol = [_char("D", 0, pi), _char("=", 8), _char("3", 16)]
    apart = [_char("a", 0), _char("m", 20, pi), _char("b", 40), _char("7", 80)]
    assert greek.mark(unit)[3]["text"] == "\ufffd" and greek.mark(unit)[4]["text"] == "m"
    assert greek.mark(symbol)[0]["text"] == "\ufffd"
    assert [c["text"] for c in greek.mark(apart)] == ["a", "m", "b", "7"]
    assert greek.marked[pi] == 3 and greek.notes()


def test_pi_font_names():
    for name in (
        "MathematicalPi-One",
        "ABCDEF+Universal-GreekwithMathPi",
        "EuclidSymbol",
        "CNDFNK+AdvP43B38B",
        "CNDGAC+AdvPi1",
        "XYZABC+SymbolMT",
    ):
        assert PI_FONT.search(name), name
    # text faces and TeX's math fonts (whose glyphs are named) are no pi fonts
    for name in ("CNDFFD+AdvOT1ef757c0", "AdvPSTim-R", "CMMI10", "MTMI", "Euclid-Italic"):
        assert not PI_FONT.search(name), name
