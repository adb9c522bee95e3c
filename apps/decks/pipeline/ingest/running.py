"""Running headers and footers, and page numbers: page furniture, never the paper's text.

Text in the top or bottom tenth of the page repeated on many pages is a running header or
footer, and a number there is a page number — unless it stands in a row of numbers (a plot's
tick labels at the top of a page). A bare number that is the lowest (or highest) line of its
page at the same height on many pages is a page number too, though it stands above the band
(A4 pages with a wide bottom margin).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from apps.decks.pipeline.ingest.layout import Layout, Segment

PAGE_NUMBER = re.compile(r"(?:page\s*)?[-–]?\s*#\s*[-–]?(?:\s*(?:/|of)\s*#)?", re.I)


def _running_key(text: str) -> str:
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
                seen.add(_running_key(segment.text))
        keys.update(seen)
    # Repeated short keys ("p", "e") are a figure's letters on several pages, not a header.
    repeated = {
        k for k, n in keys.items() if n >= max(2, len(layout.pages) // 3) and len(k.strip()) > 3
    }
    texts: list[str] = []
    for number, page in enumerate(layout.pages):
        height = layout.page_sizes[number][1]
        for segment in page:
            in_band = segment.top < 0.1 * height or segment.bottom > 0.9 * height
            if not in_band:
                continue
            key = _running_key(segment.text)
            page_number = PAGE_NUMBER.fullmatch(key.strip()) and not _axis_row(page, segment)
            if key in repeated or page_number:
                segment.role = "header"
                if segment.text not in texts:
                    texts.append(segment.text)
    layout.running = texts
    _page_numbers(layout)


def _axis_row(page: list[Segment], segment: Segment) -> bool:
    """A number with two or more other numbers on its line: a plot's tick labels at the top
    or foot of a page, not a page number (a page has one per line)."""
    numbers = [
        s
        for s in page
        if abs(s.top - segment.top) <= 2 and re.fullmatch(r"[-−–]?[\d.,]+", s.text.strip())
    ]
    return len(numbers) >= 3


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
        if level >= max(3, len(layout.pages) // 3):
            segment.role = "header"
