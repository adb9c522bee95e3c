"""Dates written in numbers ("31/5", "2/4/2025", "15.06.2025"), read in the order the question
itself shows: a first number above 12 is a day, so every date of the question is day/month
("between 1/3 and 31/5"); a second number above 12 makes them all month/day ("5/31/2025").
When no number tells, and the two orders give different days ("3/4/2025"), the question is
asked back, never read in one order by habit.

A date is rewritten as ISO ("2025-04-02"), or without its year as "--05-31" (ISO 8601's day
of any year: the reader takes its latest occurrence, or the other end's year in a range).
A point separates a date's parts only with a year: "9.5" is a number.
"""

import re
from dataclasses import dataclass
from datetime import date

# the year after its own separator ("31/5/2025"), or after a space ("31/5 2025": "between 1/3
# and 31/5 2025" is a range of 2025, not 2025 compared with this year's 1/3 to 31/5)
_NUMERIC_DATE = re.compile(
    r"(?<![\w/.-])(\d{1,2})([/.])(\d{1,2})(?:\2(\d{4}|\d{2})|,?\s+((?:19|20)\d{2}))?"
    r"(?![\w/]|[.-]\d)"
)
LEAP_YEAR = 2024  # checks a day without its year ("29/2") against the longest February


@dataclass(frozen=True)
class NumericDates:
    text: str  # the question with each date it could read rewritten
    ambiguous: tuple[str, ...] = ()  # dates as typed that read as two different days
    readings: tuple[tuple[date, date], ...] = ()  # their day/month and month/day readings


def read_numeric_dates(question: str, *, as_of: date, drop_ambiguous: bool = False):
    """The question with its numeric dates in ISO form; `drop_ambiguous`: the ambiguous
    ones are removed (a period answered for them replaces them)."""
    found = [m for m in _NUMERIC_DATE.finditer(question) if m.group(2) == "/" or m.group(4)]
    if not found:
        return NumericDates(question)
    day_first = all(_valid(m, day_first=True) for m in found)
    month_first = all(_valid(m, day_first=False) for m in found)
    if not (day_first or month_first):
        return NumericDates(question)
    if day_first and month_first and any(m.group(1) != m.group(3) for m in found):
        if drop_ambiguous:
            return NumericDates(_rewritten(question, found, lambda m: ""))
        readings = tuple(
            (_day(m, True, as_of), _day(m, False, as_of)) for m in found if m.group(1) != m.group(3)
        )
        typed = tuple(m.group(0) for m in found if m.group(1) != m.group(3))
        return NumericDates(question, typed, readings)
    return NumericDates(_rewritten(question, found, lambda m: _iso(m, day_first)))


def _rewritten(question: str, found: list[re.Match], replace) -> str:
    parts, at = [], 0
    for match in found:
        parts += [question[at : match.start()], replace(match)]
        at = match.end()
    return "".join(parts + [question[at:]])


def _parts(match: re.Match, day_first: bool) -> tuple[int, int, int | None]:
    first, second = int(match.group(1)), int(match.group(3))
    year = match.group(4) or match.group(5)
    full = None if year is None else int(year) + (2000 if len(year) == 2 else 0)
    return (first, second, full) if day_first else (second, first, full)


def _valid(match: re.Match, *, day_first: bool) -> bool:
    day, month, year = _parts(match, day_first)
    try:
        date(year or LEAP_YEAR, month, day)
    except ValueError:
        return False
    return True


def _iso(match: re.Match, day_first: bool) -> str:
    day, month, year = _parts(match, day_first)
    return f"{year:04d}-{month:02d}-{day:02d}" if year else f"--{month:02d}-{day:02d}"


def _day(match: re.Match, day_first: bool, as_of: date) -> date:
    """The day one reading names (without its year: its latest occurrence)."""
    day, month, year = _parts(match, day_first)
    if year is None:
        year = as_of.year if (month, day) <= (as_of.month, as_of.day) else as_of.year - 1
    return date(year, month, day)
