"""The reading as chips: a valid A2UI surface of Tessera's catalog that shows what was
computed, whose alternatives re-run the stored reading at once (a recorded turn, no question
read again), and whose values are checked: a chip value from a browser that is not offered
is refused."""

import json
from datetime import date

import pytest

from apps.a2ui.validator import surface_validate
from apps.agent import selectors
from apps.agent.inbound import UserAction
from apps.agent.runtime import run_execute
from apps.erp.planner.chips import CHIP_ACTION, apply_chip, chips_surface
from apps.erp.planner.reading import Reading, Refusal
from tests.conftest import AS_OF
from tests.erp.conftest import DEMO, ask_json, assert_rows, components, hand_rows, norm_rows, plan

pytestmark = [pytest.mark.usefixtures("committed_db")]


def _texts(messages) -> list[str]:
    return [c["text"] for c in components(messages).values() if c["component"] == "Text"]


def test_the_chips_show_measure_department_grouping_and_period():
    reading = plan("What did the Sales department cost in salaries in 2025?").reading
    messages = chips_surface("reading-1", reading, DEMO)
    assert surface_validate(messages) == []
    texts = _texts(messages)
    assert "Total salary paid" in texts and "Sales" in texts
    assert "1 Jan 2025 – 31 Dec 2025" in texts
    actions = [
        c["action"]["event"]
        for c in components(messages).values()
        if c["component"] == "Button" and c["action"]["event"]["name"] == CHIP_ACTION
    ]
    offered = {(k, v) for a in actions for k, v in a["context"].items()}
    assert {
        ("measure", "average_salary"),
        ("department", "Marketing"),
        ("group", "level"),
    } <= offered
    assert ("period", "last_year") in offered


def test_chips_speak_the_question_language():
    reading = plan("Qual foi o custo salarial de Vendas em 2025?").reading
    texts = _texts(chips_surface("reading-2", reading, DEMO))
    assert "Total de salários pagos" in texts and "Todos os departamentos" in texts


@pytest.mark.parametrize(
    "change",
    [
        {"department": "Legal"},
        {"measure": "unpaid_months"},
        {"group": "nonsense"},
        {"period": "2999"},
        {},
        {"a": 1, "b": 2},
    ],
)
def test_a_value_that_is_not_offered_is_refused(change):
    reading = plan("What did the Sales department cost in salaries in 2025?").reading
    assert isinstance(apply_chip(reading, change, DEMO, follows="art_1"), Refusal)


def test_a_chip_change_gives_the_changed_reading():
    reading = plan("What did the Sales department cost in salaries in 2025?").reading
    changed = apply_chip(reading, {"department": "Marketing"}, DEMO, follows="art_1")
    assert isinstance(changed, Reading) and changed.departments == ("Marketing",)
    assert changed.follows == "art_1" and changed.measure == reading.measure
    each = apply_chip(reading, {"department": "each"}, DEMO, follows="art_1")
    assert each.dimensions == ("department",) and not each.departments
    average = apply_chip(reading, {"measure": "average_salary"}, DEMO, follows="art_1")
    assert average.measure == "average_salary" and average.periods == reading.periods


def test_clicking_a_chip_reruns_the_stored_reading_as_a_recorded_turn(acme_context):
    first = ask_json("What did the Sales department cost in salaries in 2025?", acme_context)
    [surface] = [a for a in first["artifacts"] if a["kind"] == "a2ui_surface"]
    [result] = [a for a in first["artifacts"] if a["kind"] == "sql_result"]
    action = UserAction.model_validate(
        {
            "type": "action",
            "action": {
                "name": CHIP_ACTION,
                "surfaceId": surface["surface_id"],
                "sourceComponentId": "department-option-3",
                "context": {"department": "Marketing"},
            },
        }
    )
    outcome = run_execute(
        context=acme_context,
        thread_id=first["thread_id"],
        message=action,
        as_of=AS_OF,
    )
    assert outcome.status == "finished"
    [changed] = [a for a in outcome.artifacts if a["kind"] == "sql_result"]
    assert changed["params"]["department"] == "Marketing"
    assert changed["reading"]["follows"] == result["id"]
    expected = hand_rows(
        "SELECT sum(s.amount) FROM erp_salary s JOIN erp_employee e ON e.id = s.employee_id "
        "JOIN erp_department d ON d.id = e.department_id WHERE d.name = 'Marketing' "
        "AND s.pay_date BETWEEN '2025-01-01' AND '2025-12-31'",
        acme_context,
    )
    assert_rows(norm_rows(changed["rows"]), expected, ordered=True)
    # Recorded like any turn: a run whose request is the chip the person chose.
    run = selectors.run_get(context=acme_context, run_id=outcome.run_id)
    assert "Marketing" in run.request
    assert date.fromisoformat(changed["reading"]["as_of"]) == AS_OF
    assert json.dumps(changed["reading"]).count("Sales") == 0
    # Chips are no form the run waited on: they stay usable, never shown as answered.
    assert selectors.answered_surfaces(context=acme_context, thread_id=first["thread_id"]) == set()
