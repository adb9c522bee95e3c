"""Builtin planner for UI customization requests in plain language (issue 8, part 5).

``ui_request_plan(text, preferences)`` maps a request to one of:

- PatchPlan: RFC 6902 operations (already checked against the document, the model and the
  contrast guard) and a one-line summary;
- HistoryPlan: undo, redo or reset — versions live in the database, so the caller acts;
- ClarificationPlan: a question with choices, each carrying the operations it would apply
  (a color picker of allowed swatches, "dark mode or darker buttons?", the nearest readable
  color when a request would fail WCAG AA);
- NoticePlan: nothing to change ("dark mode is already on"), a refused value, or a UI request
  the builtin planner cannot map (``needs_model``);
- None: not a UI request (an ERP question, say).

It is conservative: a request it cannot map with confidence is clarified, never guessed.
Basic color words map to Tessera's swatches for the current mode (tones that keep text
readable); other CSS color names and #hex values are taken as given.
"""

import re
from typing import Any, Literal

from pydantic import BaseModel, Field

from apps.studio.contrast import FIELD_NAMES, lightness_shift, preferences_contrast_check
from apps.studio.patches import ContrastError, PatchError, patch_apply
from apps.studio.preferences import (
    FONT_LABELS,
    FONT_SCALE_MAX,
    FONT_SCALE_MIN,
    INTERNAL_PAGES,
    MAX_LABEL_LENGTH,
    MAX_SHORTCUTS,
    MODE_COLORS,
    RADIUS_MAX,
    Preferences,
    Shortcut,
)

MAX_REQUEST_LENGTH = 300  # longer texts are not quick UI requests
FONT_SCALE_STEP = 0.1
RADIUS_STEP = 4
LIGHTNESS_STEPS = {"background": 0.04, "surface": 0.04}  # pages move gently
DEFAULT_LIGHTNESS_STEP = 0.07

CSS_NAMED_COLORS = {
    "aliceblue": "#f0f8ff",
    "antiquewhite": "#faebd7",
    "aqua": "#00ffff",
    "aquamarine": "#7fffd4",
    "azure": "#f0ffff",
    "beige": "#f5f5dc",
    "bisque": "#ffe4c4",
    "black": "#000000",
    "blanchedalmond": "#ffebcd",
    "blue": "#0000ff",
    "blueviolet": "#8a2be2",
    "brown": "#a52a2a",
    "burlywood": "#deb887",
    "cadetblue": "#5f9ea0",
    "chartreuse": "#7fff00",
    "chocolate": "#d2691e",
    "coral": "#ff7f50",
    "cornflowerblue": "#6495ed",
    "cornsilk": "#fff8dc",
    "crimson": "#dc143c",
    "cyan": "#00ffff",
    "darkblue": "#00008b",
    "darkcyan": "#008b8b",
    "darkgoldenrod": "#b8860b",
    "darkgray": "#a9a9a9",
    "darkgreen": "#006400",
    "darkgrey": "#a9a9a9",
    "darkkhaki": "#bdb76b",
    "darkmagenta": "#8b008b",
    "darkolivegreen": "#556b2f",
    "darkorange": "#ff8c00",
    "darkorchid": "#9932cc",
    "darkred": "#8b0000",
    "darksalmon": "#e9967a",
    "darkseagreen": "#8fbc8f",
    "darkslateblue": "#483d8b",
    "darkslategray": "#2f4f4f",
    "darkslategrey": "#2f4f4f",
    "darkturquoise": "#00ced1",
    "darkviolet": "#9400d3",
    "deeppink": "#ff1493",
    "deepskyblue": "#00bfff",
    "dimgray": "#696969",
    "dimgrey": "#696969",
    "dodgerblue": "#1e90ff",
    "firebrick": "#b22222",
    "floralwhite": "#fffaf0",
    "forestgreen": "#228b22",
    "fuchsia": "#ff00ff",
    "gainsboro": "#dcdcdc",
    "ghostwhite": "#f8f8ff",
    "gold": "#ffd700",
    "goldenrod": "#daa520",
    "gray": "#808080",
    "green": "#008000",
    "greenyellow": "#adff2f",
    "grey": "#808080",
    "honeydew": "#f0fff0",
    "hotpink": "#ff69b4",
    "indianred": "#cd5c5c",
    "indigo": "#4b0082",
    "ivory": "#fffff0",
    "khaki": "#f0e68c",
    "lavender": "#e6e6fa",
    "lavenderblush": "#fff0f5",
    "lawngreen": "#7cfc00",
    "lemonchiffon": "#fffacd",
    "lightblue": "#add8e6",
    "lightcoral": "#f08080",
    "lightcyan": "#e0ffff",
    "lightgoldenrodyellow": "#fafad2",
    "lightgray": "#d3d3d3",
    "lightgreen": "#90ee90",
    "lightgrey": "#d3d3d3",
    "lightpink": "#ffb6c1",
    "lightsalmon": "#ffa07a",
    "lightseagreen": "#20b2aa",
    "lightskyblue": "#87cefa",
    "lightslategray": "#778899",
    "lightslategrey": "#778899",
    "lightsteelblue": "#b0c4de",
    "lightyellow": "#ffffe0",
    "lime": "#00ff00",
    "limegreen": "#32cd32",
    "linen": "#faf0e6",
    "magenta": "#ff00ff",
    "maroon": "#800000",
    "mediumaquamarine": "#66cdaa",
    "mediumblue": "#0000cd",
    "mediumorchid": "#ba55d3",
    "mediumpurple": "#9370db",
    "mediumseagreen": "#3cb371",
    "mediumslateblue": "#7b68ee",
    "mediumspringgreen": "#00fa9a",
    "mediumturquoise": "#48d1cc",
    "mediumvioletred": "#c71585",
    "midnightblue": "#191970",
    "mintcream": "#f5fffa",
    "mistyrose": "#ffe4e1",
    "moccasin": "#ffe4b5",
    "navajowhite": "#ffdead",
    "navy": "#000080",
    "oldlace": "#fdf5e6",
    "olive": "#808000",
    "olivedrab": "#6b8e23",
    "orange": "#ffa500",
    "orangered": "#ff4500",
    "orchid": "#da70d6",
    "palegoldenrod": "#eee8aa",
    "palegreen": "#98fb98",
    "paleturquoise": "#afeeee",
    "palevioletred": "#db7093",
    "papayawhip": "#ffefd5",
    "peachpuff": "#ffdab9",
    "peru": "#cd853f",
    "pink": "#ffc0cb",
    "plum": "#dda0dd",
    "powderblue": "#b0e0e6",
    "purple": "#800080",
    "rebeccapurple": "#663399",
    "red": "#ff0000",
    "rosybrown": "#bc8f8f",
    "royalblue": "#4169e1",
    "saddlebrown": "#8b4513",
    "salmon": "#fa8072",
    "sandybrown": "#f4a460",
    "seagreen": "#2e8b57",
    "seashell": "#fff5ee",
    "sienna": "#a0522d",
    "silver": "#c0c0c0",
    "skyblue": "#87ceeb",
    "slateblue": "#6a5acd",
    "slategray": "#708090",
    "slategrey": "#708090",
    "snow": "#fffafa",
    "springgreen": "#00ff7f",
    "steelblue": "#4682b4",
    "tan": "#d2b48c",
    "teal": "#008080",
    "thistle": "#d8bfd8",
    "tomato": "#ff6347",
    "turquoise": "#40e0d0",
    "violet": "#ee82ee",
    "wheat": "#f5deb3",
    "white": "#ffffff",
    "whitesmoke": "#f5f5f5",
    "yellow": "#ffff00",
    "yellowgreen": "#9acd32",
}

# Tones for buttons, links, text, accents and errors: each passes 4.5:1 on the mode's page and
# panels, and with the mode's button text.
SWATCHES = {
    "light": {
        "blue": "#1d5fbf",
        "navy": "#1e3a6e",
        "teal": "#0f6e73",
        "green": "#2e7d32",
        "yellow": "#8a6a00",
        "orange": "#b04a0a",
        "red": "#b42318",
        "pink": "#b0306a",
        "purple": "#6b3fa0",
        "brown": "#7a4a24",
        "gray": "#4b5563",
        "black": "#1b2029",
    },
    "dark": {
        "blue": "#7ab0f0",
        "navy": "#8fb0e0",
        "teal": "#5fb3b3",
        "green": "#7cc28a",
        "yellow": "#e0c050",
        "orange": "#f0a060",
        "red": "#f2877f",
        "pink": "#f08cb8",
        "purple": "#b99ae8",
        "brown": "#d0a27a",
        "gray": "#a3a9b3",
        "white": "#e8e6e1",
    },
}
# Tints for the page and panels: body text stays above 13:1 on each.
TINTS = {
    "light": {
        "white": "#ffffff",
        "beige": "#f6f1e7",
        "gray": "#f1f2f4",
        "blue": "#eaf1fb",
        "teal": "#e6f2f2",
        "green": "#ebf5ec",
        "yellow": "#fbf6e3",
        "orange": "#fcf0e6",
        "red": "#fbeceb",
        "pink": "#fbedf3",
        "purple": "#f2edf9",
        "brown": "#f5eee8",
    },
    "dark": {
        "black": "#0b0c0e",
        "gray": "#1a1c20",
        "navy": "#0e1424",
        "blue": "#121a26",
        "teal": "#0f1e1f",
        "green": "#121d16",
        "yellow": "#221f10",
        "orange": "#241a12",
        "red": "#231414",
        "pink": "#241520",
        "purple": "#1b1627",
        "brown": "#201a15",
    },
}
COLOR_ALIASES = {"grey": "gray", "violet": "purple", "golden": "yellow", "gold": "yellow"}

# (pattern, theme field, how people call it). Order matters: "button text" before "button".
TARGETS: tuple[tuple[re.Pattern[str], str, str], ...] = tuple(
    (re.compile(pattern), field, label)
    for pattern, field, label in (
        (
            r"\bbuttons? (?:text|labels?|font)\b|\btext (?:on|in) (?:the )?buttons?\b",
            "primary_ink",
            "button text",
        ),
        (r"\b(?:errors?|error messages?|danger|destructive)\b", "danger", "error color"),
        (r"\b(?:accents?|highlights?|accent colou?r)\b", "accent", "accent color"),
        (r"\b(?:background|backdrop|page)\b", "background", "page background"),
        (r"\b(?:panels?|cards?|surfaces?|boxes)\b", "surface", "panels"),
        (r"\b(?:buttons?|primary|links?|brand|main colou?r|theme colou?r)\b", "primary", "buttons"),
        (r"\b(?:text|fonts?|letters|writing|words)\b", "text", "text"),
    )
)
TINTED_FIELDS = frozenset({"background", "surface"})
PLURAL_LABELS = frozenset({"buttons", "panels"})

PANEL_WORDS = {
    "sql": ("sql", "query", "queries", "sql query"),
    "table": ("table", "tables", "data table", "results table", "rows"),
    "chart": ("chart", "charts", "graph", "graphs", "plot", "plots"),
    "threads": ("threads", "thread list", "thread", "conversations", "conversation list"),
}
PANEL_NAMES = {"sql": "SQL", "table": "table", "chart": "chart", "threads": "thread list"}
PAGE_ALIASES = {
    "/": ("home", "workspace", "ask the erp", "ask", "main page", "start page"),
    "/threads/new": ("new thread", "new conversation", "new chat"),
    "/decks/": ("decks", "deck list", "slides", "slide decks", "presentations"),
    "/pipeline/": ("hiring", "hiring pipeline", "pipeline", "candidates", "recruiting"),
    "/studio/history/": ("customization history", "ui history", "change history", "history"),
}

UI_WORDS = re.compile(
    r"\b(?:ui|interface|theme|layout|appearance|look|style|colou?rs?|fonts?|typeface|buttons?"
    r"|sidebar|side bar|panels?|shortcuts?|dark mode|light mode|spacing|corners?|background)\b"
)
UI_VERBS = re.compile(
    r"^(?:please |can you |could you |i want to |i'd like to |let's )?"
    r"(?:make|change|set|switch|use|turn|move|put|paint|show|hide|give|add|remove|restyle)\b"
)

NEEDS_MODEL = (
    "The builtin planner changes colors, fonts, text size, spacing, corners, dark or light "
    "mode, the sidebar, panels and shortcuts; this request needs a language model."
)


class Choice(BaseModel):
    label: str
    value: str
    ops: list[dict[str, Any]] = Field(default_factory=list)


class PatchPlan(BaseModel):
    kind: Literal["patch"] = "patch"
    intent: str
    ops: list[dict[str, Any]]
    summary: str


class HistoryPlan(BaseModel):
    kind: Literal["history"] = "history"
    intent: Literal["undo", "redo", "reset"]
    summary: str


class ClarificationPlan(BaseModel):
    kind: Literal["clarify"] = "clarify"
    intent: str
    question: str
    field: str | None = None  # the JSON pointer the choices change, when there is one
    choices: list[Choice]
    details: dict[str, Any] = Field(default_factory=dict)


class NoticePlan(BaseModel):
    kind: Literal["notice"] = "notice"
    intent: str
    summary: str
    needs_model: bool = False


UiPlan = PatchPlan | HistoryPlan | ClarificationPlan | NoticePlan


class _Request:
    """The request as typed (for labels and questions) and normalized (for matching)."""

    def __init__(self, text: str):
        self.raw = re.sub(r"[\s.!?]+$", "", " ".join(text.split()))
        lowered = self.raw.lower().replace("colour", "color").replace("’", "'")
        lowered = re.sub(r"\bgrey\b", "gray", lowered)
        self.text = re.sub(r"^(?:please|hey|ok|okay)[, ]+|[, ]+please$", "", lowered).strip()

    def has(self, pattern: str) -> re.Match[str] | None:
        return re.search(pattern, self.text)


def ui_request_plan(text: str, preferences: Preferences) -> UiPlan | None:
    """A plan for a UI customization request, or None when ``text`` is not one."""
    if not text or len(text) > MAX_REQUEST_LENGTH:
        return None
    request = _Request(text)
    if not request.text:
        return None
    for matcher in MATCHERS:
        plan = matcher(request, preferences)
        if plan is not None:
            return plan
    return None


# --- checking a proposal --------------------------------------------------------------------------


def _checked(
    preferences: Preferences, intent: str, ops: list[dict[str, Any]], summary: str
) -> UiPlan:
    """A PatchPlan if ``ops`` apply cleanly; a clarification if they fail the contrast guard."""
    if not ops:
        return NoticePlan(intent=intent, summary=summary)
    try:
        patch_apply(preferences, ops)
    except ContrastError as error:
        return _contrast_clarification(preferences, intent, ops, error)
    except PatchError as error:
        return NoticePlan(intent=intent, summary=f"That change is not possible: {error}")
    return PatchPlan(intent=intent, ops=ops, summary=summary)


def _contrast_clarification(
    preferences: Preferences, intent: str, ops: list[dict[str, Any]], error: ContrastError
) -> UiPlan:
    fixed = [dict(op) for op in ops]
    for suggestion in error.suggested_ops:
        target = next((op for op in fixed if op.get("path") == suggestion["path"]), None)
        if target is not None and target["op"] == "replace":
            target["value"] = suggestion["value"]
        else:
            fixed.append(suggestion)
    failure = error.failures[0]
    choices = []
    try:
        patch_apply(preferences, fixed)
    except PatchError:
        pass
    else:
        label = f"Use {failure.suggestion}, the nearest color that stays readable"
        choices.append(Choice(label=label, value="nearest", ops=fixed))
    choices.append(Choice(label="Keep things as they are", value="keep", ops=[]))
    return ClarificationPlan(
        intent=intent,
        question=failure.message,
        field=f"/theme/{failure.field}",
        choices=choices,
        details={"failures": [f.as_dict() for f in error.failures]},
    )


def _replace(path: str, value: Any) -> dict[str, Any]:
    return {"op": "replace", "path": path, "value": value}


# --- history --------------------------------------------------------------------------------------

UNDO = re.compile(
    r"^(?:undo|revert|go back|take (?:that|it) back|put it back)"
    r"(?: (?:that|it|this|the last change|my last change|the change|please))*$"
)
REDO = re.compile(r"^(?:redo|do (?:that|it) again)(?: (?:that|it|the change|please))*$")
RESET = re.compile(
    r"^(?:reset|restore|revert|go back|back)(?: (?:everything|all|my|the|it|to|ui|theme|look"
    r"|layout|appearance|preferences|settings|colors|default|defaults|original|standard))+$"
    r"|^(?:use )?(?:the )?default (?:look|theme|settings|appearance)$"
)


def _history(request: _Request, preferences: Preferences) -> UiPlan | None:
    text = request.text
    if RESET.match(text) and re.search(r"\b(?:reset|defaults?|original|standard)\b", text):
        return HistoryPlan(intent="reset", summary="Reset your preferences to the defaults.")
    if UNDO.match(text):
        return HistoryPlan(intent="undo", summary="Undid the last change.")
    if REDO.match(text):
        return HistoryPlan(intent="redo", summary="Redid the change.")
    return None


# --- dark and light mode --------------------------------------------------------------------------

DARK = re.compile(
    r"\b(?:dark|night) (?:mode|theme)\b|\b(?:switch|go|change|turn) (?:it |everything )?"
    r"(?:to )?dark$|^(?:make (?:it|everything|the ui) )dark$|\blight(?:s)? (?:mode )?off\b"
)
LIGHT = re.compile(
    r"\b(?:light|day|bright) (?:mode|theme)\b|\b(?:switch|go|change|turn) (?:it |everything )?"
    r"(?:to )?light$|^(?:make (?:it|everything|the ui) )light$"
)
MODE_OFF = re.compile(r"\b(?:turn off|disable|no more|stop using|switch off|exit)\b")


def _mode(request: _Request, preferences: Preferences) -> UiPlan | None:
    text = request.text
    wants: str | None = None
    if DARK.search(text):
        wants = "light" if MODE_OFF.search(text) and "dark" in text else "dark"
    elif LIGHT.search(text):
        wants = "dark" if MODE_OFF.search(text) and "light" in text else "light"
    if wants is None:
        return None
    return _mode_switch(preferences, wants)


def _mode_switch(preferences: Preferences, mode: str) -> UiPlan:
    """Switch mode with that mode's page, panel and text colors. Custom colors are kept (a
    swatch turns into the same swatch's tone for the new mode) unless they would fail there."""
    theme = preferences.theme
    if theme.mode == mode:
        return NoticePlan(intent="mode", summary=f"{mode.capitalize()} mode is already on.")
    old, new = MODE_COLORS[theme.mode], MODE_COLORS[mode]
    colors: dict[str, str] = {}
    custom: list[str] = []
    for field, default in new.items():
        current = getattr(theme, field)
        if field in ("background", "surface", "text") or current == old[field]:
            colors[field] = default
        else:
            colors[field] = _same_tone(current, field, theme.mode, mode)
            custom.append(field)
    candidate = preferences.model_copy(
        update={"theme": theme.model_copy(update={"mode": mode, **colors})}
    )
    failing = {
        side
        for failure in preferences_contrast_check(candidate)
        for side in (failure.pair.foreground, failure.pair.background)
    }
    dropped = [field for field in custom if field in failing]
    for field in dropped:
        colors[field] = new[field]
    ops = [_replace("/theme/mode", mode)]
    ops += [_replace(f"/theme/{f}", v) for f, v in colors.items() if v != getattr(theme, f)]
    summary = f"Switched to {mode} mode."
    if dropped:
        names = " and ".join(FIELD_NAMES[field] for field in dropped)
        verb = "it uses" if len(dropped) == 1 else "they use"
        summary += f" Your {names} would not read well there, so {verb} the {mode} default."
    return _checked(preferences, "mode", ops, summary)


def _same_tone(color: str, field: str, old_mode: str, new_mode: str) -> str:
    """A swatch's tone for the other mode ("blue" stays blue); other colors stay as they are."""
    palettes = TINTS if field in TINTED_FIELDS else SWATCHES
    name = next((n for n, value in palettes[old_mode].items() if value == color), None)
    return palettes[new_mode].get(name, color) if name else color


# --- layout ---------------------------------------------------------------------------------------

SIDEBAR = re.compile(r"\b(?:sidebar|side bar|side panel|navigation|nav bar|menu)\b")


def _sidebar(request: _Request, preferences: Preferences) -> UiPlan | None:
    text = request.text
    if not SIDEBAR.search(text):
        return None
    current = preferences.layout.sidebar
    if re.search(r"\b(?:hide|collapse|remove|get rid of|close|no|without|don't show)\b", text):
        target, summary = "hidden", "The sidebar is hidden."
    elif re.search(r"\b(?:other side|swap|switch sides|flip)\b", text):
        target = "left" if current == "right" else "right"
        summary = f"The sidebar is now on the {target}."
    elif request.has(r"\bright\b"):
        target, summary = "right", "The sidebar is now on the right."
    elif request.has(r"\bleft\b"):
        target, summary = "left", "The sidebar is now on the left."
    elif request.has(r"\b(?:show|bring back|restore|open|unhide|display)\b"):
        target = "left" if current == "hidden" else current
        summary = f"The sidebar shows on the {target}."
    else:
        return None
    if target == current:
        where = "hidden" if current == "hidden" else f"on the {current}"
        return NoticePlan(intent="sidebar", summary=f"The sidebar is already {where}.")
    return _checked(preferences, "sidebar", [_replace("/layout/sidebar", target)], summary)


ARTIFACT_WORDS = re.compile(
    r"\b(?:artifacts?|artifact panel|results?|results panel|output|charts? and tables?"
    r"|tables? and charts?)\b"
)


def _artifact_panel(request: _Request, preferences: Preferences) -> UiPlan | None:
    text = request.text
    if not ARTIFACT_WORDS.search(text) or not UI_VERBS.search(text):
        return None
    if re.search(
        r"\b(?:at|to) the bottom\b|\b(?:below|under|beneath) the (?:conversation|chat|messages)\b"
        r"|\bunderneath\b",
        text,
    ):
        target = "bottom"
    elif re.search(
        r"\b(?:to|on) the right\b|\b(?:beside|next to) the (?:conversation|chat)\b"
        r"|\bside by side\b|\bon the side\b",
        text,
    ):
        target = "right"
    else:
        return None
    if preferences.layout.artifact_panel == target:
        return NoticePlan(
            intent="artifact_panel", summary=f"Results already show {_where(target)}."
        )
    ops = [_replace("/layout/artifact_panel", target)]
    return _checked(preferences, "artifact_panel", ops, f"Results now show {_where(target)}.")


def _where(position: str) -> str:
    return "below the conversation" if position == "bottom" else "to the right"


_PANEL_ALTERNATIVES = "|".join(
    sorted((re.escape(w) for words in PANEL_WORDS.values() for w in words), key=len, reverse=True)
)
PANEL_LIST = (
    rf"(?:the |my )?(?:{_PANEL_ALTERNATIVES})(?: (?:panel|pane|section|list|area|view|tab|box))?"
)
PANELS = re.compile(
    r"^(?P<verb>hide|show|remove|close|collapse|bring back|display|turn off|turn on|open|restore"
    r"|unhide|i don't want to see|i do not want to see|don't show|do not show|no more|stop showing"
    r"|always show)"
    rf" (?P<what>{PANEL_LIST}(?:(?:,| and|, and) {PANEL_LIST})*)"
    r"(?: (?:please|anymore|any more|again|on the workspace|in the workspace))*$"
)
HIDE_VERBS = re.compile(r"hide|remove|close|collapse|turn off|don't|do not|no more|stop")


def _panels(request: _Request, preferences: Preferences) -> UiPlan | None:
    match = PANELS.match(request.text)
    if match is None:
        return None
    shown = not HIDE_VERBS.match(match["verb"]) and "want" not in match["verb"]
    names = []
    for part in re.split(r",? and |, ", match["what"]):
        words = re.sub(r"^(?:the|my) | (?:panel|pane|section|list|area|view|tab|box)$", "", part)
        name = next(n for n, aliases in PANEL_WORDS.items() if words in aliases)
        if name not in names:
            names.append(name)
    panels = preferences.layout.panels
    ops = [
        _replace(f"/layout/panels/{name}", shown)
        for name in names
        if getattr(panels, name) != shown
    ]
    listed = " and ".join(PANEL_NAMES[name] for name in names)
    plural = len(names) > 1
    if not ops:
        state = ("are" if plural else "is") + " already " + ("shown" if shown else "hidden")
        return NoticePlan(intent="panels", summary=f"The {listed} {state}.")
    state = ("show" if plural else "shows") if shown else ("are" if plural else "is") + " hidden"
    return _checked(preferences, "panels", ops, f"The {listed} {state} now.")


# --- shortcuts ------------------------------------------------------------------------------------

SHORTCUT_WORDS = r"(?:shortcut|quick link|link|bookmark|button)"
ADD_SHORTCUT = re.compile(
    r"^(?:add|create|make|save|put|pin)(?: me)? (?:a |an |one more |another )?(?:new )?"
    rf"(?:sidebar )?{SHORTCUT_WORDS}(?: (?:to|for|that opens|that asks|called))?"
    r"(?: (?P<what>.+?))?(?: (?:in|to|on|into) (?:the |my )?sidebar)?$",
    re.IGNORECASE,
)
PIN = re.compile(r"^(?:pin|add|put) (?P<what>.+?) (?:in|to|on|into) (?:the |my )?sidebar$", re.I)
REMOVE_SHORTCUT = re.compile(
    r"^(?:remove|delete|drop|unpin|get rid of|take out)"
    rf" (?:the |my )?(?:(?:{SHORTCUT_WORDS}) (?:to|for|called|named) )?(?P<name>.+?)"
    rf"(?: {SHORTCUT_WORDS})?(?: (?:from|in) (?:the |my )?sidebar)?$",
    re.IGNORECASE,
)
RENAME_SHORTCUT = re.compile(
    rf"^(?:rename|relabel) (?:the |my )?(?:(?:{SHORTCUT_WORDS}) (?:to|for|called|named) )?"
    rf"(?P<old>.+?)(?: {SHORTCUT_WORDS})? (?:to|as|into) (?P<new>.+)$"
    rf"|^call (?:the |my )?(?P<old2>.+?) {SHORTCUT_WORDS} (?P<new2>.+)$",
    re.IGNORECASE,
)
TARGET_ID = re.compile(
    r"^(?:the )?(?P<kind>deck|thread) (?:(?:#|number|no\.?|id) ?)?#?"
    r"(?P<id>\d+|[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12})$",
    re.IGNORECASE,
)


def _shortcuts(request: _Request, preferences: Preferences) -> UiPlan | None:
    raw = request.raw
    text = request.text
    if not re.search(rf"\b{SHORTCUT_WORDS}s?\b|\bsidebar\b", text):
        return None
    match = RENAME_SHORTCUT.match(raw)
    if match and re.search(rf"\b{SHORTCUT_WORDS}\b", text):
        return _rename_shortcut(
            preferences, match["old"] or match["old2"], match["new"] or match["new2"]
        )
    match = REMOVE_SHORTCUT.match(raw)
    if match and re.search(rf"\b{SHORTCUT_WORDS}s?\b|\bfrom (?:the |my )?sidebar\b", text):
        return _remove_shortcut(preferences, match["name"])
    match = ADD_SHORTCUT.match(raw) or PIN.match(raw)
    if match:
        return _add_shortcut(preferences, match["what"])
    return None


def _target(what: str) -> tuple[str, str, str]:
    """(kind, target, label) of what a shortcut should open."""
    words = re.sub(r"^(?:the|my) | page$", "", what.strip().lower()).strip()
    for path, aliases in PAGE_ALIASES.items():
        if words in aliases:
            return "page", path, INTERNAL_PAGES[path]
    match = TARGET_ID.match(what.strip())
    if match:
        kind = match["kind"].lower()
        return kind, match["id"], f"{kind.capitalize()} {match['id']}"
    question = what.strip().strip("\"'“”‘’")
    return "question", question, _label_from(question)


def _label_from(question: str) -> str:
    label = question[:1].upper() + question[1:]
    if len(label) <= MAX_LABEL_LENGTH:
        return label
    cut = label[: MAX_LABEL_LENGTH - 1].rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:-") + "…"


def _slug(label: str, taken: set[str]) -> str:
    base = re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")[:32].strip("-") or "shortcut"
    slug, number = base, 2
    while slug in taken:
        slug, number = f"{base}-{number}", number + 1
    return slug


def _add_shortcut(preferences: Preferences, what: str | None) -> UiPlan:
    shortcuts = preferences.shortcuts
    if not what:
        return ClarificationPlan(
            intent="shortcut_add",
            question="What should the shortcut open? Pick a page, or type a question to save.",
            field="/shortcuts/-",
            choices=[
                _shortcut_choice(path, label, {s.id for s in shortcuts})
                for path, label in INTERNAL_PAGES.items()
                if not any(s.kind == "page" and s.target == path for s in shortcuts)
            ],
        )
    kind, target, label = _target(what)
    existing = next(
        (
            s
            for s in shortcuts
            if s.label.casefold() == label.casefold() or (s.kind, s.target) == (kind, target)
        ),
        None,
    )
    if existing is not None:
        return NoticePlan(
            intent="shortcut_add", summary=f"The sidebar already has “{existing.label}”."
        )
    if len(shortcuts) >= MAX_SHORTCUTS:
        return NoticePlan(
            intent="shortcut_add",
            summary=f"The sidebar holds at most {MAX_SHORTCUTS} shortcuts; remove one first.",
        )
    shortcut = {
        "id": _slug(label, {s.id for s in shortcuts}),
        "label": label,
        "kind": kind,
        "target": target,
    }
    ops = [{"op": "add", "path": "/shortcuts/-", "value": shortcut}]
    return _checked(preferences, "shortcut_add", ops, f"Added “{label}” to the sidebar.")


def _shortcut_choice(path: str, label: str, taken: set[str]) -> Choice:
    value = {"id": _slug(label, taken), "label": label, "kind": "page", "target": path}
    return Choice(
        label=label, value=path, ops=[{"op": "add", "path": "/shortcuts/-", "value": value}]
    )


def _find_shortcuts(shortcuts: list[Shortcut], name: str) -> list[int]:
    wanted = re.sub(r"^(?:the|my) ", "", name.strip().strip("\"'“”‘’").casefold())
    exact = [i for i, s in enumerate(shortcuts) if s.label.casefold() == wanted]
    if exact:
        return exact
    return [
        index
        for index, shortcut in enumerate(shortcuts)
        if wanted in shortcut.label.casefold()
        or wanted in shortcut.target.casefold()
        or shortcut.label.casefold() in wanted
    ]


def _guarded(index: int, shortcut: Shortcut) -> dict[str, Any]:
    """A test op: the shortcut is still where the plan saw it when the patch applies."""
    return {"op": "test", "path": f"/shortcuts/{index}/id", "value": shortcut.id}


def _which_shortcut(preferences: Preferences, intent: str, name: str, build) -> UiPlan:
    shortcuts = preferences.shortcuts
    if not shortcuts:
        return NoticePlan(intent=intent, summary="There are no shortcuts in the sidebar yet.")
    found = _find_shortcuts(shortcuts, name)
    if len(found) == 1:
        return build(found[0])
    candidates = found or range(len(shortcuts))
    question = (
        f"Several shortcuts match “{name}”. Which one?"
        if found
        else f"No shortcut is called “{name}”. Which one did you mean?"
    )
    choices = []
    for index in candidates:
        plan = build(index)
        if isinstance(plan, PatchPlan):
            choices.append(
                Choice(label=shortcuts[index].label, value=shortcuts[index].id, ops=plan.ops)
            )
    return ClarificationPlan(intent=intent, question=question, field="/shortcuts", choices=choices)


def _remove_shortcut(preferences: Preferences, name: str) -> UiPlan:
    shortcuts = preferences.shortcuts

    def build(index: int) -> UiPlan:
        shortcut = shortcuts[index]
        ops = [_guarded(index, shortcut), {"op": "remove", "path": f"/shortcuts/{index}"}]
        return _checked(preferences, "shortcut_remove", ops, f"Removed “{shortcut.label}”.")

    return _which_shortcut(preferences, "shortcut_remove", name, build)


def _rename_shortcut(preferences: Preferences, old: str, new: str) -> UiPlan:
    shortcuts = preferences.shortcuts
    label = _label_from(new.strip().strip("\"'“”‘’"))

    def build(index: int) -> UiPlan:
        shortcut = shortcuts[index]
        ops = [_guarded(index, shortcut), _replace(f"/shortcuts/{index}/label", label)]
        summary = f"Renamed “{shortcut.label}” to “{label}”."
        return _checked(preferences, "shortcut_rename", ops, summary)

    return _which_shortcut(preferences, "shortcut_rename", old, build)


# --- type -----------------------------------------------------------------------------------------

FONT_WORDS = re.compile(r"\b(?:fonts?|typefaces?|type ?face|typography|lettering)\b")
FONT_FAMILIES = (
    ("system-sans", r"\bsans[- ]?serif\b|\bsystem\b|\bplain\b|\bneutral\b"),
    (
        "readable",
        r"\b(?:readable|legible|hyperlegible|atkinson|dyslexi\w*|easier to read|easy to read"
        r"|clearer)\b",
    ),
    ("serif", r"\bserif\b|\bbook\b|\btimes\b|\bgeorgia\b|\bclassic\b"),
    ("mono", r"\bmono(?:space|spaced)?\b|\btypewriter\b|\bcode\b|\bfixed[- ]width\b"),
    ("humanist", r"\bhumanist\b|\bdefault\b|\bfriendly\b|\bwarm\b|\bstandard\b|\boriginal\b"),
)


def _font(request: _Request, preferences: Preferences) -> UiPlan | None:
    text = request.text
    if not FONT_WORDS.search(text):
        readable = request.has(r"\b(?:easier to read|more readable|hard to read|legible)\b")
        if readable and request.has(r"\b(?:text|it|everything|page|ui|screen)\b"):
            return _readability_clarification(preferences)
        return None
    if request.has(r"\b(?:bigger|larger|smaller|size|tiny|huge|increase|decrease)\b"):
        return None  # a size request
    family = next((name for name, pattern in FONT_FAMILIES if re.search(pattern, text)), None)
    if family is None:
        if not UI_VERBS.search(text):
            return None
        return ClarificationPlan(
            intent="font",
            question="Which font would you like?",
            field="/theme/font",
            choices=[
                Choice(label=label, value=name, ops=[_replace("/theme/font", name)])
                for name, label in FONT_LABELS.items()
                if name != preferences.theme.font
            ],
        )
    if preferences.theme.font == family:
        return NoticePlan(intent="font", summary=f"The font is already {FONT_LABELS[family]}.")
    ops = [_replace("/theme/font", family)]
    return _checked(preferences, "font", ops, f"The font is now {FONT_LABELS[family]}.")


def _readability_clarification(preferences: Preferences) -> UiPlan:
    theme = preferences.theme
    choices = []
    if theme.font != "readable":
        choices.append(
            Choice(
                label="A more readable font",
                value="font",
                ops=[_replace("/theme/font", "readable")],
            )
        )
    bigger = _scaled(theme.font_scale, FONT_SCALE_STEP)
    if bigger != theme.font_scale:
        choices.append(
            Choice(
                label=f"Bigger text ({bigger:.0%})",
                value="bigger",
                ops=[_replace("/theme/font_scale", bigger)],
            )
        )
    if theme.density == "compact":
        choices.append(
            Choice(
                label="More spacing",
                value="spacing",
                ops=[_replace("/theme/density", "comfortable")],
            )
        )
    return ClarificationPlan(
        intent="readability", question="What would make it easier to read?", choices=choices
    )


BIGGER = re.compile(
    r"\b(?:bigger|larger|increase|enlarge|bump up|zoom in|too small|more legible size|huge)\b"
)
SMALLER = re.compile(r"\b(?:smaller|decrease|reduce|shrink|zoom out|too big|too large|tiny)\b")
SIZE_NOUNS = re.compile(
    r"\b(?:text|fonts?|font size|text size|letters|type|writing|words|everything|zoom)\b"
)
EXPLICIT_SIZE = re.compile(
    r"\b(?:text|font)(?: size)?(?: to| at|:)? (?P<value>\d{2,3}) ?%|"
    r"\b(?:text|font)(?: size| scale)?(?: to| at|:)? (?P<scale>[0-2](?:\.\d{1,2})?)x?$"
)


def _scaled(current: float, step: float) -> float:
    return round(min(FONT_SCALE_MAX, max(FONT_SCALE_MIN, current + step)), 2)


def _text_size(request: _Request, preferences: Preferences) -> UiPlan | None:
    text = request.text
    current = preferences.theme.font_scale
    explicit = EXPLICIT_SIZE.search(text)
    if explicit:
        value = int(explicit["value"]) / 100 if explicit["value"] else float(explicit["scale"])
        if not FONT_SCALE_MIN <= value <= FONT_SCALE_MAX:
            nearest = FONT_SCALE_MAX if value > FONT_SCALE_MAX else FONT_SCALE_MIN
            return ClarificationPlan(
                intent="font_scale",
                question=(
                    f"Text size goes from {FONT_SCALE_MIN:.0%} to {FONT_SCALE_MAX:.0%}. "
                    f"Use {nearest:.0%}?"
                ),
                field="/theme/font_scale",
                choices=[
                    Choice(
                        label=f"{nearest:.0%}",
                        value=str(nearest),
                        ops=[_replace("/theme/font_scale", nearest)],
                    ),
                    Choice(label="Keep the current size", value="keep"),
                ],
            )
        target = round(value, 2)
    elif SIZE_NOUNS.search(text) and (BIGGER.search(text) or SMALLER.search(text)):
        step = FONT_SCALE_STEP if BIGGER.search(text) else -FONT_SCALE_STEP
        if re.search(r"\b(?:much|a lot|way)\b", text):
            step *= 2
        target = _scaled(current, step)
    else:
        return None
    if target == current:
        limit = (
            "largest"
            if target >= FONT_SCALE_MAX
            else "smallest"
            if target <= FONT_SCALE_MIN
            else "chosen"
        )
        return NoticePlan(
            intent="font_scale", summary=f"Text is already at the {limit} size ({current:.0%})."
        )
    ops = [_replace("/theme/font_scale", target)]
    return _checked(preferences, "font_scale", ops, f"Text size is now {target:.0%}.")


# --- spacing and corners --------------------------------------------------------------------------

DENSITIES = (
    (
        "compact",
        r"\b(?:compact|denser|dense|tighter|condensed"
        r"|less (?:white ?)?(?:space|spacing|padding))\b",
    ),
    (
        "spacious",
        r"\b(?:spacious|roomier|airy|airier|more (?:white ?)?(?:spacing|padding|space between)"
        r"|less cramped|more breathing room)\b",
    ),
    (
        "comfortable",
        r"\b(?:comfortable|normal spacing|default spacing|regular spacing|medium spacing)\b",
    ),
)


def _density(request: _Request, preferences: Preferences) -> UiPlan | None:
    density = next((name for name, pattern in DENSITIES if request.has(pattern)), None)
    if density is None:
        return None
    if preferences.theme.density == density:
        return NoticePlan(intent="density", summary=f"Spacing is already {density}.")
    ops = [_replace("/theme/density", density)]
    return _checked(preferences, "density", ops, f"Spacing is now {density}.")


def _radius(request: _Request, preferences: Preferences) -> UiPlan | None:
    text = request.text
    if not re.search(r"\b(?:corners?|radius|rounded|rounder|round)\b", text):
        return None
    current = preferences.theme.radius
    if re.search(r"\b(?:square|sharp|sharper|no round(?:ed|ing)?|not rounded|straight)\b", text):
        target = 0
    elif re.search(r"\b(?:less round(?:ed)?|smaller radius|subtler)\b", text):
        target = max(0, current - RADIUS_STEP)
    elif re.search(
        r"\b(?:rounder|more round(?:ed)?|round(?:ed)? corners|softer|bigger radius)\b", text
    ):
        target = min(RADIUS_MAX, current + RADIUS_STEP)
    else:
        return None
    if target == current:
        return NoticePlan(intent="radius", summary=f"Corners are already at {current}px.")
    ops = [_replace("/theme/radius", target)]
    return _checked(preferences, "radius", ops, f"Corner radius is now {target}px.")


# --- colors ---------------------------------------------------------------------------------------

HEX_VALUE = re.compile(r"#(?P<hex>[0-9a-f]{6}|[0-9a-f]{3})\b")
COLOR_VERBS = re.compile(r"\b(?:make|turn|change|set|paint|color|recolor|use|want|switch)\b")
DARKER = re.compile(r"\b(?:darker|deeper|dimmer)\b")
LIGHTER = re.compile(r"\b(?:lighter|brighter|paler)\b")


def _verb(label: str, plural: str, singular: str) -> str:
    return plural if label in PLURAL_LABELS else singular


def _target_field(text: str) -> tuple[str, str] | None:
    for pattern, field, label in TARGETS:
        if pattern.search(text):
            return field, label
    return None


def _color_value(text: str, field: str, mode: str) -> tuple[str, str] | None:
    """(hex, words) of the color a request names, for a theme field."""
    match = HEX_VALUE.search(text)
    if match:
        value = match["hex"]
        if len(value) == 3:
            value = "".join(char * 2 for char in value)
        return f"#{value}", f"#{value}"
    words = [COLOR_ALIASES.get(w, w) for w in re.findall(r"[a-z]+", text)]
    palette = TINTS[mode] if field in TINTED_FIELDS else SWATCHES[mode]
    for first, second in zip(words, words[1:], strict=False):
        if first + second in CSS_NAMED_COLORS:  # "dark blue", "sky blue", "rebecca purple"
            return CSS_NAMED_COLORS[first + second], f"{first} {second}"
    for word in words:
        if word in palette:
            return palette[word], word
        if word in CSS_NAMED_COLORS and word not in ("dark", "light"):
            return CSS_NAMED_COLORS[word], word
    return None


def _colors(request: _Request, preferences: Preferences) -> UiPlan | None:
    text = request.text
    theme = preferences.theme
    target = _target_field(text)
    if target is None:
        if COLOR_VERBS.search(text) and re.search(
            r"^(?:make|turn|paint|color|change) "
            r"(?:it|everything|the (?:ui|app|theme|page|interface))\b",
            text,
        ):
            value = _color_value(text, "primary", theme.mode)
            if value is not None:
                return _which_target(preferences, value[1])
        return None
    field, label = target
    if (
        field in TINTED_FIELDS
        and re.search(r"\b(?:dark|black|night)\b", text)
        and theme.mode == "light"
    ):
        return _mode_or_color(preferences, "dark", field, label)
    if (
        field in TINTED_FIELDS
        and re.search(r"\b(?:light|white|bright)\b", text)
        and theme.mode == "dark"
        and not LIGHTER.search(text)
    ):
        return _mode_or_color(preferences, "light", field, label)
    value = _color_value(text, field, theme.mode)
    if value is None:
        return None
    color, words = value
    if getattr(theme, field) == color:
        uses = _verb(label, "use", "uses")
        return NoticePlan(intent="color", summary=f"The {label} already {uses} {color}.")
    ops = [_replace(f"/theme/{field}", color)]
    summary = f"The {label} {_verb(label, 'are', 'is')} now {words}"
    summary += f" ({color})." if words != color else "."
    return _checked(preferences, "color", ops, summary)


def _which_target(preferences: Preferences, words: str) -> UiPlan:
    theme = preferences.theme
    choices = []
    for field, label in (
        ("primary", "Buttons and links"),
        ("accent", "Accent marks"),
        ("background", "Page background"),
        ("surface", "Panels"),
    ):
        value = _color_value(words, field, theme.mode)
        if value is None:
            continue
        plan = _checked(preferences, "color", [_replace(f"/theme/{field}", value[0])], "")
        if isinstance(plan, PatchPlan):
            choices.append(Choice(label=f"{label} ({value[0]})", value=field, ops=plan.ops))
    return ClarificationPlan(intent="color", question=f"What should be {words}?", choices=choices)


def _mode_or_color(preferences: Preferences, mode: str, field: str, label: str) -> UiPlan:
    choices = []
    switch = _mode_switch(preferences, mode)
    if isinstance(switch, PatchPlan):
        choices.append(Choice(label=f"Switch to {mode} mode", value="mode", ops=switch.ops))
    step = -DEFAULT_LIGHTNESS_STEP if mode == "dark" else DEFAULT_LIGHTNESS_STEP
    shifted = _lightness(preferences, field, label, step)
    if isinstance(shifted, PatchPlan):
        words = "darker" if mode == "dark" else "lighter"
        choices.append(Choice(label=f"A {words} {label} only", value="shade", ops=shifted.ops))
    return ClarificationPlan(
        intent="color",
        question=(
            f"A {mode} {label} needs {'light' if mode == 'dark' else 'dark'} text to stay "
            f"readable. Switch to {mode} mode?"
        ),
        field=f"/theme/{field}",
        choices=choices,
    )


def _lightness(preferences: Preferences, field: str, label: str, step: float) -> UiPlan:
    current = getattr(preferences.theme, field)
    color = lightness_shift(current, step)
    words = "darker" if step < 0 else "lighter"
    if color == current:
        return NoticePlan(intent="lightness", summary=f"The {label} cannot get any {words}.")
    ops = [_replace(f"/theme/{field}", color)]
    summary = f"The {label} {_verb(label, 'are', 'is')} now {words} ({color})."
    return _checked(preferences, "lightness", ops, summary)


def _darker_lighter(request: _Request, preferences: Preferences) -> UiPlan | None:
    text = request.text
    darker, lighter = DARKER.search(text), LIGHTER.search(text)
    if not darker and not lighter:
        return None
    sign = -1 if darker else 1
    target = _target_field(text)
    if target is not None:
        field, label = target
        step = LIGHTNESS_STEPS.get(field, DEFAULT_LIGHTNESS_STEP) * sign
        if re.search(r"\b(?:much|a lot|way)\b", text):
            step *= 2
        elif re.search(r"\b(?:bit|little|slightly)\b", text):
            step /= 2
        return _lightness(preferences, field, label, step)
    if not re.search(
        r"^(?:make|turn|can you make|could you make) (?:it|everything|the (?:ui|app|page|theme))\b"
        r"|^(?:darker|lighter|brighter)$",
        text,
    ):
        return None
    mode = "dark" if darker else "light"
    choices = []
    switch = _mode_switch(preferences, mode)
    if isinstance(switch, PatchPlan):
        choices.append(Choice(label=f"Switch to {mode} mode", value="mode", ops=switch.ops))
    for field, label in (("primary", "buttons"), ("text", "text")):
        plan = _lightness(preferences, field, label, DEFAULT_LIGHTNESS_STEP * sign)
        if isinstance(plan, PatchPlan):
            words = "Darker" if darker else "Lighter"
            choices.append(Choice(label=f"{words} {label}", value=field, ops=plan.ops))
    return ClarificationPlan(intent="lightness", question="What should change?", choices=choices)


def _color_clarification(request: _Request, preferences: Preferences) -> UiPlan | None:
    """A color request whose color is unknown: offer the allowed swatches."""
    text = request.text
    target = _target_field(text)
    if target is None or not re.search(r"\b(?:colors?|make|turn|paint|change|recolor)\b", text):
        return None
    field, label = target
    if BIGGER.search(text) or SMALLER.search(text) or DARKER.search(text) or LIGHTER.search(text):
        return None
    if field == "text" and not re.search(r"\bcolors?\b", text):
        return None
    mode = preferences.theme.mode
    palette = TINTS[mode] if field in TINTED_FIELDS else SWATCHES[mode]
    choices = []
    for name, color in palette.items():
        plan = _checked(preferences, "color", [_replace(f"/theme/{field}", color)], "")
        if isinstance(plan, PatchPlan) and color != getattr(preferences.theme, field):
            choices.append(
                Choice(label=f"{name.capitalize()} ({color})", value=color, ops=plan.ops)
            )
    return ClarificationPlan(
        intent="color",
        question=f"Which color should the {label} be? These keep text readable.",
        field=f"/theme/{field}",
        choices=choices,
    )


def _unsupported(request: _Request, preferences: Preferences) -> UiPlan | None:
    text = request.text
    if UI_WORDS.search(text) and UI_VERBS.search(text):
        return NoticePlan(intent="unsupported", summary=NEEDS_MODEL, needs_model=True)
    return None


MATCHERS = (
    _history,
    _shortcuts,
    _mode,
    _panels,
    _sidebar,
    _artifact_panel,
    _text_size,
    _font,
    _density,
    _radius,
    _darker_lighter,
    _colors,
    _color_clarification,
    _unsupported,
)
