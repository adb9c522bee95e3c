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


def _reaching_lines(box: Box, nearby: list[PageText]) -> list[PageText]:
    """Body lines of a column beside the crop that run into it across its left or right edge
    (the neighbouring column's line ends, which `crop_masks` paints out)."""
    return [
        t
        for t in nearby
        if t.kind == "body"
        and t.bbox[1] < box[3]
        and t.bbox[3] > box[1]
        and (t.bbox[0] < box[0] < t.bbox[2] or t.bbox[0] < box[2] < t.bbox[2])
    ]


def column_label(text: PageText, box: Box, nearby: list[PageText]) -> bool:
    """A short line read as the figure's label that stands in the strip of the column beside
    the crop, within the span its body lines run to: an equation's number "(4)" at that
    column's right margin, taken into the crop with the figure. The figure's own labels stand
    over its drawing, past the column's edge; a figure with no column beside it has no such
    strip (two lines of the column at least reach into the crop to say where it runs)."""
    if text.kind != "label":
        return False
    lines = _reaching_lines(box, nearby)
    left = [t for t in lines if t.bbox[0] < box[0]]  # a column left of the crop
    right = [t for t in lines if t.bbox[2] > box[2]]
    x0, _, x1, _ = text.bbox
    return (len(left) >= 2 and x1 <= max(t.bbox[2] for t in left) + 1.0) or (
        len(right) >= 2 and x0 >= min(t.bbox[0] for t in right) - 1.0
    )


def _foreign(text: PageText, box: Box, nearby: list[PageText]) -> bool:
    return text.kind in FOREIGN or column_label(text, box, nearby)


def foreign_text(box: Box, nearby: list[PageText], masks: list[Box] = ()) -> list[PageText]:
    """Lines of the page (body text, running header or footer, another caption, a heading, a
    label of the column beside it) that the crop shows, whole or a piece of them, and that no
    mask paints out."""
    return [
        t
        for t in nearby
        if _foreign(t, box, nearby)
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
    """Foreign lines the crop shows, and lines it cuts: through them, or between two lines of
    one block (a listing, a row of tick labels under the axis it labels)."""
    return box_findings(figure.bbox, figure.nearby, [tuple(m) for m in figure.masks])


def box_findings(
    bbox: Box, nearby: list[PageText], masks: list[Box]
) -> tuple[list[PageText], list[PageText]]:
    """`figure_crop_findings` for a figure's box (before padding), its page text and masks."""
    box = crop_box(bbox)
    cut = [t for t in cut_text(box, nearby) if not _masked(t, [_grown(m, box) for m in masks])]
    cut += [t for t in block_goes_on(box, nearby) if t not in cut]
    return foreign_text(box, nearby, masks), cut


BLOCK_LINE_GAP = 0.6  # of a line's height: the leading between two lines of one block


def block_goes_on(box: Box, nearby: list[PageText]) -> list[PageText]:
    """Lines just outside the crop that go on from a line inside it: as tall, in the same
    column, a line's leading away, across the edge between them (a listing cut after
    "0.25*osci(3*freq)):", the tick labels cut from under their axis). Whatever ingestion
    called the lines: the check stands on the page's geometry alone. A caption is no
    continuation of its figure."""
    inside = [t for t in nearby if inside_share(t, box) >= 0.9]
    found = []
    for line in nearby:
        if line.kind == "caption" or inside_share(line, box) >= 0.12:  # else cut_text's
            continue
        height = line.bbox[3] - line.bbox[1]
        for own in inside:
            own_height = own.bbox[3] - own.bbox[1]
            if abs(height - own_height) > 0.15 * max(height, own_height):
                continue
            narrower = min(line.bbox[2] - line.bbox[0], own.bbox[2] - own.bbox[0])
            shared = min(line.bbox[2], own.bbox[2]) - max(line.bbox[0], own.bbox[0])
            if shared < 0.5 * narrower:
                continue
            if line.bbox[1] >= own.bbox[3] - 1:  # below
                gap = line.bbox[1] - own.bbox[3]
                crossed = own.bbox[3] - 1 <= box[3] <= line.bbox[1] + 1
            else:
                gap = own.bbox[1] - line.bbox[3]
                crossed = line.bbox[3] - 1 <= box[1] <= own.bbox[1] + 1
            if crossed and -0.5 <= gap <= BLOCK_LINE_GAP * height:
                found.append(line)
                break
    return found


CAPTION_REACH_PT = 36.0  # a figure's crop ends this close to its caption (or starts)


def off_caption(figure: Figure) -> bool:
    """The crop is not where the caption says the figure is: not over or under the caption
    (sharing some of its width: a drawing beside the code it shows may stand off-centre over
    a caption centred under both) nor beside it. A crop in the other column shows another region; one
    that stops short of its caption, more than CAPTION_REACH_PT away with lines of the page
    between them, leaves a piece of the figure out (white space between is the figure's)."""
    if figure.caption_bbox is None:
        return False
    box, caption = crop_box(figure.bbox), figure.caption_bbox
    shared_x = min(box[2], caption[2]) - max(box[0], caption[0])
    shared_y = min(box[3], caption[3]) - max(box[1], caption[1])
    gap_x = max(caption[0] - box[2], box[0] - caption[2])
    if shared_y > 0:
        return gap_x > CAPTION_REACH_PT
    if shared_x <= 0:  # wholly beside the caption's width: the next column's region
        return True
    low, high, between = _short_of_caption(figure)
    # a table's notes stand between it and a caption under it: only a figure is cut short
    return figure.kind == "figure" and high - low > CAPTION_REACH_PT and bool(between)


def _short_of_caption(figure: Figure) -> tuple[float, float, list[PageText]]:
    """The band between a crop and the caption over or under it, and the page's lines in it
    (across the width the two share)."""
    box, caption = crop_box(figure.bbox), figure.caption_bbox or figure.bbox
    above = box[3] <= caption[1]
    low, high = (box[3], caption[1]) if above else (caption[3], box[1])
    between = [
        t
        for t in figure.nearby
        if t.kind != "caption"
        and t.bbox[1] >= low - 1
        and t.bbox[3] <= high + 1
        and t.bbox[0] < min(box[2], caption[2])
        and t.bbox[2] > max(box[0], caption[0])
    ]
    return low, high, between


def short_by_a_line(figure: Figure) -> bool:
    """The crop stops short of its caption (off_caption) by one line of text only, narrower than
    the crop and within its width: the figure's own last label (an axis title under the plot)
    left out. The crop still shows the figure's drawing — not another region of the page."""
    if not off_caption(figure) or figure.caption_bbox is None:
        return False
    box, caption = crop_box(figure.bbox), figure.caption_bbox
    if min(box[3], caption[3]) - max(box[1], caption[1]) > 0:
        return False  # beside its caption: another region
    if min(box[2], caption[2]) - max(box[0], caption[0]) <= 0:
        return False  # in the other column
    _, _, between = _short_of_caption(figure)
    if not between:
        return False
    top = min(t.bbox[1] for t in between)
    bottom = max(t.bbox[3] for t in between)
    height = max(t.bbox[3] - t.bbox[1] for t in between)
    return (
        bottom - top <= 1.5 * height  # one line
        and min(t.bbox[0] for t in between) >= box[0] - 1
        and max(t.bbox[2] for t in between) <= box[2] + 1
    )


def crop_defective(figure: Figure) -> bool:
    """Any finding of the crop checks: what a proposer must not show."""
    return any(figure_crop_findings(figure)) or off_caption(figure)


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
        for text in [t for t in nearby if _foreign(t, box, nearby) and inside_share(t, box) >= 0.5]:
            certain = certain or text.kind in ("caption", "header")
            x0, top, x1, bottom = _cleared((x0, top, x1, bottom), text)
            changed = True
        box = crop_box((x0, top, x1, bottom))
        for text in cut_text(box, nearby):
            if text.kind == "label" and not column_label(text, box, nearby):
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


def _cleared(bbox: Box, text: PageText) -> Box:
    """The box with the one edge moved that leaves the line outside it (padding included) by
    the shortest move."""
    x0, top, x1, bottom = bbox
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
    return (x0, top, x1, bottom)


def crop_recut(bbox: Box, nearby: list[PageText], rounds: int = 6) -> tuple[Box, list[Box]] | None:
    """A crop the checks find cut, re-cropped from the page: each cut label or line of a block
    the figure shows is taken in whole (the crop widens to the drawing's full extent); a
    foreign line an edge runs through (a page number or a caption line the margin grazes) is
    painted out where it reaches in, as `crop_masks` does, rather than moving the edge into the
    drawing; a foreign line mostly inside is left outside by the shortest edge move. The new box
    and its masks, when they pass the checks and keep most of the region; else None: no clean
    crop exists, and the figure is better not shown."""
    box = bbox
    width, height = bbox[2] - bbox[0], bbox[3] - bbox[1]
    painted: list[PageText] = []
    for _ in range(rounds):
        masks = crop_masks(box, nearby) + [
            _clipped(_padded(t.bbox), crop_box(box)) for t in painted
        ]
        foreign, cut = box_findings(box, nearby, masks)
        if not foreign and not cut:
            return box, masks
        before = (box, len(painted))
        for text in foreign:
            box = _cleared(box, text)
        for text in cut:
            if not _foreign(text, crop_box(box), nearby):  # the figure's own: taken in whole
                box = (
                    min(box[0], text.bbox[0]),
                    min(box[1], text.bbox[1]),
                    max(box[2], text.bbox[2]),
                    max(box[3], text.bbox[3]),
                )
            elif inside_share(text, crop_box(box)) > 0 and text not in painted:
                painted.append(text)
        if box[2] - box[0] < 0.65 * width or box[3] - box[1] < 0.65 * height:
            return None  # that much of the region would go: not the figure's crop any more
        if (box, len(painted)) == before:
            return None  # nothing left to try
    return None


def _padded(bbox: Box) -> Box:
    return (bbox[0] - 0.5, bbox[1] - 0.5, bbox[2] + 0.5, bbox[3] + 0.5)


def crop_final(bbox: Box, nearby: list[PageText]) -> tuple[Box, list[Box]]:
    """Ingestion's crop of a figure's region and its masks: cleaned (`crop_clean`), and
    re-cropped (`crop_recut`) when the checks still find it cut or showing foreign text; a
    crop no re-cropping makes clean is kept for the reviewer to report."""
    box = crop_clean(bbox, nearby)
    masks = crop_masks(box, nearby)
    if any(box_findings(box, nearby, masks)):
        recut = crop_recut(box, nearby)
        if recut is not None:
            box, masks = recut
    return box, masks
