"""JSON Schema validators for the official schemas (v0.9 and v1.0), one set per catalog.

The official envelope refers to `catalog.json#/...`, a placeholder each client maps to its own
catalog. Each catalog therefore gets its own registry in which that URI is the catalog.
"""

import copy
import re
from datetime import date, datetime
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator, FormatChecker
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from apps.a2ui.catalog import catalog_for, catalog_line, load_spec
from apps.a2ui.versions import V0_9, V1_0, Protocol

_TIME = re.compile(r"^([01]\d|2[0-3]):[0-5]\d(:([0-5]\d|60)(\.\d+)?)?(Z|[+-]\d\d:\d\d)?$")
_DATE_TIME = re.compile(
    r"^\d{4}-\d\d-\d\d[Tt ]([01]\d|2[0-3]):[0-5]\d(:([0-5]\d|60)(\.\d+)?)?(Z|z|[+-]\d\d:\d\d)?$"
)
_URI = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$")

# jsonschema checks `date` itself but needs extra packages for these three; the catalog's
# DateTimeInput `min`/`max` (a oneOf over date, time and date-time) only works when all are checked.
FORMATS = FormatChecker()


@FORMATS.checks("date", raises=ValueError)
def _is_date(value: object) -> bool:
    if not isinstance(value, str):
        return True
    return bool(re.fullmatch(r"\d{4}-\d\d-\d\d", value)) and bool(date.fromisoformat(value))


@FORMATS.checks("time")
def _is_time(value: object) -> bool:
    return not isinstance(value, str) or bool(_TIME.match(value))


@FORMATS.checks("date-time", raises=ValueError)
def _is_date_time(value: object) -> bool:
    if not isinstance(value, str):
        return True
    if not _DATE_TIME.match(value):
        return False
    datetime.fromisoformat(value.replace("z", "Z"))
    return True


@FORMATS.checks("uri")
def _is_uri(value: object) -> bool:
    return not isinstance(value, str) or bool(_URI.match(value))


_SPEC_FILES = {
    "v0_9": (
        "json/common_types.json",
        "json/server_to_client.json",
        "json/server_to_client_list.json",
        "json/client_data_model.json",
        "json/client_capabilities.json",
        "json/server_capabilities.json",
    ),
    "v1_0": (
        "json/common_types.json",
        "json/agent_to_renderer.json",
        "json/agent_to_renderer_list.json",
        "json/catalog_definition.json",
        "json/renderer_to_agent.json",
        "json/renderer_data_model.json",
        "json/renderer_capabilities.json",
        "json/agent_capabilities.json",
    ),
}
_CLIENT_ENVELOPE_FILE = {
    "v0_9": "json/client_to_server.json",
    "v1_0": "json/renderer_to_agent.json",
}


def _line(catalog_id: str) -> Protocol:
    line = catalog_line(catalog_id)
    if line is None:
        raise KeyError(catalog_id)
    return V1_0 if line == V1_0.line else V0_9


def _document(relative: str, line: str) -> dict[str, Any]:
    document = load_spec(relative, line)
    if line == V1_0.line and relative == "json/common_types.json":
        # v1.0 writes the rule for extension keys as a Unicode-property pattern, which Python's
        # `re` (used by jsonschema) cannot compile; the validator checks those keys itself.
        document = copy.deepcopy(document)
        document["$defs"]["Extensions"] = {"type": "object"}
    return document


@cache
def registry(catalog_id: str) -> Registry:
    """The official schemas of the catalog's version, with `catalog.json` standing for it."""
    catalog = catalog_for(catalog_id)
    protocol = _line(catalog_id)
    resources: list[tuple[str, Resource]] = []
    for relative in _SPEC_FILES[protocol.line]:
        document = _document(relative, protocol.line)
        resources.append((document["$id"], DRAFT202012.create_resource(document)))
    client_uri = protocol.base_url + "client_to_server.json"
    client = dict(
        load_spec(_CLIENT_ENVELOPE_FILE[protocol.line], protocol.line), **{"$id": client_uri}
    )
    resources.append((client_uri, DRAFT202012.create_resource(client)))
    placeholder = dict(catalog, **{"$id": protocol.base_url + "catalog.json"})
    resources.append((placeholder["$id"], DRAFT202012.create_resource(placeholder)))
    return Registry().with_resources(resources)


@cache
def validator(catalog_id: str, ref: str) -> Draft202012Validator:
    """A validator for one schema (`ref` is an absolute URI with optional fragment)."""
    return Draft202012Validator(
        {"$ref": ref}, registry=registry(catalog_id), format_checker=FORMATS
    )


def envelope_validator(catalog_id: str) -> Draft202012Validator:
    """Validates one agent-to-renderer message against the official envelope."""
    protocol = _line(catalog_id)
    return validator(catalog_id, protocol.base_url + protocol.envelope)


@cache
def message_validator(catalog_id: str, message_type: str) -> Draft202012Validator:
    """Validates one message of a known type (e.g. `UpdateComponentsMessage`).

    Components themselves are left out (each is validated against its own component schema,
    which is much faster than the catalog's 21-way oneOf and gives errors that point at the
    wrong property)."""
    protocol = _line(catalog_id)
    envelope = load_spec("json/" + protocol.envelope, protocol.line)
    # The envelope's own $defs come along, so its "#/$defs/..." references still resolve.
    schema = {**copy.deepcopy(envelope["$defs"][message_type]), "$defs": envelope["$defs"]}
    kind = message_type[0].lower() + message_type[1:].removesuffix("Message")
    body = schema["properties"].get(kind, {})
    if "components" in body.get("properties", {}):
        body["properties"]["components"] = {
            "type": "array",
            "minItems": 1,
            "items": {"type": "object"},
        }
    schema["$id"] = protocol.base_url + f"{kind}.message.json"
    return Draft202012Validator(schema, registry=registry(catalog_id), format_checker=FORMATS)


@cache
def component_validator(catalog_id: str, component: str) -> Draft202012Validator:
    protocol = _line(catalog_id)
    ref = f"{protocol.base_url}catalog.json#/components/{component}"
    if protocol.line == V0_9.line:
        return validator(catalog_id, ref)
    # v1.0: a component is its catalog schema plus the common properties, and nothing else.
    schema = {
        "allOf": [
            {"$ref": protocol.base_url + "common_types.json#/$defs/ComponentCommon"},
            {"$ref": ref},
        ],
        "unevaluatedProperties": False,
    }
    return Draft202012Validator(schema, registry=registry(catalog_id), format_checker=FORMATS)


def client_validator(catalog_id: str) -> Draft202012Validator:
    """Validates one renderer/client-to-agent message (`action`, `error`, ...)."""
    return validator(catalog_id, _line(catalog_id).base_url + "client_to_server.json")


def common_def(name: str, line: str = V0_9.line) -> dict[str, Any]:
    return _document("json/common_types.json", line)["$defs"][name]
