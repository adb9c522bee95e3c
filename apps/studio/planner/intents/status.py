"""Questions about how things are ("is dark mode on?", "what color are the buttons?"): the
current values the question is about, and nothing changed."""

from apps.studio.describe import FIELD_LABELS, value_text
from apps.studio.planner.classifier import Intent
from apps.studio.planner.plans import Context, NoticePlan, current_value

NEEDS_MODEL = (
    "The builtin planner changes colors, fonts, text size, spacing, corners, dark or light "
    "mode, the sidebar, panels and shortcuts; this request needs a language model."
)
RIGHT_NOW = "Right now: {values}. Nothing was changed."
DECLINED = "All right, nothing was changed."
SHORTCUTS = "Sidebar shortcuts: {labels}"
# The fields each intent's question is about, when its slots do not name them.
PATHS = {
    "mode": ("/theme/mode",),
    "color": ("/theme/primary", "/theme/background", "/theme/text"),
    "lightness": ("/theme/primary", "/theme/background", "/theme/text"),
    "font_scale": ("/theme/font_scale",),
    "font": ("/theme/font",),
    "readability": ("/theme/font", "/theme/font_scale"),
    "density": ("/theme/density",),
    "radius": ("/theme/radius",),
    "sidebar": ("/layout/sidebar",),
    "artifact_panel": ("/layout/artifact_panel",),
    "panels": tuple(f"/layout/panels/{name}" for name in ("threads", "table", "chart", "sql")),
}


def plan_unsupported(slots: dict, context: Context) -> NoticePlan:
    return NoticePlan(intent="unsupported", summary=NEEDS_MODEL, needs_model=True)


def plan_declined(slots: dict, context: Context) -> NoticePlan:
    return NoticePlan(intent="declined", summary=DECLINED)


def _paths(intent: Intent) -> tuple[str, ...]:
    slots = intent.slots
    if intent.name in ("color", "lightness") and slots.get("fields"):
        return tuple(f"/theme/{field}" for field in slots["fields"])
    if intent.name == "panels":
        return tuple(f"/layout/panels/{name}" for name in slots["names"])
    return PATHS.get(intent.name, ())


def plan_status(intents: tuple[Intent, ...], context: Context) -> NoticePlan:
    lines = []
    for intent in intents:
        for path in _paths(intent):
            value = current_value(context.preferences, path)
            line = f"{FIELD_LABELS[path]} → {value_text(path, value)}"
            if line not in lines:
                lines.append(line)
        if intent.name.startswith("shortcut"):
            labels = [s.label for s in context.preferences.shortcuts]
            lines.append(SHORTCUTS.format(labels=", ".join(labels) or "none"))
    if not lines:
        return plan_unsupported({}, context)
    return NoticePlan(intent="status", summary=RIGHT_NOW.format(values="; ".join(lines)))
