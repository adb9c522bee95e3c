"""A figure's point is what it shows, not the small print of its caption.

On unseen papers a bare figure slide was given a sentence of its caption as its point, and the
sentence was the caption's small print — how to read the drawing (what the marks, lines and
shades stand for, where the data come from) — so the slide said nothing of what the figure
shows, and read as if it did.

A caption's first sentence names what the figure shows; the paper's sentences that point at it
say what it finds. A later caption sentence whose subject (else its words) shares no content
word with either is about the drawing ("Solid lines indicate the mean of the projections"), not
its subject — unless it states a finding (a comparison, a result verb):
`small_print` tells it, and caption_statements leaves it off.
"""

from __future__ import annotations

from apps.decks.pipeline import main_points, text, title_defects
from apps.decks.pipeline.paper import Figure


def _stems(value: str) -> set[str]:
    flat = text.MATH_SPAN.sub(" ", value)
    return {w[:5] for w in text.words(flat) if len(w) > 2 and w not in text.STOPWORDS}


def small_print(sentence: str, figure: Figure) -> bool:
    """Is the caption sentence about the drawing only? Its subject shares no content word with
    the caption's first sentence (what the figure shows) or the paper's sentences pointing at
    the figure (what it finds), and the sentence at most one; without a subject, no word."""
    if _finds(sentence):
        return False
    first = next(iter(text.sentences(figure.caption)), "")
    subject = _stems(first) | {s for m in figure.mentions for s in _stems(m.text)}
    # what the sentence is about: its subject ("Solid lines" of "Solid lines indicate the
    # mean of the projections"); a sentence naming the subject's words more than once in
    # passing is about it
    about = _stems(title_defects.subject_title(sentence))
    words = _stems(sentence)
    if about:
        return not (about & subject) and len(words & subject) <= 1
    return bool(words) and not (words & subject)


def _finds(sentence: str) -> bool:
    """Does the sentence state a finding (a comparison, a result verb, a measure)? Then it is
    a point of the figure whatever words it uses."""
    patterns = (text.FINDING, main_points.COMPARISON, main_points.RESULT_VERB)
    return any(pattern.search(sentence) for pattern in patterns)
