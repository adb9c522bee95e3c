"""Reading A2UI's conformance cases for Tessera: which catalog a case's ids stand for, the
steps to run, and the suite's expectations on the processor's state.

The suite names catalogs loosely — a `catalogPaths` entry for the basic catalog and any id
("test-catalog", "basic", "standard", ...) for it, or catalogs defined inline. Tessera knows
the basic catalogs by their official ids, so those names are mapped; inline catalogs that define
components, functions or a theme are custom catalogs and keep their ids (Tessera refuses them).
"""

from pathlib import Path
from typing import Any

import yaml

from apps.a2ui.catalog import BASIC_CATALOG_ID, BASIC_CATALOG_ID_V1
from apps.a2ui.processor import ProcessedSurface
from apps.a2ui.versions import protocol_for

SUITE = Path(__file__).resolve().parents[1] / "fixtures" / "a2ui" / "conformance"
BASIC = {"v0_9": BASIC_CATALOG_ID, "v1_0": BASIC_CATALOG_ID_V1}
# Names the suite gives the basic catalog whatever the case.
BASIC_ALIASES = frozenset({"basic", "standard", "test-catalog", "test-catalog-v10"})


def cases() -> list[tuple[str, dict]]:
    found = []
    for path in sorted(SUITE.rglob("*.yaml")):
        for case in yaml.safe_load(path.read_text()):
            found.append((str(path.relative_to(SUITE)), case))
    return found


def steps(case: dict) -> list[dict]:
    """Each step's messages, error expectation and state expectation (the case's own when it
    has no steps; a case-level expectation belongs to its last step)."""
    if "steps" not in case:
        return [
            {
                "messages": case.get("messages", case.get("payload")),
                "expectError": case.get("expectError"),
                "expect": case.get("expect"),
            }
        ]
    found = []
    for index, step in enumerate(case["steps"]):
        last = index == len(case["steps"]) - 1
        found.append(
            {
                "messages": step.get("messages", step.get("payload")),
                "expectError": step.get("expectError")
                or (case.get("expectError") if last else None),
                "expect": step.get("expect") or (case.get("expect") if last else None),
            }
        )
    return found


def _custom_ids(case: dict) -> set[str]:
    defined = [case.get("catalog")] if isinstance(case.get("catalog"), dict) else []
    defined += [c for c in case.get("catalogs") or [] if isinstance(c, dict)]
    return {
        str(c.get("catalogId") or (c.get("catalogSchema") or {}).get("catalogId"))
        for c in defined
        if any(key in c for key in ("components", "functions", "theme", "catalogSchema"))
    }


def _plain_catalogs(case: dict) -> dict[str, str]:
    """Inline catalogs that define nothing: the suite gives them the basic components."""
    plain = {}
    for c in case.get("catalogs") or []:
        if isinstance(c, dict) and c.get("catalogId") not in _custom_ids(case):
            line = protocol_for(c.get("protocolVersion", "v0.9"))
            plain[str(c["catalogId"])] = BASIC[line.line if line else "v0_9"]
    return plain


def _expects_catalog_error(case: dict) -> bool:
    return any(
        isinstance(step["expectError"], dict)
        and step["expectError"].get("category") == "CatalogError"
        for step in steps(case)
    )


def mapped(messages: Any, case: dict) -> Any:
    """The messages with the suite's names for the basic catalogs replaced by their ids."""
    if isinstance(messages, dict) and isinstance(messages.get("messages"), list):
        return {"messages": mapped(messages["messages"], case)}
    if not isinstance(messages, list):
        return messages
    custom, plain = _custom_ids(case), _plain_catalogs(case)
    unknown_stays = _expects_catalog_error(case)

    def tessera_id(catalog_id: Any, version: Any) -> Any:
        protocol = protocol_for(version)
        if not isinstance(catalog_id, str) or protocol is None or catalog_id in custom:
            return catalog_id
        if catalog_id in plain:
            return plain[catalog_id]
        if catalog_id in BASIC_ALIASES or catalog_id.endswith("/catalog.json") or not unknown_stays:
            return BASIC[protocol.line]
        return catalog_id

    out = []
    for message in messages:
        if not isinstance(message, dict):
            out.append(message)
            continue
        message = {**message}
        version = message.get("version")
        for kind in ("createSurface", "updateComponents"):
            body = message.get(kind)
            if not isinstance(body, dict):
                continue
            body = {**body}
            if "catalogId" in body:
                body["catalogId"] = tessera_id(body["catalogId"], version)
            if isinstance(body.get("components"), list):
                body["components"] = [
                    {**c, "catalogId": tessera_id(c["catalogId"], version)}
                    if isinstance(c, dict) and "catalogId" in c
                    else c
                    for c in body["components"]
                ]
            message[kind] = body
        out.append(message)
    return out


def state_mismatches(surfaces: dict[str, ProcessedSurface], expected: dict | None) -> list[str]:
    """What differs between the processor's surfaces and the suite's `expect` (the suite's
    reading: listed properties must match, a component list must be complete)."""
    problems: list[str] = []
    for surface_id, want in ((expected or {}).get("surfaces") or {}).items():
        surface = surfaces.get(surface_id)
        if want.get("exists") is False:
            if surface is not None:
                problems.append(f"{surface_id} exists")
            continue
        if surface is None:
            problems.append(f"{surface_id} does not exist")
            continue
        if "theme" in want and surface.theme != want["theme"]:
            problems.append(f"{surface_id}: theme {surface.theme!r}")
        if "sendDataModel" in want and surface.send_data_model != want["sendDataModel"]:
            problems.append(f"{surface_id}: sendDataModel {surface.send_data_model}")
        if "dataModel" in want and surface.data != want["dataModel"]:
            problems.append(f"{surface_id}: dataModel {surface.data!r}")
        problems += _component_mismatches(surface, want.get("components"))
    return problems


def _component_mismatches(surface: ProcessedSurface, want: Any) -> list[str]:
    if want is None:
        return []
    items = list(want.items()) if isinstance(want, dict) else [(c.get("id"), c) for c in want]
    problems = []
    for component_id, expected in items:
        actual = surface.components.get(component_id)
        if actual is None:
            problems.append(f"{surface.surface_id}: no component {component_id}")
            continue
        for key, value in expected.items():
            if key != "id" and str(actual.get(key)) != str(value):
                problems.append(f"{surface.surface_id}/{component_id}: {key}={actual.get(key)!r}")
    if isinstance(want, list) and len(surface.components) != len(items):
        problems.append(f"{surface.surface_id}: {len(surface.components)} components")
    return problems
