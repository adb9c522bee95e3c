"""Question shapes built on a plain measure, each checked against hand-written SQL on the test
data (as of 2026-06-15): one average over periods ("hires per month on average"), shares and
percentages, comparisons with the average, absence ("departments with no departures"),
rankings by a department or a level, and a list of people asked with filters."""

from decimal import Decimal

import pytest

from apps.erp.planner import Planned, Refusal, plan_question
from tests.conftest import AS_OF
from tests.erp.conftest import DEMO, assert_rows, hand_rows, pick, planner_result, refused
from tests.erp.oracle import ACTIVE

ED = "FROM erp_employee e JOIN erp_department d ON d.id = e.department_id"
SD = f"FROM erp_salary s JOIN erp_employee e ON e.id = s.employee_id {ED[len('FROM erp_employee e') :]}"
ON = {"on": AS_OF}


def one(rows) -> Decimal:
    assert len(rows) == 1, rows
    return Decimal(rows[0][0])


# One average over periods: the measure of the whole period ÷ its months (quarters), empty
# months counting as 0; a period cut at the as-of date keeps its whole months only.
@pytest.mark.parametrize(
    ("question", "sql", "params", "months"),
    [
        ("how many people did we hire each month on average in 2024",
         "SELECT count(*) FROM erp_employee e WHERE e.hire_date BETWEEN %(a)s AND %(b)s",
         {"a": "2024-01-01", "b": "2024-12-31"}, 12),
        ("what is our mean quarterly wage bill for 2025",
         "SELECT sum(s.amount) FROM erp_salary s WHERE s.pay_date BETWEEN %(a)s AND %(b)s",
         {"a": "2025-01-01", "b": "2025-12-31"}, 4),
        # as of 15 June: January to May, five whole months
        ("average monthly departures this year",
         "SELECT count(*) FROM erp_employee e WHERE e.termination_date BETWEEN %(a)s AND %(b)s",
         {"a": "2026-01-01", "b": "2026-05-31"}, 5),
    ],
)  # fmt: skip
def test_one_average_over_the_periods(acme, question, sql, params, months):
    planned, names, rows = planner_result(question, acme)
    assert planned.reading.per in ("month", "quarter") and not planned.reading.dimensions
    expected = one(hand_rows(sql, acme, params)) / months
    assert abs(one(rows) - expected) < Decimal("0.01")
    assert str(months) in planned.title  # the number of periods averaged is said


def test_one_average_per_month_for_each_department(acme):
    _, names, rows = planner_result("average monthly hires per department in 2025", acme)
    counts = hand_rows(
        "SELECT d.name, count(e.id) FROM erp_department d LEFT JOIN erp_employee e "
        "ON e.department_id = d.id AND e.hire_date BETWEEN '2025-01-01' AND '2025-12-31' "
        "GROUP BY d.name",
        acme,
    )
    expected = [(name, (Decimal(n) / 12).quantize(Decimal("0.01"))) for name, n in counts]
    assert_rows(pick(names, rows, "department", names[1]), expected, ordered=False)


def test_an_average_of_averages_per_month_is_still_asked():
    # the average salary is already per payment: "per month" may mean two things
    assert isinstance(refused("mean pay per month in 2025"), Refusal)
    # a month that has not ended has no whole month to average
    refused("average monthly hires this month")


# Shares: of one department or level in the whole, or of each group in the total.
def test_the_share_of_one_department_or_level(acme):
    _, names, rows = planner_result("what percent of current staff work in Marketing", acme)
    part = one(hand_rows(f"SELECT count(*) {ED} WHERE d.name = 'Marketing' AND {ACTIVE}", acme, ON))
    whole = one(hand_rows(f"SELECT count(*) FROM erp_employee e WHERE {ACTIVE}", acme, ON))
    assert pick(names, rows, "share_pct")[0][0] == (100 * part / whole).quantize(Decimal("0.01"))
    _, names, rows = planner_result("proportion of employees at level 7 or above", acme)
    part = one(
        hand_rows(f"SELECT count(*) FROM erp_employee e WHERE e.level >= 7 AND {ACTIVE}", acme, ON)
    )
    assert pick(names, rows, "share_pct")[0][0] == (100 * part / whole).quantize(Decimal("0.01"))


def test_the_share_of_each_group(acme):
    _, names, rows = planner_result("percentage of the 2025 payroll by department", acme)
    totals = dict(
        hand_rows(
            f"SELECT d.name, sum(s.amount) {SD} "
            "WHERE s.pay_date BETWEEN '2025-01-01' AND '2025-12-31' GROUP BY d.name",
            acme,
        )
    )
    grand = sum(totals.values())
    shares = {name: share for name, share in pick(names, rows, "department", "share_pct")}
    assert shares == {n: (100 * v / grand).quantize(Decimal("0.01")) for n, v in totals.items()}
    assert abs(sum(shares.values()) - 100) < Decimal("0.1")


def test_a_share_of_an_average_or_of_two_conditions_is_refused():
    refused("share of the average salary by department in 2025")
    # the part and the whole could be either condition
    refused("what percentage of Sales employees are at level 5 or above")


# Comparisons with the average: a scalar subquery, never the comparison dropped.
def test_payments_above_the_average_of_their_period(acme):
    _, names, rows = planner_result(
        "which people were paid above the average salary in March 2025", acme
    )
    expected = hand_rows(
        f"SELECT e.name, max(s.amount) {SD} WHERE s.pay_date BETWEEN '2025-03-01' AND '2025-03-31' "
        "AND s.amount > (SELECT avg(amount) FROM erp_salary WHERE pay_date "
        "BETWEEN '2025-03-01' AND '2025-03-31') GROUP BY e.id, e.name",
        acme,
    )
    assert expected and len(expected) < 200
    assert_rows(pick(names, rows, "employee", "max_salary"), expected, ordered=False)


def test_groups_above_or_below_the_average(acme):
    period = "s.pay_date BETWEEN '2025-01-01' AND '2025-12-31'"
    _, names, rows = planner_result(
        "levels with an average salary below the company average in 2025", acme
    )
    expected = hand_rows(
        f"SELECT e.level, avg(s.amount) {SD} WHERE {period} GROUP BY e.level "
        f"HAVING avg(s.amount) < (SELECT avg(s.amount) FROM erp_salary s WHERE {period})",
        acme,
    )
    assert expected
    assert_rows(pick(names, rows, "level", "average_salary"), expected, ordered=False)
    # a count: the groups' mean (every department counts, those with none too)
    _, names, rows = planner_result("departments with hires above the average in 2025", acme)
    counts = hand_rows(
        "SELECT d.name, count(e.id) FROM erp_department d LEFT JOIN erp_employee e "
        "ON e.department_id = d.id AND e.hire_date BETWEEN '2025-01-01' AND '2025-12-31' "
        "GROUP BY d.name",
        acme,
    )
    mean = sum(n for _, n in counts) / len(counts)
    assert_rows(
        pick(names, rows, "department", "hires"), [c for c in counts if c[1] > mean], ordered=False
    )


# Absence: departments whose count is 0, every department being listed.
@pytest.mark.parametrize(
    ("question", "field", "start", "end"),
    [
        ("which departments had no departures in March 2025", "termination_date", "2025-03-01", "2025-03-31"),
        ("departments that hired no one in May 2026", "hire_date", "2026-05-01", "2026-05-31"),
        ("departamentos sem contratações em abril de 2026", "hire_date", "2026-04-01", "2026-04-30"),
    ],
)  # fmt: skip
def test_departments_with_none(acme, question, field, start, end):
    planned, names, rows = planner_result(question, acme)
    expected = hand_rows(
        "SELECT d.name FROM erp_department d WHERE NOT EXISTS (SELECT 1 FROM erp_employee e "
        f"WHERE e.department_id = d.id AND e.{field} BETWEEN %(a)s AND %(b)s)",
        acme,
        {"a": start, "b": end},
    )
    assert {r[0] for r in pick(names, rows, "department")} == {r[0] for r in expected}
    assert all(value == 0 for (value,) in pick(names, rows, names[1]))


def test_none_is_never_dropped():
    # "nobody" is not "everybody": refused when it is not about departments
    for question in (
        "employees who did not leave in 2025",
        "which levels had nobody hired in 2025",
    ):
        outcome = plan_question(question, as_of=AS_OF, entities=DEMO)
        assert not isinstance(outcome, Planned) or outcome.reading.having, outcome


# Rankings by a department or a level, with a ranking verb.
@pytest.mark.parametrize(
    ("question", "group", "descending"),
    [
        ("rank the departments by payroll in 2025", "department", True),
        ("levels sorted by total salary paid in 2025, lowest first", "level", False),
    ],
)  # fmt: skip
def test_a_ranking_verb_groups_and_sorts(acme, question, group, descending):
    planned, names, rows = planner_result(question, acme)
    assert planned.reading.dimensions == (group,)
    values = [v for (v,) in pick(names, rows, "total_salary")]
    assert len(values) > 3 and values == sorted(values, reverse=descending)


# A list asked with filters and no count: the people.
def test_people_with_filters_are_listed(acme):
    planned, names, rows = planner_result("staff at level 7 or above in Engineering", acme)
    assert planned.reading.listing
    expected = hand_rows(
        f"SELECT e.name {ED} WHERE d.name = 'Engineering' AND e.level >= 7 AND {ACTIVE}", acme, ON
    )
    assert sorted(pick(names, rows, "employee")) == sorted(expected)
    assert len(expected) > 1


def test_a_share_in_portuguese(acme):
    _, names, rows = planner_result("qual a proporção de funcionários no nível 5 ou acima", acme)
    part = one(
        hand_rows(f"SELECT count(*) FROM erp_employee e WHERE e.level >= 5 AND {ACTIVE}", acme, ON)
    )
    whole = one(hand_rows(f"SELECT count(*) FROM erp_employee e WHERE {ACTIVE}", acme, ON))
    assert pick(names, rows, "share_pct")[0][0] == (100 * part / whole).quantize(Decimal("0.01"))
