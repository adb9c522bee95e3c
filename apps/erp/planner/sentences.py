"""Answer text as a person writes it: every sentence starts with a capital.

Sentences are assembled from templates whose first word is often a value — a month in
Portuguese ("novembro de 2025 tem mais contratações"), a tenant's department name typed in
lower case, a measure label — so the capital cannot be left to each template. This is applied
once, to the whole answer, in every language.
"""

import re

# A sentence ends with . ! or ? followed by space; the next letter (after any opening quote or
# bracket) starts a new sentence. Not after an abbreviation written with dots ("e.g.", "i.e.",
# "p.ex.") or "vs.", whose next word goes on the same sentence.
_SENTENCE_START = re.compile(r"(^|[.!?]\s+)([\"“‘(\[«]*)([^\W\d_])", re.UNICODE)
_ABBREVIATION = re.compile(
    r"(?:\b[^\W\d_]\.){2,}\s*$|\b(?:vs|cf|approx|aprox)\.\s*$", re.IGNORECASE
)


def capitalized(text: str) -> str:
    """`text` with the first letter of each sentence in upper case; nothing else changes."""

    def upper(match: re.Match[str]) -> str:
        before, opening, letter = match.groups()
        if before and _ABBREVIATION.search(text[: match.start() + len(before)]):
            return match.group(0)
        return f"{before}{opening}{letter.upper()}"

    return _SENTENCE_START.sub(upper, text)


def contracted(text: str, pairs: str) -> str:
    """`text` with a preposition and the article after it written as one word, as the
    language writes them ("face a os últimos 12 meses" → "face aos últimos 12 meses", "de o"
    → "do", "em a" → "na"). `pairs` is the vocabulary's list of them, "a o=ao de a=da …";
    empty for a language without contractions. Templates put a preposition before a value
    ("face a {previous}", "no fim de {period}") that may start with its article."""
    for pair in pairs.split(","):
        if "=" not in pair:
            continue
        apart, together = (part.strip() for part in pair.split("=", 1))
        text = re.sub(rf"(?<![\w-]){re.escape(apart)}(?![\w-])", together, text)
    return text
