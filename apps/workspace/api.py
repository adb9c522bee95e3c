"""JSON and file endpoints of the workspace: artifacts, edited SQL, CSV, thread export.

Thin views: read the request, call a selector or a service, answer. Errors the services
raise are answered in one place (`responses.py`).
"""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.views.decorators.http import require_GET, require_POST

from apps.agent import selectors
from apps.gateway import limits
from apps.workspace import report, responses, services
from apps.workspace.responses import answers_errors, error_text


def _sql_artifact(request, artifact_id):
    return services.sql_artifact(
        selectors.artifact_get(context=request.access, artifact_id=artifact_id)
    )


def _artifact_json(artifact, chart: dict | None) -> dict:
    data = {
        "id": artifact.id,
        "kind": artifact.kind,
        "version": artifact.version,
        "payload": artifact.payload,
    }
    if artifact.kind == "sql_result":
        data["chart"] = chart
    return data


@login_required
@require_GET
def artifact_detail(request, artifact_id):
    artifact, chart = selectors.artifact_with_chart(context=request.access, artifact_id=artifact_id)
    if artifact is None:
        raise Http404("No such artifact")
    return JsonResponse(_artifact_json(artifact, chart))


@login_required
@require_POST
@answers_errors()
def artifact_sql(request, artifact_id):
    """Run an edited version of a SQL artifact: same gateway, same validation, a new artifact."""
    source = _sql_artifact(request, artifact_id)
    created = services.edited_sql_run(context=request.access, source=source, body=request.body)
    chart = created.chart.payload if created.chart else None
    return JsonResponse({"ok": True, "artifact": _artifact_json(created.sql_result, chart)})


@login_required
@require_GET
@answers_errors(error_text)
def artifact_csv(request, artifact_id):
    """Re-run the query through the gateway and stream every row (up to the CSV cap) as CSV."""
    artifact = _sql_artifact(request, artifact_id)
    return responses.streaming_csv(
        services.csv_lines(context=request.access, artifact=artifact),
        filename=services.csv_name(artifact),
        max_rows=limits.current().csv_max_rows,
    )


@login_required
@require_GET
@answers_errors()
def artifact_csv_size(request, artifact_id):
    """How many rows the CSV download holds, and whether the cap cuts the result."""
    artifact = _sql_artifact(request, artifact_id)
    size = services.csv_size(context=request.access, artifact=artifact)
    return JsonResponse({"ok": True, **size.as_dict()})


@login_required
@require_GET
def thread_export(request, thread_id):
    """One self-contained HTML report of the thread: questions, answers, SQL, tables, charts."""
    thread = selectors.thread_get(context=request.access, thread_id=thread_id)
    if thread is None:
        raise Http404("No such thread")
    html = render_to_string(
        "workspace/report.html", report.report_context(context=request.access, thread=thread)
    )
    response = HttpResponse(html, content_type="text/html; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="tessera-{thread.id}.html"'
    return response
