"""The clarification flows end to end: the builtin provider shows the flight form, the
answers come back as an A2UI action and the agent confirms them — through the CLI contract
and in the workspace page with a real browser."""

import json
from datetime import date, timedelta

import pytest
from django.core.management import CommandError, call_command

from apps.a2ui.validator import surface_validate
from tests.conftest import login

pytestmark = [pytest.mark.usefixtures("committed_db")]


def _json_command(*args) -> dict:
    from io import StringIO

    out = StringIO()
    call_command(*args, "--json", stdout=out)
    return json.loads(out.getvalue())


def test_flight_request_shows_one_valid_form_and_confirms_the_answers(acme_context):
    asked = _json_command(
        "ask", "I want to book a flight to Beijing", "--tenant", "acme", "--user", "ana"
    )
    assert asked["status"] == "needs_input"
    [surface] = asked["artifacts"]
    assert surface["kind"] == "a2ui_surface"
    assert surface_validate(surface["messages"]) == []
    components = json.dumps(surface["messages"])
    assert (
        "Beijing" in components and "DateTimeInput" in components and "ChoicePicker" in components
    )

    common = [
        "act",
        "--thread",
        asked["thread_id"],
        "--surface",
        surface["surface_id"],
        "--action",
        "flight_booking.submit",
    ]
    wrong = _json_command(
        *common,
        "--context",
        json.dumps(
            {
                "origin": "Lisbon",
                "destination": "Beijing",
                "tripType": ["roundTrip"],
                "departureDate": "2026-12-10",
                "returnDate": "2026-12-01",
            }
        ),
    )
    assert "can't be before the departure" in wrong["messages"][-1]["text"]
    done = _json_command(
        *common,
        "--context",
        json.dumps(
            {
                "origin": "Lisbon",
                "destination": "Beijing",
                "tripType": ["roundTrip"],
                "departureDate": "2026-12-10",
                "returnDate": "2026-12-20",
            }
        ),
    )
    assert done["status"] == "finished" and done["thread_id"] == asked["thread_id"]
    assert done["messages"][-1]["text"].startswith(
        "Round trip from Lisbon to Beijing, leaving 10 December 2026 and returning 20 December 2026."
    )


def test_actions_on_unknown_surfaces_or_threads_are_refused(acme_context):
    asked = _json_command("ask", "book me a flight to Paris", "--tenant", "acme", "--user", "ana")
    with pytest.raises(CommandError, match="no form 'forged'"):
        call_command(
            "act",
            "--thread",
            asked["thread_id"],
            "--surface",
            "forged",
            "--action",
            "x",
            "--context",
            "{}",
        )
    with pytest.raises(CommandError, match="does not exist"):
        call_command(
            "act",
            "--thread",
            "6a0c3f3e-0000-4000-8000-000000000000",
            "--surface",
            "s",
            "--action",
            "x",
        )
    with pytest.raises(CommandError, match="JSON object"):
        call_command(
            "act",
            "--thread",
            asked["thread_id"],
            "--surface",
            "s",
            "--action",
            "x",
            "--context",
            "[",
        )


@pytest.mark.slow
@pytest.mark.browser
def test_flight_form_in_the_workspace(tessera_server, browser_page):
    page = browser_page
    login(page, tessera_server.url)
    page.click("button.new-thread")
    page.wait_for_selector("#connection-status[data-state=live]")
    assert page.locator(".surface-host").count() == 0
    page.fill("#composer-input", "I want to book a flight to Beijing")
    page.keyboard.press("Enter")
    form = page.locator(".surface-host")
    form.get_by_label("From").wait_for()
    assert form.get_by_label("To").input_value() == "Beijing"
    assert form.get_by_label("Return date").is_hidden()
    form.get_by_label("Round trip").check()
    assert form.get_by_label("Return date").is_visible()
    departure = date.today() + timedelta(days=30)
    form.get_by_label("From").fill("Lisbon")
    form.get_by_label("Departure date").fill(departure.isoformat())
    form.get_by_label("Return date").fill((departure - timedelta(days=3)).isoformat())
    form.get_by_role("button", name="Search flights").click()
    described = form.get_by_label("Return date").get_attribute("aria-describedby")
    assert "before the departure" in page.locator(f"#{described}").inner_text()
    assert page.locator(".message-user").count() == 1  # nothing was sent
    form.get_by_label("Return date").fill((departure + timedelta(days=7)).isoformat())
    form.get_by_role("button", name="Search flights").click()
    confirmation = page.locator(".message-assistant", has_text="Round trip from Lisbon to Beijing")
    confirmation.wait_for(timeout=15_000)
    page.screenshot(path=str(tessera_server.log_path.parent / "flight.png"), full_page=True)
    assert page.problems == []
