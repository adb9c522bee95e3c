"""Turning JSON Schema errors into the validator's problems: the branch of a oneOf the value
was meant for, one problem per unknown or missing property, messages a model can act on, and
no schema error that a more precise problem already explains."""

import json
import re
from functools import cache
from typing import Any

from jsonschema.exceptions import ValidationError as SchemaError

from apps.a2ui import pointer
from apps.a2ui import problems as P
from apps.a2ui.catalog import catalog_for, catalog_line
from apps.a2ui.problems import Problem
from apps.a2ui.schemas import common_def
from apps.agent.input_checks import json_type

_DYNAMIC_TYPES = {
    "DynamicString": 'a string, a binding {"path": "/pointer"} or a function call returning a string',
    "DynamicNumber": 'a number, a binding {"path": "/pointer"} or a function call returning a number',
    "DynamicBoolean": 'true/false, a binding {"path": "/pointer"} or a function call returning a boolean',
    "DynamicStringList": 'an array of strings, a binding {"path": "/pointer"} or a function call returning an array',
    "DynamicValue": 'a literal, a binding {"path": "/pointer"} or a function call',
    "ChildList": 'an array of component ids or a template {"componentId": ..., "path": ...}',
    "Action": '{"event": {"name": ..., "context": {...}}} or {"functionCall": {...}}',
}


def leaves(error: SchemaError) -> list[SchemaError]:
    """The errors worth reporting for one schema error: inside a oneOf/anyOf, the errors of the
    branch the instance was most likely meant for, when that branch got further."""
    if error.validator not in ("oneOf", "anyOf") or not error.context:
        return [error]
    branches: dict[Any, list[SchemaError]] = {}
    for sub in error.context:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)

    def rank(errors: list[SchemaError]):
        discriminator_failed = any(
            e.validator == "const" and list(e.relative_path)[-1:] in (["call"], ["component"])
            for e in errors
        )
        wrong_type = all(e.validator == "type" and not e.relative_path for e in errors)
        deepest = max(_reach(e) for e in errors)
        return (not discriminator_failed, not wrong_type, deepest, -len(errors))

    best = max(branches.values(), key=rank)
    if max(_reach(e) for e in best) <= len(error.absolute_path):
        return [error]
    found: list[SchemaError] = []
    for sub in best:
        found.extend(leaves(sub))
    return found


def _reach(error: SchemaError) -> int:
    """How deep into the instance an error, or the errors it explains, got."""
    depth = len(error.absolute_path)
    for sub in error.context or ():
        depth = max(depth, _reach(sub))
    return depth


@cache
def _dynamic_names(line: str) -> list[tuple[str, Any]]:
    return [(name, common_def(name, line)) for name in _DYNAMIC_TYPES]


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _declared(schema: Any, catalog_id: str, depth: int = 0) -> set[str]:
    """Property names a schema declares, through allOf and $refs into the catalog and common
    types. A property whose own value is invalid is reported as unevaluated by JSON Schema too;
    only undeclared ones are really unknown."""
    if not isinstance(schema, dict) or depth > 6:
        return set()
    names = set(schema.get("properties", {}))
    ref = schema.get("$ref")
    if isinstance(ref, str):
        document, _, fragment = ref.partition("#/")
        if document.endswith("common_types.json") and fragment.startswith("$defs/"):
            common = common_def(fragment.removeprefix("$defs/"), catalog_line(catalog_id) or "v0_9")
            names |= _declared(common, catalog_id, depth + 1)
        elif fragment and (not document or document.endswith("catalog.json")):
            target: Any = catalog_for(catalog_id)
            for part in fragment.split("/"):
                target = target.get(part, {}) if isinstance(target, dict) else {}
            names |= _declared(target, catalog_id, depth + 1)
    for sub in schema.get("allOf", []):
        names |= _declared(sub, catalog_id, depth + 1)
    return names


# A later v1.0 draft (upstream's conformance core/reserved_keys.yaml) spells bindings and calls
# "@path" / "@call" and reads a plain {"path": …} as data; the v1.0 Tessera implements (the
# schemas of @a2ui/web_core 0.11) reads "path" / "call". The two cannot both hold under one
# version string, so such a message is refused — saying why, not only that no form matched.
LATER_DRAFT_KEYS = ("@path", "@call")
LATER_DRAFT = (
    "{key} is the spelling of a later A2UI v1.0 draft; this server reads the v1.0 of "
    '@a2ui/web_core 0.11: write "{plain}"'
)


def _later_draft_note(instance: Any) -> str:
    if isinstance(instance, dict):
        for key in LATER_DRAFT_KEYS:
            if key in instance:
                return " (" + LATER_DRAFT.format(key=key, plain=key[1:]) + ")"
    return ""


def schema_problems(error: SchemaError, prefix: str, catalog_id: str) -> list[Problem]:
    path = prefix + pointer.join(error.absolute_path)
    validator, expected = error.validator, error.validator_value
    if validator in ("unevaluatedProperties", "additionalProperties"):
        names = (
            re.findall(r"'([^']*)'", error.message.split("(")[-1]) if "(" in error.message else []
        )
        if validator == "unevaluatedProperties":
            declared = _declared(error.schema, catalog_id)
            names = [name for name in names if name not in declared]
            if not names:
                return []
        if names:
            return [
                Problem(
                    P.UNKNOWN_PROPERTY,
                    f"{path}/{pointer.escape(name)}",
                    f"unexpected property '{name}'",
                )
                for name in names
            ]
        return [Problem(P.UNKNOWN_PROPERTY, path, "unexpected properties")]
    if validator == "required":
        missing = re.match(r"'([^']*)' is a required property", error.message)
        name = missing.group(1) if missing else "?"
        note = _later_draft_note(error.instance)
        return [
            Problem(
                P.MISSING_PROPERTY, f"{path}/{pointer.escape(name)}", f"'{name}' is required{note}"
            )
        ]
    if validator == "type":
        types = expected if isinstance(expected, list) else [expected]
        message = f"expected {' or '.join(types)}, got {json_type(error.instance)}"
    elif validator == "enum":
        message = f"{_short(error.instance)} is not one of: {', '.join(map(str, expected))}"
    elif validator == "const":
        message = f"must be {json.dumps(expected)}"
    elif validator in ("oneOf", "anyOf") and all(
        isinstance(branch, dict) and set(branch) == {"required"} for branch in expected
    ):
        options = ", ".join("+".join(branch["required"]) for branch in expected)
        quantity = "exactly one" if validator == "oneOf" else "at least one"
        message = f"needs {quantity} of: {options}"
    elif validator in ("oneOf", "anyOf"):
        described = next(
            (
                text
                for name, schema in _dynamic_names(catalog_line(catalog_id) or "v0_9")
                if error.schema == schema
                for text in [_DYNAMIC_TYPES[name]]
            ),
            None,
        )
        if described:
            note = _later_draft_note(error.instance)
            message = f"expected {described}; got {_short(error.instance)}{note}"
        else:
            message = f"{_short(error.instance)} does not match any allowed form"
    elif validator == "pattern":
        message = f"{_short(error.instance)} does not match the pattern {expected}"
    elif validator == "format":
        message = f"{_short(error.instance)} is not a valid {expected}"
    else:
        message = error.message if len(error.message) <= 200 else error.message[:197] + "..."
    return [Problem(P.SCHEMA, path, message)]


_EXPLAINS_SCHEMA = frozenset(
    {
        P.UNSUPPORTED_VERSION,
        P.UNKNOWN_CATALOG,
        P.INVALID_SURFACE_ID,
        P.INVALID_PATH,
        P.UNSAFE_URL,
        P.INVALID_REGEX,
        P.UNSAFE_REGEX,
        P.INVALID_SVG_PATH,
    }
)


def without_shadowed(found: list[Problem]) -> list[Problem]:
    """Drops schema errors that a more precise problem explains: an unknown function makes
    every branch of the FunctionCall oneOf fail, so only "unknown function" is worth saying."""
    owners = [
        p.path.rsplit("/", 1)[0]
        for p in found
        if p.code in (P.UNKNOWN_FUNCTION, P.UNKNOWN_COMPONENT)
        and p.path.endswith(("/call", "/component"))
    ]
    schema_codes = (P.SCHEMA, P.MISSING_PROPERTY, P.UNKNOWN_PROPERTY)
    # A rule of ours that names what is wrong with a value says more than the schema's error.
    explained = {p.path for p in found if p.code in _EXPLAINS_SCHEMA}
    result, seen = [], set()
    for problem in found:
        if problem.code == P.SCHEMA and problem.path in explained:
            continue
        if problem.code in schema_codes and any(
            problem.path == owner
            or problem.path.startswith(owner + "/")
            or owner.startswith(problem.path + "/")
            for owner in owners
        ):
            continue
        key = (problem.code, problem.path, problem.message)
        if key not in seen:
            seen.add(key)
            result.append(problem)
    return result
