"""A component that passed its catalog schema is not walked through jsonschema again; one
that failed is checked and reported in full every time."""

import pytest

from apps.a2ui import problems as P
from apps.a2ui import validation_components
from apps.a2ui.catalog import CATALOG_ID
from apps.a2ui.validator import surface_validate

SID = "s"


def surface(*items):
    return [
        {"version": "v0.9", "createSurface": {"surfaceId": SID, "catalogId": CATALOG_ID}},
        {"version": "v0.9", "updateComponents": {"surfaceId": SID, "components": list(items)}},
    ]


@pytest.fixture
def schema_walks(monkeypatch):
    """Counts the components given to a jsonschema validator, from an empty set of passes."""
    monkeypatch.setattr(validation_components, "_schema_passes", set())
    walked = []
    original = validation_components.component_validator

    def counting(catalog_id, name):
        walked.append(name)
        return original(catalog_id, name)

    monkeypatch.setattr(validation_components, "component_validator", counting)
    return walked


def test_a_component_that_passed_is_not_walked_again(schema_walks):
    text = {"id": "root", "component": "Text", "text": "Headcount"}
    assert surface_validate(surface(text)) == []
    assert surface_validate(surface(dict(text))) == []
    assert schema_walks == ["Text"]


def test_a_changed_component_is_checked_again(schema_walks):
    assert surface_validate(surface({"id": "root", "component": "Text", "text": "a"})) == []
    changed = surface({"id": "root", "component": "Text", "text": 5})
    assert P.SCHEMA in {problem.code for problem in surface_validate(changed)}
    bool_not_int = surface({"id": "root", "component": "Text", "text": "a", "variant": True})
    assert P.SCHEMA in {problem.code for problem in surface_validate(bool_not_int)}


def test_a_failing_component_is_reported_every_time(schema_walks):
    bad = surface({"id": "root", "component": "Text", "text": 5, "variant": "huge"})
    first = surface_validate(bad)
    assert {p.path for p in first if p.code == P.SCHEMA} >= {
        "/1/updateComponents/components/0/text",
        "/1/updateComponents/components/0/variant",
    }
    assert surface_validate(bad) == first
    assert schema_walks == ["Text", "Text"]


def test_semantic_checks_still_run_on_a_component_that_passed(schema_walks):
    column = {"id": "root", "component": "Column", "children": ["a"]}
    good = surface(column, {"id": "a", "component": "Text", "text": "x"})
    assert surface_validate(good) == []
    dangling = surface(column)  # the same Column, its child now missing
    assert P.UNRESOLVED_REFERENCE in {problem.code for problem in surface_validate(dangling)}


def test_the_passes_kept_are_bounded(schema_walks, monkeypatch):
    monkeypatch.setattr(validation_components, "SCHEMA_PASSES_KEPT", 2)
    for number in range(5):
        text = {"id": "root", "component": "Text", "text": f"t{number}"}
        assert surface_validate(surface(text)) == []
        assert len(validation_components._schema_passes) <= 2


def test_a_pass_is_kept_apart_from_the_same_component_with_nan_or_other_keys(schema_walks):
    """orjson writes NaN as null: a Slider that passed with a null-free value must not let
    NaN or infinity through, nor one whose keys are not strings, nor 1 stand for 1.0."""
    slider = {"id": "root", "component": "Slider", "value": 5, "min": 0, "max": 10}
    assert surface_validate(surface(slider)) == []
    for value in (float("nan"), float("inf"), 5.0, True):
        walked = len(schema_walks)
        surface_validate(surface({**slider, "value": value}))
        assert len(schema_walks) == walked + 1, value  # checked, not taken from the pass
    odd_keys = {**slider, 7: "x"}
    surface_validate(surface(odd_keys))
    surface_validate(surface(odd_keys))
    assert schema_walks[-2:] == ["Slider", "Slider"]  # never kept: its key is not plain JSON
    with_null = {"id": "root", "component": "Text", "text": "null is a word"}
    assert surface_validate(surface(with_null)) == []
    assert surface_validate(surface(dict(with_null))) == []
    assert schema_walks.count("Text") == 1


def test_the_key_of_a_pass_tells_nan_and_infinities_from_null():
    keys = [
        validation_components._pass_key({"id": "a", "value": value})
        for value in (None, float("nan"), float("inf"), float("-inf"), 0, 0.0, False, "null")
    ]
    assert None in keys  # NaN and the infinities are not plain JSON: never kept
    plain = [key for key in keys if key is not None]
    assert len(plain) == 5 and len(set(plain)) == 5  # null, 0, 0.0, false, "null" all differ
