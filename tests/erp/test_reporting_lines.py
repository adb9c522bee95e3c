"""The ERP has departments but no teams, managers or reporting lines: a question about "my
team" or someone's reports is refused, saying so and pointing to departments — never answered
for the whole company nor asked back as a clarification."""

import pytest

from apps.erp.planner import Refusal
from tests.erp.conftest import entities_of, plan, refused


@pytest.mark.parametrize(
    ("question", "words"),
    [
        ("how many people report to me", "reporting lines"),
        ("average level of my direct reports", "reporting lines"),
        ("total pay of my team in 2025", "reporting lines"),
        ("who is the line manager of the Sales people", "reporting lines"),
        ("salário médio da minha equipa em 2025", "linhas de reporte"),
    ],
)
def test_a_question_about_a_team_or_reports_is_refused_naming_departments(question, words):
    outcome = refused(question)
    assert isinstance(outcome, Refusal)
    assert words in outcome.message


def test_someones_reports_are_refused_with_the_tenants_names(acme):
    outcome = refused("who reports to Bruno Xu", entities=entities_of(acme))
    assert isinstance(outcome, Refusal) and "reporting lines" in outcome.message


def test_a_department_called_a_team_is_still_answered():
    assert plan("headcount of the Finance team").reading.departments == ("Finance",)
