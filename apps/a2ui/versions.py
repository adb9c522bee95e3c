"""The A2UI protocol versions Tessera speaks, and what differs between them.

Each message names its version; the validator, the server-side processor and the browser
renderer pick the rules from here. v0.9.1 is a wire-compatible revision of v0.9 (same schemas,
same catalog); v1.0 renames the roles (agent and renderer), lets `createSurface` carry the
first components and data model, makes `updateDataModel.value` required (null deletes), and
adds function calls between agent and renderer.
"""

from dataclasses import dataclass
from pathlib import Path

SPEC_ROOT = Path(__file__).resolve().parent / "spec"


@dataclass(frozen=True)
class Protocol:
    version: str  # as on the wire: "v0.9", "v0.9.1", "v1.0"
    line: str  # folder of the vendored specification: "v0_9", "v1_0"
    envelope: str  # file of the agent/server-to-renderer/client messages, under json/
    # message kind → its $defs entry in the envelope; surface kinds first
    message_types: tuple[tuple[str, str], ...]
    # v1.0: createSurface carries components and dataModel, its catalogId is optional
    create_carries_content: bool
    # v1.0: updateDataModel needs `value`; null removes the key (v0.9: an absent value does)
    null_value_deletes: bool

    @property
    def spec_dir(self) -> Path:
        return SPEC_ROOT / self.line

    @property
    def base_url(self) -> str:
        return f"https://a2ui.org/specification/{self.line}/"

    def removes(self, update: dict) -> bool:
        """Whether an updateDataModel body removes the key at its path instead of setting it."""
        return update.get("value") is None if self.null_value_deletes else "value" not in update

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(kind for kind, _ in self.message_types)


_SURFACE_KINDS = (
    ("createSurface", "CreateSurfaceMessage"),
    ("updateComponents", "UpdateComponentsMessage"),
    ("updateDataModel", "UpdateDataModelMessage"),
    ("deleteSurface", "DeleteSurfaceMessage"),
)
SURFACE_KINDS = tuple(kind for kind, _ in _SURFACE_KINDS)

V0_9 = Protocol("v0.9", "v0_9", "server_to_client.json", _SURFACE_KINDS, False, False)
V0_9_1 = Protocol("v0.9.1", "v0_9", "server_to_client.json", _SURFACE_KINDS, False, False)
V1_0 = Protocol(
    "v1.0",
    "v1_0",
    "agent_to_renderer.json",
    (
        *_SURFACE_KINDS,
        ("callRendererFunction", "CallRendererFunctionMessage"),
        ("agentFunctionResponse", "AgentFunctionResponseMessage"),
    ),
    True,
    True,
)

PROTOCOLS = {p.version: p for p in (V0_9, V0_9_1, V1_0)}
SUPPORTED_VERSIONS = tuple(PROTOCOLS)
DEFAULT_VERSION = V0_9.version


def protocol_for(version: object) -> Protocol | None:
    """The protocol a message's `version` names, or None when Tessera does not speak it."""
    return PROTOCOLS.get(version) if isinstance(version, str) else None
