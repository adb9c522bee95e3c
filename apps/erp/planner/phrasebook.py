"""A question put into another language word by word: the longest phrase of a phrasebook that
stands at each place is replaced by its translation, every other word is kept as the reader
wants it (spanish.py puts Spanish into Portuguese, german.py German into English)."""

import re
from collections.abc import Callable


def longest_first(phrasebook: dict[str, str]) -> list[str]:
    """The phrasebook's phrases, longer ones first, so that a phrase wins over its words."""
    return sorted(phrasebook, key=lambda phrase: len(phrase.split()), reverse=True)


def translated(tokens: list, phrasebook: dict[str, str], phrases: list[str], keep: Callable) -> str:
    """The tokens' text with each phrase (`phrases`: `longest_first(phrasebook)`) replaced by
    its translation; `keep(token)` writes a token no phrase covers."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        for phrase in phrases:
            size = len(phrase.split())
            if " ".join(t.text for t in tokens[i : i + size]) == phrase:
                out.append(phrasebook[phrase])
                i += size
                break
        else:
            out.append(keep(tokens[i]))
            i += 1
    return re.sub(r"\s+", " ", " ".join(out)).strip()
