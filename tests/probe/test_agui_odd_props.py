"""Inputs a strict or careless AG-UI client may send that round 19 did not: `state` or
`forwardedProps` nested 1,000 deep (under the 1,024 levels the JSON reader allows, the check
for NUL characters ran out of recursion: a 500 HTML page), a deep one holding a NUL deep
down (still refused), and `forwardedProps.a2uiAction` that is a string or a list rather
than the middleware's object (a 500: `.get` on a str). Each is answered as AG-UI expects:
a run for the question, or a JSON refusal."""

import json
import uuid

import pytest
from asgiref.sync import sync_to_async

from apps.agent import jsontext
from tests.probe.test_http_bodies import _post, _token

pytestmark = [pytest.mark.usefixtures("committed_db")]

DEPTH = 1000  # within orjson's 1,024


def _nested(depth: int, leaf) -> dict:
    value = leaf
    for _ in range(depth):
        value = {"a": value}
    return value


def _input(**extra) -> bytes:
    ask = [{"id": uuid.uuid4().hex, "role": "user", "content": "How many departments?"}]
    body = {"threadId": uuid.uuid4().hex, "runId": "r", "messages": ask, **extra}
    return json.dumps(body).encode()


async def _run_ends(response) -> str:
    assert response.status_code == 200, response.content[:300]
    text = b"".join([chunk async for chunk in response.streaming_content]).decode()
    return [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ")][-1][
        "type"
    ]


def test_the_nul_check_reads_any_depth_the_json_reader_takes():
    assert jsontext.loads(json.dumps(_nested(DEPTH, "ok"))) == _nested(DEPTH, "ok")
    with pytest.raises(ValueError, match="NUL character"):
        jsontext.loads(json.dumps(_nested(DEPTH, "a\x00b")))


@pytest.mark.parametrize("field", ["state", "forwardedProps"])
async def test_deeply_nested_client_props_are_no_server_error(acme_context, field):
    token = await sync_to_async(_token)(acme_context)
    response = await _post("/api/ag-ui/", token, _input(**{field: _nested(DEPTH, 1)}))
    assert await _run_ends(response) == "RUN_FINISHED"
    refused = await _post("/api/ag-ui/", token, _input(**{field: _nested(DEPTH, "\x00")}))
    assert refused.status_code == 400 and refused.json()["code"] == "INVALID_MESSAGE"


@pytest.mark.parametrize("carrier", ["submit", ["submit"], 7, None])
async def test_an_a2ui_action_carrier_that_is_no_object_is_no_action(acme_context, carrier):
    token = await sync_to_async(_token)(acme_context)
    response = await _post("/api/ag-ui/", token, _input(forwardedProps={"a2uiAction": carrier}))
    assert await _run_ends(response) == "RUN_FINISHED"
