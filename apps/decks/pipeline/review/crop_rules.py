"""Rules on each figure's crop, checked against the PDF's own layout (the page text stored with
the figure at ingestion): no foreign text inside, no line or label cut by an edge, no block of
lines (a listing, a row of tick labels) cut between two of its lines, and the crop next to its
caption. The last two stand on the page's geometry alone, not on what ingestion called each
line: a check that reads ingestion's own labels passes whatever ingestion got wrong."""

from __future__ import annotations

from apps.decks.pipeline.crops import CAPTION_REACH_PT, figure_crop_findings, off_caption
from apps.decks.pipeline.review.registry import SlideContext, slide_rule


@slide_rule
def crop_text(c: SlideContext):
    for figure in c.figures():
        foreign, cut = figure_crop_findings(figure)
        if foreign:
            text = foreign[0]
            yield c.issue(
                "crop_foreign_text",
                "high",
                f"the crop of {figure.label} shows {text.kind} text of the page (“{text.text[:50]}”)",
                "crop the figure to its drawing and its own labels",
                figure=figure.id,
                kind=text.kind,
                text=text.text[:120],
                bbox=list(text.bbox),
            )
        if cut:
            text = cut[0]
            yield c.issue(
                "crop_cut",
                "medium",
                f"the edge of {figure.label}'s crop cuts through or off “{text.text[:50]}”",
                "crop the figure with its labels whole",
                figure=figure.id,
                kind=text.kind,
                text=text.text[:120],
                bbox=list(text.bbox),
            )
        if off_caption(figure):
            yield c.issue(
                "crop_off_caption",
                "high",
                f"the crop of {figure.label} is not next to its caption (more than "
                f"{CAPTION_REACH_PT:.0f} pt away, or in another column)",
                "crop the region the caption belongs to, up to the caption",
                figure=figure.id,
                bbox=list(figure.bbox),
                caption_bbox=list(figure.caption_bbox or ()),
            )
