"""Going back: undo, redo and reset (versions live in the database, so the caller acts on a
HistoryPlan), and one part back to its default ("reset the font", "default text size")."""

from apps.studio.contrast import FIELD_NAMES
from apps.studio.planner.intents.layout import PANEL_NAMES
from apps.studio.planner.intents.mode import mode_switch
from apps.studio.planner.plans import (
    Context,
    HistoryPlan,
    NoticePlan,
    UiPlan,
    checked,
    current_value,
    replace,
)
from apps.studio.preferences import MODE_COLORS

HISTORY_SUMMARIES = {
    "undo": "Undid the last change.",
    "redo": "Redid the change.",
    "reset": "Reset your preferences to the defaults.",
}
COLOR_FIELDS = tuple(MODE_COLORS["light"])
# What each part a request can name ("reset the font") covers, as JSON pointers.
PART_PATHS = {
    "colors": tuple(f"/theme/{field}" for field in COLOR_FIELDS),
    "text": ("/theme/font", "/theme/font_scale", "/theme/text"),
    "font": ("/theme/font",),
    "font_scale": ("/theme/font_scale",),
    "density": ("/theme/density",),
    "radius": ("/theme/radius",),
    "sidebar": ("/layout/sidebar",),
    "artifact_panel": ("/layout/artifact_panel",),
    "shortcuts": ("/shortcuts",),
}
PART_NAMES = {
    "colors": "the colors",
    "text": "the text",
    "font": "the font",
    "font_scale": "the text size",
    "density": "the spacing",
    "radius": "the corners",
    "sidebar": "the sidebar",
    "artifact_panel": "the results panel",
    "shortcuts": "the shortcuts",
}
ALREADY_DEFAULT = "{parts} already {are} as by default."
BACK_TO_DEFAULT = "{parts} {are} back to the default."


def plan_history(slots: dict, context: Context) -> UiPlan:
    action = slots["action"]
    return HistoryPlan(intent=action, summary=HISTORY_SUMMARIES[action])


def _paths(part: str) -> tuple[str, ...]:
    if part.startswith("field:"):
        return (f"/theme/{part.removeprefix('field:')}",)
    if part.startswith("panels:"):
        return (f"/layout/panels/{part.removeprefix('panels:')}",)
    return PART_PATHS[part]


def plan_restore(slots: dict, context: Context) -> UiPlan:
    """The named parts as in the layer underneath. Colors come from that layer only when it
    is in the same mode; otherwise they are the current mode's own defaults."""
    preferences, defaults = context.preferences, context.defaults
    parts = slots["parts"]
    if "mode" in parts:
        return mode_switch(preferences, defaults.theme.mode)
    if defaults.theme.mode != preferences.theme.mode:
        theme = defaults.theme.model_copy(update=MODE_COLORS[preferences.theme.mode])
        defaults = defaults.model_copy(update={"theme": theme})
    ops = [
        replace(path, current_value(defaults, path))
        for part in parts
        for path in _paths(part)
        if current_value(preferences, path) != current_value(defaults, path)
    ]
    names = [_name(part) for part in parts]
    listed = " and ".join(names)
    listed = listed[:1].upper() + listed[1:]
    are = "are" if len(names) > 1 or names[0].endswith("s") else "is"
    if not ops:
        summary = ALREADY_DEFAULT.format(parts=listed, are=are)
        return NoticePlan(intent="restore", summary=summary)
    return checked(preferences, "restore", ops, BACK_TO_DEFAULT.format(parts=listed, are=are))


def _name(part: str) -> str:
    if part.startswith("field:"):
        return "the " + FIELD_NAMES[part.removeprefix("field:")]
    if part.startswith("panels:"):
        return f"the {PANEL_NAMES[part.removeprefix('panels:')]} panel"
    return PART_NAMES[part]
