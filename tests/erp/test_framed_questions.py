"""A question framed by greetings, apologies, thanks or words about the speaker ("I'm new here
—", "sorry to bother you,", "as the new finance guy I'd like to know …") is answered as the
plain question, through the agent's turn handling: the framing clause is dropped whole, so
its words neither refuse the question nor add to it (the department of "as the new finance
guy" is the speaker's, not the question's). A framing that may say which group "my team" is
stays, and the question is refused rather than answered for everyone."""

import pytest

from apps.erp.planner.framing import without_framing
from tests.conftest import AS_OF
from tests.erp.conftest import ask_json, assert_rows, hand_rows, norm_rows, refused

pytestmark = [pytest.mark.usefixtures("committed_db")]

ACTIVE = (
    "e.hire_date <= %(as_of)s AND (e.termination_date IS NULL OR e.termination_date > %(as_of)s)"
)
DEPARTMENTS = "SELECT count(*) FROM erp_department"
PAYROLL_2025 = (
    "SELECT sum(s.amount) FROM erp_salary s WHERE s.pay_date BETWEEN '2025-01-01' AND '2025-12-31'"
)
OPERATIONS = (
    "SELECT count(*) FROM erp_employee e JOIN erp_department d ON d.id = e.department_id "
    f"WHERE d.name = 'Operations' AND {ACTIVE}"
)
LEFT_2025 = (
    "SELECT count(*) FROM erp_employee e "
    "WHERE e.termination_date BETWEEN '2025-01-01' AND '2025-12-31'"
)
LEVEL_7_UP = (
    "SELECT d.name, count(e.id) FROM erp_department d LEFT JOIN erp_employee e "
    f"ON e.department_id = d.id AND e.level >= 7 AND {ACTIVE} GROUP BY d.name"
)


def _rows(question: str, context) -> list[tuple]:
    outcome = ask_json(question, context)
    assert outcome["status"] == "finished", outcome
    results = [a for a in outcome["artifacts"] if a["kind"] == "sql_result"]
    assert results, outcome["messages"][-1]
    return norm_rows(results[0]["rows"])


@pytest.mark.parametrize(
    ("question", "gold"),
    [
        ("I'm new here — how many departments are there?", DEPARTMENTS),
        ("olá! sou nova aqui, quantos departamentos existem?", DEPARTMENTS),
        ("hi! quick one: how many people work in Operations?", OPERATIONS),
        ("sorry to bother you, how many people are in Operations?", OPERATIONS),
        ("hey, thanks for the help earlier! how many employees does Operations have?", OPERATIONS),
        ("as the new finance guy I'd like to know the total payroll for 2025", PAYROLL_2025),
        ("desculpa incomodar, qual foi a folha de pagamento total em 2025?", PAYROLL_2025),
        ("total payroll 2025, one number, go", PAYROLL_2025),
        ("apologies if this is a silly question, but how many people left in 2025?", LEFT_2025),
        # the speaker's role: "as your HR partner", "board question", "sou o novo analista"
        ("As a board member I'd like the total payroll for 2025, please.", PAYROLL_2025),
        ("Board question: how many people left the company in 2025?", LEFT_2025),
        ("As your HR partner: how many people work in Operations?", OPERATIONS),
        ("sou o novo analista, qual foi a folha de pagamento de 2025?", PAYROLL_2025),
        ("I just joined the sales team. How many people left in 2025?", LEFT_2025),
        (
            "Good evening. Being new to the team, I want to understand: headcount by department "
            "for level 7 and above",
            LEVEL_7_UP,
        ),
        (
            "so I need the headcount for each department only for people at level 7 or above "
            "because we are planning the offsite",
            LEVEL_7_UP,
        ),
    ],
)
def test_a_framed_question_is_answered_as_the_plain_one(question, gold, acme_context):
    expected = hand_rows(gold, acme_context, {"as_of": AS_OF})
    assert_rows(_rows(question, acme_context), expected, ordered=False)


@pytest.mark.parametrize(
    "question",
    [
        "as the new finance guy, how many people are in my team?",
        "I'm new in Sales, how many people work here?",
    ],
)
def test_a_framing_that_may_name_the_group_is_not_dropped(question):
    # dropped, "my team" would be everyone: the question is refused as typed instead
    refused(question)


@pytest.mark.parametrize(
    "question",
    ["salaries above 9,000 in 2025, by department", "folha acima de 9.000 em 2025"],
)
def test_numbers_with_separators_are_not_clause_ends(question):
    assert without_framing(question) == question


@pytest.mark.parametrize(
    "question",
    [
        "as a share of payroll, how much went to Sales in 2025",
        "as a percentage of headcount how big is Sales",
    ],
)
def test_as_a_before_no_speaker_is_not_framing(question):
    assert without_framing(question) == question
