"""A description on a slide without the term the paper gives it (orphan_description).

A manual's list of functions or options reads "`name(a, b)`: Writes a to stream b." in the
paper (list_items.py keeps the term on its description's paragraph); a bullet that shows only
"Writes a to stream b" has lost what it describes, and its argument names point at nothing.
The paper is the oracle: a bullet is an orphan when a paragraph of the paper opens with a term
of code and a colon and the bullet is that description's opening, word for word, without the
term. The repair puts the term back in front of it.
"""

from __future__ import annotations

import re

from apps.decks.pipeline.paper import Paper

# "`name(a, b)`: " or "`-k` count or `--clusters` count: " opening a paragraph: the term is
# code (a span in backticks first), at most a few words, then a colon
TERM = re.compile(r"^(`[^`]+`(?:\s+(?:or|and|,)?\s*`?[^`:\s]+`?){0,4}):\s+(?=\S)")
MIN_WORDS = 4  # a shorter bullet matches too much to say whose description it is


def _normal(value: str) -> str:
    return re.sub(r"\s+", " ", value.replace("`", "")).strip().rstrip(".;:,").lower()


def described_terms(paper: Paper) -> list[tuple[str, str]]:
    """(term, description) for each paragraph of the paper opening with a term and a colon."""
    found = []
    for section in paper.sections:
        for paragraph in section.paragraphs:
            match = TERM.match(paragraph)
            if match:
                found.append((match.group(1), paragraph[match.end() :]))
    return found


def orphan_term(bullet: str, terms: list[tuple[str, str]]) -> str | None:
    """The term whose description this bullet opens with, when the bullet does not show it."""
    if TERM.match(bullet) or len(bullet.split()) < MIN_WORDS:
        return None
    said = _normal(bullet)
    for term, description in terms:
        if _normal(term) in said:
            continue
        if _normal(description).startswith(said):
            return term
    return None


def with_term(bullet: str, term: str) -> str:
    """The bullet as the paper has it: the term, a colon, its description."""
    return f"{term}: {bullet}"
