"""The builtin planner for the hiring pipeline: understands a few plain requests and turns
them into tool calls, with no model involved.

- "move Maria Silva to interview", "reject Omar Berg", "hire #42", "mark Tara Haddad as
  withdrawn" → `move_candidate`
- "offer Maria 7200 for the position" → `move_candidate` to offer (without an amount the
  tool asks for it in a form)
- "show candidates in offer stage" → `run_sql` through the read-only SQL gateway
- the answer to one of the tool's forms (an A2UI action) → the call it completes

`parse_request` is the pure phrase parser; `plan_pipeline` is the planner the builtin
provider calls; `register()` adds it to the builtin provider's registry.
"""

import json
import re
from decimal import Decimal
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from apps.agent.providers.builtin import (
    PLANNER_KEY,
    Plan,
    PlannedCall,
    PlannerInput,
    PlannerRegistry,
)
from apps.agent.providers.builtin import register_planner as _register_planner
from apps.objects import surfaces
from apps.objects.amounts import parse_amount
from apps.objects.models import SALARY_STATES, CandidateState

PLANNER_NAME = "objects.pipeline"
MOVE_TOOL = "move_candidate"
UPDATE_TOOL = "update_candidate"
SQL_TOOL = "run_sql"
MY_TOOLS = {MOVE_TOOL, UPDATE_TOOL, SQL_TOOL}

TOOL_MISSING = (
    "I understood the request, but the {tool} tool is not available in this conversation, "
    "so I cannot carry it out."
)
REFUSED = "That change was not made. {reason}"
SHOWN = "{count} candidate{s} in the {state} stage{more}."

State = Literal["applied", "screening", "interview", "offer", "hired", "rejected", "withdrawn"]

STATE_WORDS: dict[str, str] = {
    "applied": "applied",
    "application": "applied",
    "applications": "applied",
    "new": "applied",
    "screen": "screening",
    "screening": "screening",
    "interview": "interview",
    "interviews": "interview",
    "interviewing": "interview",
    "offer": "offer",
    "offers": "offer",
    "offered": "offer",
    "hire": "hired",
    "hired": "hired",
    "reject": "rejected",
    "rejected": "rejected",
    "withdraw": "withdrawn",
    "withdrawn": "withdrawn",
    "withdrew": "withdrawn",
}


class MoveIntent(BaseModel):
    model_config = ConfigDict(frozen=True)

    candidate: str
    to_state: State
    offered_salary: Decimal | None = None


class ShowStageIntent(BaseModel):
    model_config = ConfigDict(frozen=True)

    state: State


Intent = MoveIntent | ShowStageIntent

_PLEASE = r"(?:(?:please|pls|can\s+you|could\s+you)\s+)?"
_STAGE = r"(?:\s+(?:stage|state|step|phase|round))?"
_AMOUNT = (
    r"(?:€|\$|eur\s+|usd\s+)?(?P<amount>\d[\d.,\s]*k?)(?:\s*(?:€|eur|euros?|usd|dollars?|\$))?"
)
_FOR_POSITION = r"(?:\s+(?:for\s+)?(?:the|this|that|her|his|their)\s+(?:position|role|job))?"
_PER_MONTH = r"(?:\s+(?:a|per)\s+month|\s*/\s*month|\s+monthly)?"

MOVE = re.compile(
    rf"^{_PLEASE}(?:move|advance|put|send|bring|take)\s+(?P<name>.+?)\s+"
    rf"(?:to|into|onto|on\s+to)\s+(?:the\s+)?(?P<state>[a-z]+){_STAGE}$",
    re.IGNORECASE,
)
MARK = re.compile(rf"^{_PLEASE}mark\s+(?P<name>.+?)\s+as\s+(?P<state>[a-z]+)$", re.IGNORECASE)
VERB = re.compile(
    rf"^{_PLEASE}(?P<verb>reject|decline|hire|withdraw)\s+(?P<name>.+)$", re.IGNORECASE
)
WITHDREW = re.compile(
    r"^(?P<name>.+?)\s+(?:has\s+)?withdr(?:ew|awn)(?:\s+(?:their|her|his)\s+application)?$",
    re.IGNORECASE,
)
OFFER = re.compile(
    rf"^{_PLEASE}(?:make\s+(?:an?\s+)?offer\s+(?:to\s+)?|offer\s+)(?P<name>.+?)"
    rf"(?:\s+(?:a\s+salary\s+of|of|at|with))?(?:\s+{_AMOUNT})?{_PER_MONTH}{_FOR_POSITION}$",
    re.IGNORECASE,
)
SHOW = re.compile(
    rf"^{_PLEASE}(?:(?:show|list|display|get|find)(?:\s+me)?\s+|which\s+|who\s+are\s+(?:the\s+)?)?"
    r"(?:the\s+|all\s+(?:the\s+)?)?candidates\s+(?:are\s+|that\s+are\s+)?(?:in|at)\s+"
    rf"(?:the\s+)?(?P<state>[a-z]+){_STAGE}$",
    re.IGNORECASE,
)
VERB_STATES = {
    "reject": "rejected",
    "decline": "rejected",
    "hire": "hired",
    "withdraw": "withdrawn",
}


def _normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip()).rstrip(" .!?")


def _state(word: str) -> str | None:
    return STATE_WORDS.get(word.lower())


def _name(raw: str) -> str | None:
    name = raw.strip(" ,;:'\"")
    return name or None


def parse_request(text: str) -> Intent | None:
    """The pipeline request in `text`, or None when it is not one this planner knows."""
    said = _normalise(text)

    def name_of(match: re.Match) -> str | None:
        return _name(match["name"])

    if match := SHOW.match(said):
        state = _state(match["state"])
        return ShowStageIntent(state=state) if state else None
    if match := OFFER.match(said):
        name = name_of(match)
        amount = parse_amount(match["amount"]) if match["amount"] else None
        if name is None or (match["amount"] and amount is None):
            return None
        return MoveIntent(candidate=name, to_state="offer", offered_salary=amount)
    for pattern in (MOVE, MARK):
        if match := pattern.match(said):
            state, name = _state(match["state"]), name_of(match)
            if state and name and state != "applied":
                return MoveIntent(candidate=name, to_state=state)
            return None
    if match := VERB.match(said):
        name = name_of(match)
        state = VERB_STATES[match["verb"].lower()]
        return MoveIntent(candidate=name, to_state=state) if name else None
    if match := WITHDREW.match(said):
        name = name_of(match)
        return MoveIntent(candidate=name, to_state="withdrawn") if name else None
    return None


def stage_query(state: str) -> dict[str, Any]:
    """`run_sql` arguments listing the candidates in `state` (the state is a bound parameter)."""
    salary = ", c.offered_salary" if state in SALARY_STATES else ""
    sql = (
        "SELECT c.name AS candidate, p.title AS position, d.name AS department"
        f"{salary}, c.updated_at AS last_change "
        "FROM erp_candidate c "
        "JOIN erp_position p ON p.id = c.position_id "
        "JOIN erp_department d ON d.id = p.department_id "
        "WHERE c.state = :state ORDER BY c.updated_at DESC, c.name"
    )
    label = CandidateState(state).label.lower()
    return {"sql": sql, "params": {"state": state}, "title": f"Candidates in the {label} stage"}


def _call_for(intent: Intent) -> PlannedCall:
    if isinstance(intent, ShowStageIntent):
        return PlannedCall(SQL_TOOL, stage_query(intent.state))
    arguments: dict[str, Any] = {"candidate": intent.candidate, "to_state": intent.to_state}
    if intent.offered_salary is not None:
        arguments["offered_salary"] = str(intent.offered_salary)
    return PlannedCall(MOVE_TOOL, arguments)


def _from_action(action: dict[str, Any]) -> PlannedCall | None:
    """The call a submitted pipeline form completes."""
    tool = {surfaces.ACTION_MOVE: MOVE_TOOL, surfaces.ACTION_UPDATE: UPDATE_TOOL}.get(
        action.get("name")
    )
    if tool is None:
        return None
    context = action.get("context") or {}
    arguments: dict[str, Any] = {}
    for key, value in context.items():
        if isinstance(value, list):  # a ChoicePicker's selection
            value = value[0] if value else None
        if value not in (None, ""):
            arguments[key] = value
    return PlannedCall(tool, arguments)


def _made_last_call(request: PlannerInput) -> bool:
    for message in reversed(request.messages):
        if message.role == "assistant":
            return message.metadata.get(PLANNER_KEY) == PLANNER_NAME
        if message.role == "user":
            return False
    return False


def _observation(text: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        return {"message": text}
    return data if isinstance(data, dict) else {"message": text}


def _reason(message: str) -> str:
    """'salary_out_of_band: The offered salary …' → 'The offered salary …'."""
    code, _, rest = message.partition(": ")
    return rest if rest and re.fullmatch(r"[a-z_]+", code) else message


def _conclude(request: PlannerInput) -> Plan | None:
    last = request.last_result(MY_TOOLS)
    if last is None:
        return None
    data = _observation(last.text)
    if last.is_error or "error" in data:
        return Plan(text=REFUSED.format(reason=_reason(str(data.get("message", last.text)))))
    if last.name == SQL_TOOL:
        count = int(data.get("row_count", 0))
        title = next(
            (
                call.arguments
                for message in reversed(request.messages)
                if message.role == "assistant"
                for call in message.tool_calls
                if call.id == last.tool_call_id
            ),
            "{}",
        )
        state = json.loads(title).get("params", {}).get("state", "")
        return Plan(
            text=SHOWN.format(
                count=count,
                s="" if count == 1 else "s",
                state=CandidateState(state).label.lower() if state else "requested",
                more=" (the list is truncated)" if data.get("truncated") else "",
            )
        )
    return Plan(text=str(data.get("message", "Done.")))


def plan_pipeline(request: PlannerInput) -> Plan | None:
    """The builtin planner for pipeline requests (see the module docstring)."""
    if request.continuing:
        return _conclude(request) if _made_last_call(request) else None
    message = request.user_message
    if message is None:
        return None
    action = message.metadata.get("a2ui_action")
    call = _from_action(action) if isinstance(action, dict) else None
    if call is None:
        intent = parse_request(message.text)
        if intent is None:
            return None
        call = _call_for(intent)
    if call.name not in request.tool_names:
        return Plan(text=TOOL_MISSING.format(tool=call.name))
    return Plan(calls=[call])


def register(registry: PlannerRegistry | None = None, *, priority: int = 50) -> None:
    """Add the planner to `registry` (default: the builtin provider's)."""
    if registry is None:
        _register_planner(PLANNER_NAME, plan_pipeline, priority=priority)
    else:
        registry.register(PLANNER_NAME, plan_pipeline, priority=priority)
