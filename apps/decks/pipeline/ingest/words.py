"""English words, to tell a compound split at a line's end ("scale-" / "dependent") from a
word hyphenated to fit the line ("experi-" / "ment").

The word list is pyspellchecker's English frequency list, loaded once on first use.
"""

from __future__ import annotations

from functools import cache

from spellchecker import SpellChecker

COMPOUND_PART = 3  # letters at least in each half of a kept compound ("co-variate" joins)


@cache
def _english() -> SpellChecker:
    return SpellChecker(language="en", distance=1)


def known(word: str) -> bool:
    return word.lower() in _english()


def compound(head: str, tail: str, vocabulary: set[str]) -> bool:
    """Keep the hyphen of "head-" + "tail" at a line's end? Not when the paper writes the joined
    word unhyphenated; yes when it writes it hyphenated elsewhere; else not when the joined word
    is English, and yes when both halves are words themselves ("scores-specific").

    `tail` is the next line's first word with its own hyphens ("widow-control"): a name the
    paper prints hyphenated throughout ("lua-widow-control") keeps the hyphen broken at its
    first one, where neither "lua-widow" nor "luawidow" is a word to look up."""
    whole = f"{head}-{tail}".lower()
    if "-" in tail and whole in vocabulary and whole.replace("-", "", 1) not in vocabulary:
        return True
    tail = tail.split("-")[0]
    joined = f"{head}{tail}".lower()
    if joined in vocabulary:
        return False
    # a compound broken after one of its inner hyphens ("state-of-" / "the-art"): its last
    # part is a word and, with the next line's word, makes none ("ofthe"), so the hyphen is
    # the compound's; a word broken inside the compound ("GPU-paralleli-" / "zation") is joined
    if "-" in head:
        last = head.rsplit("-", 1)[1].lower()
        closed = f"{last}{tail}".lower()
        if closed in vocabulary or known(closed):
            return False
        return bool(last) and (last in vocabulary or known(last))
    # the paper's own spelling before the dictionary's: "co-author" printed whole elsewhere
    # stays "co-author" though English also writes "coauthor"
    if f"{head}-{tail}".lower() in vocabulary:
        return True
    if known(joined):
        return False
    halves = (head, tail)
    return all(len(h) >= COMPOUND_PART and h.isalpha() and known(h) for h in halves)
