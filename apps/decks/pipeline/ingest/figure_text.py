"""The page text in and around a figure's region, each line with what it is (body text, running
header, heading, caption, or the figure's own label): what crops.py keeps out of a crop."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from apps.decks.pipeline.ingest.layout import Layout, Segment
from apps.decks.pipeline.ingest.structure import heading_of
from apps.decks.pipeline.paper import PageText

if TYPE_CHECKING:
    from apps.decks.pipeline.ingest.captions import Caption
    from apps.decks.pipeline.ingest.figures import Box


def page_texts(
    layout: Layout, page: int, box: Box, captions: list[Caption], own: set[int] = frozenset()
) -> list[PageText]:
    """The page's lines in and around a figure's box, each with what it is: the checks of
    crops.py keep body text, running headers, headings and captions out of the crop. Lines in
    `own` (ids) are the figure's labels, whatever they look like."""
    caption_segments = {id(s) for c in captions if c.page == page for s in c.segments}
    width = layout.column_width()
    notes = footnote_lines(layout, page)
    found = []
    for segment in layout.pages[page - 1]:
        near = (
            segment.x1 > box.x0 - 40
            and segment.x0 < box.x1 + 40
            and segment.bottom > box.top - 40
            and segment.top < box.bottom + 40
        )
        if not near:
            continue
        inside = (
            segment.x0 >= box.x0 - 1
            and segment.x1 <= box.x1 + 1
            and segment.top >= box.top - 1
            and segment.bottom <= box.bottom + 1
        )
        if id(segment) in notes:
            kind = "body"  # a footnote of the text ("³http://…"), however short or drawn near
        elif id(segment) in own:
            kind = "label"
        elif segment.role == "header" or (segment.role == "margin" and not inside):
            kind = "header"
        elif id(segment) in caption_segments:
            kind = "caption"
        elif heading_of(layout, segment) is not None:
            kind = "heading"
        elif _prose(layout, segment, width) and not _deep_inside(segment, box):
            kind = "body"
        elif _code(segment) and not _deep_inside(segment, box):
            kind = "body"  # the code echoed above a plot (Sweave, knitr): not the figure
        else:
            kind = "label"
        bbox = (segment.x0, segment.top, segment.x1, segment.bottom)
        found.append(PageText(bbox=bbox, kind=kind, text=segment.text[:200]))
    return found


FOOTNOTE_MARK = re.compile(r"^(?:\d{1,2}|[*†‡§¶])$")


def footnote_lines(layout: Layout, page: int) -> set[int]:
    """Ids of the page's footnotes, mark and text: a mark set small and raised (a number or a
    dagger) at the start of a line of a text column, the line of smaller text right after it
    (a URL footnote is too short to read as prose, and sat inside a figure's crop)."""
    segments = layout.pages[page - 1]
    starts = [x0 for x0, _ in layout.columns] or [min((s.x0 for s in segments), default=0.0)]
    found: set[int] = set()
    for mark in segments:
        small = mark.size <= 0.75 * layout.body_size
        at_start = any(-2 <= mark.x0 - x0 <= 20 for x0 in starts)
        if not (small and at_start and FOOTNOTE_MARK.match(mark.text.strip())):
            continue
        for line in segments:
            after = 0 <= line.x0 - mark.x1 <= 3
            raised = mark.top < line.top and mark.bottom <= line.bottom + 1
            if after and raised and line.size < layout.body_size - 0.2 and line.role == "text":
                found.update((id(mark), id(line)))
    return found


def _prose(layout: Layout, segment: Segment, width: float) -> bool:
    """A line of running text: body size or a little smaller (references, footnotes), long,
    its words a word space apart (not a plot's row of tick labels: label_row)."""
    return (
        segment.size >= 0.75 * layout.body_size
        and len(segment.text.split()) >= 6
        and segment.width >= 0.45 * width
        and not label_row(segment, layout.body_size)
    )


# of the font size: wider than any word space of a justified line of the text; a line set
# smaller than the text (a plot's labels) is not the text's, and a smaller gap tells it
LABEL_ROW_GAP = 0.7
SMALL_LABEL_ROW_GAP = 0.5


def label_row(segment: Segment, body_size: float) -> bool:
    """A row of labels set apart (a plot's category names under its axis: "gcc.scal gcc.vec
    gcc.par …"): three or more words, every gap between them wider than a word space."""
    words = sorted(segment.words, key=lambda w: w.x0)
    gaps = [b.x0 - a.x1 for a, b in zip(words, words[1:], strict=False)]
    small = segment.size < body_size - 0.8
    share = SMALL_LABEL_ROW_GAP if small else LABEL_ROW_GAP
    return len(words) >= 3 and min(gaps) >= share * max(segment.size, 1.0)


MONOSPACE_FONT = re.compile(r"mono|courier|consol|(?:^|\+)(?:[a-z]*tt\d|pcr)", re.I)


def _code(segment: Segment) -> bool:
    """A line of program code: set in a typewriter font, more than a word, with code marks."""
    text = segment.text.strip()
    return bool(
        MONOSPACE_FONT.search(segment.font)
        and (len(text.split()) >= 2 or re.fullmatch(r"[+>{}()\[\]\s]+", text))
        and re.search(r"[<>=(){}\[\]$#]|<-", text)
    )


def _deep_inside(segment: Segment, box: Box) -> bool:
    """Well inside the figure's region, away from its edges: the figure's own text."""
    margin_y = 0.15 * (box.bottom - box.top)
    margin_x = 0.1 * (box.x1 - box.x0)
    return (
        segment.top > box.top + margin_y
        and segment.bottom < box.bottom - margin_y
        and segment.x0 > box.x0 - 1 - margin_x
        and segment.x1 < box.x1 + 1 + margin_x
    )


def smallest_text(layout: Layout, page: int, box: Box) -> float:
    sizes = [
        s.size
        for s in layout.pages[page - 1]
        if s.x0 >= box.x0 - 1
        and s.x1 <= box.x1 + 1
        and s.top >= box.top - 1
        and s.bottom <= box.bottom + 1
    ]
    return round(min(sizes), 1) if sizes else 0.0
