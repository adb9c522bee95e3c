"""Builtin planner for travel requests: "I want to book a flight to Beijing" gets one form
(departure city, date, trip type, a return date only for round trips); the submitted answers
are checked again on the server and confirmed in one summary."""

import re
import uuid

from pydantic import ValidationError

from apps.a2ui.forms import FLIGHT_SUBMIT_ACTION, flight_booking_answers, flight_booking_form
from apps.agent.input_checks import invalid_fields
from apps.agent.providers import Plan, PlannedCall, PlannerInput, register_planner

PLANNER_NAME = "travel"
FLIGHT = re.compile(
    r"\b(book|need|want|find|get)\b.*\bflights?\b|\bfly\b|\bflight\b", re.IGNORECASE
)
DESTINATION = re.compile(r"\b(?:to|for)\s+([A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,3})")
NOT_BOOKED = (
    "Noted. I can collect the details of a trip, but I cannot book tickets: no travel provider "
    "is connected to Tessera."
)


def _action(request: PlannerInput) -> dict | None:
    message = request.user_message
    return message.metadata.get("a2ui_action") if message else None


def destination_in(text: str) -> str:
    match = DESTINATION.search(text)
    return match.group(1).strip(" .?!") if match else ""


def plan_travel(request: PlannerInput) -> Plan | None:
    action = _action(request)
    if action and action.get("name") == FLIGHT_SUBMIT_ACTION:
        try:
            answers = flight_booking_answers(action.get("context") or {})
        except ValidationError as error:
            problems = "; ".join(item.message.rstrip(".") for item in invalid_fields(error))
            return Plan(
                text=f"Some answers need another look: {problems}. Please correct them in the form."
            )
        return Plan(text=f"{answers.summary()} {NOT_BOOKED}")
    if request.continuing:
        # show_form ends the run (it waits for the person), so a continuing run is never ours.
        return None
    text = request.user_text
    if not FLIGHT.search(text):
        return None
    destination = destination_in(text)
    surface_id = f"flight-{uuid.uuid4().hex[:8]}"
    messages = flight_booking_form(surface_id=surface_id, destination=destination)
    intro = (
        f"A few details for your flight to {destination}:"
        if destination
        else "A few details for your flight:"
    )
    return Plan(
        text=intro,
        calls=[
            PlannedCall(
                "show_form",
                {"surface_id": surface_id, "messages": messages, "title": "Flight details"},
            )
        ],
    )


def register() -> None:
    register_planner(PLANNER_NAME, plan_travel, priority=60)
