"""The builtin planner for UI requests: apps.studio.planner's plans turned into tool calls.

- a change ("make the buttons blue") → ``update_ui`` with the checked patch;
- "undo that", "redo", "reset my preferences" → ``ui_history``;
- a question (which color? the nearest readable color?) → the question as text and
  ``ask_ui_choice`` with the choices; the person's pick comes back as an A2UI action and
  becomes the ``update_ui`` call of that choice (looked up on the server);
- nothing to change, or a request it cannot map → a plain answer;
- not a UI request → None, for the other planners.

When the run continues after one of the studio's tools, it answers from the tool's result.
"""

import json
import re
from typing import Any

from apps.agent.providers.builtin import Plan, PlannedCall, PlannerInput, register_planner
from apps.studio import selectors
from apps.studio.planner import (
    ClarificationPlan,
    HistoryPlan,
    NoticePlan,
    PatchPlan,
    ui_request_plan,
)
from apps.studio.surfaces import CHOOSE_ACTION, choice_lookup
from apps.studio.tools import ASK_UI_CHOICE, TOOL_NAMES, UI_HISTORY, UPDATE_UI

PLANNER_NAME = "studio"
# Before the ERP and pipeline planners: "add a shortcut to headcount by department" is a UI
# request, not a headcount question. Requests that are not about the UI fall through.
PRIORITY = 20

NOT_MADE = "That change was not made. {reason}"
CHANGED = "Done: {changes}."
CHOICE_GONE = (
    "That form is no longer available, so nothing was changed. Ask again and pick from the "
    "new form."
)
KEPT = "Nothing changed; the interface stays as it is."
PICK_ONE = "Pick one, then Apply."
CONTRAST_NEXT = "Pick the readable color below, or keep things as they are."
MAX_QUESTION = 500
MAX_LABEL = 80
# "… for everyone": the tenant's defaults (the update_ui tool refuses it unless admin).
EVERYONE = re.compile(
    r",?\s*\b(?:for (?:everyone|everybody|all users|the whole (?:team|tenant|company))"
    r"|(?:as|to) the (?:tenant|company|team)(?:'s)? defaults?|(?:tenant|company)[- ]wide)\b",
    re.IGNORECASE,
)


def plan_ui(request: PlannerInput) -> Plan | None:
    """The builtin-provider planner function."""
    if request.continuing:
        return _conclude(request)
    message = request.user_message
    access = request.context.get("access")
    if message is None or access is None:
        return None
    if request.tools and UPDATE_UI not in request.tool_names:
        return None
    action = message.metadata.get("a2ui_action")
    if isinstance(action, dict):
        return _from_action(access, action)
    text, scope = message.text, "user"
    if EVERYONE.search(text):
        text, scope = EVERYONE.sub("", text).strip(), "tenant"
    layers = selectors.layers_get(context=access, scope=scope)
    plan = ui_request_plan(text, layers.preferences, layers.base)
    if plan is None:
        return None
    common = {"request": message.text, "scope": scope}
    if isinstance(plan, PatchPlan):
        arguments = {"ops": plan.ops, "summary": plan.summary, **common}
        return Plan(calls=[PlannedCall(UPDATE_UI, arguments)])
    if isinstance(plan, HistoryPlan):
        return Plan(calls=[PlannedCall(UI_HISTORY, {"action": plan.intent, **common})])
    if isinstance(plan, ClarificationPlan):
        return _clarify(plan, common)
    if isinstance(plan, NoticePlan):
        return Plan(text=plan.summary)
    return None


def _clarify(plan: ClarificationPlan, common: dict[str, str]) -> Plan:
    question = plan.question
    if plan.details.get("failures"):  # the contrast guard: say what to do with the form
        question = f"{question} {CONTRAST_NEXT}"
    choices = [
        {"label": choice.label[:MAX_LABEL], "value": choice.value[:64], "ops": choice.ops}
        for choice in plan.choices
    ]
    if not any(choice["ops"] for choice in choices):
        return Plan(text=question)
    arguments = {"question": PICK_ONE, "choices": choices, **common}
    return Plan(text=question[:MAX_QUESTION], calls=[PlannedCall(ASK_UI_CHOICE, arguments)])


def _from_action(access, action: dict[str, Any]) -> Plan | None:
    if action.get("name") != CHOOSE_ACTION:
        return None
    context = action.get("context") if isinstance(action.get("context"), dict) else {}
    chosen = choice_lookup(
        context=access, surface_id=str(action.get("surfaceId", "")), value=context.get("choice")
    )
    if chosen is None:
        return Plan(text=CHOICE_GONE)
    if not chosen.ops:
        return Plan(text=KEPT)
    arguments = {"ops": chosen.ops, "request": chosen.request, "scope": chosen.scope}
    return Plan(calls=[PlannedCall(UPDATE_UI, arguments)])


def _conclude(request: PlannerInput) -> Plan | None:
    last = request.last_result(TOOL_NAMES)
    if last is None:
        return None
    content = _json(last.text)
    if last.is_error:
        return Plan(text=NOT_MADE.format(reason=content.get("message", last.text)))
    if last.name == UPDATE_UI and content.get("applied"):
        summary = str(content.get("summary") or "")
        return Plan(text=summary if summary.endswith(".") else CHANGED.format(changes=summary))
    return Plan(text=str(content.get("message") or "Done."))


def _json(text: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except (TypeError, ValueError):
        return {}
    return value if isinstance(value, dict) else {}


def register(*, priority: int = PRIORITY) -> None:
    """Add the studio planner to the builtin provider's registry."""
    register_planner(PLANNER_NAME, plan_ui, priority=priority)
