"""B2: a surface the model writes (`show_form`, strict mode) with a literal DateTimeInput
`min`/`max` passed Tessera's validator but is rejected by every validator that reads JSON
Schema's `format` as an annotation (a2ui-agent-sdk's among them). Strict mode now refuses it
with a message that says how to bind it; the bound form passes, in v0.9 and translated to
v1.0; the lenient mode (what a client renders) still takes the literal."""

import pytest

from apps.a2ui.catalog import CATALOG_ID
from apps.a2ui.translate import messages_for_version
from apps.a2ui.validator import surface_validate


def _form(bound: dict) -> list[dict]:
    return [
        {"version": "v0.9", "createSurface": {"surfaceId": "trip", "catalogId": CATALOG_ID}},
        {
            "version": "v0.9",
            "updateComponents": {
                "surfaceId": "trip",
                "components": [
                    {"id": "root", "component": "Column", "children": ["when", "go"]},
                    {
                        "id": "when",
                        "component": "DateTimeInput",
                        "label": "Departure",
                        "value": {"path": "/when"},
                        "enableDate": True,
                        **bound,
                    },
                    {"id": "go-label", "component": "Text", "text": "Continue"},
                    {
                        "id": "go",
                        "component": "Button",
                        "child": "go-label",
                        "action": {"event": {"name": "answer", "context": {}}},
                    },
                ],
            },
        },
        {
            "version": "v0.9",
            "updateDataModel": {
                "surfaceId": "trip",
                "value": {"when": "", "bounds": {"min": "2026-12-02", "max": "2027-12-02"}},
            },
        },
    ]


@pytest.mark.parametrize(
    "bound", [{"min": "2026-12-02"}, {"max": "2027-12-02"}, {"min": "2026-12-02T10:00:00Z"}]
)
def test_a_literal_bound_is_refused_in_strict_mode_with_how_to_bind_it(bound):
    [problem] = surface_validate(_form(bound), strict=True)
    prop = next(iter(bound))
    assert problem.path.endswith(f"/components/1/{prop}")
    assert f'"{prop}": {{"path": "/bounds/{prop}"}}' in problem.message
    assert surface_validate(_form(bound), strict=False) == []


def test_bound_bounds_pass_strict_in_both_versions():
    messages = _form({"min": {"path": "/bounds/min"}, "max": {"path": "/bounds/max"}})
    assert surface_validate(messages, strict=True) == []
    assert messages_for_version(messages, "v1.0")[0]["createSurface"]["components"]
