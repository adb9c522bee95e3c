"""The actions a surface can send: the event names of its buttons (the only A2UI component with
an `action`, in v0.9 and v1.0 alike). An action that names none of them did not come from the
surface (a script, a hand-written request), so the server refuses it instead of letting it
answer the form."""

from typing import Any

from apps.agent.input_checks import first_control_character


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


# Keys that name an object's prototype machinery in JavaScript: a context that carries one
# was written to reach a client's or renderer's objects, not by a form's fields.
PROTOTYPE_KEYS = frozenset({"__proto__", "constructor", "prototype"})
# Field values may span lines (a long text field); every other control character, and the
# bidirectional overrides that make text read as something else, come from no keyboard.
_MULTILINE = frozenset("\n\r\t")
_BAD_KEY = "The action's context has a key {key!r} at {where}, which no form field has."
_BAD_VALUE = (
    "The action's context value at {where} holds a control character or a bidirectional "
    "override (U+{code:04X}), which no form field can produce."
)


def context_problem(value: Any, where: str = "context") -> str | None:
    """Why an action's context cannot be a form's answer, or None: a prototype key, or a
    control/bidi character in a key or a text value, anywhere in it."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in PROTOTYPE_KEYS or first_control_character(key):
                return _BAD_KEY.format(key=key, where=where)
            if problem := context_problem(item, f"{where}.{key}"):
                return problem
    elif isinstance(value, list):
        for index, item in enumerate(value):
            if problem := context_problem(item, f"{where}.{index}"):
                return problem
    elif isinstance(value, str) and (char := first_control_character(value, _MULTILINE)):
        return _BAD_VALUE.format(where=where, code=ord(char))
    return None
