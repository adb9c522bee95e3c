"""Numbered headings set in the body's own font: a report written in a word processor sets "1
Introduction", "2.3 Search" at the text's size, maybe not even bold, and nothing in their looks
tells them from the text. Their numbers do: over the document, short numbered lines of their own
whose numbers run as a section outline (1, 2, 2.1, 2.2, 3 …, each the next of the one before,
one level deeper or the next at its own or a higher level) are its headings. A numbered list
inside a section ("1 Record the tide …", "2 Send …") breaks that outline and is left out: the
longest outline the lines allow is kept, never a list's run."""

from __future__ import annotations

import re

from apps.decks.pipeline.ingest.layout import Layout, Segment, reading_order

# "2.3 Search of the records", "4. Discussion", a capital after the number, no sentence's end.
# A heading may ask a question or name its subject before a colon ("3.2 Salinity: the winter
# low", "5 Why now?").
TITLE = r"(?P<title>[A-Z][^.!;:?]{1,80}(?::\s[^.!;:?]{1,60})?\??)$"
OUTLINE_LINE = re.compile(r"^(?P<number>\d{1,2}(?:\.\d{1,2}){0,3})\.?\s+" + TITLE)
# An outline may number its sections by letters ("A. Background", an appendix's "B Tables")
# or roman numerals ("II. Methods"); one level only, and a letter or a numeral opens
# sentences too ("A survey …", "I think …"), so their lines count only as a run of their own.
LETTERED_LINE = re.compile(r"^(?P<number>[A-H]|[IVX]{1,4})\.?\s+" + TITLE)
ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII"]
MAX_TITLE_WORDS = 10
MIN_HEADINGS = 3  # an outline of fewer numbers is no evidence
# appendices lettered after an outline found already: "A Tables", "B Station list"
MIN_APPENDICES = 2
SHORT_OF_COLUMN = 0.75  # a heading's line stops well before the column's right edge

_CACHE: dict[int, tuple[Layout, frozenset[int]]] = {}


def numbered(text: str) -> tuple[str, tuple[int, ...]] | None:
    """The kind of the line's number ("arabic", "letter", "roman") and its parts as integers
    ("2.3" → (2, 3), "C" → (3,), "IV" → (4,)); None when it is no outline line."""
    text = text.strip()
    match = OUTLINE_LINE.match(text)
    if match is not None:
        kind, parts = "arabic", tuple(int(p) for p in match.group("number").split("."))
    elif (match := LETTERED_LINE.match(text)) is not None:
        number = match.group("number")
        # "I" and "V" are roman numerals before they are letters; "C", "D" … are letters
        if number in ROMAN and (number not in "ABCDEFGH" or number in ("I", "V")):
            kind, parts = "roman", (ROMAN.index(number) + 1,)
        elif len(number) == 1 and number in "ABCDEFGH":
            kind, parts = "letter", ("ABCDEFGH".index(number) + 1,)
        else:
            return None
    else:
        return None
    if len(match.group("title").split()) > MAX_TITLE_WORDS:
        return None
    return kind, parts


def _number(text: str) -> tuple[int, ...] | None:
    found = numbered(text)
    return found[1] if found is not None else None


def follows(before: tuple[int, ...], after: tuple[int, ...]) -> bool:
    """Is `after` the next heading's number after `before` in an outline: one level deeper
    opening at 1 (2 → 2.1), or the next number at its level or a higher one (2.2 → 2.3, 2.3 →
    3)?"""
    if after == (*before, 1):
        return True
    depth = len(after)
    return depth <= len(before) and after == (*before[: depth - 1], before[depth - 1] + 1)


def follows_past_one(before: tuple[int, ...], after: tuple[int, ...]) -> bool:
    """Is `after` the number after next at its level (2.1 → 2.3, 2.3 → 4): the heading between
    went unread (its title wrapped over two lines, or it heads a table set apart)?"""
    depth = len(after)
    return depth <= len(before) and after == (*before[: depth - 1], before[depth - 1] + 2)


def _next_line(layout: Layout, segment: Segment) -> Segment | None:
    """The text line right under the segment in its column."""
    below = [
        s
        for s in layout.pages[segment.page - 1]
        if s is not segment
        and s.role == "text"
        and s.top >= segment.bottom - 1
        and s.x0 < segment.x1
        and segment.x0 < s.x1
    ]
    return min(below, key=lambda s: s.top, default=None)


def _heads_text(layout: Layout, segment: Segment, number: tuple[int, ...]) -> bool:
    """Is the line followed by what a heading is followed by: a line of the text, or the
    heading of its first part (2 → 2.1)? An item of a list is followed by the next item."""
    after = _next_line(layout, segment)
    if after is None:
        return True  # the page's last line: the text goes on over the page
    following = _number(after.text)
    if following is not None:
        return len(following) > len(number)
    return layout.is_body(after) and len(after.text.split()) >= 4


def _candidates(layout: Layout) -> list[tuple[Segment, str, tuple[int, ...]]]:
    """Short numbered lines of their own, at the text's size or larger (a heading already set
    larger still counts in the outline, so a list's numbers cannot pass for it)."""
    width = layout.column_width()
    found = []
    for page in range(1, len(layout.pages) + 1):
        for segment in reading_order(layout, page):
            if segment.role != "text" or segment.code or segment.cell or segment.contents:
                continue
            if segment.size < layout.body_size - 0.8 or segment.width > SHORT_OF_COLUMN * width:
                continue
            kind_number = numbered(segment.text)
            if kind_number is not None and _heads_text(layout, segment, kind_number[1]):
                found.append((segment, *kind_number))
    return found


def _longest_outline(numbers: list[tuple[int, ...]]) -> list[int]:
    """Indices of the longest run (in reading order) that opens at 1 and in which each number
    follows the one before, or the one before that (one heading of the outline unread must not
    cost every heading after it its place)."""
    best: list[list[int]] = []
    for i, number in enumerate(numbers):
        chains = [
            best[j]
            for j in range(i)
            if best[j] and (follows(numbers[j], number) or follows_past_one(numbers[j], number))
        ]
        chain = max(chains, key=len, default=None)
        if chain is not None:
            best.append([*chain, i])
        else:
            best.append([i] if number == (1,) else [])
    return max(best, key=len, default=[])


def outline_headings(layout: Layout) -> frozenset[int]:
    """Ids of the body-font lines whose numbers form the document's section outline (at least
    MIN_HEADINGS of them, at two or more top-level numbers), with the lettered appendices after
    it; or the lines of an outline lettered or numbered in roman. Empty when there is none."""
    cached = _CACHE.get(id(layout))
    if cached is not None and cached[0] is layout:
        return cached[1]
    candidates = _candidates(layout)
    found: set[int] = set()
    for kind in ("arabic", "roman", "letter"):
        lines = [(segment, number) for segment, k, number in candidates if k == kind]
        chain = _longest_outline([number for _, number in lines])
        tops = {lines[i][1][0] for i in chain}
        least = MIN_APPENDICES if kind == "letter" and found else MIN_HEADINGS
        if len(chain) >= least and len(tops) >= 2:
            found.update(id(lines[i][0]) for i in chain)
    outline = frozenset(found)
    _CACHE.clear()  # one layout is read at a time
    _CACHE[id(layout)] = (layout, outline)
    return outline
