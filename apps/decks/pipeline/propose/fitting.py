"""Rough text metrics for sizing slides before they are rendered.

The numbers follow renderers/slidev/deck-style.css. They only need to be close: the reviewer
measures the rendered slide and the revision uses the measured overflow, not these estimates.
"""

from __future__ import annotations

import math

from apps.decks.pipeline.paper import Figure
from apps.decks.pipeline.slide_deck import Slide

BODY_HEIGHT = 410.0  # canvas 552 − padding 30/44 − one-line title 46 − gap 22
INNER_WIDTH = 884.0
CHAR_EM = 0.5  # average advance of a character, in em, for the sans stacks used
CAPTION_PX = 13.0
CAPTION_LINE = 17.6
SPLIT_TEXT_WIDTH = 259.0  # text column beside a figure, minus the bullet indent
SPLIT_FIGURE_WIDTH = 572.0
FULL_TAKEAWAY_WIDTH = 820.0
MIN_FIGURE_HEIGHT = 160
MAX_FIGURE_HEIGHT = 404


def lines(content: str, font_px: float, width: float) -> int:
    per_line = max(1, int(width / (font_px * CHAR_EM)))
    return max(1, math.ceil(len(content) / per_line))


def title_height(title: str) -> float:
    return 46.0 + 33.0 * (lines(title, 29, INNER_WIDTH) - 1)


def bullets_height(bullets: list[str], font_px: float, width: float, gap_em: float) -> float:
    if not bullets:
        return 0.0
    line_height = 1.38 * font_px
    return (
        sum(lines(b, font_px, width) * line_height for b in bullets)
        + len(bullets) * gap_em * font_px
    )


def caption_height(caption: str, width: float) -> float:
    return 8.0 + lines(caption, CAPTION_PX, min(640.0, width)) * CAPTION_LINE


def fit_bullets(bullets: list[str], font_px: float = 22) -> list[str]:
    """Drop trailing bullets until the list fits a text slide."""
    kept = list(bullets)
    while (
        len(kept) > 2 and bullets_height(kept, font_px, INNER_WIDTH - 23, 0.62) > BODY_HEIGHT - 10
    ):
        kept.pop()
    return kept


def fit_figure_slide(slide: Slide, figure: Figure) -> Slide:
    """Choose the figure height (and text size) so that the slide fits its canvas."""
    from apps.decks.pipeline.render.markdown import TALL_ASPECT

    available = BODY_HEIGHT - (title_height(slide.title) - 46.0)
    caption = f"{figure.label}. {slide.caption or figure.caption}"
    size = slide.text_size
    if slide.layout == "figure-full":
        takeaway = " ".join(slide.bullets)
        takeaway_height = (
            10 + lines(takeaway, size, FULL_TAKEAWAY_WIDTH) * 1.3 * size if takeaway else 0
        )
        height = available - caption_height(caption, INNER_WIDTH) - takeaway_height - 8
    elif figure.aspect < TALL_ASPECT:
        height = available - 6
        text_width = INNER_WIDTH - 36 - height * figure.aspect - 23
        caption_block = 30 + lines(caption, 14, text_width + 23) * 19.6
        while (
            size > 18
            and bullets_height(slide.bullets, size, text_width, 0.7) + caption_block > available
        ):
            size -= 2
    else:
        height = available - caption_height(caption, SPLIT_FIGURE_WIDTH) - 8
        while size > 18 and bullets_height(slide.bullets, size, SPLIT_TEXT_WIDTH, 0.7) > available:
            size -= 2
    height = int(max(MIN_FIGURE_HEIGHT, min(MAX_FIGURE_HEIGHT, height)))
    return slide.model_copy(update={"figure_height": height, "text_size": size})
