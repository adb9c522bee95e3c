"""How Tessera's runs look in AG-UI terms: A2UI surfaces as activities (the convention of
@ag-ui/a2ui-middleware) and the outcome RUN_FINISHED carries (AG-UI's interrupts for forms
that wait on the person)."""

from typing import Any

from ag_ui.core import (
    ActivitySnapshotEvent,
    Interrupt,
    RunFinishedInterruptOutcome,
    RunFinishedSuccessOutcome,
)

from apps.agent.loop import LoopResult, StopReason

A2UI_ACTIVITY = "a2ui-surface"
INTERRUPT_PREFIX = "a2ui:"
# What answers a form's interrupt: the A2UI action its submit button sends.
A2UI_ANSWER_SCHEMA = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "description": "The action's name."},
        "sourceComponentId": {"type": "string"},
        "context": {"type": "object", "description": "The form's values, by key."},
        "timestamp": {"type": "string"},
    },
    "required": ["name"],
}


def interrupt_id(surface_id: str) -> str:
    return f"{INTERRUPT_PREFIX}{surface_id}"


def surface_snapshot(artifact_id: str, payload: dict[str, Any]) -> ActivitySnapshotEvent:
    """An A2UI surface as AG-UI carries it (the convention of @ag-ui/a2ui-middleware): an
    activity of type `a2ui-surface` whose content holds the A2UI messages as
    `a2ui_operations`; `surfaceId` and `artifactId` are Tessera's additions."""
    return ActivitySnapshotEvent(
        message_id=artifact_id,
        activity_type=A2UI_ACTIVITY,
        content={
            "a2ui_operations": payload["messages"],
            "surfaceId": payload["surface_id"],
            "artifactId": artifact_id,
        },
        replace=True,
    )


def run_outcome(result: LoopResult, surfaces: list[dict[str, Any]]):
    """RUN_FINISHED's outcome: success, or an interrupt per form the run is waiting on (AG-UI's
    human-in-the-loop; the answer comes back in the next input's `resume`, or as a `tool`
    message for the form's show_form call: apps/agent/agui.py)."""
    if result.stop_reason is not StopReason.NEEDS_INPUT or not surfaces:
        return RunFinishedSuccessOutcome()
    return RunFinishedInterruptOutcome(
        interrupts=[
            Interrupt(
                id=interrupt_id(surface["surfaceId"]),
                reason="input_required",
                message=surface["title"] or "Fill in the form to continue.",
                tool_call_id=surface.get("toolCallId"),  # the show_form call that drew it
                response_schema=A2UI_ANSWER_SCHEMA,
                metadata={"a2ui": {"surfaceId": surface["surfaceId"]}},
            )
            for surface in surfaces
        ]
    )
