"""JSON and file endpoints of the workspace: artifacts, edited SQL, CSV, thread export."""

import csv
import json

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, JsonResponse, StreamingHttpResponse
from django.template.loader import render_to_string
from django.views.decorators.http import require_GET, require_POST
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from apps.agent import selectors

CSV_MAX_ROWS = 100_000
BAD_BODY = 'Send JSON like {"sql": "SELECT …"}.'


def _artifact_or_404(request, artifact_id):
    artifact = selectors.artifact_get(context=request.access, artifact_id=artifact_id)
    if artifact is None:
        raise Http404("No such artifact")
    return artifact


def _artifact_json(request, artifact) -> dict:
    data = {
        "id": artifact.id,
        "kind": artifact.kind,
        "version": artifact.version,
        "payload": artifact.payload,
    }
    if artifact.kind == "sql_result":
        chart = selectors.chart_of_result(context=request.access, artifact_id=artifact.id)
        data["chart"] = chart.payload if chart else None
    return data


@login_required
@require_GET
def artifact_detail(request, artifact_id):
    return JsonResponse(_artifact_json(request, _artifact_or_404(request, artifact_id)))


class EditedSql(BaseModel):
    model_config = ConfigDict(extra="forbid")

    sql: str = Field(min_length=1, max_length=20_000)


@login_required
@require_POST
def artifact_sql(request, artifact_id):
    """Run an edited version of a SQL artifact: same gateway, same validation, a new artifact."""
    from apps.gateway.errors import GatewayError
    from apps.gateway.policy import default_policy
    from apps.gateway.validation import validate
    from apps.workspace import results

    source = _artifact_or_404(request, artifact_id)
    if source.kind != "sql_result":
        return JsonResponse(
            {
                "ok": False,
                "error": {"code": "NOT_SQL", "message": "Only query results can be edited."},
            },
            status=400,
        )
    try:
        edited = EditedSql.model_validate(json.loads(request.body or b"{}"))
    except (ValueError, ValidationError):
        return JsonResponse(
            {"ok": False, "error": {"code": "BAD_REQUEST", "message": BAD_BODY}}, status=400
        )
    try:
        # Edited SQL keeps the values of the parameters it still uses, and only those.
        used = validate(edited.sql, policy=default_policy()).parameters
        params = {
            name: value
            for name, value in (source.payload.get("params") or {}).items()
            if name in used
        }
        created = results.sql_artifacts_create(
            context=request.access,
            sql=edited.sql,
            params=params,
            title=source.payload.get("title", ""),
            thread_id=source.thread_id,
            run_id=None,
        )
    except GatewayError as error:
        return JsonResponse({"ok": False, "error": error.as_dict()}, status=200)
    return JsonResponse({"ok": True, "artifact": _artifact_json(request, created.sql_result)})


class _Echo:
    def write(self, value):
        return value


@login_required
@require_GET
def artifact_csv(request, artifact_id):
    """Re-run the query through the gateway (with a larger row cap) and stream it as CSV."""
    from apps.gateway.errors import GatewayError
    from apps.gateway.services import run_sql

    artifact = _artifact_or_404(request, artifact_id)
    if artifact.kind != "sql_result":
        raise Http404("Only query results download as CSV")
    payload = artifact.payload
    try:
        result = run_sql(
            payload["sql"],
            context=request.access,
            params=payload.get("params") or {},
            max_rows=CSV_MAX_ROWS,
        )
    except GatewayError as error:
        return HttpResponse(
            f"The query could not be run again: {error}", status=409, content_type="text/plain"
        )
    writer = csv.writer(_Echo())
    lines = [writer.writerow([column["name"] for column in result.columns])]
    lines += [
        writer.writerow(["" if value is None else value for value in row]) for row in result.rows
    ]
    name = (payload.get("title") or "result").lower().replace(" ", "-")[:60] or "result"
    response = StreamingHttpResponse(iter(lines), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.csv"'
    return response


@login_required
@require_GET
def thread_export(request, thread_id):
    """One self-contained HTML report of the thread: questions, answers, SQL, tables, charts."""
    from apps.workspace import report

    thread = selectors.thread_get(context=request.access, thread_id=thread_id)
    if thread is None:
        raise Http404("No such thread")
    html = render_to_string(
        "workspace/report.html", report.report_context(context=request.access, thread=thread)
    )
    response = HttpResponse(html, content_type="text/html; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="tessera-{thread.id}.html"'
    return response
