"""Clarification forms: A2UI surfaces the agent shows when a request misses what the answer
depends on, and the pydantic models that read the person's answers back.

    messages = flight_booking_form(surface_id="clarify-7", destination="Beijing")
    ...the browser sends an `action` named FLIGHT_SUBMIT_ACTION...
    answers = flight_booking_answers(action.context)      # FlightBookingAnswers, validated

Each form's checks run in the browser (errors next to fields, submit blocked) and again here:
what arrives from a browser is never trusted.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
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
ERP_SUBMIT_ACTION = "erp_parameters.submit"

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
    "department_required": "Choose a department.",
    "start_required": "Choose the first day of the period.",
    "end_required": "Choose the last day of the period.",
    "end_before_start": "The end of the period can't be before its start.",
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
            min=today.isoformat(),
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
        }
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


# -- ERP parameters -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    value: str
    label: str


def erp_parameter_form(
    *,
    surface_id: str,
    question: str,
    departments: Sequence[str | Choice] | None = None,
    period: bool = False,
    period_start: date | None = None,
    period_end: date | None = None,
) -> list[dict[str, Any]]:
    """A form for the parameters an ERP question lacks: a department (choices from the
    caller, i.e. the tenant's departments read through the gateway) and/or a date range."""
    if not departments and not period:
        raise ValueError("erp_parameter_form needs departments, period=True, or both")
    asked = [name for name, wanted in (("department", departments), ("period", period)) if wanted]
    fields: list[str] = []
    components: list[Any] = [
        Card(id="root", child="form"),
        Text(id="title", text=f"Which {' and '.join(asked)} should I use?", variant="h4"),
        Text(id="question", text=_quote(question), variant="caption"),
    ]
    data: dict[str, Any] = {"question": question}
    if departments:
        choices = [item if isinstance(item, Choice) else Choice(item, item) for item in departments]
        fields.append("department")
        components.append(
            ChoicePicker(
                id="department",
                label="Department",
                variant="mutuallyExclusive",
                options=[
                    ChoiceOption(label=choice.label, value=choice.value) for choice in choices
                ],
                value=path("/params/department"),
                checks=[_required("/params/department", MESSAGES["department_required"])],
            )
        )
        data["department"] = []
    if period:
        fields.append("period")
        components += [
            Row(id="period", children=["start", "end"]),
            DateTimeInput(
                id="start",
                label="From",
                enable_date=True,
                value=path("/params/periodStart"),
                checks=[_required("/params/periodStart", MESSAGES["start_required"])],
            ),
            DateTimeInput(
                id="end",
                label="To",
                enable_date=True,
                value=path("/params/periodEnd"),
                min=path("/params/periodStart"),
                checks=[
                    _required("/params/periodEnd", MESSAGES["end_required"]),
                    _not_before(
                        "/params/periodEnd", "/params/periodStart", MESSAGES["end_before_start"]
                    ),
                ],
            ),
        ]
        data["periodStart"] = period_start.isoformat() if period_start else ""
        data["periodEnd"] = period_end.isoformat() if period_end else ""
    components.insert(1, Column(id="form", children=["title", "question", *fields, "actions"]))
    components += _submit(
        "Run the query",
        ERP_SUBMIT_ACTION,
        question=path("/params/question"),
        **({"department": path("/params/department")} if departments else {}),
        **(
            {"periodStart": path("/params/periodStart"), "periodEnd": path("/params/periodEnd")}
            if period
            else {}
        ),
    )
    return surface_build(surface_id, components, data={"params": data})


def _quote(question: str) -> str:
    text = " ".join(question.split())
    return f"For “{text[:197]}…”" if len(text) > 200 else f"For “{text}”"


class ErpParameterAnswers(BaseModel):
    model_config = ConfigDict(frozen=True)

    question: str = Field(max_length=2000)
    department: str | None = Field(default=None, max_length=200)
    period_start: date | None = None
    period_end: date | None = None

    @model_validator(mode="after")
    def _period(self) -> "ErpParameterAnswers":
        if (self.period_start is None) != (self.period_end is None):
            raise ValueError("a period needs both a start and an end")
        if self.period_start and self.period_end and self.period_end < self.period_start:
            raise ValueError(MESSAGES["end_before_start"])
        return self


def erp_parameter_answers(context: Mapping[str, Any]) -> ErpParameterAnswers:
    """The validated answers in an ERP_SUBMIT_ACTION action's context."""
    return ErpParameterAnswers(
        question=context.get("question") or "",
        department=_blank_to_none(_first(context.get("department"))),
        period_start=_blank_to_none(context.get("periodStart")),
        period_end=_blank_to_none(context.get("periodEnd")),
    )
