"""Layout: the sidebar's side, where results show, which workspace panels show."""

from apps.studio.planner.plans import Context, NoticePlan, UiPlan, checked, replace, set_value

PANEL_NAMES = {"sql": "SQL", "table": "table", "chart": "chart", "threads": "thread list"}
SIDEBAR_HIDDEN = "The sidebar is hidden."
SIDEBAR_SIDE = "The sidebar is now on the {side}."
SIDEBAR_SHOWS = "The sidebar shows on the {side}."
SIDEBAR_ALREADY = "The sidebar is already {where}."
RESULTS_ALREADY = "Results already show {where}."
RESULTS_NOW = "Results now show {where}."
RESULTS_WHERE = {"bottom": "below the conversation", "right": "to the right"}


def plan_sidebar(slots: dict, context: Context) -> UiPlan:
    preferences = context.preferences
    current = preferences.layout.sidebar
    action = slots["action"]
    if action == "hidden":
        target, summary = "hidden", SIDEBAR_HIDDEN
    elif action == "other_side":
        target = "left" if current == "right" else "right"
        summary = SIDEBAR_SIDE.format(side=target)
    elif action == "show":
        target = "left" if current == "hidden" else current
        summary = SIDEBAR_SHOWS.format(side=target)
    else:
        target, summary = action, SIDEBAR_SIDE.format(side=action)
    where = "hidden" if current == "hidden" else f"on the {current}"
    already = SIDEBAR_ALREADY.format(where=where)
    return set_value(
        preferences, "sidebar", "/layout/sidebar", target, already=already, done=summary
    )


def plan_artifact_panel(slots: dict, context: Context) -> UiPlan:
    target = slots["position"]
    where = RESULTS_WHERE[target]
    already, done = RESULTS_ALREADY.format(where=where), RESULTS_NOW.format(where=where)
    path = "/layout/artifact_panel"
    return set_value(
        context.preferences, "artifact_panel", path, target, already=already, done=done
    )


def plan_panels(slots: dict, context: Context) -> UiPlan:
    preferences = context.preferences
    names, shown = slots["names"], slots["shown"]
    panels = preferences.layout.panels
    ops = [
        replace(f"/layout/panels/{name}", shown) for name in names if getattr(panels, name) != shown
    ]
    listed = " and ".join(PANEL_NAMES[name] for name in names)
    plural = len(names) > 1
    if not ops:
        state = ("are" if plural else "is") + " already " + ("shown" if shown else "hidden")
        return NoticePlan(intent="panels", summary=f"The {listed} {state}.")
    state = ("show" if plural else "shows") if shown else ("are" if plural else "is") + " hidden"
    return checked(preferences, "panels", ops, f"The {listed} {state} now.")
