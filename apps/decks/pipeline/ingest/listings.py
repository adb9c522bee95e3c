"""Listings: the blocks of program code (and printed output) a paper sets between its paragraphs.

code.py marks their lines (`Segment.code`) so that they never become sentences; this module
keeps them, as blocks, where they stood: the section and the number of its paragraphs before
each. A slide whose bullet narrates a listing ("We declare the function signature to contain a
single argument …") can then show it (code_narration.py).

A line's words are placed at the columns their positions say: a typewriter font sets every
glyph one width, so the gap before a word, in glyph widths, is its indentation or its spaces.
"""

from __future__ import annotations

from apps.decks.pipeline.ingest.layout import Segment
from apps.decks.pipeline.paper import Listing, Section

MAX_GAP = 2.5  # font sizes between two lines of one listing; more: a new block


class ListingCollector:
    """Collects the code lines of a section, in reading order, into listings."""

    def __init__(self) -> None:
        self.lines: list[Segment] = []
        self.section: Section | None = None
        self.after = 0

    def add(self, section: Section, segment: Segment, after: int) -> None:
        """A code line of `section`, read after `after` of its paragraphs."""
        if self.lines and (
            section is not self.section
            or after != self.after
            or not _continues(self.lines[-1], segment)
        ):
            self.close()
        if not self.lines:
            self.section, self.after = section, after
        self.lines.append(segment)

    def close(self) -> None:
        """The listing being read ends (a line of prose, a heading, a new page's column)."""
        if self.lines and self.section is not None:
            text = listing_text(self.lines)
            if text.strip():
                self.section.listings.append(
                    Listing(after=self.after, text=text, page=self.lines[0].page)
                )
        self.lines = []
        self.section = None


def _continues(previous: Segment, segment: Segment) -> bool:
    """The line is read right after the previous one of its block: the same page and column
    (or the next column, a listing broken over two), not far under it."""
    if segment.page != previous.page or segment.column != previous.column:
        return True  # broken over a column or page: still one block when no prose came between
    return segment.top - previous.bottom <= MAX_GAP * max(previous.size, 1.0)


def listing_text(lines: list[Segment]) -> str:
    """The block's lines with their indentation: each word at the column its position says.
    Pieces of one printed line (a prompt apart from its statement, columns of printed values)
    are one row."""
    left = min(s.x0 for s in lines)
    width = _glyph_width(lines)
    rows: list[list[Segment]] = []
    for segment in lines:
        same = rows and any(
            s.page == segment.page and abs(s.top - segment.top) <= 0.4 * max(s.size, 1.0)
            for s in rows[-1]
        )
        if same:
            rows[-1].append(segment)
        else:
            rows.append([segment])
    out = []
    for row_segments in rows:
        row = ""
        words = sorted((w for s in row_segments for w in s.words), key=lambda w: w.x0)
        previous = None
        for word in words:
            # the indentation from the block's left edge; between words, the gap's own width
            # (a column counted from the edge drifts with the width's rounding)
            if previous is None:
                gap = round((word.x0 - left) / width) if width else 0
            else:
                # less than half a glyph: one word the PDF set in pieces ("<map" ">")
                gap = max(0, round((word.x0 - previous.x1) / width)) if width else 1
            row += " " * gap + word.text
            previous = word
        out.append(row.rstrip())
    return "\n".join(out).strip("\n")


def _glyph_width(lines: list[Segment]) -> float:
    """The width of one glyph of the block's typewriter font, from its longest words."""
    widths = [
        (w.x1 - w.x0) / len(w.text) for s in lines for w in s.words if len(w.text.strip()) >= 3
    ]
    if not widths:
        return 0.0
    widths.sort()
    return widths[len(widths) // 2]
