"""Pages set sideways: a landscape float (LaTeX's `sidewaysfigure`, a wide table turned to fit)
prints its plot, its labels and its caption turned a quarter, on a page that is not marked
rotated. Read as it stands, the caption is a column of glyphs no caption search finds, so the
figure is lost. Such a page is turned upright (its /Rotate set, in a copy of the PDF) before
anything is read, so that its caption, crop and text are read like any other page's.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium

from apps.decks.pipeline.ingest.symbol_encoding import symbol_fonts_encoded
from apps.decks.pipeline.ingest.type3 import type3_fonts_named

CAPTION_LABEL = re.compile(r"(?:Figure|Fig\.|Table)\s*\d+")
TURNED_SHARE = 0.5  # of a page's glyphs, turned one way, for the page to be set sideways


@contextmanager
def opened_upright(pdf_path: Path) -> Iterator[tuple[pdfplumber.PDF, Path]]:
    """The PDF open for reading, with its sideways pages turned upright, and the file that
    holds those pages (the paper itself when none is sideways) for rendering crops."""
    plumber = pdfplumber.open(pdf_path)
    type3_fonts_named(plumber)  # before a page is read: its glyphs carry their font's name
    symbol_fonts_encoded(plumber)  # and Adobe's Symbol reads as its Greek, not as Latin
    try:
        turns = {index: turn for index, page in enumerate(plumber.pages) if (turn := _turn(page))}
        if not turns:
            yield plumber, pdf_path
            return
        plumber.close()
        with tempfile.TemporaryDirectory(prefix="tessera-upright-") as scratch:
            upright = Path(scratch) / "upright.pdf"
            _save_turned(pdf_path, turns, upright)
            plumber = pdfplumber.open(upright)
            type3_fonts_named(plumber)
            symbol_fonts_encoded(plumber)
            yield plumber, upright
    finally:
        plumber.close()


def _turn(page: pdfplumber.page.Page) -> int:
    """Degrees (clockwise) that set the page upright: 90 when most of its text reads upwards,
    270 when it reads downwards, and only when a caption's label is among that text; else 0."""
    chars = [c for c in page.chars if c["text"].strip()]
    for turn, up in ((90, True), (270, False)):
        turned = [c for c in chars if _reads_upwards(c) is up]
        if len(turned) <= TURNED_SHARE * len(chars):
            continue
        if CAPTION_LABEL.search("".join(c["text"] for c in turned)):
            return turn
    return 0


def _reads_upwards(char: dict) -> bool | None:
    """True for a glyph turned a quarter anticlockwise, False clockwise, None otherwise."""
    a, b, c, d = (char.get("matrix") or (1, 0, 0, 1))[:4]
    if abs(a) > 0.01 or abs(d) > 0.01:
        return None
    if b > 0 > c:
        return True
    if c > 0 > b:
        return False
    return None


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
