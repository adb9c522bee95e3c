"""The lines of a contents page, found by their layout, so that none is read as a heading or text.

A contents page lists the headings in the headings' own fonts: its chapter entries are bold and
numbered ("1 Overview", a page number far right), so the reader took each for a section heading,
and the entry "7 References" for the end of the body; every paragraph of the document after it
was lost. Its entries are also set on two lines when a heading is long (the page number on the
second line) or when the page number goes on a line of its own; the text rules of contents.py
only see entries on one line.

An entry ends with its page number: a number alone, right-aligned with the others, after a wide
gap or a dot leader, on a line of four pieces at most. Three or more such ends on one page,
aligned and with pages that go on and never back, with a dot leader, a "Contents" label or five entries, make the lines from the first to
the last of them a contents block, wrapped lines included; a page that goes on from a contents
page needs only one.
"""

from __future__ import annotations

import re

from apps.decks.pipeline.ingest.layout import Layout, Segment

ROW_PT = 2.0  # segments whose tops are this close are on one line
ALIGN_PT = 3.0  # page numbers end this close to one another
MIN_ENTRIES = 3
UNLABELLED_ENTRIES = 5  # without a leader or a label, this many entries
# An entry's pieces: its number, its heading, a leader, its page (a table's row has more cells)
MAX_PIECES = 4
PAGE_NUMBER = re.compile(r"^(?:\d{1,3}|[ivxlc]{1,7})$")
# a dot leader, alone or ending the heading's segment ("1.1 Coarsening ........"), with the
# page number read into it or not
LEADER = re.compile(r"(?:\.\s?){3,}\s*(?:\d{1,3})?$|(?:\.\s?){3,}")
LEADER_NUMBER = re.compile(r"(?:\.\s?){3,}\s*(\d{1,3})$")
LABEL = re.compile(r"^(?:table of )?contents$|^table des mati[eè]res$|^inhaltsverzeichnis$", re.I)


def contents_mark(layout: Layout) -> None:
    """Set `segment.contents` on every line of a contents block and on its label."""
    continued = False  # the page before ended in a contents block
    for page in layout.pages:
        # a page number far right may have been taken for a margin note
        rows = _rows([s for s in page if s.role in ("text", "margin")])
        ends = [
            (i, number)
            for i, row in enumerate(rows)
            if (number := _page_number(row, rows[i - 1] if i else None))
        ]
        ends = _aligned(ends)
        # a contents page's numbers end its lines; a listing's line numbers or a program's
        # printed values ("Cut Cost:  3") stand inside the text's width
        right = max((s.x1 for row in rows for s in row), default=0.0)
        if ends and rows[ends[0][0]][-1].x1 < right - 2 * ALIGN_PT:
            ends = []
        labelled = any(LABEL.match(" ".join(s.text for s in row).strip()) for row in rows)
        led = any(LEADER.search(s.text) for i, _ in ends for s in rows[i])
        enough = len(ends) >= MIN_ENTRIES and (led or labelled or len(ends) >= UNLABELLED_ENTRIES)
        if not ends or not (enough or (continued and ends[0][0] <= 1)) or not _ascending(ends):
            continued = False
            continue
        first, last = ends[0][0], ends[-1][0]
        if first > 0 and LABEL.match(" ".join(s.text for s in rows[first - 1]).strip()):
            first -= 1
        for row in rows[first : last + 1]:
            for segment in row:
                segment.contents = True
        continued = last >= len(rows) - 2  # only a folio may follow the last entry


def _rows(segments: list[Segment]) -> list[list[Segment]]:
    rows: list[list[Segment]] = []
    for segment in sorted(segments, key=lambda s: (s.top, s.x0)):
        if rows and abs(rows[-1][0].top - segment.top) <= ROW_PT:
            rows[-1].append(segment)
        else:
            rows.append([segment])
    return [sorted(row, key=lambda s: s.x0) for row in rows]


def _page_number(row: list[Segment], above: list[Segment] | None) -> tuple[float, int] | None:
    """(right edge, page) of the page number ending this line, if it ends a contents entry: a
    number alone after the entry's words, or after a leader; or a line that is only a page
    number under a heading's words that have none (the entry set on two lines)."""
    last = row[-1].text.strip()
    if len(row) > MAX_PIECES:
        return None  # a table's row: its cells, then a number
    if PAGE_NUMBER.match(last):
        words = row[:-1] or (
            above if above and not PAGE_NUMBER.match(above[-1].text.strip()) else []
        )
        if any(re.search(r"[^\W\d_]{2}", s.text) for s in words):
            return row[-1].x1, _value(last)
        return None
    match = LEADER_NUMBER.search(last)
    if match and re.search(r"[^\W\d_]", last):
        return row[-1].x1, int(match.group(1))
    return None


def _value(number: str) -> int:
    return int(number) if number.isdigit() else 0  # a roman page comes before page 1


def _aligned(ends: list[tuple[int, tuple[float, int]]]) -> list[tuple[int, int]]:
    """The ends whose page numbers line up on the right with most of the others."""
    if not ends:
        return []
    rights = [right for _, (right, _) in ends]
    common = max(rights, key=lambda r: sum(1 for x in rights if abs(x - r) <= ALIGN_PT))
    return [(i, page) for i, (right, page) in ends if abs(right - common) <= ALIGN_PT]


def _ascending(ends: list[tuple[int, int]]) -> bool:
    """Pages that never go back and do go on: a table's column of one value ("10" on every
    row) is no list of pages."""
    pages = [page for _, page in ends]
    rising = all(a <= b for a, b in zip(pages, pages[1:], strict=False))
    return rising and (len(set(pages)) > 1 or len(pages) == 1)
