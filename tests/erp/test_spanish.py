"""A question in Spanish is refused in Spanish, naming the languages the planner reads — never
half-read through the Portuguese words it shares and answered wrongly."""

import pytest

from apps.erp.planner import Planned, plan_question
from tests.erp.conftest import AS_OF, DEMO, refused


@pytest.mark.parametrize(
    "question",
    [
        "¿Cuál es el sueldo medio en Finanzas?",
        "número de empleados por departamento",
        "¿cuántos trabajadores tiene Marketing?",
        "total de la nómina del mes pasado",
    ],
)
def test_a_spanish_question_is_refused_in_spanish(question):
    outcome = refused(question)
    assert outcome.language == "es"
    assert "español" in outcome.message and "portugués" in outcome.message


@pytest.mark.parametrize(
    "question",
    [
        "qual é o salário médio em finanças no ano passado",
        "quantos funcionários há em cada departamento",
        "how many employees are in the Sales department",
    ],
)
def test_portuguese_and_english_are_not_taken_for_spanish(question):
    assert isinstance(plan_question(question, as_of=AS_OF, entities=DEMO), Planned)
