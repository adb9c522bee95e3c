"""A fiscal period in the tenant's fiscal year (Tenant.fiscal_year_start, the month it starts).

The time reader reads "FY25", "fiscal Q2", "this fiscal year" as calendar periods marked
fiscal (timeexpr._with_fiscal); here they are moved into the fiscal year. A fiscal year is
named by the calendar year it ends in: with April, FY25 is 1 April 2024 – 31 March 2025, and
its second quarter July–September 2024. Said relative to today ("this", "last" fiscal year or
quarter), it is the fiscal year or quarter that holds the as-of date, and the ones before it.
A fiscal year that starts in January is the calendar year: nothing moves.

The period comes back as a range of exact days, so the answer's title says which months were
used; a month ("fiscal March") is the same month in any calendar.
"""

from dataclasses import replace
from datetime import date, timedelta

from apps.erp.planner.periods import Period, shift_months

UNIT_MONTHS = {"year": 12, "quarter": 3}


def in_fiscal_year(period: Period, *, relative: bool, as_of: date, start_month: int) -> Period:
    """The calendar `period` (a year or a quarter, read from a fiscal phrase) as the fiscal one.
    `relative`: said from today ("this/last fiscal year"), not by its number ("FY25")."""
    months = UNIT_MONTHS.get(period.grain)
    if start_month == 1 or months is None or period.start is None:
        return period
    if relative:
        # as many units back as the calendar reading went, from the fiscal unit holding today
        steps = _units_between(_calendar_unit_start(as_of, months), period.start, months)
        start = shift_months(_fiscal_unit_start(as_of, months, start_month), steps * months)
    else:
        # FY25 begins in 2024: each fiscal unit starts 12 - (start_month - 1) months earlier
        start = shift_months(period.start, start_month - 1 - 12)
    end = shift_months(start, months) - timedelta(days=1)
    return replace(Period(start, end, "range"), clipped=False).clip(as_of)


def _calendar_unit_start(day: date, months: int) -> date:
    return date(day.year, (day.month - 1) // months * months + 1, 1)


def _fiscal_unit_start(day: date, months: int, start_month: int) -> date:
    """The first day of the fiscal year or quarter that holds `day`."""
    offset = (day.month - start_month) % months  # months since the unit began
    return shift_months(date(day.year, day.month, 1), -offset)


def _units_between(first: date, second: date, months: int) -> int:
    return ((second.year - first.year) * 12 + second.month - first.month) // months
