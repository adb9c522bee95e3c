"""A superlative over people names the person and their own value: a person holds one tenure
and one level, so "who's been here the longest" is the longest tenure, never "the highest
average tenure" — in the title, the column and the closing sentence, in both languages."""

import pytest

from tests.erp.conftest import ask_json, assert_rows, hand_rows, norm_rows, plan

pytestmark = [pytest.mark.usefixtures("committed_db")]
ACTIVE = (
    "e.hire_date <= '2026-06-15' AND (e.termination_date IS NULL OR "
    "e.termination_date > '2026-06-15')"
)


@pytest.mark.parametrize(
    "question",
    [
        "who's been here the longest",
        "which employee has the highest average tenure",
        "the 3 people with the lowest average level",
        "quem está há mais tempo na empresa",
        "qual funcionário tem o maior nível médio",
    ],
)
def test_a_persons_value_is_not_called_an_average(question):
    planned = plan(question)
    words = " ".join([planned.title, *planned.labels.values()]).lower()
    assert planned.reading.dimensions == ("employee",)
    assert not any(word in words for word in ("average", "médio", "média"))


def test_the_longest_serving_person_is_named_with_their_tenure(acme_context):
    outcome = ask_json("who's been here the longest", acme_context)
    [result] = [a for a in outcome["artifacts"] if a["kind"] == "sql_result"]
    expected = hand_rows(
        "SELECT e.name, d.name, "
        "round((DATE '2026-06-15' - e.hire_date) / 365.25, 2), e.id FROM erp_employee e "
        f"JOIN erp_department d ON d.id = e.department_id WHERE {ACTIVE} "
        "ORDER BY e.hire_date LIMIT 1",
        acme_context,
    )
    assert_rows(norm_rows(result["rows"]), expected, ordered=True)
    sentence = outcome["messages"][-1]["text"]
    assert sentence.startswith(f"{expected[0][0]} has the longest tenure: ")


@pytest.mark.parametrize(
    ("question", "label"),
    [
        ("who earns the most?", "Salary"),
        ("top 3 earners in engineering last month", "Salary"),
        ("quem ganha mais?", "Salário"),
    ],
)
def test_a_persons_pay_in_one_month_is_their_salary(question, label):
    planned = plan(question)
    assert label in planned.labels.values()
    assert not any(w in planned.title.lower() for w in ("average", "médio"))


def test_a_persons_pay_over_a_year_stays_an_average():
    assert "Average salary" in plan("who earns the most in 2025").labels.values()


def test_the_best_paid_person_is_named_with_their_salary(acme_context):
    outcome = ask_json("who earns the most?", acme_context)
    [result] = [a for a in outcome["artifacts"] if a["kind"] == "sql_result"]
    expected = hand_rows(
        "SELECT e.name, d.name, s.amount, e.id FROM erp_salary s JOIN erp_employee e "
        "ON e.id = s.employee_id JOIN erp_department d ON d.id = e.department_id "
        "WHERE s.pay_date BETWEEN '2026-05-01' AND '2026-05-31' ORDER BY s.amount DESC LIMIT 1",
        acme_context,
    )
    assert_rows(norm_rows(result["rows"]), expected, ordered=True)
    sentence = outcome["messages"][-1]["text"]
    assert sentence.startswith(f"{expected[0][0]} has the highest salary: ")
