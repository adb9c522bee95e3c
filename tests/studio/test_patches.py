"""JSON Patch against preferences: applied to a copy, validated, refused with the path."""

import pytest

from apps.studio import patches
from apps.studio.contrast import AA_BODY, contrast_ratio
from apps.studio.patches import (
    ContrastError,
    PatchError,
    patch_apply,
    patch_diff,
    patch_parse,
)
from apps.studio.preferences import DEFAULT_DARK, DEFAULT_LIGHT, Preferences


def replace(path, value):
    return {"op": "replace", "path": path, "value": value}


def refused(ops, preferences=DEFAULT_LIGHT) -> dict[str, str]:
    with pytest.raises(PatchError) as caught:
        patch_apply(preferences, ops)
    assert not isinstance(caught.value, ContrastError)
    return {problem.path: problem.message for problem in caught.value.problems}


# --- accepted ---------------------------------------------------------------------------------


def test_replace_a_color():
    result = patch_apply(DEFAULT_LIGHT, [replace("/theme/primary", "#1D5FBF")])
    assert result.theme.primary == "#1d5fbf"
    assert DEFAULT_LIGHT.theme.primary == "#0f5f66"  # the original is untouched


@pytest.mark.parametrize(
    ("ops", "check"),
    [
        ([replace("/layout/sidebar", "right")], lambda p: p.layout.sidebar == "right"),
        (
            [replace("/layout/artifact_panel", "bottom")],
            lambda p: p.layout.artifact_panel == "bottom",
        ),
        ([replace("/layout/panels/sql", False)], lambda p: p.layout.panels.sql is False),
        ([replace("/theme/font", "readable")], lambda p: p.theme.font == "readable"),
        ([replace("/theme/font_scale", 1.2)], lambda p: p.theme.font_scale == 1.2),
        ([replace("/theme/font_scale", 1)], lambda p: p.theme.font_scale == 1.0),
        ([replace("/theme/density", "compact")], lambda p: p.theme.density == "compact"),
        ([replace("/theme/radius", 0)], lambda p: p.theme.radius == 0),
        (
            [
                {
                    "op": "add",
                    "path": "/shortcuts/-",
                    "value": {
                        "id": "hc",
                        "label": "Headcount",
                        "kind": "question",
                        "target": "headcount by department",
                    },
                }
            ],
            lambda p: p.shortcuts[0].target == "headcount by department",
        ),
        (
            [{"op": "test", "path": "/theme/mode", "value": "light"}, replace("/theme/radius", 2)],
            lambda p: p.theme.radius == 2,
        ),
        (
            [{"op": "copy", "from": "/theme/surface", "path": "/theme/background"}],
            lambda p: p.theme.background == "#ffffff",
        ),
    ],
)
def test_valid_patches(ops, check):
    assert check(patch_apply(DEFAULT_LIGHT, ops))


def test_switching_to_dark_colors_as_one_patch():
    ops = patch_diff(DEFAULT_LIGHT, DEFAULT_DARK)
    assert {op["path"] for op in ops} >= {"/theme/mode", "/theme/background", "/theme/text"}
    assert patch_apply(DEFAULT_LIGHT, ops) == DEFAULT_DARK


# --- refused: invalid paths ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("ops", "path", "message"),
    [
        ([replace("/theme/shadow", "none")], "/theme/shadow", "cannot apply"),
        ([replace("/nope/x", 1)], "/nope/x", "cannot apply: member 'nope' not found"),
        ([{"op": "remove", "path": "/shortcuts/0"}], "/shortcuts/0", "cannot apply"),
        ([replace("/shortcuts/01/label", "x")], "/shortcuts/01/label", "cannot apply"),
        ([{"op": "add", "path": "/theme/css", "value": "x"}], "/theme/css", patches.UNKNOWN_FIELD),
        ([{"op": "add", "path": "/script", "value": "x"}], "/script", patches.UNKNOWN_FIELD),
        ([{"op": "remove", "path": "/theme/text"}], "/theme/text", patches.REQUIRED_FIELD),
        ([{"op": "remove", "path": "/layout/panels"}], "/layout/panels", patches.REQUIRED_FIELD),
        ([replace("", {})], "", patches.ROOT_PATH),
        ([replace("theme/primary", "#000000")], "theme/primary", "JSON pointer"),
        (
            [{"op": "move", "from": "/theme/text", "path": "/theme/ink"}],
            "/theme/text",
            patches.REQUIRED_FIELD,
        ),
    ],
)
def test_invalid_paths(ops, path, message):
    problems = refused(ops)
    assert path in problems
    assert message in problems[path]


# --- refused: wrong types and values outside their sets ------------------------------------


@pytest.mark.parametrize(
    ("path", "value"),
    [
        ("/theme/primary", "red"),
        ("/theme/primary", "#12345"),
        ("/theme/primary", "#1234567"),
        ("/theme/primary", "#ggg000"),
        ("/theme/primary", 0x112233),
        ("/theme/primary", None),
        ("/theme/font_scale", "1.2"),
        ("/theme/font_scale", 3),
        ("/theme/font_scale", 0.5),
        ("/theme/font_scale", 1.234),
        ("/theme/font_scale", True),
        ("/theme/radius", 99),
        ("/theme/radius", -1),
        ("/theme/radius", 4.5),
        ("/theme/radius", "6px"),
        ("/theme/font", "Comic Sans MS"),
        ("/theme/font", "Inter"),
        ("/theme/density", "cozy"),
        ("/theme/mode", "sepia"),
        ("/layout/sidebar", "top"),
        ("/layout/artifact_panel", "left"),
        ("/layout/panels/sql", "false"),
        ("/layout/panels/sql", 0),
        ("/layout", "left"),
        ("/shortcuts", {}),
        ("/version", 2),
    ],
)
def test_wrong_types_and_values(path, value):
    problems = refused([replace(path, value)])
    assert any(where.startswith(path) for where in problems), problems


def test_messages_say_what_is_expected():
    problems = refused([replace("/theme/primary", "red"), replace("/layout/sidebar", "top")])
    assert problems["/theme/primary"].startswith("must be a color written #rrggbb")
    assert "'left', 'right' or 'hidden'" in problems["/layout/sidebar"]
    assert "(got 'top')" in problems["/layout/sidebar"]


# --- refused: smuggling CSS, markup and script -----------------------------------------------

SMUGGLED = [
    "red; background: url(https://evil.example/x.png)",
    "#ffffff; background-image: url(javascript:alert(1))",
    "</style><script>alert(1)</script>",
    "expression(alert(1))",
    "javascript:alert(1)",
    "url(data:text/html;base64,PHNjcmlwdD4=)",
    "#fff} body { display: none",
    "@import 'https://evil.example/x.css'",
    "\\3c script\\3e",
    "<img src=x onerror=alert(1)>",
    "#000000 !important",
    "var(--color-danger)",
]


@pytest.mark.parametrize("value", SMUGGLED)
@pytest.mark.parametrize(
    "path", ["/theme/primary", "/theme/background", "/theme/font", "/layout/sidebar"]
)
def test_smuggling_into_tokens_is_refused(path, value):
    assert path in refused([replace(path, value)])


@pytest.mark.parametrize(
    "value",
    [v for v in SMUGGLED if v not in ("#000000 !important", "var(--color-danger)")],
)
def test_smuggling_into_text_is_refused(value):
    shortcut = {"id": "x", "label": "Headcount", "kind": "question", "target": "headcount"}
    as_label = [{"op": "add", "path": "/shortcuts/-", "value": {**shortcut, "label": value[:40]}}]
    as_question = [{"op": "add", "path": "/shortcuts/-", "value": {**shortcut, "target": value}}]
    assert refused(as_label)
    assert refused(as_question)


def test_smuggling_is_named_as_such():
    problems = refused([replace("/theme/primary", "red; background: url(x)")])
    assert problems["/theme/primary"] == patches.SMUGGLING
    problems = refused([replace("/theme/text", "</style>")])
    assert problems["/theme/text"] == patches.SMUGGLING


def test_smuggling_in_keys_is_refused():
    shortcut = {"id": "x", "label": "X", "kind": "page", "target": "/", "</style>": 1}
    assert refused([{"op": "add", "path": "/shortcuts/-", "value": shortcut}])


def test_page_shortcuts_cannot_be_links():
    for target in ("https://evil.example", "javascript:alert(1)", "//evil.example", "/admin/"):
        shortcut = {"id": "x", "label": "X", "kind": "page", "target": target}
        problems = refused([{"op": "add", "path": "/shortcuts/-", "value": shortcut}])
        assert "/shortcuts/0/target" in problems or "/shortcuts/-" in problems


# --- refused: malformed patches --------------------------------------------------------------


@pytest.mark.parametrize(
    ("ops", "message"),
    [
        ([], patches.PATCH_EMPTY),
        ("replace primary", patches.PATCH_NOT_A_LIST),
        ({"op": "replace"}, patches.PATCH_NOT_A_LIST),
        ([replace("/theme/radius", 1)] * (patches.MAX_OPERATIONS + 1), "at most 50"),
        ([{"op": "frob", "path": "/theme/radius"}], "op: Input should be"),
        ([{"op": "replace", "path": "/theme/radius"}], "'replace' needs a value"),
        ([{"op": "move", "path": "/theme/radius"}], "'move' needs a 'from' pointer"),
        ([{"op": "replace", "path": "/theme/radius", "value": 1, "extra": 1}], "extra"),
        (["not an op"], "Input should be"),
    ],
)
def test_malformed_patches(ops, message):
    with pytest.raises(PatchError) as caught:
        patch_apply(DEFAULT_LIGHT, ops)
    assert message in str(caught.value)


def test_a_failed_test_op_refuses_the_whole_patch():
    ops = [replace("/theme/radius", 2), {"op": "test", "path": "/theme/mode", "value": "dark"}]
    problems = refused(ops)
    assert "/theme/mode" in problems


def test_problems_list_the_operation():
    with pytest.raises(PatchError) as caught:
        patch_apply(DEFAULT_LIGHT, [replace("/theme/radius", 1), replace("/nope", 1)])
    (problem,) = caught.value.as_list()
    assert problem["operation"] == 1
    assert problem["path"] == "/nope"


def test_parse_keeps_from():
    (operation,) = patch_parse([{"op": "copy", "from": "/theme/text", "path": "/theme/accent"}])
    assert operation.as_json() == {"op": "copy", "path": "/theme/accent", "from": "/theme/text"}


# --- the contrast guard -----------------------------------------------------------------------


def test_unreadable_colors_are_not_applied_silently():
    with pytest.raises(ContrastError) as caught:
        patch_apply(DEFAULT_LIGHT, [replace("/theme/primary", "#ffff00")])
    error = caught.value
    failure = error.failures[0]
    assert failure.pair.label == "Button text on buttons"
    assert failure.ratio == pytest.approx(1.07, abs=0.005)
    assert "1.07:1" in failure.message and "4.5:1" in failure.message
    (suggested,) = error.suggested_ops
    assert suggested["path"] == "/theme/primary"
    fixed = patch_apply(DEFAULT_LIGHT, [suggested])
    assert contrast_ratio(fixed.theme.primary, "#ffffff") >= AA_BODY
    assert error.preferences.theme.primary == "#ffff00"


def test_dark_text_on_a_dark_mode_page_is_caught():
    with pytest.raises(ContrastError) as caught:
        patch_apply(DEFAULT_DARK, [replace("/theme/text", "#1b2029")])
    assert {f.pair.label for f in caught.value.failures} >= {"Body text on the page"}


def test_the_guard_can_be_turned_off_for_trusted_callers():
    result = patch_apply(
        DEFAULT_LIGHT, [replace("/theme/primary", "#ffff00")], contrast_guard=False
    )
    assert result.theme.primary == "#ffff00"


def test_an_already_failing_document_does_not_block_unrelated_changes():
    weak = patch_apply(DEFAULT_LIGHT, [replace("/theme/accent", "#bbbbbb")], contrast_guard=False)
    assert patch_apply(weak, [replace("/layout/sidebar", "right")]).layout.sidebar == "right"
    with pytest.raises(ContrastError):  # but making it worse is refused
        patch_apply(weak, [replace("/theme/accent", "#dddddd")])


def test_results_are_valid_documents():
    result = patch_apply(DEFAULT_LIGHT, [replace("/theme/radius", 3)])
    assert isinstance(result, Preferences)
    assert Preferences.model_validate(result.as_document()) == result


# --- amplification ----------------------------------------------------------------------------

SHORTCUT = {"id": "s0", "label": "Headcount", "kind": "question", "target": "How many people?"}
FIRST_SHORTCUT = {"op": "add", "path": "/shortcuts/-", "value": SHORTCUT}


@pytest.mark.parametrize(
    "doubling",
    [
        {"op": "copy", "from": "/shortcuts", "path": "/shortcuts/-"},
        {"op": "copy", "from": "", "path": "/shortcuts/-"},
    ],
    ids=["list-into-itself", "document-into-itself"],
)
def test_a_patch_that_doubles_the_document_is_refused_before_it_grows(doubling):
    # Each copy doubles what it copies: the allowed fifty operations would build 2^50 values
    # before the result is validated (twenty of them took 70 s and 700 MB, the whole document
    # copied into itself 200 s and 2.6 GB).
    ops = [FIRST_SHORTCUT] + [doubling] * (patches.MAX_OPERATIONS - 1)
    problems = refused(ops)
    ((path, message),) = problems.items()
    assert path == "/shortcuts/-"
    assert message == patches.TOO_LARGE.format(limit=patches.MAX_DOCUMENT_VALUES)


def test_the_largest_valid_document_is_far_below_the_value_limit():
    ops = [
        {
            "op": "add",
            "path": "/shortcuts/-",
            "value": {**SHORTCUT, "id": f"s{index}", "label": f"Question {index}"},
        }
        for index in range(20)
    ]
    full = patch_apply(DEFAULT_LIGHT, ops)
    assert len(full.shortcuts) == 20
    assert not patches._larger_than(full.as_document(), patches.MAX_DOCUMENT_VALUES // 4)
