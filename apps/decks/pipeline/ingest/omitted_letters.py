"""A letter the text layer left out altogether: no glyph, no code, nothing to read back.

lost_letters.py reads a glyph whose text is unnamed; some PDFs give a letter no character at
all (the glyph drawn outside the text, a font whose one letter the producer dropped), and the
text reads "the lassi al o tavo sizes" for "the classical octavo sizes". Nothing marks the
places, so the letter is found by what its absence does: a long text (in one of the Latin
script languages whose words all use it often) has (nearly) none of it, and many of its words
that are no words become English words (words.known) or words the paper prints whole with it,
by inserting that one letter — far more than by inserting any other letter.

A word is restored only when one reading is clear: the fewest insertions that make it a word
give one word ("alulated" → "calculated"); a word that is already a word stays ("lass"), one
two readings fit stays as printed. When the letter cannot be told, nothing is inserted and the
paper's `text_layer` notes say words are missing a letter.
"""

from __future__ import annotations

import string
from collections import Counter
from collections.abc import Iterable
from itertools import combinations_with_replacement

from apps.decks.pipeline.ingest.words import known

# Letters at least this common in English, German, French, Spanish and Italian text alike
# ('w', 'h', 'k', 'p' are rare in some of them: their absence says nothing)
LEAST_SHARE = {"e": 0.1, "a": 0.05, "i": 0.05, "n": 0.05, "t": 0.04, "r": 0.04, "s": 0.04}
LEAST_SHARE |= {"o": 0.02, "l": 0.02, "d": 0.02, "u": 0.02, "c": 0.02, "m": 0.02}
MIN_EXPECTED = 30  # the letter's least expected count in the text before its absence counts
ABSENT = 0.02  # of that count, what the text may still hold (a heading in another font)
MAX_INSERTED = 3  # copies of the letter one word may need ("ommerial" → "commercial")
MIN_RESTORED = 10  # distinct words the letter must make words
MARGIN = 3.0  # times the words the next best letter makes


def omitted_letter(lower_case: Counter[str]) -> str | None:
    """The common letter a long text (its lower-case letters counted) has (nearly) none of."""
    total = sum(lower_case.values())
    for letter, share in sorted(LEAST_SHARE.items(), key=lambda item: -item[1]):
        expected = share * total
        if expected >= MIN_EXPECTED and lower_case[letter] <= ABSENT * expected:
            return letter
    return None


def restorations(words: Iterable[str], letter: str, vocabulary: set[str]) -> dict[str, str]:
    """Broken word (lower case) → the word it is with the letter put back, when the letter is
    clearly the one the text lost; empty when it is not. `vocabulary`: the words the paper
    prints whole with the letter (in a font that kept it)."""
    broken = {w.lower() for w in words if w.isalpha() and len(w) > 1 and _cased(w)}
    broken = {w for w in broken if not _is_word(w, vocabulary)}
    made = {
        # by English alone (the paper's words with the letter would favour it), one or two
        # copies of each letter ("wk" is "week")
        other: {w for w in broken if any(_inserted(w, other, n, set()) for n in (1, 2))}
        for other in string.ascii_lowercase
    }
    rival = max((o for o in made if o != letter), key=lambda o: len(made[o]))
    # only the words one of the two makes and the other does not tell them apart
    ours, theirs = made[letter] - made[rival], made[rival] - made[letter]
    if len(ours) < MIN_RESTORED or len(ours) < MARGIN * max(len(theirs), 1):
        return {}
    restored = {}
    for word in broken:
        for count in range(1, MAX_INSERTED + 1):
            made = _inserted(word, letter, count, vocabulary)
            if made:
                if len(made) == 1:
                    restored[word] = made.pop()
                break  # more insertions are a worse reading; two words fit: left as printed
    return restored


def restored(text: str, fixes: dict[str, str]) -> str:
    """A word as printed, with the letter put back (its case kept: 'Otavo' → 'Octavo')."""
    fixed = fixes.get(text.lower()) if _cased(text) else None
    if fixed is None:
        return text
    if text[0].isupper():
        return fixed[0].upper() + fixed[1:]
    return fixed


def _cased(word: str) -> bool:
    """Lower case after its first letter: a capital's word lost no lower-case letter."""
    return word[1:].islower() or (len(word) == 1 and word.islower())


def _inserted(word: str, letter: str, count: int, vocabulary: set[str]) -> set[str]:
    """The words the word becomes with `count` copies of the letter put in."""
    out = set()
    for places in combinations_with_replacement(range(len(word) + 1), count):
        chars = list(word)
        for place in reversed(places):
            chars.insert(place, letter)
        candidate = "".join(chars)
        if _is_word(candidate, vocabulary):
            out.add(candidate)
    return out


def _is_word(word: str, vocabulary: set[str]) -> bool:
    return word in vocabulary or known(word)
