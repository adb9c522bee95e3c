"""The server's A2UI message processor: the surfaces a stream of agent-to-renderer messages has
created, with their components and data model, kept the way a renderer keeps them.

    processor = SurfaceProcessor()
    processor.process(messages)            # validated, then applied; all or nothing
    processor.surface("flight-7").data     # the data model after JSON Pointer updates
    processor.known_surfaces()             # {surfaceId: catalogId}: what is active

`process` validates first and applies nothing when anything is wrong (`ProcessingError`, with
every problem). How much is validated:

- "strict" (the default, what the server applies to agent output): Tessera's whole validator,
  components unreachable from `root` included;
- "schema": the same without the reachability rule (`a2ui validate` without --strict);
- "permissive": only what keeping the state needs — a known version and message kind, a string
  surfaceId, no second createSurface, no update of a surface that does not exist, components
  with ids and, when new, a type (the permissive mode of A2UI's conformance suite).
"""

import copy
from dataclasses import dataclass, field
from typing import Any

from apps.a2ui import pointer
from apps.a2ui import problems as P
from apps.a2ui.catalog import catalog_line
from apps.a2ui.limits import limits
from apps.a2ui.problems import Problem, SurfaceInvalid
from apps.a2ui.validator import surface_validate, to_message_dicts
from apps.a2ui.versions import SUPPORTED_VERSIONS, SURFACE_KINDS, protocol_for


class ProcessingError(SurfaceInvalid):
    """The messages were not applied; `problems` says why."""


@dataclass
class ProcessedSurface:
    surface_id: str
    catalog_id: str | None
    version: str
    send_data_model: bool = False
    theme: dict | None = None
    components: dict[str, dict] = field(default_factory=dict)
    data: Any = field(default_factory=dict)


VALIDATION_LEVELS = ("strict", "schema", "permissive")


class SurfaceProcessor:
    def __init__(self, *, validation: str = "strict"):
        if validation not in VALIDATION_LEVELS:
            raise ValueError(f"validation must be one of {', '.join(VALIDATION_LEVELS)}")
        self.validation = validation
        self.surfaces: dict[str, ProcessedSurface] = {}

    def surface(self, surface_id: str) -> ProcessedSurface | None:
        return self.surfaces.get(surface_id)

    def known_surfaces(self) -> dict[str, str]:
        return {sid: s.catalog_id or "" for sid, s in self.surfaces.items()}

    def process(self, payload: Any) -> None:
        """Validates the messages (one, a list, or `{"messages": [...]}`) and applies them."""
        if isinstance(payload, dict) and isinstance(payload.get("messages"), list):
            payload = payload["messages"]
        messages = to_message_dicts(payload)
        if self.validation == "permissive":
            found = _Integrity(self.surfaces).check(messages)
        else:
            found = surface_validate(
                messages,
                known_surfaces=self.known_surfaces(),
                strict=self.validation == "strict",
            )
        if found:
            raise ProcessingError(found)
        surfaces = copy.deepcopy(self.surfaces)
        for message in messages:
            _apply(surfaces, message)
        self.surfaces = surfaces


def _kind(message: dict) -> str:
    return next(kind for kind in SURFACE_KINDS if kind in message)


def _apply(surfaces: dict[str, ProcessedSurface], message: dict) -> None:
    protocol = protocol_for(message["version"])
    kind = _kind(message)
    body = message[kind]
    surface_id = body["surfaceId"]
    if kind == "createSurface":
        surface = ProcessedSurface(
            surface_id,
            body.get("catalogId"),
            protocol.version,
            send_data_model=body.get("sendDataModel") is True,
            theme=copy.deepcopy(body.get("theme")),
        )
        surfaces[surface_id] = surface
        if protocol.create_carries_content:
            _components(surface, body.get("components") or [])
            if isinstance(body.get("dataModel"), dict):
                surface.data = copy.deepcopy(body["dataModel"])
    elif kind == "deleteSurface":
        surfaces.pop(surface_id, None)
    elif kind == "updateComponents":
        _components(surfaces[surface_id], body["components"])
    else:
        surface = surfaces[surface_id]
        segments = _segments(body.get("path", "/"))
        value = copy.deepcopy(body.get("value"))
        surface.data = pointer.assign(surface.data, segments, value, remove=protocol.removes(body))


def _components(surface: ProcessedSurface, components: list[dict]) -> None:
    for component in components:
        previous = surface.components.get(component["id"])
        if previous is not None and "component" not in component:
            previous.update(copy.deepcopy(component))  # new values for a component's properties
        else:
            surface.components[component["id"]] = copy.deepcopy(component)


def _segments(path: str) -> list[str]:
    lim = limits()
    return pointer.split(path, max_length=lim.max_path_length, max_segments=lim.max_path_segments)


class _Integrity:
    """The permissive mode's checks: only what keeping the state needs."""

    def __init__(self, surfaces: dict[str, ProcessedSurface]):
        self.active = dict.fromkeys(surfaces)
        self.protocols = {sid: protocol_for(s.version) for sid, s in surfaces.items()}
        self.components = {sid: set(s.components) for sid, s in surfaces.items()}
        self.problems: list[Problem] = []

    def add(self, code: str, path: str, message: str) -> None:
        self.problems.append(Problem(code, path, message))

    def check(self, messages: list[Any]) -> list[Problem]:
        if not messages:
            self.add(P.INVALID_MESSAGE, "", "the payload holds no message")
        for index, message in enumerate(messages):
            self._message(message, f"/{index}")
        return self.problems

    def _message(self, message: Any, at: str) -> None:
        if not isinstance(message, dict):
            return self.add(P.NOT_AN_OBJECT, at, "each A2UI message must be a JSON object")
        protocol = protocol_for(message.get("version"))
        if protocol is None:
            return self.add(
                P.UNSUPPORTED_VERSION,
                f"{at}/version",
                f"'version' is required, one of {', '.join(SUPPORTED_VERSIONS)}",
            )
        kinds = [kind for kind in protocol.kinds if kind in message]
        if len(kinds) != 1 or kinds[0] not in SURFACE_KINDS:
            return self.add(P.INVALID_MESSAGE, at, "a message holds exactly one surface message")
        body = message[kinds[0]]
        surface_id = body.get("surfaceId") if isinstance(body, dict) else None
        if not isinstance(surface_id, str):
            return self.add(P.MISSING_PROPERTY, f"{at}/surfaceId", "surfaceId must be a string")
        if kinds[0] == "createSurface":
            self._create(body, surface_id, protocol, f"{at}/createSurface")
        elif kinds[0] == "deleteSurface":
            self.active.pop(surface_id, None)
        elif surface_id not in self.active:
            self.add(P.UNKNOWN_SURFACE, f"{at}/surfaceId", f"surface '{surface_id}' not found")
        elif kinds[0] == "updateComponents":
            self._components(body.get("components"), surface_id, f"{at}/updateComponents")
        else:
            self._data(body, protocol, f"{at}/updateDataModel")

    def _create(self, body: dict, surface_id: str, protocol, at: str) -> None:
        if surface_id in self.active:
            self.add(P.SURFACE_EXISTS, f"{at}/surfaceId", f"surface '{surface_id}' already exists")
        if not protocol.create_carries_content and not isinstance(body.get("catalogId"), str):
            self.add(P.MISSING_PROPERTY, f"{at}/catalogId", f"{protocol.version} needs a catalogId")
        elif "catalogId" in body:
            self._catalog(body["catalogId"], protocol, f"{at}/catalogId")
        self.active[surface_id] = None
        self.protocols[surface_id] = protocol
        self.components[surface_id] = set()
        if protocol.create_carries_content and "components" in body:
            self._components(body["components"], surface_id, at)

    def _components(self, components: Any, surface_id: str, at: str) -> None:
        if not isinstance(components, list):
            return self.add(P.SCHEMA, f"{at}/components", "components must be an array")
        known = self.components.setdefault(surface_id, set())
        for index, component in enumerate(components):
            where = f"{at}/components/{index}"
            component_id = component.get("id") if isinstance(component, dict) else None
            if not isinstance(component_id, str):
                self.add(P.MISSING_PROPERTY, f"{where}/id", "a component is missing an 'id'")
            elif "catalogId" in component and not self._catalog(
                component["catalogId"], self.protocols[surface_id], f"{where}/catalogId"
            ):
                continue
            elif component_id not in known and not isinstance(component.get("component"), str):
                self.add(
                    P.MISSING_PROPERTY,
                    f"{where}/component",
                    f"cannot create component {component_id} without a type",
                )
            else:
                known.add(component_id)

    def _catalog(self, catalog_id: Any, protocol, at: str) -> bool:
        """A catalog Tessera renders, of the surface's protocol version."""
        line = catalog_line(catalog_id)
        if line is None:
            self.add(P.UNKNOWN_CATALOG, at, f"catalog not found: {str(catalog_id)[:80]}")
        elif line != protocol.line:
            self.add(
                P.VERSION_MISMATCH, at, f"catalog {catalog_id} is not a {protocol.version} catalog"
            )
        return line == protocol.line

    def _data(self, body: dict, protocol, at: str) -> None:
        if protocol.null_value_deletes and "value" not in body:
            self.add(P.MISSING_PROPERTY, f"{at}/value", "updateDataModel needs a value")
        path = body.get("path", "/")
        try:
            _segments(path)
        except pointer.PointerError as error:
            self.add(P.INVALID_PATH, f"{at}/path", str(error))
            return
        if pointer.is_relative(path):
            self.add(P.INVALID_PATH, f"{at}/path", "data model paths must be absolute")
