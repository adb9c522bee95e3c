"""The paper's reference list, entry by entry, keyed by the marker the text cites it with
("[8]" → "8", "[BSD]" → "BSD"). The sections stop at the list and its entries make no slide;
they are kept so that a citation can be read for what it cites: a marker alone cannot tell the
authors' own software ("[8] PyUtilib: A python utility library. http://…") from another
team's study, and a deck that calls the paper's own tool "a previous study" says something
false (shown_objects.cites_own_project)."""

from __future__ import annotations

import re

from apps.decks.pipeline.ingest.layout import Layout, Segment, column_of

# The line that names the list ("References", "Bibliography", "Literature cited").
LIST_HEADING = re.compile(
    r"^(?:\d+\.?\s+)?(?:references?(?:\s+and\s+notes|\s+cited)?|bibliography|literature\s+cited|"
    r"works\s+cited)\s*$",
    re.I,
)
# An entry's opening marker: "[8] ", "[BSD] ", "[Rok09] ".
# The marker may stand alone, set in a hanging column beside the entry's text.
ENTRY = re.compile(r"^\[([A-Za-z0-9][\w+.-]{0,15})\](?:\s+|$)")
MAX_ENTRIES = 400


def references_read(layout: Layout) -> dict[str, str]:
    """The entries of the paper's last bracket-numbered reference list ({} when it has none or
    its entries open with no bracketed marker, as author-year lists do)."""
    # a line at a column's top may be taken for a margin note: the list goes on in it
    lines = [
        s
        for page in layout.pages
        for s in sorted(page, key=lambda s: (column_of(layout, s.x0), s.top, s.x0))
        if s.role in ("text", "margin")
    ]
    starts = [n for n, s in enumerate(lines) if LIST_HEADING.match(s.text.strip())]
    if not starts:
        return {}
    listed = lines[starts[-1] + 1 :]
    if any(ENTRY.fullmatch(s.text.strip()) for s in listed):
        return _hanging_entries(listed)
    entries: dict[str, str] = {}
    key = ""
    for segment in listed:
        text = " ".join(segment.text.split())
        opening = ENTRY.match(text)
        if opening:
            key = opening.group(1)
            entries[key] = text[opening.end() :]
            if len(entries) >= MAX_ENTRIES:
                break
        elif key and len(text) < 200:
            entries[key] = _joined(entries[key], text)
    return entries


def _hanging_entries(listed: list[Segment]) -> dict[str, str]:
    """Entries whose markers hang in a column of their own left of the text ("[BSD]" beside
    "The BSD Software License …"): an entry's text is the lines right of its marker, from the
    marker's line down to the next marker of that column."""
    markers = [s for s in listed if ENTRY.fullmatch(s.text.strip())][:MAX_ENTRIES]
    entries: dict[str, str] = {}
    for marker in markers:
        below = [
            m.top
            for m in markers
            if m.page == marker.page and abs(m.x0 - marker.x0) < 3 and m.top > marker.top + 2
        ]
        end = min(below, default=float("inf"))
        lines = sorted(
            (
                s
                for s in listed
                if s.page == marker.page
                and marker.x1 <= s.x0 <= marker.x1 + 60
                and marker.top - 2 <= s.top < end - 2
                and not ENTRY.fullmatch(s.text.strip())
            ),
            key=lambda s: s.top,
        )
        text = ""
        for line in lines:
            text = _joined(text, " ".join(line.text.split()))
        entries[ENTRY.match(marker.text.strip()).group(1)] = text
    return entries


def _joined(entry: str, line: str) -> str:
    """The entry run on with its next line; a break inside a web address leaves no space."""
    joiner = "" if re.search(r"(?:https?://|www\.)\S*[/._-]$", entry) else " "
    return f"{entry}{joiner}{line}".strip()
