"""The words of UI requests (lexicon.toml): each phrase maps to the roles it can play.

A role is (kind, value): ("target", "primary") for "buttons", ("size", "bigger") for "zoom in",
(kind, True) for kinds without values ("verb", "sidebar"). Object nouns (OBJECT_KINDS) are what
a request is about; the first of them in a clause that is not a place ("in the sidebar") is
the clause's object.
"""

import tomllib
from pathlib import Path

from apps.studio.planner.palette import COLOR_WORDS

LEXICON_FILE = Path(__file__).with_name("lexicon.toml")
ARTICLES = frozenset({"the", "a", "an", "my"})
OBJECT_KINDS = frozenset(
    {
        "target",
        "whole",
        "size_noun",
        "font_noun",
        "spacing_noun",
        "corner_noun",
        "sidebar",
        "results",
        "panel",
        "shortcut_noun",
    }
)

Role = tuple[str, object]
Phrase = tuple[str, ...]


def phrase_words(phrase: str) -> Phrase:
    """A phrase as the words it is matched on (articles are ignored on both sides)."""
    return tuple(word for word in phrase.lower().replace("-", " ").split() if word not in ARTICLES)


def _roles(data: dict) -> dict[Phrase, tuple[Role, ...]]:
    suffixes = data.pop("panel_suffix")
    roles: dict[Phrase, list[Role]] = {}

    def add(kind: str, value: object, phrase: str) -> None:
        found = roles.setdefault(phrase_words(phrase), [])
        if (kind, value) not in found:
            found.append((kind, value))

    for kind, entry in data.items():
        if isinstance(entry, list):
            for phrase in entry:
                add(kind, True, phrase)
            continue
        for value, phrases in entry.items():
            for phrase in phrases:
                add(kind, value, phrase)
                if kind == "panel":  # "sql panel", "chart tab", "thread list"
                    for suffix in suffixes:
                        add(kind, value, f"{phrase} {suffix}")
    return {phrase: tuple(found) for phrase, found in roles.items() if phrase}


_DATA = tomllib.loads(LEXICON_FILE.read_text(encoding="utf-8"))
# Rewritten before matching: "colour" -> "color", "dont" -> "do not", "btn" -> "button".
SPELLING: dict[str, str] = _DATA.pop("spelling")
_TYPOS = _DATA.pop("typos")
# What a typo may be corrected to, and English words never taken for typos.
TYPO_TARGETS = frozenset(_TYPOS["targets"])
NOT_TYPOS = frozenset(_TYPOS["keep"])
PHRASES = _roles(_DATA)
LONGEST_PHRASE = max(len(phrase) for phrase in PHRASES)
# Words that are never typos: the lexicon's own words and the color names.
VOCABULARY = frozenset(word for phrase in PHRASES for word in phrase) | COLOR_WORDS
