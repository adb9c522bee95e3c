"""The `show_form` tool: the agent describes UI as A2UI v0.9 messages; they are validated
here before anything reaches the browser, and every problem goes back to the model so it can
repair the surface."""

import json
from typing import Any

from pydantic import Field

from apps.a2ui.surfaces import surface_artifact
from apps.a2ui.validator import surface_validate
from apps.agent import selectors
from apps.agent.tools import (
    ArtifactDraft,
    ToolArgs,
    ToolContext,
    ToolError,
    ToolResult,
    register_tool,
)

MAX_PROBLEMS_REPORTED = 20
BUILT_VERSIONS = ("v0.9", "v0.9.1")
WRITE_IN_V0_9 = (
    'Write every message with "version": "v0.9"; Tessera sends the surface in the version '
    "the person's client renders (v1.0 included)."
)


class ShowFormArgs(ToolArgs):
    surface_id: str = Field(
        pattern=r"^[A-Za-z0-9_.:-]{1,64}$", description="Id of the surface, unique in the thread."
    )
    messages: list[dict[str, Any]] = Field(
        min_length=1,
        max_length=20,
        description="A2UI v0.9 server messages: createSurface, then updateComponents (one component with id 'root').",
    )
    title: str = Field(
        default="", max_length=200, description="What the form is for, in a few words."
    )


EXAMPLE = {
    "surface_id": "period",
    "title": "Which period?",
    "messages": [
        {
            "version": "v0.9",
            "createSurface": {
                "surfaceId": "period",
                "catalogId": "https://tessera.dev/a2ui/v0_9/catalog.json",
            },
        },
        {
            "version": "v0.9",
            "updateComponents": {
                "surfaceId": "period",
                "components": [
                    {"id": "root", "component": "Column", "children": ["q", "go"]},
                    {"id": "q", "component": "Text", "text": "Which year?"},
                    {"id": "go-label", "component": "Text", "text": "Continue"},
                    {
                        "id": "go",
                        "component": "Button",
                        "child": "go-label",
                        "action": {"event": {"name": "answer", "context": {}}},
                    },
                ],
            },
        },
    ],
}


def show_form(args: ShowFormArgs, context: ToolContext) -> ToolResult:
    """Show the person a form or view (A2UI v0.9; clients that declared v1.0 get it in v1.0)
    and wait for their answer."""
    if any(message.get("version") not in BUILT_VERSIONS for message in args.messages):
        # Surfaces are written once, in v0.9; clients that render v1.0 get them translated.
        raise ToolError(WRITE_IN_V0_9, field="messages")
    # Agent output is held to the strict mode: no component left unreachable from the root.
    # Surfaces shown earlier in the thread are active on the server and may be updated.
    problems = surface_validate(args.messages, known_surfaces=_active(context), strict=True)
    if problems:
        listed = [problem.as_dict() for problem in problems[:MAX_PROBLEMS_REPORTED]]
        raise ToolError(f"INVALID_SURFACE: {json.dumps(listed)}", field="messages")
    payload = {**surface_artifact(args.surface_id, args.messages), "title": args.title}
    return ToolResult(
        content={
            "shown": args.surface_id,
            "note": "The person sees the form; their answer arrives as the next message.",
        },
        artifacts=[ArtifactDraft(kind="a2ui_surface", payload=payload, title=args.title)],
        needs_input=True,
    )


def _active(context: ToolContext) -> dict[str, str]:
    access, thread_id = context.run.get("access"), context.run.get("thread_id")
    if access is None or thread_id is None:
        return {}
    return selectors.thread_surfaces(context=access, thread_id=thread_id)


def register() -> None:
    register_tool(
        name="show_form",
        when_to_use="When a request is missing details you need (dates, choices): ask them all at once in one form.",
        limits="Only components of Tessera's catalog; no HTML, scripts or external URLs; one root; at most 20 messages.",
        example=EXAMPLE,
        args=ShowFormArgs,
    )(show_form)
