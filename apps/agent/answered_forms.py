"""A form that a run answered, as the thread's event log keeps it: a CUSTOM event
`form_answered` whose value is `{"surfaceId", "by": "submit" | "typed", "answer", "values"}`;
`values` are the data a submission wrote, by path (`{"/params/period": "last_year"}`), so the
page shows the chosen option checked again after a reload.

A form is answered by a submission (an action on it) or by a message the planner read as its
answer (it says so in its assistant message's metadata, ANSWERS_FORM). The event is stored
like any other, so the page shows the form answered live, after a reload and on AG-UI's
stream; a form is answered once: the first event counts."""

from typing import Any, Literal

from ag_ui.core import CustomEvent
from pydantic import BaseModel, ConfigDict, Field

FORM_ANSWERED = "form_answered"
# Key of an assistant message's metadata: the surface id of the form its turn answered.
ANSWERS_FORM = "answers_form"
MAX_ANSWER = 500


class FormAnswered(BaseModel):
    model_config = ConfigDict(extra="forbid")

    surface_id: str = Field(alias="surfaceId", min_length=1, max_length=200)
    by: Literal["submit", "typed"]
    answer: str = Field(max_length=MAX_ANSWER)
    values: dict[str, Any] = {}


def form_answered_event(
    surface_id: str, by: str, answer: str, values: dict[str, Any] | None = None
) -> CustomEvent:
    if len(answer) > MAX_ANSWER:
        answer = answer[: MAX_ANSWER - 1] + "…"
    value = FormAnswered(surfaceId=surface_id, by=by, answer=answer, values=values or {})
    # no "values" key for a typed answer: the event keeps its shape where nothing was chosen
    return CustomEvent(
        name=FORM_ANSWERED, value=value.model_dump(by_alias=True, exclude_defaults=True)
    )


def _inputs(messages: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The form's input components by the data path they write ("/params/period")."""
    found: dict[str, dict[str, Any]] = {}
    for message in messages:
        update = message.get("updateComponents") or {}
        for component in update.get("components") or []:
            value = component.get("value")
            if isinstance(value, dict) and isinstance(value.get("path"), str):
                found[value["path"]] = component
    return found


def _bound_paths(messages: list[dict[str, Any]], action: str) -> dict[str, str]:
    """{context key: data path} of the buttons that send `action`."""
    paths: dict[str, str] = {}
    for message in messages:
        update = message.get("updateComponents") or {}
        for component in update.get("components") or []:
            event = (component.get("action") or {}).get("event") or {}
            if event.get("name") != action:
                continue
            for key, bound in (event.get("context") or {}).items():
                if isinstance(bound, dict) and isinstance(bound.get("path"), str):
                    paths[key] = bound["path"]
    return paths


def _shown(component: dict[str, Any], value: Any) -> str:
    labels = {
        option.get("value"): option.get("label")
        for option in component.get("options") or []
        if isinstance(option, dict)
    }
    values = value if isinstance(value, list) else [value]
    return ", ".join(str(labels.get(item) or item) for item in values)


def submitted_values(
    messages: list[dict[str, Any]], action: str, context: dict[str, Any]
) -> dict[str, Any]:
    """{data path: value} of what a submission chose in the form's inputs (as
    submitted_answer reads them), to show the inputs as chosen again."""
    inputs, paths = _inputs(messages), _bound_paths(messages, action)
    return {
        paths[key]: value
        for key, value in context.items()
        if paths.get(key) in inputs and value not in (None, "", [])
    }


def submitted_answer(messages: list[dict[str, Any]], action: str, context: dict[str, Any]) -> str:
    """What a submission chose, in the form's own words ("Period: Last year"): the values of
    its labelled inputs, each option by its label. Context values that no input of the form
    wrote (the question it carries along) are not the person's choice and are left out."""
    inputs, paths = _inputs(messages), _bound_paths(messages, action)
    parts = []
    for key, value in context.items():
        component = inputs.get(paths.get(key, ""))
        if component is None or value in (None, "", []):
            continue
        label = component.get("label")
        shown = _shown(component, value)
        parts.append(f"{label}: {shown}" if isinstance(label, str) and label else shown)
    return " · ".join(parts)
