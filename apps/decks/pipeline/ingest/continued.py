"""A figure continued over two pages ("Figure 3 (continued): …", "Fig. 3 (cont.)"): the second
part is the same figure. captions.py keeps the first caption of a number; the part's caption is
found here, its region cropped like any figure's, and the part joined to the figure's image
(side by side when that fits a slide, else stacked), so that one slide shows the figure whole
and the part never stands as a figure of its own or under another figure's caption."""

from __future__ import annotations

import re
from pathlib import Path

from PIL import Image

from apps.decks.pipeline.caption_labels import FIGURE_LABEL_WORDS, label_word, series
from apps.decks.pipeline.ingest.captions import Caption
from apps.decks.pipeline.ingest.layout import Layout, Segment, join_lines

CONTINUED = re.compile(
    rf"^({FIGURE_LABEL_WORDS})\s*(\d+)\s*[(\[]?\s*"
    r"(?:continued|cont(?:inued|'d|d)?\.?)\s*[)\]]?\s*[.:—–-]?\s*",
    re.I,
)


def continued_captions(layout: Layout, captions: list[Caption]) -> list[Caption]:
    """The captions of continued parts of the paper's figures: a line "Figure N (continued)"
    for a figure N captioned elsewhere, with the lines just under it of its size."""
    numbers = {c.number for c in captions if c.kind == "figure"}
    taken = {id(s) for c in captions for s in c.segments}
    found = []
    for page_number, page in enumerate(layout.pages, start=1):
        lines = sorted((s for s in page if s.role == "text"), key=lambda s: (s.top, s.x0))
        for segment in lines:
            match = CONTINUED.match(segment.text)
            if not match or id(segment) in taken:
                continue
            number = int(match.group(2)) + series(match.group(1))[1]
            if number not in numbers:
                continue
            parts = [segment, *_lines_under(segment, lines)]
            text = join_lines([p.text for p in parts])[match.end() :].strip()
            label = f"{label_word(match.group(1))} {match.group(2)} (continued)"
            found.append(Caption("figure", number, label, text, page_number, parts))
    return found


def _lines_under(first: Segment, lines: list[Segment]) -> list[Segment]:
    """The caption's lines after its first: set close under it, in its column, its size."""
    parts = [first]
    for line in lines:
        last = parts[-1]
        if line.top <= last.top or line.top - last.bottom > 0.9 * last.size:
            continue
        if abs(line.size - first.size) > 0.6 or line.x0 > first.x1 or line.x1 < first.x0:
            continue
        if CONTINUED.match(line.text):
            break
        parts.append(line)
    return parts[1:]


WIDEST_SIDE_BY_SIDE = 2.4  # width over height of two parts set side by side: a slide's image


def joined(first: Path, part: Path) -> tuple[int, int]:
    """The part's image joined to the figure's (written over the figure's): side by side at
    one height when the pair is no wider than a slide's image area, else stacked at one
    width. Returns the new image's size."""
    with Image.open(first) as a, Image.open(part) as b:
        a, b = a.convert("RGB"), b.convert("RGB")
        height = max(a.height, b.height)
        side = [_scaled(a, height=height), _scaled(b, height=height)]
        gap = max(8, height // 40)
        if (side[0].width + side[1].width + gap) / height <= WIDEST_SIDE_BY_SIDE:
            canvas = Image.new("RGB", (side[0].width + side[1].width + gap, height), "white")
            canvas.paste(side[0], (0, 0))
            canvas.paste(side[1], (side[0].width + gap, 0))
        else:
            width = max(a.width, b.width)
            stack = [_scaled(a, width=width), _scaled(b, width=width)]
            gap = max(8, width // 40)
            canvas = Image.new("RGB", (width, stack[0].height + stack[1].height + gap), "white")
            canvas.paste(stack[0], (0, 0))
            canvas.paste(stack[1], (0, stack[0].height + gap))
    canvas.save(first, format="PNG", optimize=False, compress_level=6)
    return canvas.size


def _scaled(image: Image.Image, width: int = 0, height: int = 0) -> Image.Image:
    if width and image.width != width:
        return image.resize((width, round(image.height * width / image.width)), Image.LANCZOS)
    if height and image.height != height:
        return image.resize((round(image.width * height / image.height), height), Image.LANCZOS)
    return image
