"""Time expressions in a question → date periods, resolved against the as-of date.

Every period is a closed range of days [start, end]. Nothing after the as-of date counts: an
end past it is cut to it (the label says so), and a period that starts after it is an error.
See docs/semantic-model.md, "Time".
"""

import calendar
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from typing import Literal

from apps.erp.planner.text import is_number

MONTHS = {
    "january": 1,
    "jan": 1,
    "february": 2,
    "feb": 2,
    "march": 3,
    "mar": 3,
    "april": 4,
    "apr": 4,
    "may": 5,
    "june": 6,
    "jun": 6,
    "july": 7,
    "jul": 7,
    "august": 8,
    "aug": 8,
    "september": 9,
    "sep": 9,
    "sept": 9,
    "october": 10,
    "oct": 10,
    "november": 11,
    "nov": 11,
    "december": 12,
    "dec": 12,
}
# Month names that are also common words count only after a preposition or before a year.
AMBIGUOUS_MONTHS = {"may", "mar", "jan", "jun", "dec", "sep", "oct", "nov", "aug", "apr"}
ORDINAL_QUARTERS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3}
ORDINAL_QUARTERS |= {"fourth": 4, "4th": 4}
PAST = {"last", "previous", "prior", "preceding"}
THIS = {"this", "current"}
PREPOSITIONS = {"in", "during", "for", "over", "within", "on", "at", "of", "throughout"}
RANGE_WORDS = {"to", "through", "thru", "till", "until"}
LIST_WORDS = {"and", "or", "vs", "versus", "against"}
EARLIEST_YEAR, LATEST_YEAR = 1900, 2100

FUTURE_PERIOD = "{label} is after the as-of date ({as_of}), so there is no data for it yet."
BACKWARDS_RANGE = "the range {label} ends before it starts."


class TimeError(ValueError):
    """A time expression that cannot be answered (a future period, a backwards range)."""


Grain = Literal["day", "month", "quarter", "year", "range", "all"]


@dataclass(frozen=True)
class Period:
    """Days [start, end], both inclusive; start None means "from the beginning"."""

    start: date | None
    end: date
    label: str
    slug: str = ""
    grain: Grain = "range"

    def clip(self, as_of: date) -> "Period":
        if self.start is not None and self.start > as_of:
            raise TimeError(FUTURE_PERIOD.format(label=self.label, as_of=as_of.isoformat()))
        if self.start is not None and self.end < self.start:
            raise TimeError(BACKWARDS_RANGE.format(label=self.label))
        if self.end <= as_of:
            return self
        return replace(
            self, end=as_of, label=f"{self.label} (to {day_label(as_of)})", slug=self.slug
        )


@dataclass(frozen=True)
class TimeExpression:
    """One time phrase of a question and the tokens it used."""

    periods: tuple[Period, ...]
    kind: Literal["single", "range", "list"]
    tokens: frozenset[int]
    # "from A to B": the two ends as periods, for questions about a change between them.
    ends: tuple[Period, Period] | None = None
    snapshot: bool = False  # "at the end of 2024", "on 2025-03-31": a day to look at


def day_label(day: date) -> str:
    return f"{day.day} {calendar.month_abbr[day.month]} {day.year}"


def month_end(year: int, month: int) -> date:
    return date(year, month, calendar.monthrange(year, month)[1])


def year_period(year: int) -> Period:
    return Period(date(year, 1, 1), date(year, 12, 31), str(year), str(year), "year")


def month_period(year: int, month: int) -> Period:
    label = f"{calendar.month_name[month]} {year}"
    return Period(
        date(year, month, 1), month_end(year, month), label, f"{year}_{month:02d}", "month"
    )


def quarter_period(year: int, quarter: int) -> Period:
    first = 3 * quarter - 2
    return Period(
        date(year, first, 1),
        month_end(year, first + 2),
        f"Q{quarter} {year}",
        f"{year}_q{quarter}",
        "quarter",
    )


def day_period(day: date) -> Period:
    return Period(day, day, day_label(day), day.isoformat().replace("-", "_"), "day")


def range_period(first: Period, last: Period, as_of: date) -> Period:
    first, last = first.clip(as_of), last.clip(as_of)
    label = f"{day_label(first.start) if first.start else 'the beginning'} – {day_label(last.end)}"
    return Period(first.start, last.end, label, "", "range")


def shift_months(day: date, months: int) -> date:
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    return date(year, month + 1, min(day.day, calendar.monthrange(year, month + 1)[1]))


def latest_complete_month(as_of: date) -> Period:
    """The most recent month that has ended on or before the as-of date."""
    if as_of == month_end(as_of.year, as_of.month):
        return month_period(as_of.year, as_of.month)
    previous = date(as_of.year, as_of.month, 1) - timedelta(days=1)
    return month_period(previous.year, previous.month)


@dataclass
class _Reader:
    tokens: list[str]
    as_of: date
    used: set[int] = field(default_factory=set)

    def at(self, i: int) -> str:
        return self.tokens[i] if 0 <= i < len(self.tokens) else ""

    def words(self, i: int, *options: str) -> int | None:
        """Index after the first option (a space-separated phrase) found at i, or None."""
        for option in options:
            parts = option.split()
            if [self.at(i + k) for k in range(len(parts))] == parts:
                return i + len(parts)
        return None

    # year expressions: 2024, this year, last year, two years ago, the year before last
    def year(self, i: int) -> tuple[int, int] | None:
        token = self.at(i)
        if token.isdigit() and len(token) == 4 and EARLIEST_YEAR <= int(token) <= LATEST_YEAR:
            if self.at(i - 1) in ("than", "above", "below", "under"):
                return None  # an amount, not a year
            return int(token), i + 1
        if token in THIS and self.at(i + 1) == "year":
            return self.as_of.year, i + 2
        if token in PAST and self.at(i + 1) == "year":
            return self.as_of.year - 1, i + 2
        if token == "next" and self.at(i + 1) == "year":
            return self.as_of.year + 1, i + 2
        j = self.words(i, "the year before last", "year before last")
        if j is not None:
            return self.as_of.year - 2, j
        count = 1 if token == "a" else int(token) if is_number(token) else None
        if count is not None and self.at(i + 1) in ("year", "years") and self.at(i + 2) == "ago":
            return self.as_of.year - count, i + 3
        return None

    def year_after(self, i: int) -> tuple[int, int] | None:
        """A year expression at i, optionally after "of"/"in"."""
        found = self.year(i)
        if found is None and self.at(i) in ("of", "in"):
            found = self.year(i + 1)
        return found

    def atom(self, i: int) -> tuple[Period, int] | None:
        token = self.at(i)
        if len(token) == 10 and token[4] == "-":
            try:
                return day_period(date.fromisoformat(token)), i + 1
            except ValueError:
                return None
        j = self.words(i, "year to date", "ytd", "so far this year", "this year so far")
        if j is not None:
            return year_period(self.as_of.year), j
        j = self.words(i, "now", "today", "the present", "present", "date")
        if j is not None and (self.at(i - 1) in RANGE_WORDS or self.at(i) in ("now", "today")):
            return day_period(self.as_of), j
        j = self.words(i, "all time", "all history", "the whole history", "the entire history")
        if j is not None:
            return Period(None, self.as_of, "all time", "", "all"), j
        if token in MONTHS:
            return self.month(i)
        found = self.quarter(i)
        if found is not None:
            return found
        found = self.relative_month(i)
        if found is not None:
            return found
        found = self.rolling(i)
        if found is not None:
            return found
        found = self.year(i)
        if found is not None:
            year, j = found
            return year_period(year), j
        return None

    def month(self, i: int) -> tuple[Period, int] | None:
        month = MONTHS[self.at(i)]
        found = self.year_after(i + 1)
        if found is not None:
            year, j = found
            return month_period(year, month), j
        previous = self.at(i - 1)
        if self.at(i) in AMBIGUOUS_MONTHS and previous not in PREPOSITIONS | RANGE_WORDS | {
            "between",
            "from",
            "since",
            "and",
            "before",
            "after",
        }:
            return None
        # A bare month name is its most recent occurrence that has begun.
        year = self.as_of.year if month <= self.as_of.month else self.as_of.year - 1
        return month_period(year, month), i + 1

    def quarter(self, i: int) -> tuple[Period, int] | None:
        token = self.at(i)
        number, j = None, i
        if len(token) == 2 and token[0] == "q" and token[1] in "1234":
            number, j = int(token[1]), i + 1
        elif (token in ORDINAL_QUARTERS or token == "last") and self.at(i + 1) == "quarter":
            if token == "last" and self.year_after(i + 2) is None:
                return None  # "last quarter" alone: the previous quarter, below
            number, j = ORDINAL_QUARTERS.get(token, 4), i + 2
        if number is not None:
            found = self.year_after(j)
            if found is not None:
                return quarter_period(found[0], number), found[1]
            year = self.as_of.year if 3 * number - 2 <= self.as_of.month else self.as_of.year - 1
            return quarter_period(year, number), j
        current = (self.as_of.month - 1) // 3 + 1
        if token in THIS and self.at(i + 1) == "quarter":
            return quarter_period(self.as_of.year, current), i + 2
        if token in PAST and self.at(i + 1) == "quarter":
            year, number = (
                (self.as_of.year, current - 1) if current > 1 else (self.as_of.year - 1, 4)
            )
            return quarter_period(year, number), i + 2
        return None

    def relative_month(self, i: int) -> tuple[Period, int] | None:
        j = self.words(
            i,
            "the most recent complete month",
            "the most recent full month",
            "the most recent month",
            "most recent complete month",
            "most recent full month",
            "most recent month",
            "the latest complete month",
            "the latest full month",
            "the latest month",
            "latest month",
            "the last complete month",
            "the last full month",
            "last complete month",
            "last full month",
        )
        if j is not None:
            return latest_complete_month(self.as_of), j
        if self.at(i) in THIS and self.at(i + 1) == "month":
            return month_period(self.as_of.year, self.as_of.month), i + 2
        start = i + 1 if self.at(i) == "the" else i
        if self.at(start) in PAST and self.at(start + 1) == "month":
            previous = date(self.as_of.year, self.as_of.month, 1) - timedelta(days=1)
            return month_period(previous.year, previous.month), start + 2
        return None

    def rolling(self, i: int) -> tuple[Period, int] | None:
        """ "the last 12 months", "past 2 years", "the past year": ending on the as-of date."""
        start = i + 1 if self.at(i) == "the" else i
        if self.at(start) not in PAST | {"past", "trailing"}:
            return None
        count_token, unit_at = self.at(start + 1), start + 2
        if is_number(count_token):
            count = int(count_token)
        elif self.at(start) in ("past", "trailing") or (self.at(i), self.at(start)) == (
            "the",
            "last",
        ):
            count, unit_at = 1, start + 1
        else:
            return None
        unit = self.at(unit_at)
        months = {"month": 1, "months": 1, "year": 12, "years": 12}.get(unit)
        if months is None or count < 1:
            return None
        first = shift_months(self.as_of, -months * count) + timedelta(days=1)
        noun = unit if count == 1 else unit.rstrip("s") + "s"
        label = f"the last {count} {noun}" if count > 1 else f"the past {noun.rstrip('s')}"
        label += f" ({day_label(first)} – {day_label(self.as_of)})"
        return Period(first, self.as_of, label, "", "range"), unit_at + 1


def _prefix(reader: _Reader, i: int) -> int:
    """Skip prepositions in front of a time phrase."""
    j = i
    while reader.at(j) in PREPOSITIONS or reader.at(j) == "the" and reader.at(j + 1) in ("end",):
        j += 1
    return j


def find_time_expressions(tokens: list[str], as_of: date) -> list[TimeExpression]:
    """All time phrases in the tokens, left to right. Raises TimeError for a future period."""
    reader = _Reader(tokens, as_of)
    found: list[TimeExpression] = []
    i = 0
    while i < len(tokens):
        expression = _expression_at(reader, i)
        if expression is None:
            i += 1
            continue
        found.append(expression)
        i = max(expression.tokens) + 1
    return found


def _clip_all(expression: TimeExpression, as_of: date) -> TimeExpression:
    periods = tuple(p.clip(as_of) for p in expression.periods)
    ends = None
    if expression.ends is not None:
        ends = (expression.ends[0].clip(as_of), expression.ends[1].clip(as_of))
    return replace(expression, periods=periods, ends=ends)


def _expression_at(reader: _Reader, i: int) -> TimeExpression | None:
    as_of = reader.as_of
    start = _prefix(reader, i)
    word = reader.at(start)
    # "at the end of 2024", "as of 2025-03-31", "on 2025-03-31": a snapshot day.
    for phrase, edge in (
        ("end of", "end"),
        ("the end of", "end"),
        ("start of", "start"),
        ("the start of", "start"),
        ("beginning of", "start"),
        ("the beginning of", "start"),
        ("as of", "day"),
    ):
        j = reader.words(start, phrase)
        if j is not None:
            atom = reader.atom(j)
            if atom is None:
                return None
            period, k = atom
            day = period.end if edge != "start" else period.start
            if day is None:
                return None
            snap = day_period(min(day, as_of) if edge != "start" else day)
            expression = TimeExpression((snap,), "single", frozenset(range(i, k)), snapshot=True)
            return _clip_all(expression, as_of)
    if word in ("since", "after", "before", "until", "till") or reader.words(start, "up to"):
        j = start + (2 if word == "up" else 1)
        atom = reader.atom(j)
        if atom is None:
            return None
        period, k = atom
        if word == "since":
            whole = Period(period.start, as_of, f"since {period.label}", "", "range")
        elif word == "after":
            whole = Period(period.end + timedelta(days=1), as_of, f"after {period.label}")
        elif word == "before":
            if period.start is None:
                return None
            whole = Period(None, period.start - timedelta(days=1), f"before {period.label}")
        else:
            whole = Period(None, period.end, f"up to {period.label}", "", "range")
        return _clip_all(TimeExpression((whole,), "range", frozenset(range(i, k))), as_of)
    if word in ("between", "from"):
        first = reader.atom(start + 1)
        if first is None:
            return None
        period, k = first
        connectors = {"and"} if word == "between" else RANGE_WORDS | {"and"}
        if reader.at(k) in connectors:
            second = reader.atom(k + 1)
            if second is not None:
                other, m = second
                whole = range_period(period, other, as_of)
                expression = TimeExpression(
                    (whole,), "range", frozenset(range(i, m)), ends=(period, other)
                )
                return _clip_all(expression, as_of)
        if word == "from":
            expression = TimeExpression((period,), "single", frozenset(range(i, k)))
            return _clip_all(expression, as_of)
        return None
    atom = reader.atom(start)
    if atom is None:
        return None
    period, k = atom
    # "March 2024 to May 2025"
    if reader.at(k) in RANGE_WORDS:
        second = reader.atom(k + 1)
        if second is not None:
            other, m = second
            whole = range_period(period, other, as_of)
            expression = TimeExpression(
                (whole,), "range", frozenset(range(i, m)), ends=(period, other)
            )
            return _clip_all(expression, as_of)
    # "this year and last year", "2024 vs 2025", "2023, 2024 and 2025"
    periods, end = [period], k
    while True:
        j = end
        j = reader.words(j, "compared to", "compared with", "as well as") or j
        if j == end and reader.at(j) in LIST_WORDS:
            j += 1
        j = _prefix(reader, j)
        nxt = reader.atom(j)
        if nxt is None:
            break
        periods.append(nxt[0])
        end = nxt[1]
    kind = "list" if len(periods) > 1 else "single"
    return _clip_all(TimeExpression(tuple(periods), kind, frozenset(range(i, end))), as_of)
