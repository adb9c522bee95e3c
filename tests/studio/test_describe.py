"""Patches in words (history page, agent answers)."""

from apps.studio.describe import patch_summary
from apps.studio.preferences import DEFAULT_LIGHT, Preferences


def _with_shortcuts(*labels: str) -> Preferences:
    document = DEFAULT_LIGHT.as_document()
    document["shortcuts"] = [
        {"id": f"s{index}", "label": label, "kind": "question", "target": label.lower()}
        for index, label in enumerate(labels)
    ]
    return Preferences.model_validate(document)


def test_fields_values_and_checks():
    patch = [
        {"op": "test", "path": "/theme/primary", "value": "#0f5f66"},
        {"op": "replace", "path": "/theme/primary", "value": "#1d5fbf"},
        {"op": "replace", "path": "/theme/font", "value": "readable"},
        {"op": "replace", "path": "/theme/font_scale", "value": 1.1},
        {"op": "replace", "path": "/theme/radius", "value": 0},
        {"op": "replace", "path": "/layout/panels/sql", "value": False},
    ]
    assert patch_summary(patch) == [
        "Buttons and links → #1d5fbf",
        "Font → Readable (wide, open letters)",
        "Text size → 110%",
        "Corners → 0px",
        "SQL tab → hidden",
    ]


def test_shortcuts_are_named_while_indexes_shift():
    before = _with_shortcuts("Headcount", "Payroll", "Pipeline")
    patch = [
        {"op": "remove", "path": "/shortcuts/0"},
        {"op": "remove", "path": "/shortcuts/0"},
        {"op": "replace", "path": "/shortcuts/0/label", "value": "Hiring"},
        {"op": "add", "path": "/shortcuts/-", "value": {"label": "Decks"}},
    ]
    assert patch_summary(patch, before) == [
        "Removed shortcut “Headcount”",
        "Removed shortcut “Payroll”",
        "Renamed shortcut “Pipeline” to “Hiring”",
        "Added shortcut “Decks”",
    ]
    assert patch_summary([{"op": "remove", "path": "/shortcuts/0"}]) == ["Removed a shortcut"]


def test_a_replaced_section_is_listed_leaf_by_leaf():
    patch = [
        {
            "op": "replace",
            "path": "/layout",
            "value": {"sidebar": "right", "panels": {"chart": True}},
        }
    ]
    assert patch_summary(patch) == ["Sidebar → right", "Chart tab → shown"]
