"""How the planner reads different phrasings: the structured query it builds (no database).

The risky cases are those where a word could silently change the meaning ("monthly salary" is
not a breakdown by month, "who left" is a departure, "how many years" is tenure); they are
pinned here."""

from datetime import date

import pytest

from apps.erp.entities import Entities, Person
from apps.erp.planner import Clarification, Planned, Refusal, plan_question
from apps.erp.planner.reading import Condition
from tests.conftest import AS_OF
from tests.erp.conftest import DEMO

THIS_YEAR = (date(2026, 1, 1), AS_OF)
LAST_YEAR = (date(2025, 1, 1), date(2025, 12, 31))


def _outcome(question: str):
    return plan_question(question, as_of=AS_OF, entities=DEMO)


def _query(question: str):
    outcome = _outcome(question)
    assert isinstance(outcome, Planned), f"{question!r}: {outcome}"
    return outcome.reading


def _periods(query) -> list[tuple[date | None, date]]:
    return [(p.start, p.end) for p in query.periods]


PHRASINGS = [
    ("How long have our employees been with the company on average?", "average_tenure", (), []),
    ("What's the average length of service?", "average_tenure", (), []),
    (
        "On average, how many years have current employees worked here?",
        "average_tenure",
        (),
        [],
    ),
    ("Show me the number of active staff in each department", "headcount", ("department",), []),
    ("Give me the headcount for every department", "headcount", ("department",), []),
    (
        "How many people are currently employed per department?",
        "headcount",
        ("department",),
        [],
    ),
    ("What department has the highest average level?", "average_level", ("department",), []),
    (
        "How many new hires did each department have this year versus last year?",
        "hires",
        ("department",),
        [LAST_YEAR, THIS_YEAR],
    ),
    (
        "Show hires by department for this year and the previous year",
        "hires",
        ("department",),
        [LAST_YEAR, THIS_YEAR],
    ),
    (
        "Average monthly salary in the sales department between March two years ago and May last year",
        "average_salary",
        (),
        [(date(2024, 3, 1), date(2025, 5, 31))],
    ),
    (
        "What did Sales employees earn on average between March 2024 and May 2025?",
        "average_salary",
        (),
        [(date(2024, 3, 1), date(2025, 5, 31))],
    ),
    (
        "Was the average salary higher in Engineering or Marketing last year?",
        "average_salary",
        ("department",),
        [LAST_YEAR],
    ),
    (
        "How much do employees earn on average at each level this year?",
        "average_salary",
        ("level",),
        [THIS_YEAR],
    ),
    ("Show average pay by level this year", "average_salary", ("level",), [THIS_YEAR]),
    (
        "Top 10 salary increases from last year to this year",
        "average_salary",
        ("employee",),
        [LAST_YEAR, THIS_YEAR],
    ),
    (
        "Which employees got the biggest raises between last year and this year?",
        "average_salary",
        ("employee",),
        [LAST_YEAR, THIS_YEAR],
    ),
    ("Which employees have months without a salary payment?", "unpaid_months", (), []),
    ("Has anyone not been paid for a month?", "unpaid_months", (), []),
    (
        "What was the payroll cost by department in 2025?",
        "total_salary",
        ("department",),
        [LAST_YEAR],
    ),
    (
        "What is the attrition by department this year?",
        "terminations",
        ("department",),
        [THIS_YEAR],
    ),
    (
        "Which department pays the most on average this year?",
        "average_salary",
        ("department",),
        [THIS_YEAR],
    ),
    (
        "Who is the highest paid employee this year?",
        "average_salary",
        ("employee",),
        [THIS_YEAR],
    ),
    ("Which employees have been here the longest?", "max_tenure", ("employee",), []),
    ("Maximum salary per level this year", "max_salary", ("level",), [THIS_YEAR]),
    ("What was the highest salary in 2025?", "max_salary", (), [LAST_YEAR]),
    ("How many employees were hired before 2020?", "hires", (), [(None, date(2019, 12, 31))]),
    # being paid is a salary row: people paid in the month, not the headcount at its end
    (
        "How many employees got paid last month?",
        "paid_employees",
        (),
        [(date(2026, 5, 1), date(2026, 5, 31))],
    ),
    ("hw many people get paid in Sales in 2025", "paid_employees", (), [LAST_YEAR]),
    ("yo how many ppl in ops rn", "headcount", (), []),
]


@pytest.mark.parametrize(("question", "measure", "dimensions", "periods"), PHRASINGS)
def test_phrasings(question, measure, dimensions, periods):
    query = _query(question)
    assert query.measure == measure
    assert query.dimensions == dimensions
    assert _periods(query) == periods


@pytest.mark.parametrize(
    ("question", "measure", "period"),
    [
        ("List the people who left this year", "terminations", THIS_YEAR),
        ("Who departed last year?", "terminations", LAST_YEAR),
        ("Who was hired in Sales this year?", "hires", THIS_YEAR),
        # the event word alone ("contratado", unlike "contratados") still names its count
        ("Quem foi contratado este ano?", "hires", THIS_YEAR),
        ("Quem foi desligado no ano passado?", "terminations", LAST_YEAR),
    ],
)
def test_who_questions_list_the_people(question, measure, period):
    query = _query(question)
    assert query.listing and query.measure == measure
    assert _periods(query) == [period]


def test_snapshots_take_the_end_of_the_period():
    query = _query("How many employees were active last year?")
    assert query.reference == date(2025, 12, 31)
    query = _query("the headcount at the start of 2025")
    assert query.reference == date(2025, 1, 1)


def test_superlatives_keep_ties_and_default_counts():
    assert _query("Which department has the most employees?").top == 1
    assert _query("Which employees have been here the longest?").top == 10
    assert _query("What are the top 3 departments by average salary last year?").top == 3
    assert _query("Average salary by department last year, highest first").top is None


@pytest.mark.parametrize(
    "question",
    [
        "What is the annual salary of Engineering last year?",
        "How many employees were promoted last year?",
        "Which employee has the most employees?",
    ],
)
def test_meaning_changing_words_stop_the_planner(question):
    assert isinstance(_outcome(question), Refusal)


@pytest.mark.parametrize(
    "question",
    [
        "How many employees are not in Sales?",
        "How many staff outside of Sales?",
        "headcount leaving out Sales",
        "Quantos funcionários fora das Vendas?",
        "Número de funcionários sem contar Vendas",
        "How many people do we employ, not counting Sales?",
        "headcount not including Sales",
        "Quantos funcionários temos sem incluir Vendas?",
    ],
)
def test_exclusions_are_conditions(question):
    query = _query(question)
    assert [(c.field, c.op, c.values) for c in query.conditions] == [
        ("department", "not_in", ("Sales",))
    ]


def test_an_exclusion_with_a_period():
    query = _query("Average salary excluding Sales last year")
    assert query.measure == "average_salary" and query.condition("department").op == "not_in"
    query = _query("salário médio em 2025 sem contar Vendas")
    assert query.condition("department").op == "not_in"


def test_a_negation_that_negates_nothing_is_refused():
    assert isinstance(_outcome("no, how many employees are there"), Refusal)


def test_a_list_of_people_filtered_on_pay_lists_them():
    query = _query("List the employees paid less than 4000 last month")
    assert query.dimensions == ("employee",)
    assert query.condition("salary_amount").op == "lt"


def test_seniority_is_the_level():
    query = _query("Which team has the most senior employees on average?")
    assert (query.measure, query.dimensions, query.order, query.top) == (
        "average_level",
        ("department",),
        "desc",
        1,
    )


def test_a_filter_on_people_does_not_stand_for_the_period_of_their_pay():
    outcome = _outcome("What is the average salary of employees who joined last year?")
    assert isinstance(outcome, Clarification) and outcome.missing[0].name == "period"


def test_how_much_without_average_or_total_asks_which():
    outcome = _outcome("How much did Sales earn last year?")
    assert isinstance(outcome, Clarification)
    assert [c.value for c in outcome.missing[0].choices] == ["average_salary", "total_salary"]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Who are the bottom 5 earners this year?", ("average_salary", ("employee",), "asc", 5)),
        ("Who are the top earners last year?", ("average_salary", ("employee",), "desc", 10)),
        (
            "What's the average salary of employees who are still with us this year?",
            ("average_salary", (), None, None),
        ),
        (
            "How many employees were hired in 2024 who are still employed?",
            ("hires", (), None, None),
        ),
    ],
)
def test_relative_who_and_earners(question, expected):
    query = _query(question)
    assert (query.measure, query.dimensions, query.order, query.top) == expected


def test_now_ends_a_range_at_the_as_of_date():
    assert _periods(_query("average salary from 2024 to now")) == [(date(2024, 1, 1), AS_OF)]


@pytest.mark.parametrize(
    "question",
    ["What is the average salary today?", "current average salary", "average salary right now"],
)
def test_pay_now_is_the_most_recent_complete_month(question):
    assert _periods(_query(question)) == [(date(2026, 5, 1), date(2026, 5, 31))]


def test_salaries_are_not_asked_for_one_day():
    outcome = _outcome("What was the average salary on 2026-03-31?")
    assert isinstance(outcome, Refusal)


def test_people_named_by_an_event_date_are_all_of_them():
    query = _query("what's the average level of people hired in 2025")
    assert (query.population, query.dimensions) == ("ever", ())
    query = _query("average level of people who left in 2025")
    assert (query.population, query.dimensions) == ("former", ())
    assert _query("average level of current employees hired in 2025").population == "active"


def test_what_is_the_headcount_is_a_number_not_a_list():
    for question in ("what is the headcount", "what was the headcount on 1 March 2025"):
        query = _query(question)
        assert (query.measure, query.listing, query.dimensions) == ("headcount", False, ())
    assert _query("what employees were hired in 2025").listing


def test_a_list_of_departures_lists_the_people():
    for question in (
        "List the departures in 2024",
        "Lista de saídas em 2024 no departamento de RH",
    ):
        query = _query(question)
        assert (query.measure, query.listing) == ("terminations", True)


def test_the_department_with_the_lowest_is_ranked():
    query = _query("the department with the lowest payroll in 2025")
    assert (query.dimensions, query.order, query.top) == (("department",), "asc", 1)
    assert isinstance(
        _outcome("what is the highest salary in the department in 2025"), Clarification
    )


# Named people (no database: any names do); two share a first name.
PEOPLE = Entities(
    "people",
    DEMO.departments,
    (
        Person(1, "Lucía Ferreira", "Sales"),
        Person(2, "Tomás Okoye", "Engineering"),
        Person(3, "Tomás Brandt", "HR"),
    ),
)
APRIL_2026 = (date(2026, 4, 1), date(2026, 4, 30))
LAST_MONTH = (date(2026, 5, 1), date(2026, 5, 31))


def _named(question: str):
    outcome = plan_question(question, as_of=AS_OF, entities=PEOPLE)
    assert isinstance(outcome, Planned), f"{question!r}: {outcome}"
    return outcome.reading


@pytest.mark.parametrize(
    ("question", "people", "period"),
    [
        ("What was Lucía Ferreira paid in April 2026?", ("Lucía Ferreira",), APRIL_2026),
        ("How much did Lucia Ferreira earn last year?", ("Lucía Ferreira",), LAST_YEAR),
        (
            "what did Tomás Okoye make in 2024",
            ("Tomás Okoye",),
            (date(2024, 1, 1), date(2024, 12, 31)),
        ),
        ("How much was Tomás Brandt paid last month?", ("Tomás Brandt",), LAST_MONTH),
        ("What did Okoye earn last month?", ("Tomás Okoye",), LAST_MONTH),
        (
            "What did Lucía Ferreira and Tomás Okoye earn last month?",
            ("Lucía Ferreira", "Tomás Okoye"),
            LAST_MONTH,
        ),
        ("Quanto Lucía Ferreira recebeu em abril de 2026?", ("Lucía Ferreira",), APRIL_2026),
        ("Quanto ganhou Tomás Okoye no ano passado?", ("Tomás Okoye",), LAST_YEAR),
        ("O que a Lucía Ferreira ganhou no mês passado?", ("Lucía Ferreira",), LAST_MONTH),
    ],
)
def test_a_named_persons_pay_with_a_verb_is_what_they_were_paid(question, people, period):
    query = _named(question)
    assert (query.measure, query.dimensions) == ("total_salary", ("employee",))
    assert query.condition("employee").values == people
    assert _periods(query) == [period]


def test_a_named_persons_pay_keeps_an_asked_average_and_its_questions():
    assert _named("How much did Lucía Ferreira earn on average in 2025?").measure == (
        "average_salary"
    )
    # an ambiguous first name, a missing period: asked, never guessed
    outcome = plan_question("How much was Tomás paid last month?", as_of=AS_OF, entities=PEOPLE)
    assert isinstance(outcome, Clarification) and outcome.missing[0].name == "person"
    outcome = plan_question("What was Lucía Ferreira paid?", as_of=AS_OF, entities=PEOPLE)
    assert isinstance(outcome, Clarification) and outcome.missing[0].name == "period"
    # "a month": her monthly average or the total? asked
    for question in (
        "How much did Lucía Ferreira earn a month last year?",
        "Quanto Lucía Ferreira ganhava por mês em 2025?",
    ):
        outcome = plan_question(question, as_of=AS_OF, entities=PEOPLE)
        assert isinstance(outcome, Clarification) and outcome.missing[0].name == "measure"
    # a department is not a person: how its money is summed is still asked
    outcome = plan_question("What did Sales earn last month?", as_of=AS_OF, entities=PEOPLE)
    assert isinstance(outcome, Clarification) and outcome.missing[0].name == "measure"


@pytest.mark.parametrize(
    ("question", "order"),
    [
        ("Which department is the smallest?", "asc"),
        ("which dept is biggest", "desc"),
        ("What's the largest department?", "desc"),
        ("Which team is the smallest one?", "asc"),
        ("the biggest department", "desc"),
        ("Qual é o maior departamento?", "desc"),
        ("Qual departamento é o menor?", "asc"),
        ("qual é o menor departamento", "asc"),
    ],
)
def test_a_department_ranked_by_size_is_ranked_by_headcount(question, order):
    query = _query(question)
    assert (query.measure, query.dimensions, query.order, query.top) == (
        "headcount",
        ("department",),
        order,
        1,
    )
    assert query.reference == AS_OF  # its size now: the people employed today


@pytest.mark.parametrize(
    "question",
    [
        "Which department is the best?",
        "Which department is the highest?",
        "What is the top department?",
        "Qual é o departamento mais alto?",
        "which is the smallest team in Sales",
    ],
)
def test_a_department_ranked_by_no_measure_is_asked_about(question):
    outcome = _outcome(question)
    assert isinstance(outcome, Clarification) and outcome.missing[0].name == "measure"


def test_the_largest_of_named_departments_is_ranked_among_them():
    query = _query("Which department is the largest: Sales or Marketing?")
    # both, largest first: as "higher in Engineering or Marketing" compares the two named
    assert (query.measure, query.dimensions, query.order) == ("headcount", ("department",), "desc")
    assert query.condition("department").values == ("Sales", "Marketing")


@pytest.mark.parametrize(
    ("question", "low", "high"),
    [
        ("How many employees are between level 3 and level 5?", 3, 5),
        ("How many people are in levels 3 to 5?", 3, 5),
        ("headcount from level 2 through 4", 2, 4),
        ("How many staff have a level between 4 and 6?", 4, 6),
        ("employees from level 2 to level 7", 2, 7),
        ("How many employees are between level 6 and level 2?", 2, 6),
        ("Quantos funcionários estão entre o nível 3 e o 5?", 3, 5),
        ("Quantos funcionários há do nível 2 ao nível 4?", 2, 4),
        ("número de funcionários com nível entre 4 e 6", 4, 6),
    ],
)
def test_a_range_of_levels_is_one_inclusive_condition(question, low, high):
    query = _query(question)
    assert query.measure == "headcount"
    assert [(c.field, c.op, c.values) for c in query.conditions] == [
        ("level", "between", (low, high))
    ]


@pytest.mark.parametrize(
    "question",
    [
        "How many employees are at levels 3 and 5?",
        "headcount at level 3 and level 5",
        "quantos funcionários de nível 3 e 5",
        "quantos funcionários do nível 3 e 5",
    ],
)
def test_two_levels_joined_by_and_are_those_levels_not_a_range(question):
    # "levels 3 and 5" are those two levels, side by side: never 3 to 5 (level 4 included)
    outcome = _outcome(question)
    assert isinstance(outcome, Planned)
    assert outcome.reading.condition("level") == Condition("level", "in", (3, 5))
    assert outcome.reading.dimensions == ("level",)


@pytest.mark.parametrize(
    "question",
    [
        "When was Hugo Silva paid?",
        "when did Hugo Silva get a raise",
        "Quando Hugo Silva foi pago?",
    ],
)
def test_when_of_something_other_than_a_hire_or_leave_is_refused(question):
    people = Entities("p", DEMO.departments, (Person(2, "Hugo Silva", "Sales"),))
    outcome = plan_question(question, as_of=AS_OF, entities=people)
    assert isinstance(outcome, Refusal), outcome  # not his hire date
    hired = plan_question("When was Hugo Silva hired?", as_of=AS_OF, entities=people)
    assert isinstance(hired, Planned) and hired.reading.show[0] == "hire_date"


@pytest.mark.parametrize(
    "question",
    [
        "which department had the highest single salary last month",
        "which department paid the largest single salary in 2025",
        "lowest single payment per department in March 2025",
    ],
)
def test_a_single_salary_asked_of_departments_is_the_extreme_payment(question):
    # "single" says one payment: not the ranking word on the average salary
    assert _query(question).measure in ("max_salary", "min_salary")
