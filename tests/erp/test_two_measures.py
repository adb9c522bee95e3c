"""Two measures in one question on the same grain ("hires vs departures by month in 2025",
"headcount and average salary per department in 2025"): each measure read alone, joined on
the groups — checked against hand-written SQL; people ranked by pay with no period are ranked
by the current pay (the most recent complete month); an event word's time after the
department it happened in ("contratado em Marketing em 2025")."""

import pytest

from apps.erp.planner import Clarification, Planned, Refusal
from apps.erp.planner.narrative import narrative
from apps.erp.planner.periods import month_period
from tests.erp.conftest import assert_rows, hand_rows, pick, plan, planner_result, refused

ACTIVE_AT = "e.hire_date <= {d} AND (e.termination_date IS NULL OR e.termination_date > {d})"
HIRES_AND_EXITS_BY_MONTH = """SELECT m, sum(h), sum(t) FROM (
  SELECT date_trunc('month', hire_date)::date m, 1 h, 0 t FROM erp_employee
   WHERE hire_date BETWEEN '2025-01-01' AND '2025-12-31'
  UNION ALL SELECT date_trunc('month', termination_date)::date, 0, 1 FROM erp_employee
   WHERE termination_date BETWEEN '2025-01-01' AND '2025-12-31') x GROUP BY m ORDER BY m"""


@pytest.mark.parametrize(
    "question",
    [
        "hires vs departures by month in 2025",
        "compare hires and exits per month in 2025",
        "contratações e saídas por mês em 2025",
    ],
)
def test_hires_and_departures_by_month(acme, question):
    planned, names, rows = planner_result(question, acme)
    assert planned.reading.measure == "hires"
    assert [r.measure for r in planned.reading.also] == ["terminations"]
    got = pick(names, rows, "month", "hires", "departures")
    assert_rows(got, hand_rows(HIRES_AND_EXITS_BY_MONTH, acme), ordered=True)
    assert planned.chart["y"] == ["hires", "departures"]  # both on one chart
    assert planned.title.split(",")[0] in (
        "Hires and departures by month",
        "Contratações e saídas por mês",
    )


def test_counts_of_one_department_side_by_side(acme):
    planned, names, rows = planner_result(
        "how many people joined Finance in 2024 and how many left", acme
    )
    expected = hand_rows(
        """SELECT count(*) FILTER (WHERE e.hire_date BETWEEN '2024-01-01' AND '2024-12-31'),
             count(*) FILTER (WHERE e.termination_date BETWEEN '2024-01-01' AND '2024-12-31')
           FROM erp_employee e JOIN erp_department d ON d.id = e.department_id
           WHERE d.name = 'Finance'""",
        acme,
    )
    assert_rows(pick(names, rows, "hires", "departures"), expected, ordered=True)


def test_a_snapshot_and_a_payment_measure_per_department(acme):
    planned, names, rows = planner_result(
        "headcount and average salary per department in 2025", acme
    )
    active = ACTIVE_AT.format(d="'2025-12-31'")
    expected = hand_rows(
        f"""SELECT d.name,
             (SELECT count(*) FROM erp_employee e WHERE e.department_id = d.id AND {active}),
             (SELECT round(avg(s.amount), 2) FROM erp_salary s JOIN erp_employee e
               ON e.id = s.employee_id WHERE e.department_id = d.id
               AND s.pay_date BETWEEN '2025-01-01' AND '2025-12-31')
           FROM erp_department d ORDER BY d.name""",
        acme,
    )
    assert_rows(
        pick(names, rows, "department", "headcount", "average_salary"), expected, ordered=True
    )
    # people and money share no axis; each measure's title says its own day or period
    assert planned.chart is None
    assert "end of 2025" in planned.title and "Average salary by department, 2025" in planned.title


def test_each_measure_has_its_own_sentence():
    planned = plan("how many hires and how many departures in 2025")
    columns = [{"name": c.name, "label": c.label, "type": "int8"} for c in planned.columns]
    text = narrative(planned.reading, columns, [[48, 4]], planned.title)
    assert "48" in text and "4" in text
    assert text.count("Hires") == 1 and text.count("Departures") == 1


def test_a_salary_period_missing_is_asked_for_both():
    outcome = refused("headcount and average salary per department")
    assert isinstance(outcome, Clarification)
    assert outcome.missing[0].name == "period"


def test_a_follow_up_changes_both_measures():
    first = plan("hires vs departures by quarter in 2025")
    from datetime import date

    from apps.erp.planner import plan_question
    from tests.erp.conftest import DEMO

    later = plan_question(
        "and in 2024?", previous=first.reading, as_of=date(2026, 6, 15), entities=DEMO
    )
    assert isinstance(later, Planned)
    assert [r.periods[0].start.year for r in (later.reading, *later.reading.also)] == [2024, 2024]


def test_two_measures_that_cannot_share_a_ranking_are_refused():
    outcome = refused("top 3 departments by hires and departures in 2025")
    assert isinstance(outcome, Refusal)


@pytest.mark.parametrize(
    "question",
    ["who are the top 5 earners in finance", "the 5 highest paid employees in Finance"],
)
def test_people_ranked_by_pay_without_a_period_are_ranked_by_current_pay(acme, question):
    planned, names, rows = planner_result(question, acme)
    period = planned.reading.periods[0]
    assert (period.start.isoformat(), period.end.isoformat()) == ("2026-05-01", "2026-05-31")
    assert planned.reading.note == "current_pay"
    assert "current pay" in planned.title
    expected = hand_rows(
        """SELECT name, a FROM (SELECT e.name, round(avg(s.amount), 2) a,
             rank() OVER (ORDER BY avg(s.amount) DESC) r FROM erp_salary s
             JOIN erp_employee e ON e.id = s.employee_id
             JOIN erp_department d ON d.id = e.department_id
             WHERE d.name = 'Finance' AND s.pay_date BETWEEN '2026-05-01' AND '2026-05-31'
             GROUP BY e.id, e.name) x WHERE r <= 5 ORDER BY a DESC""",
        acme,
    )
    assert_rows(pick(names, rows, "employee", "average_salary"), expected, ordered=True)


def test_departments_ranked_by_average_pay_in_the_present_rank_the_current_pay():
    reading = plan("which department pays the most on average").reading
    assert reading.periods == (month_period(2026, 5),) and reading.note == "current_pay"
    assert isinstance(refused("which department had the highest average salary"), Clarification)


@pytest.mark.parametrize(
    ("question", "field"),
    [
        ("quem foi contratado em marketing em 2025?", "hire_date"),
        ("quem foi contratada em vendas em 2024?", "hire_date"),
    ],
)
def test_an_event_timed_after_its_department_is_the_event_of_that_period(question, field):
    planned = plan(question)
    assert planned.reading.listing
    condition = planned.reading.condition(field)
    periods = planned.reading.periods
    assert condition is not None or (periods and periods[0].grain == "year")
    assert planned.reading.reference is None  # never the people employed at the year's end


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("the 3 oldest people in sales", "The 3 current employees in Sales hired longest ago"),
        (
            "quais são as 3 pessoas mais antigas em vendas?",
            "Os 3 funcionários ativos em Sales contratados há mais tempo",
        ),
        ("as 5 contratações mais recentes", "Os 5 funcionários contratados mais recentemente"),
        (
            "os 2 departamentos com menos pessoas",
            "Os 2 departamentos com menos funcionários ativos",
        ),
        (
            "the 2 departments with the fewest people",
            "The 2 departments with the fewest current employees",
        ),
        (
            "os 3 departamentos com mais contratações em 2025",
            "Os 3 departamentos com mais contratações",
        ),
    ],
)
def test_titles_read_as_a_person_writes_them(question, expected):
    assert plan(question).title.startswith(expected)


@pytest.mark.parametrize(
    "question",
    [
        "headcount and hires by month in 2025",
        "número de funcionários e contratações por mês em 2025",
    ],
)
def test_a_headcount_joined_to_a_count_is_kept(acme, question):
    """ "Headcount and hires": both (the headcount was dropped for the hires: a wrong answer);
    "how many employees were hired" still counts the hires alone."""
    planned, names, rows = planner_result(question, acme)
    expected = hand_rows(
        """SELECT m::date,
             (SELECT count(*) FROM erp_employee e
               WHERE e.hire_date <= (m + interval '1 month - 1 day')::date
               AND (e.termination_date IS NULL
                    OR e.termination_date > (m + interval '1 month - 1 day')::date)),
             (SELECT count(*) FROM erp_employee WHERE date_trunc('month', hire_date) = m)
           FROM generate_series(DATE '2025-01-01', DATE '2025-12-01', interval '1 month') m
           ORDER BY m""",
        acme,
    )
    assert_rows(pick(names, rows, "month", "headcount", "hires"), expected, ordered=True)
    alone = plan("how many employees were hired in 2025").reading
    assert (alone.measure, alone.also) == ("hires", ())


def test_a_chip_changes_every_measure():
    from apps.erp.planner.chips import apply_chip
    from tests.erp.conftest import DEMO

    reading = plan("hires vs departures by month in 2025").reading
    changed = apply_chip(reading, {"department": "Sales"}, DEMO, follows="a1")
    assert [r.departments for r in (changed, *changed.also)] == [("Sales",), ("Sales",)]
    assert [r.measure for r in (changed, *changed.also)] == ["hires", "terminations"]


def _measure_chip_actions(reading) -> dict[str, set[tuple[str, str]]]:
    """Each measure chip's trigger text → the (key, value) its choices send."""
    from apps.erp.planner.chips import CHIP_ACTION, chips_surface
    from tests.erp.conftest import DEMO, components

    shown = components(chips_surface("reading-1", reading, DEMO))
    chips = {}
    for cid, component in shown.items():
        if component["component"] != "Modal" or not cid.startswith("chip-measure"):
            continue
        trigger = shown[component["trigger"]]
        text = shown[trigger["child"]]["text"]
        choices = shown[component["content"]]["children"]
        sent = set()
        for choice in choices:
            event = shown[choice].get("action", {}).get("event", {})
            if event.get("name") == CHIP_ACTION:
                sent |= set(event["context"].items())
        chips[text] = sent
    return chips


def test_each_measure_has_its_own_chip_that_changes_that_measure():
    """ "Average salary and payroll by department": two measure chips; the second one's
    choice replaces the payroll, not the average (it changed the first measure before)."""
    from apps.erp.planner.chips import apply_chip
    from tests.erp.conftest import DEMO

    reading = plan("average salary and total payroll by department in 2025").reading
    assert [r.measure for r in (reading, *reading.also)] == ["average_salary", "total_salary"]
    chips = _measure_chip_actions(reading)
    assert set(chips) == {"Average salary", "Total salary paid"}
    assert ("measure:total_salary", "max_salary") in chips["Total salary paid"]
    assert ("measure:average_salary", "max_salary") in chips["Average salary"]
    # a measure already shown is not offered to the other chip
    assert not any(value == "average_salary" for _, value in chips["Total salary paid"])

    changed = apply_chip(reading, {"measure:total_salary": "max_salary"}, DEMO, follows="a1")
    assert [r.measure for r in (changed, *changed.also)] == ["average_salary", "max_salary"]
    assert all(r.dimensions == ("department",) for r in (changed, *changed.also))
    first = apply_chip(reading, {"measure:average_salary": "median_salary"}, DEMO, follows="a1")
    assert [r.measure for r in (first, *first.also)] == ["median_salary", "total_salary"]


@pytest.mark.parametrize(
    "change",
    [
        {"measure:headcount": "max_salary"},  # not a measure of this reading
        {"measure:total_salary": "average_salary"},  # the other measure: shown already
        {"measure:total_salary": "hires"},  # not of the payroll's family
    ],
)
def test_a_measure_chip_value_that_is_not_offered_is_refused(change):
    from apps.erp.planner.chips import apply_chip
    from apps.erp.planner.reading import Refusal
    from tests.erp.conftest import DEMO

    reading = plan("average salary and total payroll by department in 2025").reading
    assert isinstance(apply_chip(reading, change, DEMO, follows="a1"), Refusal)


@pytest.mark.parametrize(
    "question",
    [
        "salário médio e número de funcionários por nível em 2025",
        "number of employees and average salary by level in 2025",
    ],
)
def test_a_counting_word_counts_its_own_measure_only(question):
    """ "Número de funcionários" counts the people, never the salary it is asked with."""
    reading = plan(question).reading
    assert {reading.measure, *(r.measure for r in reading.also)} == {"average_salary", "headcount"}
    assert reading.dimensions == ("level",)
