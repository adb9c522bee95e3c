"""A tall figure of stacked panels, laid out side by side so that it fits a wide slide.

A figure much taller than wide (three time series one above the other, (a)–(d) stacked)
would be a thumbnail on a 16:9 slide. When white rows split its crop into panels of similar
height, the panels are placed in a grid of the shape that lets each be drawn largest in the
slide's figure box. Each panel keeps its own labels; only their arrangement changes, which the
figure's `panels` count records.
"""

from __future__ import annotations

from PIL import Image

TALL_ASPECT = 0.8  # width / height below which a figure is worth rearranging
SLIDE_BOX = (884.0, 430.0)  # the room a figure has on a slide, CSS px
INK = 235  # grey level below which a pixel is ink
MIN_GAP_SHARE = 0.012  # a white run at least this share of the height separates panels
MIN_PANEL_SHARE = 0.12
MAX_WIDTH = 3000


def panel_bands(image: Image.Image) -> list[tuple[int, int]]:
    """Vertical extents (top, bottom) of the panels, split at fully white rows."""
    grey = image.convert("L")
    width, height = grey.size
    rows = grey.resize((1, height), Image.Resampling.BOX)
    darkest = grey.resize((max(1, width // 4), height), Image.Resampling.BOX)
    inked = [
        any(darkest.getpixel((x, y)) < INK for x in range(darkest.width))
        or rows.getpixel((0, y)) < 250
        for y in range(height)
    ]
    bands: list[tuple[int, int]] = []
    start, gap = None, 0
    for y, ink in enumerate(inked + [False] * (int(MIN_GAP_SHARE * height) + 2)):
        if ink:
            if start is None:
                start = y
            gap = 0
        elif start is not None:
            gap += 1
            if gap >= max(3, MIN_GAP_SHARE * height):
                bands.append((start, y - gap + 1))
                start, gap = None, 0
    return [b for b in bands if b[1] - b[0] >= MIN_PANEL_SHARE * height]


def rearranged(image: Image.Image) -> tuple[Image.Image, int]:
    """The image with its stacked panels side by side, and how many panels; unchanged (and 1)
    when it is not a tall stack of similar panels."""
    width, height = image.size
    if width / height >= TALL_ASPECT:
        return image, 1
    bands = panel_bands(image)
    heights = [b - t for t, b in bands]
    if len(bands) < 2 or max(heights) > 1.8 * min(heights):
        return image, 1
    count = len(bands)
    cell_h = max(heights)
    best_columns = max(
        range(1, count + 1),
        key=lambda c: min(SLIDE_BOX[0] / (c * width), SLIDE_BOX[1] / (-(-count // c) * cell_h)),
    )
    if best_columns == 1:
        return image, 1
    rows = -(-count // best_columns)
    gutter = max(8, width // 40)
    canvas = Image.new(
        "RGB",
        (best_columns * width + (best_columns - 1) * gutter, rows * cell_h + (rows - 1) * gutter),
        "white",
    )
    for index, (top, bottom) in enumerate(bands):
        panel = image.crop((0, top, width, bottom))
        column, row = index % best_columns, index // best_columns
        canvas.paste(panel, (column * (width + gutter), row * (cell_h + gutter)))
    if canvas.width > MAX_WIDTH:  # the panels were rendered for one column's width
        canvas = canvas.resize(
            (MAX_WIDTH, round(canvas.height * MAX_WIDTH / canvas.width)), Image.Resampling.LANCZOS
        )
    return canvas, count
