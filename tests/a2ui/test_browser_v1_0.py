"""A2UI v1.0 in the browser renderer, under the app's CSP: the official v1.0 examples, a
Tessera form sent in v1.0 (components and data with createSurface, actions answered in v1.0),
v1.0's data and accessibility rules, and function-call messages refused."""

import json
from datetime import date
from pathlib import Path

import pytest

from apps.a2ui.catalog import CATALOG_ID, CATALOG_ID_V1
from apps.a2ui.forms import flight_booking_answers, flight_booking_form
from apps.a2ui.translate import messages_for_version
from apps.agent.inbound import parse_client_message

pytestmark = [pytest.mark.slow, pytest.mark.browser]

EXAMPLES = Path(__file__).resolve().parents[1] / "fixtures" / "a2ui" / "v1_0" / "catalogs"
SID = "v1"
TODAY = date(2026, 6, 15)
SHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"


def _examples():
    return sorted(EXAMPLES.rglob("*.json"))


def create(components, data=None, **extra):
    body = {"surfaceId": SID, "catalogId": CATALOG_ID_V1, "components": components, **extra}
    if data is not None:
        body["dataModel"] = data
    return {"version": "v1.0", "createSurface": body}


def data(path, **value):
    return {"version": "v1.0", "updateDataModel": {"surfaceId": SID, "path": path, **value}}


@pytest.mark.parametrize("path", _examples(), ids=lambda p: p.stem)
def test_official_v1_example_renders(harness, path):
    errors = harness.process(json.loads(path.read_text())["messages"])
    state = harness.state()
    assert errors == [] and state["errors"] == []
    assert harness.unresolved() == 0
    assert harness.page.locator("#surfaces .a2ui-surface .a2ui-c").count() >= 1
    assert state["violations"] == []
    assert harness.console_errors == [] and harness.page_errors == []
    assert harness.foreign_requests() == []


def test_a_tessera_form_in_v1_renders_and_answers_in_v1(harness):
    form = flight_booking_form(surface_id="clarify-9", destination="Beijing", today=TODAY)
    messages = messages_for_version(form, "v1.0")
    assert len(messages) == 1  # one createSurface with everything
    assert harness.process(messages) == []
    page = harness.page
    assert page.get_by_label("To").input_value() == "Beijing"
    # Conditional fields work in v1.0 too: the return date shows only for a round trip.
    assert page.get_by_label("Return date").is_hidden()
    page.get_by_label("Round trip").check()
    assert page.get_by_label("Return date").is_visible()
    page.get_by_label("From").fill("Lisbon")
    page.get_by_label("Departure date").fill("2026-07-01")
    page.get_by_label("Return date").fill("2026-06-20")
    page.get_by_role("button", name="Search flights").click()
    assert harness.state()["actions"] == []  # the return date's check blocks the submit
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "v1-form-blocked.png"), full_page=True)
    page.get_by_label("Return date").fill("2026-07-09")
    page.get_by_role("button", name="Search flights").click()
    [action] = harness.state()["actions"]
    assert action["version"] == "v1.0"
    assert action["action"]["surfaceId"] == "clarify-9"
    assert action["action"]["context"]["origin"] == "Lisbon"
    assert action["action"]["context"]["tripType"] == ["roundTrip"]
    # ... and the server takes it as the answer it is.
    answer = parse_client_message({"type": "action", "action": action["action"]})
    assert flight_booking_answers(answer.action.context).origin == "Lisbon"
    assert harness.unresolved() == 0 and harness.state()["violations"] == []


def test_v1_data_rules_null_removes_and_value_is_required(harness):
    harness.process(
        [
            create(
                [{"id": "root", "component": "Text", "text": {"path": "/name"}}],
                data={"name": "Ada", "tmp": 1},
            )
        ]
    )
    assert "Ada" in harness.page.locator("#surfaces").inner_text()
    assert harness.process(data("/tmp", value=None)) == []
    assert harness.page.evaluate(f"() => window.a2uiHarness.dataModel('{SID}')") == {"name": "Ada"}
    [error] = harness.process(data("/name"))
    assert "needs a value" in error["message"] and error["path"] == "/updateDataModel/value"
    assert harness.page.evaluate(f"() => window.a2uiHarness.dataModel('{SID}')") == {"name": "Ada"}
    # A v0.9 message for a v1.0 surface is refused: versions do not mix on one surface.
    [mixed] = harness.process(
        {"version": "v0.9", "updateDataModel": {"surfaceId": SID, "path": "/name", "value": "Eve"}}
    )
    assert "speaks v1.0" in mixed["message"]


def test_v1_accessibility_live_and_hidden(harness):
    harness.process(
        create(
            [
                {"id": "root", "component": "Column", "children": ["status", "decor"]},
                {
                    "id": "status",
                    "component": "Text",
                    "text": {"path": "/status"},
                    "accessibility": {"live": "polite", "label": "Status"},
                },
                {
                    "id": "decor",
                    "component": "Text",
                    "text": "*",
                    "accessibility": {"hidden": {"path": "/decorative"}},
                },
            ],
            data={"status": "Waiting", "decorative": True},
        )
    )
    page = harness.page
    status = page.locator("[data-a2ui-component=Text][aria-live=polite]")
    assert status.inner_text() == "Waiting" and status.get_attribute("aria-label") == "Status"
    decor = page.locator("#surfaces [data-a2ui-component=Text]").nth(1)
    assert decor.get_attribute("aria-hidden") == "true"
    harness.process(data("/decorative", value=False))
    assert decor.get_attribute("aria-hidden") is None


def test_v1_checks_accept_a_validation_result(harness):
    harness.process(
        create(
            [
                {"id": "root", "component": "Column", "children": ["code", "go"]},
                {
                    "id": "code",
                    "component": "TextField",
                    "label": "Code",
                    "value": {"path": "/code"},
                    "checks": [{"condition": {"path": "/codeCheck"}}],
                },
                {
                    "id": "go",
                    "component": "Button",
                    "child": "go_label",
                    "action": {"event": {"name": "send", "context": {"code": {"path": "/code"}}}},
                },
                {"id": "go_label", "component": "Text", "text": "Send"},
            ],
            data={"code": "X", "codeCheck": {"valid": False, "message": "This code has expired."}},
        )
    )
    page = harness.page
    page.get_by_role("button", name="Send").click()
    assert "This code has expired." in page.locator("#surfaces").inner_text()
    assert harness.state()["actions"] == []
    harness.process(data("/codeCheck", value={"valid": True}))
    page.get_by_role("button", name="Send").click()
    assert [a["action"]["context"] for a in harness.state()["actions"]] == [{"code": "X"}]


def test_index_function_numbers_template_items(harness):
    harness.process(
        create(
            [
                {
                    "id": "root",
                    "component": "List",
                    "children": {"componentId": "row", "path": "/items"},
                },
                {"id": "row", "component": "Row", "children": ["n", "name"]},
                {"id": "n", "component": "Text", "text": {"call": "@index", "args": {"offset": 1}}},
                {"id": "name", "component": "Text", "text": {"path": "name"}},
            ],
            data={"items": [{"name": "alpha"}, {"name": "beta"}]},
        )
    )
    texts = harness.page.locator("#surfaces [data-a2ui-component=Text]").all_inner_texts()
    assert texts == ["1", "alpha", "2", "beta"]


def test_function_call_messages_are_refused_and_capabilities_are_declared(harness):
    call = {
        "version": "v1.0",
        "callRendererFunction": {
            "functionCallId": "c1",
            "callFunction": {
                "call": "openUrl",
                "catalogId": CATALOG_ID_V1,
                "args": {"url": "https://a2ui.org/"},
            },
        },
    }
    [error] = harness.process(call)
    assert "may be called by the agent" in error["message"]
    assert harness.popups == []
    capabilities = harness.page.evaluate("() => window.a2uiHarness.capabilities()")
    assert capabilities["v1.0"]["supportedCatalogIds"][0] == CATALOG_ID_V1
    assert capabilities["v0.9"]["supportedCatalogIds"][0] == CATALOG_ID
