"""The `run_sql` tool: the agent's only way to read the ERP. The gateway validates and runs
the SQL under the person's tenant; the model gets columns, types, row count and truncation
(rows only when TESSERA_SHARE_ROWS_WITH_MODEL is on); the person gets the table and chart."""

from typing import Any, Literal

from pydantic import Field
from pydantic.json_schema import SkipJsonSchema

from apps.agent.tools import (
    ToolArgs,
    ToolContext,
    ToolError,
    ToolResult,
    register_tool,
    table_observation,
)
from apps.agent.tools.access import run_access
from apps.gateway.errors import GatewayError
from apps.workspace import results


class RunSqlArgs(ToolArgs):
    sql: str = Field(
        description=(
            "One PostgreSQL SELECT over erp_department, erp_employee, erp_salary, "
            "erp_position and erp_candidate."
        ),
        max_length=20_000,
    )
    params: dict[str, Any] = Field(
        default_factory=dict,
        description="Values for :name parameters in the SQL (strings, numbers, ISO dates).",
    )
    title: str = Field(
        default="", max_length=200, description="Short title of the result, shown above the table."
    )
    labels: dict[str, str] = Field(
        default_factory=dict,
        description="Optional words for the output columns, in the person's language: {column: label}.",
    )
    # The builtin ERP planner's structured reading, stored with the result so a follow-up or a
    # reading chip can change it; not offered to language models.
    reading: SkipJsonSchema[dict[str, Any] | None] = None
    chart: dict[str, Any] | Literal["none"] | None = Field(
        default=None,
        description=(
            "Chart spec {kind: bar|grouped_bar|line|area|scatter|pie|histogram|heatmap, x, y, series}; "
            '"none" for no chart; omitted: Tessera proposes one that fits the result.'
        ),
    )


@register_tool(
    name="run_sql",
    when_to_use="To answer any question about employees, departments or salaries from the ERP.",
    limits=(
        "Read-only SELECT; only the ERP tables; row-level security limits rows to the person's tenant "
        "(never filter on tenant_id); results are capped and flagged truncated; errors come back with a code."
    ),
    example={
        "sql": "SELECT d.name AS department, count(*) AS headcount FROM erp_employee e JOIN erp_department d ON d.id = e.department_id WHERE e.termination_date IS NULL GROUP BY d.name ORDER BY headcount DESC",
        "params": {},
        "title": "Active employees by department",
    },
    args=RunSqlArgs,
)
def run_sql_tool(args: RunSqlArgs, context: ToolContext) -> ToolResult:
    """Run one read-only SQL query against the ERP and show the rows and a chart to the person."""
    access = run_access(context, missing="This run has no access context; the query cannot run.")
    try:
        result = results.result_payload(
            sql=args.sql, params=args.params, context=access, title=args.title, labels=args.labels
        )
    except GatewayError as error:
        field = "params" if str(error.code) == "PARAMETER_ERROR" else "sql"
        raise ToolError(f"{error.code}: {error.message}", field=field) from error
    observation = table_observation(
        [(column["name"], column["type"]) for column in result["columns"]],
        result["rows"],
        truncated=result["truncated"],
        share_rows=context.share_rows_with_model,
    )
    if args.reading is not None:
        result["reading"] = args.reading
    drafts = results.result_drafts(result, chart_hint=args.chart)
    observation["sql_executed"] = result["sql_executed"]
    observation["row_count"] = result["row_count"]
    observation["artifact_id"] = drafts[0].id
    return ToolResult(content=observation, artifacts=drafts)
