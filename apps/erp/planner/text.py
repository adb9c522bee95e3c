"""Question text → tokens: accents folded, lower case, numbers as numbers, the original
spelling kept (department codes are matched on it).

Nothing here knows a word of any language except what the vocabulary passes in (its decimal
and thousands separators); contractions and punctuation are handled the same for all.
"""

import re
from dataclasses import dataclass

from apps.erp.semantic.vocab import fold

MAX_QUESTION_CHARS = 500

_QUOTES = re.compile(r"[\u2018\u2019\u02bc`´]")
_DASHES = re.compile(r"[\u2010-\u2015\u2212]")
_REWRITES = [
    (re.compile(r"\b(what|who|where|how|that|there|it|here)'s\b"), r"\1 is"),
    (re.compile(r"\b(\w+)n't\b"), r"\1 not"),
    (re.compile(r"\b(can)not\b"), r"\1 not"),
    (re.compile(r"\b(\w+)'(re|ve|d|ll|m)\b"), r"\1"),
    (re.compile(r"(\w)'s?\b"), r"\1"),  # possessives: department's, employees'
    # a quarter or half joined to its year is one period, never a range from the year:
    # "2024-Q4", "2024Q4", "Q4-2024", "Q4/24" are Q4 2024
    (re.compile(r"\b(\d{4})[-/]?(q[1-4]|h[12])\b"), r"\2 \1"),
    (re.compile(r"\b(q[1-4]|h[12])[-/](\d{4})\b"), r"\1 \2"),
    (re.compile(r"\b(q[1-4]|h[12])[-/](\d{2})\b"), r"\1 20\2"),
    # a fiscal year joined to its year: "FY25", "FY'25", "FY2025" are fiscal 2025
    (re.compile(r"\bfy\s*'?(\d{2})\b"), r"fy 20\1"),
    (re.compile(r"\bfy(\d{4})\b"), r"fy \1"),
    # a year written with an apostrophe for its century: "Sept '25", "Q3 '24"
    (re.compile(r"(?<![\w'])'(\d{2})\b(?!')"), r"20\1"),
    (re.compile(r"(?<=\d)\s*-\s*(?=\d)"), " - "),  # 1-2 years, 2024-2025 (not ISO dates)
    (re.compile(r"(?<=[a-z])-(?=[a-z])"), " "),  # mostra-me, part-time, ex-employees
    (re.compile(r"(?<=\d)\+"), " plus"),  # 5+ years
    (re.compile(r"%"), " % "),
    (re.compile(r"(?<![a-z0-9])r\$\s*"), " "),  # R$ 9.000
    (re.compile(r"[$€£¥]"), " "),
]
# a day, or a day of any year ("--05-31", written so by numdates.py)
_ISO_DATE = r"(?:\d{4}|-)-\d{2}-\d{2}"
# a group of thousands is exactly three digits: "March 1 2025" is a day and a year, not 12025
_NUMBER = r"\d+(?:[.,\s]\d{3}(?!\d))*(?:[.,]\d+)?k?"
_TOKEN = re.compile(rf"{_ISO_DATE}|{_NUMBER}|[a-z0-9]+(?:[&/][a-z0-9]+)*/?|[&%+/-]")


@dataclass(frozen=True)
class Token:
    """One token: `text` is folded (lower case, no accents); `surface` as typed."""

    text: str
    surface: str

    @property
    def is_number(self) -> bool:
        return number_value(self.text) is not None


def number_value(text: str) -> float | None:
    """The value of a token made by `tokenize` for a number (already in "1234.5" form)."""
    try:
        return float(text)
    except ValueError:
        return None


def _number(text: str, decimal: str, thousands: str) -> str:
    """A number as typed → "1234.5", read with the language's separators ("9,000" in
    English, "9.000" in Portuguese); "9k" is 9000."""
    scale = 1000 if text.endswith("k") else 1
    text = text.rstrip("k").replace(" ", "").replace(thousands, "").replace(decimal, ".")
    try:
        value = float(text) * scale
    except ValueError:
        return text
    return str(int(value)) if value == int(value) else str(value)


def tokenize(question: str, *, decimal: str = ".", thousands: str = ",") -> list[Token]:
    """Tokens of a question; numbers normalized with the language's separators."""
    question = question[:MAX_QUESTION_CHARS]
    question = _DASHES.sub("-", _QUOTES.sub("'", question))
    dates = re.findall(_ISO_DATE, question)
    folded = fold(re.sub(_ISO_DATE, " isodate ", question))
    for pattern, replacement in _REWRITES:
        folded = pattern.sub(replacement, folded)
    surfaces = _surfaces(question)
    tokens: list[Token] = []
    for raw in _TOKEN.findall(folded):
        if raw == "isodate":
            day = dates.pop(0) if dates else raw
            tokens.append(Token(day, day))
            continue
        text = raw
        if re.fullmatch(_NUMBER, raw) and raw[0].isdigit():
            text = _number(raw, decimal, thousands)
        tokens.append(Token(text, surfaces.get(raw, raw)))
    return tokens


def _surfaces(question: str) -> dict[str, str]:
    """Folded word → the spelling typed (the last one seen), for case-sensitive matches."""
    words = re.findall(r"[A-Za-zÀ-ÿ0-9&]+", question)
    return {fold(word): word for word in words}
