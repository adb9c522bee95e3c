"""A question in Spanish is read through Portuguese, its nearest language (spanish.py): each
Spanish word is put into the Portuguese word of the same meaning and the question is read as
strictly as any, answered in Portuguese. A Spanish word outside that list leaves the question
refused in Spanish — never half-read through the Portuguese words it shares and answered
wrongly."""

import pytest

from apps.erp.planner import Clarification, Planned, plan_question
from tests.conftest import AS_OF
from tests.erp.conftest import DEMO, ask_json, refused


@pytest.mark.parametrize(
    ("spanish", "portuguese"),
    [
        ("¿cuántos empleados hay en cada departamento?", "quantos funcionários há em cada departamento"),
        ("número de empleados por departamento", "número de funcionários por departamento"),
        ("¿cuántos trabajadores tiene Marketing?", "quantos funcionários tem Marketing"),
        ("total de la nómina del mes pasado", "total da folha de pagamento do mês passado"),
        ("cuántos empleados se fueron en 2025", "quantos funcionários saíram em 2025"),
        ("¿cuántas personas contratamos en 2025?", "quantas pessoas contratamos em 2025"),
        ("¿cuál es el salario promedio en Finanzas en 2025?", "qual é o salário médio em finanças em 2025"),
        ("¿cuál es la tasa de rotación por departamento en 2025?", "qual é a taxa de rotatividade por departamento em 2025"),
        ("¿qué porcentaje de los empleados está en Ventas?", "que percentagem dos funcionários está em vendas"),
        ("¿cuál es la antigüedad media por departamento?", "qual é o tempo médio de casa por departamento"),
    ],
)  # fmt: skip
def test_a_spanish_question_is_read_as_its_portuguese_twin(spanish, portuguese):
    asked = plan_question(spanish, as_of=AS_OF, entities=DEMO)
    twin = plan_question(portuguese, as_of=AS_OF, entities=DEMO)
    assert isinstance(asked, Planned), asked
    assert isinstance(twin, Planned), twin
    assert (asked.sql, asked.params) == (twin.sql, twin.params)
    assert asked.reading.language == "es"  # answered in the language asked


def test_a_spanish_question_missing_its_period_is_asked_for_it():
    # in the past: the current pay is not meant ("salario promedio por departamento" is read
    # as the current pay, as in English and Portuguese)
    outcome = plan_question(
        "¿cuál era el salario promedio por departamento?", as_of=AS_OF, entities=DEMO
    )
    assert isinstance(outcome, Clarification)


def test_a_spanish_question_the_list_cannot_read_is_refused_in_spanish():
    outcome = refused("¿quiénes trabajan desde casa?")
    assert outcome.language == "es"
    assert "español" in outcome.message and "portugués" in outcome.message


def test_a_spanish_question_about_what_the_erp_lacks_is_told_so_in_spanish():
    outcome = refused("¿cuántos empleados tienen un bonus?")
    assert outcome.language == "es"
    assert "no hay bonos" in outcome.message and "ERP" in outcome.message


@pytest.mark.parametrize(
    "question",
    [
        "qual é o salário médio em finanças no ano passado",
        "quantos funcionários há em cada departamento",
        "how many employees are in the Sales department",
    ],
)
def test_portuguese_and_english_are_not_taken_for_spanish(question):
    outcome = plan_question(question, as_of=AS_OF, entities=DEMO)
    assert isinstance(outcome, Planned)
    assert outcome.reading.language == ("en" if question.startswith("how") else "pt")


@pytest.mark.usefixtures("committed_db")
def test_a_spanish_question_is_answered_through_the_agent(acme_context):
    outcome = ask_json("¿cuántos empleados hay en cada departamento?", acme_context)
    twin = ask_json("quantos funcionários há em cada departamento", acme_context)
    [rows] = [a["rows"] for a in outcome["artifacts"] if a["kind"] == "sql_result"]
    [expected] = [a["rows"] for a in twin["artifacts"] if a["kind"] == "sql_result"]
    assert rows == expected and rows
