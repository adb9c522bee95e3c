"""Words of age that also mean time at the company — "the 3 oldest employees", "as pessoas
mais antigas", "os mais novos" — rank current employees by hire date, and the answer's title
says it read them so (the ERP has no ages). "Há mais tempo na empresa" is the longest-serving.
Words that only mean age ("youngest", "mais velho", "idade média") are refused with the reason.
Checked against hand-written SQL on the test data, ties at the cut included."""

import pytest

from apps.erp.planner import Refusal, reading_from_json
from apps.erp.semantic import vocabulary
from tests.erp.conftest import (
    ask_json,
    assert_rows,
    hand_rows,
    pick,
    plan,
    planner_result,
    refused,
)

ACTIVE = (
    "e.hire_date <= %(as_of)s AND (e.termination_date IS NULL OR e.termination_date > %(as_of)s)"
)
BY_HIRE_DATE = """
SELECT name, hire_date FROM (
  SELECT e.name, e.hire_date, RANK() OVER (ORDER BY e.hire_date {direction}) AS rank
  FROM erp_employee e JOIN erp_department d ON d.id = e.department_id
  WHERE {active} {extra}
) ranked WHERE rank <= %(n)s
"""


@pytest.mark.parametrize(
    ("question", "direction", "n", "extra"),
    [
        ("quais são as 3 pessoas mais antigas em vendas?", "ASC", 3, "AND d.name = 'Sales'"),
        ("os 5 funcionários mais antigos da empresa", "ASC", 5, ""),
        ("quem é o funcionário mais antigo de engenharia?", "ASC", 1,
         "AND d.name = 'Engineering'"),
        ("os 4 colaboradores mais novos de marketing", "DESC", 4, "AND d.name = 'Marketing'"),
        ("who are the 3 oldest employees in sales", "ASC", 3, "AND d.name = 'Sales'"),
        ("show me the 5 oldest employees", "ASC", 5, ""),
    ],
)  # fmt: skip
def test_an_age_word_ranks_current_employees_by_hire_date(acme, question, direction, n, extra):
    planned, names, rows = planner_result(question, acme)
    reading = planned.reading
    assert reading.sort == "hire_date" and reading.note == "tenure_for_age"
    sql = BY_HIRE_DATE.format(direction=direction, active=ACTIVE, extra=extra)
    expected = hand_rows(sql, acme, {"as_of": reading.as_of, "n": n})
    assert_rows(pick(names, rows, "employee", "hire_date"), expected, ordered=True)
    note = vocabulary(reading.language).labels.words["tenure_for_age"]
    assert planned.title.endswith(f"({note})") or len(planned.title) > 100  # said when it fits


@pytest.mark.parametrize(
    ("question", "extra"),
    [
        ("quem está há mais tempo na empresa?", ""),
        ("quem trabalha há mais tempo em engenharia?", "AND d.name = 'Engineering'"),
        ("who has been here the longest?", ""),
    ],
)
def test_the_longest_serving_person(acme, question, extra):
    planned, names, rows = planner_result(question, acme)
    reading = planned.reading  # each person's tenure: their longest, or their average
    assert reading.measure in ("max_tenure", "average_tenure") and reading.top == 1
    assert reading.dimensions == ("employee",) and reading.order == "desc"
    sql = BY_HIRE_DATE.format(direction="ASC", active=ACTIVE, extra=extra)
    expected = hand_rows(sql, acme, {"as_of": planned.reading.as_of, "n": 1})
    assert_rows(pick(names, rows, "employee"), [(name,) for name, _ in expected], ordered=False)


@pytest.mark.parametrize(
    "question",
    ["the 5 newest employees in Sales", "the 3 longest-serving employees in Sales"],
)
def test_tenure_words_need_no_note(question):
    planned = plan(question)
    assert planned.reading.note is None
    assert "(" not in planned.title.split(",")[-1]


def test_the_note_is_kept_with_the_reading():
    reading = plan("os 5 funcionários mais antigos da empresa").reading
    assert reading_from_json(reading.as_json()) == reading


@pytest.mark.parametrize(
    "question",
    [
        "who is the youngest employee?",
        "what's the average age of our staff",
        "how old is Hugo Tanaka?",
        "quem é o funcionário mais velho?",
        "os 3 funcionários mais jovens de vendas",
        "qual a idade média dos funcionários?",
    ],
)
def test_words_that_only_mean_age_are_refused_saying_why(question):
    outcome = refused(question)
    assert isinstance(outcome, Refusal) and outcome.kind == "no_data"
    assert "birth" in outcome.message or "nascimento" in outcome.message


@pytest.mark.parametrize(
    "question", ["quais são as 3 pessoas mais antigas em vendas?", "show me the 5 oldest employees"]
)
def test_the_answer_says_how_the_age_word_was_read(acme, question):
    outcome = ask_json(question, acme)
    reading = plan(question).reading
    said = " ".join(m["text"] for m in outcome["messages"] if m["role"] != "user")
    assert vocabulary(reading.language).message("note_tenure_for_age") in said
