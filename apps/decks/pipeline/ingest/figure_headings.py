"""Headings that are a figure's own text: a panel's title ("Mean estimate") or an axis label
set large, read as a section heading because the figure's crop missed it. Slides were titled
with them over text of the section they interrupt; the section goes back into the one it
interrupts (its paragraphs are that section's text)."""

from __future__ import annotations

from apps.decks.pipeline.ingest.structure import KNOWN_HEADINGS
from apps.decks.pipeline.paper import Figure, PageText, Section

# how far above a figure's crop a panel title may sit (points): the crop may miss its top row
ABOVE_CROP = 40
# how far inside the span of the figure's own labels a line must start and end (points): a
# section heading starts at its column's edge, a panel title is centred over its panel
INSIDE_LABELS = 10
# a panel title or an axis label is a few words
MOST_WORDS = 4


def merged_figure_headings(sections: list[Section], figures: list[Figure]) -> list[Section]:
    """The sections with each one headed by a figure's own text merged into the section before
    it; the others as they were."""
    printed = {t.text.strip().lower() for f in figures for t in _figure_own_lines(f)}
    marked = [_figure_heading(s, printed) for s in sections]
    for i in range(1, len(sections) - 1):
        # a short empty "section" between two of a figure's lines ("SD estimate" between the
        # panel title and the axis label the crop kept) is a line of that figure too
        if marked[i - 1] and marked[i + 1] and _short_unnumbered(sections[i]):
            marked[i] = not sections[i].paragraphs
    kept: list[Section] = []
    for section, figure_text in zip(sections, marked, strict=True):
        if kept and figure_text:
            kept[-1].paragraphs.extend(section.paragraphs)
            continue
        kept.append(section)
    return kept


def _short_unnumbered(section: Section) -> bool:
    title = section.title.strip()
    return (
        not section.number
        and len(title.split()) <= MOST_WORDS
        and title.lower() not in KNOWN_HEADINGS
    )


def _figure_heading(section: Section, printed: set[str]) -> bool:
    return _short_unnumbered(section) and section.title.strip().lower() in printed


def _figure_own_lines(figure: Figure) -> list[PageText]:
    """The short lines near the figure that lie within the span of its own labels (tick
    values, axis names) and above its caption: text drawn as part of the figure."""
    labels = [t for t in figure.nearby if t.kind == "label"]
    if len(labels) < 2:
        return []
    left = min(t.bbox[0] for t in labels)
    right = max(t.bbox[2] for t in labels)
    bottom = figure.caption_bbox[1] if figure.caption_bbox else figure.bbox[3]
    found = []
    for line in figure.nearby:
        if line.kind not in ("label", "heading") or len(line.text.split()) > MOST_WORDS:
            continue
        x0, top, x1, low = line.bbox
        within = left + INSIDE_LABELS < x0 and x1 < right - INSIDE_LABELS
        # inside the crop, or over drawn content (a label below it): the figure's own text
        inside = _inside(line.bbox, figure.bbox)
        over_drawing = any(t.bbox[1] >= low for t in labels if t is not line)
        if (
            within
            and top >= figure.bbox[1] - ABOVE_CROP
            and low <= bottom
            and (inside or over_drawing)
        ):
            found.append(line)
    return found


def _inside(box: tuple, outer: tuple) -> bool:
    return (
        box[0] >= outer[0] - 1
        and box[1] >= outer[1] - 1
        and box[2] <= outer[2] + 1
        and box[3] <= outer[3] + 1
    )
