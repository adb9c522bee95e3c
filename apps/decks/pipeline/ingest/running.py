"""Running headers and footers, and page numbers: page furniture, never the paper's text.

Text in the top or bottom tenth of the page repeated on many pages is a running header or
footer, and a number there is a page number — unless it stands in a row of numbers (a plot's
tick labels at the top of a page). A bare number that is the lowest (or highest) line of its
page at the same height on many pages is a page number too, though it stands above the band
(A4 pages with a wide bottom margin). A line that opens (or closes) many pages at one height,
with the same words but for its numbers, is a running header (or footer) too, however far
from the edge the page's margins put it (a manual with a 1.3-inch top margin).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from apps.decks.pipeline.ingest.layout import Layout, Segment

PAGE_NUMBER = re.compile(r"(?:page\s*)?[-–]?\s*#\s*[-–]?(?:\s*(?:/|of)\s*#)?", re.I)


def running_key(text: str) -> str:
    return re.sub(r"\d+", "#", text.lower()).strip()


def running_mark(layout: Layout) -> None:
    """Headers and footers: text in the top/bottom band repeated on many pages, page numbers."""
    if not layout.pages:
        return
    keys: Counter[str] = Counter()
    for number, page in enumerate(layout.pages):
        height = layout.page_sizes[number][1]
        seen = set()
        for segment in page:
            if segment.top < 0.1 * height or segment.bottom > 0.9 * height:
                seen.add(running_key(segment.text))
        keys.update(seen)
    # Repeated short keys ("p", "e") are a figure's letters on several pages, not a header.
    repeated = {
        k for k, n in keys.items() if n >= max(2, len(layout.pages) // 3) and len(k.strip()) > 3
    }
    texts: list[str] = []
    title = _title_on_first_page(layout, repeated)
    for number, page in enumerate(layout.pages):
        height = layout.page_sizes[number][1]
        for segment in page:
            in_band = segment.top < 0.1 * height or segment.bottom > 0.9 * height
            if not in_band or segment is title:
                continue
            key = running_key(segment.text)
            page_number = PAGE_NUMBER.fullmatch(key.strip()) and not _axis_row(page, segment)
            # a line of code that opens several listings at a page's top ('import("music.lib");')
            # is the listings' first line, not the page's header
            if (key in repeated and not segment.monospaced) or page_number:
                segment.role = "header"
                if segment.text not in texts:
                    texts.append(segment.text)
    layout.running = texts
    _edge_lines(layout)
    _alternating_lines(layout)
    _page_numbers(layout)
    _beside_page_numbers(layout)


def _title_on_first_page(layout: Layout, repeated: set[str]) -> Segment | None:
    """The paper's title at the top of page 1 that later pages repeat, smaller, as their running
    header (a TUGboat preprint): the largest text of page 1, larger than the body and than every
    repetition, is the title there, not page furniture."""
    height = layout.page_sizes[0][1]
    upper = [s for s in layout.pages[0] if s.top < 0.5 * height and s.text.strip()]
    if not upper:
        return None
    largest = max(upper, key=lambda s: s.size)
    key = running_key(largest.text)
    if key not in repeated or largest.size < layout.body_size + 1.5:
        return None
    others = [s.size for page in layout.pages[1:] for s in page if running_key(s.text) == key]
    return largest if others and largest.size > 1.15 * max(others) else None


def _edge_lines(layout: Layout) -> None:
    """Running headers and footers outside the margin band: the first (or last) line of a
    page, repeated with the same words at the same height on many pages. A header set in
    pieces ("NEATO", "User's Manual, April 26, 2004", "4") is marked piece by piece: every
    segment on the repeated line."""
    if len(layout.pages) < 3:
        return
    edges: dict[tuple[str, str], list[tuple[int, float, list[Segment]]]] = {}
    for number, page in enumerate(layout.pages):
        lines = [s for s in page if s.role in ("text", "header")]
        if not lines:
            continue
        for side in ("top", "bottom"):
            edge = (
                min(lines, key=lambda s: s.top)
                if side == "top"
                else max(lines, key=lambda s: s.bottom)
            )
            row = sorted(
                (s for s in lines if edge.top <= (s.top + s.bottom) / 2 <= edge.bottom),
                key=lambda s: s.x0,
            )
            key = running_key(" ".join(s.text for s in row))
            code = all(s.monospaced for s in row)  # a listing's first line, not a header
            if len(key.replace("#", "").strip()) > 3 and not code and _set_apart(lines, row, side):
                at = edge.top if side == "top" else edge.bottom
                edges.setdefault((side, key), []).append((number, at, row))
    needed = max(3, len(layout.pages) // 3)
    for seen in edges.values():
        heights = sorted(at for _, at, _ in seen)
        middle = heights[len(heights) // 2]
        rows = [row for _, at, row in seen if abs(at - middle) <= 3]
        if len(rows) < needed:
            continue
        for row in rows:
            for segment in row:
                if segment.role == "text":
                    segment.role = "header"
                    if segment.text not in layout.running:
                        layout.running.append(segment.text)


def _alternating_lines(layout: Layout) -> None:
    """Running heads that alternate between even and odd pages (the authors' surnames on the
    left pages, a short title on the right ones), so that no text repeats on enough pages for
    `_edge_lines`: the first (or last) line of a page in the page's top (or bottom) band, set
    apart from the text, at one height on most pages — and no page's text starts (or ends) at
    that height without the gap (then it is the text block's edge, and a heading that happens
    to open two pages is no running head). Left as text, the head was read into the sentence
    crossing the page break ("com-Tide gauges and harbour silt pared")."""
    if len(layout.pages) < 2:
        return
    levels: dict[str, list[tuple[float, bool, list[Segment]]]] = {"top": [], "bottom": []}
    for number, page in enumerate(layout.pages):
        height = layout.page_sizes[number][1]
        lines = [s for s in page if s.role in ("text", "header")]
        if len(lines) < 2:
            continue
        for side in ("top", "bottom"):
            row = _edge_row(lines, side)
            at = min(s.top for s in row) if side == "top" else max(s.bottom for s in row)
            in_band = at < 0.1 * height if side == "top" else at > 0.9 * height
            levels[side].append((at, in_band and _set_apart(lines, row, side), row))
    for seen in levels.values():
        apart = [at for at, set_apart, _ in seen if set_apart]
        if not apart:
            continue
        middle = sorted(apart)[len(apart) // 2]
        here = [(set_apart, row) for at, set_apart, row in seen if abs(at - middle) <= 3]
        heads = [row for set_apart, row in here if set_apart]
        if len(heads) < max(2, len(layout.pages) // 2) or len(heads) < len(here):
            continue
        if not _alternate(heads, layout.body_size):
            continue
        for row in heads:
            if all(s.monospaced for s in row):
                continue  # a listing's first line, not a header
            for segment in row:
                if segment.role == "text":
                    segment.role = "header"
                    if segment.text not in layout.running:
                        layout.running.append(segment.text)


def _alternate(heads: list[list[Segment]], body_size: float) -> bool:
    """Rows that read as running heads: one text, or two (their numbers aside) each on pages
    of one parity (the even pages' and the odd pages'), none set larger than the body —
    headings that open every page of a manual ("1 Factoring a matrix", "2 Solving …") differ
    on each page and are set large."""
    texts: dict[str, set[int]] = {}
    for row in heads:
        if any(s.size > body_size + 0.5 for s in row):
            return False
        key = running_key(" ".join(s.text for s in row))
        texts.setdefault(key, set()).update(s.page % 2 for s in row)
    if len(texts) == 1:
        return True  # one short head on every page ("Li"), too short for the band's repetition
    return len(texts) == 2 and all(len(parities) == 1 for parities in texts.values())


def _edge_row(lines: list[Segment], side: str) -> list[Segment]:
    """The segments on the page's first (or last) line, left to right."""
    edge = min(lines, key=lambda s: s.top) if side == "top" else max(lines, key=lambda s: s.bottom)
    return sorted(
        (s for s in lines if edge.top <= (s.top + s.bottom) / 2 <= edge.bottom),
        key=lambda s: s.x0,
    )


def _set_apart(lines: list[Segment], row: list[Segment], side: str) -> bool:
    """A running line stands apart from the page's text: the gap to the next line is wider
    than the line is tall (a header set a line's leading above the text is the text's)."""
    height = max(s.bottom - s.top for s in row)
    rest = [s for s in lines if s not in row]
    if not rest:
        return False
    if side == "top":
        gap = min(s.top for s in rest) - max(s.bottom for s in row)
    else:
        gap = min(s.top for s in row) - max(s.bottom for s in rest)
    return gap >= height


def _beside_page_numbers(layout: Layout) -> None:
    """The words on a page number's line, at the page's top or foot, are the running header
    (or footer) too, though no other page repeats them: a header that names the current
    section ("7 INSPECTING FITTED MODELS   14") changes with it. Left as text it was read as
    the first words of the page's first paragraph."""
    for page in layout.pages:
        numbers = [
            s for s in page if s.role == "header" and PAGE_NUMBER.fullmatch(running_key(s.text))
        ]
        lines = [s for s in page if s.role == "text"]
        for number in numbers:
            beside = [s for s in lines if _same_line(s, number)]
            rest = [s for s in lines if s not in beside]
            if not beside or not rest:
                continue
            top = number.top <= min(s.top for s in rest)
            bottom = number.bottom >= max(s.bottom for s in rest)
            side = "top" if top else "bottom" if bottom else ""
            if not side or not _set_apart(lines, [*beside, number], side):
                continue
            for segment in beside:
                segment.role = "header"
                if segment.text not in layout.running:
                    layout.running.append(segment.text)


def _same_line(segment: Segment, number: Segment) -> bool:
    """The segment shares the number's line: their heights overlap by most of the smaller."""
    overlap = min(segment.bottom, number.bottom) - max(segment.top, number.top)
    height = min(segment.bottom - segment.top, number.bottom - number.top)
    return height > 0 and overlap >= 0.6 * height


NUMBER = re.compile(r"[-−–]?[\d.,]+")


def _axis_row(page: list[Segment], segment: Segment) -> bool:
    """A number with two or more other numbers on its line (a plot's tick labels at the top
    or foot of a page), or at the end of a column of numbers aligned on their right edge (the
    top or bottom tick label of a plot's y axis): not a page number (a page has one)."""
    numbers = [s for s in page if NUMBER.fullmatch(s.text.strip())]
    row = [s for s in numbers if abs(s.top - segment.top) <= 2]
    column = [
        s
        for s in numbers
        if s is not segment
        and abs(s.x1 - segment.x1) <= 2
        and 0 < abs(s.top - segment.top) <= 8 * max(segment.size, 1.0)
    ]
    return len(row) >= 3 or len(column) >= 2


def _page_numbers(layout: Layout) -> None:
    edges: list[Segment] = []
    for page in layout.pages:
        lines = [s for s in page if s.role == "text"]
        if lines:
            lowest = max(lines, key=lambda s: s.bottom)
            highest = min(lines, key=lambda s: s.top)
            edges += [lowest] if lowest is highest else [lowest, highest]
    numbers = [s for s in edges if re.fullmatch(r"\d{1,4}", s.text.strip())]
    for segment in numbers:
        level = sum(1 for other in numbers if abs(other.top - segment.top) <= 3)
        page = layout.pages[segment.page - 1]
        if level >= max(3, len(layout.pages) // 3) and not _axis_row(page, segment):
            segment.role = "header"
