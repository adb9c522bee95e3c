"""SQL artifact → result payloads: rows from the gateway, a chart built by apps.viz.

Used by the `run_sql` tool and by the workspace's edit-and-run box, so both go through the
same gateway, the same validation and the same chart rules.
"""

from typing import Any

from apps.accounts.access import AccessContext
from apps.gateway.services import run_sql


def _json_rows(rows: list[list[Any]]) -> list[list[Any]]:
    return rows


def sql_result_payload(
    *,
    sql: str,
    params: dict[str, Any],
    context: AccessContext,
    title: str = "",
    max_rows: int | None = None,
) -> dict[str, Any]:
    """Run the SQL through the gateway; raises GatewayError with a code the model can act on."""
    result = run_sql(sql, context=context, params=params, max_rows=max_rows)
    return {
        "title": title,
        "sql": sql,
        "sql_executed": result.sql_executed,
        "params": params,
        "columns": [dict(column) for column in result.columns],
        "rows": result.rows,
        "row_count": result.row_count,
        "truncated": result.truncated,
        "elapsed_ms": result.elapsed_ms,
    }


def chart_payload(
    result: dict[str, Any], *, hint: dict[str, Any] | None = None
) -> dict[str, Any] | None:
    """A chart spec (the planner's hint when it fits, else the viz rules) and its figure."""
    from apps.viz import charts

    return charts.chart_for_result(
        result["columns"], result["rows"], hint=hint, title=result.get("title", "")
    )
