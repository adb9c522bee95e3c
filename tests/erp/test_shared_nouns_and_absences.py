"""Question classes a sweep of strangers' questions found, through the agent's turn handling on
real PostgreSQL:

- one noun said for two aggregations ("median vs average salary", "lowest and highest salary
  by department", "salário médio e mediano") asks for both measures — never one of them ranked
  by the other word ("the lowest highest salary");
- a count of different levels ("how many distinct levels are used") — never summed into a
  share, as departments share levels;
- being paid at least once ("received at least one salary payment": the "one" is no amount);
- absences: "zero hires" and "never hired" ask what "no hires" asks (the zero was dropped and
  every department listed);
- "went to" between pay and a department says where the money went, not a transfer;
- "qual é a equipe com menos funcionários?": the article "a" is not "to";
- a number of people with nothing to rank them by is refused, never all of them listed.
"""

import pytest

from tests.conftest import AS_OF
from tests.erp.conftest import ask_json, assert_rows, hand_rows, norm_rows

pytestmark = [pytest.mark.usefixtures("committed_db")]

ACTIVE = (
    "e.hire_date <= %(as_of)s AND (e.termination_date IS NULL OR e.termination_date > %(as_of)s)"
)
SALARY = (
    "FROM erp_salary s JOIN erp_employee e ON e.id = s.employee_id "
    "JOIN erp_department d ON d.id = e.department_id"
)
PAY_2025 = "s.pay_date BETWEEN '2025-01-01' AND '2025-12-31'"
HIRED_2025 = "e.hire_date BETWEEN '2025-01-01' AND '2025-12-31'"
MEDIAN = "round(CAST(percentile_cont(0.5) WITHIN GROUP (ORDER BY s.amount) AS numeric), 2)"


def _answer(question: str, context) -> tuple[list[tuple], str]:
    outcome = ask_json(question, context)
    assert outcome["status"] == "finished", outcome
    results = [a for a in outcome["artifacts"] if a["kind"] == "sql_result"]
    assert results, outcome["messages"][-1]
    return norm_rows(results[-1]["rows"]), outcome["messages"][-1]["text"]


def _answered(question: str, gold: str, context, *, ordered: bool = False) -> str:
    rows, text = _answer(question, context)
    assert_rows(rows, hand_rows(gold, context, {"as_of": AS_OF}), ordered=ordered)
    return text


@pytest.mark.parametrize(
    ("question", "gold"),
    [
        (
            "median vs average salary by department in 2025",
            f"SELECT d.name, {MEDIAN}, round(avg(s.amount), 2) {SALARY} WHERE {PAY_2025} "
            "GROUP BY d.name",
        ),
        (
            "median vs average monthly salary in 2025",
            f"SELECT {MEDIAN}, round(avg(s.amount), 2) {SALARY} WHERE {PAY_2025}",
        ),
        (
            "lowest and highest salary by department in 2025",
            f"SELECT d.name, min(s.amount), max(s.amount) {SALARY} WHERE {PAY_2025} "
            "GROUP BY d.name",
        ),
        (
            "salário médio e mediano em 2025",
            f"SELECT round(avg(s.amount), 2), {MEDIAN} {SALARY} WHERE {PAY_2025}",
        ),
        (
            "menor e maior salário em 2025",
            f"SELECT min(s.amount), max(s.amount) {SALARY} WHERE {PAY_2025}",
        ),
    ],
)
def test_one_noun_for_two_aggregations_asks_for_both(question, gold, acme_context):
    _answered(question, gold, acme_context)


def test_distinct_levels_are_counted_and_never_summed_into_a_share(acme_context):
    _answered(
        "how many distinct levels are used",
        f"SELECT count(DISTINCT e.level) FROM erp_employee e WHERE {ACTIVE}",
        acme_context,
    )
    _answered(
        "quantos níveis diferentes existem entre os funcionários ativos?",
        f"SELECT count(DISTINCT e.level) FROM erp_employee e WHERE {ACTIVE}",
        acme_context,
    )
    text = _answered(
        "how many different levels in each department",
        "SELECT d.name, count(DISTINCT e.level) FROM erp_employee e JOIN erp_department d "
        f"ON d.id = e.department_id WHERE {ACTIVE} GROUP BY d.name",
        acme_context,
    )
    assert "%" not in text and " of " not in text, text  # no "10 of 49 (20%)"


def test_a_share_is_not_claimed_of_the_groups_a_condition_kept(acme_context):
    text = _answered(
        "which departments have more than 20 employees?",
        "SELECT d.name, count(*) FROM erp_employee e JOIN erp_department d "
        f"ON d.id = e.department_id WHERE {ACTIVE} GROUP BY d.name HAVING count(*) > 20",
        acme_context,
    )
    assert "%" not in text, text


@pytest.mark.parametrize(
    "question",
    [
        "how many employees received at least one salary payment in 2025",
        "how many people were paid at least once in 2025",
        "quantos funcionários receberam pelo menos um pagamento em 2025?",
    ],
)
def test_being_paid_at_least_once_is_no_amount(question, acme_context):
    gold = f"SELECT count(DISTINCT s.employee_id) FROM erp_salary s WHERE {PAY_2025}"
    _answered(question, gold, acme_context)


@pytest.mark.parametrize(
    "question",
    [
        "departments with zero hires in 2025",
        "departments that never hired in 2025",
        "departamentos que nunca contrataram em 2025",
    ],
)
def test_zero_and_never_ask_for_the_groups_without_any(question, acme_context):
    gold = (
        "SELECT d.name, 0 FROM erp_department d WHERE NOT EXISTS (SELECT 1 FROM erp_employee e "
        f"WHERE e.department_id = d.id AND {HIRED_2025})"
    )
    rows, _ = _answer(question, acme_context)
    expected = hand_rows(gold, acme_context)
    assert_rows(rows, expected, ordered=False)
    every = hand_rows("SELECT count(*) FROM erp_department", acme_context)[0][0]
    assert len(rows) < every  # never every department, as when the zero was dropped


def test_a_zero_that_reads_nothing_is_refused(acme_context):
    outcome = ask_json("headcount with zero", acme_context)
    assert not [a for a in outcome["artifacts"] if a["kind"] == "sql_result"]


@pytest.mark.parametrize(
    ("question", "department"),
    [
        ("what share of payroll in 2025 went to Engineering?", "Engineering"),
        ("what share of 2025 salary costs went to Marketing", "Marketing"),
    ],
)
def test_pay_that_went_to_a_department_is_its_share(question, department, acme_context):
    gold = (
        f"SELECT round(100.0 * sum(s.amount) FILTER (WHERE d.name = '{department}') "
        f"/ sum(s.amount), 2) {SALARY} WHERE {PAY_2025}"
    )
    rows, _ = _answer(question, acme_context)
    expected = hand_rows(gold, acme_context)
    assert_rows([row[:1] for row in rows], expected, ordered=False)


def test_a_transfer_is_still_refused(acme_context):
    outcome = ask_json("who went to Sales in 2025", acme_context)
    assert not [a for a in outcome["artifacts"] if a["kind"] == "sql_result"]


@pytest.mark.parametrize(
    ("question", "direction"),
    [
        ("qual é a equipe com menos funcionários?", "ASC"),
        ("qual é a equipe com mais funcionários?", "DESC"),
    ],
)
def test_the_portuguese_article_before_the_noun_asked_about(question, direction, acme_context):
    gold = (
        "SELECT name, n FROM (SELECT d.name, count(e.id) n, "
        f"rank() OVER (ORDER BY count(e.id) {direction}) k FROM erp_department d "
        f"LEFT JOIN erp_employee e ON e.department_id = d.id AND {ACTIVE} GROUP BY d.name) x "
        "WHERE k = 1"
    )
    _answered(question, gold, acme_context)


def test_a_number_of_people_with_nothing_to_rank_them_by_is_refused(acme_context):
    outcome = ask_json("the 5 employees", acme_context)
    assert not [a for a in outcome["artifacts"] if a["kind"] == "sql_result"]


def test_a_population_between_the_number_and_the_people_keeps_the_ranking(acme_context):
    gold = (
        "SELECT e.name, d.name, round((CAST(%(as_of)s AS date) - e.hire_date) / 365.25, 2) "
        f"FROM erp_employee e JOIN erp_department d ON d.id = e.department_id WHERE {ACTIVE} "
        "ORDER BY e.hire_date LIMIT 5"
    )
    rows, _ = _answer("the 5 longest-serving current employees", acme_context)
    expected = hand_rows(gold, acme_context, {"as_of": AS_OF})
    assert_rows([row[:3] for row in rows], expected, ordered=True)
