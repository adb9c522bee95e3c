"""A series of snapshots: headcount, level and tenure at the end of each month (quarter, year)
of a span, the last one on the span's last day — one query over a generated calendar, checked
here against a hand-written query per day."""

from datetime import date

import pytest

from apps.erp.planner import Clarification
from tests.erp.conftest import assert_rows, hand_rows, pick, planner_result, refused

ACTIVE = "e.hire_date <= %(day)s AND (e.termination_date IS NULL OR e.termination_date > %(day)s)"
QUARTER_ENDS_2025 = [date(2025, 3, 31), date(2025, 6, 30), date(2025, 9, 30), date(2025, 12, 31)]
# the last 12 months on 15 June 2026: 30 June 2025 … 31 May 2026, then 15 June 2026
MONTH_ENDS = [
    date(2025, 6, 30), date(2025, 7, 31), date(2025, 8, 31), date(2025, 9, 30),
    date(2025, 10, 31), date(2025, 11, 30), date(2025, 12, 31), date(2026, 1, 31),
    date(2026, 2, 28), date(2026, 3, 31), date(2026, 4, 30), date(2026, 5, 31), date(2026, 6, 15),
]  # fmt: skip


def _expected(context, days, value: str, extra: str = "") -> list[tuple]:
    rows = []
    for day in days:
        sql = f"SELECT {value} FROM erp_employee e JOIN erp_department d ON d.id = e.department_id WHERE {ACTIVE} {extra}"
        rows.append(hand_rows(sql, context, {"day": day})[0][0])
    return [(row,) for row in rows]


@pytest.mark.parametrize(
    "question",
    [
        "headcount trend over the last 12 months",
        "headcount by month over the last 12 months",
        "evolução do número de funcionários nos últimos 12 meses",
        "how did headcount change over the last 12 months",
        "how has headcount evolved over the last 12 months",
        "como evoluiu o número de funcionários nos últimos 12 meses",
    ],
)
def test_headcount_at_each_month_end(acme, question):
    planned, names, rows = planner_result(question, acme)
    assert planned.reading.grain == "month"
    assert_rows(
        pick(names, rows, "headcount"), _expected(acme, MONTH_ENDS, "count(*)"), ordered=True
    )


@pytest.mark.parametrize(
    ("question", "column", "value", "extra"),
    [
        ("headcount at the end of each quarter in 2025", "headcount", "count(*)", ""),
        ("número de funcionários por trimestre em 2025", "headcount", "count(*)", ""),
        ("average level by quarter in 2025 in Sales", "average_level", "round(avg(e.level), 2)",
         "AND d.name = 'Sales'"),
        ("average tenure per quarter in 2025", "average_tenure_years",
         "round(avg((%(day)s::date - e.hire_date) / 365.25), 2)", ""),
    ],
)  # fmt: skip
def test_snapshots_at_each_quarter_end(acme, question, column, value, extra):
    planned, names, rows = planner_result(question, acme)
    assert planned.reading.grain == "quarter"
    assert_rows(
        pick(names, rows, column), _expected(acme, QUARTER_ENDS_2025, value, extra), ordered=True
    )


def test_a_series_by_department_has_each_department_at_each_end(acme):
    planned, names, rows = planner_result("headcount by quarter in 2025 by department", acme)
    got = {(q, d): n for q, d, n in pick(names, rows, "quarter", "department", "headcount")}
    for index, day in enumerate(QUARTER_ENDS_2025, start=1):
        sql = f"SELECT d.name, count(*) FROM erp_employee e JOIN erp_department d ON d.id = e.department_id WHERE {ACTIVE} GROUP BY d.name"
        for name, count in hand_rows(sql, acme, {"day": day}):
            assert got[(f"2025-Q{index}", name)] == count


def test_a_series_without_a_span_asks_for_it():
    assert isinstance(refused("headcount by month"), Clarification)


def test_the_closing_sentence_never_sums_snapshots(acme):
    from tests.erp.conftest import ask_json

    outcome = ask_json("headcount at the end of each quarter in 2025", acme)
    text = outcome["messages"][-1]["text"]
    assert " of " not in text and "%" not in text  # no "X of <sum of every quarter> (8%)"


def test_by_quarter_after_a_monthly_series_replaces_the_month():
    from apps.erp.planner import Planned, plan_question
    from tests.conftest import AS_OF
    from tests.erp.conftest import DEMO, plan

    first = plan("headcount trend over the last 12 months").reading
    outcome = plan_question("by quarter", as_of=AS_OF, entities=DEMO, previous=first)
    assert isinstance(outcome, Planned)
    assert outcome.reading.dimensions == ("quarter",)
