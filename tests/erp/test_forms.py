"""The clarification form of an ERP question: a valid surface in the question's language, one
choice per missing parameter, a custom date range shown only when chosen, and answers that
are checked again on the server (they come from a browser)."""

import pytest
from pydantic import ValidationError

from apps.a2ui.problems import SurfaceInvalid
from apps.a2ui.validator import surface_validate
from apps.erp.planner.forms import FORM_ACTION, clarification_form, form_answers
from apps.erp.planner.reading import Choice, Clarification, MissingParameter
from tests.erp.conftest import components, refused


def test_a_period_form_offers_the_periods_and_a_custom_range():
    clarification = refused("What was the average salary of Sales?")
    messages = clarification_form("erp-1", clarification)
    assert surface_validate(messages) == []
    parts = components(messages)
    assert [o["value"] for o in parts["period"]["options"]] == [
        "this_year", "last_year", "latest_month", "last_12_months", "custom",
    ]  # fmt: skip
    assert parts["range"]["visible"] == {
        "call": "equals",
        "args": {"a": {"path": "/params/period"}, "b": ["custom"]},
    }
    assert parts["end"]["min"] == {"path": "/params/start"}
    event = parts["submit"]["action"]["event"]
    assert event["name"] == FORM_ACTION and set(event["context"]) == {
        "question",
        "period",
        "start",
        "end",
    }


def test_the_form_speaks_the_question_language():
    messages = clarification_form("erp-2", refused("Qual era o salário médio de Vendas?"))
    texts = [c.get("text") for c in components(messages).values()]
    assert "Que período devo usar? A resposta depende dele." in texts
    assert "Executar a consulta" in texts


def test_department_names_with_markup_are_refused():
    bad = Clarification(
        "q",
        "Which?",
        (
            MissingParameter(
                "department", "Department", (Choice("<script>x</script>", "<script>x</script>"),)
            ),
        ),
    )
    with pytest.raises(SurfaceInvalid):
        clarification_form("erp-3", bad)


def test_answers_are_read_back_and_checked_again():
    answers = form_answers(
        {
            "question": "q",
            "department": ["Sales"],
            "period": ["custom"],
            "start": "2024-03-01",
            "end": "2025-05-31",
        }
    )
    assert answers.answers() == {
        "department": "Sales",
        "period": "custom",
        "start": "2024-03-01",
        "end": "2025-05-31",
    }
    assert form_answers({"question": "q", "period": ["last_year"]}).answers() == {
        "period": "last_year"
    }
    for bad in (
        {"question": "q", "period": ["custom"], "start": "2025-05-31", "end": "2024-03-01"},
        {"question": "q", "period": ["custom"], "start": "2025-05-31"},
        {"question": "", "period": ["last_year"]},
        {"question": "q", "start": "not a date", "end": "2025-01-01"},
    ):
        with pytest.raises(ValidationError):
            form_answers(bad)
