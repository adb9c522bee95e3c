"""A title read on into its byline: "Runoff estimates for small mountain streams Anna Berg
anna.berg@example.org". A page that sets its author line in the title's own size and face, right
under it, gives one block of large text, and the cover showed the author and the e-mail as the
title's last words, with no author line.

An e-mail address is never part of a title. It also says whose it is: its local part spells its
owner's name ("anna.berg", "aberg", "berg.anna", "anna"). So the byline is cut off where the
name that the address spells begins — the run of capitalised words just before the address, or
before an affiliation between them, each of which the local part spells whole or by its
initial — and that name is the author. An address whose owner the words before it do not name
is cut off alone: the title keeps every word that is not shown to be the byline's.
"""

from __future__ import annotations

import re

EMAIL = re.compile(r"[<(\[]?[\w.+-]+@[\w-]+(?:\.[\w-]+)+[>)\]]?")
# A word of a name: capitalised, perhaps hyphenated ("Anne-Marie"), or an initial ("J.", "Ch.")
NAME_WORD = re.compile(r"^(?:[^\W\d_][^\W\d_'’-]*(?:[-'’][^\W\d_]+)*|[^\W\d_][^\W\d_]?\.)$")
# How far before its address a byline's name may stand (an affiliation between them)
MAX_BYLINE_WORDS = 12
MAX_NAME_WORDS = 4
# What separates a title from its byline or a name from its address
SEPARATORS = " ,;:·|–—-"


def _clean(word: str) -> str:
    return word.strip(SEPARATORS)


def _capitalised(word: str) -> bool:
    return bool(NAME_WORD.match(word)) and word[0].isupper()


def _name_span(words: list[str], local: str) -> tuple[int, int] | None:
    """Where in `words` the name that the address's `local` part spells stands: it ends on a
    capitalised word the local part holds whole (a surname, "berg" of "anna.berg" or "aberg")
    and takes the capitalised words before it that the rest spells, whole or by their initial
    ("Anna" of "anna.berg" or of "aberg"). Searched back from the address, over an affiliation
    set between them."""
    flat = re.sub(r"[^a-z]", "", local.lower())
    for end in range(len(words), max(0, len(words) - MAX_BYLINE_WORDS), -1):
        word = _clean(words[end - 1])
        if not _capitalised(word) or len(word) < 2 or word.lower() not in flat:
            continue
        rest = flat.replace(word.lower(), " ", 1)
        start = end - 1
        while start > 0 and end - start < MAX_NAME_WORDS:
            before = _clean(words[start - 1])
            if not _capitalised(before):
                break
            lower = before.lower().rstrip(".")
            pieces = rest.split()
            if len(lower) >= 2 and lower in rest:
                rest = rest.replace(lower, " ", 1)
            elif pieces and any(piece.startswith(lower[0]) for piece in pieces):
                piece = next(p for p in pieces if p.startswith(lower[0]))
                rest = rest.replace(piece, " " + piece[1:], 1)  # its initial, spent
            else:
                break
            start -= 1
        # the address spells the surname alone ("berg@"): the capitalised word before it is
        # the given name when the title before that is set in sentence case
        if (
            end - start == 1
            and start >= 2
            and _capitalised(_clean(words[start - 1]))
            and _clean(words[start - 2])[:1].islower()
        ):
            start -= 1
        return start, end
    return _initials_span(words, flat)


def _initials_span(words: list[str], flat: str) -> tuple[int, int] | None:
    """The name right before the address when its local part is the name's initials in order
    ("fche" of "Frank Ch. Eigler", "abk" of "Ann B. Kale"): each word gives its first letter, a
    shortened one ("Ch.") all its letters. Two words at least, all of the local part spent."""
    for count in range(2, min(MAX_NAME_WORDS, len(words)) + 1):
        name = [_clean(w) for w in words[len(words) - count :]]
        if not all(_capitalised(w) for w in name):
            break
        spelled = "".join(w.rstrip(".").lower() if w.endswith(".") else w[0].lower() for w in name)
        if spelled == flat:
            return len(words) - count, len(words)
    return None


def byline_split(title: str) -> tuple[str, list[str]] | None:
    """(the title without its byline, the byline's authors) when the title holds an e-mail
    address; None when it holds none."""
    found = list(EMAIL.finditer(title))
    if not found:
        return None
    head_end = found[0].start()
    authors: list[str] = []
    start = 0
    for index, match in enumerate(found):
        words = title[start : match.start()].split()
        local = match.group(0).strip("<>()[]").split("@", 1)[0]
        span = _name_span(words, local)
        if span is not None:
            authors.append(" ".join(_clean(w) for w in words[span[0] : span[1]]))
            if index == 0:
                head_end = len(" ".join(words[: span[0]]))
        start = match.end()
    head = title[:head_end].rstrip(SEPARATORS + "(<[")
    return (head, authors) if head.split() else None
