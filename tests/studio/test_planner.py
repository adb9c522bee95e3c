"""Builtin UI planner: plain-language requests → checked patches, history intents, questions."""

import colorsys

import pytest

from apps.studio.contrast import AA_BODY, contrast_ratio, preferences_contrast_check, ratio_text
from apps.studio.patches import patch_apply
from apps.studio.planner import (
    SWATCHES,
    TINTS,
    ClarificationPlan,
    HistoryPlan,
    NoticePlan,
    PatchPlan,
    ui_request_plan,
)
from apps.studio.planner.intents.shape import RADIUS_STEP
from apps.studio.planner.intents.type import FONT_SCALE_STEP
from apps.studio.planner.palette import CSS_NAMED_COLORS
from apps.studio.preferences import DEFAULT_DARK, DEFAULT_LIGHT, FONT_SCALE_MIN

ONE_STEP_BIGGER = round(1 + FONT_SCALE_STEP, 2)
ONE_STEP_SMALLER = round(1 - FONT_SCALE_STEP, 2)

WITH_SHORTCUTS = patch_apply(
    DEFAULT_LIGHT,
    [
        {
            "op": "add",
            "path": "/shortcuts/-",
            "value": {
                "id": "headcount",
                "label": "Headcount by department",
                "kind": "question",
                "target": "headcount by department",
            },
        },
        {
            "op": "add",
            "path": "/shortcuts/-",
            "value": {"id": "decks", "label": "Decks", "kind": "page", "target": "/decks/"},
        },
    ],
)


def plan(text, preferences=DEFAULT_LIGHT):
    return ui_request_plan(text, preferences)


def changes(result) -> dict[str, object]:
    assert isinstance(result, PatchPlan), result
    return {op["path"]: op.get("value") for op in result.ops if op["op"] != "test"}


# (request, preferences, expected {path: value}) — each plan must also apply cleanly.
PATCHES = [
    ("make the buttons blue", DEFAULT_LIGHT, {"/theme/primary": SWATCHES["light"]["blue"]}),
    ("Make the buttons blue!", DEFAULT_LIGHT, {"/theme/primary": SWATCHES["light"]["blue"]}),
    (
        "please make the buttons green",
        DEFAULT_LIGHT,
        {"/theme/primary": SWATCHES["light"]["green"]},
    ),
    ("can you make the buttons blue?", DEFAULT_DARK, {"/theme/primary": SWATCHES["dark"]["blue"]}),
    ("make the links purple", DEFAULT_LIGHT, {"/theme/primary": SWATCHES["light"]["purple"]}),
    ("use #1d4ed8 for the buttons", DEFAULT_LIGHT, {"/theme/primary": "#1d4ed8"}),
    ("set the primary color to #1E3A6E", DEFAULT_LIGHT, {"/theme/primary": "#1e3a6e"}),
    (
        "change the accent colour to orange",
        DEFAULT_LIGHT,
        {"/theme/accent": SWATCHES["light"]["orange"]},
    ),
    ("make errors red", DEFAULT_LIGHT, {"/theme/danger": SWATCHES["light"]["red"]}),
    ("make the text dark blue", DEFAULT_LIGHT, {"/theme/text": CSS_NAMED_COLORS["darkblue"]}),
    (
        "make the text midnight blue",
        DEFAULT_LIGHT,
        {"/theme/text": CSS_NAMED_COLORS["midnightblue"]},
    ),
    ("make the background beige", DEFAULT_LIGHT, {"/theme/background": TINTS["light"]["beige"]}),
    ("make the panels grey", DEFAULT_LIGHT, {"/theme/surface": TINTS["light"]["gray"]}),
    ("make the text bigger", DEFAULT_LIGHT, {"/theme/font_scale": ONE_STEP_BIGGER}),
    ("larger font please", DEFAULT_LIGHT, {"/theme/font_scale": ONE_STEP_BIGGER}),
    ("increase the font size", DEFAULT_LIGHT, {"/theme/font_scale": ONE_STEP_BIGGER}),
    ("the text is too small", DEFAULT_LIGHT, {"/theme/font_scale": ONE_STEP_BIGGER}),
    ("zoom in", DEFAULT_LIGHT, {"/theme/font_scale": ONE_STEP_BIGGER}),
    ("make the text smaller", DEFAULT_LIGHT, {"/theme/font_scale": ONE_STEP_SMALLER}),
    # two steps down would be 80%, below the smallest size
    ("make the text much smaller", DEFAULT_LIGHT, {"/theme/font_scale": FONT_SCALE_MIN}),
    ("set the text size to 120%", DEFAULT_LIGHT, {"/theme/font_scale": 1.2}),
    ("use a more readable font", DEFAULT_LIGHT, {"/theme/font": "readable"}),
    ("switch to a serif font", DEFAULT_LIGHT, {"/theme/font": "serif"}),
    ("use a monospace font", DEFAULT_LIGHT, {"/theme/font": "mono"}),
    ("change the font to sans-serif", DEFAULT_LIGHT, {"/theme/font": "system-sans"}),
    ("make it more compact", DEFAULT_LIGHT, {"/theme/density": "compact"}),
    ("more spacing please", DEFAULT_LIGHT, {"/theme/density": "spacious"}),
    ("rounder corners", DEFAULT_LIGHT, {"/theme/radius": DEFAULT_LIGHT.theme.radius + RADIUS_STEP}),
    ("square corners please", DEFAULT_LIGHT, {"/theme/radius": 0}),
    ("move the sidebar to the right", DEFAULT_LIGHT, {"/layout/sidebar": "right"}),
    ("put the sidebar on the right side", DEFAULT_LIGHT, {"/layout/sidebar": "right"}),
    ("hide the sidebar", DEFAULT_LIGHT, {"/layout/sidebar": "hidden"}),
    ("remove the sidebar", DEFAULT_LIGHT, {"/layout/sidebar": "hidden"}),
    ("move the results to the bottom", DEFAULT_LIGHT, {"/layout/artifact_panel": "bottom"}),
    (
        "put the charts and tables below the conversation",
        DEFAULT_LIGHT,
        {"/layout/artifact_panel": "bottom"},
    ),
    ("hide the sql panel", DEFAULT_LIGHT, {"/layout/panels/sql": False}),
    ("Hide the SQL", DEFAULT_LIGHT, {"/layout/panels/sql": False}),
    ("I don't want to see the SQL", DEFAULT_LIGHT, {"/layout/panels/sql": False}),
    (
        "hide the sql and the chart",
        DEFAULT_LIGHT,
        {"/layout/panels/sql": False, "/layout/panels/chart": False},
    ),
    ("hide the thread list", DEFAULT_LIGHT, {"/layout/panels/threads": False}),
    (
        "add a shortcut to headcount by department in the sidebar",
        DEFAULT_LIGHT,
        {
            "/shortcuts/-": {
                "id": "headcount-by-department",
                "label": "Headcount by department",
                "kind": "question",
                "target": "headcount by department",
            }
        },
    ),
    (
        "pin average salary by level to the sidebar",
        DEFAULT_LIGHT,
        {
            "/shortcuts/-": {
                "id": "average-salary-by-level",
                "label": "Average salary by level",
                "kind": "question",
                "target": "average salary by level",
            }
        },
    ),
    (
        "add a shortcut to the decks page",
        DEFAULT_LIGHT,
        {"/shortcuts/-": {"id": "decks", "label": "Decks", "kind": "page", "target": "/decks/"}},
    ),
    (
        "add a link to the hiring pipeline",
        DEFAULT_LIGHT,
        {
            "/shortcuts/-": {
                "id": "hiring-pipeline",
                "label": "Hiring pipeline",
                "kind": "page",
                "target": "/pipeline/",
            }
        },
    ),
    (
        "add a shortcut to deck 12",
        DEFAULT_LIGHT,
        {"/shortcuts/-": {"id": "deck-12", "label": "Deck 12", "kind": "deck", "target": "12"}},
    ),
    ("remove the headcount shortcut", WITH_SHORTCUTS, {"/shortcuts/0": None}),
    ("delete the shortcut to decks", WITH_SHORTCUTS, {"/shortcuts/1": None}),
    (
        "rename the headcount shortcut to Staff by dept",
        WITH_SHORTCUTS,
        {"/shortcuts/0/label": "Staff by dept"},
    ),
]


@pytest.mark.parametrize(("text", "preferences", "expected"), PATCHES, ids=[p[0] for p in PATCHES])
def test_requests_become_checked_patches(text, preferences, expected):
    result = plan(text, preferences)
    assert changes(result) == expected
    assert result.summary
    patch_apply(preferences, result.ops)  # every plan applies, contrast guard included


def test_at_least_forty_phrasings_are_covered():
    assert len(PATCHES) >= 40


def _hls(color: str) -> tuple[float, float, float]:
    return colorsys.rgb_to_hls(*(int(color[i : i + 2], 16) / 255 for i in (1, 3, 5)))


def _channels(color: str) -> list[int]:
    return [int(color[i : i + 2], 16) for i in (1, 3, 5)]


def _chroma(color: str) -> float:
    return (max(_channels(color)) - min(_channels(color))) / 255


def _channel_order(color: str) -> list[int]:
    return sorted(range(3), key=lambda index: _channels(color)[index])


def _shaded(text: str, preferences, field: str) -> str:
    result = plan(text, preferences)
    assert isinstance(result, PatchPlan), result
    (op,) = result.ops
    assert op["path"] == f"/theme/{field}"
    after = patch_apply(preferences, result.ops)  # the contrast guard lets it through…
    assert preferences_contrast_check(after) == []  # …and every pair still reads at AA
    return op["value"]


@pytest.mark.parametrize(
    ("text", "preferences", "field", "darker"),
    [
        ("make the buttons darker", DEFAULT_LIGHT, "primary", True),
        ("make the accent color darker", DEFAULT_LIGHT, "accent", True),
        ("make the background a bit lighter", DEFAULT_LIGHT, "background", False),
        ("make the panels darker", DEFAULT_LIGHT, "surface", True),
        ("make the buttons lighter", DEFAULT_DARK, "primary", False),
        ("make the background darker", DEFAULT_DARK, "background", True),
    ],
)
def test_darker_and_lighter_keep_the_hue_and_stay_readable(text, preferences, field, darker):
    before = getattr(preferences.theme, field)
    after = _shaded(text, preferences, field)
    hue, lightness, _ = _hls(after)
    old_hue, old_lightness, _ = _hls(before)
    assert (lightness < old_lightness) if darker else (lightness > old_lightness)
    if _chroma(before) >= 0.1:
        assert hue == pytest.approx(old_hue, abs=0.01)
    else:  # near-grays: 8-bit channels blur the hue, but the tint's direction stays
        assert _channel_order(after) == _channel_order(before)


def test_a_bit_and_much_scale_the_step():
    base = _hls(DEFAULT_LIGHT.theme.primary)[1]

    def moved(text):
        return base - _hls(_shaded(text, DEFAULT_LIGHT, "primary"))[1]

    bit, plain, much = (moved(f"make the buttons {how}darker") for how in ("a bit ", "", "much "))
    assert 0 < bit < plain < much
    assert bit == pytest.approx(plain / 2, abs=0.005)
    assert much == pytest.approx(plain * 2, abs=0.005)


def test_a_darker_named_color_is_a_shade_of_that_color():
    after = _shaded("make the buttons a darker blue", DEFAULT_LIGHT, "primary")
    blue = SWATCHES["light"]["blue"]
    assert _hls(after)[1] < _hls(blue)[1]
    assert _hls(after)[0] == pytest.approx(_hls(blue)[0], abs=0.01)


def test_dark_mode():
    for text in ("dark mode", "switch to dark mode", "turn on dark mode", "use the dark theme"):
        result = plan(text)
        assert isinstance(result, PatchPlan), text
        assert patch_apply(DEFAULT_LIGHT, result.ops) == DEFAULT_DARK
    assert patch_apply(DEFAULT_DARK, plan("light mode", DEFAULT_DARK).ops) == DEFAULT_LIGHT
    assert patch_apply(DEFAULT_DARK, plan("turn off dark mode", DEFAULT_DARK).ops) == DEFAULT_LIGHT


def test_dark_mode_keeps_custom_colors_in_their_dark_tone():
    blue = patch_apply(DEFAULT_LIGHT, plan("make the buttons blue").ops)
    result = plan("switch to dark mode", blue)
    assert changes(result)["/theme/primary"] == SWATCHES["dark"]["blue"]
    assert result.summary == "Switched to dark mode."


def test_dark_mode_drops_custom_colors_that_would_not_read():
    dark_red = patch_apply(
        DEFAULT_LIGHT, [{"op": "replace", "path": "/theme/danger", "value": "#8b0000"}]
    )
    result = plan("dark mode", dark_red)
    assert changes(result)["/theme/danger"] == DEFAULT_DARK.theme.danger
    assert "error color would not read well" in result.summary


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("undo", "undo"),
        ("Undo that.", "undo"),
        ("undo the last change", "undo"),
        ("revert that", "undo"),
        ("redo", "redo"),
        ("redo that please", "redo"),
        ("reset to defaults", "reset"),
        ("reset my theme", "reset"),
        ("restore the defaults", "reset"),
        ("go back to the default look", "reset"),
    ],
)
def test_history_intents(text, intent):
    result = plan(text)
    assert isinstance(result, HistoryPlan)
    assert result.intent == intent


@pytest.mark.parametrize(
    ("text", "preferences", "summary"),
    [
        ("light mode", DEFAULT_LIGHT, "Light mode is already on."),
        ("put the sidebar on the left", DEFAULT_LIGHT, "The sidebar is already on the left."),
        ("show the chart panel", DEFAULT_LIGHT, "The chart is already shown."),
        ("use comfortable spacing", DEFAULT_LIGHT, "Spacing is already comfortable."),
        (
            "add a shortcut to headcount by department",
            WITH_SHORTCUTS,
            "The sidebar already has “Headcount by department”.",
        ),
    ],
)
def test_nothing_to_change(text, preferences, summary):
    result = plan(text, preferences)
    assert isinstance(result, NoticePlan)
    assert result.summary == summary


def test_yellow_buttons_use_a_readable_yellow():
    result = plan("make the buttons yellow")
    color = changes(result)["/theme/primary"]
    assert contrast_ratio(color, DEFAULT_LIGHT.theme.primary_ink) >= AA_BODY
    assert preferences_contrast_check(patch_apply(DEFAULT_LIGHT, result.ops)) == []
    red, green, blue = _channels(color)
    assert red > blue and green > blue  # still a yellow, only darker


def test_unreadable_colors_get_the_measured_ratio_and_the_nearest_passing_one():
    result = plan("make the buttons light blue")
    assert isinstance(result, ClarificationPlan)
    assert result.intent == "color"
    assert result.field == "/theme/primary"
    measured = contrast_ratio(CSS_NAMED_COLORS["lightblue"], DEFAULT_LIGHT.theme.primary_ink)
    assert measured < AA_BODY
    assert f"would have a contrast of {ratio_text(measured)}:1; WCAG AA needs 4.5:1" in (
        result.question
    )
    nearest, keep = result.choices
    assert nearest.value == "nearest"
    fixed = patch_apply(DEFAULT_LIGHT, nearest.ops)
    assert contrast_ratio(fixed.theme.primary, fixed.theme.primary_ink) >= AA_BODY
    assert keep.ops == []
    assert result.details["failures"][0]["ratio"] == pytest.approx(measured, abs=0.01)


def test_unknown_colors_offer_the_allowed_swatches():
    result = plan("make the buttons sparkly")
    assert isinstance(result, ClarificationPlan)
    assert result.field == "/theme/primary"
    assert [choice.value for choice in result.choices] == [
        color for color in SWATCHES["light"].values()
    ]
    for choice in result.choices:
        patch_apply(DEFAULT_LIGHT, choice.ops)
    assert plan("change the button color").choices == result.choices


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ("make it blue", "What should be blue?"),
        ("make it darker", "What should change?"),
        ("darker", "What should change?"),
        ("make the background dark", "Switch to dark mode?"),
        ("make the text easier to read", "What would make it easier to read?"),
        ("change the font", "Which font would you like?"),
        ("set the font size to 300%", "Use 150%?"),
        ("add a shortcut", "What should the shortcut open?"),
    ],
)
def test_ambiguous_requests_are_clarified(text, question):
    result = plan(text)
    assert isinstance(result, ClarificationPlan), result
    assert question in result.question
    assert result.choices
    for choice in result.choices:
        if choice.ops:
            patch_apply(DEFAULT_LIGHT, choice.ops)


def test_shortcut_names_that_do_not_match_are_clarified():
    result = plan("remove the payroll shortcut", WITH_SHORTCUTS)
    assert isinstance(result, ClarificationPlan)
    assert [choice.label for choice in result.choices] == ["Headcount by department", "Decks"]
    after = patch_apply(WITH_SHORTCUTS, result.choices[1].ops)
    assert [s.id for s in after.shortcuts] == ["headcount"]


def test_shortcut_edits_are_guarded_by_a_test_op():
    result = plan("remove the headcount shortcut", WITH_SHORTCUTS)
    assert result.ops[0] == {"op": "test", "path": "/shortcuts/0/id", "value": "headcount"}
    reordered = patch_apply(
        WITH_SHORTCUTS, [{"op": "move", "from": "/shortcuts/1", "path": "/shortcuts/0"}]
    )
    with pytest.raises(Exception, match="cannot apply"):
        patch_apply(reordered, result.ops)


def test_hostile_shortcuts_are_refused_with_a_reason():
    for text in (
        "add a shortcut to <script>alert(1)</script>",
        "add a shortcut to https://evil.example.com",
        "add a shortcut to javascript:alert(1)",
    ):
        result = plan(text)
        assert isinstance(result, NoticePlan), text
        assert result.summary.startswith("That change is not possible")


@pytest.mark.parametrize(
    "text",
    [
        "make the UI look like Windows 95",
        "make the buttons bigger",
        "change the layout to three columns",
    ],
)
def test_ui_requests_beyond_the_builtin_planner_need_a_model(text):
    result = plan(text)
    assert isinstance(result, NoticePlan)
    assert result.needs_model


@pytest.mark.parametrize(
    "text",
    [
        "How many active employees are there in each department?",
        "What is the average salary of the Sales department last year?",
        "show me headcount by department",
        "show me the results for sales below 5000",
        "which department has the highest average level",
        "Which department had the higher average salary last year, Engineering or Marketing?",
        "make a deck from this paper",
        "who are the ten employees with the largest salary increase",
        "are there unpaid salaries",
        "",
        "x" * 400,
    ],
)
def test_other_requests_are_not_ui_requests(text):
    assert plan(text) is None
