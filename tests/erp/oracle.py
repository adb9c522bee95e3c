"""Answers computed without the planner, from the raw rows of the seeded test data (as of
AS_OF): what the question tests compare the planner's rows with."""

from datetime import date
from decimal import Decimal

from tests.conftest import AS_OF
from tests.erp.conftest import hand_rows

YEAR = Decimal("365.25")
ACTIVE = "e.hire_date <= %(on)s AND (e.termination_date IS NULL OR e.termination_date > %(on)s)"
THIS_YEAR = (date(2026, 1, 1), AS_OF)
LAST_YEAR = (date(2025, 1, 1), date(2025, 12, 31))


def employees(context) -> list[dict]:
    rows = hand_rows(
        "SELECT e.id, e.name, d.name, e.level, e.hire_date, e.termination_date "
        "FROM erp_employee e JOIN erp_department d ON d.id = e.department_id",
        context,
    )
    keys = ("id", "name", "department", "level", "hire", "end")
    return [dict(zip(keys, row, strict=True)) for row in rows]


def payments(context) -> list[tuple[int, date, Decimal]]:
    return hand_rows("SELECT employee_id, pay_date, amount FROM erp_salary", context)


def departments(context) -> list[str]:
    return [name for (name,) in hand_rows("SELECT name FROM erp_department", context)]


def avg(values) -> Decimal | None:
    values = list(values)
    return sum(values) / len(values) if values else None


def active_on(person: dict, day: date) -> bool:
    return person["hire"] <= day and (person["end"] is None or person["end"] > day)


def top_with_ties(pairs: list[tuple], n: int, *, desc: bool = True) -> list[tuple]:
    """(key, value) pairs ranked by value, the first n ranks with ties kept."""
    ranked = sorted(pairs, key=lambda p: p[1], reverse=desc)
    if len(ranked) <= n:
        return ranked
    cut = ranked[n - 1][1]
    return [p for p in ranked if (p[1] >= cut if desc else p[1] <= cut)]


def event_counts(context, periods, *, column="hire"):
    """Per department, how many people were hired (or left: column="end") in each period."""
    counts = {name: [0] * len(periods) for name in departments(context)}
    for p in employees(context):
        for index, (first, last) in enumerate(periods):
            if p[column] is not None and first <= p[column] <= last:
                counts[p["department"]][index] += 1
    return [(name, *values) for name, values in counts.items()]
