"""Validation of A2UI agent-to-renderer messages (v0.9, v0.9.1 and v1.0, chosen by each
message's `version`) before they leave the server.

`surface_validate` returns every problem it finds (never only the first), each with a code, a
JSON Pointer into the payload and a message meant for the model that wrote it, so the runtime's
repair loop can send them back verbatim. `surface_check` raises `SurfaceInvalid` instead.

What is checked, in order:
1. size and shape first, without recursion (message count, JSON nesting, bytes), so hostile
   payloads cost little;                                                 (validation_scan.py)
2. every string and key (length, markup, script URLs, prototype keys);   (validation_scan.py)
3. the official JSON schemas of the message's version with the surface's catalog, each
   component against its own schema so errors point at the property that is wrong;
4. what schemas cannot say: known catalog, components and functions (and, in v1.0, who may
   call them), formatString expressions, JSON Pointer paths, URL schemes, regular
   expressions, unique ids, identifiers;                           (validation_components.py)
5. per surface, once all messages are applied: one `root`, references resolve, no cycles,
   composition rules, depth limit, relative paths only inside templates. (validation_tree.py)
"""

import json
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from apps.a2ui import pointer
from apps.a2ui import problems as P
from apps.a2ui.catalog import DEFAULT_CATALOG, catalog_for, catalog_line
from apps.a2ui.limits import Limits, limits
from apps.a2ui.problems import Problem, SurfaceInvalid
from apps.a2ui.safety import url_problem
from apps.a2ui.schema_problems import without_shadowed
from apps.a2ui.schemas import message_validator
from apps.a2ui.validation_components import AGENT_CALLERS, RENDERER_ONLY, ComponentChecks
from apps.a2ui.validation_scan import ScanChecks
from apps.a2ui.validation_state import SURFACE_ID, SurfaceState
from apps.a2ui.validation_tree import TreeChecks
from apps.a2ui.versions import SUPPORTED_VERSIONS, SURFACE_KINDS, V0_9, Protocol, protocol_for

ALL_KINDS = tuple(dict.fromkeys(kind for v in SUPPORTED_VERSIONS for kind in protocol_for(v).kinds))

# ----------------------------------------------------------------------------------------------
# Public API


def surface_validate(
    payload: Any,
    *,
    known_surfaces: Mapping[str, str] | None = None,
    limits_: Limits | None = None,
    strict: bool = False,
) -> list[Problem]:
    """Every problem with a payload of A2UI agent-to-renderer messages.

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
# One stream


class _Validation(ScanChecks, ComponentChecks, TreeChecks):
    def __init__(self, known_surfaces: Mapping[str, str], limits_: Limits, *, strict: bool):
        self.known = dict(known_surfaces)
        self.limits = limits_
        self.strict = strict
        self.problems: list[Problem] = []
        self.surfaces: dict[str, SurfaceState] = {}
        self.finished: list[SurfaceState] = []

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
        return without_shadowed(self.problems)

    # -- 3 + 4: one message ---------------------------------------------------------------------

    def _message(self, message: Any, prefix: str) -> None:
        if not isinstance(message, dict):
            self.add(P.NOT_AN_OBJECT, prefix, "each A2UI message must be a JSON object")
            return
        protocol = protocol_for(message.get("version"))
        if protocol is None:
            self.add(
                P.UNSUPPORTED_VERSION,
                f"{prefix}/version",
                f"'version' must be one of {', '.join(SUPPORTED_VERSIONS)}",
            )
        kinds = [kind for kind in (protocol.kinds if protocol else ALL_KINDS) if kind in message]
        if len(kinds) != 1:
            self.add(
                P.INVALID_MESSAGE,
                prefix,
                f"a message holds exactly one of {', '.join((protocol or V0_9).kinds)} "
                f"(found {len(kinds)})",
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
        protocol = protocol or V0_9  # an unsupported version is reported; check the rest as v0.9
        if kind not in SURFACE_KINDS:
            self._function_message(protocol, kind, message, prefix)
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
            surface = self._create(body, base, surface_id, protocol)
        else:
            surface = self._existing(surface_id, base, protocol)
        if surface is None:
            return
        if surface.protocol.line != protocol.line:
            self.add(
                P.VERSION_MISMATCH,
                f"{prefix}/version",
                f"surface '{surface_id}' speaks {surface.protocol.version}; send its messages "
                "in that version",
            )
            return
        schema_catalog = surface.catalog_id or DEFAULT_CATALOG[protocol.line]
        self.schema(
            message_validator(schema_catalog, dict(protocol.message_types)[kind]),
            _as_schema_version(message, protocol),
            prefix,
            schema_catalog,
        )
        if kind == "updateComponents":
            self._components(surface, body.get("components"), f"{base}/components")
        elif kind == "updateDataModel":
            self._data(surface, body, base)
        elif kind == "deleteSurface":
            self.finished.append(self.surfaces.pop(surface_id))
        elif kind == "createSurface":
            self._created(surface, body, base)

    def _created(self, surface: SurfaceState, body: dict, base: str) -> None:
        theme = body.get("theme")
        icon_url = theme.get("iconUrl") if isinstance(theme, dict) else None
        if isinstance(icon_url, str) and (reason := url_problem(icon_url)):
            self.add(P.UNSAFE_URL, f"{base}/theme/iconUrl", reason)
        if not surface.protocol.create_carries_content:
            return
        # v1.0: the first components and data model may travel with createSurface.
        self._extension_keys(body.get("metadata"), f"{base}/metadata")
        if "components" in body:
            self._components(surface, body["components"], f"{base}/components")
        if isinstance(body.get("dataModel"), dict):
            self._data(surface, {"path": "/", "value": body["dataModel"]}, base)

    def _create(
        self, body: dict, base: str, surface_id: str, protocol: Protocol
    ) -> SurfaceState | None:
        catalog_id = body.get("catalogId")
        if surface_id in self.surfaces or surface_id in self.known:
            self.add(
                P.SURFACE_EXISTS,
                f"{base}/surfaceId",
                f"surface '{surface_id}' already exists; send deleteSurface first or use another id",
            )
        default = DEFAULT_CATALOG[protocol.line]
        if catalog_id is None and protocol.create_carries_content:
            pass  # v1.0: no default catalog; each component then names its own
        elif catalog_line(catalog_id) is None:
            self.add(
                P.UNKNOWN_CATALOG,
                f"{base}/catalogId",
                f'catalogId must be "{default}" (Tessera\'s catalog for {protocol.version})',
            )
            catalog_id = default
        elif catalog_line(catalog_id) != protocol.line:
            self.add(
                P.VERSION_MISMATCH,
                f"{base}/catalogId",
                f"catalog '{catalog_id}' is not a {protocol.version} catalog; use \"{default}\"",
            )
            catalog_id = default
        surface = SurfaceState(surface_id, catalog_id, protocol, created_at=base, complete=True)
        self.surfaces[surface_id] = surface
        return surface

    def _existing(self, surface_id: str, base: str, protocol: Protocol) -> SurfaceState | None:
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
        line = catalog_line(catalog_id)
        if line is None:
            catalog_id, line = DEFAULT_CATALOG[protocol.line], protocol.line
        known_protocol = protocol if line == protocol.line else protocol_for(_LINE_VERSION[line])
        surface = SurfaceState(surface_id, catalog_id, known_protocol, None, complete=False)
        self.surfaces[surface_id] = surface
        return surface

    # -- v1.0 function calls between agent and renderer -----------------------------------------

    def _function_message(self, protocol: Protocol, kind: str, message: dict, prefix: str) -> None:
        """`callRendererFunction` asks the renderer to run a catalog function for the agent:
        the function must exist and allow the agent as a caller (`allowedCallers`).
        `agentFunctionResponse` answers a call the renderer made: its schema is all there is."""
        body = message[kind]
        call = body.get("callFunction") if kind == "callRendererFunction" else None
        catalog_id = call.get("catalogId") if isinstance(call, dict) else None
        if catalog_line(catalog_id) != protocol.line:
            catalog_id_given = catalog_id
            catalog_id = DEFAULT_CATALOG[protocol.line]
            if kind == "callRendererFunction" and catalog_id_given is not None:
                self.add(
                    P.UNKNOWN_CATALOG,
                    f"{prefix}/{kind}/callFunction/catalogId",
                    f'catalogId must be "{catalog_id}" (Tessera\'s catalog for {protocol.version})',
                )
        self.schema(
            message_validator(catalog_id, dict(protocol.message_types)[kind]),
            message,
            prefix,
            catalog_id,
        )
        if not isinstance(call, dict) or not isinstance(call.get("call"), str):
            return
        function = catalog_for(catalog_id)["functions"].get(call["call"])
        where = f"{prefix}/{kind}/callFunction/call"
        if function is None:
            self.add(P.UNKNOWN_FUNCTION, where, f"'{call['call']}' is not a catalog function")
        elif function.get("allowedCallers", RENDERER_ONLY) not in AGENT_CALLERS:
            self.add(
                P.CALLER_NOT_ALLOWED,
                where,
                f"'{call['call']}' may only be called by the renderer (allowedCallers), "
                "not by the agent",
            )


_LINE_VERSION = {"v0_9": "v0.9", "v1_0": "v1.0"}


def _as_schema_version(message: dict, protocol: Protocol) -> dict:
    """v0.9.1 messages are checked with the v0.9 schemas, which name only "v0.9"."""
    if protocol.version != V0_9.version and protocol.line == V0_9.line:
        return {**message, "version": V0_9.version}
    return message
