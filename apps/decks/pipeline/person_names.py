"""Is a line a person's name? An author line, a signature or an author's biography read as a
heading ("Maria Schmidt", "M. Schmidt") is never a section's heading nor a slide's title.

Read by the ingest (ingest/structure.py: such a line opens no section), the reviewer (a
`title_fragment` on a slide titled so) and the proposer (no retitle to a name).
"""

from __future__ import annotations

import re
import unicodedata

# "M. Schmidt", "J. R. R. Tolkien", "J.-P. Sartre", "A. B. Miller Jones": initials, each
# followed by a space, then a name ("U.S. Census" is no person). An appendix's lettered heading
# ("A. Proofs", "B. Notation") is a letter before a heading noun, not an initial.
INITIALS_NAME = re.compile(
    r"^(?:[A-Z]\.(?:-[A-Z]\.)?\s+){1,3}"
    r"(?!(?:[A-Z][a-z]*(?:tion|sion|ment|ness|ity|ics|ing|ure|ance|ence|ysis|ix)|Proofs?|"
    r"Results?|Methods?|Data|Tables?|Figures?|Background|Code|Lemmas?|Examples?|Experiments?|"
    r"Details|Models?|Theory|Discussion|Summary|Setup|Software|Algorithms?)$)"
    r"[A-Z][a-z’'-]+(?:\s+[A-Z][a-z’'-]+)?$"
)
CONTINUED = re.compile(r"(?:\s*\(continued\))+$", re.I)


def _key(name: str) -> str:
    """A name's letters, lower case, without accents or punctuation."""
    flat = unicodedata.normalize("NFKD", name)
    flat = "".join(ch for ch in flat if not unicodedata.combining(ch))
    return " ".join(re.findall(r"[a-z]+", flat.lower()))


def _initialled(name: str) -> str:
    """ "Maria Schmidt" → "m schmidt": the name with its given names as initials."""
    words = _key(name).split()
    return " ".join([w[0] for w in words[:-1]] + words[-1:]) if len(words) > 1 else ""


def names_a_person(
    line: str, authors: list[str] | tuple[str, ...] = (), initials: bool = True
) -> bool:
    """Is the line (a heading, a title, with its "(continued)") a person's name: one of the
    paper's authors, whole or with initials, or (with `initials`) any name written with
    initials? A paper's heading may name a person it is about ("J. S. Bach"): the ingest asks
    about its authors only."""
    stripped = CONTINUED.sub("", line.strip()).strip(" .,;:")
    if not stripped:
        return False
    if initials and INITIALS_NAME.match(stripped):
        return True
    key = _key(stripped)
    if len(key.split()) < 2:
        return False  # a surname alone is as often a method's name ("Newton")
    return any(key in (_key(a), _initialled(a)) for a in authors if a.strip())
