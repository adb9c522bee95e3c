"""Round 13's sweep: present-tense pay in its common forms, and questions in two languages.

- "who makes more than 8000", "who gets more than 11k a month", "people on over 9000": a word
  that means "is paid" only before an amount (or a superlative) reads as "earns" there, and the
  present tense with no period is the current pay (the most recent complete month); elsewhere
  the word keeps its own meaning ("which department gets the most hires" counts hires);
- "employees earning more than 9k", "sales staff who make over 8000": the people and their pay,
  nothing else asked, are a list of those people (as "list the employees …" is);
- "which salespeople earn more than 8 mil por mês", "quantos employees em sales": every word the
  question's language does not know is a word of the other language, so it is read with both,
  and answered in the language most of it is in.
"""

import pytest

from apps.erp.planner import Planned, plan_question
from tests.conftest import AS_OF
from tests.erp.conftest import DEMO, assert_rows, hand_rows, pick, plan, planner_result, refused

CURRENT_PAY = """
SELECT e.name, max(s.amount) FROM erp_salary s
JOIN erp_employee e ON e.id = s.employee_id JOIN erp_department d ON d.id = e.department_id
WHERE s.amount {op} %(amount)s AND s.pay_date BETWEEN '2026-05-01' AND '2026-05-31' {where}
GROUP BY e.id, e.name
"""


@pytest.mark.parametrize(
    ("question", "op", "amount", "department"),
    [
        ("who makes more than 8000", ">", 8000, None),
        ("who gets more than 9k a month", ">", 9000, None),
        ("people paid over 8,500", ">", 8500, None),
        ("employees earning more than 9000", ">", 9000, None),
        ("sales staff who make over 7000", ">", 7000, "Sales"),
        ("who takes home less than 4000", "<", 4000, None),
        ("quem tira mais de 8 mil?", ">", 8000, None),
        ("who got more than 9000 in may 2026", ">", 9000, None),
        ("quem tirou mais de 8 mil em maio de 2026?", ">", 8000, None),
        ("which salespeople earn more than 8 mil por mês", ">", 8000, "Sales"),
    ],
)
def test_present_pay_against_an_amount_lists_the_people_on_current_pay(
    acme, question, op, amount, department
):
    planned, names, rows = planner_result(question, acme)
    assert planned.reading.dimensions == ("employee",)
    where = f"AND d.name = '{department}'" if department else ""
    expected = hand_rows(CURRENT_PAY.format(op=op, where=where), acme, {"amount": amount})
    assert expected, "the test data should have people on both sides of the amount"
    assert_rows(pick(names, rows, "employee", "max_salary"), expected, ordered=False)


def test_how_many_people_are_on_more_than_an_amount_counts_those_paid(acme):
    planned, names, rows = planner_result("how many people in mktg make over 7k", acme)
    sql = """SELECT count(DISTINCT s.employee_id) FROM erp_salary s
      JOIN erp_employee e ON e.id = s.employee_id JOIN erp_department d ON d.id = e.department_id
      WHERE d.name = 'Marketing' AND s.amount > 7000
      AND s.pay_date BETWEEN '2026-05-01' AND '2026-05-31'"""
    assert rows == hand_rows(sql, acme)
    assert plan("how many people are on more than 9k").reading.measure == "paid_employees"


def test_a_pay_word_elsewhere_keeps_its_own_meaning():
    assert plan("which department gets the most hires in 2025").reading.measure == "hires"
    assert plan("how many people were hired on 1 May 2025").reading.measure == "hires"


@pytest.mark.parametrize(
    ("question", "language", "measure"),
    [
        ("quantos employees em sales?", "pt", "headcount"),
        ("how many funcionários in engineering", "en", "headcount"),
        ("average salário in 2025", "en", "average_salary"),
        # a word of the other language is not taken for a typo of this one's ("median")
        ("média salarial in marketing last year", "en", "average_salary"),
    ],
)
def test_a_question_in_two_languages_is_read_in_the_one_it_is_mostly_in(
    question, language, measure
):
    planned = plan(question)
    assert planned.reading.language == language and planned.reading.measure == measure


def test_a_word_of_neither_language_is_still_refused():
    outcome = refused("how many funcionários in sales zzz")
    assert "zzz" in outcome.message


def test_two_languages_answer_the_same_as_one(acme):
    mixed, _, mixed_rows = planner_result("quantos employees em sales?", acme)
    plain, _, plain_rows = planner_result("quantos funcionários em vendas?", acme)
    assert mixed.reading.conditions == plain.reading.conditions
    assert mixed_rows == plain_rows
    assert isinstance(
        plan_question("quantos employees em sales?", as_of=AS_OF, entities=DEMO), Planned
    )


def test_make_a_list_asks_to_read_and_make_an_employee_is_still_a_write():
    planned = plan("make a list of the people hired in 2025")
    assert planned.reading.measure == "hires" and planned.reading.listing
    assert refused("make a new employee").kind == "read_only"
