"""A page's column gutter, read from the whole page: a vertical band near the middle of the
text that no line of body text crosses, except full-width blocks (a title, an abstract set
across the page, a wide figure's caption).

Lines are read by baseline across the page (layout.page_lines), so when the gutter is narrow
(a few points: less than the gap that splits a line into segments) a line of the left column
and the line of the right column on the same baseline were one segment, and a page's lines
read interleaved, a line of one column then a line of the other. The gutter found over the
whole page splits those segments and says which column each segment is in, whatever the
order the PDF draws its text in and whatever the document-wide columns say.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from apps.decks.pipeline.ingest.layout import Segment

MIN_LINES = 10  # body lines a page needs before its gutter is read
CROSSING_SHARE = 0.4  # of the page's body lines, at most this many cross a gutter
FULL_LINES = 5  # lines filling each column from its edge to the gutter
# A column that holds only the end of a section (the last lines of a paper, the run-over of a
# first page) fills a few lines: enough when the other column is long and no line crosses
# the band, so that its lines and the other column's are read one beside the other.
SHORT_COLUMN_LINES, LONG_COLUMN_LINES = 2, 2 * FULL_LINES
EDGE_SHARE = 0.05  # of the text's width: a column's lines end (or start) this near the gutter


@dataclass(frozen=True)
class Gutter:
    left: float  # where the left column's lines end
    right: float  # where the right column's lines start

    @property
    def middle(self) -> float:
        return (self.left + self.right) / 2

    def crossed_by(self, segment: Segment) -> bool:
        """A word of the segment is drawn over the gutter: the line spans both columns."""
        return any(w.x0 < self.right - 0.5 and w.x1 > self.left + 0.5 for w in segment.words)


def page_gutter(segments: list[Segment], body_size: float) -> Gutter | None:
    """The gutter of a two-column page, or None (one column, or too little text to tell)."""
    body = [
        s
        for s in segments
        if s.role == "text" and abs(s.size - body_size) <= 0.8 and not s.monospaced
    ]  # program code's spaces line up in columns of their own
    if len(body) < MIN_LINES:
        return None
    left = min(s.x0 for s in body)
    right = max(s.x1 for s in body)
    width = right - left
    if width < 20 * body_size:
        return None
    # How many lines a word is drawn over at each x of the middle of the text: a gutter is
    # the band where that count falls to its least, crossed only by full-width lines.
    xs = [left + 0.3 * width + 0.5 * step for step in range(int(0.8 * width) + 1)]
    crossed = [sum(any(w.x0 < x < w.x1 for w in s.words) for s in body) for x in xs]
    least = min(crossed)
    if least > CROSSING_SHARE * len(body):
        return None
    lowest = crossed.index(least)
    within = least + max(1.0, 0.05 * len(body))
    first = last = lowest
    while first > 0 and crossed[first - 1] <= within:
        first -= 1
    while last < len(xs) - 1 and crossed[last + 1] <= within:
        last += 1
    gutter = Gutter(xs[first], xs[last])
    # wider than a justified line's word space or a typewriter font's space (a line of one column is never cut at one),
    # narrower than a column
    if not 0.6 * body_size <= gutter.right - gutter.left <= 0.12 * width:
        return None
    fewer, more = _full_lines(body, gutter, left, right)
    if fewer >= FULL_LINES:
        return gutter
    short_column = least == 0 and fewer >= SHORT_COLUMN_LINES and more >= LONG_COLUMN_LINES
    return gutter if short_column else None


def _full_lines(body: list[Segment], gutter: Gutter, left: float, right: float) -> tuple[int, int]:
    """How many lines fill a column from its outer edge to the gutter, in the fewer and in the
    more of the two columns: a justified column's lines, never a table's cells or a centred
    line."""
    reach = 0.1 * (right - left)
    near = EDGE_SHARE * (right - left)  # the band is where the fewest lines cross: its core
    lefts = rights = 0
    for segment in body:
        if gutter.crossed_by(segment):
            continue
        before = [w for w in segment.words if w.x1 <= gutter.middle]
        after = [w for w in segment.words if w.x0 >= gutter.middle]
        if (
            before
            and min(w.x0 for w in before) <= left + reach
            and max(w.x1 for w in before) >= gutter.left - near
        ):
            lefts += 1
        if (
            after
            and min(w.x0 for w in after) <= gutter.right + near
            and max(w.x1 for w in after) >= right - reach
        ):
            rights += 1
    return min(lefts, rights), max(lefts, rights)


def split_at_gutter(segments: list[Segment], gutter: Gutter) -> list[Segment]:
    """The page's segments with each one that holds a line of both columns (no word over the
    gutter) cut in two at the gutter; a line drawn over the gutter stays whole."""
    from apps.decks.pipeline.ingest.layout import Segment

    out: list[Segment] = []
    for segment in segments:
        before = [w for w in segment.words if w.x1 <= gutter.middle]
        after = [w for w in segment.words if w.x0 >= gutter.middle]
        if before and after and not gutter.crossed_by(segment) and not segment.monospaced:
            out += [Segment(segment.page, before), Segment(segment.page, after)]
        else:
            out.append(segment)
    out.sort(key=lambda s: (round(s.top), s.x0))
    return out


def typical(gutters: list[Gutter]) -> Gutter:
    return Gutter(
        statistics.median(g.left for g in gutters), statistics.median(g.right for g in gutters)
    )
