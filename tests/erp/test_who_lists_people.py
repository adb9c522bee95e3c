"""Questions that ask WHICH people or WHO answer with the people (their names and the measure
that qualifies them), never a count or one value — also when the people are named by their
department's role ("engineers", "vendedores"); "how many" keeps its count. Pay in the present
with no period ("who earns more than 9k a month", "quantos ganham mais de 9 mil por mês") is
the current pay: the most recent complete month, said in the title. Checked against SQL
written by hand."""

import pytest

from apps.erp.planner import Clarification
from tests.erp.conftest import assert_rows, hand_rows, pick, planner_result, refused

# tests.conftest.AS_OF is 2026-06-15: the most recent complete month is May 2026.
MAY = "s.pay_date BETWEEN '2026-05-01' AND '2026-05-31'"
PAID_OVER = """SELECT e.name, round(max(s.amount), 2) FROM erp_salary s
  JOIN erp_employee e ON e.id = s.employee_id JOIN erp_department d ON d.id = e.department_id
  WHERE s.amount > %(amount)s AND {period} {department} GROUP BY e.id, e.name"""


def _paid_over(acme, amount, period, department=None):
    where = f"AND d.name = '{department}'" if department else ""
    sql = PAID_OVER.format(period=period, department=where)
    return hand_rows(sql, acme, {"amount": amount})


@pytest.mark.parametrize(
    ("question", "amount", "department"),
    [
        ("which engineers earned more than 9000 in May 2026", 9000, "Engineering"),
        ("list the salespeople who were paid over 7000 in may 2026", 7000, "Sales"),
        ("quais engenheiros ganharam mais de 9000 em maio de 2026", 9000, "Engineering"),
        ("quais vendedores receberam mais de 7000 em maio de 2026", 7000, "Sales"),
    ],
)
def test_which_role_people_earned_more_are_named(acme, question, amount, department):
    planned, names, rows = planner_result(question, acme)
    assert "employee" in names and not planned.reading.counting
    expected = _paid_over(
        acme, amount, "s.pay_date BETWEEN '2026-05-01' AND '2026-05-31'", department
    )
    assert len(expected) > 1
    assert_rows(pick(names, rows, "employee", "max_salary"), expected, ordered=False)


@pytest.mark.parametrize(
    ("question", "department"),
    [
        ("the engineer with the highest salary in 2025", "Engineering"),
        ("qual engenheiro tem o maior salário em 2025", "Engineering"),
        ("the accountant with the lowest salary in 2025", "Finance"),
    ],
)
def test_the_role_person_with_the_extreme_pay_is_named(acme, question, department):
    planned, names, rows = planner_result(question, acme)
    assert "employee" in names
    low = "lowest" in question  # each one's lowest payment, the lowest of them first
    agg, column = ("min", "min_salary") if low else ("max", "max_salary")
    expected = hand_rows(
        f"""SELECT name, m FROM (SELECT e.name, round({agg}(s.amount), 2) m,
              rank() OVER (ORDER BY {agg}(s.amount) {"ASC" if low else "DESC"}) r
              FROM erp_salary s JOIN erp_employee e ON e.id = s.employee_id
              JOIN erp_department d ON d.id = e.department_id
              WHERE d.name = %(d)s AND s.pay_date BETWEEN '2025-01-01' AND '2025-12-31'
              GROUP BY e.id, e.name) x WHERE r = 1""",
        acme,
        {"d": department},
    )
    assert_rows(pick(names, rows, "employee", column), expected, ordered=False)


@pytest.mark.parametrize(
    ("question", "amount"),
    [
        ("how many people earn above 9k a month", 9000),
        ("how many employees earn more than 8000 a month", 8000),
        ("quantas pessoas ganham mais de 9000 por mês", 9000),
        ("quantas pessoas ganham mais de 9 mil por mês", 9000),  # "mil": thousands
        ("how many employees earn more than 8.5 thousand a month", 8500),
    ],
)
def test_how_many_earn_now_counts_the_current_pay(acme, question, amount):
    planned, names, rows = planner_result(question, acme)
    assert planned.reading.counting and planned.reading.note == "current_pay"
    assert "current pay" in planned.title or "salário atual" in planned.title
    expected = hand_rows(
        f"SELECT count(DISTINCT s.employee_id) FROM erp_salary s WHERE s.amount > %(a)s AND {MAY}",
        acme,
        {"a": amount},
    )
    assert rows == expected


@pytest.mark.parametrize(
    ("question", "department"),
    [
        ("who earns more than 9000 a month", None),
        ("which engineers earn more than 9000 a month", "Engineering"),
        ("quem ganha mais de 9000 por mês em vendas", "Sales"),
    ],
)
def test_who_earns_now_names_the_people_by_current_pay(acme, question, department):
    planned, names, rows = planner_result(question, acme)
    assert planned.reading.note == "current_pay"
    assert_rows(
        pick(names, rows, "employee", "max_salary"),
        _paid_over(acme, 9000, MAY, department),
        ordered=False,
    )


def test_pay_in_the_past_with_no_period_still_asks_the_period():
    assert isinstance(refused("how many employees earned more than 9000 a month"), Clarification)


@pytest.mark.parametrize(
    "question",
    ["which engineers earned more than 9000 in May 2026", "top 3 earners in sales in 2025"],
)
def test_the_chart_names_the_measure_as_the_table_does(acme, question):
    from apps.erp.planner import plan_question
    from apps.workspace.results import chart_payload, result_payload
    from tests.conftest import AS_OF
    from tests.erp.conftest import entities_of

    planned = plan_question(question, as_of=AS_OF, entities=entities_of(acme))
    result = result_payload(
        sql=planned.sql, params=planned.params, context=acme, labels=planned.labels
    )
    chart = chart_payload(result, hint=planned.chart)
    legend = [trace["name"] for trace in chart["figure"]["data"]]
    shown = {c["name"]: c["label"] for c in result["columns"]}
    assert legend == [shown[y] for y in chart["spec"]["y"]]
    assert legend[0].startswith("Highest salary") or legend[0].startswith("Average salary")


@pytest.mark.parametrize(
    ("question", "department"),
    [
        ("who in engineering has the highest salary", "Engineering"),
        ("the engineer with the highest salary", "Engineering"),
        ("quem tem o maior salário em vendas?", "Sales"),
    ],
)
def test_who_has_the_highest_pay_now_is_named_by_current_pay(acme, question, department):
    planned, names, rows = planner_result(question, acme)
    assert planned.reading.note == "current_pay"
    expected = hand_rows(
        f"""SELECT name, m FROM (SELECT e.name, round(max(s.amount), 2) m,
              rank() OVER (ORDER BY max(s.amount) DESC) r
              FROM erp_salary s JOIN erp_employee e ON e.id = s.employee_id
              JOIN erp_department d ON d.id = e.department_id
              WHERE d.name = %(d)s AND {MAY} GROUP BY e.id, e.name) x WHERE r = 1""",
        acme,
        {"d": department},
    )
    assert_rows(pick(names, rows, "employee", "max_salary"), expected, ordered=False)


@pytest.mark.parametrize(
    ("question", "department", "count_word"),
    [
        ("which engineers earned more than 9000 in May 2026", "Engineering", "employees"),
        ("quais vendedores receberam mais de 7000 em maio de 2026", "Sales", "funcionários"),
    ],
)
def test_the_answer_says_how_many_people_qualify(acme, question, department, count_word):
    from apps.erp.planner.narrative import narrative
    from apps.gateway.services import run_sql

    planned, _, _ = planner_result(question, acme)
    result = run_sql(planned.sql, context=acme, params=planned.params)
    text = narrative(planned.reading, result.columns, result.rows, planned.title)
    amount = 9000 if department == "Engineering" else 7000
    people = _paid_over(
        acme, amount, "s.pay_date BETWEEN '2026-05-01' AND '2026-05-31'", department
    )
    top = max(people, key=lambda row: row[1])
    assert text.startswith(f"{len(people)} {count_word}."), text
    assert top[0] in text
