from django.db.models import Func, JSONField, OuterRef, Subquery

from apps.a2ui.processor import ProcessingError, SurfaceProcessor
from apps.accounts.access import AccessContext, bound
from apps.agent.answered_forms import FORM_ANSWERED
from apps.agent.models import Artifact, Event, Run, Thread


def thread_visible(*, context: AccessContext, thread_id) -> bool:
    with bound(context):
        return Thread.objects.filter(pk=thread_id).exists()


def thread_first_visible(*, context: AccessContext, thread_ids: list) -> object | None:
    """The first of these ids that names one of the person's threads, or None."""
    with bound(context):
        visible = set(Thread.objects.filter(pk__in=thread_ids).values_list("pk", flat=True))
    return next((thread_id for thread_id in thread_ids if thread_id in visible), None)


def thread_list(*, context: AccessContext, limit: int = 50) -> list[Thread]:
    with bound(context):
        return list(Thread.objects.order_by("-updated_at")[:limit])


def run_get(*, context: AccessContext, run_id) -> Run | None:
    with bound(context):
        return Run.objects.filter(pk=run_id).prefetch_related("steps").first()


def artifacts_of_run(*, context: AccessContext, run_id) -> list[Artifact]:
    with bound(context):
        return list(Artifact.objects.filter(run_id=run_id).order_by("created_at"))


def artifact_get(*, context: AccessContext, artifact_id) -> Artifact | None:
    with bound(context):
        return Artifact.objects.filter(pk=artifact_id).first()


def thread_get(*, context: AccessContext, thread_id) -> Thread | None:
    with bound(context):
        return Thread.objects.filter(pk=thread_id).first()


def chart_of_result(*, context: AccessContext, artifact_id: str, run_id=None) -> Artifact | None:
    """The latest chart made from the result. A chart is stored with its result, in the same
    run: given the result's run, only that run's artifacts are read (its index). Otherwise
    every artifact of the tenant is: under row security PostgreSQL cannot use an index on
    the payload's `source_id`, whose operator is not leakproof (docs/scaling.md)."""
    charts = Artifact.objects.filter(kind="chart", payload__source_id=artifact_id)
    if run_id is not None:
        charts = charts.filter(run_id=run_id)
    with bound(context):
        return charts.order_by("-created_at").first()


def artifact_with_chart(
    *, context: AccessContext, artifact_id
) -> tuple[Artifact | None, dict | None]:
    """The artifact and, for a query result, the payload of its chart (`chart_of_result`).
    The table fetch after every answer asks for both: they are read by one statement, the
    chart among the result's run's artifacts; a result without a run is looked up as
    `chart_of_result` does."""
    charts = (
        Artifact.objects.filter(
            kind="chart",
            run_id=OuterRef("run_id"),
            payload__source_id=Func(OuterRef("id"), function="to_jsonb", output_field=JSONField()),
        )
        .order_by("-created_at")
        .values("payload")[:1]
    )
    with bound(context):
        artifact = (
            Artifact.objects.filter(pk=artifact_id)
            .annotate(chart_payload=Subquery(charts, output_field=JSONField()))
            .first()
        )
        if artifact is None or artifact.kind != "sql_result":
            return artifact, None
        if artifact.run_id is None:
            chart = chart_of_result(context=context, artifact_id=artifact.id)
            return artifact, chart.payload if chart else None
        return artifact, artifact.chart_payload


def thread_last_seq(*, context: AccessContext, thread_id) -> int:
    with bound(context):
        return Thread.objects.values_list("last_seq", flat=True).get(pk=thread_id)


def surface_messages(*, context: AccessContext, thread_id, surface_id: str) -> list[dict] | None:
    """The A2UI messages the thread sent for the surface, in order; None when it sent none."""
    with bound(context):
        payloads = list(
            Artifact.objects.filter(
                thread_id=thread_id, kind="a2ui_surface", payload__surface_id=surface_id
            )
            .order_by("created_at")
            .values_list("payload", flat=True)
        )
    if not payloads:
        return None
    return [message for payload in payloads for message in payload.get("messages") or []]


def answered_surfaces(*, context: AccessContext, thread_id) -> set[str]:
    """The surface ids of the thread's forms already answered (their `form_answered` events)."""
    with bound(context):
        return set(
            Event.objects.filter(
                thread_id=thread_id, type="CUSTOM", payload__name=FORM_ANSWERED
            ).values_list("payload__value__surfaceId", flat=True)
        )


def asked_forms(*, context: AccessContext, thread_id) -> set[str]:
    """The surface ids of the forms a run of the thread waited on (an interrupt of its
    RUN_FINISHED): forms that ask and are answered, unlike reading chips or dialogs."""
    with bound(context):
        outcomes = Event.objects.filter(
            thread_id=thread_id, type="RUN_FINISHED", payload__outcome__type="interrupt"
        ).values_list("payload__outcome__interrupts", flat=True)
        return {
            ((interrupt.get("metadata") or {}).get("a2ui") or {}).get("surfaceId")
            for interrupts in outcomes
            for interrupt in interrupts or []
        } - {None}


def thread_surfaces(*, context: AccessContext, thread_id) -> dict[str, str]:
    """The A2UI surfaces active in the thread, {surfaceId: catalogId}: the messages of its
    `a2ui_surface` artifacts replayed in order, so a later deleteSurface removes one."""
    with bound(context):
        payloads = list(
            Artifact.objects.filter(thread_id=thread_id, kind="a2ui_surface")
            .order_by("created_at")
            .values_list("payload", flat=True)
        )
    processor = SurfaceProcessor(validation="permissive")
    for payload in payloads:
        try:
            processor.process(payload.get("messages") or [])
        except ProcessingError:
            continue  # validated when stored; one that no longer applies is not active
    return processor.known_surfaces()


def pending_interrupts(*, context: AccessContext, thread_id) -> list[dict]:
    """The interrupts of the thread's last run, when it ended waiting for the person (AG-UI
    RUN_FINISHED with an interrupt outcome); empty otherwise."""
    with bound(context):
        last = (
            Event.objects.filter(thread_id=thread_id, type__in=["RUN_FINISHED", "RUN_ERROR"])
            .order_by("-seq")
            .values_list("payload", flat=True)
            .first()
        )
    outcome = (last or {}).get("outcome") or {}
    return list(outcome.get("interrupts", [])) if outcome.get("type") == "interrupt" else []
