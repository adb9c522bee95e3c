"""The clarification forms in Chromium: the conditional return date, checks that block the
submit next to the field, and the action message that continues the run."""

from datetime import date

import pytest

from apps.a2ui.forms import (
    FLIGHT_SUBMIT_ACTION,
    MESSAGES,
    flight_booking_answers,
    flight_booking_form,
)
from apps.a2ui.messages import ActionMessage, client_message_parse

pytestmark = [pytest.mark.slow, pytest.mark.browser]

TODAY = date(2026, 6, 15)


def _actions(harness):
    return harness.state()["actions"]


def _error_of(page, label):
    """The error text tied to a control by aria-describedby (empty when none is shown)."""
    control = page.get_by_label(label)
    described = control.get_attribute("aria-describedby")
    return page.locator(f"#{described}").inner_text() if described else ""


@pytest.fixture
def flight(harness):
    harness.process(
        flight_booking_form(surface_id="clarify-flight", destination="Beijing", today=TODAY)
    )
    return harness


def test_flight_form_renders_prefilled_with_return_date_hidden(flight):
    page = flight.page
    assert page.get_by_label("To").input_value() == "Beijing"
    assert page.get_by_label("One way").is_checked()
    assert page.get_by_label("Return date").is_hidden()
    # `min` is bound to the data model's /today (a literal fails the official validator)
    assert page.get_by_label("Departure date").get_attribute("min") == TODAY.isoformat()
    assert page.get_by_role("button", name="Search flights").is_visible()
    assert flight.unresolved() == 0
    assert flight.console_errors == [] and flight.state()["violations"] == []


def test_return_date_appears_only_for_round_trips(flight):
    page = flight.page
    page.get_by_label("Round trip").check()
    assert page.get_by_label("Return date").is_visible()
    assert flight.page.evaluate(
        "() => window.a2uiHarness.dataModel('clarify-flight').flight.tripType"
    ) == ["roundTrip"]
    page.get_by_label("One way").check()
    assert page.get_by_label("Return date").is_hidden()


def test_empty_submit_is_blocked_with_errors_next_to_the_fields(flight):
    page = flight.page
    page.get_by_role("button", name="Search flights").click()
    assert _actions(flight) == []
    assert _error_of(page, "From") == MESSAGES["origin_required"]
    assert _error_of(page, "Departure date") == MESSAGES["departure_required"]
    assert page.get_by_label("From").get_attribute("aria-invalid") == "true"
    assert page.evaluate("() => document.activeElement.id") == page.get_by_label(
        "From"
    ).get_attribute("id")
    assert "highlighted" in page.locator(".a2ui-action-note").inner_text()


def test_return_before_departure_blocks_submit(flight):
    page = flight.page
    page.get_by_label("From").fill("Vienna")
    page.get_by_label("Round trip").check()
    page.get_by_label("Departure date").fill("2026-07-10")
    page.get_by_label("Return date").fill("2026-07-05")
    page.get_by_role("button", name="Search flights").click()
    assert _actions(flight) == []
    assert _error_of(page, "Return date") == MESSAGES["return_before_departure"]
    page.get_by_label("Return date").fill("2026-07-20")
    assert _error_of(page, "Return date") == ""
    page.get_by_role("button", name="Search flights").click()
    [action] = _actions(flight)
    message = client_message_parse(action)
    assert isinstance(message, ActionMessage)
    assert message.action.name == FLIGHT_SUBMIT_ACTION
    assert message.action.surface_id == "clarify-flight"
    assert message.action.source_component_id == "submit"
    answers = flight_booking_answers(message.action.context)
    assert (answers.origin, answers.destination, answers.trip_type) == (
        "Vienna",
        "Beijing",
        "roundTrip",
    )
    assert (answers.departure_date, answers.return_date) == (date(2026, 7, 10), date(2026, 7, 20))


def test_hidden_return_date_does_not_block_a_one_way_trip(flight):
    page = flight.page
    page.get_by_label("From").fill("Vienna")
    page.get_by_label("Round trip").check()
    page.get_by_label("Return date").fill("2026-01-01")
    page.get_by_label("One way").check()
    page.get_by_label("Departure date").fill("2026-07-10")
    page.get_by_role("button", name="Search flights").click()
    [action] = _actions(flight)
    answers = flight_booking_answers(action["action"]["context"])
    assert answers.trip_type == "oneWay" and answers.return_date is None


def test_departure_in_the_past_is_an_error(flight):
    page = flight.page
    page.get_by_label("Departure date").fill("2026-06-01")
    page.get_by_label("Departure date").blur()
    assert _error_of(page, "Departure date") == MESSAGES["departure_past"]


def test_keyboard_only_submit(flight):
    page = flight.page
    page.get_by_label("From").focus()
    page.keyboard.type("Vienna")
    page.get_by_label("Departure date").fill("2026-07-10")
    page.get_by_role("button", name="Search flights").focus()
    page.keyboard.press("Enter")
    assert len(_actions(flight)) == 1
