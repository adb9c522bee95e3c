"""An answer's context must be what a form's fields can hold. A context with a JavaScript
prototype key (`__proto__`, `constructor`, `prototype`) or a value with a control character
or a bidirectional override was accepted and echoed into the "Submitted: …" turn. It is
refused (400 INVALID_MESSAGE naming where), the form keeps waiting, its real answer goes
through; a multi-line value is still an answer."""

import pytest

from apps.a2ui.actions import context_problem
from apps.a2ui.forms import FLIGHT_SUBMIT_ACTION
from tests.probe.test_action_names import _answer, _events, _post, waiting_flight_form

pytestmark = [pytest.mark.usefixtures("committed_db")]

HOSTILE_CONTEXTS = [
    ({"__proto__": {"admin": True}}, "'__proto__' at context"),
    ({"constructor": "x"}, "'constructor' at context"),
    ({"nested": [{"prototype": 1}]}, "'prototype' at context.nested.0"),
    ({"origin": "Lis\u202ebon"}, "context.origin holds a control character"),
    ({"origin": "Lisbon\x1b[2J"}, "context.origin holds a control character"),
    ({"tags": ["a", "b\u2066"]}, "context.tags.1 holds"),
    ({"na\u2028me": "x"}, "a key 'na\\u2028me'"),
]


@pytest.mark.parametrize(("context", "said"), HOSTILE_CONTEXTS)
def test_hostile_contexts_are_named(context, said):
    problem = context_problem(context)
    assert problem is not None and said in problem


def test_a_plain_answer_passes_and_may_span_lines():
    assert context_problem({"origin": "São Paulo", "notes": "line one\nline two\tend"}) is None
    assert context_problem({"count": 3, "ok": True, "when": None, "list": [1, "two"]}) is None


async def test_a_hostile_context_is_refused_and_the_form_keeps_waiting(acme_context):
    token, thread, interrupt = await waiting_flight_form(acme_context)
    for extra, said in HOSTILE_CONTEXTS[:2] + HOSTILE_CONTEXTS[3:4]:
        resume = _answer(interrupt["id"], FLIGHT_SUBMIT_ACTION)
        resume[0]["payload"]["context"].update(extra)
        refused = await _post(token, thread, resume=resume)
        assert refused.status_code == 400, refused.content
        assert refused.json()["code"] == "INVALID_MESSAGE"
        assert said in refused.json()["message"]
    answered = await _events(
        await _post(token, thread, resume=_answer(interrupt["id"], FLIGHT_SUBMIT_ACTION))
    )
    assert answered[-1]["type"] == "RUN_FINISHED"
    assert answered[-1]["outcome"] == {"type": "success"}
