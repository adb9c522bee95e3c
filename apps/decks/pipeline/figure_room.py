"""How much room a slide gives a figure: the reviewer's size checks and the proposer's choice
of layout read the same numbers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from apps.decks import limits

if TYPE_CHECKING:
    from apps.decks.pipeline.paper import Figure

# The content box a figure can use on a slide: canvas minus padding and title.
CONTENT_BOX = (884.0, 430.0)
# One figure of a pair: half the content box's width (less the gap between the columns), and
# its height less the captions under the figures and the takeaway line under both.
PAIR_BOX = ((CONTENT_BOX[0] - 30.0) / 2, CONTENT_BOX[1] - 100.0)


def legible_as_pair(first: Figure, second: Figure) -> bool:
    """Can two figures be compared side by side on one slide: each drawn at least half the
    width a figure of its own must have (figure_narrow), or its printed width, with its labels
    still readable (figure_text_small)? Two tall figures, or two with small print, drawn in
    half a slide each are thumbnails: they keep a slide each."""
    for figure in (first, second):
        native = max(1.0, figure.bbox[2] - figure.bbox[0])
        drawn = min(PAIR_BOX[0], PAIR_BOX[1] * figure.aspect)
        wanted = min(limits.get("figure_min_width_share") * CONTENT_BOX[0] / 2, native)
        if drawn + 1 < wanted:
            return False
        if figure.text_pt and figure.text_pt * drawn / native < limits.get("figure_text_min_px"):
            return False
    return True
