"""A request for a chart (or a table, a list) is the question with that artifact: "create a
chart of headcount by department", "generate a plot of …", "faça um gráfico de …" — the verb
that makes the output says nothing of the data. A make verb before a record ("create an
employee") is still a write, refused; before anything else it is still an unknown word."""

import pytest

from apps.erp.planner import Planned, plan_question
from tests.conftest import AS_OF
from tests.erp.conftest import DEMO, hand_rows, plan, planner_result, refused

HEADCOUNT_BY_DEPARTMENT = """
SELECT d.name, count(*) FROM erp_employee e JOIN erp_department d ON d.id = e.department_id
WHERE e.hire_date <= %(day)s AND (e.termination_date IS NULL OR e.termination_date > %(day)s)
GROUP BY d.name
"""


@pytest.mark.parametrize(
    ("question", "measure", "dimension", "chart"),
    [
        ("create a chart of headcount by department", "headcount", "department", None),
        ("generate a plot of payroll per department in 2025", "total_salary", "department", None),
        ("build a bar chart of headcount per dept", "headcount", "department", "bar"),
        ("produce a line chart of hires by month in 2025", "hires", "month", "line"),
        ("can you draw me a chart showing avg salary by level last month", "average_salary", "level", None),
        ("cria um gráfico de contratações por mês em 2025", "hires", "month", None),
        ("faça um gráfico da folha por departamento em 2025", "total_salary", "department", None),
        ("gere um gráfico de barras das saídas por trimestre em 2025", "terminations", "quarter", "bar"),
        ("monte uma tabela com o número de funcionários por departamento", "headcount", "department", "none"),
    ],
)  # fmt: skip
def test_a_chart_request_is_the_question_with_a_chart(question, measure, dimension, chart):
    reading = plan(question).reading
    assert reading.measure == measure
    assert dimension in reading.dimensions
    assert reading.chart == chart


def test_a_chart_request_answers_the_numbers_of_its_question(acme):
    _, _, rows = planner_result("create a chart of headcount by department", acme)
    assert sorted(rows) == sorted(hand_rows(HEADCOUNT_BY_DEPARTMENT, acme, {"day": AS_OF}))


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("create an employee in sales", "read_only"),  # a record: a write
        ("create headcount by department", None),  # no output named: the verb is not read
        ("generate headcount by department", None),
    ],
)
def test_a_make_verb_without_an_output_is_not_dropped(question, kind):
    outcome = refused(question)
    if kind is not None:
        assert outcome.kind == kind
    else:
        assert not isinstance(plan_question(question, as_of=AS_OF, entities=DEMO), Planned)
