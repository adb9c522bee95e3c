"""Spacing (density) and corner radius."""

from apps.studio.planner.plans import Context, NoticePlan, UiPlan, set_value
from apps.studio.preferences import RADIUS_MAX

RADIUS_STEP = 4
DENSITY_ALREADY = "Spacing is already {density}."
DENSITY_NOW = "Spacing is now {density}."
RADIUS_ALREADY = "Corners are already at {current}px."
RADIUS_NOW = "Corner radius is now {target}px."
RADIUS_RANGE = "Corners go from 0 to {high}px; {asked}px is not possible."


def plan_density(slots: dict, context: Context) -> UiPlan:
    density = slots["density"]
    already, done = DENSITY_ALREADY.format(density=density), DENSITY_NOW.format(density=density)
    path = "/theme/density"
    return set_value(context.preferences, "density", path, density, already=already, done=done)


def plan_radius(slots: dict, context: Context) -> UiPlan:
    preferences = context.preferences
    current = preferences.theme.radius
    if "pixels" in slots:
        target = slots["pixels"]
        if not 0 <= target <= RADIUS_MAX:
            summary = RADIUS_RANGE.format(high=RADIUS_MAX, asked=target)
            return NoticePlan(intent="radius", summary=summary)
    elif slots["shape"] == "square":
        target = 0
    elif slots["shape"] == "less":
        target = max(0, current - RADIUS_STEP)
    else:
        target = min(RADIUS_MAX, current + RADIUS_STEP)
    already, done = RADIUS_ALREADY.format(current=current), RADIUS_NOW.format(target=target)
    return set_value(preferences, "radius", "/theme/radius", target, already=already, done=done)
