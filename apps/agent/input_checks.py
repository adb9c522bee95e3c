"""Checks and descriptions shared by every place where data arrives from outside (the model,
the browser, files): pydantic errors flattened into fields, JSON type names, one-line plain
text. Each app words its own messages; these say what is wrong in one way for all of them.

Pure Python and pydantic: apps that are libraries (viz) may import it without Django.
"""

import json
import unicodedata
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

VALUE_ERROR_PREFIX = "Value error, "  # pydantic's prefix for a plain ValueError's message

# Bidirectional overrides and isolates can make a label read differently from what it is.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Control characters and line/paragraph separators: text meant for one line has none.
_LINE_BREAKING_CATEGORIES = frozenset({"Cc", "Zl", "Zp"})


@dataclass(frozen=True)
class InvalidField:
    """One pydantic error: where, what kind, the message, the input that failed."""

    location: tuple[str | int, ...]
    kind: str  # pydantic's error type: "missing", "extra_forbidden", a custom one…
    message: str  # without pydantic's "Value error, " prefix
    input: Any

    @property
    def dotted(self) -> str:
        """The location for a person: "theme.primary", "y.0"."""
        return ".".join(str(part) for part in self.location)

    @property
    def pointer(self) -> str:
        """The location as a JSON pointer into the document: "/theme/primary"."""
        return "".join(f"/{part}" for part in self.location)


def invalid_fields(error: ValidationError) -> list[InvalidField]:
    """Every error of `error`, flat, in pydantic's order."""
    return [
        InvalidField(
            location=tuple(item["loc"]),
            kind=item["type"],
            message=item["msg"].removeprefix(VALUE_ERROR_PREFIX),
            input=item.get("input"),
        )
        for item in error.errors(include_url=False)
    ]


def json_type(value: Any) -> str:
    """The JSON Schema type name of a parsed JSON value: "null", "boolean", "number", …"""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def first_control_character(text: str, allowed: frozenset[str] = frozenset()) -> str | None:
    """The first control character, line/paragraph separator or bidirectional override in
    `text` that is not in `allowed`, or None."""
    for char in text:
        if char in allowed:
            continue
        if char in BIDI_CONTROLS or unicodedata.category(char) in _LINE_BREAKING_CATEGORIES:
            return char
    return None


def has_control_characters(text: str) -> bool:
    """True when `text` holds a control character, a line or paragraph separator, or a
    bidirectional override — none belongs in a label meant to read as what it is."""
    return first_control_character(text) is not None


class _DuplicateKey(Exception):
    pass


def _pairs_without_repeats(pairs: list[tuple[str, Any]]) -> None:
    seen: set[str] = set()
    for key, _value in pairs:
        if key in seen:
            raise _DuplicateKey(key)
        seen.add(key)


def duplicate_key(text: str | bytes) -> str | None:
    """The first key that one object of the JSON `text` holds twice, or None.

    Parsers disagree about such a document (the first value wins, the last, or an error), so
    a proxy, a log and Tessera could each read a different `threadId` or message from it.
    Call it on text already parsed once (it must be valid JSON)."""
    try:
        json.loads(text, object_pairs_hook=_pairs_without_repeats)
    except _DuplicateKey as found:
        return str(found.args[0])
    return None
