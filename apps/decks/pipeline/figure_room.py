"""How much room a slide gives a figure: the reviewer's size checks and the proposer's choice
of layout read the same numbers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from apps.decks import limits

if TYPE_CHECKING:
    from apps.decks.pipeline.paper import Figure

# The content box a figure can use on a slide: canvas minus padding and title.
CONTENT_BOX = (884.0, 430.0)
# One column of a pair (deck-pair in deck-style.css): half the content box less the gap.
PAIR_COLUMN_W = (CONTENT_BOX[0] - 30.0) / 2

# The pair layout as the renderer lays it out, fitted to the measures of 25 rendered pair
# slides (rounds/*/measures.json of held-out decks: frame heights 234–424 px, each within 5 px
# of this model). Under a one-line title a column is 424 px high; each further title line
# takes 33 px; the line under both figures takes its height plus 14 px; a caption takes 8 px
# and 24 px a line. Text wraps at about 0.44 em a character (Source Sans / Liberation Sans):
# 74 characters a line of a 13 px caption in a column, 58 of the 29 px title, 91 of the 22 px
# line under the figures.
PAIR_ROW_H = 424.0
TITLE_LINE_H = 33.0
TITLE_CHARS = 58
CAPTION_CHARS = 72  # two under the fitted 74: a word that does not fit goes to the next line
CAPTION_BASE_H, CAPTION_LINE_H = 8.0, 24.0
TAKEAWAY_CHARS = 90
TAKEAWAY_BASE_H, TAKEAWAY_LINE_H = 39.0, 28.6


def wrapped_lines(words: str, chars: int) -> int:
    """Lines a text takes when wrapped at word boundaries at `chars` characters a line."""
    lines, used = 0, chars + 1
    for word in words.split():
        if used + 1 + len(word) > chars:
            lines += 1 + (len(word) - 1) // chars
            used = len(word) % chars or chars
        else:
            used += 1 + len(word)
    return lines


def pair_boxes(
    captions: tuple[str, str], title: str = "", takeaway: str = ""
) -> tuple[tuple[float, float], tuple[float, float]]:
    """The box each figure of a pair is drawn in: the column's width, and the row's height
    (less the title's extra lines and the line under both) less its own caption's lines."""
    row = PAIR_ROW_H - TITLE_LINE_H * max(0, wrapped_lines(title, TITLE_CHARS) - 1)
    if takeaway.strip():
        row -= TAKEAWAY_BASE_H + TAKEAWAY_LINE_H * (wrapped_lines(takeaway, TAKEAWAY_CHARS) - 1)
    boxes = []
    for caption in captions:
        lines = wrapped_lines(caption, CAPTION_CHARS)
        height = row - (CAPTION_BASE_H + CAPTION_LINE_H * lines if lines else 0.0)
        boxes.append((PAIR_COLUMN_W, max(1.0, height)))
    return boxes[0], boxes[1]


def pair_captions(first: Figure, second: Figure, caption: str | None = None) -> tuple[str, str]:
    """The caption lines under the two figures of a pair, as render.markdown writes them: the
    first figure's is the slide's caption (`caption`; None: the proposer's caption line; "": its
    whole caption, or none for a plot the paper gives no caption), the second's its caption
    line; a captioned figure's starts with its label ("Figure 3. …")."""
    from apps.decks.pipeline.propose.captions import caption_text

    first_words = caption_text(first) if caption is None else caption
    if first.captioned:
        first_words = first_words or first.caption
    lines = []
    for figure, words in ((first, first_words), (second, caption_text(second))):
        lines.append(f"{figure.label}. {words}" if figure.captioned else words)
    return lines[0], lines[1]


def legible_as_pair(
    first: Figure,
    second: Figure,
    *,
    caption: str | None = None,
    title: str = "",
    takeaway: str = "",
) -> bool:
    """Can two figures be compared side by side on one slide: each drawn at least half the
    width a figure of its own must have (figure_narrow), or its printed width, with its labels
    still readable (figure_text_small)? The room each gets is what the renderer leaves it under
    the slide's title, over its own caption and the line under both (`caption`: the slide's
    caption line, see pair_captions): two long captions shrink both figures. Two tall figures, or two with small print, drawn in half a slide each are
    thumbnails: they keep a slide each."""
    shown = pair_captions(first, second, caption)
    for figure, box in zip((first, second), pair_boxes(shown, title, takeaway), strict=True):
        native = max(1.0, figure.bbox[2] - figure.bbox[0])
        drawn = min(box[0], box[1] * figure.aspect)
        wanted = min(limits.get("figure_min_width_share") * CONTENT_BOX[0] / 2, native)
        if drawn + 1 < wanted:
            return False
        if figure.text_pt and figure.text_pt * drawn / native < limits.get("figure_text_min_px"):
            return False
    return True


STATEMENT_LINE_PX = 40.0  # the height one line of text under a figure takes from it


def _label_px(figure: Figure, lines: int) -> float:
    """How high the figure's labels are drawn on a slide of its own, across the slide, over
    `lines` lines of text (its caption line, a statement)."""
    return (
        figure.text_pt * width_over_lines(figure, lines) / max(1.0, figure.bbox[2] - figure.bbox[0])
    )


def width_over_lines(figure: Figure, lines: int) -> float:
    """How wide a slide of its own draws the figure over `lines` lines of text."""
    return min(CONTENT_BOX[0], (CONTENT_BOX[1] - lines * STATEMENT_LINE_PX) * figure.aspect)


def legible_with_a_line(figure: Figure) -> bool:
    """Would the figure's labels still read (figure_text_small) with one more line of text
    under it on its own slide? A figure whose small print is near the limit is best left with
    the room it has: a statement under it draws it smaller (bare_figure_run)."""
    if not figure.text_pt:
        return True
    return _label_px(figure, 2) >= limits.get("figure_text_min_px")


def legible_alone(figure: Figure) -> bool:
    """Would the figure's labels read drawn as large as a slide allows, over its caption line
    and nothing else?"""
    if not figure.text_pt:
        return True
    return _label_px(figure, 1) >= limits.get("figure_text_min_px")


def line_spoils_labels(figure: Figure) -> bool:
    """Would a statement under the figure make labels that read alone too small to read? Only
    then is the figure best left bare: a figure whose print no slide draws readable (the
    paper's own small print, common in plots of R vignettes: 3–5 pt labels over a page's
    width) loses nothing a reader could read to a line saying what it shows, and without it
    a run of such plots never says what they show (round 22: every bare plot of two decks'
    runs of four and six was left mute, their findings found but held back)."""
    return legible_alone(figure) and not legible_with_a_line(figure)
