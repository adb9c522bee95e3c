"""Clarification forms: valid surfaces, and answers read back and checked on the server."""

from datetime import date

import pytest
from pydantic import ValidationError

from apps.a2ui.forms import (
    FLIGHT_SUBMIT_ACTION,
    flight_booking_answers,
    flight_booking_form,
)
from apps.a2ui.validator import surface_validate

TODAY = date(2026, 6, 15)


def _components(messages):
    return {
        c["id"]: c
        for m in messages
        if "updateComponents" in m
        for c in m["updateComponents"]["components"]
    }


def _data(messages):
    return next(m["updateDataModel"]["value"] for m in messages if "updateDataModel" in m)


def test_flight_form_is_a_valid_surface():
    messages = flight_booking_form(surface_id="clarify-1", destination="Beijing", today=TODAY)
    assert surface_validate(messages) == []
    assert [next(iter(set(m) - {"version"})) for m in messages] == [
        "createSurface",
        "updateComponents",
        "updateDataModel",
    ]


def test_flight_form_prefills_the_destination_and_shows_return_only_for_round_trips():
    messages = flight_booking_form(surface_id="clarify-1", destination="Beijing", today=TODAY)
    components = _components(messages)
    assert _data(messages)["flight"]["destination"] == "Beijing"
    assert _data(messages)["flight"]["tripType"] == ["oneWay"]
    assert components["return"]["visible"] == {
        "call": "equals",
        "args": {"a": {"path": "/flight/tripType"}, "b": ["roundTrip"]},
    }
    assert components["trip"]["variant"] == "mutuallyExclusive"
    assert components["departure"]["min"] == {"path": "/today"}
    assert _data(messages)["today"] == "2026-06-15"
    assert components["submit"]["action"]["event"]["name"] == FLIGHT_SUBMIT_ACTION
    assert [c for c in components.values() if c["component"] == "Button"] == [components["submit"]]


def test_flight_answers_one_way_drop_the_return_date():
    answers = flight_booking_answers(
        {
            "origin": " Vienna ",
            "destination": "Beijing",
            "tripType": ["oneWay"],
            "departureDate": "2026-07-10",
            "returnDate": "2026-07-01",
        }
    )
    assert answers.origin == "Vienna"
    assert answers.return_date is None
    assert answers.summary() == "One-way flight from Vienna to Beijing on 10 July 2026."


def test_flight_answers_round_trip():
    answers = flight_booking_answers(
        {
            "origin": "Vienna",
            "destination": "Beijing",
            "tripType": ["roundTrip"],
            "departureDate": "2026-07-10",
            "returnDate": "2026-07-20",
        }
    )
    assert answers.return_date == date(2026, 7, 20)
    assert "returning 20 July 2026" in answers.summary()


@pytest.mark.parametrize(
    "context",
    [
        {
            "origin": "Vienna",
            "destination": "Beijing",
            "tripType": ["roundTrip"],
            "departureDate": "2026-07-10",
            "returnDate": "2026-07-05",
        },
        {
            "origin": "Vienna",
            "destination": "Beijing",
            "tripType": ["roundTrip"],
            "departureDate": "2026-07-10",
            "returnDate": "",
        },
        {
            "origin": "",
            "destination": "Beijing",
            "tripType": ["oneWay"],
            "departureDate": "2026-07-10",
        },
        {
            "origin": "Vienna",
            "destination": "Beijing",
            "tripType": ["teleport"],
            "departureDate": "2026-07-10",
        },
        {
            "origin": "Vienna",
            "destination": "Beijing",
            "tripType": ["oneWay"],
            "departureDate": "soon",
        },
    ],
    ids=["return before departure", "no return date", "no origin", "bad trip type", "bad date"],
)
def test_flight_answers_are_checked_again(context):
    with pytest.raises(ValidationError):
        flight_booking_answers(context)
