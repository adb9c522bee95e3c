"""Tessera's A2UI catalogs: A2UI's basic catalog plus Table, Chart, SqlBlock, `visible`,
`equals` and `compare`, once for v0.9 (and v0.9.1) and once for v1.0.

Each catalog is a JSON Schema document in the form of that version's official basic catalog
(built from the vendored copy in spec/<line>/), so the official envelope schema validates
Tessera surfaces unchanged once `catalog.json` is mapped to it. Both are published at
/a2ui/catalog.json (`?version=v1.0` for the second).
"""

import copy
import json
from functools import cache
from typing import Any

from apps.a2ui.catalog_extensions import (
    ARTIFACT_ID_PATTERN,
    TABLE_FORMATS,
    VISIBLE_HELP,
    Extensions,
)
from apps.a2ui.versions import SPEC_ROOT, V0_9, V1_0

SPEC_DIR = SPEC_ROOT / "v0_9"

CATALOG_ID = "https://tessera.dev/a2ui/v0_9/catalog.json"
BASIC_CATALOG_ID = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"
CATALOG_ID_V1 = "https://tessera.dev/a2ui/v1_0/catalog.json"
BASIC_CATALOG_ID_V1 = "https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json"
PROTOCOL_VERSION = V0_9.version

__all__ = ["ARTIFACT_ID_PATTERN", "TABLE_FORMATS"]

BASIC_COMPONENTS = (
    "Text",
    "Image",
    "Icon",
    "Video",
    "AudioPlayer",
    "Row",
    "Column",
    "List",
    "Card",
    "Tabs",
    "Modal",
    "Divider",
    "Button",
    "TextField",
    "CheckBox",
    "ChoicePicker",
    "Slider",
    "DateTimeInput",
)
EXTENSION_COMPONENTS = ("Table", "Chart", "SqlBlock")
BASIC_FUNCTIONS = (
    "required",
    "regex",
    "length",
    "numeric",
    "email",
    "formatString",
    "formatNumber",
    "formatCurrency",
    "formatDate",
    "pluralize",
    "openUrl",
    "and",
    "or",
    "not",
)
EXTENSION_FUNCTIONS = ("equals", "compare")


@cache
def load_spec(relative: str, line: str = "v0_9") -> dict[str, Any]:
    """One JSON file of a vendored specification. Shared: do not mutate the result."""
    return json.loads((SPEC_ROOT / line / relative).read_text())


@cache
def basic_catalog() -> dict[str, Any]:
    """The official v0.9 basic catalog, as published."""
    return load_spec("catalogs/basic/catalog.json")


@cache
def basic_catalog_v1() -> dict[str, Any]:
    """The official v1.0 basic catalog, as published."""
    return load_spec("catalogs/basic/catalog.json", "v1_0")


_DESCRIPTION = (
    "The A2UI {version} basic catalog (18 components, 14 functions) plus Tessera's extensions: "
    "Table, Chart and SqlBlock components, a `visible` property on every component, and the "
    "`equals` and `compare` functions for forms that change without a round trip."
)


def _extend(catalog: dict[str, Any], catalog_id: str, version: str, ext: Extensions) -> None:
    catalog["$id"] = catalog_id
    catalog["catalogId"] = catalog_id
    catalog["title"] = "Tessera A2UI Catalog"
    catalog["description"] = _DESCRIPTION.format(version=version)
    catalog["components"]["Table"] = ext.table()
    catalog["components"]["Chart"] = ext.chart()
    catalog["components"]["SqlBlock"] = ext.sql_block()
    catalog["functions"]["equals"] = ext.equals()
    catalog["functions"]["compare"] = ext.compare()
    catalog["$defs"]["anyComponent"]["oneOf"] = [
        {"$ref": f"#/components/{name}"} for name in (*BASIC_COMPONENTS, *EXTENSION_COMPONENTS)
    ]
    catalog["$defs"]["anyFunction"]["oneOf"] = [
        {"$ref": f"#/functions/{name}"} for name in (*BASIC_FUNCTIONS, *EXTENSION_FUNCTIONS)
    ]


@cache
def _tessera_catalog() -> dict[str, Any]:
    catalog = copy.deepcopy(basic_catalog())
    ext = Extensions(V0_9.line)
    catalog["$defs"]["CatalogComponentCommon"]["properties"]["visible"] = ext.ref(
        "DynamicBoolean", VISIBLE_HELP
    )
    _extend(catalog, CATALOG_ID, V0_9.version, ext)
    return catalog


@cache
def _tessera_catalog_v1() -> dict[str, Any]:
    catalog = copy.deepcopy(basic_catalog_v1())
    ext = Extensions(V1_0.line)
    _extend(catalog, CATALOG_ID_V1, V1_0.version, ext)
    # v1.0 catalogs have no shared component part: `visible` goes on each component.
    visible = {"properties": {"visible": ext.ref("DynamicBoolean", VISIBLE_HELP)}}
    for component in catalog["components"].values():
        component.setdefault("allOf", []).append(visible)
    # v1.0's basic Text has only `caption` and `body`; Tessera keeps v0.9's headings.
    text = catalog["components"]["Text"]["properties"]["variant"]
    text["enum"] = ["h1", "h2", "h3", "h4", "h5", *text["enum"]]
    return catalog


def tessera_catalog(version: str = V0_9.version) -> dict[str, Any]:
    """Tessera's catalog document for a protocol version (a fresh copy, safe to change)."""
    line = V1_0.line if version == V1_0.version else V0_9.line
    return copy.deepcopy(_tessera_catalog_v1() if line == V1_0.line else _tessera_catalog())


# catalog id → (its protocol line, the document)
CATALOGS = {
    CATALOG_ID: (V0_9.line, _tessera_catalog),
    BASIC_CATALOG_ID: (V0_9.line, basic_catalog),
    CATALOG_ID_V1: (V1_0.line, _tessera_catalog_v1),
    BASIC_CATALOG_ID_V1: (V1_0.line, basic_catalog_v1),
}
# What a surface of each line gets when it names a catalog Tessera does not render.
DEFAULT_CATALOG = {V0_9.line: CATALOG_ID, V1_0.line: CATALOG_ID_V1}


def catalog_for(catalog_id: str) -> dict[str, Any] | None:
    """The catalog document for an id this server renders, or None. Do not mutate the result."""
    entry = CATALOGS.get(catalog_id) if isinstance(catalog_id, str) else None
    return entry[1]() if entry else None


def catalog_line(catalog_id: str) -> str | None:
    """The protocol line ("v0_9", "v1_0") of a catalog this server renders, or None."""
    entry = CATALOGS.get(catalog_id) if isinstance(catalog_id, str) else None
    return entry[0] if entry else None
