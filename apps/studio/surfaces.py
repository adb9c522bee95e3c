"""The A2UI form the studio shows when a UI request needs a choice: allowed swatches, which
panel a color is for, or the nearest color that keeps text readable (the contrast guard).

The browser sends back only the chosen value (action CHOOSE_ACTION). The operations each
choice stands for stay on the server, in the `a2ui_surface` artifact's ``studio`` entry, and
are looked up there under the person's access context (``choice_lookup``): a browser cannot
make a choice mean something else.
"""

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from apps.a2ui import models as ui
from apps.a2ui.surfaces import surface_build
from apps.accounts.access import AccessContext, bound
from apps.agent.models import Artifact
from apps.studio.selectors import Scope

CHOOSE_ACTION = "studio.choose"
CHOICE_PATH = "/choice"
SURFACE_KIND = "a2ui_surface"
MAX_CHOICES = 24
CHIPS_FROM = 5  # longer lists (swatches) show as chips rather than a column of radios
KEEP = "keep"

CHOOSE_ONE = "Choose one option."


@dataclass(frozen=True)
class UiChoice:
    label: str
    value: str
    ops: list[dict[str, Any]]


def _surface_id() -> str:
    return f"studio-choice-{uuid.uuid4().hex[:12]}"


def choice_surface(
    *,
    question: str,
    choices: Sequence[UiChoice],
    request: str,
    scope: Scope = "user",
    title: str = "Choose a change",
    apply_label: str = "Apply",
) -> dict[str, Any]:
    """The `a2ui_surface` artifact payload: {"surface_id", "messages", "title", "studio"}."""
    surface_id = _surface_id()
    choices = list(choices)[:MAX_CHOICES]
    components = [
        ui.Card(id="root", child="form"),
        ui.Column(id="form", children=["question", "choice", "actions"]),
        ui.Text(id="question", text=question),
        ui.ChoicePicker(
            id="choice",
            label="Your choice",
            variant="mutuallyExclusive",
            display_style="chips" if len(choices) >= CHIPS_FROM else None,
            options=[ui.ChoiceOption(label=choice.label, value=choice.value) for choice in choices],
            value=ui.path(CHOICE_PATH),
            checks=[
                ui.CheckRule(
                    condition=ui.call("required", value=ui.path(CHOICE_PATH)), message=CHOOSE_ONE
                )
            ],
        ),
        ui.Row(id="actions", children=["apply"], justify="start"),
        ui.Text(id="apply-label", text=apply_label),
        ui.Button(
            id="apply",
            child="apply-label",
            variant="primary",
            action=ui.event(CHOOSE_ACTION, choice=ui.path(CHOICE_PATH)),
        ),
    ]
    first = [choices[0].value] if choices else []
    messages = surface_build(surface_id, components, data={"choice": first})
    return {
        "surface_id": surface_id,
        "title": title,
        "messages": messages,
        "studio": {
            "request": request,
            "scope": scope,
            "choices": {
                choice.value: {"label": choice.label, "ops": choice.ops} for choice in choices
            },
        },
    }


@dataclass(frozen=True)
class ChosenOption:
    label: str
    ops: list[dict[str, Any]]
    request: str
    scope: Scope


def choice_lookup(*, context: AccessContext, surface_id: str, value: Any) -> ChosenOption | None:
    """The option a person picked on one of their studio surfaces; None if there is no such
    surface (or it is not theirs: row-level security) or no such option."""
    if isinstance(value, list):
        value = value[0] if len(value) == 1 else None
    if not isinstance(value, str):
        return None
    with bound(context):
        artifact = (
            Artifact.objects.filter(kind=SURFACE_KIND, payload__surface_id=surface_id)
            .order_by("-created_at")
            .first()
        )
    studio = artifact.payload.get("studio") if artifact is not None else None
    if not isinstance(studio, dict):
        return None
    option = (studio.get("choices") or {}).get(value)
    if not isinstance(option, dict):
        return None
    return ChosenOption(
        label=str(option.get("label", value)),
        ops=list(option.get("ops") or []),
        request=str(studio.get("request", "")),
        scope="tenant" if studio.get("scope") == "tenant" else "user",
    )
