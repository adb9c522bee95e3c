"""A stock compared at two points in time ("headcount now vs a year ago", "how many active
employees compared with 6 months ago", "agora vs ha um ano"): the count on the as-of date and
on the day that far back — not the end of last calendar year, not "per year", not one point."""

import pytest

from tests.conftest import AS_OF
from tests.erp.conftest import ask_result, assert_rows, hand_rows

pytestmark = [pytest.mark.usefixtures("committed_db")]

ON_DAY = (
    "SELECT count(*) FROM erp_employee e WHERE e.hire_date <= %(day)s "
    "AND (e.termination_date IS NULL OR e.termination_date > %(day)s)"
)
TODAY = AS_OF.isoformat()  # 2026-06-15


def _headcount(day: str, context) -> int:
    [(count,)] = hand_rows(ON_DAY.replace("%(day)s", f"DATE '{day}'"), context, {})
    return count


@pytest.mark.parametrize(
    ("question", "back"),
    [
        ("headcount now vs a year ago", "2025-06-15"),
        ("how many active employees compared with 6 months ago", "2025-12-15"),
        ("quantos funcionários ativos agora vs há um ano", "2025-06-15"),
        ("headcount today compared with 2 years ago", "2024-06-15"),
        ("staff count a year ago vs now", "2025-06-15"),
        ("número de funcionários há 6 meses vs agora", "2025-12-15"),
    ],
)
def test_a_stock_now_and_some_time_ago_is_two_days(question, back, acme_context):
    planned, _, rows = ask_result(question, acme_context)
    days = [(p.start.isoformat(), p.end.isoformat()) for p in planned.reading.periods]
    assert days == [(back, back), (TODAY, TODAY)]
    expected = [(_headcount(back, acme_context), _headcount(TODAY, acme_context))]
    assert_rows(rows, expected, ordered=True)


def test_a_stock_a_year_ago_alone_is_that_day(acme_context):
    planned, _, rows = ask_result("headcount a year ago", acme_context)
    assert [p.end.isoformat() for p in planned.reading.periods] == ["2025-06-15"]
    assert_rows(rows, [(_headcount("2025-06-15", acme_context),)], ordered=True)


def test_an_event_a_year_ago_keeps_the_calendar_year(acme_context):
    planned, _, _ = ask_result("hires a year ago", acme_context)
    [period] = planned.reading.periods
    assert (period.start.isoformat(), period.end.isoformat()) == ("2025-01-01", "2025-12-31")
