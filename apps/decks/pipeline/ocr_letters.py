"""Words an OCR misread: letters no word of the paper's language mixes so, or a spelling the
paper itself writes otherwise.

A scanned paper's text layer is the OCR's reading of the picture, and the OCR confuses
letters that look alike: a capital inside a lower-case word ("simpIe", "wOrk"), a digit
inside one ("c0unted", "a1so"), "rn" for "m" and "l" for "I" ("pattem", "lt is"), two words
read as one ("ofthe"). Shown on a slide, the bullet reads as garbled, and a misread number or
name can make it wrong. Nothing on the page tells the truth but the paper's other pages, so
the checks here read the paper:

- a letter mixture (`MIXTURE`: character classes, never a word list) is a misreading unless the
  paper writes that very token again (a name of code, "arXiv"): an OCR's slip is not repeated
  letter for letter, a name is;
- a word the paper writes once whose look-alike reading (one confusion undone) the paper writes
  three times or more is the slip, the frequent one the word;
- a word the paper writes once that is two of its words whose pair it writes apart twice or
  more ("ofthe" beside "of the") is two words glued.
"""

from __future__ import annotations

import re
from collections import Counter

from apps.decks.pipeline.garbled import CODE_SPAN, unmath

# A capital between lower-case letters ("simpIe", "tHe"), a digit read for a letter between
# letters ("c0unted", "a1so"): a misreading when the paper writes the word right elsewhere
# ("simple", "counted"); a name of code ("endTime", "dhSegment") is no word the paper writes
# in lower case.
MIXTURE = re.compile(r"^(?:[a-z]{2,}[A-Z][a-z]+|[a-z][A-Z][a-z]{3,}|[a-z]+[01][a-z]+)$")
# A letter read for a digit inside a number ("2O16", "1l5"): no number is written so.
NUMBER_MIXTURE = re.compile(r"^\d+[OolI]\d+$")
# What a digit read for a letter stands for.
DIGIT_LETTERS = str.maketrans({"0": "o", "1": "l"})
# OCR's look-alikes, each way: one undone at one place gives the word the print has.
CONFUSIONS = (("rn", "m"), ("m", "rn"), ("l", "I"), ("I", "l"), ("0", "o"), ("1", "l"), ("vv", "w"))
# A variant this frequent in the paper is its word; the misreading is seen at most once.
FREQUENT = 3
# Look-alikes are read only in words this long: "ln" beside "In", "t0" beside "to" are a
# logarithm and a variable as often as misreadings.
MIN_LETTERS = 4
# Two words glued are read only when the paper writes the pair apart this often: the pairs the
# OCR glues are the commonest ("of the", "in the"), a compound's pair is rare ("set up").
FREQUENT_PAIR = 8
TOKEN = re.compile(r"[^\s/]+")
EDGE_PUNCTUATION = "\"'“”‘’()[]{}.,;:!?*"
ADDRESS = re.compile(r"https?:|www\.|@|\.(?:com|org|net|py|R|md|txt)$|_|\\")


def paper_counts(texts: list[str]) -> Counter[str]:
    """How often the paper writes each token, as written (case kept), and each pair of
    neighbouring words, in lower case ("of the")."""
    counts: Counter[str] = Counter()
    for text in texts:
        tokens = _tokens(text)
        counts.update(tokens)
        lower = [t.lower() for t in tokens]
        counts.update(f"{a} {b}" for a, b in zip(lower, lower[1:], strict=False))
    return counts


def misread_word(text: str, counts: Counter[str]) -> str | None:
    """The first token of `text` the OCR misread, read against the paper's own `counts`."""
    for token in _tokens(text):
        if counts[token] > 1:
            continue  # the paper writes it so again: its word, or a name
        if NUMBER_MIXTURE.match(token):
            return token
        if MIXTURE.match(token) and _written_right(token, counts):
            return token
        if counts[token.lower()] + counts[token.capitalize()] > 1:
            continue  # the word, written elsewhere at a sentence's start or inside one
        if len(token) < MIN_LETTERS or not re.fullmatch(r"[A-Za-z01]*[A-Za-z][A-Za-z01]*", token):
            continue
        if _look_alike(token, counts) or (token.isalpha() and _glued(token, counts)):
            return token
    return None


def _tokens(text: str) -> list[str]:
    plain = CODE_SPAN.sub(" ", unmath(text))
    words = (t.strip(EDGE_PUNCTUATION) for t in TOKEN.findall(plain))
    return [w for w in words if w and not ADDRESS.search(w)]


def _written_right(token: str, counts: Counter[str]) -> bool:
    """The paper writes the word the mixture misreads, in lower case or capitalised."""
    lower = token.translate(DIGIT_LETTERS)
    for word in {lower.lower(), lower.replace("I", "l").lower()}:
        if counts[word] or counts[word.capitalize()]:
            return True
    return False


def _look_alike(token: str, counts: Counter[str]) -> bool:
    for misread, meant in CONFUSIONS:
        start = token.find(misread)
        while start >= 0:
            variant = token[:start] + meant + token[start + len(misread) :]
            # a sentence's first word is written with a capital: "Pattem" beside "pattern"
            if max(counts[variant], counts[variant.lower()]) >= FREQUENT:
                return True
            start = token.find(misread, start + 1)
    return False


def _glued(token: str, counts: Counter[str]) -> bool:
    """Two of the paper's words run together: the paper writes the pair apart, often."""
    lower = token.lower()
    for cut in range(2, len(lower) - 1):
        pair = f"{lower[:cut]} {lower[cut:]}"
        if counts[pair] >= FREQUENT_PAIR:
            return True
    return False
