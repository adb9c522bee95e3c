"""One small planner per intent: slots and the current document in, a plan out."""

from collections.abc import Callable

from apps.studio.planner.intents.color import plan_color, plan_lightness
from apps.studio.planner.intents.layout import plan_artifact_panel, plan_panels, plan_sidebar
from apps.studio.planner.intents.mode import plan_mode
from apps.studio.planner.intents.restore import plan_history, plan_restore
from apps.studio.planner.intents.shape import plan_density, plan_radius
from apps.studio.planner.intents.shortcuts import (
    plan_shortcut_add,
    plan_shortcut_remove,
    plan_shortcut_rename,
)
from apps.studio.planner.intents.status import plan_declined, plan_unsupported
from apps.studio.planner.intents.type import plan_font, plan_font_scale, plan_readability
from apps.studio.planner.plans import Context, UiPlan

IntentPlanner = Callable[[dict, Context], UiPlan]

PLANNERS: dict[str, IntentPlanner] = {
    "history": plan_history,
    "restore": plan_restore,
    "mode": plan_mode,
    "color": plan_color,
    "lightness": plan_lightness,
    "font_scale": plan_font_scale,
    "font": plan_font,
    "readability": plan_readability,
    "density": plan_density,
    "radius": plan_radius,
    "sidebar": plan_sidebar,
    "artifact_panel": plan_artifact_panel,
    "panels": plan_panels,
    "shortcut_add": plan_shortcut_add,
    "shortcut_pin": plan_shortcut_add,
    "shortcut_remove": plan_shortcut_remove,
    "shortcut_rename": plan_shortcut_rename,
    "unsupported": plan_unsupported,
    "declined": plan_declined,
}
