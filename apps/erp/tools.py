"""The builtin ERP planner's two tools, so that everything it reads is a call in the run:

- `erp_lookup`: reads the tenant's department names and codes and employee names through the
  gateway (under the person's access) into the planner's cache. The model sees only counts.
- `erp_reading`: shows the reading of an answer as chips (an A2UI surface) and, for the
  builtin planner, the sentence that answers, computed here from the result rows.
"""

from pydantic import Field

from apps.agent import selectors
from apps.agent.tools import (
    ArtifactDraft,
    ToolArgs,
    ToolContext,
    ToolError,
    ToolResult,
    register_tool,
)
from apps.erp.entities import NONE, cached_entities, entities_refresh
from apps.erp.planner.chips import chips_surface
from apps.erp.planner.narrative import narrative
from apps.erp.planner.reading import ReadingError, reading_from_json
from apps.gateway.errors import GatewayError

LOOKUP = "erp_lookup"
READING = "erp_reading"
BUILTIN = "builtin"


def _access(context: ToolContext):
    access = context.run.get("access")
    if access is None:
        raise ToolError("This run has no access context; nothing can be read.")
    return access


class LookupArgs(ToolArgs):
    pass


def erp_lookup(args: LookupArgs, context: ToolContext) -> ToolResult:
    """Read the tenant's department and employee names for the built-in ERP planner."""
    access = _access(context)
    try:
        entities, changed = entities_refresh(context=access)
    except GatewayError as error:
        raise ToolError(f"{error.code}: {error.message}") from error
    return ToolResult(
        content={
            "departments": len(entities.departments),
            "employees": len(entities.people),
            "version": entities.version,
            "changed": changed,
        }
    )


class ReadingArgs(ToolArgs):
    artifact_id: str = Field(
        pattern=r"^[A-Za-z0-9_.:-]{1,64}$", description="A sql_result artifact."
    )
    surface_id: str = Field(
        pattern=r"^[A-Za-z0-9_.:-]{1,64}$", description="Id of the chips surface."
    )


def erp_reading(args: ReadingArgs, context: ToolContext) -> ToolResult:
    """Show how the built-in ERP planner read a question, as chips the person can change."""
    access = _access(context)
    artifact = selectors.artifact_get(context=access, artifact_id=args.artifact_id)
    if artifact is None or artifact.kind != "sql_result":
        raise ToolError(f"there is no query result {args.artifact_id!r}", field="artifact_id")
    payload = artifact.payload
    try:
        reading = reading_from_json(payload.get("reading"))
    except ReadingError as error:
        raise ToolError("this result has no reading of the built-in planner") from error
    entities = cached_entities(access.tenant_id) or NONE
    messages = chips_surface(args.surface_id, reading, entities)
    title = payload.get("title", "")
    content = {"shown": args.surface_id}
    # The sentence carries values from the rows: only the builtin planner (trusted code) gets it.
    if context.run.get("provider") == BUILTIN or context.share_rows_with_model:
        content["narrative"] = narrative(reading, payload["columns"], payload["rows"], title)
    surface = {"surface_id": args.surface_id, "messages": messages, "title": title}
    return ToolResult(
        content=content,
        artifacts=[ArtifactDraft(kind="a2ui_surface", payload=surface, title=title)],
    )


def register() -> None:
    register_tool(
        name=LOOKUP,
        when_to_use="Only Tessera's built-in ERP planner uses it; a language model never needs it.",
        limits="Reads names through the read-only gateway under the person's tenant; returns counts only.",
        example={},
        args=LookupArgs,
    )(erp_lookup)
    register_tool(
        name=READING,
        when_to_use="Only Tessera's built-in ERP planner uses it, after its own query ran.",
        limits="Only results of the built-in planner (they carry a reading).",
        example={"artifact_id": "art_0123", "surface_id": "reading-0123"},
        args=ReadingArgs,
    )(erp_reading)
