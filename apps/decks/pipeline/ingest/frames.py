"""Frames some journals draw around a figure and its caption together.

A crop ends above the caption, so it would cut such a frame open: the figure would show a
three-sided box. The frame is the page's decoration, not the figure's: its strokes are left
out of the objects a figure's region is found from, and painted white in the crop's image.

A frame is either one stroked, unfilled path (a rectangle, square or rounded) that holds a
caption, or pieces: two thin upright bars on either side of a caption, of the same height,
with the thin bars across their tops and bottoms and the small arcs in the corners (how some
typesetters draw a rounded frame)."""

from __future__ import annotations

from dataclasses import dataclass

import pdfplumber

from apps.decks.pipeline.ingest.captions import Caption

Rect = tuple[float, float, float, float]  # x0, top, x1, bottom (points, from the page's top)

THIN_PT = 1.5  # a frame's stroke or bar is at most this thick
CORNER_PT = 14.0  # a corner arc's reach from the frame's corner
MIN_SIDE_PT = 40.0  # a frame's sides are at least this long
SLACK_PT = 1.0


@dataclass
class Frame:
    outer: Rect  # the frame's outline
    pieces: list[Rect]  # the boxes of the objects that draw it
    erase: list[Rect]  # what is painted white in a crop: the strokes and the corner arcs
    inset: float  # from the outline to the inside of its strokes

    def holds(self, box: Rect) -> bool:
        x0, top, x1, bottom = self.outer
        return (
            box[0] >= x0 - SLACK_PT
            and box[1] >= top - SLACK_PT
            and box[2] <= x1 + SLACK_PT
            and box[3] <= bottom + SLACK_PT
        )


def caption_frames(page: pdfplumber.page.Page, captions: list[Caption]) -> list[Frame]:
    """The frames on the page that each hold one of its captions (and so the figure with it)."""
    frames: list[Frame] = []
    objects = [*page.rects, *page.curves, *page.lines]
    for caption in captions:
        held = (caption.x0, caption.top, caption.x1, caption.bottom)
        if any(f.holds(held) for f in frames):
            continue
        frame = _one_path(objects, held, page.width) or _pieced(objects, held)
        if frame is not None:
            frames.append(frame)
    return frames


def without_frames(objects: list, frames: list[Frame]) -> list:
    """The page's object boxes (ingest.figures.Box) less those that draw a frame."""
    drawn = [p for f in frames for p in f.pieces]
    return [o for o in objects if not any(_same((o.x0, o.top, o.x1, o.bottom), p) for p in drawn)]


def inside_frame(box: Rect, frames: list[Frame]) -> Rect:
    """The crop box, kept inside the strokes of a frame that holds most of it."""
    for frame in frames:
        x0, top, x1, bottom = frame.outer
        if not _mostly_inside(box, frame.outer):
            continue
        inset = frame.inset
        return (
            max(box[0], x0 + inset),
            max(box[1], top + inset),
            min(box[2], x1 - inset),
            min(box[3], bottom - inset),
        )
    return box


def _box(obj: dict) -> Rect:
    return (obj["x0"], obj["top"], obj["x1"], obj["bottom"])


def _same(a: Rect, b: Rect) -> bool:
    return all(abs(u - v) < 0.05 for u, v in zip(a, b, strict=True))


def _encloses(outer: Rect, inner: Rect) -> bool:
    return (
        outer[0] <= inner[0] + SLACK_PT
        and outer[1] <= inner[1] + SLACK_PT
        and outer[2] >= inner[2] - SLACK_PT
        and outer[3] >= inner[3] - SLACK_PT
    )


def _mostly_inside(box: Rect, outer: Rect) -> bool:
    w = max(0.0, min(box[2], outer[2]) - max(box[0], outer[0]))
    h = max(0.0, min(box[3], outer[3]) - max(box[1], outer[1]))
    area = max(1e-6, (box[2] - box[0]) * (box[3] - box[1]))
    return w * h / area >= 0.8


def _one_path(objects: list[dict], caption: Rect, page_width: float) -> Frame | None:
    """The smallest stroked, unfilled path around the caption that is a frame's outline: its
    points lie on its own bounding box (a plot's frame of axes holds no caption)."""
    found = []
    for obj in objects:
        box = _box(obj)
        w, h = box[2] - box[0], box[3] - box[1]
        if obj.get("fill") or not obj.get("stroke") or w > 0.95 * page_width:
            continue
        if min(w, h) < MIN_SIDE_PT or not _encloses(box, caption):
            continue
        points = obj.get("pts") or []
        if points and not all(_on_outline(p, box) for p in points):
            continue
        found.append((w * h, box, obj))
    if not found:
        return None
    _, box, obj = min(found, key=lambda f: f[0])
    x0, top, x1, bottom = box
    stroke = max(0.5, float(obj.get("linewidth") or 0.0)) / 2 + 0.75
    # a rounded corner: the outline's top edge starts this far in from its left side
    corner = min(
        [p[0] - x0 for p in obj.get("pts") or [] if abs(p[1] - top) < 0.6 and p[0] > x0 + 0.6]
        + [CORNER_PT]
    )
    reach = corner + stroke if corner < CORNER_PT else stroke
    erase = [
        (x0 - stroke, top - stroke, x0 + stroke, bottom + stroke),
        (x1 - stroke, top - stroke, x1 + stroke, bottom + stroke),
        (x0 - stroke, top - stroke, x1 + stroke, top + stroke),
        (x0 - stroke, bottom - stroke, x1 + stroke, bottom + stroke),
    ] + [
        (cx - stroke, cy - stroke, cx + reach, cy + reach)
        if (cx, cy) == (x0, top)
        else (cx - reach, cy - stroke, cx + stroke, cy + reach)
        if cy == top
        else (cx - stroke, cy - reach, cx + reach, cy + stroke)
        if cx == x0
        else (cx - reach, cy - reach, cx + stroke, cy + stroke)
        for cx, cy in ((x0, top), (x1, top), (x0, bottom), (x1, bottom))
    ]
    return Frame(box, [box], erase, stroke)


def _on_outline(point, box: Rect) -> bool:
    """A point of a frame's path: on one of its box's sides, or in a corner (a rounded one)."""
    x, y = point
    near_x = min(abs(x - box[0]), abs(x - box[2]))
    near_y = min(abs(y - box[1]), abs(y - box[3]))
    return near_x < 0.6 or near_y < 0.6 or (near_x <= CORNER_PT and near_y <= CORNER_PT)


def _pieced(objects: list[dict], caption: Rect) -> Frame | None:
    """Two upright thin bars of one height on either side of the caption, reaching above and
    below it, with the bars across and the corner arcs that close them."""
    boxes = [_box(o) for o in objects]
    upright = [
        b
        for b in boxes
        if b[2] - b[0] <= THIN_PT
        and b[3] - b[1] >= MIN_SIDE_PT
        and b[1] <= caption[1]
        and b[3] >= caption[3]
    ]
    lefts = [b for b in upright if b[2] <= caption[0] + SLACK_PT]
    rights = [b for b in upright if b[0] >= caption[2] - SLACK_PT]
    if not lefts or not rights:
        return None
    left = max(lefts, key=lambda b: b[2])
    right = min(rights, key=lambda b: b[0])
    if abs(left[1] - right[1]) > 3 or abs(left[3] - right[3]) > 3:
        return None
    x0, x1 = left[0], right[2]
    top, bottom = min(left[1], right[1]), max(left[3], right[3])
    across = [
        b
        for b in boxes
        if b[3] - b[1] <= THIN_PT
        and b[0] >= x0 - SLACK_PT
        and b[2] <= x1 + SLACK_PT
        and b[2] - b[0] >= 0.5 * (x1 - x0)
        and (
            top - CORNER_PT <= b[1] <= top + SLACK_PT
            or bottom - SLACK_PT <= b[3] <= bottom + CORNER_PT
        )
    ]
    for b in across:
        top, bottom = min(top, b[1]), max(bottom, b[3])
    corners = [
        b
        for b in boxes
        if b[2] - b[0] <= CORNER_PT
        and b[3] - b[1] <= CORNER_PT
        and b[0] >= x0 - SLACK_PT
        and b[2] <= x1 + SLACK_PT
        and (b[0] <= x0 + CORNER_PT or b[2] >= x1 - CORNER_PT)
        and (
            top - SLACK_PT <= b[1] <= top + CORNER_PT
            or bottom - CORNER_PT <= b[3] <= bottom + SLACK_PT
        )
    ]
    pieces = [left, right, *across, *corners]
    erase = [(b[0] - 0.75, b[1] - 0.75, b[2] + 0.75, b[3] + 0.75) for b in pieces]
    inset = max(left[2] - left[0], right[2] - right[0]) + 0.75
    return Frame((x0, top, x1, bottom), pieces, erase, inset)
