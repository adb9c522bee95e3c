"""A "previous" unit said after another period is the one before that period: "payroll last
quarter compared with the previous quarter", "hires in 2025 compared with the previous year",
"o salário médio em março de 2025 comparado com o mês anterior". Read alone it was the period
before today — the same period as the first (an answer of +0%) or one far from it."""

from datetime import date

import pytest

from tests.erp.conftest import hand_rows, plan, planner_result

AS_OF = date(2026, 6, 15)


@pytest.mark.parametrize(
    ("question", "first", "second"),
    [
        ("payroll last quarter compared with the previous quarter",
         (date(2025, 10, 1), date(2025, 12, 31)), (date(2026, 1, 1), date(2026, 3, 31))),
        ("hires in 2025 compared with the prior year",
         (date(2024, 1, 1), date(2024, 12, 31)), (date(2025, 1, 1), date(2025, 12, 31))),
        ("folha de pagamento do último trimestre comparada com o trimestre anterior",
         (date(2025, 10, 1), date(2025, 12, 31)), (date(2026, 1, 1), date(2026, 3, 31))),
        ("salário médio em março de 2025 comparado com o mês anterior",
         (date(2025, 2, 1), date(2025, 2, 28)), (date(2025, 3, 1), date(2025, 3, 31))),
        # "last year" after 2024 is still the year before today
        ("hires in 2024 vs last year",
         (date(2024, 1, 1), date(2024, 12, 31)), (date(2025, 1, 1), date(2025, 12, 31))),
    ],
)  # fmt: skip
def test_a_previous_unit_after_a_period_is_the_one_before_it(question, first, second):
    periods = plan(question, as_of=AS_OF).reading.periods
    assert [(p.start, p.end) for p in periods] == [first, second]


def test_the_two_quarters_are_summed_by_hand(acme):
    planned, names, rows = planner_result(
        "payroll last quarter compared with the previous quarter", acme, as_of=AS_OF
    )
    expected = hand_rows(
        "SELECT sum(s.amount) FILTER (WHERE s.pay_date BETWEEN '2025-10-01' AND '2025-12-31'),"
        " sum(s.amount) FILTER (WHERE s.pay_date BETWEEN '2026-01-01' AND '2026-03-31')"
        " FROM erp_salary s",
        acme,
    )
    assert rows[0][:2] == expected[0]


@pytest.mark.parametrize(
    ("question", "first", "second"),
    [
        # the unit before, written after it or as "before"
        ("hires last month vs the month before",
         (date(2026, 4, 1), date(2026, 4, 30)), (date(2026, 5, 1), date(2026, 5, 31))),
        ("hires last month compared with the month prior",
         (date(2026, 4, 1), date(2026, 4, 30)), (date(2026, 5, 1), date(2026, 5, 31))),
        ("departures last year vs the year before that",
         (date(2024, 1, 1), date(2024, 12, 31)), (date(2025, 1, 1), date(2025, 12, 31))),
        ("contratações no mês passado vs o mês antes",
         (date(2026, 4, 1), date(2026, 4, 30)), (date(2026, 5, 1), date(2026, 5, 31))),
        # Portuguese comparisons with the article joined ("ao", "aos")
        ("contratações no mês passado em relação ao mês anterior",
         (date(2026, 4, 1), date(2026, 4, 30)), (date(2026, 5, 1), date(2026, 5, 31))),
        ("saídas em 2025 face ao ano anterior",
         (date(2024, 1, 1), date(2024, 12, 31)), (date(2025, 1, 1), date(2025, 12, 31))),
        # a span of months before a span of months, never the same span twice
        ("hires in the last 12 months vs the previous 12 months",
         (date(2024, 6, 16), date(2025, 6, 15)), (date(2025, 6, 16), date(2026, 6, 15))),
        ("payroll in the last 6 months compared with the prior 6 months",
         (date(2025, 6, 16), date(2025, 12, 15)), (date(2025, 12, 16), date(2026, 6, 15))),
        ("contratações nos últimos 12 meses face aos 12 meses anteriores",
         (date(2024, 6, 16), date(2025, 6, 15)), (date(2025, 6, 16), date(2026, 6, 15))),
    ],
)  # fmt: skip
def test_the_period_before_written_other_ways(question, first, second):
    periods = plan(question, as_of=AS_OF).reading.periods
    assert [(p.start, p.end) for p in periods] == [first, second]


def test_twelve_months_against_the_twelve_before_are_counted_by_hand(acme):
    planned, names, rows = planner_result(
        "hires in the last 12 months vs the previous 12 months", acme, as_of=AS_OF
    )
    expected = hand_rows(
        "SELECT count(*) FILTER (WHERE e.hire_date BETWEEN '2024-06-16' AND '2025-06-15'),"
        " count(*) FILTER (WHERE e.hire_date BETWEEN '2025-06-16' AND '2026-06-15')"
        " FROM erp_employee e",
        acme,
    )
    assert rows[0][:2] == expected[0]
