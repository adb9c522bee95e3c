"""Ranked lists of people and groups with a count: "the 5 most recent hires", "last 3 people
who left", "the first 10 people we hired", "the 3 longest-serving employees in Sales", "the 2
departments with the fewest people" — each checked against hand-written SQL on the test data,
ties at the cut included."""

import pytest

from apps.erp.planner import Refusal
from tests.erp.conftest import assert_rows, hand_rows, pick, planner_result, refused

ACTIVE = (
    "e.hire_date <= %(as_of)s AND (e.termination_date IS NULL OR e.termination_date > %(as_of)s)"
)
BY_DATE = """
SELECT name, day FROM (
  SELECT e.name, e.{field} AS day, RANK() OVER (ORDER BY e.{field} {direction}) AS rank
  FROM erp_employee e JOIN erp_department d ON d.id = e.department_id
  WHERE e.{field} BETWEEN %(start)s AND %(as_of)s {extra}
) ranked WHERE rank <= %(n)s
"""
ALL_TIME = "1900-01-01"


@pytest.mark.parametrize(
    ("question", "field", "direction", "n", "start", "extra"),
    [
        ("list the 5 most recent hires", "hire_date", "DESC", 5, ALL_TIME, ""),
        ("the 3 latest hires in Engineering", "hire_date", "DESC", 3, ALL_TIME,
         "AND d.name = 'Engineering'"),
        ("who was the most recent hire?", "hire_date", "DESC", 1, ALL_TIME, ""),
        ("the first 10 people we hired", "hire_date", "ASC", 10, ALL_TIME, ""),
        ("the 5 people hired most recently", "hire_date", "DESC", 5, ALL_TIME, ""),
        ("the last hire in 2024", "hire_date", "DESC", 1, "2024-01-01",
         "AND e.hire_date <= '2024-12-31'"),
        ("last 5 people who left", "termination_date", "DESC", 5, ALL_TIME, ""),
        ("the 4 most recent departures from Sales", "termination_date", "DESC", 4, ALL_TIME,
         "AND d.name = 'Sales'"),
        ("most recent 3 leavers in 2025", "termination_date", "DESC", 3, "2025-01-01",
         "AND e.termination_date <= '2025-12-31'"),
        ("as 5 contratações mais recentes", "hire_date", "DESC", 5, ALL_TIME, ""),
        ("os últimos 3 funcionários que saíram", "termination_date", "DESC", 3, ALL_TIME, ""),
        ("as primeiras 10 contratações de 2025", "hire_date", "ASC", 10, "2025-01-01",
         "AND e.hire_date <= '2025-12-31'"),
    ],
)  # fmt: skip
def test_people_ranked_by_the_date_of_their_event(
    acme, question, field, direction, n, start, extra
):
    planned, names, rows = planner_result(question, acme)
    assert planned.reading.listing and planned.reading.sort == field
    assert names[:2] == ["employee", field]  # the date asked comes right after the name
    sql = BY_DATE.format(field=field, direction=direction, extra=extra)
    params = {"start": start, "as_of": planned.reading.as_of, "n": n}
    assert_rows(pick(names, rows, "employee", field), hand_rows(sql, acme, params), ordered=True)


def test_the_newest_employees_are_current_employees_by_hire_date(acme):
    planned, names, rows = planner_result("the 5 newest employees in Sales", acme)
    sql = f"""SELECT name, hire_date FROM (
      SELECT e.name, e.hire_date, RANK() OVER (ORDER BY e.hire_date DESC) AS rank
      FROM erp_employee e JOIN erp_department d ON d.id = e.department_id
      WHERE {ACTIVE} AND d.name = 'Sales') r WHERE rank <= 5"""
    expected = hand_rows(sql, acme, {"as_of": planned.reading.as_of})
    assert_rows(pick(names, rows, "employee", "hire_date"), expected, ordered=True)


@pytest.mark.parametrize(
    "question",
    [
        "the 3 longest-serving employees in Sales",
        "the 3 longest serving employees in Sales",
        "the 3 most tenured people in Sales",
    ],
)
def test_the_longest_serving_are_ranked_by_tenure(acme, question):
    planned, names, rows = planner_result(question, acme)
    assert planned.reading.top == 3 and planned.reading.dimensions == ("employee",)
    sql = f"""SELECT name FROM (
      SELECT e.name, RANK() OVER (ORDER BY e.hire_date) AS rank
      FROM erp_employee e JOIN erp_department d ON d.id = e.department_id
      WHERE {ACTIVE} AND d.name = 'Sales') r WHERE rank <= 3"""
    expected = hand_rows(sql, acme, {"as_of": planned.reading.as_of})
    assert_rows(pick(names, rows, "employee"), expected, ordered=False)


@pytest.mark.parametrize(
    ("question", "direction", "n"),
    [
        ("2 departments with the fewest people", "ASC", 2),
        ("the 3 departments with the most staff", "DESC", 3),
        ("os 2 departamentos com menos funcionários", "ASC", 2),
    ],
)
def test_groups_ranked_by_their_people(acme, question, direction, n):
    planned, names, rows = planner_result(question, acme)
    assert planned.reading.dimensions == ("department",) and planned.reading.top == n
    sql = f"""SELECT name, c FROM (
      SELECT d.name, count(e.id) AS c, RANK() OVER (ORDER BY count(e.id) {direction}) AS rank
      FROM erp_department d LEFT JOIN erp_employee e ON e.department_id = d.id AND {ACTIVE}
      GROUP BY d.name) r WHERE rank <= %(n)s"""
    expected = hand_rows(sql, acme, {"as_of": planned.reading.as_of, "n": n})
    assert_rows(pick(names, rows, "department", "headcount"), expected, ordered=False)


@pytest.mark.parametrize(
    "question",
    [
        "how many of the last 10 hires left",  # a count of a ranked list
        "last 5 hires by department",  # a ranked list is one list
    ],
)
def test_ranked_lists_that_are_counted_or_grouped_are_refused(question):
    assert isinstance(refused(question), Refusal)


@pytest.mark.parametrize(
    "question",
    ["hires last year", "hires in the last 3 months", "contratações no primeiro trimestre de 2025"],
)
def test_time_words_stay_periods(question):
    from tests.erp.conftest import plan

    planned = plan(question)
    assert not planned.reading.listing and planned.reading.sort is None


def _then(first: str, *turns: str):
    from apps.erp.planner import Planned, plan_question
    from tests.conftest import AS_OF
    from tests.erp.conftest import DEMO, plan

    reading = plan(first).reading
    outcome = None
    for turn in turns:
        outcome = plan_question(turn, as_of=AS_OF, entities=DEMO, previous=reading)
        if isinstance(outcome, Planned):
            reading = outcome.reading
    return outcome


def test_a_followup_keeps_the_ranking_by_date():
    from apps.erp.planner import Planned

    outcome = _then("list the 5 most recent hires", "only Sales", "and the last 3?")
    assert isinstance(outcome, Planned)
    reading = outcome.reading
    assert (reading.sort, reading.order, reading.top) == ("hire_date", "desc", 3)
    assert reading.departments == ("Sales",)
    left = _then("as 5 contratações mais recentes", "same for departures")
    assert isinstance(left, Planned) and left.reading.sort == "termination_date"


@pytest.mark.parametrize(
    ("first", "turn"),
    [
        ("list the 5 most recent hires", "by department"),
        ("top 10 earners this year", "only the 2 most recent"),
    ],
)
def test_a_followup_that_would_lose_the_ranking_by_date_is_refused(first, turn):
    assert isinstance(_then(first, turn), Refusal)


def test_a_measure_chip_ranks_by_the_new_measures_date():
    from apps.erp.planner.chips import apply_chip
    from tests.erp.conftest import DEMO, plan

    reading = plan("list the 5 most recent hires").reading
    changed = apply_chip(reading, {"measure": "terminations"}, DEMO, follows="a")
    assert changed.sort == "termination_date" and changed.listing


def test_the_closing_sentence_of_a_bottom_n_names_the_first_of_the_ranking(acme):
    from tests.erp.conftest import ask_json

    planned, names, rows = planner_result("2 departments with the fewest people", acme)
    first = pick(names, rows, "department")[0][0]
    text = ask_json("2 departments with the fewest people", acme)["messages"][-1]["text"]
    assert text.startswith(f"{first} has the fewest")
