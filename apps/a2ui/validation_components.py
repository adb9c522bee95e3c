"""Checks 3 and 4 of the validator, per component: its catalog and schema, then what schemas
cannot say — known functions (and who may call them), formatString expressions, JSON Pointer
paths, URL schemes, regular expressions, icon path data — and the data model updates."""

import json
from typing import Any

import orjson

from apps.a2ui import pointer
from apps.a2ui import problems as P
from apps.a2ui.catalog import DEFAULT_CATALOG, catalog_for, catalog_line
from apps.a2ui.expressions import ExpressionError, parse_template
from apps.a2ui.regex_safety import regex_problem
from apps.a2ui.safety import svg_path_problem, url_problem
from apps.a2ui.schemas import component_validator
from apps.a2ui.validation_state import (
    ROOT_ID,
    URL_PROPERTIES,
    ComponentEntry,
    SurfaceState,
    ValidationBase,
)
from apps.a2ui.versions import V1_0

INDEX_FUNCTION = "@index"
RENDERER_ONLY = "rendererOnly"
# v1.0 `allowedCallers` values that let a component (the renderer) call the function.
RENDERER_CALLERS = frozenset({RENDERER_ONLY, "rendererOrAgent"})
AGENT_CALLERS = frozenset({"agentOnly", "rendererOrAgent"})
# A literal DateTimeInput bound is valid by Tessera's reading (it asserts `format`), but the
# catalog says `if string then oneOf[date, time, date-time]`: a validator that reads `format`
# as an annotation (JSON Schema's default, a2ui-agent-sdk's) finds all three true and rejects
# every literal. Strict mode (agent output) asks for the bound through the data model.
DATE_BOUNDS = ("min", "max")
LITERAL_DATE_BOUND = (
    "A literal DateTimeInput `{0}` is rejected by other A2UI validators: put the date in the "
    'data model and bind it, e.g. "{0}": {{"path": "/bounds/{0}"}} with an updateDataModel '
    "that sets it."
)
# Components that passed their catalog schema, by catalog and exact content. A server-built
# surface repeats most of its components run after run (the ERP chips' options), and walking
# the catalog's $refs with jsonschema was half of a builtin run's CPU (docs/scaling.md). Only
# passes are kept, so a failing component is checked again and reported in full; the set is
# emptied when full, so a stream of distinct components costs memory for at most this many.
SCHEMA_PASSES_KEPT = 4096
_schema_passes: set[tuple[str, bytes | str]] = set()


def _pass_key(component: dict) -> bytes | str | None:
    """The exact content of a component, None if it is not plain JSON (the schema then says
    what is wrong). orjson (a fifth of json.dumps's time here) writes NaN and the infinities
    as null, so a component whose text holds `null` is keyed by the json module instead,
    which refuses them; the two kinds of key (bytes, str) never equal each other."""
    try:
        text = orjson.dumps(component, option=orjson.OPT_SORT_KEYS)
    except TypeError:  # a key that is not a string, an integer beyond 64 bits, not JSON
        return None
    if b"null" not in text:
        return text
    try:
        return json.dumps(component, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError):
        return None


class ComponentChecks(ValidationBase):
    def _components(self, surface: SurfaceState, components: Any, base: str) -> None:
        if not isinstance(components, list):
            return
        v1 = surface.protocol.create_carries_content
        if len(components) > self.limits.max_components:
            self.add(
                P.TOO_MANY_COMPONENTS,
                base,
                f"{len(components)} components in one message; the limit is {self.limits.max_components}",
            )
        # Past the limit the payload goes back anyway; validating every component would only
        # let a hostile payload buy CPU time.
        check_schema = len(components) <= self.limits.max_components
        seen: set[str] = set()
        roots = 0
        for index, component in enumerate(components):
            path = f"{base}/{index}"
            if not isinstance(component, dict):
                continue  # the envelope schema reported it
            component_id = component.get("id")
            name = component.get("component")
            if not isinstance(component_id, str):
                self.add(P.MISSING_PROPERTY, f"{path}/id", "every component needs a string 'id'")
                continue
            if component_id == ROOT_ID:
                roots += 1
                if roots == 2:
                    self.add(
                        P.MULTIPLE_ROOTS, f"{path}/id", "more than one component has the id 'root'"
                    )
            elif component_id in seen:
                self.add(
                    P.DUPLICATE_ID,
                    f"{path}/id",
                    f"the id '{component_id}' is used twice in this message",
                )
            seen.add(component_id)
            if v1:
                self.identifier(component_id, f"{path}/id", "component id")
                self._extension_keys(component.get("metadata"), f"{path}/metadata")
            if index >= self.limits.max_components:
                continue
            catalog_id = self._component_catalog(surface, component, path)
            if catalog_id is None:
                continue
            entry = ComponentEntry(component, path, catalog_id)
            surface.components[component_id] = entry
            known_components = catalog_for(catalog_id)["components"]
            if not isinstance(name, str):
                self.add(
                    P.MISSING_PROPERTY,
                    f"{path}/component",
                    "every component needs a 'component' name",
                )
                continue
            if name not in known_components:
                self.add(
                    P.UNKNOWN_COMPONENT,
                    f"{path}/component",
                    f"'{name}' is not in the catalog; use one of: {', '.join(known_components)}",
                )
                continue
            if check_schema:
                self._component_schema(catalog_id, name, component, path)
            self._semantics(surface, entry, name)

    def _component_schema(self, catalog_id: str, name: str, component: dict, path: str) -> None:
        text = _pass_key(component)
        key = None if text is None else (catalog_id, text)
        if key is not None and key in _schema_passes:
            return
        found = len(self.problems)
        self.schema(component_validator(catalog_id, name), component, path, catalog_id)
        if key is not None and len(self.problems) == found:
            if len(_schema_passes) >= SCHEMA_PASSES_KEPT:
                _schema_passes.clear()
            _schema_passes.add(key)

    def _component_catalog(self, surface: SurfaceState, component: dict, path: str) -> str | None:
        """The catalog a component comes from: the surface's, or (v1.0) its own `catalogId`,
        which must be a catalog of the same protocol version that Tessera renders."""
        own = component.get("catalogId") if surface.protocol.create_carries_content else None
        if own is None:
            if surface.catalog_id is None:
                self.add(
                    P.UNKNOWN_CATALOG,
                    f"{path}/catalogId",
                    f"surface '{surface.surface_id}' has no default catalog; give the component "
                    f'a catalogId (Tessera\'s is "{DEFAULT_CATALOG[surface.protocol.line]}")',
                )
            return surface.catalog_id
        line = catalog_line(own)
        if line is None:
            self.add(
                P.UNKNOWN_CATALOG,
                f"{path}/catalogId",
                f"'{str(own)[:80]}' is not a catalog Tessera renders",
            )
            return None
        if line != surface.protocol.line:
            self.add(
                P.VERSION_MISMATCH,
                f"{path}/catalogId",
                f"catalog '{own}' belongs to another protocol version than surface "
                f"'{surface.surface_id}' ({surface.protocol.version})",
            )
            return None
        return own

    def _extension_keys(self, metadata: Any, where: str) -> None:
        extensions = metadata.get("extensions") if isinstance(metadata, dict) else None
        if isinstance(extensions, dict):
            for key in extensions:
                self.identifier(
                    str(key), f"{where}/extensions/{pointer.escape(str(key))}", "extension key"
                )

    def _semantics(self, surface: SurfaceState, entry: ComponentEntry, name: str) -> None:
        """Functions, expressions, paths, URLs, regular expressions and icons of one component."""
        functions = catalog_for(entry.catalog_id)["functions"]
        component, base = entry.data, entry.path
        for prop in URL_PROPERTIES.get(name, ()):
            value = component.get(prop)
            if isinstance(value, str):
                if reason := url_problem(value):
                    self.add(P.UNSAFE_URL, f"{base}/{prop}", reason)
            elif isinstance(value, dict) and isinstance(value.get("path"), str):
                entry.bound_urls.append((f"{base}/{prop}", value["path"]))
        if self.strict and name == "DateTimeInput":
            for prop in DATE_BOUNDS:
                if isinstance(component.get(prop), str):
                    self.add(P.NOT_ALLOWED_HERE, f"{base}/{prop}", LITERAL_DATE_BOUND.format(prop))
        if name == "TextField" and isinstance(component.get("validationRegexp"), str):
            self._regex(component["validationRegexp"], f"{base}/validationRegexp")
        icon = component.get("name") if name == "Icon" else None
        svg = icon.get("svgPath") if isinstance(icon, dict) else None
        if isinstance(svg, str) and (
            reason := svg_path_problem(svg, max_length=self.limits.max_svg_path_length)
        ):
            self.add(P.INVALID_SVG_PATH, f"{base}/name/svgPath", reason)
        stack: list[tuple[Any, str]] = [(component, base)]
        while stack:
            node, path = stack.pop()
            if isinstance(node, list):
                stack.extend((item, f"{path}/{i}") for i, item in enumerate(node))
                continue
            if not isinstance(node, dict):
                continue
            if isinstance(node.get("call"), str):
                self._call(node, path, functions, entry)
            if isinstance(node.get("path"), str) and (set(node) <= {"path", "componentId"}):
                self._path(node["path"], f"{path}/path", entry)
            for key, child in node.items():
                if key in ("path",) and isinstance(child, str):
                    continue
                stack.append((child, f"{path}/{pointer.escape(str(key))}"))

    def _call(self, node: dict, path: str, functions: dict, entry: ComponentEntry) -> None:
        name = node["call"]
        if name == INDEX_FUNCTION and catalog_line(entry.catalog_id) == V1_0.line:
            return  # v1.0's system function: the item's index inside a template
        own = node.get("catalogId")
        if isinstance(own, str) and catalog_line(own) == catalog_line(entry.catalog_id):
            functions = catalog_for(own)["functions"]
        if name not in functions:
            self.add(
                P.UNKNOWN_FUNCTION,
                f"{path}/call",
                f"'{name}' is not a catalog function; use one of: {', '.join(functions)}",
            )
            return
        if functions[name].get("allowedCallers", RENDERER_ONLY) not in RENDERER_CALLERS:
            self.add(
                P.CALLER_NOT_ALLOWED,
                f"{path}/call",
                f"'{name}' may only be called by the agent (allowedCallers), not from a component",
            )
        args = node.get("args") if isinstance(node.get("args"), dict) else {}
        if name == "regex" and isinstance(args.get("pattern"), str):
            self._regex(args["pattern"], f"{path}/args/pattern")
        elif name == "openUrl" and isinstance(args.get("url"), str):
            if reason := url_problem(args["url"]):
                self.add(P.UNSAFE_URL, f"{path}/args/url", reason)
        elif name == "formatString" and isinstance(args.get("value"), str):
            where = f"{path}/args/value"
            try:
                parsed = parse_template(args["value"])
            except ExpressionError as exc:
                self.add(P.INVALID_EXPRESSION, where, f"formatString template: {exc}")
                return
            for function in parsed.functions:
                if function not in functions:
                    self.add(
                        P.UNKNOWN_FUNCTION,
                        where,
                        f"'{function}' in the template is not a catalog function",
                    )
            for inner in parsed.paths:
                self._path(inner, where, entry)

    def _path(self, path: str, where: str, entry: ComponentEntry) -> None:
        try:
            pointer.split(
                path,
                max_length=self.limits.max_path_length,
                max_segments=self.limits.max_path_segments,
            )
        except pointer.PointerError as exc:
            self.add(P.INVALID_PATH, where, f"'{path[:80]}' is not a valid JSON Pointer: {exc}")
            return
        if pointer.is_relative(path):
            entry.relative_paths.append((where, path))

    def _regex(self, pattern: str, where: str) -> None:
        reason = regex_problem(pattern, max_length=self.limits.max_regex_length)
        if reason:
            code = P.INVALID_REGEX if reason.startswith("invalid") else P.UNSAFE_REGEX
            self.add(code, where, reason)

    # -- data model -----------------------------------------------------------------------------

    def _data(self, surface: SurfaceState, body: dict, base: str) -> None:
        path = body.get("path", "/")
        if not isinstance(path, str):
            return
        try:
            segments = pointer.split(
                path,
                max_length=self.limits.max_path_length,
                max_segments=self.limits.max_path_segments,
            )
        except pointer.PointerError as exc:
            self.add(
                P.INVALID_PATH, f"{base}/path", f"'{path[:80]}' is not a valid JSON Pointer: {exc}"
            )
            return
        if pointer.is_relative(path):
            self.add(
                P.INVALID_PATH,
                f"{base}/path",
                "updateDataModel paths must be absolute (start with '/')",
            )
            return
        # v0.9 removes the key when `value` is absent; v1.0 requires `value` and removes on null.
        remove = surface.protocol.removes(body)
        surface.data = pointer.assign(surface.data, segments, body.get("value"), remove=remove)
