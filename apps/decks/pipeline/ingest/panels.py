"""A tall figure of panels, laid out again so that it fits a wide slide.

A figure much taller than wide (three time series one above the other, (a)–(d) stacked, a
3 × 2 grid of diagnostic plots) would be a thumbnail on a 16:9 slide. White rows split its crop
into rows of panels, and white columns split each row into the same number of panels; the
panels are then placed, in reading order, in the grid whose shape lets each be drawn largest
in the slide's figure box. A strip too thin to be a panel (a panel's title over it, its axis
title under it or beside it) goes with the panel it is nearer to, so each panel keeps all its
own labels; only their arrangement changes, which the figure's `panels` count records.
"""

from __future__ import annotations

from PIL import Image

TALL_ASPECT = 0.8  # width / height below which a figure is worth rearranging
SLIDE_BOX = (884.0, 430.0)  # the room a figure has on a slide, CSS px
INK = 235  # grey level below which a pixel is ink
MIN_GAP_SHARE = 0.012  # a white run at least this share of the height separates panels
MIN_PANEL_SHARE = 0.12
MIN_GAIN = 1.15  # drawn at least this much larger, or the figure is left as printed
MAX_WIDTH = 3000


def _raw_runs(inked: list[bool], min_gap: float) -> list[tuple[int, int]]:
    """Extents of the inked runs split at white runs of min_gap or more."""
    runs: list[tuple[int, int]] = []
    start, gap = None, 0
    for y, ink in enumerate(inked + [False] * (int(min_gap) + 2)):
        if ink:
            if start is None:
                start = y
            gap = 0
        elif start is not None:
            gap += 1
            if gap >= max(3, min_gap):
                runs.append((start, y - gap + 1))
                start, gap = None, 0
    return runs


def _runs(inked: list[bool], min_gap: float, min_share: float) -> list[tuple[int, int]]:
    """Extents of the inked runs split at white runs of min_gap or more; a run shorter than
    min_share of the whole (a title, an axis label) joins the nearer of its neighbours."""
    length = len(inked)
    runs = _raw_runs(inked, min_gap)
    big = _big_runs(runs, length, min_share)
    if not big:
        return []
    owner = {i: big[0] for i in range(big[0])}
    owner.update({i: big[-1] for i in range(big[-1], len(runs))})
    trail = _repeated_trail(runs, big)
    for before, after in zip(big, big[1:], strict=False):
        if trail is not None:
            cut = before + trail  # the rows repeat one layout: the upper keeps its trail
        else:
            # the thin runs between two panels go with the one on their side of the widest
            # white gap between them: a panel's title sits closer to it than to the one before
            gaps = [runs[i + 1][0] - runs[i][1] for i in range(before, after)]
            cut = before + max(range(len(gaps)), key=lambda k: gaps[k])  # last run before it
        owner.update({i: before if i <= cut else after for i in range(before, after)})
    merged = {i: list(runs[i]) for i in big}
    for index, home in owner.items():
        merged[home][0] = min(merged[home][0], runs[index][0])
        merged[home][1] = max(merged[home][1], runs[index][1])
    return [(merged[i][0], merged[i][1]) for i in big]


def _big_runs(runs: list[tuple[int, int]], length: int, min_share: float) -> list[int]:
    return [i for i, r in enumerate(runs) if r[1] - r[0] >= min_share * length]


def _repeated_trail(runs: list[tuple[int, int]], big: list[int]) -> int | None:
    """How many thin runs each panel has after it, when the panels repeat one layout: the
    first panel's thin runs before it (its title) and the last one's after it (its tick
    labels, its axis title) are each panel's own, so between two panels lie as many thin
    runs as the two ends hold together, the upper's trail first. None when they do not (a
    title over the whole figure, one axis title shared at its foot): the white gaps decide.
    Gaps alone fail where an axis title sits halfway between its ticks and the next title."""
    lead, trail = big[0], len(runs) - 1 - big[-1]
    if len(big) < 2 or lead + trail == 0:
        return None
    between = {after - before - 1 for before, after in zip(big, big[1:], strict=False)}
    return trail if between == {lead + trail} else None


def layout_repeats(image: Image.Image) -> bool:
    """Whether the rows of panels repeat one layout (_repeated_trail): the labels between
    two rows then belong where the rows' ends show, however near either row they sit."""
    inked = _inked_rows(image)
    length = len(inked)
    runs = _raw_runs(inked, MIN_GAP_SHARE * length)
    big = _big_runs(runs, length, MIN_PANEL_SHARE)
    return bool(big) and _repeated_trail(runs, big) is not None


def _inked_rows(image: Image.Image) -> list[bool]:
    grey = image.convert("L")
    width, height = grey.size
    rows = grey.resize((1, height), Image.Resampling.BOX)
    darkest = grey.resize((max(1, width // 4), height), Image.Resampling.BOX)
    # read as bytes, a row a slice: pixel by pixel took a minute on a paper of large figures
    means, cells, span = rows.tobytes(), darkest.tobytes(), darkest.width
    return [min(cells[y * span : (y + 1) * span]) < INK or means[y] < 250 for y in range(height)]


def panel_bands(image: Image.Image) -> list[tuple[int, int]]:
    """Vertical extents (top, bottom) of the rows of panels, split at fully white rows."""
    height = image.size[1]
    return _runs(_inked_rows(image), MIN_GAP_SHARE * height, MIN_PANEL_SHARE)


def panel_columns(image: Image.Image) -> list[tuple[int, int]]:
    """Horizontal extents (left, right) of the panels of one row, split at white columns."""
    turned = image.transpose(Image.Transpose.ROTATE_90)
    width = image.size[0]
    runs = _runs(_inked_rows(turned), MIN_GAP_SHARE * width, 2 * MIN_PANEL_SHARE)
    return sorted((width - b, width - a) for a, b in runs)


def panel_cells(image: Image.Image) -> list[tuple[int, int, int, int]]:
    """The panels (left, top, right, bottom) in reading order: each row split into as many
    panels as every other row, or kept whole when the rows do not agree."""
    bands = panel_bands(image)
    width = image.size[0]
    split = [panel_columns(image.crop((0, top, width, bottom))) for top, bottom in bands]
    counts = {len(columns) for columns in split}
    if len(counts) == 1 and counts.pop() >= 2:
        return [
            (x0, top, x1, bottom)
            for (top, bottom), row in zip(bands, split, strict=True)
            for x0, x1 in row
        ]
    return [(0, top, width, bottom) for top, bottom in bands]


def _scale(width: float, height: float) -> float:
    return min(SLIDE_BOX[0] / width, SLIDE_BOX[1] / height)


def rearranged(image: Image.Image) -> tuple[Image.Image, int]:
    """The image with its panels laid out to fit the slide, and how many panels; unchanged
    (and 1) when it is not a tall figure of similar panels, or no other grid draws it larger."""
    width, height = image.size
    if width / height >= TALL_ASPECT:
        return image, 1
    cells = panel_cells(image)
    widths = [x1 - x0 for x0, _, x1, _ in cells]
    heights = [b - t for _, t, _, b in cells]
    if len(cells) < 2 or max(heights) > 1.8 * min(heights) or max(widths) > 1.8 * min(widths):
        return image, 1
    count = len(cells)
    cell_w, cell_h = max(widths), max(heights)
    gutter = max(8, cell_w // 40, cell_h // 30)  # rows apart by more than a label gap

    def size(columns: int) -> tuple[int, int]:
        """The grid's size, with a gutter around it as the crop had its margin."""
        rows = -(-count // columns)
        return columns * cell_w + (columns + 1) * gutter, rows * cell_h + (rows + 1) * gutter

    # full rows only (no hole at the grid's end), unless no such grid does better
    shapes = [c for c in range(1, count + 1) if count % c == 0] or list(range(1, count + 1))
    best = max(shapes, key=lambda c: _scale(*size(c)))
    laid = size(best)
    if _scale(*laid) < MIN_GAIN * _scale(width, height):
        return image, 1
    canvas = Image.new("RGB", laid, "white")
    for index, (x0, top, x1, bottom) in enumerate(cells):
        panel = image.crop((x0, top, x1, bottom))
        column, row = index % best, index // best
        # each panel centred in its cell: panels of a row cut a little apart stay aligned
        left = gutter + column * (cell_w + gutter) + (cell_w - (x1 - x0)) // 2
        down = gutter + row * (cell_h + gutter) + (cell_h - (bottom - top)) // 2
        canvas.paste(panel, (left, down))
    if canvas.width > MAX_WIDTH:  # the panels were rendered for one column's width
        canvas = canvas.resize(
            (MAX_WIDTH, round(canvas.height * MAX_WIDTH / canvas.width)), Image.Resampling.LANCZOS
        )
    return canvas, count
