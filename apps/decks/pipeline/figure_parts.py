"""A slide that shows one part of a figure (Slide.panel): the part seen as a figure of its own
(its image, size and page region), and its share of the caption.

A figure whose labels are too small to read even across the whole slide is shown a part to a
slide (ingest/panel_parts.py); the renderer draws the part's image and the reviewer measures
the part's labels, while the crop checks keep judging the figure's whole crop."""

from __future__ import annotations

import re

from apps.decks.pipeline.paper import Figure

PANEL_LABEL = re.compile(r"\(([a-z])\)\s")


def part_shown(figure: Figure, panel: int) -> Figure:
    """The figure as a slide showing its part `panel` (1-based) draws it; the figure itself
    when the slide shows it whole or it has no such part."""
    if not 1 <= panel <= len(figure.parts):
        return figure
    part = figure.parts[panel - 1]
    return figure.model_copy(
        update={
            "image": part.image,
            "width_px": part.width_px,
            "height_px": part.height_px,
            "bbox": part.bbox,
            "panels": 1,
        }
    )


def part_caption(caption: str, panel: int, parts: int) -> str:
    """The caption's own sentences for the part: the figure's sentence before its panel
    labels, then the text after "(x)" for this part's letter when the caption names one
    panel label per part ("… (a) Executing a task remotely. (b) Returning …"); else the
    whole caption."""
    marks = list(PANEL_LABEL.finditer(caption))
    if len(marks) != parts or [m.group(1) for m in marks] != [chr(97 + i) for i in range(parts)]:
        return caption
    lead = caption[: marks[0].start()].strip()
    mark = marks[panel - 1]
    end = marks[panel].start() if panel < parts else len(caption)
    own = caption[mark.start() : end].strip().rstrip(";,")
    return f"{lead} {own}".strip() if lead else own
