"""Periods that run up to the as-of date, in both languages: "month to date", "quarter to
date", "so far this year", "este mês até agora", "no acumulado do ano"; and "to date", "so
far", "até agora", "até hoje" — the period named next to them up to today ("in 2026 so far"),
from the beginning when said alone ("hires so far": all hires; "headcount to date": today's).
Numbers are checked against hand-written SQL on the test data (as of 2026-06-15)."""

from datetime import date

import pytest

from apps.erp.planner.periods import Period
from tests.erp.conftest import assert_rows, hand_rows, plan, planner_result

AS_OF_DAY = date(2026, 6, 15)
HIRES_BETWEEN = """SELECT count(*) FROM erp_employee e
  WHERE e.hire_date BETWEEN %(start)s AND %(end)s"""


@pytest.mark.parametrize(
    ("question", "start"),
    [
        ("how many hires month to date", date(2026, 6, 1)),
        ("hires mtd", date(2026, 6, 1)),
        ("hires so far this month", date(2026, 6, 1)),
        ("contratações este mês até agora", date(2026, 6, 1)),
        ("contratações no acumulado do mês", date(2026, 6, 1)),
        ("hires quarter to date", date(2026, 4, 1)),
        ("quantas contratações neste trimestre até hoje?", date(2026, 4, 1)),
        ("hires this year so far", date(2026, 1, 1)),
        ("hires in 2026 to date", date(2026, 1, 1)),
        ("contratações em 2026 até agora", date(2026, 1, 1)),
        ("contratações no acumulado do ano", date(2026, 1, 1)),
        # a period that is over, "to date": from its start (never the period alone)
        ("hires from 2024 to date", date(2024, 1, 1)),
        ("hires 2024 to date", date(2024, 1, 1)),
        ("contratações desde 2024 até agora", date(2024, 1, 1)),
        ("how many people joined since march so far", date(2026, 3, 1)),
    ],
)
def test_a_period_to_date_ends_on_the_as_of_date(acme, question, start):
    planned, names, rows = planner_result(question, acme)
    (period,) = planned.reading.periods
    assert (period.start, period.end) == (start, AS_OF_DAY)
    expected = hand_rows(HIRES_BETWEEN, acme, {"start": start, "end": AS_OF_DAY})
    assert_rows(rows, expected, ordered=True)


@pytest.mark.parametrize(
    "question",
    ["hires so far", "how many people have we hired to date", "quantas contratações até agora?"],
)
def test_to_date_alone_is_from_the_beginning(acme, question):
    planned, names, rows = planner_result(question, acme)
    (period,) = planned.reading.periods
    assert period.start is None and period.end == AS_OF_DAY
    expected = hand_rows(
        "SELECT count(*) FROM erp_employee e WHERE e.hire_date <= %(as_of)s",
        acme,
        {"as_of": AS_OF_DAY},
    )
    assert_rows(rows, expected, ordered=True)


@pytest.mark.parametrize(
    "question",
    ["headcount to date", "headcount so far this year", "quantos funcionários até hoje?"],
)
def test_a_headcount_to_date_is_todays(acme, question):
    planned, names, rows = planner_result(question, acme)
    expected = hand_rows(
        """SELECT count(*) FROM erp_employee e WHERE e.hire_date <= %(as_of)s
           AND (e.termination_date IS NULL OR e.termination_date > %(as_of)s)""",
        acme,
        {"as_of": AS_OF_DAY},
    )
    assert_rows(rows, expected, ordered=True)


def test_until_a_year_is_still_an_open_range():
    """ "até 2025" is up to the end of 2025, not "to date" (the longer phrase is not there)."""
    (period,) = plan("quantas saídas até 2025").reading.periods
    assert period == Period(None, date(2025, 12, 31))


@pytest.mark.parametrize(
    "question", ["hires in 2024 and so far", "contratações em 2024 e até agora"]
)
def test_to_date_alone_is_never_a_second_period_to_compare(question):
    """Not "all time vs 2024": "so far" is said of a period, never one from the beginning."""
    from apps.erp.planner import Planned, plan_question
    from tests.erp.conftest import DEMO

    outcome = plan_question(question, as_of=AS_OF_DAY, entities=DEMO)
    assert not isinstance(outcome, Planned) or len(outcome.reading.periods) == 1
