"""A2UI forms the pipeline tools show when a request lacks something: the offered salary, or
which of several candidates was meant. The person's answer comes back as the A2UI action
`ACTION_MOVE` (or `ACTION_UPDATE`) whose context holds complete `move_candidate` /
`update_candidate` arguments; apps/objects/planner.py turns it into that call."""

import uuid
from typing import Any

from apps.a2ui import models as ui
from apps.a2ui.surfaces import surface_build
from apps.objects.errors import format_amount, state_label
from apps.objects.models import Candidate

ACTION_MOVE = "objects.move_candidate"
ACTION_UPDATE = "objects.update_candidate"
SALARY_PATH = "/offered_salary"
NOTE_PATH = "/note"
CHOICE_PATH = "/candidate"


def _surface_id(kind: str) -> str:
    return f"objects-{kind}-{uuid.uuid4().hex[:12]}"


def _payload(surface_id: str, title: str, components: list, data: dict[str, Any]) -> dict:
    messages = surface_build(surface_id, components, data=data)
    return {"surfaceId": surface_id, "title": title, "messages": messages}


def salary_form(candidate: Candidate, *, to_state: str, note: str, action: str) -> dict:
    """Ask for the offered salary, showing the position's band (checked in the browser too;
    the database has the final word)."""
    position = candidate.position
    low, high = float(position.salary_min), float(position.salary_max)
    band = f"{format_amount(position.salary_min)} – {format_amount(position.salary_max)}"
    verb = "Update the offer" if candidate.state == "offer" else "Make an offer"
    surface_id = _surface_id("salary")
    salary = ui.path(SALARY_PATH)
    components = [
        ui.Column(id="root", children=["title", "context", "salary", "note", "submit"]),
        ui.Text(id="title", text=f"{verb} to {candidate.name}", variant="h3"),
        ui.Text(
            id="context",
            text=f"{position.title} · salary band {band} per month · "
            f"now in {state_label(candidate.state)}",
            variant="caption",
        ),
        ui.TextField(
            id="salary",
            label="Offered salary per month",
            value=salary,
            variant="number",
            checks=[
                ui.CheckRule(
                    condition=ui.call("required", value=salary), message="Enter the salary."
                ),
                ui.CheckRule(
                    condition=ui.call("numeric", value=salary, min=low, max=high),
                    message=f"The salary must lie within the band, {band}.",
                ),
            ],
        ),
        ui.TextField(id="note", label="Note for the history (optional)", value=ui.path(NOTE_PATH)),
        ui.Text(id="submit-label", text=verb),
        ui.Button(
            id="submit",
            child="submit-label",
            variant="primary",
            action=ui.event(
                action,
                candidate=f"#{candidate.pk}",
                to_state=to_state,
                offered_salary=salary,
                note=ui.path(NOTE_PATH),
            ),
        ),
    ]
    return _payload(
        surface_id, f"Offer for {candidate.name}", components, {"offered_salary": "", "note": note}
    )


def choice_form(
    matches: list[Candidate], *, said: str, arguments: dict[str, Any], action: str
) -> dict:
    """Ask which candidate was meant; the other arguments are carried in the action."""
    surface_id = _surface_id("choice")
    chosen = ui.path(CHOICE_PATH)
    options = [
        ui.ChoiceOption(
            label=f"{c.name} — {c.position.title} ({state_label(c.state)})", value=f"#{c.pk}"
        )
        for c in matches
    ]
    context = {
        key: value if isinstance(value, str | int | float | bool) else str(value)
        for key, value in arguments.items()
        if key != "candidate" and value not in (None, "")
    }
    components = [
        ui.Column(id="root", children=["title", "choice", "submit"]),
        ui.Text(id="title", text=f"Which candidate did you mean by “{said}”?", variant="h3"),
        ui.ChoicePicker(
            id="choice",
            label="Candidate",
            options=options,
            value=chosen,
            variant="mutuallyExclusive",
            checks=[
                ui.CheckRule(
                    condition=ui.call("required", value=chosen), message="Choose a candidate."
                )
            ],
        ),
        ui.Text(id="submit-label", text="Continue"),
        ui.Button(
            id="submit",
            child="submit-label",
            variant="primary",
            action=ui.event(action, candidate=chosen, **context),
        ),
    ]
    return _payload(surface_id, f"Which {said}?", components, {"candidate": []})
