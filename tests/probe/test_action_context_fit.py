"""An answer's context must be what the form's button sends. A renderer resolves exactly the
keys of the button's `action.event.context` and sends nothing else, yet a hand-made answer to
the flight form with 50,000 made-up keys, or a 2 MB value under a real key, was accepted: it
answered the form and was stored and echoed as the person's turn ("Submitted: K0: 0 · K1: 1 ·
…", a megabyte). It is refused (400 INVALID_MESSAGE saying which keys the button sends, or
which value is too long), the form keeps waiting, and its real answer still goes through."""

import pytest

from apps.a2ui.actions import (
    MAX_CONTEXT_JSON,
    MAX_VALUE_LENGTH,
    context_fit_problem,
    declared_context_keys,
)
from apps.a2ui.forms import FLIGHT_SUBMIT_ACTION, flight_booking_form
from apps.a2ui.translate import messages_for_version
from tests.probe.test_action_names import _answer, _events, _post, waiting_flight_form

pytestmark = [pytest.mark.usefixtures("committed_db")]

FLIGHT_KEYS = {"origin", "destination", "departureDate", "returnDate", "tripType"}


def _fit(context: dict) -> str | None:
    return context_fit_problem(context, declared=FLIGHT_KEYS, name=FLIGHT_SUBMIT_ACTION)


def test_the_declared_keys_are_those_of_the_buttons_event_in_either_version():
    messages = flight_booking_form(surface_id="f1", destination="Beijing")
    assert declared_context_keys(messages, FLIGHT_SUBMIT_ACTION) == FLIGHT_KEYS
    v1 = messages_for_version(messages, "v1.0")
    assert declared_context_keys(v1, FLIGHT_SUBMIT_ACTION) == FLIGHT_KEYS
    assert declared_context_keys(messages, "another.action") == set()


@pytest.mark.parametrize(
    ("context", "said"),
    [
        ({"origin": "Lisbon", "isAdmin": True}, "the key 'isAdmin', which the button"),
        ({f"k{i}": i for i in range(50_000)}, "and 49995 more"),
        ({"origin": "x" * (MAX_VALUE_LENGTH + 1)}, "context.origin is longer than"),
        ({"tripType": ["oneWay", "y" * (MAX_VALUE_LENGTH + 1)]}, "context.tripType.1 is longer"),
        ({"tripType": ["z" * 100] * (MAX_CONTEXT_JSON // 100)}, "larger than"),
    ],
    ids=["one-made-up-key", "50000-keys", "2MB-value", "long-list-item", "long-list"],
)
def test_what_no_button_sends_is_named(context, said):
    problem = _fit(context)
    assert problem is not None and said in problem


def test_a_real_answer_fits_even_with_a_value_as_long_as_a_message():
    assert _fit({}) is None
    assert _fit({"origin": "São Paulo", "tripType": ["oneWay"], "returnDate": None}) is None
    assert _fit({"destination": "x" * MAX_VALUE_LENGTH}) is None


async def test_an_answer_no_button_sends_is_refused_and_the_form_keeps_waiting(acme_context):
    token, thread, interrupt = await waiting_flight_form(acme_context)
    for extra, said in [
        ({f"k{i}": i for i in range(5_000)}, "which the button sending"),
        ({"origin": "x" * 200_000}, "context.origin is longer than"),
    ]:
        resume = _answer(interrupt["id"], FLIGHT_SUBMIT_ACTION)
        resume[0]["payload"]["context"].update(extra)
        refused = await _post(token, thread, resume=resume)
        assert refused.status_code == 400, refused.content[:300]
        assert refused.json()["code"] == "INVALID_MESSAGE"
        assert said in refused.json()["message"]
    answered = await _events(
        await _post(token, thread, resume=_answer(interrupt["id"], FLIGHT_SUBMIT_ACTION))
    )
    assert answered[-1]["type"] == "RUN_FINISHED"
    assert answered[-1]["outcome"] == {"type": "success"}
    said = [e["delta"] for e in answered if e["type"] == "TEXT_MESSAGE_CONTENT"]
    assert said and all("K0" not in text and "xxxx" not in text for text in said)
