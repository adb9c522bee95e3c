"""Sidebar shortcuts: add (a saved question, a deck, a thread or a page), remove, rename.

Edits of an existing shortcut start with a ``test`` op on its id, so a patch planned against
one order of the list never removes or renames another shortcut.
"""

import re
from collections.abc import Callable
from typing import Any

from apps.studio.planner.plans import (
    Choice,
    ClarificationPlan,
    Context,
    NoticePlan,
    PatchPlan,
    UiPlan,
    checked,
    replace,
)
from apps.studio.preferences import (
    INTERNAL_PAGES,
    MAX_LABEL_LENGTH,
    MAX_SHORTCUTS,
    Preferences,
    Shortcut,
)

PAGE_ALIASES = {
    "/": ("home", "workspace", "ask the erp", "ask", "main page", "start page"),
    "/threads/new": ("new thread", "new conversation", "new chat"),
    "/decks/": ("decks", "deck list", "slides", "slide decks", "presentations"),
    "/pipeline/": ("hiring", "hiring pipeline", "pipeline", "candidates", "recruiting"),
    "/studio/history/": ("customization history", "ui history", "change history", "history"),
}
TARGET_ID = re.compile(
    r"^(?:the )?(?P<kind>deck|thread) (?:(?:#|number|no\.?|id) ?)?#?"
    r"(?P<id>\d+|[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12})$",
    re.IGNORECASE,
)
QUOTES = "\"'“”‘’"

WHAT_TO_OPEN = "What should the shortcut open? Pick a page, or type a question to save."
ALREADY_THERE = "The sidebar already has “{label}”."
FULL = "The sidebar holds at most {limit} shortcuts; remove one first."
ADDED = "Added “{label}” to the sidebar."
NONE_YET = "There are no shortcuts in the sidebar yet."
SEVERAL_MATCH = "Several shortcuts match “{name}”. Which one?"
NONE_MATCH = "No shortcut is called “{name}”. Which one did you mean?"
REMOVED = "Removed “{label}”."
RENAMED = "Renamed “{old}” to “{new}”."


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
    question = what.strip().strip(QUOTES)
    return "question", question, label_from(question)


def label_from(question: str) -> str:
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


def plan_shortcut_add(slots: dict, context: Context) -> UiPlan:
    preferences, what = context.preferences, slots["what"]
    shortcuts = preferences.shortcuts
    if not what:
        taken = {s.id for s in shortcuts}
        return ClarificationPlan(
            intent="shortcut_add",
            question=WHAT_TO_OPEN,
            field="/shortcuts/-",
            choices=[
                _page_choice(path, label, taken)
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
        return NoticePlan(intent="shortcut_add", summary=ALREADY_THERE.format(label=existing.label))
    if len(shortcuts) >= MAX_SHORTCUTS:
        return NoticePlan(intent="shortcut_add", summary=FULL.format(limit=MAX_SHORTCUTS))
    shortcut = {
        "id": _slug(label, {s.id for s in shortcuts}),
        "label": label,
        "kind": kind,
        "target": target,
    }
    ops = [{"op": "add", "path": "/shortcuts/-", "value": shortcut}]
    return checked(preferences, "shortcut_add", ops, ADDED.format(label=label))


def _page_choice(path: str, label: str, taken: set[str]) -> Choice:
    value = {"id": _slug(label, taken), "label": label, "kind": "page", "target": path}
    return Choice(
        label=label, value=path, ops=[{"op": "add", "path": "/shortcuts/-", "value": value}]
    )


def _matching(shortcuts: list[Shortcut], name: str) -> list[int]:
    wanted = re.sub(r"^(?:the|my) ", "", name.strip().strip(QUOTES).casefold())
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


def _which_shortcut(
    preferences: Preferences, intent: str, name: str, build: Callable[[int], UiPlan]
) -> UiPlan:
    shortcuts = preferences.shortcuts
    if not shortcuts:
        return NoticePlan(intent=intent, summary=NONE_YET)
    found = _matching(shortcuts, name)
    if len(found) == 1:
        return build(found[0])
    candidates = found or range(len(shortcuts))
    question = (SEVERAL_MATCH if found else NONE_MATCH).format(name=name)
    choices = []
    for index in candidates:
        plan = build(index)
        if isinstance(plan, PatchPlan):
            shortcut = shortcuts[index]
            choices.append(Choice(label=shortcut.label, value=shortcut.id, ops=plan.ops))
    return ClarificationPlan(intent=intent, question=question, field="/shortcuts", choices=choices)


def plan_shortcut_remove(slots: dict, context: Context) -> UiPlan:
    preferences = context.preferences
    shortcuts = preferences.shortcuts

    def build(index: int) -> UiPlan:
        shortcut = shortcuts[index]
        ops = [_guarded(index, shortcut), {"op": "remove", "path": f"/shortcuts/{index}"}]
        summary = REMOVED.format(label=shortcut.label)
        return checked(preferences, "shortcut_remove", ops, summary)

    return _which_shortcut(preferences, "shortcut_remove", slots["name"], build)


def plan_shortcut_rename(slots: dict, context: Context) -> UiPlan:
    preferences = context.preferences
    shortcuts = preferences.shortcuts
    label = label_from(slots["new"].strip().strip(QUOTES))

    def build(index: int) -> UiPlan:
        shortcut = shortcuts[index]
        ops = [_guarded(index, shortcut), replace(f"/shortcuts/{index}/label", label)]
        summary = RENAMED.format(old=shortcut.label, new=label)
        return checked(preferences, "shortcut_rename", ops, summary)

    return _which_shortcut(preferences, "shortcut_rename", slots["old"], build)
