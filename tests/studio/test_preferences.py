"""The preferences document: defaults, strict fields, CSS variables and root attributes."""

import re
from pathlib import Path

import pytest
from pydantic import ValidationError

from apps.studio.contrast import AA_BODY, contrast_ratio
from apps.studio.preferences import (
    DEFAULT_DARK,
    DEFAULT_LIGHT,
    DERIVED_DEFAULTS,
    FONT_LABELS,
    FONT_STACKS,
    INTERNAL_PAGES,
    Preferences,
    preferences_default,
    preferences_schema,
    to_css_variables,
    to_root_attributes,
)

TOKENS_CSS = Path(__file__).resolve().parents[2] / "static" / "css" / "tokens.css"


def with_theme(preferences: Preferences, **changes) -> Preferences:
    document = preferences.as_document()
    document["theme"].update(changes)
    return Preferences.model_validate(document)


def test_defaults_are_valid_documents():
    for preferences in (DEFAULT_LIGHT, DEFAULT_DARK):
        assert Preferences.model_validate(preferences.as_document()) == preferences
    assert DEFAULT_LIGHT.version == 1
    assert DEFAULT_DARK.theme.mode == "dark"
    assert preferences_default("dark") == DEFAULT_DARK


def test_every_font_is_a_system_stack():
    assert set(FONT_STACKS) == set(FONT_LABELS)
    for stack in FONT_STACKS.values():
        assert "url(" not in stack and "@" not in stack
        assert stack.rsplit(",", 1)[1].strip() in ("sans-serif", "serif", "monospace")


def test_css_variables():
    variables = to_css_variables(DEFAULT_LIGHT)
    assert variables["--color-primary"] == "#0f5f66"
    assert variables["--color-primary-ink"] == "#ffffff"
    assert variables["--color-bg"] == "#f6f5f1"
    assert variables["--color-surface"] == "#ffffff"
    assert variables["--color-text"] == "#1b2029"
    assert variables["--color-danger"] == "#b3261e"
    assert variables["--color-accent"] == "#b4532a"
    assert variables["--font-ui"] == FONT_STACKS["humanist"]
    assert variables["--font-scale"] == "1"
    assert variables["--space-unit"] == "4px"
    assert variables["--radius"] == "6px"
    assert all(name.startswith("--") for name in variables)
    assert all(re.fullmatch(r"[^;{}<>]+", value) for value in variables.values())


def test_css_variables_follow_the_document():
    custom = with_theme(
        DEFAULT_LIGHT, font="readable", font_scale=1.25, density="compact", radius=0
    )
    variables = to_css_variables(custom)
    assert variables["--font-ui"].startswith('"Atkinson Hyperlegible Next"')
    assert variables["--font-scale"] == "1.25"
    assert variables["--space-unit"] == "3px"
    assert variables["--radius"] == "0px"
    assert variables["--radius-sm"] == "0px"


def test_every_document_sets_the_same_variables():
    custom = with_theme(DEFAULT_DARK, text="#ffffff", background="#000000")
    assert to_css_variables(custom).keys() == to_css_variables(DEFAULT_LIGHT).keys()


def test_derived_tokens_keep_the_stylesheet_values_for_default_colors():
    for mode, preferences in (("light", DEFAULT_LIGHT), ("dark", DEFAULT_DARK)):
        variables = to_css_variables(preferences)
        for name, value in DERIVED_DEFAULTS[mode].items():
            assert variables[name] == value


def test_derived_tokens_follow_custom_colors_and_muted_text_stays_readable():
    custom = with_theme(DEFAULT_LIGHT, text="#3d3d3d", background="#e4e4e4")
    variables = to_css_variables(custom)
    assert variables["--color-border"] != DERIVED_DEFAULTS["light"]["--color-border"]
    muted = variables["--color-text-muted"]
    assert contrast_ratio(muted, "#e4e4e4") >= AA_BODY
    assert contrast_ratio(muted, "#ffffff") >= AA_BODY
    # primary and panels are the defaults, so the soft primary keeps the stylesheet's value
    assert variables["--color-primary-soft"] == DERIVED_DEFAULTS["light"]["--color-primary-soft"]


def test_root_attributes():
    assert to_root_attributes(DEFAULT_LIGHT) == {
        "data-mode": "light",
        "data-density": "comfortable",
        "data-sidebar": "left",
        "data-artifact-panel": "right",
        "data-panels": "threads table chart sql",
    }
    document = DEFAULT_DARK.as_document()
    document["layout"].update(sidebar="right", artifact_panel="bottom")
    document["layout"]["panels"]["sql"] = False
    attributes = to_root_attributes(Preferences.model_validate(document))
    assert attributes["data-mode"] == "dark"
    assert attributes["data-sidebar"] == "right"
    assert attributes["data-artifact-panel"] == "bottom"
    assert attributes["data-panels"] == "threads table chart"


def test_schema_for_the_language_model():
    schema = preferences_schema()
    assert set(schema["properties"]) == {"version", "theme", "layout", "shortcuts"}
    assert schema["additionalProperties"] is False


def test_colors_are_normalized_to_lowercase():
    assert with_theme(DEFAULT_LIGHT, primary="#1D4ED8").theme.primary == "#1d4ed8"


@pytest.mark.parametrize(
    "shortcut",
    [
        {"id": "hc", "label": "Headcount", "kind": "question", "target": "headcount by department"},
        {"id": "big", "label": "Big earners", "kind": "question", "target": "salary > 100000"},
        {"id": "d", "label": "Decks", "kind": "page", "target": "/decks/"},
        {"id": "deck-7", "label": "Board deck", "kind": "deck", "target": "7"},
        {
            "id": "t",
            "label": "Thread",
            "kind": "thread",
            "target": "3f2b8c1e-8a7d-4c1f-9b2e-0d6a5e4f3c21",
        },
    ],
)
def test_valid_shortcuts(shortcut):
    document = DEFAULT_LIGHT.as_document()
    document["shortcuts"] = [shortcut]
    assert Preferences.model_validate(document).shortcuts[0].target == shortcut["target"]


def test_internal_pages_are_paths():
    assert all(page.startswith("/") and "//" not in page for page in INTERNAL_PAGES)


@pytest.mark.parametrize(
    ("shortcut", "location"),
    [
        ({"id": "x", "label": "X", "kind": "page", "target": "https://evil.example"}, "target"),
        ({"id": "x", "label": "X", "kind": "page", "target": "//evil.example"}, "target"),
        ({"id": "x", "label": "X", "kind": "page", "target": "/admin/"}, "target"),
        ({"id": "x", "label": "X", "kind": "question", "target": "javascript:alert(1)"}, "target"),
        ({"id": "x", "label": "X", "kind": "question", "target": "see http://x.io"}, "target"),
        ({"id": "x", "label": "X", "kind": "question", "target": "a\nb"}, "target"),
        ({"id": "x", "label": "X", "kind": "deck", "target": "../etc/passwd"}, "target"),
        ({"id": "x", "label": "<b>X</b>", "kind": "page", "target": "/"}, "label"),
        ({"id": "x", "label": "x" * 41, "kind": "page", "target": "/"}, "label"),
        ({"id": "X Y", "label": "X", "kind": "page", "target": "/"}, "id"),
        ({"id": "x", "label": "X", "kind": "link", "target": "/"}, "kind"),
        ({"id": "x", "label": "X", "kind": "page", "target": "/", "icon": "x"}, "icon"),
    ],
)
def test_invalid_shortcuts(shortcut, location):
    document = DEFAULT_LIGHT.as_document()
    document["shortcuts"] = [shortcut]
    with pytest.raises(ValidationError) as caught:
        Preferences.model_validate(document)
    assert caught.value.errors()[0]["loc"][-1] == location


def test_shortcut_ids_and_labels_are_unique():
    document = DEFAULT_LIGHT.as_document()
    first = {"id": "a", "label": "Decks", "kind": "page", "target": "/decks/"}
    document["shortcuts"] = [first, {**first, "label": "Other"}]
    with pytest.raises(ValidationError, match="two shortcuts have the id 'a'"):
        Preferences.model_validate(document)
    document["shortcuts"] = [first, {**first, "id": "b", "label": "decks"}]
    with pytest.raises(ValidationError, match="two shortcuts are labelled"):
        Preferences.model_validate(document)


def test_defaults_mirror_the_stylesheet_tokens():
    """The page renders tokens.css before any preferences arrive: its colors must be the
    defaults, or a page would flash other colors until /ws/studio/ applies the document."""
    css = TOKENS_CSS.read_text()
    light, separator, dark = css.partition(':root[data-mode="dark"]')
    assert separator, "tokens.css has no dark-mode block"

    def tokens(block: str) -> dict[str, str]:
        return dict(re.findall(r"(--[\w-]+):\s*([^;]+);", block))

    for block, preferences in ((light, DEFAULT_LIGHT), (dark, DEFAULT_DARK)):
        declared = tokens(block)
        colors = {
            name: value
            for name, value in to_css_variables(preferences).items()
            if name.startswith("--color")
        }
        assert set(colors) <= set(declared), set(colors) - set(declared)
        for name, value in colors.items():
            assert declared[name].strip().lower() == value, name
