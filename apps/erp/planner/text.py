"""Question text → tokens: lower case, words and numbers, number words as digits."""

import re

MAX_QUESTION_CHARS = 500

NUMBER_WORDS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "dozen": 12,
    "hundred": 100,
}

# Contractions and fixed phrases rewritten before tokenizing.
_REWRITES = [
    (re.compile(r"[\u2018\u2019\u02bc`]"), "'"),
    (re.compile(r"\b(what|who|where|how|that|there|it)'s\b"), r"\1 is"),
    (re.compile(r"\b(\w+)n't\b"), r"\1 not"),
    (re.compile(r"\b(\w+)'(re|ve|d|ll)\b"), r"\1"),
    (re.compile(r"(\w)'s?\b"), r"\1"),  # possessives: department's, employees'
    (re.compile(r"(?<=\d)\s*[-\u2013]\s*(?=\d)"), " to "),  # 1-2 years, 2024-2025
    (re.compile(r"(?<=\d)\+"), " plus"),  # 5+ years
    (re.compile(r"%"), " percent "),
    (re.compile(r"\bwhich one\b|\bwhich of the two\b|\bwhich of them\b"), "which"),
]
_ISO_DATE = r"\d{4}-\d{2}-\d{2}"
_TOKEN = re.compile(rf"{_ISO_DATE}|[a-z0-9]+(?:&[a-z0-9]+)*")


def tokenize(text: str) -> list[str]:
    """Tokens of a question: ISO dates whole, words, digits; number words become digits."""
    text = text[:MAX_QUESTION_CHARS].lower()
    # Protect ISO dates from the number-range rewrite.
    dates = re.findall(_ISO_DATE, text)
    text = re.sub(_ISO_DATE, " isodate ", text)
    for pattern, replacement in _REWRITES:
        text = pattern.sub(replacement, text)
    tokens = []
    for token in _TOKEN.findall(text):
        if token == "isodate":
            tokens.append(dates.pop(0))
        elif token in NUMBER_WORDS:
            tokens.append(str(NUMBER_WORDS[token]))
        else:
            tokens.append(token)
    return tokens


def is_number(token: str) -> bool:
    return token.isdigit() and len(token) <= 6
