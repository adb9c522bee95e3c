"""A typo with several readings: when every reading asks the same ("hirez": hire, hired,
hires) it is answered; when they ask different things ("jired": hired or fired) the person is
asked which — a form with both as choices, or the reading typed in the thread — never a guess
and never a refusal."""

import json

import pytest

from tests.erp.conftest import ask_json, assert_rows, hand_rows, norm_rows
from tests.erp.test_clarification_survives_refusals import _act

pytestmark = [pytest.mark.usefixtures("committed_db")]

HIRES_2025 = (
    "SELECT count(*) FROM erp_employee e WHERE e.hire_date BETWEEN '2025-01-01' AND '2025-12-31'"
)
LEFT_2025 = (
    "SELECT count(*) FROM erp_employee e "
    "WHERE e.termination_date BETWEEN '2025-01-01' AND '2025-12-31'"
)
ASKED = "how many people were jired in 2025?"


def _rows(outcome: dict) -> list[tuple]:
    [result] = [a for a in outcome["artifacts"] if a["kind"] == "sql_result"]
    return norm_rows(result["rows"])


@pytest.mark.parametrize("question", ["how many hirez last year?", "hirez in 2025"])
def test_readings_that_agree_are_answered(question, acme_context):
    outcome = ask_json(question, acme_context)
    assert_rows(_rows(outcome), hand_rows(HIRES_2025, acme_context, {}), ordered=True)


def test_readings_that_differ_are_offered_as_choices(acme_context):
    outcome = ask_json(ASKED, acme_context)
    assert outcome["status"] == "needs_input"
    [surface] = [a for a in outcome["artifacts"] if a["kind"] == "a2ui_surface"]
    text = json.dumps(surface["messages"])
    assert '"value": "hires"' in text and '"value": "terminations"' in text
    chosen = _act(
        outcome["thread_id"],
        surface["surface_id"],
        {"question": ASKED, "measure": ["terminations"]},
    )
    assert_rows(_rows(chosen), hand_rows(LEFT_2025, acme_context, {}), ordered=True)


@pytest.mark.parametrize(("typed", "sql"), [("hired", HIRES_2025), ("fired", LEFT_2025)])
def test_a_reading_typed_in_the_thread_answers(typed, sql, acme_context):
    thread = ask_json(ASKED, acme_context)["thread_id"]
    outcome = ask_json(typed, acme_context, thread=thread)
    assert_rows(_rows(outcome), hand_rows(sql, acme_context, {}), ordered=True)
