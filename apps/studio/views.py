"""The customization history page, its undo/redo/reset buttons, and sidebar shortcuts that ask
a saved question in a new thread."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe
from pydantic import ValidationError

from apps.accounts.models import Role
from apps.agent import runtime
from apps.agent import services as agent_services
from apps.agent.inbound import UserText
from apps.studio import selectors, services
from apps.studio.describe import patch_summary
from apps.studio.models import Action
from apps.studio.preferences import FONT_LABELS, Preferences
from apps.studio.tools import history_message

HISTORY_LIMIT = 200
ACTIONS = {
    "undo": services.preferences_undo,
    "redo": services.preferences_redo,
    "reset": services.preferences_reset,
}
REQUESTS = {
    "undo": "Undo (history page)",
    "redo": "Redo (history page)",
    "reset": "Reset (history page)",
}
NO_SUCH_SHORTCUT = "That shortcut is no longer in your sidebar."
ACTION_BADGES = {Action.UNDO: "Undo", Action.REDO: "Redo", Action.RESET: "Reset"}


def _scope(request) -> selectors.Scope:
    """The scope a request names; the services refuse ``tenant`` unless the person is admin."""
    value = request.POST.get("scope") or request.GET.get("scope")
    return "tenant" if value == "tenant" else "user"


def _rows(versions: list) -> list[dict]:
    """Versions newest first, each with its changes in words (named from the version before)."""
    rows = []
    for index, version in enumerate(versions):
        previous = versions[index + 1] if index + 1 < len(versions) else None
        before = None
        if previous is not None and previous.number == version.number - 1:
            try:
                before = Preferences.model_validate(previous.document)
            except ValidationError:
                before = None
        rows.append(
            {
                "version": version,
                "badge": ACTION_BADGES.get(version.action, ""),
                "changes": patch_summary(version.patch, before),
                "undid": version.target if version.action in (Action.UNDO, Action.REDO) else None,
            }
        )
    return rows


@login_required
@require_safe  # a page to read: a PUT or DELETE rendered it as a 200
def history(request):
    access = request.access
    scope = _scope(request) if access.role == Role.ADMIN else "user"
    # One more than shown, so the oldest shown version's changes can be named too.
    versions = selectors.versions_list(context=access, scope=scope, limit=HISTORY_LIMIT + 1)
    state = selectors.history_state(context=access, scope=scope)
    layers = selectors.layers_get(context=access, scope=scope)
    return render(
        request,
        "studio/history.html",
        {
            "scope": scope,
            "is_admin": access.role == Role.ADMIN,
            "rows": _rows(versions)[:HISTORY_LIMIT],
            "state": state,
            "layers": layers,
            "has_overrides": bool(layers.overrides),
            "current": _current_summary(layers.preferences),
        },
    )


def _current_summary(preferences: Preferences) -> list[tuple[str, str]]:
    theme, layout = preferences.theme, preferences.layout
    hidden = [name for name, shown in layout.panels.model_dump().items() if not shown]
    return [
        ("Mode", theme.mode),
        ("Buttons and links", theme.primary),
        ("Font", FONT_LABELS[theme.font]),
        ("Text size", f"{theme.font_scale:.0%}"),
        ("Spacing", theme.density),
        ("Sidebar", layout.sidebar),
        ("Results panel", layout.artifact_panel),
        ("Hidden panels", ", ".join(hidden) or "none"),
        ("Shortcuts", str(len(preferences.shortcuts))),
    ]


@login_required
@require_POST
def history_action(request, action: str):
    if action not in ACTIONS:
        raise Http404("No such action")
    scope = _scope(request)
    try:
        applied = ACTIONS[action](context=request.access, scope=scope, request=REQUESTS[action])
    except services.StudioError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, history_message(applied))
    url = reverse("studio_history")
    return redirect(f"{url}?scope=tenant" if scope == "tenant" else url)


@login_required
@require_POST
def shortcut_ask(request, shortcut_id: str):
    preferences = selectors.preferences_get(context=request.access)
    shortcut = next(
        (
            item
            for item in preferences.shortcuts
            if item.id == shortcut_id and item.kind == "question"
        ),
        None,
    )
    if shortcut is None:
        messages.error(request, NO_SUCH_SHORTCUT)
        return redirect("studio_history")
    context = request.access
    thread = agent_services.thread_create(context=context)
    message = UserText(type="message", text=shortcut.target)
    # The run's worker must see the new thread: start it once this request's transaction commits.
    transaction.on_commit(
        lambda: runtime.run_start_background(context=context, thread_id=thread.id, message=message)
    )
    return redirect("thread", thread_id=thread.id)
