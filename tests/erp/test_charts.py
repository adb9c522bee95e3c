"""The planner's chart proposals are valid apps/viz chart specs for the result's columns."""

import pytest

from apps.erp.eval.brief import ENGLISH as QUESTIONS
from apps.erp.eval.brief import PORTUGUESE
from apps.erp.planner import Planned, plan_question
from apps.viz.specs import spec_validate
from tests.conftest import AS_OF
from tests.erp.conftest import DEMO
from tests.erp.test_phrasings import PHRASINGS

MORE = [
    "Average tenure by department",
    "number of current staff per department and level",
    "What are the top 3 departments by average salary last year?",
    "Hires per year",
    "average salary for each month this year",
    "average salary by level and department this year",
    "How many unpaid months are there per department?",
    "unpaid salaries per year",
    "Percentage change in average salary by level from last year to this year",
    "hires by department per year",
]


@pytest.mark.parametrize(
    "question", [*QUESTIONS, *PORTUGUESE, *MORE, *(case[0] for case in PHRASINGS)]
)
def test_chart_specs_validate_against_the_columns(question):
    planned = plan_question(question, as_of=AS_OF, entities=DEMO)
    assert isinstance(planned, Planned)
    if planned.chart is not None:
        spec_validate(planned.chart, [c.name for c in planned.columns])
        # Axis titles are the columns' labels, in the question's language.
        labels = {c.name: c.label for c in planned.columns}
        assert planned.chart["x_axis"]["title"] == labels[planned.chart["x"]]


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        (QUESTIONS[0], None),  # one number
        (QUESTIONS[1], "bar"),  # category × measure
        (QUESTIONS[3], "grouped_bar"),  # category × two periods
        ("Hires per year", "line"),  # time series
        ("hires by department per year", "line"),  # time × series
        ("average salary by level and department this year", "grouped_bar"),
        (QUESTIONS[9], None),  # a list of employee-months
    ],
)
def test_chart_kind_follows_the_shape_of_the_query(question, kind):
    planned = plan_question(question, as_of=AS_OF, entities=DEMO)
    assert (planned.chart or {}).get("kind") == kind


def test_a_chart_kind_can_be_asked_for():
    planned = plan_question(
        "hires by department in 2025 as a pie chart", as_of=AS_OF, entities=DEMO
    )
    assert planned.chart["kind"] == "pie"
    planned = plan_question("headcount by department, no chart", as_of=AS_OF, entities=DEMO)
    assert planned.chart is None
