"""Figures and tables: find captions, find the region each caption describes, crop it.

A figure's region is bounded by the nearest *blocking* text (body paragraphs, headings, other
captions, the running header) on the caption's side, then tightened to the drawing objects and
small text (axis labels) inside. Vector figures are cropped from the rendered page, so they
come out exactly as printed. Tables are found from their horizontal rules (booktabs style)
next to the caption, falling back to the same region search.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
from PIL import Image, ImageDraw

from apps.decks import limits
from apps.decks.pipeline.crops import crop_final
from apps.decks.pipeline.ingest.captions import Caption
from apps.decks.pipeline.ingest.continued import continued_captions, joined
from apps.decks.pipeline.ingest.figure_text import label_row, page_texts, smallest_text
from apps.decks.pipeline.ingest.frames import (
    Frame,
    caption_frames,
    inside_frame,
    without_frames,
)
from apps.decks.pipeline.ingest.layout import Layout, Segment
from apps.decks.pipeline.ingest.panel_parts import parts_written, several_shown
from apps.decks.pipeline.ingest.panels import rearranged
from apps.decks.pipeline.ingest.scanned import nearest_plate, scanned
from apps.decks.pipeline.ingest.structure import heading_of
from apps.decks.pipeline.paper import Figure

PAD_PT = 4.0
RESULTS_WORDS = re.compile(
    r"result|accuracy|performance|speed|time|error|compar|score|measure|statistic|estimate|"
    r"reproduc|replicat|precision|recall|mean|median",
    re.I,
)
NUMBER = re.compile(r"^[(\[]?[-+−]?[\d.,]+(?:[%×x]|e[-+]?\d+)?[)\]]?$|^[\d.,]+\s*±")


@dataclass
class Box:
    x0: float
    top: float
    x1: float
    bottom: float
    graphic: bool
    image: bool = False  # a raster image (not a vector path)

    @property
    def area(self) -> float:
        return max(0.0, self.x1 - self.x0) * max(0.0, self.bottom - self.top)


def objects_on(page: pdfplumber.page.Page, width: float, height: float) -> list[Box]:
    boxes = []
    for kind in ("images", "rects", "lines", "curves"):
        for obj in getattr(page, kind):
            x0, x1 = max(0.0, obj["x0"]), min(width, obj["x1"])
            top, bottom = max(0.0, obj["top"]), min(height, obj["bottom"])
            if x1 - x0 > 0.95 * width and bottom - top > 0.95 * height:
                continue  # a page background
            white = obj.get("non_stroking_color") in (None, [1], (1,), [1, 1, 1])
            if kind == "rects" and white and not obj.get("stroke"):
                continue  # white filler boxes
            boxes.append(Box(x0, top, x1, bottom, True, kind == "images"))
    return boxes


def header_band(layout: Layout, page: int) -> tuple[float, float]:
    height = layout.page_sizes[page - 1][1]
    top, bottom = 0.0, height
    for segment in layout.pages[page - 1]:
        if segment.role != "header":
            continue
        if segment.top < 0.5 * height:
            top = max(top, segment.bottom + 2)
        else:
            bottom = min(bottom, segment.top - 2)
    return top, bottom


def _blockers(layout: Layout, page: int, captions: list[Caption]) -> list[Segment]:
    """Text a figure cannot extend over: captions, headings, body paragraphs (including the
    short last line of a paragraph, found by its wide neighbour just above)."""
    width = layout.column_width()
    segments = sorted(
        (s for s in layout.pages[page - 1] if s.role == "text"), key=lambda s: (s.top, s.x0)
    )
    blocking: list[Segment] = []
    for segment in segments:
        if any(segment in c.segments for c in captions) or heading_of(layout, segment):
            blocking.append(segment)
            continue
        if not layout.is_body(segment) or label_row(segment, layout.body_size):
            continue  # smaller text, or a plot's row of tick labels: a figure's own
        wide = segment.width >= 0.4 * width
        continues = any(
            b.bottom <= segment.top + 1
            and segment.top - b.bottom < 0.8 * segment.size
            and layout.is_body(b)
            and not b.code  # a line of a code listing is no paragraph to continue
            and b.width >= 0.6 * width
            and abs(b.x0 - segment.x0) < 8
            for b in blocking
        )
        if wide or continues:
            blocking.append(segment)
    return blocking


def running_rule(box: Box, band_top: float, band_bottom: float) -> bool:
    """The rule under a running header (or over a footer) belongs to the page, not a figure."""
    thin = box.bottom - box.top < 2.5
    return thin and (box.top < band_top + 10 or box.bottom > band_bottom - 10)


def _overlaps(a0: float, a1: float, b0: float, b1: float, slack: float = 0.0) -> bool:
    return a0 < b1 + slack and b0 < a1 + slack


def region_find(
    layout: Layout,
    caption: Caption,
    objects: list[Box],
    captions: list[Caption],
    below: bool,
    floats: list[Box] = (),
) -> tuple[Box, set[int]] | None:
    """Region between the caption and the nearest blocking text, above it or below it, and the
    ids of the lines of the code listing it holds as its own (listing_lines). `floats`: the
    boxes of the page's tables, found first: a figure stacked under or over a table in its
    column stops at the table's rules and notes (its caption may be on the table's far side)."""
    page = caption.page
    band_top, band_bottom = header_band(layout, page)
    span0, span1 = caption.x0, caption.x1
    column_width = layout.column_width()
    if span1 - span0 < 0.6 * column_width:  # short centred caption: use the whole column
        for x0, x1 in layout.columns:
            if _overlaps(x0, x1, span0, span1):
                span0, span1 = min(span0, x0), max(span1, x1)
    same_page = [c for c in captions if c.page == page]
    caption_lines = {id(s) for c in same_page for s in c.segments}
    listing = listing_lines(layout, caption, captions, span0, span1, below)
    wall0, wall1 = _walls(caption, same_page, objects, below)
    blockers = [
        s
        for s in _blockers(layout, page, same_page)
        if s not in caption.segments
        and id(s) not in listing
        and _overlaps(s.x0, s.x1, span0, span1)
        # the caption of the figure beside this one, beyond the wall between them: its own
        and _overlaps(s.x0, s.x1, wall0, wall1)
        and (
            id(s) in caption_lines
            or heading_of(layout, s)
            or not _beside_drawing(s, objects, span0, span1)
        )
        and (id(s) in caption_lines or not drawing_label(layout, s, objects))
    ]
    beside = [f for f in floats if _overlaps(f.x0, f.x1, span0, span1)]
    if below:
        start = caption.bottom
        limit = min(
            [s.top for s in blockers if s.top >= start - 1]
            + [f.top - 1 for f in beside if f.top >= start - 1]
            + [band_bottom]
        )
        low, high = start - 1, limit + 1
    else:
        end = caption.top
        limit = max(
            [s.bottom for s in blockers if s.bottom <= end + 1]
            + [f.bottom + 1 for f in beside if f.bottom <= end + 1]
            + [band_top]
        )
        low, high = limit - 1, end + 1
    if listing:  # the listing is the figure: it reaches as far as its block goes
        rows = [seg for seg in layout.pages[page - 1] if id(seg) in listing]
        if below:
            high = max(high, max(seg.bottom for seg in rows) + 1)
        else:
            low = min(low, min(seg.top for seg in rows) - 1)
    slack = 0.0 if listing else 60.0
    graphics = [
        b
        for b in objects
        if wall0 - 2 <= b.x0
        and b.x1 <= wall1 + 2
        and b.top >= low - 2
        and b.bottom <= high + 2
        # a listing's column holds the figure: no drawing of the next column joins it
        and _overlaps(b.x0, b.x1, span0 - slack, span1 + slack)
        and (_overlaps(b.x0, b.x1, span0, span1) or not _in_other_column(layout, b, span0, span1))
        and not running_rule(b, band_top, band_bottom)
    ]
    graphics = _with_panels_beside(graphics, objects, layout, (wall0, wall1), (span0, span1))
    if scanned(layout, page) and graphics:
        # a scan's plates are pictures of their own: the caption is the nearest one's only
        graphics = nearest_plate(graphics, caption.top, caption.bottom, below)
        if below:
            high = min(high, max(b.bottom for b in graphics) + 2)
        else:
            low = max(low, min(b.top for b in graphics) - 2)
    # Text belongs to the figure when it sits by its drawings (axis labels, legends); without
    # drawings, within the caption's column. Never a sidebar or the other column's text.
    if graphics:
        reach0, reach1 = min(b.x0 for b in graphics) - 30, max(b.x1 for b in graphics) + 30
    else:
        reach0, reach1 = span0 - 10, span1 + 10
    drawn = _hull(graphics)
    candidates = [
        s
        for s in layout.pages[page - 1]
        if (s.role in ("text", "rotated") or _label_in_margin(layout, s, drawn))
        and s not in caption.segments
        and s not in blockers
        and (
            id(s) in listing
            or not (drawn and (s.code or _prose_line(layout, s)) and not _within(s, drawn))
        )
        and s.top >= low
        and s.bottom <= high
    ]
    candidates = [
        s
        for s in candidates
        if wall0 - 2 <= s.x0
        and s.x1 <= wall1 + 2
        and (id(s) in listing or not _across_gutter(layout, s, span0, span1, drawn))
    ]
    taken = [s for s in candidates if id(s) in listing or (s.x0 >= reach0 and s.x1 <= reach1)]
    for _ in range(2 if graphics else 0):
        # labels chain: an axis title beyond its tick labels, more than the reach from the
        # drawing (only smaller text or turned text: a label, never the column's text)
        near0 = min(s.x0 for s in taken) - LABEL_CHAIN_PT if taken else reach0
        near1 = max(s.x1 for s in taken) + LABEL_CHAIN_PT if taken else reach1
        more = [
            s
            for s in candidates
            if s not in taken
            and (s.role == "rotated" or not layout.is_body(s))
            and _chains(s, min(near0, reach0), max(near1, reach1))
        ]
        if not more:
            break
        taken += more
    text_boxes = [Box(s.x0, s.top, s.x1, s.bottom, False) for s in taken]
    inside = graphics + text_boxes
    if not graphics and len(inside) < 4 and not listing:
        return None
    box = Box(
        min(b.x0 for b in inside),
        min(b.top for b in inside),
        max(b.x1 for b in inside),
        max(b.bottom for b in inside),
        True,
    )
    if box.x1 - box.x0 < 40 or box.bottom - box.top < 25:
        return None
    return box, listing


PANEL_BESIDE_PT = 60.0  # panels of one row stand at most this far apart (their labels between)


def _with_panels_beside(
    graphics: list[Box],
    objects: list[Box],
    layout: Layout,
    walls: tuple[float, float],
    span: tuple[float, float],
) -> list[Box]:
    """The drawing and the panels level with it in its row, however far past a short caption
    they reach: a row of three plots over a caption as wide as two kept two and a half (the
    crop cut through the third). A panel is level when it lies within the drawing's height,
    close beside it, between the walls and in no other text column."""
    if not graphics:
        return graphics
    found, changed = list(graphics), True
    taken = {id(b) for b in found}  # by identity: a map's 40,000 strokes made `in` cubic
    while changed:
        hull = _hull(found)
        more = [
            b
            for b in objects
            if id(b) not in taken
            and walls[0] - 2 <= b.x0
            and b.x1 <= walls[1] + 2
            and b.top >= hull.top - 2
            and b.bottom <= hull.bottom + 2
            and b.x0 <= hull.x1 + PANEL_BESIDE_PT
            and b.x1 >= hull.x0 - PANEL_BESIDE_PT
            and not _in_other_column(layout, b, *span)
        ]
        found += more
        taken.update(id(b) for b in more)
        changed = bool(more)
    return found


def _chains(segment: Segment, reach0: float, reach1: float) -> bool:
    """Within the labels' reach: the whole line, or for a turned axis title (narrow, set by
    its tick labels) its near side; measured from its far side, a y-axis title 15 pt left of
    its tick labels was left out and the crop's edge cut the panel's axis."""
    if segment.role == "rotated":
        return segment.x1 >= reach0 and segment.x0 <= reach1
    return segment.x0 >= reach0 and segment.x1 <= reach1


PLOT_TITLE_WORDS = 8
PLOT_TITLE_GAP_PT = 12.0
NODE_MAX_SHARE = 0.6  # of the column's width: a diagram's node, not a boxed heading band


def drawing_label(layout: Layout, segment: Segment, objects: list[Box]) -> bool:
    """A short line set bold or large like a heading that is a drawing's own: a plot's title,
    centred over a drawing just under it and not flush with its text column's left edge
    ("Fitting a Pareto distribution" over each panel), or the label of a diagram's node, inside
    a drawn box narrower than the column. Taken for section headings, they stopped the crop
    above the panels or below the diagram's top row, and the crop's edge cut through them."""
    if len(segment.text.split()) > PLOT_TITLE_WORDS:
        return False
    node = any(
        b.x0 <= segment.x0 + 1
        and b.x1 >= segment.x1 - 1
        and b.top <= segment.top + 1
        and b.bottom >= segment.bottom - 1
        and b.x1 - b.x0 <= NODE_MAX_SHARE * layout.column_width()
        and not b.image
        for b in objects
    )
    if node:
        return True
    if any(abs(segment.x0 - x0) < 3.0 for x0, _ in layout.columns):
        return False
    centre, width = (segment.x0 + segment.x1) / 2, segment.x1 - segment.x0
    return any(
        0.0 <= b.top - segment.bottom <= PLOT_TITLE_GAP_PT
        and b.x0 <= centre <= b.x1
        and b.x1 - b.x0 >= 0.6 * width
        for b in objects
    )


def _label_in_margin(layout: Layout, segment: Segment, drawn: Box | None) -> bool:
    """A figure wider than the text column puts its tick labels beyond the column, where the
    layout reads them as margin notes: a line there in smaller print than the body, by the
    drawing's side, is its label (left out, the crop was cut above it as foreign text)."""
    if segment.role != "margin" or drawn is None or layout.is_body(segment):
        return False
    return (
        segment.x0 >= drawn.x0 - LABEL_CHAIN_PT
        and segment.x1 <= drawn.x1 + LABEL_CHAIN_PT
        and segment.top >= drawn.top - LABEL_CHAIN_PT
        and segment.bottom <= drawn.bottom + LABEL_CHAIN_PT
    )


def _walls(
    caption: Caption, same_page: list[Caption], objects: list[Box] = (), below: bool = False
) -> tuple[float, float]:
    """How far left and right the caption's figure may reach: to the caption of the figure
    beside it, level with this one (two figures side by side, each over its caption), never
    into it; else without limit. Level: their tops, or their lines share a height (captions
    of one line and of three under side-by-side figures, their bottoms level). A caption
    shorter than its drawing leaves the drawing's end beyond it: the wall stands in the white
    gap between the two figures' drawings, when there is one."""
    wall0, wall1 = -math.inf, math.inf
    for other in same_page:
        level = abs(other.top - caption.top) < 0.5 * (caption.bottom - caption.top) + 2
        level = level or _overlaps(other.top, other.bottom, caption.top, caption.bottom, -2.0)
        if other is caption or not level:
            continue
        if other.x0 >= caption.x1:
            gap = _gap_between(caption.x1, other.x0, caption, objects, below)
            wall1 = min(wall1, other.x0 - 1 if gap is None else gap)
        elif other.x1 <= caption.x0:
            gap = _gap_between(other.x1, caption.x0, caption, objects, below)
            wall0 = max(wall0, other.x1 + 1 if gap is None else gap)
    return wall0, wall1


SIDE_BY_SIDE_REACH = 300.0  # how far from their captions side-by-side drawings are looked for


def _gap_between(
    left: float, right: float, caption: Caption, objects: list[Box], below: bool
) -> float | None:
    """The middle of the widest stretch between two captions (`left`..`right`) that no drawing
    on the figures' side of the captions crosses; None when no drawing reaches between them
    (listings, text: the wall stays at the other caption) or drawings fill the whole of it."""
    if below:
        near = [
            b for b in objects if caption.bottom - 2 <= b.top <= caption.bottom + SIDE_BY_SIDE_REACH
        ]
    else:
        near = [
            b for b in objects if caption.top - SIDE_BY_SIDE_REACH <= b.bottom <= caption.top + 2
        ]
    spans = sorted((b.x0, b.x1) for b in near if b.x0 < right and b.x1 > left)
    if not spans:
        return None
    free, at = [], left
    for x0, x1 in spans:
        if x0 > at:
            free.append((at, x0))
        at = max(at, x1)
    if at < right:
        free.append((at, right))
    if not free:
        return None
    x0, x1 = max(free, key=lambda f: f[1] - f[0])
    return (x0 + x1) / 2


def _in_other_column(layout: Layout, box: Box, span0: float, span1: float) -> bool:
    """A drawing beside the caption's span that reaches into a text column the span does not
    cover: the next column's figure, not a part of this one wider than its caption."""
    return any(
        not _overlaps(x0, x1, span0, span1) and _overlaps(box.x0, box.x1, x0 + 10, x1)
        for x0, x1 in layout.columns
    )


def _across_gutter(
    layout: Layout, segment: Segment, span0: float, span1: float, drawn: Box | None
) -> bool:
    """Text of a column the caption's span does not cover, outside the figure's drawings: the
    neighbour column's equation numbers, line ends or a short word across a narrow gutter. A
    column figure's crop stays in its column unless the drawing itself crosses the gutter."""
    if drawn is not None and _within(segment, drawn):
        return False
    middle = (segment.x0 + segment.x1) / 2
    return any(
        not _overlaps(x0, x1, span0, span1) and x0 <= middle <= x1 for x0, x1 in layout.columns
    )


LABEL_CHAIN_PT = 24.0  # an axis title stands this close beyond its tick labels
LISTING_GAP = 2.6  # line heights between two lines of one listing (its blank lines)
# line heights from a caption under its listing to the listing's last line (the float's skip
# above the caption); a caption over its listing is set close to it, and the text after a
# float is farther than that from its caption
CAPTION_UNDER_GAP = 3.0
CAPTION_OVER_GAP = 1.5
MIN_LISTING_LINES = 3


def listing_lines(
    layout: Layout,
    caption: Caption,
    captions: list[Caption],
    span0: float,
    span1: float,
    below: bool,
) -> set[int]:
    """Ids of the lines of a code listing that is the figure: the block of code lines next to
    the caption on its figure's side, within the caption's span, a line or two apart (blank
    lines inside a listing), until a line that is not code (the paragraph before the figure,
    a heading, another caption). A listing beside a drawing, level with it, goes with it when
    the block reaches the caption. Too few lines are no listing."""
    page = caption.page
    others = {id(s) for c in captions if c.page == page and c is not caption for s in c.segments}
    # the text columns the caption's span touches (a short centred caption under a listing
    # set from the column's left edge)
    touched = [(x0, x1) for x0, x1 in layout.columns if _overlaps(x0, x1, span0, span1)]
    reach0 = min([span0] + [x0 for x0, _ in touched])
    reach1 = max([span1] + [x1 for _, x1 in touched])
    lines = [
        s
        for s in layout.pages[page - 1]
        if s.role == "text"
        and s not in caption.segments
        and _overlaps(s.x0, s.x1, reach0, reach1)
        and (s.top >= caption.bottom - 1 if below else s.bottom <= caption.top + 1)
    ]
    lines.sort(key=lambda s: s.top if below else -s.bottom)
    code = [s for s in lines if s.code and id(s) not in others]
    if not code:
        return set()
    # a closing brace alone is too short to tell its font's widths: the listing's font does
    fonts = {s.font for s in code}
    # the text of a drawing beside the listing (a panel's labels) neither ends it nor joins it
    code0, code1 = min(s.x0 for s in code), max(s.x1 for s in code)
    edge = caption.bottom if below else caption.top
    block: list[Segment] = []
    for line in lines:
        gap = line.top - edge if below else edge - line.bottom
        reach = LISTING_GAP if block else CAPTION_OVER_GAP if below else CAPTION_UNDER_GAP
        if gap > reach * max(line.size, 1.0):
            break
        listed = line.code or (line.font in fonts and len(line.text.split()) <= 2)
        if not listed or id(line) in others or heading_of(layout, line):
            level = gap <= -0.5 * line.size  # a piece of a code line's own row
            if level or not _overlaps(line.x0, line.x1, code0, code1):
                continue
            break
        block.append(line)
        edge = max(edge, line.bottom) if below else min(edge, line.top)
    return {id(s) for s in block} if len(block) >= MIN_LISTING_LINES else set()


def _drawn_lines(
    layout: Layout, caption: Caption, box: Box, objects: list[Box], captions: list[Caption]
) -> set[int]:
    """Ids of the lines inside the figure's drawing (the hull of its drawing objects): its
    own text, also when it is code or reads like prose (a figure of code listings and their
    explanations between rules); never a caption or a running header."""
    band_top, band_bottom = header_band(layout, caption.page)
    drawn = _hull(
        [
            b
            for b in objects
            if b.x0 >= box.x0 - 1
            and b.x1 <= box.x1 + 1
            and b.top >= box.top - 1
            and b.bottom <= box.bottom + 1
            and not running_rule(b, band_top, band_bottom)
        ]
    )
    if drawn is None:
        return set()
    captioned = {id(s) for c in captions if c.page == caption.page for s in c.segments}
    inside = [b for b in objects if _overlaps(b.x0, b.x1, box.x0, box.x1)]
    return {
        id(s)
        for s in layout.pages[caption.page - 1]
        if s.role in ("text", "rotated")
        and id(s) not in captioned
        and (_within(s, drawn) or (_within(s, box) and drawing_label(layout, s, inside)))
    }


def _table_lines(layout: Layout, caption: Caption, box: Box, captions: list[Caption]) -> set[int]:
    """Ids of the lines inside a ruled table's box (table_region grew it to its cells and
    notes, never to a line of the column's prose): the table's own, whatever size they are
    set in; never a caption or a heading."""
    captioned = {id(s) for c in captions if c.page == caption.page for s in c.segments}
    return {
        id(s)
        for s in layout.pages[caption.page - 1]
        if s.role == "text"
        and id(s) not in captioned
        and heading_of(layout, s) is None
        and _within(s, box)
    }


def _beside_drawing(line: Segment, objects: list[Box], span0: float, span1: float) -> bool:
    """A line with a drawing beside it, at its height, in the caption's column (code set to
    the left of the graph it draws, text wrapped around a figure): it stands beside the
    figure, not between the figure and the caption, so it does not end the region. A line of
    code counts a rule beside it or through it too (a figure of code listings in ruled
    panels): prose beside a rule may be a column's text beside a column rule."""
    for b in objects:
        level = b.top < line.bottom - 1 and b.bottom > line.top + 1
        if not level or b.x0 < span0 - 1 or b.x1 > span1 + 1:
            continue
        beside = b.x0 >= line.x1 + 2 or b.x1 <= line.x0 - 2
        if beside and b.x1 - b.x0 >= 8 and b.bottom - b.top >= 4:
            return True
        if line.code and b.x1 - b.x0 < 2 and (beside or line.x0 < b.x0 < line.x1):
            return True
    return False


def _hull(boxes: list[Box]) -> Box | None:
    if not boxes:
        return None
    return Box(
        min(b.x0 for b in boxes),
        min(b.top for b in boxes),
        max(b.x1 for b in boxes),
        max(b.bottom for b in boxes),
        True,
    )


def _within(line: Segment, box: Box, slack: float = 1.0) -> bool:
    return (
        line.x0 >= box.x0 - slack
        and line.x1 <= box.x1 + slack
        and line.top >= box.top - slack
        and line.bottom <= box.bottom + slack
    )


def _prose_line(layout: Layout, line: Segment) -> bool:
    """A line of running text (body size, six words or more, a good part of the column wide,
    not a row of tick labels): outside the drawings it is the page's text, never the
    figure's label."""
    return (
        layout.is_body(line)
        and len(line.text.split()) >= 6
        and line.width >= 0.45 * layout.column_width()
        and not label_row(line, layout.body_size)
    )


def table_region(
    layout: Layout, caption: Caption, objects: list[Box], captions: list[Caption]
) -> Box | None:
    """A ruled table next to the caption: horizontal rules of one width, grown to the cells,
    header and vertical rules that touch them."""
    rules = [b for b in objects if b.graphic and b.bottom - b.top < 2.5 and b.x1 - b.x0 > 80]
    same_page = [c for c in captions if c.page == caption.page]
    groups: list[list[Box]] = []
    for rule in sorted(rules, key=lambda r: r.top):
        for group in groups:
            # two tables of one width on a page are two groups: a caption between their
            # rules parts them (one group took both, and one table the other's crop)
            parted = any(group[-1].bottom <= c.top and c.bottom <= rule.top for c in same_page)
            if abs(group[0].x0 - rule.x0) < 4 and abs(group[0].x1 - rule.x1) < 4 and not parted:
                group.append(rule)
                break
        else:
            groups.append([rule])
    best: tuple[float, Box] | None = None
    for group in groups:
        if len(group) < 2:
            continue
        top, bottom = group[0].top, group[-1].bottom
        distance = caption.top - bottom if bottom <= caption.top + 2 else top - caption.bottom
        if distance < -2 or distance > 80:
            continue
        if not _overlaps(group[0].x0, group[0].x1, caption.x0, caption.x1):
            continue
        box = Box(min(g.x0 for g in group), top, max(g.x1 for g in group), bottom, True)
        if best is None or distance < best[0]:
            best = (distance, box)
    if best is None:
        return None
    box = best[1]
    page = caption.page
    band_top, band_bottom = header_band(layout, page)
    low = max([band_top] + [c.bottom for c in same_page if c.bottom <= box.top + 1])
    high = min([band_bottom] + [c.top for c in same_page if c.top >= box.bottom - 1])
    cells = [
        Box(s.x0, s.top, s.x1, s.bottom, False)
        for s in layout.pages[page - 1]
        if s.role == "text"
        and not any(s in c.segments for c in same_page)
        and not (layout.is_body(s) and s.width >= 0.6 * layout.column_width())
        and heading_of(layout, s) is None
    ]
    candidates = [b for b in objects + cells if b.top >= low - 1 and b.bottom <= high + 1]
    return _grow(box, candidates, gap=6.0)


def _grow(box: Box, candidates: list[Box], gap: float) -> Box:
    """Add every candidate that overlaps the box horizontally and touches it vertically."""
    changed = True
    pending = list(candidates)
    while changed:
        changed = False
        remaining = []
        for b in pending:
            touches = b.top <= box.bottom + gap and b.bottom >= box.top - gap
            if touches and _overlaps(b.x0, b.x1, box.x0, box.x1):
                box = Box(
                    min(box.x0, b.x0),
                    min(box.top, b.top),
                    max(box.x1, b.x1),
                    max(box.bottom, b.bottom),
                    True,
                )
                changed = True
            else:
                remaining.append(b)
        pending = remaining
    return box


def _carries_results(layout: Layout, caption: Caption, box: Box) -> bool:
    tokens = [
        word.text
        for segment in layout.pages[caption.page - 1]
        for word in segment.words
        if box.top <= segment.top
        and segment.bottom <= box.bottom
        and box.x0 - 2 <= segment.x0
        and segment.x1 <= box.x1 + 2
    ]
    numeric = sum(1 for t in tokens if NUMBER.match(t))
    return bool(tokens) and (
        numeric / len(tokens) >= 0.3 or bool(RESULTS_WORDS.search(caption.text))
    )


PANEL_MARK = re.compile(r"^\(([a-z])\)(\s|$)")


def _panel_mark(text, box: Box) -> bool:
    """A line inside the figure that opens with a panel's label ("(b) Returning the result")."""
    x0, top, x1, bottom = text.bbox
    inside = (
        x0 >= box.x0 - 1 and x1 <= box.x1 + 1 and top >= box.top - 1 and bottom <= box.bottom + 1
    )
    return inside and bool(PANEL_MARK.match(text.text.strip()))


def _sideways(layout: Layout, page: int, box: Box) -> bool:
    """A figure set sideways on its page (a landscape plot turned to fit): nearly all of its
    text runs up the page, where a plot upright has one or two turned axis labels."""
    inside = [
        s
        for s in layout.pages[page - 1]
        if s.role in ("text", "rotated")
        and s.x0 >= box.x0 - 1
        and s.x1 <= box.x1 + 1
        and s.top >= box.top - 1
        and s.bottom <= box.bottom + 1
    ]
    turned = sum(1 for s in inside if s.role == "rotated" and not s.mirrored)
    return turned >= 6 and turned >= 3 * (len(inside) - turned)


def crop_render(
    document: pdfium.PdfDocument,
    page: int,
    box: Box,
    path: Path,
    sideways: bool = False,
    masks: list[tuple[float, float, float, float]] = (),
    lines: list[tuple[float, float, float, float]] = (),
    erase: list[tuple[float, float, float, float]] = (),
) -> tuple[tuple[int, int], int, Box]:
    """Render the box from the page (vector drawings come out as printed, a sideways figure
    turned upright) at a resolution that stays sharp across a slide, with the pieces of
    foreign lines in `masks` painted white; returns the image size, the panel count
    (panels.py) and the box the image shows (without the white margins it was trimmed of, but
    with the whole boxes of the text `lines` inside it: a label's box reaches past its ink).
    `erase`: the strokes of a frame around figure and caption (frames.py), painted white
    before the margins are trimmed."""
    pdf_page = document[page - 1]
    image, scale, (x0, top) = _rendered(pdf_page, box, [*masks, *erase])
    shown = box
    if not masks:  # a crop with foreign lines painted out keeps its box: checks find them by it
        _, (left, upper, right, lower) = _trimmed(image, 0)
        ink = Box(
            x0 + left / scale, top + upper / scale, x0 + right / scale, top + lower / scale, True
        )
        inside = [
            Box(*line, False)
            for line in lines
            if line[0] >= box.x0 - 1
            and line[1] >= box.top - 1
            and line[2] <= box.x1 + 1
            and line[3] <= box.bottom + 1
        ]
        # the box the image shows, never beyond the box asked for (its padding is no content)
        held = _hull([ink, *inside])
        shown = Box(
            max(box.x0, held.x0),
            max(box.top, held.top),
            min(box.x1, held.x1),
            min(box.bottom, held.bottom),
            True,
        )
        trimmed = (shown.x0 - box.x0, shown.top - box.top, box.x1 - shown.x1)
        if max(*trimmed, box.bottom - shown.bottom) > 1.0:
            # rendered again at the resolution its own width asks for (sharp across a slide)
            image, _, _ = _rendered(pdf_page, shown, [*masks, *erase])
    if sideways:
        image = image.rotate(-90, expand=True)  # its text read bottom to top: turn it back
    image, panels = rearranged(image)
    image.save(path, format="PNG", optimize=False, compress_level=6)
    pdf_page.close()
    return image.size, panels, shown


WHITE = 250  # grey level above which a pixel is the page's white


def _rendered(pdf_page, box: Box, masks) -> tuple[Image.Image, float, tuple[float, float]]:
    """The box and its white padding rendered at a resolution that stays sharp across a
    slide, the pieces of foreign lines in `masks` painted white; with the scale (px per pt)
    and the page point of the image's top left corner."""
    width, height = pdf_page.get_size()
    x0, top = max(0.0, box.x0 - PAD_PT), max(0.0, box.top - PAD_PT)
    x1, bottom = min(width, box.x1 + PAD_PT), min(height, box.bottom + PAD_PT)
    dpi = limits.get("figure_target_width_px") / ((x1 - x0) / 72)
    dpi = min(dpi, limits.get("figure_max_px") / (max(x1 - x0, bottom - top) / 72))
    dpi = min(limits.get("figure_max_dpi"), max(limits.get("figure_min_dpi"), dpi))
    bitmap = pdf_page.render(
        scale=dpi / 72,
        crop=(x0, height - bottom, width - x1, top),
        fill_color=(255, 255, 255, 255),
    )
    image = bitmap.to_pil().convert("RGB")
    scale = dpi / 72
    paint = ImageDraw.Draw(image)
    for m0, mtop, m1, mbottom in masks:
        paint.rectangle(
            (
                math.floor((m0 - x0) * scale),
                math.floor((mtop - top) * scale),
                math.ceil((m1 - x0) * scale),
                math.ceil((mbottom - top) * scale),
            ),
            fill="white",
        )
    return image, scale, (x0, top)


def _trimmed(image: Image.Image, pad: int) -> tuple[Image.Image, tuple[int, int, int, int]]:
    """The image without the white margins around its ink beyond `pad` pixels (a figure set in
    the paper as a full page image with wide white borders would be drawn small inside them),
    and the part of the image kept (left, upper, right, lower)."""
    ink = image.convert("L").point(lambda v: 255 if v < WHITE else 0).getbbox()
    width, height = image.size
    if ink is None:
        return image, (0, 0, width, height)
    kept = (
        max(0, ink[0] - pad),
        max(0, ink[1] - pad),
        min(width, ink[2] + pad),
        min(height, ink[3] + pad),
    )
    if kept == (0, 0, width, height):
        return image, kept
    return image.crop(kept), kept


def figures_extract(
    plumber: pdfplumber.PDF,
    document: pdfium.PdfDocument,
    layout: Layout,
    out_dir: Path,
    captions: list[Caption],
) -> tuple[list[Figure], set[int]]:
    """Crop every captioned figure and table; returns them and the segment ids they cover."""
    figures: list[Figure] = []
    covered: set[int] = set()
    objects_by_page: dict[int, list[Box]] = {}
    frames_by_page: dict[int, list[Frame]] = {}
    tables: dict[int, list[Box]] = {}  # page → the boxes of its tables, cropped first
    # tables first: a figure stacked with a table in one column stops at the table's box
    for caption in sorted(captions, key=lambda c: c.kind != "table"):
        covered.update(id(segment) for segment in caption.segments)
        if caption.page not in objects_by_page:
            width, height = layout.page_sizes[caption.page - 1]
            plumber_page = plumber.pages[caption.page - 1]
            on_page = [c for c in captions if c.page == caption.page]
            frames_by_page[caption.page] = caption_frames(plumber_page, on_page)
            # a frame around figure and caption is no part of the figure's drawing
            objects_by_page[caption.page] = without_frames(
                objects_on(plumber_page, width, height), frames_by_page[caption.page]
            )
        objects = objects_by_page[caption.page]
        frames = frames_by_page[caption.page]
        box, listing, ruled = None, set(), False
        if caption.kind == "table":
            box = table_region(layout, caption, objects, captions)
            ruled = box is not None
            order = (True, False)
        else:
            order = (False, True)
        floats = tables.get(caption.page, [])
        for below in order:
            if box is None:
                found = region_find(layout, caption, objects, captions, below, floats)
                box, listing = found if found else (None, set())
        if box is None:
            continue
        own = _drawn_lines(layout, caption, box, objects, captions) | listing
        if ruled:  # its cells and its notes under the rules ("ᵃ without the junction")
            own |= _table_lines(layout, caption, box, captions)
        nearby = page_texts(layout, caption.page, box, captions, own)
        cropped, masks = crop_final((box.x0, box.top, box.x1, box.bottom), nearby)
        box = Box(*inside_frame(cropped, frames), True)
        prefix = "fig" if caption.kind == "figure" else "tab"
        figure_id = f"{prefix}-{caption.number}"
        out_dir.mkdir(parents=True, exist_ok=True)
        sideways = _sideways(layout, caption.page, box)
        size, panels, shown = crop_render(
            document,
            caption.page,
            box,
            out_dir / f"{figure_id}.png",
            sideways,
            masks,
            [t.bbox for t in nearby],
            [r for frame in frames for r in frame.erase],
        )
        if caption.kind == "table":
            tables.setdefault(caption.page, []).append(shown)
        text_pt = smallest_text(layout, caption.page, box)
        # a rearranged or turned image no longer maps onto its page box: kept whole
        marks = [(t.bbox[1], t.bbox[3]) for t in nearby if _panel_mark(t, shown)]
        # printed panel labels, or a caption that says the figure has several parts: white
        # rows alone also part the bars of one tall chart (panel_parts.several_shown)
        parts = (
            parts_written(
                out_dir / f"{figure_id}.png",
                (shown.x0, shown.top, shown.x1, shown.bottom),
                text_pt,
                marks,
            )
            if caption.kind == "figure"
            and panels == 1
            and not sideways
            and (marks or several_shown(caption.text))
            else []
        )
        figures.append(
            Figure(
                id=figure_id,
                kind=caption.kind,
                number=caption.number,
                label=caption.label,
                caption=caption.text,
                page=caption.page,
                bbox=(shown.x0, shown.top, shown.x1, shown.bottom),
                image=f"{figure_id}.png",
                width_px=size[0],
                height_px=size[1],
                carries_results=caption.kind == "figure" or _carries_results(layout, caption, box),
                text_pt=text_pt,
                nearby=nearby,
                masks=masks,
                panels=panels,
                parts=parts,
                caption_bbox=(caption.x0, caption.top, caption.x1, caption.bottom),
            )
        )
        for segment in layout.pages[caption.page - 1]:
            inside = (
                segment.top >= box.top - 1
                and segment.bottom <= box.bottom + 1
                and segment.x0 >= box.x0 - 1
                and segment.x1 <= box.x1 + 1
            )
            if inside:
                covered.add(id(segment))
    figures = _one_caption_per_region(figures, captions)
    for part in continued_captions(layout, captions):
        covered |= _continued_part(plumber, document, layout, out_dir, captions, part, figures)
    figures.sort(key=lambda f: (f.kind != "figure", f.number))
    return figures, covered


def _continued_part(
    plumber: pdfplumber.PDF,
    document: pdfium.PdfDocument,
    layout: Layout,
    out_dir: Path,
    captions: list[Caption],
    part: Caption,
    figures: list[Figure],
) -> set[int]:
    """Crop the continued part of a figure over its caption ("Figure 3 (continued)") and join
    it to the figure's image; returns the ids of the lines it covers (its caption's always:
    they are no paragraph of the text)."""
    covered = {id(s) for s in part.segments}
    figure = next((f for f in figures if f.kind == "figure" and f.number == part.number), None)
    if figure is None:
        return covered
    width, height = layout.page_sizes[part.page - 1]
    objects = objects_on(plumber.pages[part.page - 1], width, height)
    known = [*captions, part]
    found = region_find(layout, part, objects, known, False) or region_find(
        layout, part, objects, known, True
    )
    if found is None:
        return covered
    box, listing = found
    own = _drawn_lines(layout, part, box, objects, known) | listing
    nearby = page_texts(layout, part.page, box, known, own)
    cropped, masks = crop_final((box.x0, box.top, box.x1, box.bottom), nearby)
    box = Box(*cropped, True)
    path = out_dir / f"{figure.id}-continued.png"
    crop_render(document, part.page, box, path, False, masks, [t.bbox for t in nearby])
    figure.width_px, figure.height_px = joined(out_dir / figure.image, path)
    path.unlink()
    return covered | {
        id(s)
        for s in layout.pages[part.page - 1]
        if s.top >= box.top - 1
        and s.bottom <= box.bottom + 1
        and s.x0 >= box.x0 - 1
        and s.x1 <= box.x1 + 1
    }


def _one_caption_per_region(figures: list[Figure], captions: list[Caption]) -> list[Figure]:
    """Two captions that found the same region (one caption's own drawing was missed, and its
    search went on to the next figure): the region is the nearer caption's. The other caption
    is left for drawings.py to match with a drawing beside it."""
    by_key = {(c.kind, c.number): c for c in captions}

    def distance(figure: Figure) -> float:
        caption = by_key[(figure.kind, figure.number)]
        return max(caption.top - figure.bbox[3], figure.bbox[1] - caption.bottom, 0.0)

    kept: list[Figure] = []
    for figure in sorted(figures, key=distance):
        if not any(f.page == figure.page and _same_region(f.bbox, figure.bbox) for f in kept):
            kept.append(figure)
    return kept


def _same_region(a: tuple, b: tuple) -> bool:
    w = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    h = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    smaller = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
    return w * h >= 0.8 * max(smaller, 1e-6)
