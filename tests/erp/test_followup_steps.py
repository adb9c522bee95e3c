"""Follow-ups that step back from the previous answer's period ("and the year before?" after a
question about 2025 is 2024, not the year before today) and that keep a number said with a
superlative ("only the two smallest": two rows, not all of them sorted)."""

from datetime import date

import pytest

from apps.erp.planner import Planned, plan_question
from apps.gateway.services import run_sql
from tests.erp.conftest import DEMO, assert_rows, entities_of, hand_rows, plan

AS_OF = date(2026, 12, 2)


def _then(first: str, turn: str, entities=DEMO) -> Planned:
    previous = plan(first, as_of=AS_OF, entities=entities)
    outcome = plan_question(turn, as_of=AS_OF, entities=entities, previous=previous.reading)
    assert isinstance(outcome, Planned), f"{turn!r} after {first!r}: {outcome}"
    return outcome


@pytest.mark.parametrize(
    ("first", "turn", "start", "end"),
    [
        ("hires in 2024", "what about the previous year?", date(2023, 1, 1), date(2023, 12, 31)),
        ("total salary in Q3 2025", "and the quarter before", date(2025, 4, 1), date(2025, 6, 30)),
        ("payroll in August 2026", "and a year earlier?", date(2025, 8, 1), date(2025, 8, 31)),
        ("leavers this year", "and the prior year", date(2025, 1, 1), date(2025, 12, 31)),
        ("hires from April to July 2025", "the year before?", date(2024, 4, 1), date(2024, 7, 31)),
        ("contratações em maio de 2025", "e o mês anterior?", date(2025, 4, 1), date(2025, 4, 30)),
    ],
)
def test_a_step_back_is_from_the_previous_answers_period(first, turn, start, end):
    reading = _then(first, turn).reading
    assert [(p.start, p.end) for p in reading.periods] == [(start, end)]
    assert reading.measure == plan(first, as_of=AS_OF).reading.measure


def test_the_year_before_last_is_still_counted_from_today():
    reading = _then("hires in 2026", "and the year before last?").reading
    assert [(p.start, p.end) for p in reading.periods] == [(date(2024, 1, 1), date(2024, 12, 31))]


@pytest.mark.parametrize(("turn", "order", "top"), [
    ("just the three biggest", "desc", 3),
    ("only the 2 lowest", "asc", 2),
])  # fmt: skip
def test_a_number_with_a_superlative_keeps_that_many_rows(acme, turn, order, top):
    planned = _then("hires by department in 2025", turn, entities_of(acme))
    assert (planned.reading.order, planned.reading.top) == (order, top)
    result = run_sql(planned.sql, context=acme, params=planned.params)
    counts = hand_rows(
        "SELECT count(e.id) FROM erp_department d LEFT JOIN erp_employee e ON "
        "e.department_id = d.id AND e.hire_date BETWEEN '2025-01-01' AND '2025-12-31' "
        "GROUP BY d.name",
        acme,
    )
    values = sorted((c for (c,) in counts), reverse=order == "desc")
    kept = [
        c for c in values if (c >= values[top - 1] if order == "desc" else c <= values[top - 1])
    ]
    assert_rows([(r[1],) for r in result.rows], [(c,) for c in kept], ordered=True)
