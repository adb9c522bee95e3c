"""The UI preferences document (issue 8, part 1): customization is data, never code.

Every field has a strict type: colors are ``#rrggbb``, fonts are names from a curated list of
system font stacks (nothing downloaded), sizes are bounded numbers, layout values come from
fixed sets, shortcut targets are plain question text, identifiers or internal paths. So a patch
cannot smuggle CSS or markup (``red; background: url(…)``, ``</style>``, ``expression(…)``,
``javascript:``): such values simply are not colors, font names or paths. Labels and questions
are shown as text, and are refused anyway when they look like markup or script.

The page's own code applies a document: ``to_css_variables`` gives the custom properties of
static/css/tokens.css and ``to_root_attributes`` the ``data-*`` switches on ``<html>``.
"""

import re
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from apps.agent.input_checks import has_control_characters
from apps.studio.contrast import AA_BODY, mix, nearest_passing_all

SCHEMA_VERSION = 1

FONT_STACKS: dict[str, str] = {
    "system-sans": (
        'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", '
        '"Liberation Sans", sans-serif'
    ),
    "humanist": (
        'Seravek, "Gill Sans Nova", Ubuntu, Calibri, "DejaVu Sans", "Noto Sans", sans-serif'
    ),
    "serif": (
        'Charter, "Bitstream Charter", "Sitka Text", Cambria, Georgia, "Noto Serif", '
        '"DejaVu Serif", serif'
    ),
    "mono": (
        'ui-monospace, "Cascadia Code", "Source Code Pro", Menlo, Consolas, "DejaVu Sans Mono", '
        "monospace"
    ),
    # Atkinson Hyperlegible when it is installed locally; otherwise wide, open system faces.
    "readable": (
        '"Atkinson Hyperlegible Next", "Atkinson Hyperlegible", Verdana, Tahoma, "DejaVu Sans", '
        '"Noto Sans", sans-serif'
    ),
}
FONT_LABELS = {
    "system-sans": "System sans-serif",
    "humanist": "Humanist sans-serif",
    "serif": "Serif",
    "mono": "Monospace",
    "readable": "Readable (wide, open letters)",
}
FontName = Literal["system-sans", "humanist", "serif", "mono", "readable"]

FONT_SCALE_MIN = 0.85
FONT_SCALE_MAX = 1.5
RADIUS_MAX = 16  # px; beyond this panels turn into pills
MAX_SHORTCUTS = 20
MAX_LABEL_LENGTH = 40
MAX_QUESTION_LENGTH = 300
SPACE_UNITS = {"compact": "3px", "comfortable": "4px", "spacious": "5px"}

# Pages a shortcut may open. Internal paths only; the page resolves them, never a URL.
INTERNAL_PAGES: dict[str, str] = {
    "/": "Ask the ERP",
    "/threads/new": "New thread",
    "/pipeline/": "Hiring pipeline",
    "/decks/": "Decks",
    "/studio/history/": "Customization history",
}

COLOR_INVALID = "must be a color written #rrggbb, e.g. #2f5d8a"
TEXT_CONTROL = "must be plain text on one line"
TEXT_MARKUP = "looks like markup, CSS or a script; use plain words"
TARGET_PAGE = "must be one of the internal pages: {pages}"
TARGET_ID = "must be the {kind}'s identifier (letters, digits, '-' or '_')"
TARGET_URL = "a question is plain text, not a link"
DUPLICATE_SHORTCUT_ID = "two shortcuts have the id {id!r}"
DUPLICATE_SHORTCUT_LABEL = "two shortcuts are labelled {label!r}"
FONT_SCALE_DECIMALS = "must have at most two decimals, e.g. 1.1"
LABEL_LENGTH = "must be 1 to {limit} characters"
SLUG_INVALID = "must be lowercase letters, digits and single dashes, e.g. 'headcount-by-department'"

HEX = re.compile(r"#[0-9a-fA-F]{6}")
SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
IDENTIFIER = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
# Markup, CSS and script fragments that have no place in a label or a question.
MARKUP = re.compile(
    r"<\s*/?\s*[a-z!?]|(?:java|vb)script\s*:|data\s*:\s*[a-z]+/|expression\s*\(|url\s*\("
    r"|@import|[{}]|\\[0-9a-f]{2}",
    re.IGNORECASE,
)
URL = re.compile(r"\b[a-z][a-z0-9+.-]*://|^\s*www\.", re.IGNORECASE)


def _color(value: str) -> str:
    if not HEX.fullmatch(value):
        raise PydanticCustomError("color", COLOR_INVALID)
    return value.lower()


def _plain_text(value: str) -> str:
    if has_control_characters(value):
        raise PydanticCustomError("plain_text", TEXT_CONTROL)
    if MARKUP.search(value):
        raise PydanticCustomError("plain_text", TEXT_MARKUP)
    return value


def _stripped(value: str) -> str:
    return " ".join(value.split())


def _label(value: str) -> str:
    value = _plain_text(value)
    value = _stripped(value)
    if not 1 <= len(value) <= MAX_LABEL_LENGTH:
        raise PydanticCustomError("label", LABEL_LENGTH.format(limit=MAX_LABEL_LENGTH))
    return value


def _slug(value: str) -> str:
    if not SLUG.fullmatch(value) or len(value) > MAX_LABEL_LENGTH:
        raise PydanticCustomError("slug", SLUG_INVALID)
    return value


Color = Annotated[str, AfterValidator(_color)]
Label = Annotated[str, AfterValidator(_label)]


class _Strict(BaseModel):
    """No coercion ("12" is not 12), no unknown fields, no defaults: a patch that removes a
    field is refused instead of silently resetting it."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class Theme(_Strict):
    mode: Literal["light", "dark"]
    primary: Color  # buttons, links, the current item
    primary_ink: Color  # text on primary buttons
    accent: Color  # marks and highlights
    background: Color  # the page
    surface: Color  # panels, cards, inputs
    text: Color
    danger: Color  # errors and destructive actions
    font: FontName
    font_scale: float = Field(ge=FONT_SCALE_MIN, le=FONT_SCALE_MAX)
    density: Literal["compact", "comfortable", "spacious"]
    radius: int = Field(ge=0, le=RADIUS_MAX)

    @field_validator("font_scale")
    @classmethod
    def _two_decimals(cls, value: float) -> float:
        if abs(round(value, 2) - value) > 1e-9:
            raise PydanticCustomError("font_scale", FONT_SCALE_DECIMALS)
        return round(value, 2)


class Panels(_Strict):
    """Which panels the workspace shows (the conversation always shows)."""

    threads: bool
    table: bool
    chart: bool
    sql: bool


class Layout(_Strict):
    sidebar: Literal["left", "right", "hidden"]
    artifact_panel: Literal["right", "bottom"]
    panels: Panels


class Shortcut(_Strict):
    """A sidebar item: asks a saved question, or opens a deck, a thread or an internal page."""

    id: Annotated[str, AfterValidator(_slug)]
    label: Label
    kind: Literal["question", "deck", "thread", "page"]
    target: Annotated[str, Field(min_length=1, max_length=MAX_QUESTION_LENGTH)]

    @field_validator("target")
    @classmethod
    def _target_fits_kind(cls, value: str, info: ValidationInfo) -> str:
        kind = info.data.get("kind")
        if kind == "question":
            value = _stripped(_plain_text(value))
            if URL.search(value):
                raise PydanticCustomError("target", TARGET_URL)
            return value
        if kind == "page":
            if value not in INTERNAL_PAGES:
                pages = ", ".join(INTERNAL_PAGES)
                raise PydanticCustomError("target", TARGET_PAGE.format(pages=pages))
            return value
        if kind in ("deck", "thread") and not IDENTIFIER.fullmatch(value):
            raise PydanticCustomError("target", TARGET_ID.format(kind=kind))
        return value


class Preferences(_Strict):
    """One person's (or a tenant's default) UI preferences."""

    version: Literal[1]
    theme: Theme
    layout: Layout
    shortcuts: Annotated[list[Shortcut], Field(max_length=MAX_SHORTCUTS)]

    @model_validator(mode="after")
    def _unique_shortcuts(self) -> "Preferences":
        ids: set[str] = set()
        labels: set[str] = set()
        for shortcut in self.shortcuts:
            if shortcut.id in ids:
                raise PydanticCustomError("shortcuts", DUPLICATE_SHORTCUT_ID.format(id=shortcut.id))
            if shortcut.label.casefold() in labels:
                raise PydanticCustomError(
                    "shortcuts", DUPLICATE_SHORTCUT_LABEL.format(label=shortcut.label)
                )
            ids.add(shortcut.id)
            labels.add(shortcut.label.casefold())
        return self

    def as_document(self) -> dict[str, Any]:
        """The JSON document patches apply to."""
        return self.model_dump(mode="json")


# Defaults mirror static/css/tokens.css (:root and :root[data-mode="dark"]).
LIGHT_COLORS = {
    "primary": "#0f5f66",
    "primary_ink": "#ffffff",
    "accent": "#b4532a",
    "background": "#f6f5f1",
    "surface": "#ffffff",
    "text": "#1b2029",
    "danger": "#b3261e",
}
DARK_COLORS = {
    "primary": "#5fb3b3",
    "primary_ink": "#0d1416",
    "accent": "#e08a5f",
    "background": "#14171c",
    "surface": "#1c2027",
    "text": "#e8e6e1",
    "danger": "#f2877f",
}
MODE_COLORS = {"light": LIGHT_COLORS, "dark": DARK_COLORS}
# The stylesheet's own values of the tokens derived from the colors above.
DERIVED_DEFAULTS = {
    "light": {
        "--color-primary-soft": "#e3efef",
        "--color-surface-2": "#efede7",
        "--color-text-muted": "#545b66",
        "--color-border": "#d9d6cd",
        "--color-border-strong": "#b9b5aa",
        "--color-danger-soft": "#fbeae8",
    },
    "dark": {
        "--color-primary-soft": "#1d3133",
        "--color-surface-2": "#232831",
        "--color-text-muted": "#a3a9b3",
        "--color-border": "#323844",
        "--color-border-strong": "#4a5261",
        "--color-danger-soft": "#3a1f1d",
    },
}


def preferences_default(mode: Literal["light", "dark"] = "light") -> Preferences:
    """Tessera's defaults (the stylesheet's tokens) in light or dark mode."""
    return Preferences.model_validate(
        {
            "version": SCHEMA_VERSION,
            "theme": {
                "mode": mode,
                **MODE_COLORS[mode],
                "font": "humanist",
                "font_scale": 1.0,
                "density": "comfortable",
                "radius": 6,
            },
            "layout": {
                "sidebar": "left",
                "artifact_panel": "right",
                "panels": {"threads": True, "table": True, "chart": True, "sql": True},
            },
            "shortcuts": [],
        }
    )


DEFAULT_LIGHT = preferences_default("light")
DEFAULT_DARK = preferences_default("dark")


def preferences_schema() -> dict[str, Any]:
    """JSON Schema of the document, for the LLM planner's context."""
    return Preferences.model_json_schema()


def to_css_variables(preferences: Preferences) -> dict[str, str]:
    """CSS custom properties (names from static/css/tokens.css) for the page to set on :root.

    Always the same keys, so applying a document replaces the previous one entirely. Tokens
    derived from the colors (muted text, borders, soft fills) keep the stylesheet's hand-tuned
    values while their source colors are the defaults, and are blended from the chosen colors
    otherwise; muted text is kept at 4.5:1 on the page and on panels.
    """
    theme = preferences.theme
    variables = {
        "--color-primary": theme.primary,
        "--color-primary-ink": theme.primary_ink,
        "--color-accent": theme.accent,
        "--color-bg": theme.background,
        "--color-surface": theme.surface,
        "--color-text": theme.text,
        "--color-danger": theme.danger,
        "--font-ui": FONT_STACKS[theme.font],
        "--font-scale": f"{theme.font_scale:g}",
        "--space-unit": SPACE_UNITS[theme.density],
        "--radius": f"{theme.radius}px",
        "--radius-sm": f"{round(theme.radius * 2 / 3)}px",
    }
    return variables | _derived(theme)


def _derived(theme: Theme) -> dict[str, str]:
    defaults = MODE_COLORS[theme.mode]
    derived = dict(DERIVED_DEFAULTS[theme.mode])

    def custom(*fields: str) -> bool:
        return any(getattr(theme, field) != defaults[field] for field in fields)

    if custom("primary", "surface"):
        derived["--color-primary-soft"] = mix(theme.primary, theme.surface, 0.12)
    if custom("text", "background", "surface"):
        # A step darker than the page in light mode, a step lighter than panels in dark mode.
        base = theme.background if theme.mode == "light" else theme.surface
        derived["--color-surface-2"] = mix(theme.text, base, 0.05)
    if custom("text", "background", "surface"):
        muted = mix(theme.text, theme.background, 0.68)
        against = [(theme.background, AA_BODY), (theme.surface, AA_BODY)]
        derived["--color-text-muted"] = nearest_passing_all(muted, against) or theme.text
    if custom("text", "surface"):
        derived["--color-border"] = mix(theme.text, theme.surface, 0.16)
        derived["--color-border-strong"] = mix(theme.text, theme.surface, 0.3)
    if custom("danger", "surface"):
        derived["--color-danger-soft"] = mix(theme.danger, theme.surface, 0.1)
    return derived


def to_root_attributes(preferences: Preferences) -> dict[str, str]:
    """The ``data-*`` attributes on <html> that switch mode and layout in static/css."""
    layout = preferences.layout
    visible = [name for name, shown in layout.panels.model_dump().items() if shown]
    return {
        "data-mode": preferences.theme.mode,
        "data-density": preferences.theme.density,
        "data-sidebar": layout.sidebar,
        "data-artifact-panel": layout.artifact_panel,
        "data-panels": " ".join(visible),
    }
