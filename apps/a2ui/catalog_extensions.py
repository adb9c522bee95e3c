"""Tessera's additions to A2UI's basic catalog, written once for every protocol line.

`Extensions(line)` builds the Table, Chart and SqlBlock components, the `visible` property and
the `equals` and `compare` functions in the form of that line's catalogs: v0.9 components carry
the common properties themselves and refer to common types by absolute URL; v1.0 components
hold only their own properties (the envelope adds the rest), refer to `common_types.json`
relatively and declare a function's `returnType` beside its schema.
"""

from typing import Any

ARTIFACT_ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$"  # opaque to the renderer
TABLE_FORMATS = ("text", "number", "integer", "currency", "percent", "date", "datetime")
WEIGHT_HELP = "The relative weight of this component within a Row or Column, like CSS flex-grow."
VISIBLE_HELP = (
    "If false, the component and its children are not shown, and the checks of hidden inputs "
    "do not block actions. Usually a function call, e.g. "
    '{"call": "equals", "args": {"a": {"path": "/tripType"}, "b": ["roundTrip"]}}.'
)


class Extensions:
    def __init__(self, line: str):
        self.v1 = line != "v0_9"
        self.common = (
            "common_types.json#/$defs/"
            if self.v1
            else "https://a2ui.org/specification/v0_9/common_types.json#/$defs/"
        )

    def ref(self, name: str, description: str | None = None) -> dict[str, Any]:
        schema: dict[str, Any] = {"$ref": self.common + name}
        if description:
            schema["description"] = description
        return schema

    def component(
        self, name: str, description: str, properties: dict, required: list[str], **extra
    ) -> dict:
        body: dict[str, Any] = {
            "type": "object",
            "description": description,
            "properties": {"component": {"const": name}, **properties},
            "required": ["component", *required],
            **extra,
        }
        if self.v1:
            # v1.0 catalogs hold only the component's own properties: the envelope adds the
            # common ones (id, catalogId, accessibility, metadata) and refuses the rest.
            body["properties"]["weight"] = {"type": "number", "description": WEIGHT_HELP}
            return {"type": "object", "allOf": [body]}
        return {
            "type": "object",
            "allOf": [
                {"$ref": self.common + "ComponentCommon"},
                {"$ref": "#/$defs/CatalogComponentCommon"},
                body,
            ],
            "unevaluatedProperties": False,
        }

    def function(
        self, name: str, description: str, args: dict, required: list[str], returns: str
    ) -> dict:
        schema: dict[str, Any] = {
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
            },
            "required": ["call", "args"],
        }
        if self.v1:
            # v1.0 declares the return type beside the schema; who may call it defaults to
            # the renderer only.
            schema["returnType"] = returns
            return schema
        schema["properties"]["returnType"] = {"const": returns}
        schema["unevaluatedProperties"] = False
        return schema

    def table(self) -> dict:
        column = {
            "type": "object",
            "properties": {
                "key": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 128,
                    "description": "Column name in the SQL result, or the key of each row object.",
                },
                "label": self.ref("DynamicString", "Header text. Defaults to the key."),
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
        return self.component(
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
                "rows": self.ref(
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
                "caption": self.ref("DynamicString", "Short title shown above the table."),
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

    def chart(self) -> dict:
        return self.component(
            "Chart",
            "A chart drawn from a chart artifact (a validated chart spec turned into a figure by the "
            "server). The page draws it; the surface only says which artifact and where.",
            {
                "artifactId": {
                    "type": "string",
                    "pattern": ARTIFACT_ID_PATTERN,
                    "description": "Id of the chart artifact.",
                },
                "title": self.ref(
                    "DynamicString", "Title shown above the chart and used as its label."
                ),
                "height": {
                    "type": "string",
                    "enum": ["small", "medium", "large"],
                    "default": "medium",
                    "description": "Height class of the plot area.",
                },
            },
            ["artifactId"],
        )

    def sql_block(self) -> dict:
        return self.component(
            "SqlBlock",
            "Read-only SQL shown with syntax highlighting and a copy button.",
            {
                "sql": self.ref("DynamicString", "The SQL text."),
                "title": self.ref(
                    "DynamicString", "Optional caption, e.g. what the query answers."
                ),
                "artifactId": {
                    "type": "string",
                    "pattern": ARTIFACT_ID_PATTERN,
                    "description": "Id of the SQL artifact this text belongs to, if any.",
                },
            },
            ["sql"],
        )

    def equals(self) -> dict:
        return self.function(
            "equals",
            "True when `a` and `b` are equal: same type and value; arrays and objects compare "
            "element by element. A mutually exclusive ChoicePicker holds an array, so compare it "
            'with an array: {"a": {"path": "/trip/type"}, "b": ["roundTrip"]}.',
            {"a": self.ref("DynamicValue"), "b": self.ref("DynamicValue")},
            ["a", "b"],
            "boolean",
        )

    def compare(self) -> dict:
        return self.function(
            "compare",
            "Orders `a` against `b` with `op` (lt, le, gt, ge). Numbers compare numerically; ISO 8601 "
            "dates and date-times compare chronologically. False when either side is empty or the "
            'two are not comparable. Example check on a return date: {"call": "compare", "args": '
            '{"a": {"path": "/returnDate"}, "op": "ge", "b": {"path": "/departureDate"}}}.',
            {
                "a": self.ref("DynamicValue"),
                "b": self.ref("DynamicValue"),
                "op": {"type": "string", "enum": ["lt", "le", "gt", "ge"]},
            },
            ["a", "b", "op"],
            "boolean",
        )
