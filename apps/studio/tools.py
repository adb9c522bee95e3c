"""The agent's tools for UI customization (issue 8).

- ``update_ui``: an RFC 6902 patch of the preferences document; applied to a copy, validated,
  contrast-checked and stored as a new version, which every open page of the person then
  applies. A change that would make text unreadable is not applied: the person gets the
  measured ratio and a form offering the nearest readable color.
- ``ui_history``: undo, redo or reset to the defaults.
- ``ask_ui_choice``: a form with a few ready-made changes to pick from (each checked first).
- ``read_ui_preferences``: the current document and what each field accepts.

``scope="tenant"`` changes the defaults of everyone in the tenant; only an admin may.
"""

from typing import Any, Literal

from pydantic import Field

from apps.agent.tools import (
    ArtifactDraft,
    ToolArgs,
    ToolContext,
    ToolError,
    ToolResult,
    register_tool,
)
from apps.agent.tools.access import run_access
from apps.studio import selectors, services
from apps.studio.describe import patch_summary
from apps.studio.patches import MAX_OPERATIONS, ContrastError, PatchError, patch_apply
from apps.studio.planner.plans import KEEP_LABEL, NEAREST_LABEL, passes, readable_ops
from apps.studio.preferences import (
    FONT_SCALE_MAX,
    FONT_SCALE_MIN,
    FONT_STACKS,
    INTERNAL_PAGES,
    MAX_SHORTCUTS,
    RADIUS_MAX,
    preferences_schema,
)
from apps.studio.surfaces import KEEP, MAX_CHOICES, UiChoice, choice_surface

UPDATE_UI = "update_ui"
UI_HISTORY = "ui_history"
ASK_UI_CHOICE = "ask_ui_choice"
READ_UI_PREFERENCES = "read_ui_preferences"
TOOL_NAMES = frozenset({UPDATE_UI, UI_HISTORY, ASK_UI_CHOICE, READ_UI_PREFERENCES})
UI_PATCH = "ui_patch"

NO_ACCESS = "This run has no access context; the interface cannot be changed."
PATCH_REFUSED = "The patch was refused: {problems}"
NO_VALID_CHOICE = "None of the choices can be applied: {problems}"
CONTRAST_NEXT = "Pick the readable color, or keep things as they are."

DOCUMENT_OUTLINE = (
    "Document paths: /theme/{mode: light|dark; primary (buttons, links), primary_ink (text on "
    "buttons), accent, background (page), surface (panels), text, danger: colors #rrggbb; "
    f"font: {'|'.join(FONT_STACKS)}; font_scale: {FONT_SCALE_MIN}-{FONT_SCALE_MAX}; "
    f"density: compact|comfortable|spacious; radius: 0-{RADIUS_MAX}}}; "
    "/layout/{sidebar: left|right|hidden; artifact_panel: right|bottom; "
    "panels/{threads,table,chart,sql}: true|false}; "
    f"/shortcuts: up to {MAX_SHORTCUTS} of {{id: slug, label: plain text, kind: "
    "question|deck|thread|page, target: question text | deck or thread id | page "
    f"({', '.join(INTERNAL_PAGES)})}}, append with path /shortcuts/-."
)
SCOPE_HELP = (
    "user: the person's own interface (default). tenant: the defaults of everyone in the "
    "tenant — admins only."
)


def _ui_patch(applied: services.Applied) -> ArtifactDraft:
    return ArtifactDraft(kind=UI_PATCH, title="Interface updated", payload=applied.as_artifact())


class UpdateUiArgs(ToolArgs):
    ops: list[dict[str, Any]] = Field(
        min_length=1,
        max_length=MAX_OPERATIONS,
        description="RFC 6902 operations on the preferences document, e.g. "
        '[{"op": "replace", "path": "/theme/primary", "value": "#1d5fbf"}]. ' + DOCUMENT_OUTLINE,
    )
    request: str = Field(
        default="", max_length=1000, description="The person's request in their words (history)."
    )
    scope: Literal["user", "tenant"] = Field(default="user", description=SCOPE_HELP)
    summary: str = Field(
        default="",
        max_length=300,
        description="One sentence for the person saying what changed, shown once applied.",
    )


@register_tool(
    name=UPDATE_UI,
    when_to_use="When the person asks to change how Tessera looks: colors, font, text size, "
    "spacing, corners, dark or light mode, sidebar position, panels, sidebar shortcuts.",
    limits="Values from the document's fixed sets only (no CSS, no HTML, no URLs). The result "
    "is validated and must keep WCAG AA contrast; otherwise the person is offered the nearest "
    "readable color. Each accepted change is a new version the person can undo.",
    example={
        "ops": [{"op": "replace", "path": "/theme/primary", "value": "#1d5fbf"}],
        "request": "make the buttons blue",
        "summary": "The buttons are now blue.",
    },
    args=UpdateUiArgs,
)
def update_ui(args: UpdateUiArgs, context: ToolContext) -> ToolResult:
    """Change the person's interface preferences with a JSON Patch; the change shows at once
    in every open page."""
    access = run_access(context, missing=NO_ACCESS)
    try:
        applied = services.preferences_change(
            context=access, ops=args.ops, request=args.request, scope=args.scope
        )
    except services.ScopeForbidden as error:
        raise ToolError(str(error), field="scope") from error
    except services.NothingToDo as error:
        return ToolResult(content={"applied": False, "message": str(error)})
    except ContrastError as error:
        return _contrast_refusal(access, args, error)
    except PatchError as error:
        raise ToolError(PATCH_REFUSED.format(problems=error), field="ops") from error
    changes = patch_summary(applied.patch, applied.before)
    return ToolResult(
        content={
            "applied": True,
            "version": applied.version.number,
            "scope": applied.scope,
            "summary": args.summary or "; ".join(changes),
            "changes": changes,
        },
        artifacts=[_ui_patch(applied)],
    )


def _contrast_refusal(access, args: UpdateUiArgs, error: ContrastError) -> ToolResult:
    """Not applied: the measured ratios, and a form offering the nearest readable color."""
    suggested = error.suggested_ops
    fixed = readable_ops(args.ops, error)
    current = selectors.layers_get(context=access, scope=args.scope).preferences
    choices = []
    if passes(current, fixed):
        color = suggested[0]["value"] if suggested else ""
        choices.append(UiChoice(NEAREST_LABEL.format(color=color), "nearest", fixed))
    else:
        fixed = []
    choices.append(UiChoice(KEEP_LABEL, KEEP, []))
    message = " ".join(failure.message for failure in error.failures)
    surface = choice_surface(
        question=f"{message} {CONTRAST_NEXT}",
        choices=choices,
        request=args.request,
        scope=args.scope,
        title="Keep the text readable",
    )
    return ToolResult(
        content={
            "applied": False,
            "reason": "contrast",
            "message": message,
            "failures": [failure.as_dict() for failure in error.failures],
            "suggested_ops": fixed,
            "next": "The person was shown a form to pick the nearest readable color.",
        },
        artifacts=[
            ArtifactDraft(kind="a2ui_surface", title="Keep the text readable", payload=surface)
        ],
        needs_input=True,
    )


class UiHistoryArgs(ToolArgs):
    action: Literal["undo", "redo", "reset"] = Field(
        description="undo: take back the last change; redo: re-apply the last undone change; "
        "reset: back to the defaults."
    )
    request: str = Field(default="", max_length=1000, description="The person's words.")
    scope: Literal["user", "tenant"] = Field(default="user", description=SCOPE_HELP)


HISTORY_ACTIONS = {
    "undo": services.preferences_undo,
    "redo": services.preferences_redo,
    "reset": services.preferences_reset,
}


def history_message(applied: services.Applied) -> str:
    target = applied.version.target
    what = f"“{target.request}”" if target is not None and target.request else "the last change"
    if applied.version.action == "undo":
        return f"Undid {what}."
    if applied.version.action == "redo":
        return f"Redid {what}."
    if applied.scope == "tenant":
        return "The tenant's defaults are back to Tessera's."
    return "Your interface is back to the defaults."


@register_tool(
    name=UI_HISTORY,
    when_to_use="When the person says undo that, redo, or reset the interface to the defaults.",
    limits="Acts on the person's own versions (tenant defaults: admins only). Undo and redo "
    "are new versions, so nothing is lost.",
    example={"action": "undo", "request": "undo that"},
    args=UiHistoryArgs,
)
def ui_history(args: UiHistoryArgs, context: ToolContext) -> ToolResult:
    """Undo, redo or reset the person's interface preferences."""
    access = run_access(context, missing=NO_ACCESS)
    try:
        applied = HISTORY_ACTIONS[args.action](
            context=access, scope=args.scope, request=args.request
        )
    except services.ScopeForbidden as error:
        raise ToolError(str(error), field="scope") from error
    except services.NothingToDo as error:
        return ToolResult(content={"applied": False, "message": str(error)})
    return ToolResult(
        content={
            "applied": True,
            "version": applied.version.number,
            "action": args.action,
            "message": history_message(applied),
            "changes": patch_summary(applied.patch, applied.before),
        },
        artifacts=[_ui_patch(applied)],
    )


class ChoiceArg(ToolArgs):
    label: str = Field(min_length=1, max_length=80, description="What the person reads.")
    value: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_#./-]+$")
    ops: list[dict[str, Any]] = Field(
        default_factory=list,
        max_length=MAX_OPERATIONS,
        description="The patch this choice applies ([] for 'keep things as they are').",
    )


class AskUiChoiceArgs(ToolArgs):
    question: str = Field(min_length=1, max_length=500)
    choices: list[ChoiceArg] = Field(min_length=1, max_length=MAX_CHOICES)
    request: str = Field(default="", max_length=1000, description="The person's words.")
    scope: Literal["user", "tenant"] = Field(default="user", description=SCOPE_HELP)


@register_tool(
    name=ASK_UI_CHOICE,
    when_to_use="When a UI request is ambiguous (which color? which panel?): offer a few "
    "ready-made patches to pick from.",
    limits=f"Up to {MAX_CHOICES} choices; each choice's patch is checked first and dropped "
    "when it would be refused. The run waits for the person's pick.",
    example={
        "question": "Which color should the buttons be?",
        "choices": [
            {
                "label": "Blue (#1d5fbf)",
                "value": "#1d5fbf",
                "ops": [{"op": "replace", "path": "/theme/primary", "value": "#1d5fbf"}],
            }
        ],
        "request": "change the button color",
    },
    args=AskUiChoiceArgs,
)
def ask_ui_choice(args: AskUiChoiceArgs, context: ToolContext) -> ToolResult:
    """Show the person a form with ready-made interface changes to pick from."""
    access = run_access(context, missing=NO_ACCESS)
    if args.scope == "tenant":
        try:
            services.scope_check(context=access, scope="tenant")
        except services.ScopeForbidden as error:
            raise ToolError(str(error), field="scope") from error
    current = selectors.layers_get(context=access, scope=args.scope).preferences
    choices, problems = [], []
    for choice in args.choices:
        if choice.ops:
            try:
                patch_apply(current, choice.ops)
            except PatchError as error:
                problems.append(f"{choice.value}: {error}")
                continue
        choices.append(UiChoice(choice.label, choice.value, choice.ops))
    if not any(choice.ops for choice in choices):
        raise ToolError(NO_VALID_CHOICE.format(problems="; ".join(problems)), field="choices")
    surface = choice_surface(
        question=args.question, choices=choices, request=args.request, scope=args.scope
    )
    return ToolResult(
        content={
            "shown": True,
            "surface_id": surface["surface_id"],
            "choices": [choice.label for choice in choices],
            "dropped": problems,
        },
        artifacts=[ArtifactDraft(kind="a2ui_surface", title="Choose a change", payload=surface)],
        needs_input=True,
    )


class ReadUiPreferencesArgs(ToolArgs):
    scope: Literal["user", "tenant"] = Field(default="user", description=SCOPE_HELP)


@register_tool(
    name=READ_UI_PREFERENCES,
    when_to_use="Before a relative change (darker, bigger, rename a shortcut) when the current "
    "values are not known.",
    limits="Read-only.",
    example={},
    args=ReadUiPreferencesArgs,
)
def read_ui_preferences(args: ReadUiPreferencesArgs, context: ToolContext) -> ToolResult:
    """The person's current interface preferences document and its JSON Schema."""
    layers = selectors.layers_get(context=run_access(context, missing=NO_ACCESS), scope=args.scope)
    return ToolResult(
        content={
            "version": layers.version,
            "preferences": layers.preferences.as_document(),
            "outline": DOCUMENT_OUTLINE,
            "schema": preferences_schema(),
        }
    )
