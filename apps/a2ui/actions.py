"""The actions a surface can send: the event names of its buttons (the only A2UI component with
an `action`, in v0.9 and v1.0 alike). An action that names none of them did not come from the
surface (a script, a hand-written request), so the server refuses it instead of letting it
answer the form."""

import json
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


def declared_context_keys(messages: list[dict[str, Any]], name: str) -> set[str]:
    """The context keys the surface's buttons that send `name` declare: a renderer resolves
    exactly those (A2UI's `action.event.context`) and sends nothing else."""
    keys: set[str] = set()
    for component in _components(messages):
        action = component.get("action")
        event = action.get("event") if isinstance(action, dict) else None
        if isinstance(event, dict) and event.get("name") == name:
            declared = event.get("context")
            keys |= set(declared) if isinstance(declared, dict) else set()
    return keys


# A text value is at most what a person may type as a message (apps/agent/inbound.MAX_TEXT);
# the whole answer, as JSON, at most eight of those: a form of several long text fields fits,
# a script's 2 MB value or 50,000 made-up entries (stored and echoed as the user's turn) not.
MAX_VALUE_LENGTH = 4000
MAX_CONTEXT_JSON = 8 * MAX_VALUE_LENGTH
_UNDECLARED = (
    "The action's context has {keys}, which the button sending {name!r} does not send "
    "(it sends {declared})."
)
_LONG_VALUE = "The action's context value at {where} is longer than {limit} characters."
_LONG_CONTEXT = "The action's context is larger than {limit} characters as JSON."


def context_fit_problem(context: dict[str, Any], *, declared: set[str], name: str) -> str | None:
    """Why an action's context is not what a button of the form sends, or None: keys its
    button does not declare, a text value longer than a message, or too much in all."""
    undeclared = sorted(key for key in context if key not in declared)
    if undeclared:
        shown = ", ".join(repr(key[:40]) for key in undeclared[:5])
        more = f" and {len(undeclared) - 5} more" if len(undeclared) > 5 else ""
        keys = f"the key{'s' if len(undeclared) > 1 else ''} {shown}{more}"
        sent = ", ".join(sorted(declared)) or "no context"
        return _UNDECLARED.format(keys=keys, name=name, declared=sent)
    if where := _long_text(context, "context"):
        return _LONG_VALUE.format(where=where, limit=MAX_VALUE_LENGTH)
    if len(json.dumps(context, ensure_ascii=False)) > MAX_CONTEXT_JSON:
        return _LONG_CONTEXT.format(limit=MAX_CONTEXT_JSON)
    return None


def _long_text(value: Any, where: str) -> str | None:
    if isinstance(value, str):
        return where if len(value) > MAX_VALUE_LENGTH else None
    items = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else ()
    )
    for key, item in items:
        if found := _long_text(item, f"{where}.{key}"):
            return found
    return None


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
