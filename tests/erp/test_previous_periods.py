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
