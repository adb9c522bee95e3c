"""Dark and light mode: the mode's page, panel and text colors, custom colors kept when they
still read well (a swatch turns into the same swatch's tone for the new mode)."""

from apps.studio.contrast import FIELD_NAMES, preferences_contrast_check
from apps.studio.planner.palette import same_tone
from apps.studio.planner.plans import Context, NoticePlan, UiPlan, checked, replace
from apps.studio.preferences import MODE_COLORS, Preferences

ALREADY = "{mode} mode is already on."
SWITCHED = "Switched to {mode} mode."
DROPPED = " Your {names} would not read well there, so {verb} the {mode} default."
# The mode decides these outright: a light page in dark mode is not a custom color to keep.
MODE_OWNED = frozenset({"background", "surface", "text"})


def plan_mode(slots: dict, context: Context) -> UiPlan:
    return mode_switch(context.preferences, slots["mode"])


def mode_switch(preferences: Preferences, mode: str) -> UiPlan:
    theme = preferences.theme
    if theme.mode == mode:
        return NoticePlan(intent="mode", summary=ALREADY.format(mode=mode.capitalize()))
    old, new = MODE_COLORS[theme.mode], MODE_COLORS[mode]
    colors: dict[str, str] = {}
    custom: list[str] = []
    for field, default in new.items():
        current = getattr(theme, field)
        if field in MODE_OWNED or current == old[field]:
            colors[field] = default
        else:
            colors[field] = same_tone(current, field, theme.mode, mode)
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
    ops = [replace("/theme/mode", mode)]
    ops += [replace(f"/theme/{f}", v) for f, v in colors.items() if v != getattr(theme, f)]
    summary = SWITCHED.format(mode=mode)
    if dropped:
        names = " and ".join(FIELD_NAMES[field] for field in dropped)
        verb = "it uses" if len(dropped) == 1 else "they use"
        summary += DROPPED.format(names=names, verb=verb, mode=mode)
    return checked(preferences, "mode", ops, summary)
