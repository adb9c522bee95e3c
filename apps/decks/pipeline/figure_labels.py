"""What a figure says it measures: the words of its own labels (axis titles, tick and legend
labels). Two plots of one design that label their axes differently are not one comparison."""

from __future__ import annotations

import re

from apps.decks.pipeline.crops import crop_box, inside_share
from apps.decks.pipeline.paper import Figure

NUMERIC = re.compile(r"^[-+−]?[\d.,%]+$")
MIN_LABEL_WORDS = 3
SAME_LABELS_MIN_SHARE = 0.5


def own_label_words(figure: Figure) -> set[str]:
    """The words of a figure's own text inside its crop (axis titles, tick and legend labels),
    numbers left out: what the figure says it measures."""
    box = crop_box(figure.bbox)
    return {
        word.lower()
        for line in figure.nearby
        if line.kind == "label" and inside_share(line, box) >= 0.9
        for word in line.text.split()
        if not NUMERIC.match(word)
    }


def same_labels(a: Figure, b: Figure) -> bool | None:
    """Do two figures label what they show alike (most of their label words shared)? None when
    either has too little text of its own to tell."""
    words_a, words_b = own_label_words(a), own_label_words(b)
    if len(words_a) < MIN_LABEL_WORDS or len(words_b) < MIN_LABEL_WORDS:
        return None
    return len(words_a & words_b) / len(words_a | words_b) >= SAME_LABELS_MIN_SHARE
