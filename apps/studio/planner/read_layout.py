"""Recognizers for the layout and the sidebar's shortcuts (reading.py).

Sidebar position, where results show, which panels show, and adding, removing or renaming a
shortcut. Shortcut requests quote what the shortcut opens, so they are read on the request as
typed (the question keeps its case and may contain "and").
"""

import re

from apps.studio.planner.clause import Clause
from apps.studio.planner.reading import Reading, indices, reading, whole_clause

SHORTCUT_WORDS = r"(?:shortcut|short cut|quick link|link|bookmark|favou?rite|button)"
ADD_SHORTCUT = re.compile(
    r"^(?:please |can you |could you )?(?:add|create|make|save|put|pin|give)(?: me)?"
    r" (?:a |an |one more |another )?(?:new )?(?:sidebar )?"
    rf"{SHORTCUT_WORDS}(?: (?:to|for|that opens|that asks|called|named|of))?"
    r"(?: (?P<what>.+?))?(?: (?:in|to|on|into) (?:the |my )?sidebar)?(?: please)?$",
    re.IGNORECASE,
)
# Without the word shortcut (the add form has it): "pin average salary to the sidebar".
PIN = re.compile(
    rf"^(?:please )?(?:pin|add|put) (?!(?:a |an |another |one more |new )*{SHORTCUT_WORDS})"
    r"(?P<what>.+?) (?:in|to|on|into) (?:the |my )?sidebar(?: please)?$",
    re.IGNORECASE,
)
REMOVE_SHORTCUT = re.compile(
    r"^(?:please )?(?:remove|delete|drop|unpin|get rid of|take out)"
    rf" (?:the |my )?(?:(?:{SHORTCUT_WORDS}) (?:to|for|called|named) )?(?P<name>.+?)"
    rf"(?: {SHORTCUT_WORDS})?(?: (?:from|in) (?:the |my )?sidebar)?(?: please)?$",
    re.IGNORECASE,
)
RENAME_SHORTCUT = re.compile(
    rf"^(?:please )?(?:rename|relabel) (?:the |my )?(?:(?:{SHORTCUT_WORDS}) (?:to|for|called"
    rf"|named) )?(?P<old>.+?)(?: {SHORTCUT_WORDS})? (?:to|as|into) (?P<new>.+)$"
    rf"|^call (?:the |my )?(?P<old2>.+?) {SHORTCUT_WORDS} (?P<new2>.+)$",
    re.IGNORECASE,
)
# "button" names a shortcut only when one is added ("add a button for headcount"): "remove the
# buttons" is not about shortcuts.
NAMES_A_SHORTCUT = re.compile(
    r"\b(?:shortcut|short cut|quick link|link|bookmark|favou?rite)s?\b", re.IGNORECASE
)
FROM_SIDEBAR = re.compile(r"\bfrom (?:the |my )?sidebar\b|^unpin\b", re.IGNORECASE)


def read_shortcut(clause: Clause) -> Reading | None:
    """Add ("add a shortcut to headcount by department"), pin ("pin X to the sidebar"),
    remove or rename a sidebar shortcut. Reads the clause as typed, every word its own. The
    four forms exclude each other (rename, remove and add start with their own verbs; pin is
    add without the word shortcut), so the order they are tried in plays no part."""
    raw = clause.request.raw
    everything = whole_clause(clause)
    match = RENAME_SHORTCUT.match(raw)
    if match and NAMES_A_SHORTCUT.search(raw):
        old, new = match["old"] or match["old2"], match["new"] or match["new2"]
        return reading("shortcut_rename", {"old": old, "new": new}, values=everything)
    match = REMOVE_SHORTCUT.match(raw)
    if match and (NAMES_A_SHORTCUT.search(raw) or FROM_SIDEBAR.search(raw)):
        return reading("shortcut_remove", {"name": match["name"]}, values=everything)
    match = ADD_SHORTCUT.match(raw)
    if match:
        return reading("shortcut_add", {"what": match["what"]}, values=everything)
    match = PIN.match(raw)
    if match:
        return reading("shortcut_pin", {"what": match["what"]}, values=everything)
    return None


def read_sidebar(clause: Clause) -> Reading | None:
    """Where the sidebar goes: "move the sidebar to the right", "hide the navigation", "no
    sidebar", "put the sidebar back". Hiding wins over a side, a side over showing."""
    if not clause.object_is("sidebar"):
        return None
    hide = [
        i
        for i, m in enumerate(clause.mentions)
        if m.value("visibility") == "hide" or m.has("negation")
    ]
    positions = [(i, m.value("position")) for i, m in clause.of("position")]
    sides = [(i, p) for i, p in positions if p in ("left", "right", "other_side")]
    show = [i for i, m in clause.of("visibility") if m.value("visibility") == "show"]
    if hide:
        action, used = "hidden", hide
    elif any(p == "other_side" for _, p in sides):
        action, used = "other_side", indices(sides)
    elif sides:
        action, used = sides[0][1], indices(sides)
    elif show:
        action, used = "show", show
    else:
        return None
    objects = [clause.objects[0][0]]
    return reading("sidebar", {"action": action}, objects=objects, values=used)


def read_artifact_panel(clause: Clause) -> Reading | None:
    """Where results show: "move the results to the bottom", "charts and tables below the
    conversation", "results next to the chat"."""
    if not clause.object_is("results"):
        return None
    for index, mention in clause.of("position"):
        position = mention.value("position")
        if not clause.has("verb") and clause.unexplained([clause.objects[0][0], index]):
            return None  # "results on the right please" needs no verb, but nothing else
        if position in ("bottom", "right", "beside"):
            target = "bottom" if position == "bottom" else "right"
            objects = [clause.objects[0][0]]
            return reading("artifact_panel", {"position": target}, objects=objects, values=[index])
    return None


def read_panels(clause: Clause) -> Reading | None:
    """Which workspace panels show: "hide the sql panel", "I don't want to see the SQL",
    "show the chart and the table again". Every word must be accounted for, since the same
    words start ERP questions ("show me the sql for headcount")."""
    panels = [(i, m.value("panel")) for i, m in clause.of("panel") if not clause.is_place(i)]
    visibility = clause.of("visibility")
    opens = clause.opens_with("visibility") or clause.opens_with("verb")
    if not panels or not visibility or not opens:
        return None  # "make the sql visible again", "bring the chart back" open with a verb
    if clause.unexplained(indices(panels) + indices(visibility) + indices(clause.of("verb"))):
        return None
    shown = visibility[0][1].value("visibility") == "show"
    names = tuple(dict.fromkeys(name for _, name in panels))
    slots = {"names": names, "shown": shown}
    return reading("panels", slots, objects=indices(panels), values=indices(visibility))
