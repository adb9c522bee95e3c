"""Crop geometry shared by ingestion (which cleans each crop) and the reviewer (which checks it):
a crop must hold no text of the page that is not the figure's own, and its edges must not cut
through a line of text or an axis label. A foreign line that reaches into the crop with a piece
of itself (the tail of a code line beside a drawing) is painted out of the image (`masks`)
rather than cut off with the drawing it stands beside."""

from __future__ import annotations

from apps.decks.pipeline.paper import Figure, PageText

PAD_PT = 4.0  # white margin rendered around a figure's own box
FOREIGN = ("body", "header", "caption", "heading")
Box = tuple[float, float, float, float]


def crop_box(bbox: Box) -> Box:
    x0, top, x1, bottom = bbox
    return (x0 - PAD_PT, top - PAD_PT, x1 + PAD_PT, bottom + PAD_PT)


def inside_share(text: PageText, box: Box) -> float:
    """Share of the text's box that lies inside `box`."""
    x0, top, x1, bottom = text.bbox
    w = max(0.0, min(x1, box[2]) - max(x0, box[0]))
    h = max(0.0, min(bottom, box[3]) - max(top, box[1]))
    area = max(1e-6, (x1 - x0) * (bottom - top))
    return w * h / area


def _piece_inside(text: PageText, box: Box) -> bool:
    """A visible piece of the line is inside the box: a glyph's width across, most of its
    height (an edge that grazes a line's box shows nothing of it)."""
    x0, top, x1, bottom = text.bbox
    w = min(x1, box[2]) - max(x0, box[0])
    h = min(bottom, box[3]) - max(top, box[1])
    return w >= 2.0 and h >= 0.5 * (bottom - top)


def _masked(text: PageText, masks: list[Box]) -> bool:
    return any(
        m[0] <= text.bbox[0] + 0.5
        and m[1] <= text.bbox[1] + 0.5
        and m[2] >= text.bbox[2] - 0.5
        and m[3] >= text.bbox[3] - 0.5
        for m in masks
    )


def _clipped(bbox: Box, box: Box) -> Box:
    return (max(bbox[0], box[0]), max(bbox[1], box[1]), min(bbox[2], box[2]), min(bbox[3], box[3]))


def foreign_text(box: Box, nearby: list[PageText], masks: list[Box] = ()) -> list[PageText]:
    """Lines of the page (body text, running header or footer, another caption, a heading)
    that the crop shows, whole or a piece of them, and that no mask paints out."""
    return [
        t
        for t in nearby
        if t.kind in FOREIGN
        and (inside_share(t, box) >= 0.5 or _piece_inside(t, box))
        and not _masked(t, [_grown(m, box) for m in masks])
    ]


def _grown(mask: Box, box: Box) -> Box:
    """A mask clipped at the crop's edge covers the line beyond that edge too."""
    return (
        -1e9 if mask[0] <= box[0] + 0.5 else mask[0],
        -1e9 if mask[1] <= box[1] + 0.5 else mask[1],
        1e9 if mask[2] >= box[2] - 0.5 else mask[2],
        1e9 if mask[3] >= box[3] - 0.5 else mask[3],
    )


def crop_masks(bbox: Box, nearby: list[PageText]) -> list[Box]:
    """The pieces of foreign lines that reach into the (cleaned) crop from outside it, in page
    points: painted white in the image, so the drawing beside them is kept whole."""
    box = crop_box(bbox)
    return [
        _clipped((t.bbox[0] - 0.5, t.bbox[1] - 0.5, t.bbox[2] + 0.5, t.bbox[3] + 0.5), box)
        for t in nearby
        if t.kind in FOREIGN and inside_share(t, box) < 0.5 and _piece_inside(t, box)
    ]


def cut_text(box: Box, nearby: list[PageText]) -> list[PageText]:
    """Lines or labels the crop's edge runs through (partly inside, partly out)."""
    return [t for t in nearby if 0.12 <= inside_share(t, box) <= 0.88]


def figure_crop_findings(figure: Figure) -> tuple[list[PageText], list[PageText]]:
    box = crop_box(figure.bbox)
    masks = [tuple(m) for m in figure.masks]
    cut = [
        t for t in cut_text(box, figure.nearby) if not _masked(t, [_grown(m, box) for m in masks])
    ]
    return foreign_text(box, figure.nearby, masks), cut


def crop_clean(bbox: Box, nearby: list[PageText], rounds: int = 6) -> Box:
    """Move the crop's edges until it shows no foreign text and cuts no label: foreign lines
    mostly inside are pushed out past the nearest edge, labels the edge cuts are taken in.
    A foreign line mostly outside is left to `crop_masks`: moving the edge past it would cut
    the drawing beside it."""
    x0, top, x1, bottom = bbox
    start = bbox
    certain = False  # a caption or running header was pushed out: always foreign
    for _ in range(rounds):
        box = crop_box((x0, top, x1, bottom))
        changed = False
        for text in [t for t in nearby if t.kind in FOREIGN and inside_share(t, box) >= 0.5]:
            certain = certain or text.kind in ("caption", "header")
            tx0, ttop, tx1, tbottom = text.bbox
            gaps = {  # how far each edge must move to leave the line outside
                "top": tbottom + PAD_PT + 0.5 - top,
                "bottom": bottom - (ttop - PAD_PT - 0.5),
                "left": tx1 + PAD_PT + 0.5 - x0,
                "right": x1 - (tx0 - PAD_PT - 0.5),
            }
            side = min(gaps, key=gaps.get)
            if side == "top":
                top += gaps[side]
            elif side == "bottom":
                bottom -= gaps[side]
            elif side == "left":
                x0 += gaps[side]
            else:
                x1 -= gaps[side]
            changed = True
        for text in cut_text(crop_box((x0, top, x1, bottom)), nearby):
            if text.kind == "label":
                tx0, ttop, tx1, tbottom = text.bbox
                x0, top = min(x0, tx0), min(top, ttop)
                x1, bottom = max(x1, tx1), max(bottom, tbottom)
                changed = True
        if not changed:
            break
    width, height = start[2] - start[0], start[3] - start[1]
    if not certain and (x1 - x0 < 0.65 * width or bottom - top < 0.65 * height):
        return start  # that much "foreign" text inside is the figure's own: keep the region
    return (x0, top, x1, bottom)
