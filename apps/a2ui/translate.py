"""One surface, in the protocol version the client speaks.

Tessera's forms and views are built once (as v0.9 messages, `surfaces.surface_build`); a client
that declared v1.0 gets the same surface in v1.0: `createSurface` carries the components and
the first data model, the catalog is Tessera's v1.0 catalog, component ids become identifiers
(UAX #31, as v1.0 asks), `validationRegexp` becomes a `regex` check, "is empty" (`not(required(x))`) becomes
`equals(x, "")`, and a removal is an explicit null. The result is validated again in its own version before it is used.
"""

import copy
import re
from typing import Any

from apps.a2ui.catalog import (
    BASIC_CATALOG_ID,
    BASIC_CATALOG_ID_V1,
    CATALOG_ID,
    CATALOG_ID_V1,
)
from apps.a2ui.validation_tree import reference_fields, select
from apps.a2ui.validator import surface_check
from apps.a2ui.versions import V0_9, V1_0, protocol_for

_V1_CATALOG = {CATALOG_ID: CATALOG_ID_V1, BASIC_CATALOG_ID: BASIC_CATALOG_ID_V1}
_NOT_IDENTIFIER = re.compile(r"\W")


class TranslationError(ValueError):
    """The messages cannot be sent in the requested version; the message says why."""


def messages_for_version(messages: list[dict[str, Any]], version: str) -> list[dict[str, Any]]:
    """Tessera's v0.9 surface messages as `version` wants them (validated, strict)."""
    protocol = protocol_for(version)
    if protocol is None:
        raise TranslationError(f"A2UI version {version!r} is not supported")
    lines = {getattr(protocol_for(m.get("version")), "line", None) for m in messages}
    if lines != {V0_9.line}:
        raise TranslationError("only v0.9 / v0.9.1 surface messages are translated")
    if protocol.line != V1_0.line:
        return [{**copy.deepcopy(m), "version": protocol.version} for m in messages]
    translated = _to_v1([copy.deepcopy(m) for m in messages])
    return surface_check(translated, strict=True)


def _to_v1(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    ids: dict[str, dict[str, str]] = {}  # surface → old id → identifier
    catalogs: dict[str, str] = {}
    created: dict[str, dict[str, Any]] = {}  # surface → its createSurface body, while open
    for message in messages:
        if "createSurface" in message:
            body = message["createSurface"]
            surface_id = body["surfaceId"]
            catalog_id = _V1_CATALOG.get(body.get("catalogId"), body.get("catalogId"))
            catalogs[surface_id] = catalog_id
            ids[surface_id] = {}
            new_body = {"surfaceId": surface_id, "catalogId": catalog_id}
            if body.get("sendDataModel"):
                new_body["sendDataModel"] = True
            created[surface_id] = new_body
            out.append({"version": V1_0.version, "createSurface": new_body})
        elif "updateComponents" in message:
            body = message["updateComponents"]
            surface_id = body["surfaceId"]
            components = [
                _component(
                    c, catalogs.get(surface_id, CATALOG_ID_V1), ids.setdefault(surface_id, {})
                )
                for c in body["components"]
            ]
            opening = created.get(surface_id)
            if opening is not None and "components" not in opening:
                opening["components"] = components
            else:
                created.pop(surface_id, None)
                out.append(
                    {
                        "version": V1_0.version,
                        "updateComponents": {"surfaceId": surface_id, "components": components},
                    }
                )
        elif "updateDataModel" in message:
            body = message["updateDataModel"]
            surface_id = body["surfaceId"]
            path = body.get("path", "/")
            opening = created.pop(surface_id, None)
            whole = path in ("", "/") and isinstance(body.get("value"), dict)
            if opening is not None and whole and "dataModel" not in opening:
                opening["dataModel"] = body["value"]
                continue
            update = {"surfaceId": surface_id, "path": path, "value": body.get("value")}
            out.append({"version": V1_0.version, "updateDataModel": update})
        elif "deleteSurface" in message:
            created.pop(message["deleteSurface"]["surfaceId"], None)
            out.append({"version": V1_0.version, "deleteSurface": message["deleteSurface"]})
        else:
            raise TranslationError(f"not a surface message: {sorted(message)}")
    return out


def _identifier(old: str, taken: dict[str, str]) -> str:
    if old in taken:
        return taken[old]
    new = _NOT_IDENTIFIER.sub("_", old)
    if not new.isidentifier():
        new = "_" + new
    used = set(taken.values())
    base, n = new, 2
    while new in used:
        new, n = f"{base}_{n}", n + 1
    taken[old] = new
    return new


def _component(component: dict[str, Any], catalog_id: str, taken: dict[str, str]) -> dict:
    name = component.get("component")
    component["id"] = _identifier(component["id"], taken)
    for trail, kind in reference_fields(catalog_id, name):
        for suffix, value in list(select(component, trail, "")):
            _rename(component, suffix, value, kind, taken)
    if catalog_id == CATALOG_ID_V1:
        _empty_checks(component)
    pattern = component.pop("validationRegexp", None) if name == "TextField" else None
    if pattern is not None:
        check = {
            "condition": {
                "call": "regex",
                "args": {"value": component.get("value", ""), "pattern": pattern},
            },
            "message": "Check the format of this field.",
        }
        component["checks"] = [*component.get("checks", []), check]
    return component


def _empty_checks(node: Any) -> None:
    """v0.9's "is empty", `not(required(x))`, is ill-typed in v1.0: `required` returns a
    validationResult there and `not` takes a boolean. Tessera's catalog has a boolean
    `equals`, so v1.0 gets `equals(x, "")` (a form's empty field holds "")."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(item)
            continue
        if not isinstance(item, dict):
            continue
        inner = item.get("args", {}).get("value") if item.get("call") == "not" else None
        if (
            isinstance(inner, dict)
            and inner.get("call") == "required"
            and "value" in inner.get("args", {})
        ):
            item["call"] = "equals"
            item["args"] = {"a": inner["args"]["value"], "b": ""}
            continue
        stack.extend(item.values())


def _rename(component: dict, suffix: str, value: Any, kind: str, taken: dict[str, str]) -> None:
    parent: Any = component
    parts = [p for p in suffix.split("/") if p]
    for part in parts[:-1]:
        parent = parent[int(part)] if isinstance(parent, list) else parent[part]
    key: Any = int(parts[-1]) if isinstance(parent, list) else parts[-1]
    if kind == "id" and isinstance(value, str):
        parent[key] = _identifier(value, taken)
    elif kind == "list" and isinstance(value, list):
        parent[key] = [_identifier(v, taken) if isinstance(v, str) else v for v in value]
    elif kind == "list" and isinstance(value, dict) and isinstance(value.get("componentId"), str):
        value["componentId"] = _identifier(value["componentId"], taken)
