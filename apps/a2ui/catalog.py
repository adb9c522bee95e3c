"""Tessera's A2UI catalog: the v0.9 basic catalog plus Table, Chart, SqlBlock, `visible`,
`equals` and `compare`.

The catalog is a JSON Schema document in the form of the official basic catalog (it is built
from the vendored copy in spec/v0_9/), so the official envelope schema validates Tessera
surfaces unchanged once `catalog.json` is mapped to it. It is published at /a2ui/catalog.json.
"""

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

SPEC_DIR = Path(__file__).resolve().parent / "spec" / "v0_9"

CATALOG_ID = "https://tessera.dev/a2ui/v0_9/catalog.json"
BASIC_CATALOG_ID = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"
PROTOCOL_VERSION = "v0.9"

_COMMON = "https://a2ui.org/specification/v0_9/common_types.json#/$defs/"

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

# Artifact ids are opaque to the renderer; the page maps them to rows or figures.
ARTIFACT_ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$"

TABLE_FORMATS = ("text", "number", "integer", "currency", "percent", "date", "datetime")


@cache
def load_spec(relative: str) -> dict[str, Any]:
    """One JSON file of the vendored v0.9 specification. Shared: do not mutate the result."""
    return json.loads((SPEC_DIR / relative).read_text())


def _ref(name: str, description: str | None = None) -> dict[str, Any]:
    schema: dict[str, Any] = {"$ref": _COMMON + name}
    if description:
        schema["description"] = description
    return schema


def _component(name: str, description: str, properties: dict, required: list[str], **extra) -> dict:
    body: dict[str, Any] = {
        "type": "object",
        "description": description,
        "properties": {"component": {"const": name}, **properties},
        "required": ["component", *required],
        **extra,
    }
    return {
        "type": "object",
        "allOf": [
            {"$ref": _COMMON + "ComponentCommon"},
            {"$ref": "#/$defs/CatalogComponentCommon"},
            body,
        ],
        "unevaluatedProperties": False,
    }


def _function(name: str, description: str, args: dict, required: list[str], returns: str) -> dict:
    return {
        "type": "object",
        "description": description,
        "properties": {
            "call": {"const": name},
            "args": {
                "type": "object",
                "properties": args,
                "required": required,
                "unevaluatedProperties": False,
            },
            "returnType": {"const": returns},
        },
        "required": ["call", "args"],
        "unevaluatedProperties": False,
    }


def _table() -> dict:
    column = {
        "type": "object",
        "properties": {
            "key": {
                "type": "string",
                "minLength": 1,
                "maxLength": 128,
                "description": "Column name in the SQL result, or the key of each row object.",
            },
            "label": _ref("DynamicString", "Header text. Defaults to the key."),
            "format": {
                "type": "string",
                "enum": list(TABLE_FORMATS),
                "default": "text",
                "description": "How cells are shown. Numbers, currency and percent are right-aligned "
                "in tabular figures; `percent` expects a fraction (0.25 shows 25%).",
            },
            "currency": {
                "type": "string",
                "pattern": "^[A-Z]{3}$",
                "description": "ISO 4217 code for `format: currency` (default EUR).",
            },
        },
        "required": ["key"],
        "additionalProperties": False,
    }
    return _component(
        "Table",
        "A data table for query results: sticky header, sortable columns, pages of rows. Give "
        "`artifactId` of a SQL artifact (the page supplies its rows; they never pass through the "
        "model), or `rows` bound to an array of objects in the data model for small inline tables.",
        {
            "artifactId": {
                "type": "string",
                "pattern": ARTIFACT_ID_PATTERN,
                "description": "Id of the SQL artifact whose rows the table shows.",
            },
            "rows": _ref(
                "DataBinding",
                "Path to an array of row objects in the data model (instead of artifactId).",
            ),
            "columns": {
                "type": "array",
                "minItems": 1,
                "maxItems": 64,
                "items": column,
                "description": "Columns to show, in order. Defaults to every column of the result.",
            },
            "caption": _ref("DynamicString", "Short title shown above the table."),
            "pageSize": {
                "type": "integer",
                "minimum": 5,
                "maximum": 200,
                "default": 25,
                "description": "Rows per page.",
            },
            "sortable": {
                "type": "boolean",
                "default": True,
                "description": "If true, clicking a header sorts by that column.",
            },
        },
        [],
        oneOf=[{"required": ["artifactId"]}, {"required": ["rows"]}],
    )


def _chart() -> dict:
    return _component(
        "Chart",
        "A chart drawn from a chart artifact (a validated chart spec turned into a figure by the "
        "server). The page draws it; the surface only says which artifact and where.",
        {
            "artifactId": {
                "type": "string",
                "pattern": ARTIFACT_ID_PATTERN,
                "description": "Id of the chart artifact.",
            },
            "title": _ref("DynamicString", "Title shown above the chart and used as its label."),
            "height": {
                "type": "string",
                "enum": ["small", "medium", "large"],
                "default": "medium",
                "description": "Height class of the plot area.",
            },
        },
        ["artifactId"],
    )


def _sql_block() -> dict:
    return _component(
        "SqlBlock",
        "Read-only SQL shown with syntax highlighting and a copy button.",
        {
            "sql": _ref("DynamicString", "The SQL text."),
            "title": _ref("DynamicString", "Optional caption, e.g. what the query answers."),
            "artifactId": {
                "type": "string",
                "pattern": ARTIFACT_ID_PATTERN,
                "description": "Id of the SQL artifact this text belongs to, if any.",
            },
        },
        ["sql"],
    )


def _equals() -> dict:
    return _function(
        "equals",
        "True when `a` and `b` are equal: same type and value; arrays and objects compare "
        "element by element. A mutually exclusive ChoicePicker holds an array, so compare it "
        'with an array: {"a": {"path": "/trip/type"}, "b": ["roundTrip"]}.',
        {"a": _ref("DynamicValue"), "b": _ref("DynamicValue")},
        ["a", "b"],
        "boolean",
    )


def _compare() -> dict:
    return _function(
        "compare",
        "Orders `a` against `b` with `op` (lt, le, gt, ge). Numbers compare numerically; ISO 8601 "
        "dates and date-times compare chronologically. False when either side is empty or the "
        'two are not comparable. Example check on a return date: {"call": "compare", "args": '
        '{"a": {"path": "/returnDate"}, "op": "ge", "b": {"path": "/departureDate"}}}.',
        {
            "a": _ref("DynamicValue"),
            "b": _ref("DynamicValue"),
            "op": {"type": "string", "enum": ["lt", "le", "gt", "ge"]},
        },
        ["a", "b", "op"],
        "boolean",
    )


@cache
def basic_catalog() -> dict[str, Any]:
    """The official basic catalog, as published."""
    return load_spec("catalogs/basic/catalog.json")


@cache
def _tessera_catalog() -> dict[str, Any]:
    catalog = copy.deepcopy(basic_catalog())
    catalog["$id"] = CATALOG_ID
    catalog["catalogId"] = CATALOG_ID
    catalog["title"] = "Tessera A2UI Catalog"
    catalog["description"] = (
        "The A2UI v0.9 basic catalog (18 components, 14 functions) plus Tessera's extensions: "
        "Table, Chart and SqlBlock components, a `visible` property on every component, and the "
        "`equals` and `compare` functions for forms that change without a round trip."
    )
    common = catalog["$defs"]["CatalogComponentCommon"]["properties"]
    common["visible"] = _ref(
        "DynamicBoolean",
        "If false, the component and its children are not shown, and the checks of hidden inputs "
        "do not block actions. Usually a function call, e.g. "
        '{"call": "equals", "args": {"a": {"path": "/tripType"}, "b": ["roundTrip"]}}.',
    )
    catalog["components"]["Table"] = _table()
    catalog["components"]["Chart"] = _chart()
    catalog["components"]["SqlBlock"] = _sql_block()
    catalog["functions"]["equals"] = _equals()
    catalog["functions"]["compare"] = _compare()
    catalog["$defs"]["anyComponent"]["oneOf"] = [
        {"$ref": f"#/components/{name}"} for name in (*BASIC_COMPONENTS, *EXTENSION_COMPONENTS)
    ]
    catalog["$defs"]["anyFunction"]["oneOf"] = [
        {"$ref": f"#/functions/{name}"} for name in (*BASIC_FUNCTIONS, *EXTENSION_FUNCTIONS)
    ]
    return catalog


def tessera_catalog() -> dict[str, Any]:
    """Tessera's catalog document (a fresh copy, safe to change)."""
    return copy.deepcopy(_tessera_catalog())


CATALOGS = {CATALOG_ID: _tessera_catalog, BASIC_CATALOG_ID: basic_catalog}


def catalog_for(catalog_id: str) -> dict[str, Any] | None:
    """The catalog document for an id this server renders, or None. Do not mutate the result."""
    factory = CATALOGS.get(catalog_id)
    return factory() if factory else None
