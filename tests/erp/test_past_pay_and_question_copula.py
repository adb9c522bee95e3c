"""Two misses of round 17, through the agent's turn handling on real PostgreSQL:

- a past money verb with a superlative ("who earned the most in Marketing in 2025?") ranks by
  what each was paid over the period, not by their average salary (a December hire's one
  month would outrank a year of pay); the present ("who earns the most") keeps the current
  pay;
- Portuguese "qual é o departamento com mais …": "é" (is) reads as "e" (and) without its
  accent; after a question word it is the verb, and the one department with the most is
  answered instead of asking which department is meant."""

import pytest

from tests.conftest import AS_OF
from tests.erp.conftest import ask_json, assert_rows, hand_rows, norm_rows

pytestmark = [pytest.mark.usefixtures("committed_db")]

RANKED_TOTAL = (
    "SELECT name, t FROM (SELECT e.name, sum(s.amount) t, rank() OVER (ORDER BY sum(s.amount) "
    "{direction}) k FROM erp_salary s JOIN erp_employee e ON e.id = s.employee_id JOIN "
    "erp_department d ON d.id = e.department_id WHERE d.name = %(dept)s AND s.pay_date BETWEEN "
    "'2025-01-01' AND '2025-12-31' GROUP BY e.id, e.name) x WHERE k = 1"
)
LARGEST = (
    "SELECT name, c FROM (SELECT d.name, count(*) c, rank() OVER (ORDER BY count(*) DESC) k "
    "FROM erp_employee e JOIN erp_department d ON d.id = e.department_id WHERE e.hire_date <= "
    "%(day)s AND (e.termination_date IS NULL OR e.termination_date > %(day)s) GROUP BY d.name) x "
    "WHERE k = 1"
)


def _result(outcome: dict) -> dict:
    assert outcome["status"] == "finished", outcome
    [result] = [a for a in outcome["artifacts"] if a["kind"] == "sql_result"]
    return result


@pytest.mark.parametrize(
    ("question", "dept", "direction"),
    [
        ("who earned the most in Marketing in 2025?", "Marketing", "DESC"),
        ("who was paid the least in Sales in 2025?", "Sales", "ASC"),
        ("quem ganhou mais em Finance em 2025?", "Finance", "DESC"),
    ],
)
def test_a_past_money_verb_ranks_people_by_what_they_were_paid(
    question, dept, direction, acme_context
):
    result = _result(ask_json(question, acme_context))
    assert result["reading"]["measure"] == "total_salary"
    expected = hand_rows(RANKED_TOTAL.format(direction=direction), acme_context, {"dept": dept})
    names = [row[0] for row in result["rows"]]
    assert sorted(names) == sorted(row[0] for row in expected)
    totals = sorted(
        round(float(v), 2) for row in result["rows"] for v in row if isinstance(v, float)
    )
    assert {round(float(row[1]), 2) for row in expected} <= set(totals)


def test_the_present_keeps_the_current_pay(acme_context):
    result = _result(ask_json("who earns the most in Marketing?", acme_context))
    assert result["reading"]["measure"] != "total_salary"


@pytest.mark.parametrize(
    "question",
    [
        "qual é o departamento com mais funcionários?",
        "qual e o departamento com mais funcionarios",
        "qual é o departamento que tem mais pessoas?",
    ],
)
def test_qual_e_asks_for_the_department_with_the_most(question, acme_context):
    result = _result(ask_json(question, acme_context))
    expected = hand_rows(LARGEST, acme_context, {"day": AS_OF})
    assert_rows(
        [(row[0],) for row in norm_rows(result["rows"])],
        [(row[0],) for row in expected],
        ordered=True,
    )
