"""Clarification forms: A2UI surfaces the agent shows when a request misses what the answer
depends on, and the pydantic models that read the person's answers back.

    messages = flight_booking_form(surface_id="clarify-7", destination="Beijing")
    ...the browser sends an `action` named FLIGHT_SUBMIT_ACTION...
    answers = flight_booking_answers(action.context)      # FlightBookingAnswers, validated

Each form's checks run in the browser (errors next to fields, submit blocked) and again here:
what arrives from a browser is never trusted.
"""

from collections.abc import Mapping
from datetime import date
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from apps.a2ui.models import (
    Button,
    Card,
    CheckRule,
    ChoiceOption,
    ChoicePicker,
    Column,
    DateTimeInput,
    Row,
    Text,
    TextField,
    call,
    event,
    path,
)
from apps.a2ui.surfaces import surface_build

FLIGHT_SUBMIT_ACTION = "flight_booking.submit"

ONE_WAY = "oneWay"
ROUND_TRIP = "roundTrip"

MESSAGES = {
    "origin_required": "Enter the city you are flying from.",
    "destination_required": "Enter where you are flying to.",
    "trip_required": "Choose one way or round trip.",
    "departure_required": "Choose a departure date.",
    "departure_past": "The departure date can't be in the past.",
    "return_required": "Choose a return date.",
    "return_before_departure": "The return date can't be before the departure date.",
}


def _required(pointer: str, message: str) -> CheckRule:
    return CheckRule(condition=call("required", value=path(pointer)), message=message)


def _not_before(later: str, earlier: str, message: str) -> CheckRule:
    """Passes while either date is still empty (the required checks speak then)."""
    return CheckRule(
        condition=call(
            "or",
            values=[
                call("not", value=call("required", value=path(later))),
                call("not", value=call("required", value=path(earlier))),
                call("compare", a=path(later), op="ge", b=path(earlier)),
            ],
        ),
        message=message,
    )


def _submit(label: str, action: str, **context: Any) -> list:
    return [
        Row(id="actions", children=["submit"], justify="start"),
        Text(id="submit-label", text=label),
        Button(
            id="submit", child="submit-label", variant="primary", action=event(action, **context)
        ),
    ]


# -- flight booking -------------------------------------------------------------------------------


def flight_booking_form(
    *, surface_id: str, destination: str = "", origin: str = "", today: date | None = None
) -> list[dict[str, Any]]:
    """One form for a flight request: from, to (prefilled), trip type, departure date and a
    return date that appears only for round trips and may not precede the departure."""
    today = today or date.today()
    title = f"Flight to {destination}" if destination else "Book a flight"
    components = [
        Card(id="root", child="form"),
        Column(id="form", children=["title", "intro", "route", "trip", "dates", "actions"]),
        Text(id="title", text=title, variant="h3"),
        Text(id="intro", text="A few details, then I will look for flights.", variant="caption"),
        Row(id="route", children=["origin", "destination"]),
        TextField(
            id="origin",
            label="From",
            value=path("/flight/origin"),
            checks=[_required("/flight/origin", MESSAGES["origin_required"])],
        ),
        TextField(
            id="destination",
            label="To",
            value=path("/flight/destination"),
            checks=[_required("/flight/destination", MESSAGES["destination_required"])],
        ),
        ChoicePicker(
            id="trip",
            label="Trip",
            variant="mutuallyExclusive",
            options=[
                ChoiceOption(label="One way", value=ONE_WAY),
                ChoiceOption(label="Round trip", value=ROUND_TRIP),
            ],
            value=path("/flight/tripType"),
            checks=[_required("/flight/tripType", MESSAGES["trip_required"])],
        ),
        Row(id="dates", children=["departure", "return"]),
        DateTimeInput(
            id="departure",
            label="Departure date",
            enable_date=True,
            value=path("/flight/departureDate"),
            # Bound, not literal: the official catalog's `min` is a oneOf of three string
            # formats, which a validator that treats `format` as an annotation (JSON Schema's
            # default, a2ui-agent-sdk's) finds all true for any literal, and so rejects.
            min=path("/today"),
            checks=[
                _required("/flight/departureDate", MESSAGES["departure_required"]),
                CheckRule(
                    condition=call(
                        "or",
                        values=[
                            call(
                                "not", value=call("required", value=path("/flight/departureDate"))
                            ),
                            call(
                                "compare",
                                a=path("/flight/departureDate"),
                                op="ge",
                                b=today.isoformat(),
                            ),
                        ],
                    ),
                    message=MESSAGES["departure_past"],
                ),
            ],
        ),
        DateTimeInput(
            id="return",
            label="Return date",
            enable_date=True,
            value=path("/flight/returnDate"),
            min=path("/flight/departureDate"),
            visible=call("equals", a=path("/flight/tripType"), b=[ROUND_TRIP]),
            checks=[
                _required("/flight/returnDate", MESSAGES["return_required"]),
                _not_before(
                    "/flight/returnDate",
                    "/flight/departureDate",
                    MESSAGES["return_before_departure"],
                ),
            ],
        ),
        *_submit(
            "Search flights",
            FLIGHT_SUBMIT_ACTION,
            origin=path("/flight/origin"),
            destination=path("/flight/destination"),
            tripType=path("/flight/tripType"),
            departureDate=path("/flight/departureDate"),
            returnDate=path("/flight/returnDate"),
        ),
    ]
    data = {
        "flight": {
            "origin": origin,
            "destination": destination,
            "tripType": [ONE_WAY],
            "departureDate": "",
            "returnDate": "",
        },
        "today": today.isoformat(),
    }
    return surface_build(surface_id, components, data=data)


def _first(value: Any) -> Any:
    return value[0] if isinstance(value, list) and value else value


def _blank_to_none(value: Any) -> Any:
    return None if value in ("", None, []) else value


class FlightBookingAnswers(BaseModel):
    """What the person entered in the flight form, checked again on the server."""

    model_config = ConfigDict(frozen=True)

    origin: str = Field(min_length=1, max_length=200)
    destination: str = Field(min_length=1, max_length=200)
    trip_type: Literal["oneWay", "roundTrip"]
    departure_date: date
    return_date: date | None = None

    @field_validator("origin", "destination", mode="before")
    @classmethod
    def _strip(cls, value: Any) -> Any:
        return value.strip() if isinstance(value, str) else value

    @model_validator(mode="after")
    def _return_date(self) -> "FlightBookingAnswers":
        if self.trip_type == ONE_WAY:
            object.__setattr__(self, "return_date", None)
        elif self.return_date is None:
            raise ValueError(MESSAGES["return_required"])
        elif self.return_date < self.departure_date:
            raise ValueError(MESSAGES["return_before_departure"])
        return self

    def summary(self) -> str:
        """One sentence the agent can confirm with."""
        when = self.departure_date.strftime("%-d %B %Y")
        if self.return_date:
            back = self.return_date.strftime("%-d %B %Y")
            return f"Round trip from {self.origin} to {self.destination}, leaving {when} and returning {back}."
        return f"One-way flight from {self.origin} to {self.destination} on {when}."


def flight_booking_answers(context: Mapping[str, Any]) -> FlightBookingAnswers:
    """The validated answers in a FLIGHT_SUBMIT_ACTION action's context (pydantic errors if not)."""
    return FlightBookingAnswers(
        origin=context.get("origin"),
        destination=context.get("destination"),
        trip_type=_first(context.get("tripType")),
        departure_date=_blank_to_none(context.get("departureDate")),
        return_date=_blank_to_none(context.get("returnDate")),
    )
