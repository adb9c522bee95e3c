"""A2UI v1.0 beside v0.9: its catalogs, the validator's v1.0 rules, the processor's state and
Tessera's surfaces translated for v1.0 clients."""

import json
from pathlib import Path

import pytest
from django.test import RequestFactory
from jsonschema import Draft202012Validator

from apps.a2ui import views
from apps.a2ui.catalog import (
    BASIC_CATALOG_ID,
    BASIC_CATALOG_ID_V1,
    BASIC_COMPONENTS,
    CATALOG_ID,
    CATALOG_ID_V1,
    CATALOGS,
    EXTENSION_COMPONENTS,
    basic_catalog_v1,
    tessera_catalog,
)
from apps.a2ui.forms import flight_booking_form
from apps.a2ui.processor import ProcessingError, SurfaceProcessor
from apps.a2ui.translate import TranslationError, messages_for_version
from apps.a2ui.validator import surface_validate
from apps.erp.planner.forms import clarification_form
from apps.erp.planner.reading import Choice, Clarification, MissingParameter

EXAMPLES = Path(__file__).resolve().parents[1] / "fixtures" / "a2ui" / "v1_0" / "catalogs"
# The one official v1.0 example whose ids are not identifiers ("content-grid"), which the v1.0
# conformance suite and a2ui-core refuse; Tessera follows them.
HYPHENATED_IDS = "31_incremental-dashboard.json"


def _codes(payload, **kwargs) -> list[str]:
    return [p.code for p in surface_validate(payload, **kwargs)]


def _create(surface_id="s", catalog_id=CATALOG_ID_V1, **body):
    return {
        "version": "v1.0",
        "createSurface": {"surfaceId": surface_id, "catalogId": catalog_id, **body},
    }


def _update(components, surface_id="s"):
    return {
        "version": "v1.0",
        "updateComponents": {"surfaceId": surface_id, "components": components},
    }


TEXT = {"id": "root", "component": "Text", "text": "Hello"}


def test_the_v1_catalog_is_the_v1_basic_catalog_plus_tesseras_extensions():
    catalog = tessera_catalog("v1.0")
    assert catalog["catalogId"] == CATALOG_ID_V1 == catalog["$id"]
    assert list(catalog["components"]) == [*BASIC_COMPONENTS, *EXTENSION_COMPONENTS]
    assert {"equals", "compare"} <= set(catalog["functions"])
    assert catalog["functions"]["equals"]["returnType"] == "boolean"
    basic = basic_catalog_v1()
    assert catalog["functions"]["required"] == basic["functions"]["required"]
    Draft202012Validator.check_schema(catalog)
    # v0.9 and v0.9.1 share one catalog; v1.0 has its own, both served.
    served = views.catalog(RequestFactory().get("/a2ui/catalog.json", {"version": "v1.0"}))
    assert json.loads(served.content) == catalog
    refused = views.catalog(RequestFactory().get("/a2ui/catalog.json", {"version": "v2"}))
    assert refused.status_code == 400


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.rglob("*.json")))
def test_the_official_v1_examples_validate(example):
    messages = json.loads(next(EXAMPLES.rglob(example)).read_text())["messages"]
    codes = _codes(messages)
    if example == HYPHENATED_IDS:
        assert set(codes) == {"invalid_identifier"}
    else:
        assert codes == []


def test_a_v1_surface_may_carry_its_components_and_data_model():
    message = _create(components=[TEXT], dataModel={"name": "Ana"}, sendDataModel=True)
    assert _codes([message], strict=True) == []
    # ... and those are validated like any update: a missing root, a bad component, bad data.
    assert "missing_root" in _codes([_create(components=[{**TEXT, "id": "t"}])])
    assert "schema" in _codes([_create(components=[{**TEXT, "text": 3}])])
    assert "schema" in _codes([_create(dataModel=[1, 2])])


@pytest.mark.parametrize(
    ("messages", "code"),
    [
        # updateDataModel.value is required in v1.0 (null removes)
        (
            [_create(), {"version": "v1.0", "updateDataModel": {"surfaceId": "s", "path": "/a"}}],
            "missing_property",
        ),
        # component ids and extension keys are identifiers
        ([_create(components=[{**TEXT, "id": "my-root"}])], "invalid_identifier"),
        (
            [_create(components=[TEXT], metadata={"extensions": {"a2ui:x": {}}})],
            "invalid_identifier",
        ),
        # a v0.9 message for a v1.0 surface, and a v0.9 catalog on a v1.0 surface
        (
            [
                _create(),
                {"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [TEXT]}},
            ],
            "version_mismatch",
        ),
        ([_create(catalog_id=CATALOG_ID)], "version_mismatch"),
        ([_create(components=[{**TEXT, "catalogId": BASIC_CATALOG_ID}])], "version_mismatch"),
        # no default catalog: each component names its own
        (
            [{"version": "v1.0", "createSurface": {"surfaceId": "s", "components": [TEXT]}}],
            "unknown_catalog",
        ),
        # v1.0's renamed accessibility attributes are checked
        ([_create(components=[{**TEXT, "accessibility": {"live": "loud"}}])], "schema"),
        # the agent may not call a function only the renderer may call
        (
            [
                {
                    "version": "v1.0",
                    "callRendererFunction": {
                        "functionCallId": "c1",
                        "callFunction": {
                            "call": "required",
                            "catalogId": CATALOG_ID_V1,
                            "args": {"value": 1},
                        },
                    },
                }
            ],
            "caller_not_allowed",
        ),
        # v1.0 messages are still held to Tessera's rules
        (
            [
                _create(
                    components=[{"id": "root", "component": "Image", "url": "javascript:alert(1)"}]
                )
            ],
            "unsafe_url",
        ),
        (
            [_create(components=[{**TEXT, "text": "<img src=x onerror=alert(1)>"}])],
            "markup_in_text",
        ),
    ],
)
def test_v1_rules(messages, code):
    assert code in _codes(messages)


def test_components_from_another_catalog_of_the_same_version():
    mixed = _create(
        catalog_id=BASIC_CATALOG_ID_V1,
        components=[
            {"id": "root", "component": "Column", "children": ["t"]},
            {"id": "t", "component": "Table", "catalogId": CATALOG_ID_V1, "artifactId": "a1"},
        ],
    )
    assert _codes([mixed], strict=True) == []
    # Table is not in the basic catalog, so without the override it is unknown.
    alone = _create(
        catalog_id=BASIC_CATALOG_ID_V1,
        components=[{"id": "root", "component": "Table", "artifactId": "a1"}],
    )
    assert "unknown_component" in _codes([alone])


def test_allowed_parents_and_children(monkeypatch):
    # None of Tessera's components restrict their placement; a catalog that does is checked.
    catalog = tessera_catalog("v1.0")
    catalog["components"]["Card"]["allowedParents"] = ["Surface"]
    catalog["components"]["Row"]["allowedChildren"] = ["Text"]
    monkeypatch.setitem(CATALOGS, CATALOG_ID_V1, ("v1_0", lambda: catalog))
    card_nested = [
        {"id": "root", "component": "Column", "children": ["c"]},
        {"id": "c", "component": "Card", "child": "t"},
        {"id": "t", "component": "Text", "text": "x"},
    ]
    assert "not_allowed_here" in _codes([_create(components=card_nested)])
    card_at_root = [{"id": "root", "component": "Card", "child": "t"}, card_nested[2]]
    assert _codes([_create(components=card_at_root)]) == []
    row = [
        {"id": "root", "component": "Row", "children": ["t", "b"]},
        card_nested[2],
        {"id": "b", "component": "Divider"},
    ]
    found = surface_validate([_create(components=row)])
    assert [(p.code, p.path) for p in found] == [
        ("not_allowed_here", "/0/createSurface/components/0/children/1")
    ]


def test_the_processor_keeps_v1_state_and_applies_nothing_when_a_batch_fails():
    processor = SurfaceProcessor()
    processor.process(
        [_create(components=[TEXT], dataModel={"user": {"name": "Ana", "token": "x"}})]
    )
    processor.process(
        [
            {
                "version": "v1.0",
                "updateDataModel": {"surfaceId": "s", "path": "/user/token", "value": None},
            }
        ]
    )
    surface = processor.surface("s")
    assert surface.data == {"user": {"name": "Ana"}} and surface.version == "v1.0"
    with pytest.raises(ProcessingError) as refused:
        processor.process([_update([{**TEXT, "text": "New"}]), _update([{**TEXT, "text": 7}])])
    assert "schema" in {p.code for p in refused.value.problems}
    assert processor.surface("s").components["root"]["text"] == "Hello"
    processor.process([{"version": "v1.0", "deleteSurface": {"surfaceId": "s"}}])
    assert processor.surface("s") is None
    with pytest.raises(ValueError):
        SurfaceProcessor(validation="lenient")


@pytest.mark.parametrize(
    "build",
    [
        lambda: flight_booking_form(surface_id="clarify-7", destination="Beijing"),
        lambda: clarification_form(
            "q-1",
            Clarification(
                question="Average salary?",
                message="Which department and period?",
                missing=(
                    MissingParameter(
                        "department",
                        "Which department?",
                        (Choice("Sales", "Sales"), Choice("R&D", "R&D")),
                    ),
                    MissingParameter(
                        "period",
                        "Which period?",
                        (Choice("this_year", "This year"),),
                        allow_custom_range=True,
                    ),
                ),
            ),
        ),
    ],
)
def test_tesseras_forms_translate_to_valid_v1_surfaces(build):
    v09 = build()
    v1 = messages_for_version(v09, "v1.0")
    [create] = v1  # createSurface carries the components and the data model
    body = create["createSurface"]
    assert body["catalogId"] == CATALOG_ID_V1 and "dataModel" in body
    ids = {c["id"] for c in body["components"]}
    assert all(i.isidentifier() for i in ids)
    # every reference was renamed with its component: the strict validator found nothing
    old_ids = {
        c["id"] for m in v09 if "updateComponents" in m for c in m["updateComponents"]["components"]
    }
    assert len(ids) == len(old_ids)
    assert messages_for_version(v09, "v0.9.1")[0]["version"] == "v0.9.1"
    with pytest.raises(TranslationError):
        messages_for_version(v09, "v2.0")
    with pytest.raises(TranslationError):  # v1.0 is not translated back to v0.9
        messages_for_version(v1, "v0.9")
