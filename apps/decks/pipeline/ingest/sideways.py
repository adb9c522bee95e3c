"""Pages set sideways: a landscape float (LaTeX's `sidewaysfigure`, a wide table turned to fit)
prints its plot, its labels and its caption turned a quarter, on a page that is not marked
rotated. Read as it stands, the caption is a column of glyphs no caption search finds, so the
figure is lost. Such a page is turned upright (its /Rotate set, in a copy of the PDF) before
anything is read, so that its caption, crop and text are read like any other page's.
"""

from __future__ import annotations

import logging
import math
import re
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from apps.decks.pipeline.caption_labels import LABEL_WORDS
from apps.decks.pipeline.ingest.symbol_encoding import symbol_fonts_encoded
from apps.decks.pipeline.ingest.type3 import type3_fonts_named

CAPTION_LABEL = re.compile(rf"(?:{LABEL_WORDS})\s*\d+")
TURNED_SHARE = 0.5  # of a page's glyphs, turned one way, for the page to be set sideways
ANGLE_SLACK = 1.0  # degrees: a glyph turned a quarter, give or take rounding
NOT_A_CHARACTER = {0xFFFE, 0xFFFF}  # what PDFium reports for a glyph it cannot map

logger = logging.getLogger("tessera.decks")


@contextmanager
def opened_upright(pdf_path: Path) -> Iterator[tuple[pdfplumber.PDF, Path]]:
    """The PDF open for reading, with its sideways pages turned upright, and the file that
    holds those pages (the paper itself when none is sideways) for rendering crops.

    A file whose objects pdfminer cannot parse but PDFium can (a stray token in a page's
    dictionary, which viewers shrug off) is read from PDFium's copy of it: PDFium writes every
    object anew, so the copy holds only what it understood."""
    turns = sideways_turns(pdf_path)
    if not turns and _pdfminer_reads(pdf_path):
        with _plumber(pdf_path) as plumber:
            yield plumber, pdf_path
        return
    with tempfile.TemporaryDirectory(prefix="tessera-upright-") as scratch:
        upright = Path(scratch) / "upright.pdf"
        _save_turned(pdf_path, turns, upright)
        with _plumber(upright) as plumber:
            yield plumber, upright


def _pdfminer_reads(pdf_path: Path) -> bool:
    """pdfminer parses the page tree and every page's dictionary (not their contents)."""
    try:
        with pdfplumber.open(pdf_path) as plumber:
            plumber.pages  # noqa: B018 — reading the property parses the page tree
    except Exception as exc:  # pdfminer raises many unrelated types on objects it cannot parse
        logger.warning("pdfminer cannot parse %s (%r): reading PDFium's copy", pdf_path.name, exc)
        return False
    return True


@contextmanager
def _plumber(pdf_path: Path) -> Iterator[pdfplumber.PDF]:
    plumber = pdfplumber.open(pdf_path)
    try:
        type3_fonts_named(plumber)  # before a page is read: its glyphs carry their font's name
        symbol_fonts_encoded(plumber)  # and Adobe's Symbol reads as its Greek, not as Latin
        yield plumber
    finally:
        plumber.close()


def sideways_turns(pdf_path: Path) -> dict[int, int]:
    """Page index → degrees (clockwise) that set the page upright, for the pages set sideways.

    Read with PDFium's text layer, not pdfplumber's: pdfplumber parses every drawing of a page
    to give its glyphs, and a page of maps drawn with tens of thousands of strokes takes it half
    a minute — the whole paper would be parsed twice, once to look and once to read."""
    document = pdfium.PdfDocument(str(pdf_path))
    try:
        turns = {}
        for index in range(len(document)):
            page = document[index]
            try:
                if turn := _turn(page):
                    turns[index] = turn
            finally:
                page.close()
        return turns
    finally:
        document.close()


def _turn(page: pdfium.PdfPage) -> int:
    """90 when most of the page's glyphs read upwards, 270 when they read downwards, and only
    when a caption's label is among them; else 0."""
    textpage = page.get_textpage()
    try:
        glyphs = _glyph_angles(textpage)
    finally:
        textpage.close()
    for turn, angle in ((90, 270), (270, 90)):
        turned = [char for char, degrees in glyphs if abs(degrees - angle) <= ANGLE_SLACK]
        if len(turned) <= TURNED_SHARE * len(glyphs):
            continue
        if CAPTION_LABEL.search("".join(turned)):
            return turn
    return 0


def _glyph_angles(textpage: pdfium.PdfTextPage) -> list[tuple[str, float]]:
    """(character, angle in degrees as PDFium measures it: 270 reads upwards) of each glyph
    that is not a space; PDFium's own inserted spaces and line ends are left out too."""
    glyphs = []
    for index in range(textpage.count_chars()):
        code = pdfium_c.FPDFText_GetUnicode(textpage, index)
        if not code or code in NOT_A_CHARACTER or not chr(code).strip():
            continue
        radians = pdfium_c.FPDFText_GetCharAngle(textpage, index)
        if radians < 0:  # PDFium could not tell
            continue
        glyphs.append((chr(code), math.degrees(radians) % 360))
    return glyphs


def _save_turned(pdf_path: Path, turns: dict[int, int], into: Path) -> None:
    document = pdfium.PdfDocument(str(pdf_path))
    try:
        for index, turn in turns.items():
            page = document[index]
            page.set_rotation((page.get_rotation() + turn) % 360)
            page.close()
        document.save(str(into))
    finally:
        document.close()
