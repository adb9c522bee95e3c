"""A report's type or series label printed above its title ("Technical Report 2026-07",
"Working Paper No. 14"): the form's line, not the document's title.

The label is set as large as the title or larger, so the title's search took it — alone, or
glued to the title's first line. It reads as a form's line by its shape: a short line that
carries a number (the series' issue) or is set in capitals, set apart from a longer large line
under it by more than a title's own leading, or in another size. A title's own first line
runs into the next with the title's leading ("Llama 2: Open Foundation" / "and Chat Models").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from apps.decks.pipeline.ingest.layout import Segment

LABEL_WORDS = 4  # at most, in a type or series label
# a number of its own ("2026-07", "No. 14", "TR-3"), not a digit of a name ("GLAM2 Methods",
# a program's name in a title)
NUMBER = re.compile(r"(?<![A-Za-z])\d")
LEADING_GAP = 0.4  # of the label's size: more white under it than a title's own leading


def without_type_labels(candidates: list[Segment]) -> list[Segment]:
    """The title's candidates without a type or series label above a longer large line."""
    labels = [s for s in candidates if _labels(s, candidates)]
    kept = [s for s in candidates if s not in labels]
    return kept or candidates


def _labels(segment: Segment, candidates: list[Segment]) -> bool:
    words = segment.text.split()
    if not 0 < len(words) <= LABEL_WORDS or segment.text.rstrip().endswith((":", "-", "–")):
        return False
    letters = [c for c in segment.text if c.isalpha()]
    if not (NUMBER.search(segment.text) or (letters and all(c.isupper() for c in letters))):
        return False
    below = [s for s in candidates if s.top > segment.bottom - 1]
    if not below:
        return False
    following = min(below, key=lambda s: s.top)
    apart = following.top - segment.bottom >= LEADING_GAP * segment.size
    resized = abs(following.size - segment.size) >= 0.6
    return len(following.text.split()) > len(words) and (apart or resized)
