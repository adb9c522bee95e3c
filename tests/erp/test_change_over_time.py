"""A change word read as a series over time: "how did marketing salaries evolve by quarter in
2025" is each quarter of 2025, not a comparison of two periods to be asked for; "how did hiring
evolve in 2025" is each month. Checked against hand-written SQL on the test data; "from A to B",
a percentage and a ranking still compare two periods."""

from datetime import date

import pytest

from apps.erp.planner import Clarification
from tests.erp.conftest import assert_rows, hand_rows, pick, plan, planner_result, refused

ACTIVE = "e.hire_date <= %(day)s AND (e.termination_date IS NULL OR e.termination_date > %(day)s)"
SALARY_BY_QUARTER = """
SELECT TO_CHAR(s.pay_date, 'YYYY-"Q"Q'), ROUND(AVG(s.amount), 2)
FROM erp_salary s JOIN erp_employee e ON e.id = s.employee_id
JOIN erp_department d ON d.id = e.department_id
WHERE s.pay_date BETWEEN '2025-01-01' AND '2025-12-31' AND d.name = 'Marketing'
GROUP BY 1 ORDER BY 1
"""
HIRES_BY = """
SELECT {grain}, count(*) FROM erp_employee e
WHERE e.hire_date BETWEEN %(start)s AND %(end)s GROUP BY 1 ORDER BY 1
"""
QUARTER = "TO_CHAR(e.hire_date, 'YYYY-\"Q\"Q')"
MONTH = "CAST(DATE_TRUNC('month', e.hire_date) AS DATE)"


@pytest.mark.parametrize(
    "question",
    [
        "how did marketing salaries evolve by quarter in 2025",
        "how has the average salary in Marketing changed each quarter of 2025",
        "marketing salary growth per quarter in 2025",
        "como evoluíram os salários de marketing por trimestre em 2025",
        "evolução do salário médio de marketing por trimestre em 2025",
    ],
)
def test_a_change_word_with_a_time_grouping_is_a_series(acme, question):
    planned, names, rows = planner_result(question, acme)
    reading = planned.reading
    assert reading.measure == "average_salary" and reading.change is None
    assert reading.dimensions == ("quarter",) and reading.departments == ("Marketing",)
    expected = hand_rows(SALARY_BY_QUARTER, acme)
    assert len(expected) == 4
    assert_rows(pick(names, rows, "quarter", "average_salary"), expected, ordered=True)


@pytest.mark.parametrize(
    ("question", "grain", "start"),
    [
        ("how has hiring changed per quarter in 2025", QUARTER, "2025-01-01"),
        ("how did the number of hires evolve in 2025", MONTH, "2025-01-01"),
        ("evolução das contratações em 2025", MONTH, "2025-01-01"),
    ],
)
def test_an_event_measure_over_time_is_counted_in_each_period(acme, question, grain, start):
    planned, names, rows = planner_result(question, acme)
    assert planned.reading.measure == "hires" and planned.reading.change is None
    expected = hand_rows(
        HIRES_BY.format(grain=grain), acme, {"start": start, "end": date(2025, 12, 31)}
    )
    key = planned.reading.grain
    assert_rows(pick(names, rows, key, "hires"), expected, ordered=True)


@pytest.mark.parametrize(
    "question",
    [
        "how did headcount change by quarter in 2025",
        "headcount growth each quarter in 2025",
        "como mudou o número de funcionários em cada trimestre de 2025",
    ],
)
def test_a_snapshot_with_a_change_word_and_a_grouping_is_taken_at_each_end(acme, question):
    planned, names, rows = planner_result(question, acme)
    assert planned.reading.grain == "quarter" and planned.reading.change is None
    ends = [date(2025, 3, 31), date(2025, 6, 30), date(2025, 9, 30), date(2025, 12, 31)]
    sql = f"SELECT count(*) FROM erp_employee e WHERE {ACTIVE}"
    expected = [hand_rows(sql, acme, {"day": day})[0] for day in ends]
    assert_rows(pick(names, rows, "headcount"), expected, ordered=True)


@pytest.mark.parametrize(
    ("question", "change"),
    [
        ("how did payroll change from 2024 to 2025", "absolute"),  # the two ends
        ("salary increase by department from 2024 to 2025", "absolute"),
        ("percentage change in payroll between 2024 and 2025", "percent"),
    ],
)
def test_two_ends_are_still_compared(question, change):
    reading = plan(question).reading
    assert reading.change == change and len(reading.periods) == 2


@pytest.mark.parametrize(
    "question",
    [
        "Who had the largest salary increase?",  # a ranking: which two periods?
        "percentage change in headcount by quarter in 2025",  # a % of each quarter on what?
    ],
)
def test_what_a_series_cannot_say_still_asks_for_two_periods(question):
    outcome = refused(question)
    assert isinstance(outcome, Clarification) and outcome.missing[0].name == "periods"


def test_a_series_without_a_span_asks_for_the_span():
    outcome = refused("how did payroll grow by month")
    assert isinstance(outcome, Clarification) and outcome.missing[0].name == "period"


def test_growth_over_a_rolling_span_is_a_series(acme):
    planned, names, rows = planner_result("how has our headcount grown over the past year", acme)
    assert planned.reading.grain == "month" and planned.reading.change is None
    assert len(rows) == 13  # 30 June 2025 … 31 May 2026, and 15 June 2026


def test_growth_over_a_calendar_period_asks_for_the_two_periods():
    outcome = refused("payroll increase last year")  # against 2024, or within 2025?
    assert isinstance(outcome, Clarification) and outcome.missing[0].name == "periods"
