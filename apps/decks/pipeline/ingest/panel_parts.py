"""A figure of several panels whose labels would be too small to read on a slide, cropped into
its panels so that each can have a slide of its own.

A paper's labels are often 4–6 pt; a figure of two stacked panels, or a grid of four, already
fills the slide's height, and no layout draws it larger. Its panels, found from the white rows
and columns between them (panels.py), each drawn alone across the slide, are drawn two or three
times larger. Only a figure whose labels stay under the readable size at its largest, and whose
every part alone is drawn at least MIN_GAIN larger, is cut: into its rows of panels when they
are enough (a 2 × 2 grid is two slides), else into its panels; a figure of more than MAX_PARTS
parts (a lattice of forty panels) would become a run of slides and stays whole.
"""

from __future__ import annotations

import re
from pathlib import Path

from PIL import Image

from apps.decks import limits
from apps.decks.pipeline.ingest.panels import (
    MIN_PANEL_SHARE,
    SLIDE_BOX,
    _inked_rows,
    layout_repeats,
    panel_bands,
    panel_cells,
)
from apps.decks.pipeline.paper import FigurePart

MAX_PARTS = 4
MIN_GAIN = 1.4  # each part drawn at least this much larger than the whole, or none is cut

# What a caption says of a figure of several panels: their labels ("(a) … (b) …"), where each
# sits ("left", "top row"), the word "panel", or the plots it shows in the plural ("Four
# goodness-of-fit plots …"). White rows alone also part the bars of one tall chart, or the
# boxes of one diagram: cut there, one plot became strips a reader could not use (on unseen
# papers), so white rows cut a figure only when its caption says it has several parts.
PANEL_LABELS = re.compile(r"\(\s*[a-hA-H]\s*\)|\b[Pp]anels?\s+\(?[A-Ha-h]\b")
SEVERAL_WORDS = re.compile(
    r"\b(?:left|right|top|bottom|upper|lower|middle|panels?|subplots?|sub-?figures?|plots|"
    r"graphs|charts|maps|diagrams|histograms|images|views|snapshots|insets?)\b",
    re.I,
)


def several_shown(caption: str) -> bool:
    """Does the caption say the figure shows several panels (two labels, a panel's place, the
    word "panel", plots in the plural)?"""
    return len(PANEL_LABELS.findall(caption)) >= 2 or bool(SEVERAL_WORDS.search(caption))


def _drawn_scale(width: float, height: float) -> float:
    """Slide px per image px, the image drawn as large as a slide's figure box allows."""
    return min(SLIDE_BOX[0] / width, SLIDE_BOX[1] / height)


def parts_written(
    path: Path,
    bbox: tuple[float, float, float, float],
    text_pt: float,
    marks: list[tuple[float, float]] = (),
) -> list[FigurePart]:
    """The parts of the figure image at `path` (showing `bbox` of the page), each written next
    to it as `<stem>-part<n>.png`; [] when the figure is readable whole or has no parts.
    `marks`: the (top, bottom) page extents of the panel labels ("(a) Executing a task") the
    figure prints on lines of their own: a label goes with the panel it names."""
    if text_pt <= 0:
        return []
    with Image.open(path) as opened:
        image = opened.convert("RGB")
    width, height = image.size
    points_per_px = (bbox[2] - bbox[0]) / width
    whole = _drawn_scale(width, height)
    # the labels' size drawn at the slide's largest: image px per point, times slide px per px
    if text_pt / points_per_px * whole >= limits.get("figure_text_min_px"):
        return []
    scale = 1 / points_per_px
    rows = _rows_at_marks(image, [((t - bbox[1]) * scale, (b - bbox[1]) * scale) for t, b in marks])
    # rows of panels first (a 2 × 2 grid is two slides, not four), each panel when the rows
    # alone are not drawn larger enough (one row of panels side by side)
    bands = [(0, top, width, bottom) for top, bottom in panel_bands(image)]
    if not rows and not (layout_repeats(image) or _owners_clear(image, bands)):
        return []  # a label between two rows as near to either: no cut gives each its own
    cells = next(
        (
            found
            for found in (rows, bands, panel_cells(image))
            if 2 <= len(found) <= MAX_PARTS
            and _alike(found)
            and all(_drawn_scale(x1 - x0, b - t) >= MIN_GAIN * whole for x0, t, x1, b in found)
        ),
        [],
    )
    if not cells:
        return []
    parts = []
    for number, (x0, top, x1, bottom) in enumerate(cells, start=1):
        name = f"{path.stem}-part{number}.png"
        image.crop((x0, top, x1, bottom)).save(path.with_name(name), format="PNG")
        parts.append(
            FigurePart(
                image=name,
                width_px=x1 - x0,
                height_px=bottom - top,
                bbox=(
                    bbox[0] + x0 * points_per_px,
                    bbox[1] + top * points_per_px,
                    bbox[0] + x1 * points_per_px,
                    bbox[1] + bottom * points_per_px,
                ),
            )
        )
    return parts


CLEAR_GAP_RATIO = 1.5
ALIKE_RATIO = 1.8


def _alike(cells: list) -> bool:
    """Parts of similar height: rows of one figure's panels, not two rows of a scatterplot
    matrix cut from its third (white rows inside a grid whose panels share their axes)."""
    heights = [b - t for _, t, _, b in cells]
    return max(heights) <= ALIKE_RATIO * min(heights)


def _owners_clear(image: Image.Image, bands: list) -> bool:
    """Whether every thin strip between two rows of panels (an axis title, a panel's title)
    is clearly nearer one of them: its white gap to one at most 1 / CLEAR_GAP_RATIO of its gap
    to the other. On a slide of its own a row that lost its axis title to the next row's
    slide reads wrong; shown whole, the rows only changed places (panels.py)."""
    inked = _inked_rows(image)
    runs, start = [], None
    for y, ink in enumerate([*inked, False]):
        if ink and start is None:
            start = y
        elif not ink and start is not None:
            runs.append((start, y))
            start = None
    thin = MIN_PANEL_SHARE * image.size[1]
    for (_, _, _, above), (_, below, _, _) in zip(bands, bands[1:], strict=False):
        # the strip that ends the upper row or opens the lower one, and its two gaps
        last = max((r for r in runs if r[1] <= above + 1), key=lambda r: r[1], default=None)
        first = min((r for r in runs if r[0] >= below - 1), key=lambda r: r[0], default=None)
        for strip in (last, first):
            if strip is None or strip[1] - strip[0] >= thin:
                continue
            up = strip[0] - max((r[1] for r in runs if r[1] <= strip[0]), default=strip[0])
            down = min((r[0] for r in runs if r[0] >= strip[1]), default=strip[1]) - strip[1]
            if max(up, down) < CLEAR_GAP_RATIO * max(1, min(up, down)):
                return False
    return True


def _rows_at_marks(image: Image.Image, marks: list[tuple[float, float]]) -> list:
    """Rows of panels cut at their printed labels, one label to a row (image px): under each
    label when they are printed under their panels, over each when over them. The white rows
    alone give a label under one panel to the panel below it when it sits nearer to that one."""
    width, height = image.size
    ordered = []
    for top, bottom in sorted(marks):  # "(a)" and "(b)" side by side: one row's labels
        if ordered and top < ordered[-1][1]:
            ordered[-1] = (ordered[-1][0], max(bottom, ordered[-1][1]))
        else:
            ordered.append((top, bottom))
    rows_apart = all(b[0] > a[1] for a, b in zip(ordered, ordered[1:], strict=False))
    if len(ordered) < 2 or not rows_apart:
        return []
    above = ordered[0][0] < 0.15 * height  # the first label opens the figure: labels over
    cuts = [round(t) for t, _ in ordered[1:]] if above else [round(b) + 2 for _, b in ordered[:-1]]
    edges = [0, *cuts, height]
    return [(0, top, width, bottom) for top, bottom in zip(edges, edges[1:], strict=False)]
