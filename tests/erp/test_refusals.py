"""Questions the builtin planner must not answer: it clarifies or refuses, never guesses."""

from datetime import date

import pytest

from apps.erp.planner import Clarification, Planned, Refusal, plan_question
from apps.erp.semantic import vocabulary
from tests.conftest import AS_OF
from tests.erp.conftest import DEMO, plan, planner_result, refused

EN = vocabulary("en")

NOT_ERP = [
    "What's the weather today?",
    "Book me a flight to Beijing",
    "Make the buttons blue",
    "add a shortcut to headcount by department",
    "Tell me a joke",
]
READ_ONLY = [
    "Delete all employees",
    "DROP TABLE erp_salary",
    "average salary in Sales; DROP TABLE erp_employee",
    "Give everyone in Sales a 10% raise",
    "Update the salary of everyone in HR",
    "Add a new employee named Bob to Sales",
    "Please fire the lowest paid employee in Marketing",
]
UNKNOWN_WORDS = [
    ("What is the salary of the CEO's dog?", {"CEO", "dog"}),
    ("Average salary of employees with a PhD last year", {"PhD"}),
    ("What was the salary of Hamid Tanaka last year?", {"Hamid", "Tanaka"}),
    ("How many employees earn 5000?", {"5000"}),
    ("What is the average salary of the top performers last year?", {"performers"}),
    ("Which building has the largest staff?", {"building"}),
    ("average salary last year by region", {"region"}),
    ("SELECT * FROM erp_employee", {"SELECT"}),
    ("How many employees work remotely?", {"remotely"}),
]
# Words the model knows the data has not: the refusal says why.
UNSUPPORTED = [
    ("What is the average age of employees?", "no ages"),
    ("average salary by gender last year", "no gender"),
    ("What is the average bonus in Sales last year?", "no bonuses"),
    ("What is the annual salary of Engineering last year?", "monthly payments"),
    ("How many employees were promoted last year?", "no history of levels"),
    ("What is the average salary of women?", "no gender"),
    # other words around what the data lacks ("split", "breakdown") do not hide the reason
    ("what's the gender split per department?", "no gender"),
    ("ratio of male to female staff in Engineering", "no gender"),
    ("how many women work in sales", "no gender"),
    ("Qual é a divisão por género em cada departamento?", "não regista o género"),
    ("Quantas mulheres trabalham em Engenharia?", "não regista o género"),
    ("headcount per office location", "no locations"),
    ("average performance rating by level", "no performance"),
    ("vacation days taken last year by department", "no leave"),
]
BEYOND = [
    # understood, but the answer would need more than the planner's grammar
    "How many employees were there between 2023 and 2025?",
    "top 3 departments by average salary and headcount last year",  # one ranking, two measures
]  # "What is the average hires per department?" is answered since round 22: the hires over
# the departments, once the period is given (test_strangers_round22.py)
NO_DATA = [
    "Average salary next year",
    "How many employees will we hire next year?",
    "How many employees are at level 12?",
    "Average salary in March 2030",
]
PERIOD_MISSING = [
    "What was the average salary of Sales?",
    "Which department had the higher average salary, Engineering or Marketing?",
    "How many employees were hired?",
    "what was the average salary by department",
    "total payroll of Engineering",
    "How many employees earned more than 5000?",  # in the present it is the current pay
    "What's the attrition rate?",
    "Qual era o salário médio?",
    # a series of snapshots is taken over a span: which one?
    "What is the headcount trend?",
    "headcount by department at the end of each year",
]
PERIODS_MISSING = [
    "Who had the largest salary increase?",
    "Which department had the biggest average salary increase?",
]
DEPARTMENT_MISSING = [
    "Average salary in the Legal department last year",
    "How many employees in the department?",
]


@pytest.mark.parametrize("question", NOT_ERP)
def test_other_requests_are_left_to_other_planners(question):
    outcome = refused(question)
    assert isinstance(outcome, Refusal)
    assert outcome.kind == "not_erp"


@pytest.mark.parametrize("question", READ_ONLY)
def test_writes_are_refused(question):
    outcome = refused(question)
    assert isinstance(outcome, Refusal)
    assert outcome.kind == "read_only"
    assert outcome.message == EN.message("read_only")


@pytest.mark.parametrize(("question", "words"), UNKNOWN_WORDS)
def test_unknown_words_are_named_in_the_refusal(question, words):
    outcome = refused(question)
    assert isinstance(outcome, Refusal)
    assert outcome.kind == "needs_model"
    assert set(outcome.unknown_words) == words
    assert outcome.message.startswith("I can't answer this without a language model")
    assert all(f"“{word}”" in outcome.message for word in words)


@pytest.mark.parametrize(("question", "reason"), UNSUPPORTED)
def test_what_the_data_does_not_have_is_refused_with_the_reason(question, reason):
    outcome = refused(question)
    assert isinstance(outcome, Refusal) and outcome.kind == "no_data"
    assert reason in outcome.message
    # and says what the ERP holds instead, not that a language model would help
    language = "pt" if "não" in reason else "en"
    held = vocabulary(language).message("not_held", reason="").split(".", 1)[1]
    assert held.strip() and held in outcome.message
    assert "TESSERA_MODEL_PROVIDER" not in outcome.message


@pytest.mark.parametrize("question", BEYOND)
def test_combinations_beyond_the_grammar_are_refused(question):
    outcome = refused(question)
    assert isinstance(outcome, Refusal)
    assert outcome.kind == "needs_model"


@pytest.mark.parametrize("question", NO_DATA)
def test_questions_without_data_say_why(question):
    outcome = refused(question)
    assert isinstance(outcome, Refusal)
    assert outcome.kind == "no_data"
    assert "as-of date" in outcome.message or outcome.message == EN.message("level_range")


@pytest.mark.parametrize("question", PERIOD_MISSING)
def test_a_missing_period_is_asked_for(question):
    outcome = refused(question)
    assert isinstance(outcome, Clarification)
    assert outcome.question == question
    (missing,) = outcome.missing
    assert missing.name == "period"
    assert [c.value for c in missing.choices] == [
        "this_year",
        "last_year",
        "latest_month",
        "last_12_months",
    ]
    assert missing.allow_custom_range
    assert outcome.message == vocabulary(outcome.language).message("clarify_period")


def test_average_salary_of_sales_keeps_what_it_understood():
    outcome = refused("What was the average salary of Sales?")
    assert isinstance(outcome, Clarification)
    assert outcome.known == {"measure": "average_salary", "departments": ["Sales"]}
    data = outcome.as_dict()
    assert data["missing"][0]["name"] == "period"
    assert {"value": "last_year", "label": "Last year"} in data["missing"][0]["choices"]


@pytest.mark.parametrize("question", PERIODS_MISSING)
def test_a_change_needs_two_periods(question):
    outcome = refused(question)
    assert isinstance(outcome, Clarification)
    assert outcome.missing[0].name == "periods"


@pytest.mark.parametrize("question", DEPARTMENT_MISSING)
def test_an_unknown_or_missing_department_is_asked_for(question):
    outcome = refused(question)
    assert isinstance(outcome, Clarification)
    (missing,) = outcome.missing
    assert missing.name == "department"
    values = [c.value for c in missing.choices]
    assert values[:6] == [
        "Engineering",
        "Sales",
        "Marketing",
        "Finance",
        "Operations",
        "Human Resources",
    ]
    assert values[-1] == "each"


def test_a_question_without_a_measure_asks_what_to_measure():
    outcome = refused("Sales department last year")
    assert isinstance(outcome, Clarification)
    assert outcome.missing[0].name == "measure"


def test_answers_complete_a_clarified_question(acme):
    question = "What is the average salary of Sales?"
    planned, _, rows = planner_result(question, acme, answers={"period": "last_year"})
    assert planned.params == {"department": "Sales", "start": "2025-01-01", "end": "2025-12-31"}
    same, _, same_rows = planner_result("What was the average salary of Sales last year?", acme)
    assert planned.sql == same.sql and rows == same_rows
    custom = plan(
        question, answers={"period": "custom", "start": "2025-02-01", "end": "2025-04-30"}
    )
    assert custom.params["start"] == "2025-02-01" and custom.params["end"] == "2025-04-30"
    each = plan("Average salary in the Legal department last year", answers={"department": "each"})
    assert each.reading.dimensions == ("department",)
    pair = plan(
        "Who had the largest salary increase?", answers={"periods": "last_year_to_this_year"}
    )
    assert pair.params["p1_start"] == "2025-01-01" and pair.params["p2_end"] == AS_OF.isoformat()


@pytest.mark.parametrize(
    "answers",
    [{"period": "next_century"}, {"department": "Legal"}, {"period": "custom", "start": "x"}],
)
def test_answers_outside_the_choices_are_refused(answers):
    outcome = plan_question(
        "What is the average salary of Sales?", as_of=AS_OF, answers=answers, entities=DEMO
    )
    assert isinstance(outcome, Refusal)


def test_refusals_never_carry_sql():
    for question in [*READ_ONLY, *(q for q, _ in UNKNOWN_WORDS), *BEYOND, *NO_DATA]:
        outcome = plan_question(question, as_of=AS_OF, entities=DEMO)
        assert not isinstance(outcome, Planned), question


def test_the_as_of_date_moves_relative_periods():
    planned = plan("average salary last year", as_of=date(2024, 3, 1))
    assert planned.params == {"start": "2023-01-01", "end": "2023-12-31"}
    planned = plan("average salary this year", as_of=date(2024, 3, 1))
    assert planned.params == {"start": "2024-01-01", "end": "2024-03-01"}
