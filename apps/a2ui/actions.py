"""The actions a surface can send: the event names of its buttons (the only A2UI component with
an `action`, in v0.9 and v1.0 alike). An action that names none of them did not come from the
surface (a script, a hand-written request), so the server refuses it instead of letting it
answer the form."""

from typing import Any


def _components(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found = []
    for message in messages:
        for key in ("createSurface", "updateComponents"):  # v1.0's createSurface carries them
            body = message.get(key) if isinstance(message, dict) else None
            if isinstance(body, dict) and isinstance(body.get("components"), list):
                found += [c for c in body["components"] if isinstance(c, dict)]
    return found


def action_names(messages: list[dict[str, Any]]) -> set[str]:
    """Every event name a button of the surface (as these messages build it) sends."""
    names = set()
    for component in _components(messages):
        action = component.get("action")
        event = action.get("event") if isinstance(action, dict) else None
        if isinstance(event, dict) and isinstance(event.get("name"), str):
            names.add(event["name"])
    return names
