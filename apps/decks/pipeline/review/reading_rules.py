"""Rules on where a bullet stands against the figure it reads (figure_reading.py)."""

from __future__ import annotations

from apps.decks.pipeline import figure_reading
from apps.decks.pipeline.issues import Issue
from apps.decks.pipeline.review.registry import DeckContext, deck_rule


@deck_rule
def figure_reading_apart(c: DeckContext):
    """A bullet that reads a figure ("Notice the red pointer …") on the slide before or after
    the figure's: the reader looks at one slide and reads about another."""
    found = figure_reading.apart(c.deck.slides, c.paper)
    if not found:
        return
    yield Issue(
        slide=0,
        type="figure_reading_apart",
        severity="medium",
        message=f"{len(found)} bullet{'s' if len(found) > 1 else ''} read{'' if len(found) > 1 else 's'} "
        "a figure shown on the slide next to it",
        suggestion="move each bullet onto the slide of the figure it reads",
        evidence={
            "slides": sorted({index + 1 for index, _, _ in found}),
            "bullets": [bullet for _, bullet, _ in found],
            "figure_slides": [target + 1 for _, _, target in found],
        },
    )
