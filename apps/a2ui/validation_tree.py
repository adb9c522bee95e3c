"""Check 5 of the validator, per surface once all messages are applied: one `root`,
references resolve, no cycles, composition rules (v1.0 allowedParents/allowedChildren), depth
limit, relative paths only inside templates, URLs found in bound data, and in strict mode no
component unreachable from `root`."""

from collections.abc import Iterable
from functools import cache
from typing import Any

from apps.a2ui import pointer
from apps.a2ui import problems as P
from apps.a2ui.catalog import catalog_for
from apps.a2ui.limits import limits
from apps.a2ui.safety import url_problem
from apps.a2ui.validation_state import ROOT_ID, ComponentEntry, SurfaceState, ValidationBase

# The container a v1.0 surface implicitly is: `allowedParents` names it for a root component.
SURFACE_COMPONENT = "Surface"


class TreeChecks(ValidationBase):
    def _tree(self, surface: SurfaceState) -> None:
        components = surface.components
        if surface.complete and components and ROOT_ID not in components:
            self.add(
                P.MISSING_ROOT,
                surface.created_at or "",
                f"surface '{surface.surface_id}' has no component with id 'root'",
            )
        edges: dict[str, list[tuple[str, str]]] = {}
        templates: list[tuple[str, str]] = []
        for component_id, entry in components.items():
            name = entry.data.get("component")
            spec = _spec(entry)
            refs = (
                list(_references(entry.data, reference_fields(entry.catalog_id, name)))
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
        self._composition(surface, edges)
        self._depth(surface, edges)
        self._scopes(surface, edges, templates)
        if self.strict and surface.complete and ROOT_ID in components:
            self._orphans(surface, edges)

    def _composition(self, surface: SurfaceState, edges: dict[str, list[tuple[str, str]]]) -> None:
        """v1.0 catalogs may say which parents a component accepts (`allowedParents`; the
        surface itself is "Surface") and which children a container holds (`allowedChildren`)."""
        components = surface.components
        root = components.get(ROOT_ID)
        if surface.complete and root is not None:
            self._placement(SURFACE_COMPONENT, None, root, f"{root.path}/id")
        for parent_id, targets in edges.items():
            parent = components[parent_id]
            for target, where in targets:
                self._placement(
                    parent.data.get("component"), _spec(parent), components[target], where
                )

    def _placement(
        self, parent_name: Any, parent_spec: dict | None, child: ComponentEntry, where: str
    ) -> None:
        child_name, child_spec = child.data.get("component"), _spec(child)
        allowed_parents = child_spec.get("allowedParents") if child_spec else None
        if isinstance(allowed_parents, list) and parent_name not in allowed_parents:
            self.add(
                P.NOT_ALLOWED_HERE,
                where,
                f"a {child_name} may only be placed in: {', '.join(map(str, allowed_parents)) or 'nothing'} "
                f"(allowedParents), not in a {parent_name}",
            )
        allowed_children = parent_spec.get("allowedChildren") if parent_spec else None
        if isinstance(allowed_children, list) and child_name not in allowed_children:
            self.add(
                P.NOT_ALLOWED_HERE,
                where,
                f"a {parent_name} may only hold: {', '.join(map(str, allowed_children))} "
                f"(allowedChildren), not a {child_name}",
            )

    def _orphans(self, surface: SurfaceState, edges: dict[str, list[tuple[str, str]]]) -> None:
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

    def _depth(self, surface: SurfaceState, edges: dict[str, list[tuple[str, str]]]) -> None:
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

    def _scopes(self, surface: SurfaceState, edges, templates: list[tuple[str, str]]) -> None:
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


def _bound_values(
    surface: SurfaceState, path: str, templates: list[tuple[str, str]]
) -> Iterable[Any]:
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


def _spec(entry: ComponentEntry) -> dict | None:
    """The catalog schema of a component's type, or None for an unknown one."""
    name = entry.data.get("component")
    return catalog_for(entry.catalog_id)["components"].get(name) if isinstance(name, str) else None


@cache
def reference_fields(catalog_id: str, name: str) -> tuple[tuple[tuple[str, ...], str], ...]:
    """Where a component holds ids of other components: (property path with '*' for array items,
    'id' or 'list'), found from the catalog schema as the spec asks validators to do."""
    catalog = catalog_for(catalog_id)
    found: list[tuple[tuple[str, ...], str]] = []

    def walk(schema: Any, trail: tuple[str, ...], depth: int) -> None:
        if not isinstance(schema, dict) or depth > 8:
            return
        ref = schema.get("$ref", "")
        if ref.endswith(("/$defs/ComponentId", "/$defs/Child")):
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
        for suffix, value in select(component, trail, ""):
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


def select(node: Any, trail: tuple[str, ...], suffix: str):
    if not trail:
        yield suffix, node
        return
    head, rest = trail[0], trail[1:]
    if head == "*":
        if isinstance(node, list):
            for index, item in enumerate(node):
                yield from select(item, rest, f"{suffix}/{index}")
    elif isinstance(node, dict) and head in node:
        yield from select(node[head], rest, f"{suffix}/{pointer.escape(head)}")
