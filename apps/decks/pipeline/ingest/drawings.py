"""Figures without a caption, found from the page's own drawings and images.

Sweave and knitr vignettes draw many plots with no "Figure N" caption; captions_find never sees
them. Here a page's drawing objects (vector paths, images) are grouped into clusters of objects
that touch; a cluster is a figure when it is large and made of many objects, and when it is
none of the things that also draw on a page: a table's rules, a code box's frame or shading, a
box around text, the journal's logo above the title, the rule under a running header. Missing
a plot is better than showing a table or a page decoration as one, so every test errs that way.

Each figure gets the sentence that introduces it ("The 15 trees can be plotted with:"), when
the text just above it has one, as its caption and mention.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium

from apps.decks.pipeline import text
from apps.decks.pipeline.caption_labels import FIGURE_LABEL_WORDS, label_word, series
from apps.decks.pipeline.crops import crop_final
from apps.decks.pipeline.ingest.captions import Caption
from apps.decks.pipeline.ingest.figure_text import page_texts, smallest_text
from apps.decks.pipeline.ingest.figures import (
    Box,
    crop_render,
    header_band,
    objects_on,
    running_rule,
)
from apps.decks.pipeline.ingest.layout import Layout, Segment, join_lines, reading_order
from apps.decks.pipeline.ingest.scanned import scanned
from apps.decks.pipeline.ingest.structure import heading_of
from apps.decks.pipeline.paper import Figure
from apps.decks.pipeline.plot_statements import PLOT_WORD, plot_statement

TOUCH_PT = 8.0  # objects this close belong to one drawing
PANEL_GAP_PT = 72.0  # panels of one figure: apart by at most their labels' room
LABEL_REACH_PT = 24.0  # tick and axis labels sit this far outside a plot's lines
MIN_OBJECTS = 6  # a frame is 1-4 objects; a plot or a tree drawing has many
MIN_WIDTH_SHARE = 0.3  # of the text column
MIN_HEIGHT_PT = 60.0
INTRO_REACH_PT = 40.0  # the introducing sentence ends at most this far above (or its code)
LABEL = "Figure"
CLOSED_SENTENCE = re.compile(r"(?<=[.!?][)\]”’\"])\s+(?=[A-Z])")
CAPTION_GAP_PT = 36.0  # a caption this close under or over a drawing is its own
# A figure's label opening a line, with or without punctuation after it ("Figure 1 Example of
# …", "FIG. 2. …"): captions_find takes an unpunctuated label in the body font for prose
# ("Figure 1 shows …"); next to a drawing, as its first or last line, it is the caption.
LABEL_LINE = re.compile(rf"^({FIGURE_LABEL_WORDS})\s*(\d+)\s*[.:|—–-]?\s+(?=\S)")
# what a line of prose does with the figure it names: never a caption's first word
PROSE_VERB = re.compile(
    r"^(?:shows?|presents?|illustrates?|displays?|depicts?|gives?|compares?|plots?|reports?|"
    r"summari[sz]es?|is|are|was|has|and|or|to|in|of)\b",
    re.I,
)


@dataclass
class Drawing:
    page: int
    box: Box
    caption: str  # the sentence introducing it, or ""
    labels: set[int] = field(default_factory=set)  # ids of its own text lines (axis titles)
    drawn: Box | None = None  # the bounds of its drawing objects alone


def drawings_extract(
    plumber: pdfplumber.PDF,
    document: pdfium.PdfDocument,
    layout: Layout,
    out_dir: Path,
    found: list[Figure],
    captions: list[Caption],
) -> tuple[list[Figure], set[int]]:
    """Crop every drawing that no captioned figure holds. One with a caption beside it that
    found no region of its own takes that caption. In a paper without figure captions (a
    Sweave vignette) the others are figures too, in page order, with `captioned` False and the
    label "Figure"."""
    shown = {(f.kind, f.number) for f in found}
    orphans = [c for c in captions if c.kind == "figure" and (c.kind, c.number) not in shown]
    number = max(
        [f.number for f in found if f.kind == "figure"] + [c.number for c in orphans], default=0
    )
    figures: list[Figure] = []
    covered: set[int] = set()
    for page_number, page in enumerate(plumber.pages, start=1):
        taken = [f.bbox for f in found if f.page == page_number]
        for drawing in page_drawings(layout, page, page_number, taken):
            caption = _caption_beside(drawing, orphans)
            if caption is None:
                numbers = {f.number for f in found + figures if f.kind == "figure"}
                caption = _label_line_caption(layout, drawing, numbers)
                if caption is not None:
                    drawing = _without_caption(layout, drawing, caption)
                    number = max(number, caption.number)
            elif caption in orphans:
                orphans.remove(caption)
            if caption is not None:
                label, text_, figure_number = caption.label, caption.text, caption.number
                covered.update(id(s) for s in caption.segments)
            elif any(c.kind == "figure" for c in captions) and not _drawn_by_code(
                layout, page_number, drawing.box
            ):
                continue  # a paper that captions its figures: an uncaptioned drawing is a
                # supplement or a decoration more often than a figure of its argument, unless
                # the code printed just above it drew it (a knitr or Sweave plot)
            else:
                number += 1
                label, text_, figure_number = LABEL, drawing.caption, number
            known = captions if caption is None or caption in captions else [*captions, caption]
            nearby = page_texts(layout, page_number, drawing.box, known, drawing.labels)
            cropped, masks = crop_final(_tuple(drawing.box), nearby)
            box = Box(*cropped, True)
            figure_id = f"fig-{figure_number}"
            size, panels, shown = crop_render(
                document,
                page_number,
                box,
                out_dir / f"{figure_id}.png",
                masks=masks,
                lines=[t.bbox for t in nearby],
            )
            figures.append(
                Figure(
                    id=figure_id,
                    kind="figure",
                    number=figure_number,
                    label=label,
                    caption=text_,
                    page=page_number,
                    bbox=_tuple(shown),
                    image=f"{figure_id}.png",
                    width_px=size[0],
                    height_px=size[1],
                    text_pt=smallest_text(layout, page_number, box),
                    nearby=nearby,
                    masks=masks,
                    panels=panels,
                    captioned=caption is not None,
                    caption_bbox=None
                    if caption is None
                    else (caption.x0, caption.top, caption.x1, caption.bottom),
                )
            )
            covered.update(id(s) for s in _inside(layout.pages[page_number - 1], box))
            covered.update(drawing.labels)
    return figures, covered


def _drawn_by_code(layout: Layout, page: int, box: Box) -> bool:
    """The line just above the drawing is program code: the chunk that drew the plot (for a
    drawing at the top of its page, the last line of the page before)."""
    above = [
        s
        for s in layout.pages[page - 1]
        if s.role == "text" and s.bottom <= box.top + 1 and s.x0 < box.x1 and box.x0 < s.x1
    ]
    last = max(above, key=lambda s: s.bottom, default=None)
    if last is None:
        before = reading_order(layout, page - 1) if page > 1 else []
        # the page's number may stand above the bottom band a header would be found in
        before = [s for s in before if s.role == "text" and not s.text.strip().isdigit()]
        return bool(before) and before[-1].code
    return last.code and box.top - last.bottom <= INTRO_REACH_PT


def _label_line_caption(layout: Layout, drawing: Drawing, numbers: set[int]) -> Caption | None:
    """The drawing's caption when captions_find missed it: a line that opens with a figure's
    label ("Figure 1 Example of a single panel plot") as the drawing's last line or the line
    just under it, or as its first line or the line just over it, with the lines that go on
    with it. Without this the caption is cropped with the drawing as one of its labels, and the
    sentence above the drawing stands in for it."""
    box = drawing.box
    middle = (box.top + box.bottom) / 2
    lines = [
        s
        for s in layout.pages[drawing.page - 1]
        if s.role in ("text", "margin") and s.x0 < box.x1 and box.x0 < s.x1
    ]
    own = [s for s in lines if id(s) in drawing.labels]
    after = [s for s in lines if box.bottom - 1 <= s.top <= box.bottom + CAPTION_GAP_PT]
    before = [s for s in lines if box.top - CAPTION_GAP_PT <= s.bottom <= box.top + 1]
    candidates = [
        max((s for s in own if s.top > middle), key=lambda s: s.top, default=None),
        min(after, key=lambda s: s.top, default=None),
        min((s for s in own if s.bottom < middle), key=lambda s: s.top, default=None),
        max(before, key=lambda s: s.bottom, default=None),
    ]
    for line in candidates:
        if line is None:
            continue
        match = LABEL_LINE.match(line.text)
        number = int(match.group(2)) + series(match.group(1))[1] if match else 0
        if match is None or number in numbers:
            continue
        rest = line.text[match.end() :]
        if len(rest.split()) < 2 or PROSE_VERB.match(rest) or not rest[:1].isupper():
            continue
        parts = [line]
        for following in sorted(lines, key=lambda s: s.top):
            last = parts[-1]
            if following.top <= last.bottom - 1 or abs(following.size - line.size) > 0.6:
                continue
            if following.top - last.bottom > 0.9 * last.size:
                break
            if heading_of(layout, following) or LABEL_LINE.match(following.text):
                break
            parts.append(following)
        body = join_lines([p.text for p in parts])[match.end() :].strip()
        label = f"{label_word(match.group(1))} {match.group(2)}"
        return Caption("figure", number, label, body, drawing.page, parts)
    return None


def _without_caption(layout: Layout, drawing: Drawing, caption: Caption) -> Drawing:
    """The drawing's box and labels without its caption's lines, shrunk to the drawing and the
    labels left: the caption is shown as text under the figure, never also as pixels in it."""
    ids = {id(s) for s in caption.segments}
    labels = drawing.labels - ids
    box = drawing.box
    under = caption.top >= (box.top + box.bottom) / 2
    kept = [
        Box(s.x0, s.top, s.x1, s.bottom, False)
        for s in layout.pages[drawing.page - 1]
        if id(s) in labels and (s.bottom <= caption.top if under else s.top >= caption.bottom)
    ]
    inner = _bounds([b for b in [drawing.drawn, *kept] if b is not None] or [box])
    if under:
        box = Box(box.x0, box.top, box.x1, min(inner.bottom, caption.top - 1), True)
    else:
        box = Box(box.x0, max(inner.top, caption.bottom + 1), box.x1, box.bottom, True)
    return Drawing(drawing.page, box, drawing.caption, labels, drawing.drawn)


def _caption_beside(drawing: Drawing, orphans: list[Caption]) -> Caption | None:
    """A caption whose region search found nothing, just under or over the drawing."""
    box = drawing.box
    for caption in orphans:
        if caption.page != drawing.page or not (caption.x0 < box.x1 and box.x0 < caption.x1):
            continue
        gap = max(caption.top - box.bottom, box.top - caption.bottom)
        if -2 <= gap <= CAPTION_GAP_PT:
            return caption
    return None


def page_drawings(
    layout: Layout, page: pdfplumber.page.Page, page_number: int, taken: list[tuple]
) -> list[Drawing]:
    width, height = layout.page_sizes[page_number - 1]
    band_top, band_bottom = header_band(layout, page_number)
    objects = [
        b
        for b in objects_on(page, width, height)
        if not running_rule(b, band_top, band_bottom)
        and b.top >= band_top - 1
        and b.bottom <= band_bottom + 1
    ]
    segments = layout.pages[page_number - 1]
    drawings = []
    for cluster in _panels_joined(layout, _clusters(objects), segments):
        box = _bounds(cluster)
        if any(_overlap(box, Box(*t, True)) for t in taken):
            continue  # a captioned figure (or table) already holds it
        if not _figure_like(layout, page_number, cluster, box, segments):
            continue
        drawn = box
        box, own = _with_labels(layout, box, segments)
        intro = _introduction(layout, page_number, box)
        if not plot_statement(intro):  # the sentence above says nothing of it
            intro = _named_after(layout, page_number, box) or intro
        if scanned(layout, page_number):
            # a scan's plate stands in the article's text wherever the printer set it: the
            # sentence above it is about something else as often as not (a caption over
            # the wrong plate), and no caption beats a wrong one
            intro = ""
        drawings.append(Drawing(page_number, box, intro, own, drawn))
    return drawings


def _clusters(objects: list[Box]) -> list[list[Box]]:
    clusters: list[tuple[Box, list[Box]]] = []
    for obj in sorted(objects, key=lambda b: (b.top, b.x0)):
        home = next((i for i, (box, _) in enumerate(clusters) if _near(box, obj)), None)
        if home is None:
            clusters.append((obj, [obj]))
        else:
            box, members = clusters[home]
            members.append(obj)
            clusters[home] = (_bounds([box, obj]), members)
    merged = True
    while merged:  # clusters that grew into each other are one drawing
        merged = False
        for i, j in _pairs(len(clusters)):
            if _near(clusters[i][0], clusters[j][0]):
                members = clusters[i][1] + clusters[j][1]
                clusters[i] = (_bounds(members), members)
                del clusters[j]
                merged = True
                break
    return [members for _, members in clusters]


def _panels_joined(
    layout: Layout, clusters: list[list[Box]], segments: list[Segment]
) -> list[list[Box]]:
    """Panels of one figure (a grid of small plots or trees) stand apart by their labels' room:
    drawings of a few objects or more, up to PANEL_GAP_PT apart, with no line of prose or code
    between them, are one figure."""
    joined = True
    while joined:
        joined = False
        for i, j in _pairs(len(clusters)):
            a, b = clusters[i], clusters[j]
            if not (_substantial(a) and _substantial(b)):
                continue
            if not _near(_bounds(a), _bounds(b), PANEL_GAP_PT):
                continue
            if any(s.code for s in _inside(segments, _bounds(a)) + _inside(segments, _bounds(b))):
                continue  # a code box's frame is not a panel
            union = _bounds(a + b)
            if any(s.code or _prose_line(layout, s) for s in _inside(segments, union)):
                continue
            clusters[i] = a + b
            del clusters[j]
            joined = True
            break
    return clusters


def _substantial(cluster: list[Box]) -> bool:
    """A panel: a few paths or more, or an image of some size (a frame or a rule is neither)."""
    return len(cluster) >= 3 or any(
        b.image and b.x1 - b.x0 >= 40 and b.bottom - b.top >= 40 for b in cluster
    )


def _pairs(count: int):
    return ((i, j) for i in range(count) for j in range(i + 1, count))


def _figure_like(
    layout: Layout, page: int, cluster: list[Box], box: Box, segments: list[Segment]
) -> bool:
    images = [b for b in cluster if b.image]
    big_image = any(
        b.x1 - b.x0 >= 0.3 * layout.column_width() and b.bottom - b.top >= MIN_HEIGHT_PT
        for b in images
    )
    if len(cluster) < MIN_OBJECTS and not big_image:
        return False  # a frame, a rule, a logo
    if box.x1 - box.x0 < MIN_WIDTH_SHARE * layout.column_width():
        return False
    if box.bottom - box.top < MIN_HEIGHT_PT:
        return False
    if page == 1 and _above_first_text(layout, box):
        return False  # the journal's logo and banner
    if not images and _table_rules(cluster, box):
        return False
    inside = _inside(segments, box)
    prose = [s for s in inside if _prose_line(layout, s)]
    code = [s for s in inside if s.code]
    return len(prose) < 3 and len(code) < 2  # else a box around text or code, a listing


def _table_rules(cluster: list[Box], box: Box) -> bool:
    """Only straight rules, at least two of them across the whole width: a table's."""
    straight = all(b.bottom - b.top < 2.5 or b.x1 - b.x0 < 2.5 for b in cluster)
    across = [
        b for b in cluster if b.bottom - b.top < 2.5 and b.x1 - b.x0 >= 0.85 * (box.x1 - box.x0)
    ]
    return straight and len(across) >= 2


def _above_first_text(layout: Layout, box: Box) -> bool:
    body = [s for s in layout.pages[0] if s.role == "text" and layout.is_body(s)]
    first = min((s.top for s in body), default=0.0)
    return box.bottom <= first + 1


def _prose_line(layout: Layout, segment: Segment) -> bool:
    return (
        layout.is_body(segment)
        and not segment.code
        and len(segment.text.split()) >= 6
        and segment.width >= 0.5 * layout.column_width()
    )


def _with_labels(layout: Layout, box: Box, segments: list[Segment]) -> tuple[Box, set[int]]:
    """The drawing's box grown to its own text: tick labels, axis titles, tip labels, and the
    ids of those lines. Labels chain: an axis title sits beyond its tick labels, more than
    LABEL_REACH_PT from the lines. A line in the labels' own font is the drawing's even when
    it looks like a heading (R sets an axis title such as "L1 Norm" larger than the body)."""
    own: list[Segment] = []
    for _ in range(4):
        fonts = {s.font for s in own + _inside(segments, box)}
        reach = Box(
            box.x0 - LABEL_REACH_PT,
            box.top - LABEL_REACH_PT,
            box.x1 + LABEL_REACH_PT,
            box.bottom + LABEL_REACH_PT,
            True,
        )
        found = [
            s
            for s in segments
            if s not in own
            and _label_like(layout, s, fonts)
            and (_within(s, reach) if not own else s.font in fonts and _chained(s, box))
        ]
        if not found:
            break
        own += found
        box = _bounds([box, *(Box(s.x0, s.top, s.x1, s.bottom, False) for s in found)])
    return box, {id(s) for s in own}


def _label_like(layout: Layout, segment: Segment, fonts: set[str]) -> bool:
    return (
        segment.role in ("text", "rotated")
        and not segment.code
        and not _prose_line(layout, segment)
        and (heading_of(layout, segment) is None or segment.font in fonts)
    )


def _within(segment: Segment, box: Box) -> bool:
    return (
        segment.x0 >= box.x0
        and segment.x1 <= box.x1
        and segment.top >= box.top
        and segment.bottom <= box.bottom
    )


def _chained(segment: Segment, box: Box) -> bool:
    """Next to the labels taken so far (an axis title beyond its tick labels), and no wider
    than the drawing's room: not a line of the next column."""
    room = 2 * LABEL_REACH_PT
    return (
        _near(box, Box(segment.x0, segment.top, segment.x1, segment.bottom, False), LABEL_REACH_PT)
        and segment.x0 >= box.x0 - room
        and segment.x1 <= box.x1 + room
        and segment.top >= box.top - room
        and segment.bottom <= box.bottom + room
    )


def _introduction(layout: Layout, page: int, box: Box) -> str:
    """The last sentence of the paragraph just above the drawing, when one ends near it (only
    code between them): what the paper says the drawing shows. Else "". A drawing at the top
    of its page is introduced at the foot of the page before."""
    above = [
        s
        for s in reading_order(layout, page)
        if s.bottom <= box.top + 1 and s.x1 > box.x0 - 20 and s.x0 < box.x1 + 20
    ]
    if not any(layout.is_body(s) and not s.code for s in above) and page > 1:
        above = reading_order(layout, page - 1)
        foot = max((s.bottom for s in above), default=0.0)
        box = Box(box.x0, foot + 1, box.x1, foot + 1, True)  # reach from the page's last line
    lines: list[Segment] = []
    reference = box.top  # the top of what is below: the drawing, its code, the line after
    for segment in reversed(above):
        if heading_of(layout, segment):
            break
        if segment.code or not layout.is_body(segment):
            if lines:
                break
            reference = min(reference, segment.top)
            continue  # the code that draws it, a footnote at the page's foot
        reach = 1.2 * segment.size if lines else INTRO_REACH_PT
        if segment.bottom < reference - reach:
            break
        lines.append(segment)
        reference = segment.top
        if len(lines) == 8:
            break
    if not lines:
        return ""
    paragraph = join_lines([s.text for s in reversed(lines)])
    sentences = text.sentences(paragraph)
    last = sentences[-1].strip() if sentences else ""
    # a sentence that ends inside brackets or quotes ("… help(glmnet).) We can plot …")
    last = CLOSED_SENTENCE.split(last)[-1]
    return last if len(last.split()) >= 4 and last[:1].isupper() else ""


def _named_after(layout: Layout, page: int, box: Box) -> str:
    """The first sentence of the paragraph just under the drawing when it names a plot or
    drawing ("The plot above shows the seasonal pattern …"): what the paper says the drawing
    shows when the sentence above it says nothing of it. Else ""."""
    below = [
        s
        for s in reading_order(layout, page)
        if s.top >= box.bottom - 1 and s.x1 > box.x0 - 20 and s.x0 < box.x1 + 20
    ]
    lines: list[Segment] = []
    reference = box.bottom
    for segment in sorted(below, key=lambda s: s.top):
        if heading_of(layout, segment) or segment.code or not layout.is_body(segment):
            break
        reach = 1.2 * segment.size if lines else INTRO_REACH_PT
        if segment.top > reference + reach or len(lines) == 8:
            break
        lines.append(segment)
        reference = segment.bottom
    sentences = text.sentences(join_lines([s.text for s in lines])) if lines else []
    first = sentences[0].strip() if sentences else ""
    if len(sentences) < 2 and not first.endswith((".", "!", "?")):
        return ""  # the sentence goes on past the lines read: not whole
    return first if PLOT_WORD.search(first) and plot_statement(first) else ""


def _inside(segments: list[Segment], box: Box) -> list[Segment]:
    return [
        s
        for s in segments
        if s.x0 >= box.x0 - 1
        and s.x1 <= box.x1 + 1
        and s.top >= box.top - 1
        and s.bottom <= box.bottom + 1
    ]


def _near(a: Box, b: Box, gap: float = TOUCH_PT) -> bool:
    return (
        a.x0 - gap <= b.x1
        and b.x0 - gap <= a.x1
        and a.top - gap <= b.bottom
        and b.top - gap <= a.bottom
    )


def _overlap(a: Box, b: Box) -> bool:
    return a.x0 < b.x1 and b.x0 < a.x1 and a.top < b.bottom and b.top < a.bottom


def _bounds(boxes: list[Box]) -> Box:
    return Box(
        min(b.x0 for b in boxes),
        min(b.top for b in boxes),
        max(b.x1 for b in boxes),
        max(b.bottom for b in boxes),
        True,
    )


def _tuple(box: Box) -> tuple[float, float, float, float]:
    return (box.x0, box.top, box.x1, box.bottom)
