"""Time expressions → periods, resolved against the as-of date.

Works on time terms, not on words: the vocabulary of each language maps its phrases to terms
("last year", "ano passado" → last, unit:year; "março" → month:3), and this grammar reads the
terms: years, months, quarters, relative and rolling periods, ranges, lists, snapshots ("at
the end of 2024") and open ranges ("since March", "before 2023").
"""

import calendar
from dataclasses import dataclass, replace
from datetime import date, timedelta
from typing import Literal

from apps.erp.planner.fiscal import in_fiscal_year
from apps.erp.planner.lexicon import Term
from apps.erp.planner.periods import (
    Period,
    TimeError,
    all_time,
    day_period,
    latest_complete_month,
    month_end,
    month_period,
    quarter_period,
    range_period,
    rolling,
    shift_months,
    year_period,
)

EARLIEST_YEAR, LATEST_YEAR = 1900, 2100
UNIT_MONTHS = {"unit:month": 1, "unit:quarter": 3, "unit:half": 6, "unit:year": 12}
# the first month of each meteorological season (northern hemisphere): spring, summer, autumn,
# winter; each lasts three months (winter runs into the next year)
SEASON_START = {1: 3, 2: 6, 3: 9, 4: 12}
FISCAL = "fiscal"
# time words that say a period from today ("this fiscal year", "the last fiscal quarter")
RELATIVE = frozenset({"this", "last", "next", "ago", "past", "year_before_last", "ytd", "qtd"})
# "the same days last month", "last year to date": the unit before, to the as-of day in it
PRIOR_TO_DATE = {"prior_mtd": 1, "prior_qtd": 3, "prior_ytd": 12}
# "the same days last month": the same, only when the question also asks for the month so far
# (its own term); "Q1 2026 vs the same period last year" is no stretch to date
SAME_DAYS_BEFORE = {"same_mtd": (1, "mtd"), "same_qtd": (3, "qtd"), "same_ytd": (12, "ytd")}
PREPOSITION = "of"
RANGE_STARTS = {"between", "from"}
OPEN_STARTS = {"since", "after", "before", "until"}
# What may stand before a month name that is also a common word ("may", "mar").
MONTH_CONTEXT = (PREPOSITION, "between", "from", "since", "to", "and", "before", "after", "until")


@dataclass(frozen=True)
class Slot:
    """One time symbol: the values a term can have here, and its number or date."""

    term: int
    values: frozenset[str]
    number: float | None = None
    day: str | None = None
    ambiguous: bool = False


@dataclass(frozen=True)
class TimeExpression:
    """One time phrase: its periods, the terms it used, and how it reads."""

    periods: tuple[Period, ...]
    kind: Literal["single", "range", "list", "now"]
    terms: frozenset[int]
    ends: tuple[Period, Period] | None = None  # "from A to B": the two ends
    snapshot: bool = False  # "at the end of 2024", "on 2025-03-31": a day to look at
    bare: bool = False  # a month or quarter named without its year ("Q2", "in May")
    open_edge: Literal["since", "after", "before", "until"] | None = None
    # "a year ago", "6 months ago", "ha um ano": the day that far before the as-of date, one
    # for each period (None for a period said otherwise). A stock (headcount) is taken on that
    # day; an event is counted over the calendar period.
    points: tuple[date | None, ...] = ()
    # "FY25", "fiscal Q2": said as a fiscal period, read in the tenant's fiscal year (fiscal.py)
    fiscal: bool = False
    fiscal_start: int = 1  # the month that fiscal year starts in (1: the calendar year)


def slots(terms: tuple[Term, ...], ambiguous: frozenset[str]) -> list[Slot]:
    """A slot per time symbol; the word "fiscal" has none: it qualifies the period next to it
    (_with_fiscal) and leaves the reading to that period's own words."""
    out: list[Slot] = []
    for index, term in enumerate(terms):
        values = frozenset(str(v) for k, v in term.tags if k == "time") - {FISCAL}
        number = term.value("number")
        if number is None:
            number = term.value("number_word")
        day = term.value("date")
        sequence = term.value("time_seq")
        if sequence:
            out.extend(Slot(index, frozenset({v})) for v in sequence if v != FISCAL)
        elif values or number is not None or day:
            out.append(Slot(index, values, number, day, term.words in ambiguous))
        else:
            out.append(Slot(index, frozenset()))
    return out


class _Reader:
    def __init__(self, slots_: list[Slot], as_of: date, blocked: set[int]):
        self.slots, self.as_of, self.blocked = slots_, as_of, blocked
        self.guessed_years = 0  # months and quarters given a year by the reader

    def has(self, i: int, value: str) -> bool:
        return 0 <= i < len(self.slots) and self._free(i) and value in self.slots[i].values

    def _free(self, i: int) -> bool:
        return self.slots[i].term not in self.blocked

    def number(self, i: int) -> float | None:
        if 0 <= i < len(self.slots) and self._free(i):
            return self.slots[i].number
        return None

    def count(self, i: int) -> int | None:
        value = self.number(i)
        return int(value) if value is not None and value == int(value) and value < 1000 else None

    def _tagged(self, i: int, prefix: str) -> str | None:
        """The slot's value with this prefix ("month:3", "unit:year"), if it is free."""
        if not (0 <= i < len(self.slots)) or not self._free(i):
            return None
        return next((v for v in self.slots[i].values if v.startswith(prefix)), None)

    def _numbered(self, i: int, prefix: str) -> int | None:
        value = self._tagged(i, prefix)
        return int(value.split(":")[1]) if value else None

    def month_at(self, i: int) -> int | None:
        return self._numbered(i, "month:")

    def quarter_at(self, i: int) -> int | None:
        return self._numbered(i, "quarter:")

    def unit(self, i: int) -> str | None:
        return self._tagged(i, "unit:")

    # years: 2024, this year, last year, two years ago, the year before last
    def year(self, i: int) -> tuple[int, int] | None:
        value = self.number(i)
        if value is not None and value == int(value) and EARLIEST_YEAR <= value <= LATEST_YEAR:
            return int(value), i + 1
        if self.unit(i + 1) == "unit:year":
            if self.has(i, "this"):
                return self.as_of.year, i + 2
            if self.has(i, "last"):
                return self.as_of.year - 1, i + 2
            if self.has(i, "next"):
                return self.as_of.year + 1, i + 2
        if self.has(i, "year_before_last"):
            return self.as_of.year - 2, i + 1
        ago = self._ago(i, "unit:year")
        if ago is not None:
            count, j = ago
            return self.as_of.year - count, j
        return None

    def _ago(self, i: int, unit: str) -> tuple[int, int] | None:
        """ "2 years ago" / "ha 2 anos" / "a year ago": (count, end)."""
        if self.has(i, "ago_before"):
            count = self.count(i + 1)
            if count is not None and self.unit(i + 2) == unit:
                return count, i + 3
        count = self.count(i)
        if count is not None and self.unit(i + 1) == unit and self.has(i + 2, "ago"):
            return count, i + 3
        if self.unit(i) == unit and self.has(i + 1, "ago"):
            return 1, i + 2
        return None

    def year_after(self, i: int) -> tuple[int, int] | None:
        """A year at i, optionally after a preposition ("of 2024", "do ano passado")."""
        found = self.year(i)
        if found is None and self.has(i, PREPOSITION):
            found = self.year(i + 1)
        return found

    def atom(self, i: int) -> tuple[Period, int] | None:
        if not (0 <= i < len(self.slots)) or not self._free(i):
            return None
        slot = self.slots[i]
        if slot.day and slot.day.startswith("--"):
            return self._day_of_any_year(slot.day, i)
        if slot.day:
            try:
                return day_period(date.fromisoformat(slot.day)), i + 1
            except ValueError:
                return None
        if self.has(i, "ytd"):
            return year_period(self.as_of.year), i + 1
        if self.has(i, "qtd"):
            return quarter_period(self.as_of.year, (self.as_of.month - 1) // 3 + 1), i + 1
        if self.has(i, "mtd"):
            return month_period(self.as_of.year, self.as_of.month), i + 1
        for term, months in PRIOR_TO_DATE.items():
            if self.has(i, term):
                return prior_to_date(self.as_of, months), i + 1
        for term, (months, own) in SAME_DAYS_BEFORE.items():
            if self.has(i, term) and any(self.has(j, own) for j in range(len(self.slots))):
                return prior_to_date(self.as_of, months), i + 1
        if self.has(i, "to_date"):
            # "to date in 2026": the period named next, up to the as-of date (clipped later);
            # "headcount to date", "hires so far": from the beginning up to the as-of date
            following = self.atom(self._after_prepositions(i + 1))
            if following is not None:
                return _to_date(following[0], self.as_of), following[1]
            return all_time(self.as_of), i + 1
        if self.has(i, "now"):
            return day_period(self.as_of), i + 1
        if self.has(i, "all_time"):
            return all_time(self.as_of), i + 1
        readers = (
            self.day,
            self.month,
            self.half,
            self.season,
            self.quarter,
            self.relative_month,
            self.rolling,
        )
        for reader in readers:
            found = reader(i)
            if found is not None:
                return found
        found = self.year(i)
        if found is not None:
            return year_period(found[0]), found[1]
        return None

    def _after_prepositions(self, i: int) -> int:
        while self.has(i, PREPOSITION):
            i += 1
        return i

    def day(self, i: int) -> tuple[Period, int] | None:
        """ "31 March 2025", "March 31 2025", "31 de março de 2025"."""
        for first, second in ((i, i + 1), (i + 1, i)):
            number, month = self.count(first), self.month_at(second)
            if number is None or month is None or not 1 <= number <= 31:
                continue
            if self.unit(first + 1) is not None:
                continue  # "March two years ago": a count of years, not a day
            after = max(first, second) + 1
            found = self.year_after(after)
            if found is None:
                found = self._bare_day_year(min(first, second), after, month, number)
            if found is None:
                continue
            year, end = found
            try:
                return day_period(date(year, month, number)), end
            except ValueError:
                return None
        return None

    def _day_of_any_year(self, day: str, i: int) -> tuple[Period, int] | None:
        """ "--05-31" (a numeric date typed without its year, "31/5"): its latest occurrence,
        or the other end's year in a range (_other_end)."""
        month, number = int(day[2:4]), int(day[5:7])
        self.guessed_years += 1
        past = (month, number) <= (self.as_of.month, self.as_of.day)
        try:
            return day_period(date(self.as_of.year - (not past), month, number)), i + 1
        except ValueError:
            return None  # 29 February of a year without one

    def _bare_day_year(self, start: int, after: int, month: int, day: int):
        """A day without its year at an end of a range ("between March 1 and May 31, 2025",
        "from 1 March to 31 May"): its most recent occurrence, put in the other end's year
        when that one says it (_other_end). Elsewhere a number before a month is no day."""
        ends = ("and", "to")
        if not any(self.has(after, w) or self.has(start - 1, w) for w in ends):
            return None
        self.guessed_years += 1
        year = self.as_of.year if (month, day) <= (self.as_of.month, self.as_of.day) else None
        return (year or self.as_of.year - 1), after

    def month(self, i: int) -> tuple[Period, int] | None:
        month = self.month_at(i)
        if month is None:
            return None
        found = self.year_after(i + 1)
        if found is not None:
            return month_period(found[0], month), found[1]
        if self.slots[i].ambiguous and not any(self.has(i - 1, word) for word in MONTH_CONTEXT):
            return None
        # A bare month name is its most recent occurrence that has begun.
        self.guessed_years += 1
        year = self.as_of.year if month <= self.as_of.month else self.as_of.year - 1
        return month_period(year, month), i + 1

    def half(self, i: int) -> tuple[Period, int] | None:
        """ "the first half of 2025", "H2": January–June or July–December; "this half", "last
        half": the half year the as-of date is in, the one before it."""
        number = self._numbered(i, "half:")
        if number is None:
            return self._relative_half(i)
        found = self.year_after(i + 1)
        year, end = found if found is not None else (self.as_of.year, i + 1)
        first = 1 if number == 1 else 7
        return Period(date(year, first, 1), month_end(year, first + 5), "range"), end

    def _relative_half(self, i: int) -> tuple[Period, int] | None:
        if self.unit(i + 1) != "unit:half":
            return None
        year, first = self.as_of.year, 1 if self.as_of.month <= 6 else 7
        if self.has(i, "last"):
            year, first = (year, 1) if first == 7 else (year - 1, 7)
        elif not self.has(i, "this"):
            return None
        return Period(date(year, first, 1), month_end(year, first + 5), "range"), i + 2

    def season(self, i: int) -> tuple[Period, int] | None:
        """ "spring 2025", "last summer", "this autumn", "since last spring": a meteorological
        season. Alone it is the latest that has begun; "last" the latest that has ended. A
        winter is named by its months only when relative (which year "winter 2025" means is
        not agreed)."""
        relative = next((word for word in ("last", "this") if self.has(i, word)), None)
        at = i + 1 if relative and self._numbered(i + 1, "season:") else i
        number = self._numbered(at, "season:")
        if number is None or (self.slots[at].ambiguous and relative is None):
            return None  # "fall" is a season only as "last fall", "this fall"
        found = self.year_after(at + 1)
        if found is not None and relative is None:
            if number == 4:
                return None
            return _season(number, found[0]), found[1]
        year = self.as_of.year
        if relative == "this":
            year -= 1 if number == 4 and self.as_of.month <= 2 else 0
            return _season(number, year), at + 1
        self.guessed_years += relative is None
        while _season(number, year).start > self.as_of or (
            relative == "last" and _season(number, year).end >= self.as_of
        ):
            year -= 1
        return _season(number, year), at + 1

    def quarter(self, i: int) -> tuple[Period, int] | None:
        number = self.quarter_at(i)
        if number is not None:
            found = self.year_after(i + 1)
            if found is not None:
                return quarter_period(found[0], number), found[1]
            self.guessed_years += 1
            year = self.as_of.year if 3 * number - 2 <= self.as_of.month else self.as_of.year - 1
            return quarter_period(year, number), i + 1
        if self.unit(i + 1) != "unit:quarter":
            return None
        current = (self.as_of.month - 1) // 3 + 1
        if self.has(i, "this"):
            return quarter_period(self.as_of.year, current), i + 2
        if self.has(i, "last"):
            year, number = (
                (self.as_of.year, current - 1) if current > 1 else (self.as_of.year - 1, 4)
            )
            return quarter_period(year, number), i + 2
        return None

    def relative_month(self, i: int) -> tuple[Period, int] | None:
        if self.has(i, "recent_month"):
            return latest_complete_month(self.as_of), i + 1
        first = date(self.as_of.year, self.as_of.month, 1)
        if self.has(i, "month_before_last"):
            back = (first - timedelta(days=1)).replace(day=1) - timedelta(days=1)
            return month_period(back.year, back.month), i + 1
        if self.unit(i + 1) == "unit:month":
            if self.has(i, "this"):
                return month_period(self.as_of.year, self.as_of.month), i + 2
            if self.has(i, "last"):
                previous = first - timedelta(days=1)
                return month_period(previous.year, previous.month), i + 2
        ago = self._ago(i, "unit:month")
        if ago is not None:
            count, j = ago
            index = self.as_of.year * 12 + self.as_of.month - 1 - count
            return month_period(index // 12, index % 12 + 1), j
        return None

    def rolling(self, i: int) -> tuple[Period, int] | None:
        """ "the last 12 months", "past 2 years", "the past year": ending on the as-of date."""
        if not self.has(i, "past"):
            return self._rolling_after(i)
        count, unit_at = self.count(i + 1), i + 2
        if count is None:
            if self.has(i, "last"):
                return None  # "last year", "previous month": the calendar period, read below
            count, unit_at = 1, i + 1
        if self.unit(unit_at) == "unit:day" and count >= 1:
            # "the last 90 days": the as-of date and the 89 days before it
            start = self.as_of - timedelta(days=count - 1)
            return Period(start, self.as_of, "range"), unit_at + 1
        months = UNIT_MONTHS.get(self.unit(unit_at) or "")
        if months is None or count < 1:
            return None
        return rolling(self.as_of, months * count), unit_at + 1

    def _rolling_after(self, i: int) -> tuple[Period, int] | None:
        """The word of the span after it: "os 12 meses passados", "the 6 months prior"."""
        count = self.count(i)
        if count is None or count < 1 or not self.has(i + 2, "past"):
            return None
        months = UNIT_MONTHS.get(self.unit(i + 1) or "")
        if months is None:
            return None
        return rolling(self.as_of, months * count), i + 3


def find_time_expressions(
    terms: tuple[Term, ...],
    as_of: date,
    *,
    ambiguous: frozenset[str],
    blocked: set[int],
    fiscal_start: int = 1,
) -> list[TimeExpression]:
    """All time phrases, left to right, skipping terms already read as something else; a
    fiscal one in the fiscal year that starts in month `fiscal_start` (fiscal.py).
    Raises periods.TimeError for a future period or a backwards range."""
    reader = _Reader(slots(terms, ambiguous), as_of, blocked)
    found: list[TimeExpression] = []
    i = 0
    while i < len(reader.slots):
        guessed = reader.guessed_years
        expression = _expression_at(reader, i)
        if expression is None:
            i += 1
            continue
        if reader.guessed_years > guessed:
            expression = replace(expression, bare=True)
        found.append(expression)
        i = max(k for k, s in enumerate(reader.slots) if s.term in expression.terms) + 1
    found = _with_fiscal(terms, found)
    found = [_fiscal_periods(reader, e, fiscal_start) if e.fiscal else e for e in found]
    found = _placed_in_year(reader, found)
    alone = [e for e in found if _only_to_date(reader, e)]
    if alone and len(alone) < len(found):
        # "hires in 2024 and until now": "until now" is said of the other period, never a
        # second period from the beginning to compare with it
        found = [e for e in found if e not in alone]
    return found


def _placed_in_year(reader: _Reader, found: list[TimeExpression]) -> list[TimeExpression]:
    """A period and a year said apart, with no "and"/"vs" between them ("hires from 1/3 to 31/5
    in 2024", "in 2024, from March to May"): the year places the period, it is no second
    period to compare it with. A period said without its year is put in that year; one that
    lies outside it is left to be compared."""
    if len(found) != 2:
        return found
    years = [e for e in found if _whole_year(e)]
    if len(years) != 1:
        return found
    (year,), (other,) = years, [e for e in found if e is not years[0]]
    if (
        other.kind not in ("single", "range")
        or other.open_edge
        or any(other.points)
        or other.fiscal
    ):
        return found
    said = year.terms | other.terms
    slots = sorted(k for k, s in enumerate(reader.slots) if s.term in said)
    between = [k for k in range(slots[0], slots[-1] + 1) if reader.slots[k].term not in said]
    if any(reader.has(k, "and") for k in between):
        return found  # "… from March to May and 2024": two periods to compare
    whole = year.periods[0]
    placed = other
    if other.bare and other.ends is not None:
        first, last = (_in_year(end, whole.start.year) for end in other.ends)
        try:
            placed = _clip_all(
                replace(
                    other, periods=(range_period(first, last, reader.as_of),), ends=(first, last)
                ),
                reader.as_of,
            )
        except TimeError:
            return found
    elif (
        other.bare
        and len(other.periods) == 1
        and other.periods[0].grain in ("month", "quarter", "day")
    ):
        placed = replace(other, periods=(_in_year(other.periods[0], whole.start.year),))
    inside = all(
        p.start is not None and whole.start <= p.start and p.end <= whole.end
        for p in placed.periods
    )
    if not inside:
        return found
    return [replace(placed, terms=placed.terms | year.terms, bare=False)]


def _whole_year(expression: TimeExpression) -> bool:
    return (
        expression.kind == "single"
        and not expression.bare
        and len(expression.periods) == 1
        and expression.periods[0].grain == "year"
        and expression.periods[0].start is not None
        and not any(expression.points)
    )


def _with_fiscal(terms: tuple[Term, ...], found: list[TimeExpression]) -> list[TimeExpression]:
    """ "fiscal" next to a period read ("FY 2025", "fiscal Q2", "this fiscal year") belongs to
    it: the period is marked fiscal. Next to none it stays unread (and the question refused)."""
    fiscal = [i for i, term in enumerate(terms) if _is_fiscal(term)]
    out = []
    for expression in found:
        near = {i for i in fiscal if {i - 1, i, i + 1} & expression.terms}
        if near:
            expression = replace(expression, terms=expression.terms | near, fiscal=True)
        out.append(expression)
    return out


def _fiscal_periods(reader: _Reader, expression: TimeExpression, start: int) -> TimeExpression:
    """A fiscal phrase's periods in the tenant's fiscal year ("FY25" from April: April 2024 –
    March 2025); "this/last fiscal year" counted from the fiscal year that holds today."""
    said = {v for s in reader.slots if s.term in expression.terms for v in s.values}
    relative = bool(said & RELATIVE)
    periods = tuple(
        in_fiscal_year(p, relative=relative, as_of=reader.as_of, start_month=start)
        for p in expression.periods
    )
    return replace(expression, periods=periods, fiscal_start=start)


def _is_fiscal(term: Term) -> bool:
    sequence = term.value("time_seq") or ()
    return FISCAL in sequence or any(k == "time" and v == FISCAL for k, v in term.tags)


def _only_to_date(reader: _Reader, expression: TimeExpression) -> bool:
    """ "to date", "so far" read alone (from the beginning)."""
    slots = [s for s in reader.slots if s.term in expression.terms]
    return bool(slots) and all("to_date" in s.values for s in slots)


def _terms(reader: _Reader, start: int, end: int) -> frozenset[int]:
    return frozenset(reader.slots[k].term for k in range(start, min(end, len(reader.slots))))


def _clip_all(expression: TimeExpression, as_of: date) -> TimeExpression:
    periods = tuple(p.clip(as_of) for p in expression.periods)
    ends = None
    if expression.ends is not None:
        ends = (expression.ends[0].clip(as_of), expression.ends[1].clip(as_of))
    return replace(expression, periods=periods, ends=ends)


def _prefix(reader: _Reader, i: int) -> int:
    while reader.has(i, PREPOSITION):
        i += 1
    return i


def _expression_at(reader: _Reader, i: int) -> TimeExpression | None:
    start = _prefix(reader, i)
    for edge in ("end_of", "start_of", "as_of"):
        if reader.has(start, edge):
            return _snapshot(reader, i, start + 1, edge)
    beside = _units_beside(reader, i, start)
    if beside is not None:
        return beside
    for edge in OPEN_STARTS:
        if reader.has(start, edge):
            found = _open_range(reader, i, start, edge)
            if found is not None:
                return found
    if reader.has(start, "now") and not reader.has(start + 1, "to"):
        return TimeExpression((), "now", _terms(reader, i, start + 1))
    for word in RANGE_STARTS:
        if reader.has(start, word):
            found = _range(reader, i, start, word)
            if found is not None:
                return found
    guessed = reader.guessed_years
    atom = reader.atom(start)
    if atom is None:
        return None
    period, k = atom
    if reader.has(k, "to_date"):
        period, k = _to_date(period, reader.as_of), k + 1
    if reader.has(k, "to"):
        second = _other_end(reader, period, reader.guessed_years > guessed, k + 1)
        if second is not None:
            period, other, m = second
            whole = range_period(period, other, reader.as_of)
            return _clip_all(
                TimeExpression((whole,), "range", _terms(reader, i, m), ends=(period, other)),
                reader.as_of,
            )
    periods, end = [period], k
    points = [_ago_point(reader, start, k)]
    bare = [reader.guessed_years > guessed]
    while reader.has(end, "and") and not reader.has(_prefix(reader, end + 1), "to_date"):
        before = reader.guessed_years
        at = _prefix(reader, end + 1)
        nxt = reader.atom(at)
        if nxt is None:
            break
        periods.append(nxt[0])
        points.append(_ago_point(reader, at, nxt[1]))
        bare.append(reader.guessed_years > before)
        end = nxt[1]
    periods = _shared_year(reader, periods, bare)
    kind = "list" if len(periods) > 1 else "single"
    expression = TimeExpression(tuple(periods), kind, _terms(reader, i, end), points=tuple(points))
    return _clip_all(expression, reader.as_of)


def _ago_point(reader: _Reader, start: int, end: int) -> date | None:
    """The day N years or months before the as-of date when the phrase from `start` to `end`
    is exactly "N years/months ago" ("a year ago", "6 months ago", "ha um ano")."""
    for unit, months in (("unit:year", 12), ("unit:month", 1)):
        ago = reader._ago(start, unit)
        if ago is not None and ago[1] == end:
            return months_before(reader.as_of, ago[0] * months)
    return None


def _season(number: int, year: int) -> Period:
    first = SEASON_START[number]
    last_year, last_month = (year + 1, 2) if first == 12 else (year, first + 2)
    return Period(date(year, first, 1), month_end(last_year, last_month), "range")


def months_before(day: date, months: int) -> date:
    """The same day `months` months earlier (the month's last day when it is shorter)."""
    index = day.year * 12 + day.month - 1 - months
    year, month = index // 12, index % 12 + 1
    last = calendar.monthrange(year, month)[1]
    return date(year, month, min(day.day, last))


def _snapshot(reader: _Reader, i: int, j: int, edge: str) -> TimeExpression | None:
    if edge == "as_of":
        # "as of the end of March", "as at the start of 2025": the edge says which day
        inner = _prefix(reader, j)
        for other in ("end_of", "start_of"):
            if reader.has(inner, other):
                return _snapshot(reader, i, inner + 1, other)
    atom = reader.atom(_prefix(reader, j))
    if atom is None:
        return None
    period, k = atom
    day = period.start if edge == "start_of" else period.end
    if day is None:
        return None
    snap = day_period(day if edge == "start_of" else min(day, reader.as_of))
    expression = TimeExpression((snap,), "single", _terms(reader, i, k), snapshot=True)
    return _clip_all(expression, reader.as_of)


UNIT_DAYS = {"unit:week": 7, "unit:day": 1}


def _units_beside(reader: _Reader, i: int, start: int) -> TimeExpression | None:
    """ "the month after March 2025", "the year before 2025", "the 3 months following Q1 2025":
    that many units next to the period. Read as an open range ("after March 2025"), the unit
    was dropped and every event since (or before) the period was counted — a wrong answer."""
    count, at = 1, start
    number = reader.count(start)
    if number is not None and reader.unit(start + 1):
        count, at = number, start + 1
    unit = reader.unit(at)
    edge = next((e for e in ("after", "before") if reader.has(at + 1, e)), None)
    if unit is None or edge is None or count < 1:
        return None
    if unit not in UNIT_MONTHS and unit not in UNIT_DAYS:
        return None
    atom = reader.atom(_prefix(reader, at + 2))
    if atom is None:
        return None
    period, k = atom
    if edge == "after":
        first = period.end + timedelta(days=1)
        if unit in UNIT_MONTHS:
            last = shift_months(first, count * UNIT_MONTHS[unit]) - timedelta(days=1)
        else:
            last = first + timedelta(days=count * UNIT_DAYS[unit] - 1)
    else:
        if period.start is None:
            return None
        last = period.start - timedelta(days=1)
        if unit in UNIT_MONTHS:
            first = shift_months(period.start, -count * UNIT_MONTHS[unit])
        else:
            first = period.start - timedelta(days=count * UNIT_DAYS[unit])
    whole = _calendar_period(first, last)
    return _clip_all(TimeExpression((whole,), "single", _terms(reader, i, k)), reader.as_of)


def _calendar_period(first: date, last: date) -> Period:
    """The span as the calendar month, quarter or year it is, when it is one (for its label)."""
    if first.day == 1 and last == month_end(last.year, last.month):
        months = (last.year - first.year) * 12 + last.month - first.month + 1
        if months == 1:
            return month_period(first.year, first.month)
        if months == 3 and first.month % 3 == 1:
            return quarter_period(first.year, (first.month - 1) // 3 + 1)
        if months == 12 and first.month == 1:
            return year_period(first.year)
    return Period(first, last, "range")


def _open_range(reader: _Reader, i: int, start: int, edge: str) -> TimeExpression | None:
    atom = reader.atom(_prefix(reader, start + 1))
    if atom is None:
        return None
    period, k = atom
    as_of = reader.as_of
    if edge in ("since", "after") and reader.has(k, "to_date"):
        k += 1  # "since 2024 so far", "desde 2024 até agora": since already ends today
    if edge == "since":
        whole = Period(period.start, as_of)
    elif edge == "after":
        whole = Period(period.end + timedelta(days=1), as_of)
    elif edge == "before":
        if period.start is None:
            return None
        whole = Period(None, period.start - timedelta(days=1))
    else:
        whole = Period(None, period.end)
    expression = TimeExpression((whole,), "range", _terms(reader, i, k), open_edge=edge)  # type: ignore[arg-type]
    return _clip_all(expression, as_of)


def _range(reader: _Reader, i: int, start: int, word: str) -> TimeExpression | None:
    guessed = reader.guessed_years
    first = reader.atom(_prefix(reader, start + 1))
    if first is None:
        return None
    period, k = first
    connectors = ("and",) if word == "between" else ("to", "and")
    if any(reader.has(k, c) for c in connectors):
        second = _other_end(reader, period, reader.guessed_years > guessed, k + 1)
        if second is not None:
            period, other, m = second
            whole = range_period(period, other, reader.as_of)
            expression = TimeExpression(
                (whole,), "range", _terms(reader, i, m), ends=(period, other)
            )
            return _clip_all(expression, reader.as_of)
    if word == "from" and reader.has(k, "to_date"):
        whole = _to_date(period, reader.as_of)  # "from 2024 to date"
        return _clip_all(TimeExpression((whole,), "range", _terms(reader, i, k + 1)), reader.as_of)
    if word == "from":
        return _clip_all(TimeExpression((period,), "single", _terms(reader, i, k)), reader.as_of)
    return None


def _to_date(period: Period, as_of: date) -> Period:
    """ "X to date", "X so far": X up to the as-of date — the part of X before it when X is
    under way ("this year so far"), from X's start when X is over ("2024 to date")."""
    if period.start is None or period.end >= as_of:
        return period  # cut at the as-of date with the others
    return Period(period.start, as_of)


def _other_end(
    reader: _Reader, period: Period, first_bare: bool, at: int
) -> tuple[Period, Period, int] | None:
    """The second end of a range at `at`, and both ends with a bare month or quarter put in the
    other end's year: "between March and June 2025" is March 2025, "from March 2025 to June"
    ends in June 2025 (not in the June before today)."""
    guessed = reader.guessed_years
    found = reader.atom(_prefix(reader, at))
    if found is None:
        return None
    other, end = found
    other_bare = reader.guessed_years > guessed
    if first_bare and not other_bare and other.start is not None:
        period = _in_year(period, other.start.year)
        if period.start > other.start:
            period = _in_year(period, other.start.year - 1)
        reader.guessed_years -= 1
    elif other_bare and not first_bare and period.start is not None:
        other = _in_year(other, period.start.year)
        if other.end < period.start:
            other = _in_year(other, period.start.year + 1)
        reader.guessed_years -= 1
    return period, other, end


def _shared_year(reader: _Reader, periods: list[Period], bare: list[bool]) -> list[Period]:
    """A list of months or quarters with one year said once ("Q1 vs Q2 2025", "March and
    April 2024"): the bare ones are of that year, as at the ends of a range."""
    years = {
        p.start.year for p, guessed in zip(periods, bare, strict=True) if not guessed and p.start
    }
    if len(years) != 1 or not any(bare) or all(bare):
        return periods
    year = years.pop()
    shared = []
    for period, guessed in zip(periods, bare, strict=True):
        if guessed and period.grain in ("month", "quarter"):
            period = _in_year(period, year)
            reader.guessed_years -= 1
        shared.append(period)
    return shared


def _in_year(period: Period, year: int) -> Period:
    """A month or quarter period moved to `year`."""
    if period.grain == "quarter":
        return quarter_period(year, (period.start.month - 1) // 3 + 1)
    if period.grain == "day":
        try:
            return day_period(period.start.replace(year=year))
        except ValueError:  # 29 February
            return period
    return month_period(year, period.start.month)


def prior_to_date(as_of: date, months: int) -> Period:
    """The unit of `months` before the as-of date's own (month, quarter, year), from its start
    to the as-of date's day in it — the last day of that unit when it is shorter (31 March
    → 28 February)."""
    first_month = as_of.month if months == 1 else (as_of.month - 1) // months * months + 1
    start_index = as_of.year * 12 + first_month - 1 - months
    start = date(start_index // 12, start_index % 12 + 1, 1)
    at_index = as_of.year * 12 + as_of.month - 1 - months
    year, month = at_index // 12, at_index % 12 + 1
    end = date(year, month, min(as_of.day, month_end(year, month).day))
    return Period(start, end)
