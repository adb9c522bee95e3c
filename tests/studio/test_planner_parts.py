"""The builtin UI planner on requests of several parts, refused and declined changes, parts
reset to the layer underneath, and questions about the current look."""

import pytest

from apps.studio.patches import patch_apply
from apps.studio.planner import (
    SWATCHES,
    ClarificationPlan,
    NoticePlan,
    PatchPlan,
    ui_request_plan,
)
from apps.studio.preferences import DEFAULT_DARK, DEFAULT_LIGHT
from tests.studio.test_planner import changes, plan


def test_a_request_of_several_changes_is_one_patch_planned_in_order():
    result = plan("dark mode with blue buttons")
    assert isinstance(result, PatchPlan)
    after = patch_apply(DEFAULT_LIGHT, result.ops)
    assert after.theme.mode == "dark"
    assert after.theme.primary == SWATCHES["dark"]["blue"]  # dark mode's blue, planned after it
    assert after.theme.background == DEFAULT_DARK.theme.background
    assert result.summary == "Switched to dark mode. The buttons are now blue (#7ab0f0)."


def test_a_part_that_asks_asks_and_each_choice_carries_the_other_parts():
    result = plan("move the sidebar to the right and make the buttons sparkly")
    assert isinstance(result, ClarificationPlan)
    for choice in result.choices:
        after = patch_apply(DEFAULT_LIGHT, choice.ops)
        assert after.layout.sidebar == "right"
        assert after.theme.primary == choice.value


def test_a_part_beyond_the_planner_changes_nothing():
    result = plan("move the sidebar to the right and make the UI look like Windows 95")
    assert isinstance(result, NoticePlan) and result.needs_model


def test_history_among_other_changes_is_asked_for_on_its_own():
    result = plan("undo that and make the buttons blue")
    assert isinstance(result, NoticePlan)
    assert "on their own" in result.summary


def test_nothing_to_change_in_one_part_is_said_next_to_the_change():
    result = plan("light mode and blue buttons")
    assert isinstance(result, PatchPlan)
    assert result.summary.startswith("Light mode is already on. The buttons are now blue")


def test_two_colors_for_one_thing_are_asked_about():
    result = plan("make the buttons blue and green")
    assert isinstance(result, ClarificationPlan)
    assert [choice.value for choice in result.choices] == ["blue", "green"]
    assert (
        patch_apply(DEFAULT_LIGHT, result.choices[1].ops).theme.primary
        == (SWATCHES["light"]["green"])
    )


@pytest.mark.parametrize(
    ("text", "refused"),
    [("make the buttons any color but blue", "blue"), ("not blue buttons", "blue")],
)
def test_a_refused_color_is_left_out_of_the_question(text, refused):
    result = plan(text)
    assert isinstance(result, ClarificationPlan)
    assert SWATCHES["light"][refused] not in [choice.value for choice in result.choices]
    assert result.choices


def test_declined_changes_change_nothing():
    result = plan("don't make the buttons blue")
    assert isinstance(result, NoticePlan) and result.intent == "declined"


TENANT_BLUE = patch_apply(
    DEFAULT_LIGHT,
    [
        {"op": "replace", "path": "/theme/primary", "value": SWATCHES["light"]["blue"]},
        {"op": "replace", "path": "/theme/font", "value": "serif"},
    ],
)
CUSTOM = patch_apply(
    TENANT_BLUE,
    [
        {"op": "replace", "path": "/theme/primary", "value": SWATCHES["light"]["green"]},
        {"op": "replace", "path": "/theme/font", "value": "mono"},
        {"op": "replace", "path": "/layout/sidebar", "value": "right"},
        {"op": "replace", "path": "/theme/font_scale", "value": 1.2},
    ],
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("reset the font", {"/theme/font": "serif"}),
        ("use the default font", {"/theme/font": "serif"}),
        ("put the sidebar back to normal", {"/layout/sidebar": "left"}),
        ("default text size", {"/theme/font_scale": 1.0}),
        ("reset the button color", {"/theme/primary": SWATCHES["light"]["blue"]}),
        (
            "reset the text",
            {"/theme/font": "serif", "/theme/font_scale": 1.0},
        ),
    ],
)
def test_a_named_part_goes_back_to_the_layer_underneath(text, expected):
    """The tenant's defaults (blue buttons, a serif font) are what "reset the font" means."""
    result = ui_request_plan(text, CUSTOM, TENANT_BLUE)
    assert changes(result) == expected
    after = patch_apply(CUSTOM, result.ops)
    untouched = {"/layout/sidebar", "/theme/font", "/theme/primary", "/theme/font_scale"}
    for path in untouched - set(expected):
        section, name = path.strip("/").split("/")
        assert getattr(getattr(after, section), name) == getattr(getattr(CUSTOM, section), name)


def test_resetting_the_colors_in_the_other_mode_uses_that_modes_defaults():
    dark = patch_apply(
        DEFAULT_DARK, [{"op": "replace", "path": "/theme/primary", "value": "#8fb0e0"}]
    )
    result = ui_request_plan("reset the colors", dark, DEFAULT_LIGHT)
    assert patch_apply(dark, result.ops).theme == DEFAULT_DARK.theme


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("is dark mode on?", "Mode → light"),
        ("what color are the buttons?", f"Buttons and links → {DEFAULT_LIGHT.theme.primary}"),
        ("which font am I using?", "Font → Humanist sans-serif"),
        ("is the sidebar on the left?", "Sidebar → left"),
    ],
)
def test_questions_are_answered_with_the_current_values_and_change_nothing(text, says):
    result = plan(text)
    assert isinstance(result, NoticePlan) and result.intent == "status"
    assert says in result.summary and "Nothing was changed" in result.summary
