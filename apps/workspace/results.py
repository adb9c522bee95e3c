"""SQL artifact → result artifacts: rows from the gateway and a chart built by apps.viz.

Used by the `run_sql` tool and by the workspace's edit-and-run box, so both go through the
same gateway, the same validation and the same chart rules. No model-written code runs: the
chart is a declarative spec validated against the result's columns.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from apps.accounts.access import AccessContext
from apps.agent import services
from apps.agent.models import Artifact
from apps.agent.tools.results import ArtifactDraft
from apps.gateway.services import run_sql
from apps.viz.figures import figure_build
from apps.viz.proposals import chart_propose
from apps.viz.specs import ChartSpecError, spec_validate


def column_label(name: str) -> str:
    """A readable label for a column nobody labelled: "average_salary" → "Average salary"."""
    words = name.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def result_payload(
    *,
    sql: str,
    params: Mapping[str, Any] | None,
    context: AccessContext,
    title: str = "",
    max_rows: int | None = None,
    labels: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """Run the SQL through the gateway (raises GatewayError) and describe the result. Each
    column gets a `label` in words: the one given, or one made from its name."""
    result = run_sql(sql, context=context, params=params, max_rows=max_rows)
    payload = {"title": title, "sql": sql, "params": dict(params or {}), **result.as_json()}
    given = labels or {}
    payload["columns"] = [
        {**column, "label": given.get(column["name"]) or column_label(column["name"])}
        for column in payload["columns"]
    ]
    return payload


def chart_payload(
    result: dict[str, Any], *, hint: Mapping[str, Any] | str | None = None
) -> dict[str, Any] | None:
    """The planner's chart spec when it fits the result, none when it said "none", else the
    viz rules' proposal."""
    if hint == "none":
        return None
    columns, rows = result["columns"], result["rows"]
    spec = None
    if hint:
        try:
            spec = spec_validate({"title": result.get("title") or None, **hint}, columns)
        except ChartSpecError:
            spec = None
    if spec is None:
        spec = chart_propose(columns, rows, title=result.get("title") or None)
    if spec is None:
        return None
    try:
        figure = figure_build(spec, columns, rows)
    except ChartSpecError:
        return None
    return {"spec": spec.model_dump(mode="json", exclude_none=True), "figure": figure}


def result_drafts(
    result: dict[str, Any], *, chart_hint: Mapping[str, Any] | str | None = None
) -> list[ArtifactDraft]:
    """The sql_result artifact and, when a chart fits, the chart that points back at it."""
    table = ArtifactDraft.built(kind="sql_result", payload=result, title=result.get("title", ""))
    drafts = [table]
    chart = chart_payload(result, hint=chart_hint)
    if chart is not None:
        drafts.append(
            ArtifactDraft.built(
                kind="chart",
                payload={**chart, "source_id": table.id},
                title=result.get("title", ""),
            )
        )
    return drafts


@dataclass
class SqlArtifacts:
    sql_result: Artifact
    chart: Artifact | None


def sql_artifacts_create(
    *, context: AccessContext, sql: str, params: Mapping[str, Any], title: str, thread_id, run_id
) -> SqlArtifacts:
    """Run (edited) SQL and store its artifacts; raises GatewayError."""
    drafts = result_drafts(result_payload(sql=sql, params=params, context=context, title=title))
    stored = [
        services.artifact_create(
            context=context,
            kind=draft.kind,
            payload=draft.payload,
            thread_id=thread_id,
            run_id=run_id,
            artifact_id=draft.id,
        )
        for draft in drafts
    ]
    return SqlArtifacts(sql_result=stored[0], chart=stored[1] if len(stored) > 1 else None)
