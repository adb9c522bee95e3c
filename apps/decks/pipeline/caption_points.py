"""A figure's point is what it shows, not the small print of its caption.

On unseen papers a bare figure slide was given a sentence of its caption as its point, and the
sentence was the caption's small print — how to read the drawing (what the marks, lines and
shades stand for, where the data come from) — so the slide said nothing of what the figure
shows, and read as if it did.

A caption's first sentence names what the figure shows; the paper's sentences that point at it
say what it finds. A later caption sentence that shares no content word with either is about
the drawing, not its subject — unless it states a finding (a comparison, a result verb):
`small_print` tells it, and caption_statements leaves it off.
"""

from __future__ import annotations

from apps.decks.pipeline import main_points, text
from apps.decks.pipeline.paper import Figure


def _stems(value: str) -> set[str]:
    flat = text.MATH_SPAN.sub(" ", value)
    return {w[:5] for w in text.words(flat) if len(w) > 2 and w not in text.STOPWORDS}


def small_print(sentence: str, figure: Figure) -> bool:
    """Is the caption sentence about the drawing only: none of its content words is in the
    caption's first sentence (what the figure shows) or in a sentence of the paper pointing at
    the figure (what it finds)?"""
    mine = _stems(sentence)
    if not mine or _finds(sentence):
        return False
    first = next(iter(text.sentences(figure.caption)), "")
    subject = _stems(first) | {s for m in figure.mentions for s in _stems(m.text)}
    return not (mine & subject)


def _finds(sentence: str) -> bool:
    """Does the sentence state a finding (a comparison, a result verb, a measure)? Then it is
    a point of the figure whatever words it uses."""
    patterns = (text.FINDING, main_points.COMPARISON, main_points.RESULT_VERB)
    return any(pattern.search(sentence) for pattern in patterns)
