"""Validation of A2UI v0.9 server-to-client messages before they leave the server.

`surface_validate` returns every problem it finds (never only the first), each with a code, a
JSON Pointer into the payload and a message meant for the model that wrote it, so the runtime's
repair loop can send them back verbatim. `surface_check` raises `SurfaceInvalid` instead.

What is checked, in order:
1. size and shape first, without recursion (message count, JSON nesting, bytes), so hostile
   payloads cost little;
2. every string and key (length, markup, script URLs, prototype keys);
3. the official JSON schemas with the surface's catalog, each component against its own
   schema so errors point at the property that is wrong;
4. what schemas cannot say: known catalog, components and functions, formatString
   expressions, JSON Pointer paths, URL schemes, regular expressions, unique ids;
5. per surface, once all messages are applied: one `root`, references resolve, no cycles,
   depth limit, relative paths only inside templates.
"""

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from jsonschema.exceptions import ValidationError as SchemaError
from pydantic import BaseModel

from apps.a2ui import pointer
from apps.a2ui import problems as P
from apps.a2ui.catalog import CATALOG_ID, PROTOCOL_VERSION, catalog_for
from apps.a2ui.expressions import ExpressionError, parse_template
from apps.a2ui.limits import Limits, limits
from apps.a2ui.problems import Problem, SurfaceInvalid
from apps.a2ui.regex_safety import regex_problem
from apps.a2ui.safety import markup_problem, svg_path_problem, url_problem
from apps.a2ui.schemas import common_def, component_validator, message_validator

MESSAGE_TYPES = {
    "createSurface": "CreateSurfaceMessage",
    "updateComponents": "UpdateComponentsMessage",
    "updateDataModel": "UpdateDataModelMessage",
    "deleteSurface": "DeleteSurfaceMessage",
}
ROOT_ID = "root"
SURFACE_ID = re.compile(r"^[A-Za-z0-9_.:-]{1,128}$")
# Component properties holding a URL the browser would load.
URL_PROPERTIES = {"Image": ("url",), "Video": ("url",), "AudioPlayer": ("url",)}
# Strings that are patterns or path data rather than text: exempt from the markup rule.
_NOT_TEXT_KEYS = frozenset({"pattern", "validationRegexp", "svgPath"})

_DYNAMIC_TYPES = {
    "DynamicString": 'a string, a binding {"path": "/pointer"} or a function call returning a string',
    "DynamicNumber": 'a number, a binding {"path": "/pointer"} or a function call returning a number',
    "DynamicBoolean": 'true/false, a binding {"path": "/pointer"} or a function call returning a boolean',
    "DynamicStringList": 'an array of strings, a binding {"path": "/pointer"} or a function call returning an array',
    "DynamicValue": 'a literal, a binding {"path": "/pointer"} or a function call',
    "ChildList": 'an array of component ids or a template {"componentId": ..., "path": ...}',
    "Action": '{"event": {"name": ..., "context": {...}}} or {"functionCall": {...}}',
}


# ----------------------------------------------------------------------------------------------
# Public API


def surface_validate(
    payload: Any,
    *,
    known_surfaces: Mapping[str, str] | None = None,
    limits_: Limits | None = None,
    strict: bool = False,
) -> list[Problem]:
    """Every problem with a payload of A2UI server-to-client messages.

    `payload` is one message or a list of messages (dicts or pydantic models), validated in
    order as a stream: an update or delete for a surface that no earlier message created (or
    that was deleted since) is an error. Paths start with `/<index>` when a list was given.
    `known_surfaces` maps the ids of surfaces already active on the server (created by
    earlier payloads) to their catalog ids: updates to those are allowed, and references to
    their components outside the payload too. `strict` also flags components unreachable
    from the surface's `root` (the suite's strict mode; the server applies it to agent output).
    """
    return _Validation(known_surfaces or {}, limits_ or limits(), strict=strict).run(payload)


def surface_check(payload: Any, **kwargs: Any) -> list[dict]:
    """The payload as a list of plain message dicts; raises SurfaceInvalid if anything is wrong."""
    messages = to_message_dicts(payload)
    found = surface_validate(messages if isinstance(payload, list) else messages[0], **kwargs)
    if found:
        raise SurfaceInvalid(found)
    return messages


def to_message_dicts(payload: Any) -> list[Any]:
    """A message or list of messages, with pydantic models dumped to wire JSON."""
    items = payload if isinstance(payload, list) else [payload]
    return [_dump(item) for item in items]


def _dump(item: Any) -> Any:
    if isinstance(item, BaseModel):
        return item.model_dump(mode="json", by_alias=True, exclude_none=True)
    return item


# ----------------------------------------------------------------------------------------------
# Batch state


@dataclass
class _Component:
    data: dict
    path: str
    relative_paths: list[tuple[str, str]] = field(default_factory=list)
    bound_urls: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class _Surface:
    surface_id: str
    catalog_id: str
    created_at: str | None  # pointer of the createSurface message, None if created earlier
    complete: bool
    components: dict[str, _Component] = field(default_factory=dict)
    data: Any = field(default_factory=dict)


class _Validation:
    def __init__(self, known_surfaces: Mapping[str, str], limits_: Limits, *, strict: bool):
        self.known = dict(known_surfaces)
        self.limits = limits_
        self.strict = strict
        self.problems: list[Problem] = []
        self.surfaces: dict[str, _Surface] = {}
        self.finished: list[_Surface] = []

    def add(self, code: str, path: str, message: str) -> None:
        self.problems.append(Problem(code, path, message))

    # -- entry ---------------------------------------------------------------------------------

    def run(self, payload: Any) -> list[Problem]:
        if isinstance(payload, list | tuple):
            messages = [_dump(m) for m in payload]
            prefixes = [f"/{index}" for index in range(len(messages))]
        else:
            messages = [_dump(payload)]
            prefixes = [""]
        if len(messages) > self.limits.max_messages:
            self.add(
                P.TOO_MANY_MESSAGES,
                "",
                f"{len(messages)} messages in one payload; the limit is {self.limits.max_messages}",
            )
            return self.problems
        if not messages:
            self.add(P.INVALID_MESSAGE, "", "the payload holds no message")
            return self.problems
        usable = [
            self._scan(message, prefix) for message, prefix in zip(messages, prefixes, strict=True)
        ]
        size = sum(
            len(json.dumps(m, separators=(",", ":"), ensure_ascii=False, default=str).encode())
            for m, ok in zip(messages, usable, strict=True)
            if ok
        )
        if size > self.limits.max_payload_bytes:
            self.add(
                P.PAYLOAD_TOO_LARGE,
                "",
                f"the payload is {size} bytes; the limit is {self.limits.max_payload_bytes}",
            )
            return self.problems
        for message, prefix, ok in zip(messages, prefixes, usable, strict=True):
            if ok:
                self._message(message, prefix)
        self.finished.extend(self.surfaces.values())
        for surface in self.finished:
            self._tree(surface)
        return _without_shadowed(self.problems)

    # -- 1 + 2: shape, strings and keys, iteratively ------------------------------------------

    def _scan(self, message: Any, prefix: str) -> bool:
        """Depth, string and key checks over the whole message; False if it is too deep to use."""
        limit = self.limits.max_json_depth
        stack: list[tuple[Any, str, int, str | None]] = [(message, prefix, 1, None)]
        while stack:
            node, path, depth, key = stack.pop()
            if isinstance(node, dict | list):
                if depth > limit:
                    self.add(
                        P.JSON_TOO_DEEP,
                        prefix,
                        f"objects and arrays nest deeper than {limit} levels (at {path})",
                    )
                    return False
                if isinstance(node, dict):
                    for child_key, child in node.items():
                        child_path = f"{path}/{pointer.escape(str(child_key))}"
                        if child_key in pointer.FORBIDDEN_SEGMENTS:
                            self.add(
                                P.FORBIDDEN_KEY, child_path, f"the key '{child_key}' is not allowed"
                            )
                        if (
                            isinstance(child_key, str)
                            and len(child_key) > self.limits.max_path_length
                        ):
                            self.add(P.STRING_TOO_LONG, path, "an object key is too long")
                        stack.append((child, child_path, depth + 1, child_key))
                else:
                    for index in range(len(node) - 1, -1, -1):
                        stack.append((node[index], f"{path}/{index}", depth + 1, key))
            elif isinstance(node, str):
                if len(node) > self.limits.max_string_length:
                    self.add(
                        P.STRING_TOO_LONG,
                        path,
                        f"string of {len(node)} characters; the limit is {self.limits.max_string_length}",
                    )
                elif key not in _NOT_TEXT_KEYS and (reason := markup_problem(node)):
                    self.add(P.MARKUP_IN_TEXT, path, f"text {reason}")
        return True

    # -- 3 + 4: one message ---------------------------------------------------------------------

    def _message(self, message: Any, prefix: str) -> None:
        if not isinstance(message, dict):
            self.add(P.NOT_AN_OBJECT, prefix, "each A2UI message must be a JSON object")
            return
        kinds = [kind for kind in MESSAGE_TYPES if kind in message]
        if message.get("version") != PROTOCOL_VERSION:
            self.add(
                P.UNSUPPORTED_VERSION,
                f"{prefix}/version",
                f"'version' must be \"{PROTOCOL_VERSION}\"",
            )
        if len(kinds) != 1:
            self.add(
                P.INVALID_MESSAGE,
                prefix,
                "a message holds exactly one of createSurface, updateComponents, "
                f"updateDataModel, deleteSurface (found {len(kinds)})",
            )
            return
        kind = kinds[0]
        for extra in message:
            if extra not in ("version", kind):
                self.add(
                    P.UNKNOWN_PROPERTY,
                    f"{prefix}/{pointer.escape(extra)}",
                    f"unexpected property '{extra}'",
                )
        body = message[kind]
        base = f"{prefix}/{kind}"
        if not isinstance(body, dict):
            self.add(P.SCHEMA, base, f"'{kind}' must be an object")
            return
        surface_id = body.get("surfaceId")
        if not isinstance(surface_id, str):
            self.add(
                P.MISSING_PROPERTY,
                f"{base}/surfaceId",
                "'surfaceId' is required and must be a string",
            )
            return
        if not SURFACE_ID.match(surface_id):
            self.add(
                P.INVALID_SURFACE_ID,
                f"{base}/surfaceId",
                "surfaceId must be 1-128 characters from A-Z a-z 0-9 _ . : -",
            )
        if kind == "createSurface":
            surface = self._create(body, base, surface_id)
        else:
            surface = self._existing(surface_id, base)
        if surface is None:
            return
        catalog_id = surface.catalog_id
        self._schema(
            message_validator(catalog_id, MESSAGE_TYPES[kind]), message, prefix, catalog_id
        )
        if kind == "updateComponents":
            self._components(surface, body.get("components"), f"{base}/components")
        elif kind == "updateDataModel":
            self._data(surface, body, base)
        elif kind == "deleteSurface":
            self.finished.append(self.surfaces.pop(surface_id))
        elif kind == "createSurface":
            theme = body.get("theme")
            icon_url = theme.get("iconUrl") if isinstance(theme, dict) else None
            if isinstance(icon_url, str) and (reason := url_problem(icon_url)):
                self.add(P.UNSAFE_URL, f"{base}/theme/iconUrl", reason)

    def _create(self, body: dict, base: str, surface_id: str) -> _Surface | None:
        catalog_id = body.get("catalogId")
        if surface_id in self.surfaces or surface_id in self.known:
            self.add(
                P.SURFACE_EXISTS,
                f"{base}/surfaceId",
                f"surface '{surface_id}' already exists; send deleteSurface first or use another id",
            )
        if not isinstance(catalog_id, str) or catalog_for(catalog_id) is None:
            self.add(
                P.UNKNOWN_CATALOG,
                f"{base}/catalogId",
                f'catalogId must be "{CATALOG_ID}" (Tessera\'s catalog)',
            )
            catalog_id = CATALOG_ID
        surface = _Surface(surface_id, catalog_id, created_at=base, complete=True)
        self.surfaces[surface_id] = surface
        return surface

    def _existing(self, surface_id: str, base: str) -> _Surface | None:
        if surface_id in self.surfaces:
            return self.surfaces[surface_id]
        if surface_id not in self.known:
            self.add(
                P.UNKNOWN_SURFACE,
                f"{base}/surfaceId",
                f"surface '{surface_id}' does not exist (or was deleted); send createSurface "
                "before updating it",
            )
            return None
        catalog_id = self.known.pop(surface_id)  # after a deleteSurface it is gone
        if catalog_for(catalog_id) is None:
            catalog_id = CATALOG_ID
        surface = _Surface(surface_id, catalog_id, created_at=None, complete=False)
        self.surfaces[surface_id] = surface
        return surface

    # -- schema errors --------------------------------------------------------------------------

    def _schema(self, validator, instance: Any, prefix: str, catalog_id: str) -> None:
        for error in validator.iter_errors(instance):
            for leaf in _leaves(error):
                self.problems.extend(_schema_problems(leaf, prefix, catalog_id))

    # -- components -----------------------------------------------------------------------------

    def _components(self, surface: _Surface, components: Any, base: str) -> None:
        if not isinstance(components, list):
            return
        catalog = catalog_for(surface.catalog_id)
        known_components = catalog["components"]
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
            if index >= self.limits.max_components:
                continue
            entry = _Component(component, path)
            surface.components[component_id] = entry
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
                self._schema(
                    component_validator(surface.catalog_id, name),
                    component,
                    path,
                    surface.catalog_id,
                )
            self._semantics(surface, entry, name)

    def _semantics(self, surface: _Surface, entry: _Component, name: str) -> None:
        """Functions, expressions, paths, URLs, regular expressions and icons of one component."""
        functions = catalog_for(surface.catalog_id)["functions"]
        component, base = entry.data, entry.path
        for prop in URL_PROPERTIES.get(name, ()):
            value = component.get(prop)
            if isinstance(value, str):
                if reason := url_problem(value):
                    self.add(P.UNSAFE_URL, f"{base}/{prop}", reason)
            elif isinstance(value, dict) and isinstance(value.get("path"), str):
                entry.bound_urls.append((f"{base}/{prop}", value["path"]))
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

    def _call(self, node: dict, path: str, functions: dict, entry: _Component) -> None:
        name = node["call"]
        if name not in functions:
            self.add(
                P.UNKNOWN_FUNCTION,
                f"{path}/call",
                f"'{name}' is not a catalog function; use one of: {', '.join(functions)}",
            )
            return
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

    def _path(self, path: str, where: str, entry: _Component) -> None:
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

    def _data(self, surface: _Surface, body: dict, base: str) -> None:
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
        surface.data = pointer.assign(
            surface.data, segments, body.get("value"), remove="value" not in body
        )

    # -- 5: the tree of one surface -------------------------------------------------------------

    def _tree(self, surface: _Surface) -> None:
        components = surface.components
        if surface.complete and components and ROOT_ID not in components:
            self.add(
                P.MISSING_ROOT,
                surface.created_at or "",
                f"surface '{surface.surface_id}' has no component with id 'root'",
            )
        catalog = catalog_for(surface.catalog_id)
        edges: dict[str, list[tuple[str, str]]] = {}
        templates: list[tuple[str, str]] = []
        for component_id, entry in components.items():
            name = entry.data.get("component")
            spec = catalog["components"].get(name) if isinstance(name, str) else None
            refs = (
                list(_references(entry.data, _reference_fields(surface.catalog_id, name)))
                if spec
                else []
            )
            edges[component_id] = []
            for suffix, target, template_path in refs:
                if template_path is not None:
                    templates.append((target, template_path))
                if target in components:
                    edges[component_id].append((target, entry.path + suffix))
                elif surface.complete:
                    self.add(
                        P.UNRESOLVED_REFERENCE,
                        entry.path + suffix,
                        f"no component with id '{target}' in surface '{surface.surface_id}'",
                    )
        if len(components) > self.limits.max_components:
            self.add(
                P.TOO_MANY_COMPONENTS,
                surface.created_at or "",
                f"surface '{surface.surface_id}' has {len(components)} components; "
                f"the limit is {self.limits.max_components}",
            )
        self._cycles(edges)
        self._depth(surface, edges)
        self._scopes(surface, edges, templates)
        if self.strict and surface.complete and ROOT_ID in components:
            self._orphans(surface, edges)

    def _orphans(self, surface: _Surface, edges: dict[str, list[tuple[str, str]]]) -> None:
        """Strict mode: every component is reachable from `root` (a template's component is
        reached through the list that repeats it)."""
        reached = {ROOT_ID}
        stack = [ROOT_ID]
        while stack:
            for target, _ in edges[stack.pop()]:
                if target not in reached:
                    reached.add(target)
                    stack.append(target)
        for component_id, entry in surface.components.items():
            if component_id not in reached:
                self.add(
                    P.ORPHAN_COMPONENT,
                    f"{entry.path}/id",
                    f"component '{component_id}' is not reachable from 'root' in surface "
                    f"'{surface.surface_id}'; reference it from the tree or leave it out",
                )

    def _cycles(self, edges: dict[str, list[tuple[str, str]]]) -> None:
        white, grey, black = 0, 1, 2
        color = dict.fromkeys(edges, white)
        reported: set[frozenset[str]] = set()
        for start in edges:
            if color[start] != white:
                continue
            color[start] = grey
            trail = [start]
            stack = [(start, iter(edges[start]))]
            while stack:
                node, children = stack[-1]
                advanced = False
                for target, where in children:
                    if color[target] == grey:
                        cycle = trail[trail.index(target) :]
                        key = frozenset(cycle)
                        if key not in reported:
                            reported.add(key)
                            loop = " → ".join([*cycle, target])
                            self.add(
                                P.CYCLE,
                                where,
                                f"components reference each other in a cycle: {loop}",
                            )
                    elif color[target] == white:
                        color[target] = grey
                        trail.append(target)
                        stack.append((target, iter(edges[target])))
                        advanced = True
                        break
                if not advanced:
                    color[node] = black
                    trail.pop()
                    stack.pop()

    def _depth(self, surface: _Surface, edges: dict[str, list[tuple[str, str]]]) -> None:
        if ROOT_ID not in edges:
            return
        limit = self.limits.max_tree_depth
        depth = {ROOT_ID: 1}
        queue = [ROOT_ID]
        # Breadth-first over the graph; a node keeps the first (shallowest) depth it is reached at,
        # which is enough to find a chain longer than the limit without exponential walks.
        while queue:
            following = []
            for node in queue:
                for target, where in edges[node]:
                    if target in depth:
                        continue
                    depth[target] = depth[node] + 1
                    if depth[target] > limit:
                        self.add(
                            P.TOO_DEEP,
                            where,
                            f"components nest deeper than {limit} levels below 'root' in surface "
                            f"'{surface.surface_id}'",
                        )
                        return
                    following.append(target)
            queue = following

    def _scopes(self, surface: _Surface, edges, templates: list[tuple[str, str]]) -> None:
        """Relative paths only inside templates; bound URLs checked against the data sent."""
        templated: set[str] = set()
        stack = [target for target, _ in templates]
        while stack:
            node = stack.pop()
            if node in templated or node not in edges:
                continue
            templated.add(node)
            stack.extend(target for target, _ in edges[node])
        for component_id, entry in surface.components.items():
            if surface.complete and component_id not in templated:
                for where, path in entry.relative_paths:
                    self.add(
                        P.INVALID_PATH,
                        where,
                        f"relative path '{path}' outside a template; use an absolute path ('/{path}')",
                    )
            for where, path in entry.bound_urls:
                for value in _bound_values(surface, path, templates):
                    if isinstance(value, str) and (reason := url_problem(value)):
                        self.add(
                            P.UNSAFE_URL, where, f"the data at '{path}' holds a URL that {reason}"
                        )


# ----------------------------------------------------------------------------------------------
# Helpers


def _bound_values(surface: _Surface, path: str, templates: list[tuple[str, str]]) -> Iterable[Any]:
    limits_ = limits()
    try:
        segments = pointer.split(
            path, max_length=limits_.max_path_length, max_segments=limits_.max_path_segments
        )
    except pointer.PointerError:
        return
    if not pointer.is_relative(path):
        value = pointer.resolve(surface.data, segments)
        if value is not pointer.MISSING:
            yield value
        return
    for _, base in templates:
        try:
            base_segments = pointer.split(
                base, max_length=limits_.max_path_length, max_segments=limits_.max_path_segments
            )
        except pointer.PointerError:
            continue
        items = pointer.resolve(surface.data, base_segments)
        if isinstance(items, list):
            for item in items[: limits_.max_template_items]:
                value = pointer.resolve(item, segments)
                if value is not pointer.MISSING:
                    yield value


@cache
def _reference_fields(catalog_id: str, name: str) -> tuple[tuple[tuple[str, ...], str], ...]:
    """Where a component holds ids of other components: (property path with '*' for array items,
    'id' or 'list'), found from the catalog schema as the spec asks validators to do."""
    catalog = catalog_for(catalog_id)
    found: list[tuple[tuple[str, ...], str]] = []

    def walk(schema: Any, trail: tuple[str, ...], depth: int) -> None:
        if not isinstance(schema, dict) or depth > 8:
            return
        ref = schema.get("$ref", "")
        if ref.endswith("/$defs/ComponentId"):
            found.append((trail, "id"))
            return
        if ref.endswith("/$defs/ChildList"):
            found.append((trail, "list"))
            return
        for sub in schema.get("allOf", []):
            walk(sub, trail, depth + 1)
        for key, sub in schema.get("properties", {}).items():
            if key != "id":
                walk(sub, (*trail, key), depth + 1)
        if isinstance(schema.get("items"), dict):
            walk(schema["items"], (*trail, "*"), depth + 1)

    walk(catalog["components"].get(name, {}), (), 0)
    return tuple(found)


def _references(component: dict, fields_: Iterable[tuple[tuple[str, ...], str]]):
    """(pointer suffix, target id, template path or None) for every reference it holds."""
    for trail, kind in fields_:
        for suffix, value in _select(component, trail, ""):
            if kind == "id" and isinstance(value, str):
                yield suffix, value, None
            elif kind == "list" and isinstance(value, list):
                for index, item in enumerate(value):
                    if isinstance(item, str):
                        yield f"{suffix}/{index}", item, None
            elif (
                kind == "list"
                and isinstance(value, dict)
                and isinstance(value.get("componentId"), str)
            ):
                template_path = value.get("path") if isinstance(value.get("path"), str) else ""
                yield f"{suffix}/componentId", value["componentId"], template_path


def _select(node: Any, trail: tuple[str, ...], suffix: str):
    if not trail:
        yield suffix, node
        return
    head, rest = trail[0], trail[1:]
    if head == "*":
        if isinstance(node, list):
            for index, item in enumerate(node):
                yield from _select(item, rest, f"{suffix}/{index}")
    elif isinstance(node, dict) and head in node:
        yield from _select(node[head], rest, f"{suffix}/{pointer.escape(head)}")


def _leaves(error: SchemaError) -> list[SchemaError]:
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
    leaves: list[SchemaError] = []
    for sub in best:
        leaves.extend(_leaves(sub))
    return leaves


def _reach(error: SchemaError) -> int:
    """How deep into the instance an error, or the errors it explains, got."""
    depth = len(error.absolute_path)
    for sub in error.context or ():
        depth = max(depth, _reach(sub))
    return depth


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


@cache
def _dynamic_names() -> list[tuple[str, Any]]:
    return [(name, common_def(name)) for name in _DYNAMIC_TYPES]


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
        if ref.startswith(_COMMON_PREFIX):
            names |= _declared(common_def(ref.removeprefix(_COMMON_PREFIX)), catalog_id, depth + 1)
        elif ref.startswith("#/"):
            target: Any = catalog_for(catalog_id)
            for part in ref[2:].split("/"):
                target = target.get(part, {}) if isinstance(target, dict) else {}
            names |= _declared(target, catalog_id, depth + 1)
    for sub in schema.get("allOf", []):
        names |= _declared(sub, catalog_id, depth + 1)
    return names


_COMMON_PREFIX = "https://a2ui.org/specification/v0_9/common_types.json#/$defs/"


def _schema_problems(error: SchemaError, prefix: str, catalog_id: str) -> list[Problem]:
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
        return [
            Problem(P.MISSING_PROPERTY, f"{path}/{pointer.escape(name)}", f"'{name}' is required")
        ]
    if validator == "type":
        types = expected if isinstance(expected, list) else [expected]
        message = f"expected {' or '.join(types)}, got {_json_type(error.instance)}"
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
                for name, schema in _dynamic_names()
                if error.schema == schema
                for text in [_DYNAMIC_TYPES[name]]
            ),
            None,
        )
        if described:
            message = f"expected {described}; got {_short(error.instance)}"
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


def _without_shadowed(found: list[Problem]) -> list[Problem]:
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
