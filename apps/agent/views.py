"""HTTP views of the agent: the run trace page, the Server-Sent Events streams for non-browser
clients (POST a message, read the run's events as they happen) and AG-UI's HTTP binding
(`POST /api/ag-ui/`, docs/agent-api.md)."""

import asyncio
import json

from ag_ui.core import Event
from ag_ui.encoder import EventEncoder
from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, JsonResponse, StreamingHttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_POST
from pydantic import TypeAdapter, ValidationError

from apps.accounts.middleware import unauthorized
from apps.agent import agui, events, jsontext, limits, replays, runtime, selectors, services
from apps.agent.inbound import parse_client_message
from apps.agent.refusals import Refusal, invalid_message

POLL_SECONDS = 0.1
TERMINAL = {"RUN_FINISHED", "RUN_ERROR"}
STREAM_LIMIT_SECONDS = 600
JOB_CLOSE_SECONDS = 2.0
JOB_CLOSE_POLL_SECONDS = 0.02
AGUI_EVENT = TypeAdapter(Event)
NOT_SIGNED_IN = (
    "Sign in, or send an API token as 'Authorization: Bearer <token>' (create one under API "
    "tokens in Tessera)."
)


@login_required
@require_GET
def run_detail(request, run_id):
    run = selectors.run_get(context=request.access, run_id=run_id)
    if run is None:
        raise Http404("No such run")
    steps = list(run.steps.all())
    return render(
        request,
        "agent/run_detail.html",
        {
            "run": run,
            "steps": steps,
            "artifacts": selectors.artifacts_of_run(context=request.access, run_id=run_id),
        },
    )


def _sse(payload: dict) -> str:
    return f"id: {payload['seq']}\nevent: {payload['type']}\ndata: {json.dumps(payload, separators=(',', ':'))}\n\n"


async def _stored(context, thread_id, after: int, *, until_run_ends: bool):
    """Stored events after `after`, then new ones as they are stored (polling the log, so it
    works whichever process runs the agent); None when the stream's time is up."""
    last = after
    waited = 0.0
    while waited < STREAM_LIMIT_SECONDS:
        batch = await sync_to_async(events.events_after)(
            context=context, thread_id=thread_id, after=last
        )
        for payload in batch:
            last = payload["seq"]
            if until_run_ends and payload["type"] in TERMINAL:
                await _job_closed(thread_id)
                yield payload
                return
            yield payload
        if not batch:
            await asyncio.sleep(POLL_SECONDS)
            waited += POLL_SECONDS
    yield None


async def _job_closed(thread_id) -> None:
    """Wait until the thread has no run job queued or running, JOB_CLOSE_SECONDS at most. The
    job that stored RUN_FINISHED / RUN_ERROR is marked done a moment later; an AG-UI client
    sends its next input the moment it reads the end, and met THREAD_BUSY about one time in
    fifty. A message queued meanwhile (from the socket) keeps the thread busy for a reason:
    the end is passed on after the wait all the same."""
    waited = 0.0
    while waited < JOB_CLOSE_SECONDS and await sync_to_async(limits.thread_busy)(
        thread_id=thread_id
    ):
        await asyncio.sleep(JOB_CLOSE_POLL_SECONDS)
        waited += JOB_CLOSE_POLL_SECONDS


TIME_UP = ": stream time limit reached; reconnect with Last-Event-ID\n\n"


async def _follow(context, thread_id, after: int, *, until_run_ends: bool):
    async for payload in _stored(context, thread_id, after, until_run_ends=until_run_ends):
        yield TIME_UP if payload is None else _sse(payload)


# The events that name the run (AG-UI's RunStarted and RunFinished).
LIFECYCLE = {"RUN_STARTED", "RUN_FINISHED"}


def _echo_run_ids(event: dict, run_input) -> dict:
    """The run named by the input's runId (and parentRunId), as AG-UI clients correlate a
    run's lifecycle with the input that started it; Tessera's own id stays reachable."""
    echoed = {**event, "runId": run_input.run_id}
    if event["type"] == "RUN_STARTED":
        echoed["metadata"] = {**(event.get("metadata") or {}), "tesseraRunId": event["runId"]}
        if run_input.parent_run_id is not None:
            echoed["parentRunId"] = run_input.parent_run_id
    return echoed


async def _follow_agui(context, turn: agui.Turn, after: int, run_input):
    """The run's events in the binding's encoding (ag_ui's EventEncoder: the event alone, as
    AG-UI defines it), each with the thread's sequence number as its SSE `id:`, so the rest
    can be replayed from /api/threads/<id>/events with Last-Event-ID; the thread is named by
    the client's threadId, the run by its runId. A run replayed to an input sent again leaves out what the client
    holds (replays.ReplayTrim)."""
    encoder = EventEncoder()
    trim = replays.ReplayTrim(turn.held) if turn.held is not None else None
    async for payload in _stored(context, turn.thread_id, after, until_run_ends=True):
        if payload is None:
            yield TIME_UP
            return
        event = {key: value for key, value in payload.items() if key != "seq"}
        if trim is not None and (event := trim(event)) is None:
            continue
        if "threadId" in event:
            event["threadId"] = turn.client_thread_id
        if event["type"] in LIFECYCLE:
            event = _echo_run_ids(event, run_input)
        yield f"id: {payload['seq']}\n" + encoder.encode(AGUI_EVENT.validate_python(event))


def _body(request) -> bytes:
    """The request's body; a Refusal (413) beyond Django's DATA_UPLOAD_MAX_MEMORY_SIZE, which
    would otherwise be an HTML 400 page that says nothing to a script."""
    try:
        return request.body
    except RequestDataTooBig as error:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        raise Refusal("TOO_LARGE", f"The body is larger than {limit} bytes.", 413) from error


def _refused(refused: Refusal) -> JsonResponse:
    response = JsonResponse(refused.as_message(), status=refused.status)
    if refused.retry_after is not None:
        response["Retry-After"] = str(refused.retry_after)
    return response


def _stream_response(generator) -> StreamingHttpResponse:
    response = StreamingHttpResponse(generator, content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"
    return response


@login_required
@require_POST
def thread_create_api(request):
    thread = services.thread_create(context=request.access)
    return JsonResponse({"thread_id": str(thread.id)}, status=201)


@login_required
@require_POST
def thread_message_sse(request, thread_id):
    """POST {"type": "message", "text": …} (or an A2UI action) and stream the run as SSE."""
    if not selectors.thread_visible(context=request.access, thread_id=thread_id):
        raise Http404("No such thread")
    try:
        body = jsontext.loads(_body(request) or b"{}")
        if isinstance(body, dict) and "type" not in body:
            body = {"type": "message", **body}
        message = parse_client_message(body)
    except (ValueError, ValidationError) as error:
        detail = (
            error.errors(include_url=False, include_input=False, include_context=False)
            if isinstance(error, ValidationError)
            else str(error)
        )
        return JsonResponse({"ok": False, "error": "invalid message", "detail": detail}, status=400)
    except Refusal as refused:
        return _refused(refused)
    start = selectors.thread_last_seq(context=request.access, thread_id=thread_id)
    try:
        runtime.run_start_background(context=request.access, thread_id=thread_id, message=message)
    except Refusal as refused:
        return _refused(refused)
    return _stream_response(_follow(request.access, thread_id, start, until_run_ends=True))


@require_POST
def agui_run(request):
    """AG-UI's HTTP binding: POST a RunAgentInput (any Content-Type: the body is JSON), read
    the run's AG-UI events as SSE until RUN_FINISHED or RUN_ERROR. A request that starts no
    run gets a REQUEST_REFUSED JSON response with a 4xx status."""
    if request.access is None:
        return unauthorized(NOT_SIGNED_IN)
    try:
        try:
            body = jsontext.loads(_body(request) or b"null")
        except ValueError as error:
            raise invalid_message([], str(error)) from error
        run_input = agui.run_input_parse(body)
        turn = agui.turn_from_input(context=request.access, run_input=run_input)
        if turn.replay_after is not None:  # answered already: no second run (replays.py)
            return _stream_response(
                _follow_agui(request.access, turn, turn.replay_after, run_input)
            )
        start = selectors.thread_last_seq(context=request.access, thread_id=turn.thread_id)
        runtime.run_start_background(
            context=request.access,
            thread_id=turn.thread_id,
            message=turn.message,
            message_id=turn.message_id,
        )
    except Refusal as refused:
        return _refused(refused)
    return _stream_response(_follow_agui(request.access, turn, start, run_input))


@login_required
@require_GET
def thread_events_sse(request, thread_id):
    """Replay from ?after= (or Last-Event-ID) and follow the thread's events."""
    if not selectors.thread_visible(context=request.access, thread_id=thread_id):
        raise Http404("No such thread")
    raw = request.headers.get("Last-Event-ID") or request.GET.get("after", "0")
    try:
        after = max(0, int(raw))
    except ValueError:
        return JsonResponse({"ok": False, "error": "after must be a whole number"}, status=400)
    return _stream_response(_follow(request.access, thread_id, after, until_run_ends=False))
