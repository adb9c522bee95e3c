"""Agent runs as jobs (apps/jobs): a message the person sent becomes a queued job, run by a
runner thread of the web process (threads mode) or by a `manage.py worker` (workers mode).
Either way the run's events are stored and broadcast to the thread's group, so the browser
sees them whichever process serves its socket."""

from ag_ui.core import RunErrorEvent

from apps.accounts.access import AccessContext, AccessDenied, access_context_for_user_id, bound
from apps.agent import events, services
from apps.agent.inbound import parse_client_message
from apps.agent.models import Run, RunStatus
from apps.jobs.definitions import job

RUN_QUEUE = "runs"
RUN_LOST = (
    "The worker answering this request stopped before it finished (it was killed or "
    "crashed), so no answer will arrive for it. Ask again."
)
MEMBERSHIP_CHANGED = "the person's membership changed after the request was queued"


def _context(*, user_id: int, tenant_id: int) -> AccessContext:
    context = access_context_for_user_id(user_id)
    if context.tenant_id != tenant_id:
        raise AccessDenied(MEMBERSHIP_CHANGED)
    return context


def run_lost(result, message: str) -> None:
    """Tell the thread that its run will not finish, and record the run as failed."""
    kwargs = result.kwargs
    context = _context(user_id=kwargs["user_id"], tenant_id=kwargs["tenant_id"])
    thread_id = kwargs["thread_id"]
    since = result.started_at or result.enqueued_at
    with bound(context):
        runs = list(
            Run.objects.filter(
                thread_id=thread_id, status=RunStatus.RUNNING, started_at__gte=since
            ).values_list("id", flat=True)
        )
    for run_id in runs:
        services.run_record_save(
            context=context,
            run_id=run_id,
            status=RunStatus.FAILED,
            steps=[],
            usage={},
            context_summary={},
            error=RUN_LOST,
        )
    events.event_emit(
        RunErrorEvent(message=RUN_LOST, code="WORKER_LOST"),
        context=context,
        thread_id=thread_id,
        run_id=runs[-1] if runs else None,
    )


@job(queue_name=RUN_QUEUE, max_attempts=1, on_lost=run_lost)
def run_message(
    *, tenant_id: int, user_id: int, thread_id: str, message: dict, message_id: str = ""
) -> dict:
    """Run one request of a thread to its end (`message_id`: the id the client gave the
    message, kept on the run so the same message sent again is not run twice)."""
    from apps.agent import runtime

    context = _context(user_id=user_id, tenant_id=tenant_id)
    outcome = runtime.run_execute(
        context=context,
        thread_id=thread_id,
        message=parse_client_message(message),
        message_id=message_id,
    )
    return {"run_id": outcome.run_id, "status": outcome.status}
