"""Going back: undo, redo and reset (versions live in the database, so the caller acts on a
HistoryPlan), and one part back to its default ("reset the font", "default text size")."""

from typing import Any

from apps.studio.describe import FIELD_LABELS
from apps.studio.planner.intents.mode import mode_switch
from apps.studio.planner.plans import Context, HistoryPlan, NoticePlan, UiPlan, checked, replace
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
ALREADY_DEFAULT = "{parts} already {are} the default."
BACK_TO_DEFAULT = "Back to the default: {parts}."


def plan_history(slots: dict, context: Context) -> UiPlan:
    action = slots["action"]
    return HistoryPlan(intent=action, summary=HISTORY_SUMMARIES[action])


def _paths(part: str) -> tuple[str, ...]:
    if part.startswith("field:"):
        return (f"/theme/{part.removeprefix('field:')}",)
    if part.startswith("panels:"):
        return (f"/layout/panels/{part.removeprefix('panels:')}",)
    return PART_PATHS[part]


def _get(document: dict[str, Any], path: str) -> Any:
    value: Any = document
    for key in path.strip("/").split("/"):
        value = value[key]
    return value


def plan_restore(slots: dict, context: Context) -> UiPlan:
    """The named parts as in the layer underneath. Colors come from that layer only when it
    is in the same mode; otherwise they are the current mode's own defaults."""
    preferences, defaults = context.preferences, context.defaults
    parts = slots["parts"]
    if "mode" in parts:
        return mode_switch(preferences, defaults.theme.mode)
    current, base = preferences.as_document(), defaults.as_document()
    if defaults.theme.mode != preferences.theme.mode:
        base["theme"].update(MODE_COLORS[preferences.theme.mode])
    ops, names = [], []
    for part in parts:
        for path in _paths(part):
            names.append(FIELD_LABELS.get(path, "Shortcuts"))
            if _get(current, path) != _get(base, path):
                ops.append(replace(path, _get(base, path)))
    listed = ", ".join(dict.fromkeys(names))
    if not ops:
        are = "are" if len(set(names)) > 1 else "is"
        return NoticePlan(intent="restore", summary=ALREADY_DEFAULT.format(parts=listed, are=are))
    return checked(preferences, "restore", ops, BACK_TO_DEFAULT.format(parts=listed))
