"""The venue line as the cover prints it: what a running line left around the journal's
name once its authors, page number or date were cut off — a leading or trailing comma,
colon, semicolon or dash ("Quokka Quarterly 7 (2031),", ": Annals of Tides"), a bracket
whose partner was cut away ("Annals of Tides 40 (2031", "2031) 273–284") — is no part of it."""

from __future__ import annotations

import re

from apps.decks.pipeline.ingest.tex_markup import formulas_as_text, tex_markup_removed

# The nouns a venue's name is made of, in both places a venue is looked for: running lines
# (structure.py) and page one's header and footer bands (venue_band.py), each adding its own.
VENUE_NOUNS = (
    "journal|transactions|proceedings|letters|annals|bulletin|magazine|review"
    "|conference|symposium|workshop|zeitschrift|revue|revista"
)

EDGE_PUNCTUATION = re.compile(r"^[\s,;:·•/|–—-]+|[\s,;:·•/|–—-]+$")
PAIRS = {"(": ")", "[": "]", "{": "}"}


def venue_tidied(venue: str) -> str:
    """The venue without LaTeX's markup ("{\\em Annals of Tides}~7", "the $8^{\\mathrm{th}}$
    Conference"), stray punctuation at its ends and unmatched brackets."""
    venue = tex_markup_removed(formulas_as_text(venue))
    previous = None
    while previous != venue:
        previous = venue
        venue = EDGE_PUNCTUATION.sub("", venue)
        venue = _unmatched_removed(venue)
    return " ".join(venue.split())


def _unmatched_removed(text: str) -> str:
    """The text without brackets that open and never close, or close and never opened."""
    stack: list[int] = []
    unmatched: set[int] = set()
    closers = {v: k for k, v in PAIRS.items()}
    for i, c in enumerate(text):
        if c in PAIRS:
            stack.append(i)
        elif c in closers:
            if stack and text[stack[-1]] == closers[c]:
                stack.pop()
            else:
                unmatched.add(i)
    unmatched.update(stack)
    return "".join(c for i, c in enumerate(text) if i not in unmatched)
