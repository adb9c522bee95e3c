"""A bullet that says what a figure slide's caption says.

A text slide before a figure slide whose last bullet is the figure's caption ("Once fit, we can
view the optimal value and a cross-validated error plot") is read twice in a row, the first
time without its plot. The loop made it: a bullet it removed was replaced by "another sentence
of the part", and the part's best sentence was the one the figure's caption was made of.

A caption of a few words ("The C matrix.") is no sentence a bullet repeats: a longer bullet that
contains its words says more. Only a caption of a sentence's length, worded nearly as the
bullet is (the same numbers, lengths alike, most words of *both* shared), is restated. Sharing
most words of the shorter is not enough: a bullet defining an equation's symbols shares the
nouns of a caption about the same quantities, and says what the caption does not (round 18: such
a definition was removed as a repeat, leaving the display's symbols undefined).
"""

from __future__ import annotations

from apps.decks.pipeline import text

SENTENCE_WORDS = 6  # a caption shorter than this is a label, not a sentence a bullet repeats
LENGTH_RATIO = 1.5  # the longer of the two at most this many times the shorter's words
SHARED = 0.6  # of the content words of both together, at least this share in each


def restates(bullet: str, caption: str) -> bool:
    """Does the bullet say what the caption says, nearly word for word?"""
    words = text.word_count(bullet), text.word_count(caption)
    if min(words) < SENTENCE_WORDS or max(words) > LENGTH_RATIO * min(words):
        return False
    if "$" in bullet and "$" not in caption:
        return False  # it writes the symbols the caption only names: an explanation
    mine, theirs = _content(bullet), _content(caption)
    if not mine or not theirs or len(mine & theirs) / len(mine | theirs) < SHARED:
        return False
    return text.same_claim(bullet, caption)


def _content(sentence: str) -> set[str]:
    return set(text.words(sentence)) - text.STOPWORDS
