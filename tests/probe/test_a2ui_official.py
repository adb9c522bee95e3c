"""Every A2UI message the agent sends, checked by the official tools. Questions of every shape
(lists, aggregates, charts, follow-ups, clarification forms, refusals, UI customization) go through AG-UI's binding, declaring v0.9 or v1.0; each surface that comes
back (the `a2ui-surface` activities) must pass Tessera's strict validator, which holds it to
the vendored official JSON schemas of its version, and a v0.9 surface must also pass
a2ui-agent-sdk's own validator (`a2ui.utils.validation.validate_payload`) with Tessera's
catalog. a2ui-core 0.4.0 (the SDK's) implements a later v1.0 draft than the one Tessera
vendors (`@path`/`@call`), so v1.0 is held to the vendored schemas only
(/work/notes/proto5-findings.md)."""

import json
import uuid

import pytest
from a2ui.core.catalog.catalog import Catalog
from a2ui.inference_formats.direct_json.parser import DirectJsonParser
from a2ui.parser import A2uiPart, TextPart
from a2ui.utils.validation import validate_payload
from asgiref.sync import async_to_sync
from django.test import AsyncClient

from apps.a2ui.catalog import CATALOG_ID_V1, tessera_catalog
from apps.a2ui.validator import surface_validate
from apps.accounts import services as accounts

pytestmark = [pytest.mark.usefixtures("committed_db")]

V1_CAPABILITIES = {"a2uiRendererCapabilities": {"v1.0": {"supportedCatalogIds": [CATALOG_ID_V1]}}}
QUESTIONS = [
    "How many active employees are there in each department?",
    "and only Sales",
    "What was the average salary of the Sales department between March two years ago and May "
    "last year?",
    "Show a chart of headcount by department",
    "salary trend over the last 12 months as a line chart",
    "top 5 departments by average salary",
    "list employees hired last year",
    "Quantos funcionários ativos há em cada departamento?",
    "What was the average salary of the department last year?",
    "I want to book a flight to Beijing",
    "who earns the most?",
    "make the text color #ffffe0",
    "dark mode with blue buttons",
    "reset",
    "What is the meaning of life?",
]


def _token(username: str) -> str:
    from tests.conftest import _context

    return accounts.token_create(context=_context(username), name=f"sweep-{uuid.uuid4().hex[:8]}")[
        1
    ]


async def _surfaces(token: str, questions: list[str], capabilities: dict) -> list[list[dict]]:
    """The A2UI messages of every surface the answers carried; a question after a form starts
    a new thread (the form waits for its answer)."""
    found, thread = [], uuid.uuid4().hex
    for question in questions:
        body = {
            "threadId": thread,
            "runId": uuid.uuid4().hex,
            "messages": [{"id": uuid.uuid4().hex, "role": "user", "content": question}],
            "forwardedProps": capabilities,
        }
        response = await AsyncClient().post(
            "/api/ag-ui/",
            json.dumps(body),
            content_type="application/json",
            headers={"Authorization": f"Bearer {token}"},
        )
        assert response.status_code == 200, (question, response.content)
        text = b"".join([chunk async for chunk in response.streaming_content]).decode()
        events = [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ")]
        assert events[-1]["type"] == "RUN_FINISHED", (question, events[-1])
        found += [
            event["content"]["a2ui_operations"]
            for event in events
            if event["type"] == "ACTIVITY_SNAPSHOT"
        ]
        if events[-1]["outcome"]["type"] == "interrupt":
            thread = uuid.uuid4().hex
    return found


@pytest.fixture(scope="module")
def swept(django_db_blocker):
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TESSERA_RUNS_PER_MINUTE", "1000")
        with django_db_blocker.unblock():
            token = _token("ana")
            sweep = async_to_sync(_surfaces)
            yield {
                "v0.9": sweep(token, QUESTIONS, {}),
                "v1.0": sweep(token, QUESTIONS, V1_CAPABILITIES),
            }


def _first_kind(ops: list[dict]) -> str:
    """What a surface is for, by its surface id's prefix (clarify, erp-chips, studio, …)."""
    opening = ops[0].get("createSurface") or {}
    return opening.get("surfaceId", "").split("-")[0]


@pytest.mark.parametrize("version", ["v0.9", "v1.0"])
def test_the_sweep_met_every_kind_of_surface_in_the_negotiated_version(swept, version):
    surfaces = swept[version]
    assert len(surfaces) >= 10, len(surfaces)
    assert {ops[0]["version"] for ops in surfaces} == {version}
    # the reading chips, the ERP parameter form, the flight form, the studio's choice
    assert {_first_kind(ops) for ops in surfaces} == {"reading", "erp", "flight", "studio"}


@pytest.mark.parametrize("version", ["v0.9", "v1.0"])
def test_every_surface_passes_the_strict_validator_on_the_vendored_schemas(swept, version):
    for ops in swept[version]:
        assert surface_validate(ops, strict=True) == [], ops


def test_every_v0_9_surface_passes_the_official_sdk_validator(swept):
    catalog = Catalog.from_json(tessera_catalog("v0.9"))
    for ops in swept["v0.9"]:
        validate_payload([catalog], ops)  # raises A2uiValidationError with the first problem


def _streamed(ops: list[dict], *, wrapped: bool, size: int) -> tuple[list[dict], str]:
    """The A2UI messages and the text that a2ui-agent-sdk's streaming parser (DirectJsonParser,
    the one that reads a model's `<a2ui-json>` blocks as they arrive) gives back for the
    surface, fed `size` characters at a time."""
    parser = DirectJsonParser([Catalog.from_json(tessera_catalog("v0.9"))])
    text = json.dumps(ops)
    if wrapped:
        text = f"A form:\n<a2ui-json>\n{text}\n</a2ui-json>\nThat is all."
    parts = []
    for start in range(0, len(text), size):
        parts += parser.parse_chunk(text[start : start + size], wrapped=wrapped)
    messages = [
        message.model_dump(by_alias=True, exclude_none=True)
        for part in parts
        if isinstance(part, A2uiPart)
        for message in part.a2ui
    ]
    return messages, "".join(part.text for part in parts if isinstance(part, TextPart))


def _settled(messages: list[dict]) -> tuple[dict, list[dict]]:
    """What a renderer holds at the end: each component as last sent, and the other messages
    (a streaming parser re-sends a growing updateComponents as components complete)."""
    components, others = {}, []
    for message in messages:
        if "updateComponents" in message:
            components |= {c["id"]: c for c in message["updateComponents"]["components"]}
        elif message not in others:
            others.append(message)
    return components, others


@pytest.mark.slow
@pytest.mark.parametrize(("wrapped", "size"), [(True, 97), (False, 1000)], ids=["tagged", "bare"])
def test_every_v0_9_surface_survives_the_official_sdks_streaming_parser(swept, wrapped, size):
    for ops in swept["v0.9"]:
        messages, text = _streamed(ops, wrapped=wrapped, size=size)
        assert _settled(messages) == _settled(ops), ops[0]
        # each component arrives whole or not at all, never as a half-read object
        sent = {
            c["id"]: c
            for m in ops
            if "updateComponents" in m
            for c in m["updateComponents"]["components"]
        }
        for message in messages:
            for component in message.get("updateComponents", {}).get("components", []):
                assert component == sent[component["id"]], component
        # the text around the block comes through, and nothing of the block leaks into it
        assert text.replace("\n", "") == ("A form:That is all." if wrapped else "")
