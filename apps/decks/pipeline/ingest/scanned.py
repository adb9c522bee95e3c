"""Scanned pages: a picture of the page with the OCR's text laid over it, invisible.

A scanned page has no header block of its own: the journal's running header is one more line
of the OCR's text, and the OCR reads it a little differently on every page ("JOURNAL OF
FIELD ENTOMOLOGY 101", "JOURNAL 0F FIELD ENTOMOLOGY 103"), so the exact repetition that
`running.py` looks for never holds. Here the first (and last) line of each scanned page is
compared with the other pages' in a form that forgets what OCR confuses (a digit for a letter,
"rn" for "m", case, spacing, page numbers); a line that most pages of one parity nearly repeat
is the running header, never the paper's text (read as a bullet's subject or a slide title).
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pdfplumber

    from apps.decks.pipeline.ingest.layout import Layout, Segment

# One picture covering this share of the page is the page itself, scanned.
SCAN_AREA = 0.8
# How alike two pages' edge lines must be, read past OCR's confusions, to be one header.
ALIKE = 0.8
# Shorter than this (in letters), a repeated line proves nothing ("Vol", "pp").
MIN_LETTERS = 8
# OCR's usual confusions, read back to the letter the print has.
OCR_LETTERS = str.maketrans({"0": "o", "1": "l", "|": "l", "5": "s", "8": "b"})


def scanned_page(page: pdfplumber.page.Page) -> bool:
    """The page is one picture (a scan) with text over it (the OCR's layer)."""
    area = float(page.width) * float(page.height)
    if area <= 0 or not page.chars:
        return False
    for image in page.images:
        covered = (image["x1"] - image["x0"]) * (image["bottom"] - image["top"])
        if covered >= SCAN_AREA * area:
            return True
    return False


def ocr_key(text: str) -> str:
    """The line as letters only, past what OCR confuses and the page number at either end."""
    text = re.sub(r"^\W*\d+\W*|\W*\d+\W*$", " ", text.strip())
    text = text.translate(OCR_LETTERS).lower().replace("rn", "m")
    return re.sub(r"[^a-z]+", "", text)


def scanned_running_mark(layout: Layout) -> None:
    """Mark the scanned pages' repeated first and last lines as running header and footer."""
    pages = [n for n, is_scan in enumerate(layout.scanned) if is_scan]
    if len(pages) < 3:
        return
    for side in ("top", "bottom"):
        rows = {n: _edge_row(layout, n, side) for n in pages}
        keys = {n: ocr_key(" ".join(s.text for s in row)) for n, row in rows.items() if row}
        # A journal alternates its headers (its name on even pages, the paper's on odd):
        # each is on half the pages, so a third of them is enough.
        needed = max(2, len(keys) // 3)
        for number, key in keys.items():
            if len(key) < MIN_LETTERS or _title_of_first_page(layout, number, rows[number]):
                continue
            alike = sum(1 for other in keys.values() if _alike(key, other))
            if alike < needed:
                continue
            for segment in rows[number]:
                segment.role = "header"
                if segment.text not in layout.running:
                    layout.running.append(segment.text)


def _alike(one: str, other: str) -> bool:
    if not other or abs(len(one) - len(other)) > 0.3 * max(len(one), len(other)):
        return False
    return SequenceMatcher(None, one, other, autojunk=False).ratio() >= ALIKE


def _edge_row(layout: Layout, number: int, side: str) -> list[Segment]:
    """The page's first (or last) line of text, all its pieces."""
    lines = [s for s in layout.pages[number] if s.role in ("text", "header") and s.text.strip()]
    if not lines:
        return []
    edge = min(lines, key=lambda s: s.top) if side == "top" else max(lines, key=lambda s: s.bottom)
    return [s for s in lines if edge.top <= (s.top + s.bottom) / 2 <= edge.bottom]


def _title_of_first_page(layout: Layout, number: int, row: list[Segment]) -> bool:
    """Page 1's top line set larger than the text is the paper's title, though the later
    pages repeat it, smaller, as their running header."""
    return number == 0 and max(s.size for s in row) >= layout.body_size + 1.5


def scanned(layout: Layout, page: int) -> bool:
    """Page `page` (1-based) is a scan."""
    return 0 < page <= len(layout.scanned) and layout.scanned[page - 1]


def nearest_plate(boxes: list, top: float, bottom: float, below: bool) -> list:
    """On a scan, the photographs a caption's region takes: only the row nearest the caption
    on its side. A scanned page lays each plate as a picture of its own, and one caption under
    two plates stacked is the lower one's (the upper one's caption is elsewhere, or the OCR
    lost it): a crop of both put the caption under the wrong plate. Pictures side by side in
    that row (a plate's panels) stay together; drawn lines and boxes are kept as found."""
    photos = [b for b in boxes if b.image]
    if len(photos) < 2:
        return boxes

    def distance(box) -> float:
        return box.top - bottom if below else top - box.bottom

    nearest = min(photos, key=distance)
    row = [b for b in photos if _same_row(b, nearest)]
    return [b for b in boxes if not b.image or b in row]


def _same_row(box, other) -> bool:
    overlap = min(box.bottom, other.bottom) - max(box.top, other.top)
    return overlap >= 0.5 * min(box.bottom - box.top, other.bottom - other.top)


# A scanned heading is short: longer, a numbered line is a list's item or a sentence.
HEADING_WORDS = 8
# Space above a heading, in the page's usual gap between two lines of text.
HEADING_GAP = 1.5


def scanned_heading(layout: Layout, segment: Segment, numbered: bool, known: bool) -> bool:
    """A heading of a scanned page, which the OCR's layer cannot set in bold or larger (its
    one font, its sizes the word boxes' heights): a short line in capitals ("MATERIALS AND
    METHODS"; on page 1 a heading's usual name, "INTRODUCTION", or one below the first lines of
    text: the title block's authors are set in capitals too), or a short numbered line ("2. Methods") standing apart from the line above it
    by more than the page's lines stand apart. Without this the sections of a scanned paper
    ran into one another and their headings into their first sentences."""
    if not scanned(layout, segment.page) or segment.role != "text":
        return False
    text = segment.text.strip()
    words = text.split()
    letters = [c for c in text if c.isalpha()]
    if not words or len(words) > HEADING_WORDS or len(letters) < 4 or text.endswith(","):
        return False
    if segment.size < layout.body_size - 0.5:
        return False  # a plate's label or a footnote, smaller than the text, is none
    if segment.page == 1 and not (numbered or known or _prose_above(layout, segment)):
        return False  # the title block: its authors, in capitals, are no heading
    if all(c.isupper() for c in letters) and _on_its_own_line(layout, segment):
        return True
    return numbered and _set_apart_above(layout, segment)


def _prose_above(layout: Layout, segment: Segment) -> bool:
    """A line of running text (ten words or more) stands above the segment on its page."""
    return any(
        s.bottom <= segment.top and s.role == "text" and len(s.text.split()) >= 10
        for s in layout.pages[segment.page - 1]
    )


def _on_its_own_line(layout: Layout, segment: Segment) -> bool:
    return not any(
        other is not segment
        and other.role == "text"
        and min(other.bottom, segment.bottom) - max(other.top, segment.top) > 0
        for other in layout.pages[segment.page - 1]
    )


def _set_apart_above(layout: Layout, segment: Segment) -> bool:
    page = [s for s in layout.pages[segment.page - 1] if s.role == "text"]
    lines = sorted(page, key=lambda s: s.top)
    gaps = [b.top - a.bottom for a, b in zip(lines, lines[1:], strict=False) if b.top > a.bottom]
    if not gaps or not _on_its_own_line(layout, segment):
        return False
    usual = sorted(gaps)[len(gaps) // 2]
    above = [s for s in lines if s.bottom <= segment.top]
    if not above:
        return True
    gap = segment.top - max(s.bottom for s in above)
    return gap >= HEADING_GAP * max(usual, 1.0)
