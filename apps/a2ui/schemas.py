"""JSON Schema validators for the official v0.9 schemas, one set per catalog.

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

from apps.a2ui.catalog import catalog_for, load_spec

SPEC_BASE = "https://a2ui.org/specification/v0_9/"
CATALOG_PLACEHOLDER = SPEC_BASE + "catalog.json"
ENVELOPE = SPEC_BASE + "server_to_client.json"
CLIENT_ENVELOPE = SPEC_BASE + "client_to_server.json"

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


_SPEC_FILES = (
    "json/common_types.json",
    "json/server_to_client.json",
    "json/server_to_client_list.json",
    "json/client_data_model.json",
    "json/client_capabilities.json",
    "json/server_capabilities.json",
)


@cache
def registry(catalog_id: str) -> Registry:
    """The official schemas, with `catalog.json` standing for the given catalog."""
    catalog = catalog_for(catalog_id)
    if catalog is None:
        raise KeyError(catalog_id)
    resources: list[tuple[str, Resource]] = []
    for relative in _SPEC_FILES:
        document = load_spec(relative)
        resources.append((document["$id"], DRAFT202012.create_resource(document)))
    client = dict(load_spec("json/client_to_server.json"), **{"$id": CLIENT_ENVELOPE})
    resources.append((CLIENT_ENVELOPE, DRAFT202012.create_resource(client)))
    placeholder = dict(catalog, **{"$id": CATALOG_PLACEHOLDER})
    resources.append((CATALOG_PLACEHOLDER, DRAFT202012.create_resource(placeholder)))
    return Registry().with_resources(resources)


@cache
def validator(catalog_id: str, ref: str) -> Draft202012Validator:
    """A validator for one schema (`ref` is an absolute URI with optional fragment)."""
    return Draft202012Validator(
        {"$ref": ref}, registry=registry(catalog_id), format_checker=FORMATS
    )


def envelope_validator(catalog_id: str) -> Draft202012Validator:
    """Validates one server-to-client message against the official envelope."""
    return validator(catalog_id, ENVELOPE)


def message_validator(catalog_id: str, message_type: str) -> Draft202012Validator:
    """Validates one message of a known type (e.g. `UpdateComponentsMessage`).

    For updateComponents, the components themselves are left out (each is validated against
    its own component schema, which is much faster than the catalog's 21-way oneOf and gives
    errors that point at the wrong property)."""
    if message_type == "UpdateComponentsMessage":
        return _update_components_envelope(catalog_id)
    return validator(catalog_id, f"{ENVELOPE}#/$defs/{message_type}")


@cache
def _update_components_envelope(catalog_id: str) -> Draft202012Validator:
    schema = copy.deepcopy(
        load_spec("json/server_to_client.json")["$defs"]["UpdateComponentsMessage"]
    )
    schema["properties"]["updateComponents"]["properties"]["components"]["items"] = {
        "type": "object"
    }
    return Draft202012Validator(schema, registry=registry(catalog_id), format_checker=FORMATS)


def component_validator(catalog_id: str, component: str) -> Draft202012Validator:
    return validator(catalog_id, f"{CATALOG_PLACEHOLDER}#/components/{component}")


def client_validator(catalog_id: str) -> Draft202012Validator:
    """Validates one client-to-server message (`action` or `error`)."""
    return validator(catalog_id, CLIENT_ENVELOPE)


def common_def(name: str) -> dict[str, Any]:
    return load_spec("json/common_types.json")["$defs"][name]
