"""A UI request as words and mentions.

The request is cut into words (lowercase, contractions spelled out, "colour" → "color", a typo
of a lexicon word corrected when exactly one word is one edit away), then read left to right
into mentions: the longest lexicon phrase, color name, #hex or number starting at each word.
Each mention keeps every role its phrase can play; the readings choose.
"""

import re
from dataclasses import dataclass
from functools import cached_property, lru_cache

from apps.studio.planner.lexicon import (
    ARTICLES,
    LONGEST_PHRASE,
    NOT_TYPOS,
    PHRASES,
    SPELLING,
    TYPO_TARGETS,
    VOCABULARY,
    Role,
)
from apps.studio.planner.palette import COLOR_WORDS, CSS_NAMED_COLORS

MAX_REQUEST_LENGTH = 300  # longer texts are not quick UI requests
TOKEN = re.compile(
    r"#[0-9a-f]{3,8}\b"  # a hex color
    r"|\d+(?:\.\d+)?(?:\s?%|(?:px|x)\b)?(?![a-z0-9])"  # 120%, 1.2x, 8px, 12
    r"|[a-z0-9]*[a-z][a-z0-9]*(?:'[a-z]+)?"  # a word, "don't", "a2ui"
    r"|[,;&]",
    re.IGNORECASE,
)
NUMBER = re.compile(r"(?P<value>\d+(?:\.\d+)?)\s?(?P<unit>%|px|x)?")
HEX_TOKEN = re.compile(r"#(?:[0-9a-f]{6}|[0-9a-f]{3})")
CONTRACTIONS = {"can't": "can not", "won't": "will not", "ain't": "is not", "let's": "let us"}
SUFFIXES = {"n't": " not", "'d": " would", "'m": " am", "'re": " are", "'ll": " will"}
TRAILING = re.compile(r"[\s.!?]+$")


@dataclass(frozen=True)
class Word:
    text: str  # normalized
    start: int  # where it stands in Request.raw
    end: int


@dataclass(frozen=True)
class Mention:
    """Words ``first``..``last - 1`` of a request and the roles they can play."""

    first: int
    last: int
    text: str
    roles: tuple[Role, ...]

    @cached_property
    def _values(self) -> dict[str, object]:
        values: dict[str, object] = {}
        for kind, value in self.roles:
            values.setdefault(kind, value)
        return values

    def value(self, kind: str) -> object | None:
        return self._values.get(kind)

    def has(self, kind: str) -> bool:
        return kind in self._values


def _spelled(token: str) -> list[str]:
    """A token as the words it stands for: "don't" → do, not; "button's" → button."""
    token = token.lower().replace("’", "'")
    if token in CONTRACTIONS:
        return CONTRACTIONS[token].split()
    for suffix, words in SUFFIXES.items():
        if token.endswith(suffix):
            return (token[: -len(suffix)] + words).split()
    if token.endswith("'s"):
        token = token[:-2]
    token = token.replace("'", "")
    return SPELLING.get(token, token).split()


def _one_edit(word: str, other: str) -> bool:
    """True when ``other`` is ``word`` with one letter added, dropped, changed or two
    neighbours swapped (Damerau-Levenshtein distance 1)."""
    if abs(len(word) - len(other)) > 1 or word == other:
        return False
    if len(word) == len(other):
        diff = [i for i, (a, b) in enumerate(zip(word, other, strict=True)) if a != b]
        if len(diff) == 1:
            return True
        if len(diff) != 2 or diff[1] != diff[0] + 1:
            return False
        i, j = diff
        return word[i] == other[j] and word[j] == other[i]
    short, long = sorted((word, other), key=len)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


# Typo targets by length, each with its letters sorted (a swap keeps the letters).
_TARGETS_BY_LENGTH: dict[int, list[tuple[str, list[str]]]] = {}
for _target in TYPO_TARGETS:
    _TARGETS_BY_LENGTH.setdefault(len(_target), []).append((_target, sorted(_target)))


@lru_cache(maxsize=4096)
def _corrected(word: str) -> str:
    """``word``, or the one typo target it is a typo of (lexicon.toml [typos])."""
    if word in VOCABULARY or word in NOT_TYPOS or not word.isalpha() or len(word) < 4:
        return word
    letters = sorted(word)
    candidates = set()
    for length in (len(word) - 1, len(word), len(word) + 1):
        for target, target_letters in _TARGETS_BY_LENGTH.get(length, ()):
            swap = target_letters == letters
            if (swap or min(length, len(word)) >= 5) and _one_edit(word, target):
                candidates.add(target)
    return candidates.pop() if len(candidates) == 1 else word


def _words(raw: str) -> list[Word]:
    words = []
    for match in TOKEN.finditer(raw):
        token = match.group()
        spelled = [token.lower()] if token[0] in "#0123456789" else _spelled(token)
        for text in spelled:
            text = _corrected(text)
            if text not in ARTICLES:
                words.append(Word(text, match.start(), match.end()))
    return words


def _special(words: list[Word], index: int) -> tuple[int, tuple[Role, ...]] | None:
    """A color name of up to three words ("dark blue", "light sea green"), a #hex or a
    number starting at ``index``: (length, roles)."""
    text = words[index].text
    if HEX_TOKEN.fullmatch(text):
        value = text[1:]
        value = "".join(char * 2 for char in value) if len(value) == 3 else value
        return 1, (("color", f"#{value}"),)
    number = NUMBER.fullmatch(text)
    if number:
        unit = {"%": "percent", "px": "pixels", "x": "times"}.get(number["unit"] or "", "number")
        return 1, ((unit, float(number["value"])),)
    for length in (3, 2, 1):
        joined = "".join(word.text for word in words[index : index + length])
        if len(words) - index >= length and (
            joined in CSS_NAMED_COLORS or (length == 1 and joined in COLOR_WORDS)
        ):
            return length, (("color", joined),)
    return None


def _mentions(words: list[Word]) -> list[Mention]:
    """The longest phrase at each word, left to right; color names count as phrases and a
    phrase as long as a color name adds its roles to it ("white" is a color and a tone)."""
    mentions, index = [], 0
    while index < len(words):
        best_length, roles = 0, ()
        for length in range(min(LONGEST_PHRASE, len(words) - index), 0, -1):
            phrase = tuple(word.text for word in words[index : index + length])
            if phrase in PHRASES:
                best_length, roles = length, PHRASES[phrase]
                break
        special = _special(words, index)
        if special and special[0] > best_length:
            best_length, roles = special
        elif special and special[0] == best_length:
            roles = special[1] + roles
        if best_length:
            text = " ".join(word.text for word in words[index : index + best_length])
            mentions.append(Mention(index, index + best_length, text, roles))
            index += best_length
        else:
            index += 1
    return mentions


class Request:
    """The request as typed (``raw``, for labels and questions), as words, and as mentions."""

    def __init__(self, text: str):
        typed = " ".join(text.split())
        self.asked = typed.rstrip(" .!").endswith("?")  # typed as a question
        self.raw = TRAILING.sub("", typed)
        self.words = _words(self.raw)

    @cached_property
    def mentions(self) -> list[Mention]:
        return _mentions(self.words)

    @property
    def text(self) -> str:
        return " ".join(word.text for word in self.words)
