"""Rules on each figure's crop, checked against the PDF's own layout (the page text stored with
the figure at ingestion): no foreign text inside, no line or label cut by an edge."""

from __future__ import annotations

from apps.decks.pipeline.crops import figure_crop_findings
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
                f"the edge of {figure.label}'s crop cuts through “{text.text[:50]}”",
                "crop the figure with its labels whole",
                figure=figure.id,
                kind=text.kind,
                text=text.text[:120],
                bbox=list(text.bbox),
            )
