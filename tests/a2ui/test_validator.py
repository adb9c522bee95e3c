"""The validator: official examples and conformance cases, and one problem per rule."""

import json

import pytest

from apps.a2ui import pointer
from apps.a2ui import problems as P
from apps.a2ui.catalog import CATALOG_ID
from apps.a2ui.limits import Limits
from apps.a2ui.problems import SurfaceInvalid
from apps.a2ui.validator import surface_check, surface_validate
from tests.a2ui.conftest import CASES_DIR, load_example, official_examples

SID = "s"


def create(**extra):
    return {
        "version": "v0.9",
        "createSurface": {"surfaceId": SID, "catalogId": CATALOG_ID, **extra},
    }


def components(*items):
    return {"version": "v0.9", "updateComponents": {"surfaceId": SID, "components": list(items)}}


def data(value, path=None):
    body = {"surfaceId": SID, "value": value}
    if path:
        body["path"] = path
    return {"version": "v0.9", "updateDataModel": body}


def surface(*items, model=None):
    messages = [create(), components(*items)]
    if model is not None:
        messages.append(data(model))
    return messages


def codes(payload, **kwargs) -> set[str]:
    return {problem.code for problem in surface_validate(payload, **kwargs)}


def test_the_official_examples_are_there():
    assert len(official_examples()) == 36


@pytest.mark.parametrize("path", official_examples(), ids=lambda p: p.stem)
def test_official_example_validates(path):
    assert surface_validate(load_example(path)) == []


def _conformance_cases():
    found = []
    for path in sorted(CASES_DIR.glob("*.json")):
        document = json.loads(path.read_text())
        if document.get("schema") != "server_to_client.json":
            continue
        for case in document["tests"]:
            found.append(
                pytest.param(case["data"], case["valid"], id=f"{path.stem}: {case['description']}")
            )
    return found


def _active_surface(message) -> dict[str, str]:
    """These cases check one message against the schema, not a stream: the surface an update
    names is taken as created earlier (with Tessera's catalog)."""
    body = (
        next(iter(v for k, v in message.items() if k != "version"), None)
        if isinstance(message, dict)
        else None
    )
    surface_id = body.get("surfaceId") if isinstance(body, dict) else None
    if "createSurface" in message or not isinstance(surface_id, str):
        return {}
    return {surface_id: CATALOG_ID}


@pytest.mark.parametrize(("message", "valid"), _conformance_cases())
def test_upstream_conformance_case(message, valid):
    problems = surface_validate(message, known_surfaces=_active_surface(message))
    assert (problems == []) is valid


def test_contact_form_stream_validates():
    lines = (CASES_DIR / "contact_form_example.jsonl").read_text().splitlines()
    assert surface_validate([json.loads(line) for line in lines if line.strip()]) == []


GOOD = [
    pytest.param(
        surface({"id": "root", "component": "Text", "text": "Salary < 5000 and > 3000"}),
        id="angle brackets",
    ),
    pytest.param(
        surface(
            {
                "id": "root",
                "component": "SqlBlock",
                "sql": "SELECT name FROM t WHERE online = true AND a <> b",
            }
        ),
        id="sql",
    ),
    pytest.param(
        surface({"id": "root", "component": "Image", "url": "/artifacts/7/chart.png"}),
        id="artifact url",
    ),
    pytest.param(
        surface(
            {
                "id": "root",
                "component": "List",
                "children": {"componentId": "row", "path": "/items"},
            },
            {"id": "row", "component": "Text", "text": {"path": "name"}},
            model={"items": [{"name": "a"}]},
        ),
        id="relative path in template",
    ),
    pytest.param(
        surface(
            {
                "id": "root",
                "component": "Table",
                "artifactId": "sql:1",
                "columns": [{"key": "n", "format": "integer"}],
            }
        ),
        id="table",
    ),
    pytest.param(
        surface(
            {
                "id": "root",
                "component": "Text",
                "text": "x",
                "visible": {"call": "equals", "args": {"a": {"path": "/t"}, "b": ["x"]}},
            }
        ),
        id="visible equals",
    ),
    pytest.param([create()], id="create only"),
    pytest.param(
        [
            *surface({"id": "root", "component": "Text", "text": "a"}),
            {"version": "v0.9", "deleteSurface": {"surfaceId": SID}},
            create(),
        ],
        id="delete then create again",
    ),
]


@pytest.mark.parametrize("payload", GOOD)
def test_good_payload_passes(payload):
    assert surface_validate(payload) == []


BAD = [
    pytest.param({"version": "v0.9"}, P.INVALID_MESSAGE, id="no kind"),
    pytest.param([1], P.NOT_AN_OBJECT, id="not an object"),
    pytest.param([], P.INVALID_MESSAGE, id="empty list"),
    pytest.param([create(), create()], P.SURFACE_EXISTS, id="created twice"),
    pytest.param(
        [create(), components({"id": "root", "component": "Text"})],
        P.MISSING_PROPERTY,
        id="missing text",
    ),
    pytest.param(
        [create(), components({"id": "root", "component": "Text", "text": 5})],
        P.SCHEMA,
        id="wrong type",
    ),
    pytest.param(
        surface({"id": "root", "component": "Table", "artifactId": "a", "rows": {"path": "/r"}}),
        P.SCHEMA,
        id="table with two sources",
    ),
    pytest.param(
        surface({"id": "root", "component": "Table"}), P.SCHEMA, id="table without source"
    ),
    pytest.param(
        surface({"id": "root", "component": "Chart", "artifactId": "has space"}),
        P.SCHEMA,
        id="bad artifact id",
    ),
    pytest.param(
        surface(
            {
                "id": "root",
                "component": "Text",
                "text": {"call": "compare", "args": {"a": 1, "b": 2, "op": "eq"}},
            }
        ),
        P.SCHEMA,
        id="compare op",
    ),
    pytest.param([create(), data(1, "relative")], P.INVALID_PATH, id="relative data path"),
    pytest.param(
        surface(
            {"id": "root", "component": "TextField", "label": "x", "validationRegexp": "(unclosed"}
        ),
        P.INVALID_REGEX,
        id="invalid regex",
    ),
]


@pytest.mark.parametrize(("payload", "code"), BAD)
def test_bad_payload_reports_the_problem(payload, code):
    assert code in codes(payload)


def test_all_problems_are_reported_not_only_the_first():
    payload = surface(
        {"id": "root", "component": "Column", "children": ["a", "ghost"]},
        {"id": "a", "component": "Text", "text": 5, "variant": "huge"},
        {"id": "b", "component": "Marquee"},
        {"id": "c", "component": "Image", "url": "http://x.example/a.png"},
    )
    found = surface_validate(payload)
    assert {p.code for p in found} >= {
        P.UNRESOLVED_REFERENCE,
        P.SCHEMA,
        P.UNKNOWN_COMPONENT,
        P.UNSAFE_URL,
    }
    schema_paths = {p.path for p in found if p.code == P.SCHEMA}
    assert {
        "/1/updateComponents/components/1/text",
        "/1/updateComponents/components/1/variant",
    } <= schema_paths


def test_paths_are_json_pointers_into_the_payload():
    payload = surface(
        {"id": "root", "component": "Card", "child": "x"},
        {"id": "x", "component": "Text", "text": "<script>alert(1)</script>", "bogus": 1},
    )
    for problem in surface_validate(payload):
        segments = pointer.split(problem.path, max_length=1000, max_segments=100)
        parent = pointer.resolve(payload, segments[:-1])
        assert parent is not pointer.MISSING, problem


def test_single_message_paths_have_no_index():
    message = {
        "version": "v0.9",
        "updateComponents": {"surfaceId": SID, "components": [{"id": "a", "component": "Nope"}]},
    }
    found = surface_validate(message, known_surfaces={SID: CATALOG_ID})
    assert [p.path for p in found] == ["/updateComponents/components/0/component"]


def test_unknown_function_is_reported_once_at_its_name():
    found = surface_validate(
        surface({"id": "root", "component": "Text", "text": {"call": "evaluate", "args": {}}})
    )
    assert [(p.code, p.path) for p in found] == [
        (P.UNKNOWN_FUNCTION, "/1/updateComponents/components/0/text/call")
    ]


def test_later_messages_may_complete_the_tree():
    payload = [
        create(),
        components({"id": "root", "component": "Card", "child": "late"}),
        components({"id": "late", "component": "Text", "text": "x"}),
    ]
    assert surface_validate(payload) == []


def test_updates_to_earlier_surfaces():
    update = components({"id": "x", "component": "Card", "child": "elsewhere"})
    # A stream that never created the surface, or deleted it, may not update it.
    assert codes(update) == {P.UNKNOWN_SURFACE}
    assert codes(update, known_surfaces={}) == {P.UNKNOWN_SURFACE}
    assert codes([delete := {"version": "v0.9", "deleteSurface": {"surfaceId": SID}}]) == {
        P.UNKNOWN_SURFACE
    }
    deleted_then_updated = [
        *surface({"id": "root", "component": "Text", "text": "Hi"}),
        delete,
        update,
    ]
    assert [(p.code, p.path) for p in surface_validate(deleted_then_updated)] == [
        (P.UNKNOWN_SURFACE, "/3/updateComponents/surfaceId")
    ]
    # One active on the server is known; updates to it are allowed.
    assert surface_validate(update, known_surfaces={SID: CATALOG_ID}) == []
    assert codes([delete, update], known_surfaces={SID: CATALOG_ID}) == {P.UNKNOWN_SURFACE}


def test_strict_mode_refuses_components_unreachable_from_the_root():
    payload = surface(
        {"id": "root", "component": "Column", "children": ["a"]},
        {"id": "a", "component": "Text", "text": "reached"},
        {"id": "orphan", "component": "Text", "text": "not reached"},
    )
    assert surface_validate(payload) == []
    found = surface_validate(payload, strict=True)
    assert [(p.code, p.path) for p in found] == [
        (P.ORPHAN_COMPONENT, "/1/updateComponents/components/2/id")
    ]
    templated = surface(
        {"id": "root", "component": "List", "children": {"componentId": "row", "path": "/items"}},
        {"id": "row", "component": "Text", "text": {"path": "name"}},
        model={"items": [{"name": "a"}]},
    )
    assert surface_validate(templated, strict=True) == []


def test_surface_of_the_basic_catalog_cannot_use_extensions():
    payload = [
        {
            "version": "v0.9",
            "createSurface": {
                "surfaceId": SID,
                "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json",
            },
        },
        components({"id": "root", "component": "SqlBlock", "sql": "SELECT 1"}),
    ]
    assert codes(payload) == {P.UNKNOWN_COMPONENT}


def test_limits_can_be_tightened():
    payload = surface(
        {"id": "root", "component": "Column", "children": ["a"]},
        {"id": "a", "component": "Text", "text": "x"},
    )
    assert surface_validate(payload, limits_=Limits(max_tree_depth=1))[0].code == P.TOO_DEEP
    assert surface_validate(payload, limits_=Limits(max_messages=1))[0].code == P.TOO_MANY_MESSAGES


def test_surface_check_raises_with_every_problem():
    with pytest.raises(SurfaceInvalid) as raised:
        surface_check(surface({"id": "a", "component": "Text", "text": "x"}))
    assert raised.value.as_dicts()[0]["code"] == P.MISSING_ROOT
    assert "has no component with id 'root'" in str(raised.value)


def test_every_reported_code_is_declared():
    assert len(set(P.CODES)) == len(P.CODES)
