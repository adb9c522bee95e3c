"""What the builtin UI planner answers, and the checks every proposed change goes through.

- PatchPlan: RFC 6902 operations (already checked against the document, the model and the
  contrast guard) and a one-line summary;
- HistoryPlan: undo, redo or reset — versions live in the database, so the caller acts;
- ClarificationPlan: a question with choices, each carrying the operations it would apply;
- NoticePlan: nothing to change, a refused value, or a UI request the builtin planner cannot
  map (``needs_model``).
"""

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, Field

from apps.studio.patches import ContrastError, PatchError, patch_apply
from apps.studio.preferences import Preferences

KEEP_LABEL = "Keep things as they are"
NEAREST_LABEL = "Use {color}, the nearest color that stays readable"
NOT_POSSIBLE = "That change is not possible: {error}"
STRONG, SLIGHT = "strong", "slight"


class Choice(BaseModel):
    label: str
    value: str
    ops: list[dict[str, Any]] = Field(default_factory=list)


class PatchPlan(BaseModel):
    kind: Literal["patch"] = "patch"
    intent: str
    ops: list[dict[str, Any]]
    summary: str


class HistoryPlan(BaseModel):
    kind: Literal["history"] = "history"
    intent: Literal["undo", "redo", "reset"]
    summary: str


class ClarificationPlan(BaseModel):
    kind: Literal["clarify"] = "clarify"
    intent: str
    question: str
    field: str | None = None  # the JSON pointer the choices change, when there is one
    choices: list[Choice]
    details: dict[str, Any] = Field(default_factory=dict)


class NoticePlan(BaseModel):
    kind: Literal["notice"] = "notice"
    intent: str
    summary: str
    needs_model: bool = False


UiPlan = PatchPlan | HistoryPlan | ClarificationPlan | NoticePlan


def replace(path: str, value: Any) -> dict[str, Any]:
    return {"op": "replace", "path": path, "value": value}


def current_value(preferences: Preferences, path: str) -> Any:
    """The document's value at a JSON pointer ("/theme/font")."""
    value: Any = preferences.as_document()
    for key in path.strip("/").split("/"):
        value = value[key]
    return value


def set_value(
    preferences: Preferences, intent: str, path: str, value: Any, *, already: str, done: str
) -> UiPlan:
    """One field set to ``value``: the checked change, or ``already`` when it has it."""
    if current_value(preferences, path) == value:
        return NoticePlan(intent=intent, summary=already)
    return checked(preferences, intent, [replace(path, value)], done)


def stepped(step: float, intensity: str | None) -> float:
    """A relative change's step, doubled for "much darker", halved for "a bit bigger"."""
    if intensity == STRONG:
        return step * 2
    if intensity == SLIGHT:
        return step / 2
    return step


def checked(
    preferences: Preferences, intent: str, ops: list[dict[str, Any]], summary: str
) -> UiPlan:
    """A PatchPlan if ``ops`` apply cleanly; a clarification if they fail the contrast guard;
    a notice saying why when the change is not possible."""
    if not ops:
        return NoticePlan(intent=intent, summary=summary)
    try:
        patch_apply(preferences, ops)
    except ContrastError as error:
        return contrast_clarification(preferences, intent, ops, error)
    except PatchError as error:
        return NoticePlan(intent=intent, summary=NOT_POSSIBLE.format(error=error))
    return PatchPlan(intent=intent, ops=ops, summary=summary)


def passes(preferences: Preferences, ops: list[dict[str, Any]]) -> bool:
    """True when ``ops`` would be accepted as they are (for the choices of a question)."""
    try:
        patch_apply(preferences, ops)
    except PatchError:
        return False
    return True


def readable_ops(ops: list[dict[str, Any]], error: ContrastError) -> list[dict[str, Any]]:
    """``ops`` with the colors the contrast guard refused replaced by the nearest readable
    ones (and the replacements it needs elsewhere added)."""
    fixed = [dict(op) for op in ops]
    for suggestion in error.suggested_ops:
        target = next((op for op in fixed if op.get("path") == suggestion["path"]), None)
        if target is not None and target.get("op") == "replace":
            target["value"] = suggestion["value"]
        else:
            fixed.append(suggestion)
    return fixed


def contrast_clarification(
    preferences: Preferences, intent: str, ops: list[dict[str, Any]], error: ContrastError
) -> ClarificationPlan:
    """The measured ratio, and a choice between the nearest readable color and no change."""
    fixed = readable_ops(ops, error)
    failure = error.failures[0]
    choices = []
    if passes(preferences, fixed):
        label = NEAREST_LABEL.format(color=failure.suggestion)
        choices.append(Choice(label=label, value="nearest", ops=fixed))
    choices.append(Choice(label=KEEP_LABEL, value="keep", ops=[]))
    return ClarificationPlan(
        intent=intent,
        question=failure.message,
        field=f"/theme/{failure.field}",
        choices=choices,
        details={"failures": [f.as_dict() for f in error.failures]},
    )


@dataclass(frozen=True)
class Context:
    """What an intent's planner plans against: the person's current document, the layer it
    is built on (what "reset the font" goes back to) and the request as typed."""

    preferences: Preferences
    defaults: Preferences
    raw: str

    def on(self, preferences: Preferences) -> "Context":
        """The same request, planned against another document (the next part of a request)."""
        return Context(preferences, self.defaults, self.raw)
