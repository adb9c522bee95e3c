"""Date periods and the calendar arithmetic the planner needs. A period is a closed range of
days [start, end]; start None means "from the beginning". Labels are written by describe.py
in the person's language; here periods are only dates.
"""

import calendar
from dataclasses import dataclass, replace
from datetime import date, timedelta
from typing import Any, Literal

Grain = Literal["day", "month", "quarter", "year", "range", "all"]


class TimeError(ValueError):
    """A time expression that cannot be answered; `key` names the message, `period` the
    period it is about."""

    def __init__(self, key: str, period: "Period") -> None:
        super().__init__(key)
        self.key, self.period = key, period


@dataclass(frozen=True)
class Period:
    start: date | None
    end: date
    grain: Grain = "range"
    clipped: bool = False  # the end was cut to the as-of date

    def clip(self, as_of: date) -> "Period":
        if self.start is not None and self.start > as_of:
            raise TimeError("future_period", self)
        if self.start is not None and self.end < self.start:
            raise TimeError("backwards_range", self)
        if self.end <= as_of:
            return self
        return replace(self, end=as_of, clipped=True)

    @property
    def slug(self) -> str:
        """A suffix for column names: 2025, 2025_03, 2025_q1, 2025_03_31; "" for ranges."""
        if self.start is None:
            return ""
        if self.grain == "year":
            return str(self.start.year)
        if self.grain == "month":
            return f"{self.start.year}_{self.start.month:02d}"
        if self.grain == "quarter":
            return f"{self.start.year}_q{(self.start.month - 1) // 3 + 1}"
        if self.grain == "day":
            return self.start.isoformat().replace("-", "_")
        return ""

    def as_json(self) -> dict[str, Any]:
        return {
            "start": self.start.isoformat() if self.start else None,
            "end": self.end.isoformat(),
            "grain": self.grain,
            "clipped": self.clipped,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Period":
        start = data.get("start")
        return cls(
            date.fromisoformat(start) if start else None,
            date.fromisoformat(data["end"]),
            data.get("grain", "range"),
            bool(data.get("clipped", False)),
        )


def month_end(year: int, month: int) -> date:
    return date(year, month, calendar.monthrange(year, month)[1])


def year_period(year: int) -> Period:
    return Period(date(year, 1, 1), date(year, 12, 31), "year")


def month_period(year: int, month: int) -> Period:
    return Period(date(year, month, 1), month_end(year, month), "month")


def quarter_period(year: int, quarter: int) -> Period:
    first = 3 * quarter - 2
    return Period(date(year, first, 1), month_end(year, first + 2), "quarter")


def day_period(day: date) -> Period:
    return Period(day, day, "day")


def all_time(as_of: date) -> Period:
    return Period(None, as_of, "all")


def range_period(first: Period, last: Period, as_of: date) -> Period:
    first, last = first.clip(as_of), last.clip(as_of)
    return Period(first.start, last.end, "range", last.clipped)


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


def rolling(as_of: date, months: int) -> Period:
    """The last `months` months, ending on the as-of date."""
    return Period(shift_months(as_of, -months) + timedelta(days=1), as_of, "range")


def previous_period(period: Period) -> Period | None:
    """The period of the same length just before (last year for a year, the month before…)."""
    if period.start is None:
        return None
    if period.grain == "year":
        return year_period(period.start.year - 1)
    if period.grain == "quarter":
        start = shift_months(period.start, -3)
        return quarter_period(start.year, (start.month - 1) // 3 + 1)
    if period.grain == "month":
        start = shift_months(period.start, -1)
        return month_period(start.year, start.month)
    if period.grain == "range" and period.start <= period.end:
        return _range_before(period.start, period.end)
    return None


MAX_RANGE_MONTHS = 120


def _range_before(start: date, end: date) -> Period:
    """The span of the same length just before a range: "the previous 12 months" after "the
    last 12 months" (16 Jun 2025 – 15 Jun 2026 → 16 Jun 2024 – 15 Jun 2025), whole months
    counted as months (a leap day does not move it), any other span in days."""
    after = end + timedelta(days=1)
    for months in range(1, MAX_RANGE_MONTHS + 1):
        if shift_months(after, -months) == start:
            return Period(shift_months(start, -months), start - timedelta(days=1), "range")
    days = (end - start).days + 1
    return Period(start - timedelta(days=days), start - timedelta(days=1), "range")
