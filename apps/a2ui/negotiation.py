"""Which A2UI version the agent speaks to a client, from the capabilities the client declared.

A2UI clients declare what they render with every message they send to an agent, keyed by
protocol version: `a2uiClientCapabilities` (v0.9's name) or `a2uiRendererCapabilities`
(v1.0's), e.g. `{"v1.0": {"supportedCatalogIds": ["https://tessera.dev/a2ui/v1_0/catalog.json"]}}`.
Tessera's surfaces use its own catalog, so a version counts only when the client lists
Tessera's catalog of that version; among those the newest wins. A client that declares
nothing Tessera can use gets v0.9, the version every Tessera client renders.

(`a2ui-agent-sdk` has a catalog resolver for agents that register many catalogs; Tessera has one
catalog per version, so this is the whole negotiation.)
"""

from collections.abc import Mapping
from typing import Any

from apps.a2ui.catalog import CATALOG_ID, CATALOG_ID_V1
from apps.a2ui.versions import DEFAULT_VERSION, V0_9, V0_9_1, V1_0

CLIENT_CAPABILITIES = "a2uiClientCapabilities"
RENDERER_CAPABILITIES = "a2uiRendererCapabilities"
CAPABILITY_KEYS = (CLIENT_CAPABILITIES, RENDERER_CAPABILITIES)

# Newest first; the catalog a client must list for Tessera to use that version.
_PREFERENCE = (
    (V1_0.version, CATALOG_ID_V1),
    (V0_9_1.version, CATALOG_ID),
    (V0_9.version, CATALOG_ID),
)


def version_for(metadata: Mapping[str, Any] | None) -> str:
    """The A2UI version to emit for a client whose message carried `metadata`."""
    declared: dict[str, Any] = {}
    for key in CAPABILITY_KEYS:
        capabilities = (metadata or {}).get(key)
        if isinstance(capabilities, Mapping):
            declared.update(capabilities)
    for version, catalog_id in _PREFERENCE:
        entry = declared.get(version)
        supported = entry.get("supportedCatalogIds") if isinstance(entry, Mapping) else None
        if isinstance(supported, list) and catalog_id in supported:
            return version
    return DEFAULT_VERSION
