"""Question classes a sweep of strangers' questions found (round 24), through the agent's turn
handling on real PostgreSQL (asked on AS_OF, 15 June 2026):

- "as a percentage?", "in percent?", "percentages please" after a count — grouped or with one
  department — is that count's share of the whole, as "and what percentage is that?" was; the
  bare percent words were not taken for a follow-up and the turn was left unanswered;
- "what's the difference between the two?", "difference?", "how big is the difference" after
  two answers of the same figure over two periods is the later answer's measure over both
  periods with the change between them (later minus earlier); two answers that differ in
  anything but the period (two departments, two groupings) are refused saying so — never a
  difference of numbers the person did not compare, and never the last answer said again;
- pay "ever" ("the highest salary payment ever made", "average salary ever", "total payroll
  ever") is pay of all time — it was the current month's pay of "everyone ever employed",
  a wrong answer that happened to match when the record payment was last month's.
"""

from decimal import Decimal

import pytest

from tests.erp.conftest import ask_json, hand_rows, norm_rows

pytestmark = [pytest.mark.usefixtures("committed_db")]

EMPLOYEE = "FROM erp_employee e"
DEPARTMENT = "JOIN erp_department d ON d.id = e.department_id"
ACTIVE = (
    "e.hire_date <= '2026-06-15'"
    " AND (e.termination_date IS NULL OR e.termination_date > '2026-06-15')"
)


def _result(outcome: dict) -> tuple[list[str], list[tuple]]:
    assert outcome["status"] == "finished", outcome
    results = [a for a in outcome["artifacts"] if a["kind"] == "sql_result"]
    assert results, outcome["messages"][-1]
    return [c["name"] for c in results[-1]["columns"]], norm_rows(results[-1]["rows"])


def _thread(context, *questions: str) -> str:
    thread = ask_json(questions[0], context)["thread_id"]
    for question in questions[1:]:
        ask_json(question, context, thread=thread)
    return thread


def _share(part: int, whole: int) -> Decimal:
    return (Decimal(100) * part / whole).quantize(Decimal("0.01"))


@pytest.mark.parametrize("turn", ["as a percentage?", "in percent?", "percentages please"])
def test_percent_words_after_a_grouped_count_are_each_groups_share(turn, acme_context):
    thread = _thread(acme_context, "headcount by department")
    names, rows = _result(ask_json(turn, acme_context, thread=thread))
    counts = dict(
        hand_rows(
            f"SELECT d.name, count(*) {EMPLOYEE} {DEPARTMENT} WHERE {ACTIVE} GROUP BY d.name",
            acme_context,
        )
    )
    whole = sum(counts.values())
    assert names == ["department", "headcount", "share_pct"]
    assert sorted(rows) == sorted((d, n, _share(n, whole)) for d, n in counts.items())


def test_as_a_percentage_after_one_departments_count_is_its_share(acme_context):
    thread = _thread(acme_context, "How many employees in Sales?")
    names, rows = _result(ask_json("as a percentage", acme_context, thread=thread))
    [(part,)] = hand_rows(
        f"SELECT count(*) {EMPLOYEE} {DEPARTMENT} WHERE d.name = 'Sales' AND {ACTIVE}",
        acme_context,
    )
    [(whole,)] = hand_rows(f"SELECT count(*) {EMPLOYEE} WHERE {ACTIVE}", acme_context)
    assert names[0] == "share_pct" and rows == [(_share(part, whole), part, whole)]


def test_percent_words_after_an_average_are_still_refused(acme_context):
    thread = _thread(acme_context, "average salary by department in 2025")
    outcome = ask_json("as a percentage?", acme_context, thread=thread)
    assert not [a for a in outcome["artifacts"] if a["kind"] == "sql_result"]
    assert "averages" in outcome["messages"][-1]["text"]


def _hires(context, year: int) -> int:
    [(value,)] = hand_rows(
        f"SELECT count(*) {EMPLOYEE} WHERE e.hire_date BETWEEN '{year}-01-01' AND '{year}-12-31'",
        context,
    )
    return int(value)


@pytest.mark.parametrize(
    ("first", "second", "turn"),
    [
        ("How many hires in 2025?", "And in 2024?", "What's the difference between the two?"),
        ("hires in 2024", "and 2025?", "difference?"),
        ("quantas contratações em 2025?", "e em 2024?", "qual a diferença entre os dois?"),
    ],
)
def test_the_difference_of_two_periods_is_the_later_minus_the_earlier(
    first, second, turn, acme_context
):
    thread = _thread(acme_context, first, second)
    names, rows = _result(ask_json(turn, acme_context, thread=thread))
    earlier, later = _hires(acme_context, 2024), _hires(acme_context, 2025)
    assert names == ["hires_2024", "hires_2025", "change"]
    assert rows == [(earlier, later, later - earlier)]


def test_the_difference_of_two_snapshots_is_the_change_between_the_days(acme_context):
    thread = _thread(acme_context, "headcount at the end of 2024", "and at the end of 2025?")
    names, rows = _result(ask_json("and the difference?", acme_context, thread=thread))

    def on(day: str) -> int:
        [(value,)] = hand_rows(
            f"SELECT count(*) {EMPLOYEE} WHERE e.hire_date <= '{day}'"
            f" AND (e.termination_date IS NULL OR e.termination_date > '{day}')",
            acme_context,
        )
        return int(value)

    before, after = on("2024-12-31"), on("2025-12-31")
    assert names[-1] == "change" and rows == [(before, after, after - before)]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("average salary in Sales in March 2026", "and in Marketing?"),
        ("hires by department in 2025", "and in 2024?"),
    ],
)
def test_a_difference_of_answers_that_differ_in_more_than_the_period_is_refused(
    first, second, acme_context
):
    thread = _thread(acme_context, first, second)
    outcome = ask_json("difference?", acme_context, thread=thread)
    assert not [a for a in outcome["artifacts"] if a["kind"] == "sql_result"]
    assert "two periods" in outcome["messages"][-1]["text"]


def test_a_difference_question_of_its_own_is_still_read_as_a_question(acme_context):
    thread = _thread(acme_context, "how many hires in 2023?", "and 2022?")
    outcome = ask_json(
        "what's the difference between hires in 2025 and 2024?", acme_context, thread=thread
    )
    names, rows = _result(outcome)
    earlier, later = _hires(acme_context, 2024), _hires(acme_context, 2025)
    assert names == ["hires_2024", "hires_2025", "change"]
    assert rows == [(earlier, later, later - earlier)]


@pytest.mark.parametrize(
    ("question", "aggregate"),
    [
        ("What is the highest single salary payment ever made?", "max"),
        ("lowest salary ever", "min"),
        ("average salary ever", "avg"),
        ("total payroll ever", "sum"),
    ],
)
def test_pay_ever_is_pay_of_all_time_not_the_current_month(question, aggregate, acme_context):
    names, rows = _result(ask_json(question, acme_context))
    [(value,)] = hand_rows(
        f"SELECT round({aggregate}(s.amount), 2) FROM erp_salary s"
        " WHERE s.pay_date <= '2026-06-15'",
        acme_context,
    )
    assert rows == [(value,)]


def _count(context, where: str, join: str = "") -> int:
    [(value,)] = hand_rows(f"SELECT count(*) {EMPLOYEE} {join} WHERE {where}", context)
    return int(value)


@pytest.mark.parametrize(
    ("question", "where", "join"),
    [
        ("Wie viele Mitarbeiter haben wir?", ACTIVE, ""),
        (
            "Wie viele Mitarbeiter arbeiten in der Personalabteilung?",
            f"d.name = 'Human Resources' AND {ACTIVE}",
            DEPARTMENT,
        ),
        (
            "Wie viele Neueinstellungen gab es letztes Jahr?",
            "e.hire_date BETWEEN '2025-01-01' AND '2025-12-31'",
            "",
        ),
        (
            "Wie viele Mitarbeiter haben 2025 das Unternehmen verlassen?",
            "e.termination_date BETWEEN '2025-01-01' AND '2025-12-31'",
            "",
        ),
    ],
)
def test_a_german_question_is_read_through_english(question, where, join, acme_context):
    _, rows = _result(ask_json(question, acme_context))
    assert rows == [(_count(acme_context, where, join),)]


def test_a_german_follow_up_of_one_german_word_is_read_too(acme_context):
    thread = _thread(acme_context, "Wie viele Mitarbeiter hat die Abteilung Marketing?")
    _, rows = _result(ask_json("Und Sales?", acme_context, thread=thread))
    where = f"d.name = 'Sales' AND {ACTIVE}"
    assert rows == [(_count(acme_context, where, DEPARTMENT),)]


def test_german_thousands_are_read_as_german_writes_them(acme_context):
    outcome = ask_json("Wie viele Mitarbeiter verdienten mehr als 9.000 im Mai 2026?", acme_context)
    _, rows = _result(outcome)
    [(value,)] = hand_rows(
        "SELECT count(DISTINCT s.employee_id) FROM erp_salary s"
        " WHERE s.pay_date BETWEEN '2026-05-01' AND '2026-05-31' AND s.amount > 9000",
        acme_context,
    )
    assert rows == [(value,)]


@pytest.mark.parametrize(
    "question", ["Wie viele Frauen arbeiten bei uns?", "Wie viele Mitarbeiter haben wir in Berlin?"]
)
def test_a_german_question_about_what_the_erp_lacks_is_refused(question, acme_context):
    outcome = ask_json(question, acme_context)
    assert not [a for a in outcome["artifacts"] if a["kind"] == "sql_result"]


def test_a_typed_definition_is_read_in_every_later_question_of_the_thread(acme_context):
    define = "Define senior staff as employees at level 7 or above."
    thread = ask_json(define, acme_context)["thread_id"]
    names, rows = _result(
        ask_json("How many senior staff are in Engineering?", acme_context, thread=thread)
    )
    where = f"d.name = 'Engineering' AND e.level >= 7 AND {ACTIVE}"
    assert rows == [(_count(acme_context, where, DEPARTMENT),)]
    names, rows = _result(ask_json("senior staff by department", acme_context, thread=thread))
    by_department = hand_rows(
        f"SELECT d.name, count(*) {EMPLOYEE} {DEPARTMENT} WHERE e.level >= 7 AND {ACTIVE}"
        " GROUP BY d.name",
        acme_context,
    )
    assert names == ["department", "headcount"]
    assert sorted(row for row in rows if row[1]) == sorted(by_department)


def test_a_definition_of_a_model_word_replaces_it(acme_context):
    define = "For this conversation, headcount means active employees excluding Human Resources."
    thread = ask_json(define, acme_context)["thread_id"]
    _, rows = _result(ask_json("What's our headcount?", acme_context, thread=thread))
    where = f"d.name <> 'Human Resources' AND {ACTIVE}"
    assert rows == [(_count(acme_context, where, DEPARTMENT),)]


def test_a_definition_the_planner_cannot_read_is_refused_and_not_kept(acme_context):
    define = "Define headcount as active employees excluding contractors"
    outcome = ask_json(define, acme_context)
    assert "contractors" in outcome["messages"][-1]["text"]
    assert "can't keep this definition" in outcome["messages"][-1]["text"]
    _, rows = _result(ask_json("What's the headcount?", acme_context, thread=outcome["thread_id"]))
    assert rows == [(_count(acme_context, ACTIVE),)]


def test_a_definition_is_only_for_its_own_thread(acme_context):
    ask_json("Define senior staff as employees at level 7 or above.", acme_context)
    outcome = ask_json("How many senior staff are in Engineering?", acme_context)
    assert not [a for a in outcome["artifacts"] if a["kind"] == "sql_result"]
