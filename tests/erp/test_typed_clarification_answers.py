"""An answer typed in the thread to a clarification ("Which period …?" → "in 2025", "o ano
passado", "Sales") completes the question that was asked, as the form's answer does; a whole
new question typed instead is answered as itself."""

import pytest

from tests.erp.conftest import ask_json, assert_rows, hand_rows, norm_rows

pytestmark = [pytest.mark.usefixtures("committed_db")]

TURNOVER = {
    "en": "which department has the highest turnover?",
    "pt": "qual departamento tem a maior rotatividade?",
}
AVERAGE_2025 = (
    "SELECT round(avg(s.amount), 2) FROM erp_salary s "
    "WHERE s.pay_date BETWEEN '2025-01-01' AND '2025-12-31'"
)


def _clarified_then(question: str, typed: str, context) -> dict:
    first = ask_json(question, context)
    assert first["status"] == "needs_input", first
    outcome = ask_json(typed, context, thread=first["thread_id"])
    assert outcome["status"] == "finished", outcome
    return outcome


def _result(outcome: dict) -> dict:
    [result] = [a for a in outcome["artifacts"] if a["kind"] == "sql_result"]
    return result


@pytest.mark.parametrize("typed", ["in 2025", "2025", "last year", "em 2025", "o ano passado"])
def test_a_typed_period_answers_the_pending_period_question(typed, acme_context):
    result = _result(_clarified_then("what was the average salary?", typed, acme_context))
    assert result["reading"]["periods"][0]["start"] == "2025-01-01"
    expected = hand_rows(AVERAGE_2025, acme_context, {})
    assert_rows(norm_rows(result["rows"]), expected, ordered=True)


@pytest.mark.parametrize(("language", "typed"), [("en", "last year"), ("pt", "o ano passado")])
def test_a_ranking_asked_for_its_period_keeps_its_language(language, typed, acme_context):
    result = _result(_clarified_then(TURNOVER[language], typed, acme_context))
    assert result["reading"]["language"] == language
    assert result["reading"]["periods"][0]["end"] == "2025-12-31"


def test_a_whole_new_question_after_a_clarification_is_answered_as_itself(acme_context):
    outcome = _clarified_then(
        "what was the average salary?", "how many hires in 2024?", acme_context
    )
    expected = hand_rows(
        "SELECT count(*) FROM erp_employee e WHERE e.hire_date BETWEEN '2024-01-01' AND "
        "'2024-12-31'",
        acme_context,
        {},
    )
    assert_rows(norm_rows(_result(outcome)["rows"]), expected, ordered=True)


def test_a_typed_department_answers_the_pending_department_question(acme_context):
    outcome = _clarified_then(
        "What was the average salary of the department last year?", "Sales", acme_context
    )
    expected = hand_rows(
        "SELECT round(avg(s.amount), 2) FROM erp_salary s JOIN erp_employee e "
        "ON e.id = s.employee_id JOIN erp_department d ON d.id = e.department_id "
        "WHERE d.name = 'Sales' AND s.pay_date BETWEEN '2025-01-01' AND '2025-12-31'",
        acme_context,
        {},
    )
    assert_rows(norm_rows(_result(outcome)["rows"]), expected, ordered=True)
