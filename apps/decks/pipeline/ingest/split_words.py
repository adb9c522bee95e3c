"""Words the text layer split in two with a space ("measured as ni trite", "the max imal
value"): a glyph gap wide enough to read as a space inside a word, from kerning or a font's
odd advance widths. The paper itself tells the split: it writes the joined word elsewhere
("nitrite", "maximal"), while one half is no English word or is seen nowhere else in it.
Two words that are also the paper's compound ("time steps" beside "timesteps") stay apart
when both are English words of some length: either spelling reads right.
"""

from __future__ import annotations

import re
from collections import Counter

from apps.decks.pipeline.ingest.words import known
from apps.decks.pipeline.text import CODE_SPAN, MATH_SPAN

# Words never half of a split word here: joined they make other words ("in to", "any one").
_FUNCTION_WORD_LIST = (
    "a an the of in on to and or is are be as at by for it its we no not so any some all one "
    "he she me my us our up do if"
)
_FUNCTION_WORDS = frozenset(_FUNCTION_WORD_LIST.split())
# the head may open with a capital ("Dev elopment" in a title set large)
_PAIR = re.compile(r"\b([A-Za-z][a-z]+)\s([a-z]{2,})\b")
_WORD = re.compile(r"[A-Za-z]+")
SHORT_HALF = 4  # letters below which an English word may still be a split word's half ("ni")


def word_counts(texts: list[str]) -> Counter[str]:
    """How often each lower-cased word stands alone in the paper's text."""
    return Counter(w.lower() for t in texts for w in _WORD.findall(t))


def _split(head: str, tail: str, counts: Counter[str]) -> bool:
    head = head.lower()
    if head in _FUNCTION_WORDS or tail in _FUNCTION_WORDS or counts[head + tail] < 2:
        return False
    if not known(head) or not known(tail):
        return True  # "max imal": a half that is no word
    if min(len(head), len(tail)) >= SHORT_HALF:
        return False  # "time steps": two words the paper also joins
    return min(counts[head], counts[tail]) <= 1  # "ni trite": a half seen nowhere else


def _rejoined_plain(text: str, counts: Counter[str]) -> str:
    out, at = [], 0
    while (match := _PAIR.search(text, at)) is not None:
        head, tail = match.group(1), match.group(2)
        if _split(head, tail, counts):
            out.append(text[at : match.start()] + head + tail)
            at = match.end()
        else:
            out.append(text[at : match.end(1)])  # the tail may be the head of the next pair
            at = match.end(1)
    out.append(text[at:])
    return "".join(out)


def rejoined(text: str, counts: Counter[str]) -> str:
    """The text with each word the text layer split in two joined again; formulas and code
    are left as they are."""
    parts, at = [], 0
    for match in sorted(
        [*MATH_SPAN.finditer(text), *CODE_SPAN.finditer(text)], key=lambda m: m.start()
    ):
        if match.start() < at:
            continue
        parts.append(_rejoined_plain(text[at : match.start()], counts))
        parts.append(match.group(0))
        at = match.end()
    parts.append(_rejoined_plain(text[at:], counts))
    return "".join(parts)
