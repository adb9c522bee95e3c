"""Three plain kinds of question, answered through `ask --json` and checked against
hand-written queries: a named person's pay asked with a verb (what they were paid over the
period), a department ranked by its size (its headcount today, ties kept), and a range of
levels (inclusive bounds). English and Portuguese alike."""

from datetime import date

import pytest

from tests.conftest import AS_OF
from tests.erp.conftest import ask_result, assert_rows, entities_of, hand_rows, pick

pytestmark = pytest.mark.django_db

ACTIVE = (
    f"e.hire_date <= '{AS_OF}' AND (e.termination_date IS NULL OR e.termination_date > '{AS_OF}')"
)


def _paid_people(context, start: date, end: date, count: int) -> list[str]:
    """Employees paid in the period whose full name names nobody else."""
    people = entities_of(context).people
    words = {p.name: set(p.name.lower().split()) for p in people}
    unique = {n for n, w in words.items() if sum(w <= other for other in words.values()) == 1}
    paid = hand_rows(
        "SELECT DISTINCT e.name FROM erp_salary s JOIN erp_employee e ON e.id = s.employee_id "
        "WHERE s.pay_date BETWEEN %(start)s AND %(end)s ORDER BY e.name",
        context,
        {"start": start, "end": end},
    )
    names = [name for (name,) in paid if name in unique][:count]
    assert len(names) == count
    return names


def _paid(context, name: str, start: date, end: date) -> list[tuple]:
    return hand_rows(
        "SELECT e.name, sum(s.amount) FROM erp_salary s JOIN erp_employee e "
        "ON e.id = s.employee_id WHERE e.name = %(name)s "
        "AND s.pay_date BETWEEN %(start)s AND %(end)s GROUP BY e.name",
        context,
        {"name": name, "start": start, "end": end},
    )


@pytest.mark.parametrize(
    ("template", "start", "end"),
    [
        ("What was {} paid last month?", date(2026, 5, 1), date(2026, 5, 31)),
        ("How much did {} earn in March 2025?", date(2025, 3, 1), date(2025, 3, 31)),
        ("what did {} make last year", date(2025, 1, 1), date(2025, 12, 31)),
        ("Quanto {} recebeu no mês passado?", date(2026, 5, 1), date(2026, 5, 31)),
        ("Quanto {} ganhou em 2024?", date(2024, 1, 1), date(2024, 12, 31)),
    ],
)
def test_a_named_persons_pay_is_the_sum_over_the_period(acme, template, start, end):
    first, second = _paid_people(acme, start, end, 2)
    for name in (first, second):
        planned, names, rows = ask_result(template.format(name), acme)
        assert planned.reading.measure == "total_salary"
        assert_rows(
            pick(names, rows, "employee", "total_salary"),
            _paid(acme, name, start, end),
            ordered=False,
        )


def test_people_who_share_the_full_name_are_each_answered(acme):
    names = [p.name for p in entities_of(acme).people]
    shared = sorted({n for n in names if names.count(n) > 1})
    assert shared  # the test data has namesakes
    _, columns, rows = ask_result(f"What did {shared[0]} earn last year?", acme)
    expected = hand_rows(
        "SELECT e.name, sum(s.amount) FROM erp_salary s JOIN erp_employee e "
        "ON e.id = s.employee_id WHERE e.name = %(name)s "
        "AND s.pay_date BETWEEN '2025-01-01' AND '2025-12-31' GROUP BY e.id, e.name",
        acme,
        {"name": shared[0]},
    )
    assert len(expected) > 1
    assert_rows(pick(columns, rows, "employee", "total_salary"), expected, ordered=False)


def _sizes(context) -> list[tuple[str, int]]:
    return hand_rows(
        # every department, an empty one (0) the smallest of all
        "SELECT d.name, count(e.id) FROM erp_department d LEFT JOIN erp_employee e "
        f"ON e.department_id = d.id AND {ACTIVE} GROUP BY d.name",
        context,
    )


@pytest.mark.parametrize(
    ("question", "largest"),
    [
        ("Which department is the smallest?", False),
        ("which dept is biggest", True),
        ("What's the largest department?", True),
        ("Qual é o maior departamento?", True),
        ("Qual departamento é o menor?", False),
    ],
)
def test_the_largest_and_smallest_department_by_headcount(acme, question, largest):
    sizes = _sizes(acme)
    best = (max if largest else min)(count for _, count in sizes)
    _, names, rows = ask_result(question, acme)
    expected = [(name, count) for name, count in sizes if count == best]  # ties are all shown
    assert_rows(pick(names, rows, "department", "headcount"), expected, ordered=False)


@pytest.mark.parametrize(
    ("question", "low", "high"),
    [
        ("How many employees are between level 3 and level 5?", 3, 5),
        ("How many people are in levels 2 to 4?", 2, 4),
        ("How many employees from level 2 through 4?", 2, 4),
        ("Quantos funcionários estão entre o nível 3 e o 5?", 3, 5),
        ("Quantos funcionários há do nível 4 ao nível 7?", 4, 7),
    ],
)
def test_a_range_of_levels_counts_both_bounds(acme, question, low, high):
    expected = hand_rows(
        f"SELECT count(*) FROM erp_employee e WHERE {ACTIVE} "
        "AND e.level >= %(low)s AND e.level <= %(high)s",
        acme,
        {"low": low, "high": high},
    )
    _, names, rows = ask_result(question, acme)
    assert_rows(pick(names, rows, "headcount"), expected, ordered=False)
