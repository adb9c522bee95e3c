"""The planner's chart proposals are valid apps/viz chart specs for the result's columns."""

import pytest

from apps.erp.planner import Planned, plan_question
from apps.viz.specs import spec_validate
from tests.conftest import AS_OF
from tests.erp.test_phrasings import PHRASINGS
from tests.erp.test_speed import QUESTIONS

MORE = [
    "Average tenure by department",
    "number of current staff per department and level",
    "What are the top 3 departments by average salary last year?",
    "Hires per year",
    "average salary per month this year",
    "average salary by level and department this year",
    "How many unpaid months are there per department?",
    "unpaid salaries per year",
    "Percentage change in average salary by level from last year to this year",
    "hires by department per year",
]


@pytest.mark.parametrize("question", [*QUESTIONS, *MORE, *(case[0] for case in PHRASINGS)])
def test_chart_specs_validate_against_the_columns(question):
    planned = plan_question(question, as_of=AS_OF)
    assert isinstance(planned, Planned)
    if planned.chart is not None:
        spec_validate(planned.chart, [c.name for c in planned.columns])


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
    planned = plan_question(question, as_of=AS_OF)
    assert (planned.chart or {}).get("kind") == kind
