"""The ERP planner as a builtin-provider planner (apps/agent/providers/builtin.py).

Fresh question → a `run_sql` call with {sql, params, chart, title}; when the run continues with
that call's observation → a closing text built from the result's shape. A clarification is a
text (and, when the run offers the `CLARIFY_TOOL` tool, a call to it with the structured need);
a refusal is a text. Questions that are not about the ERP are left to other planners.

Run context read: `as_of` (a date or ISO string; default today). A clarification's answers come
back on the next user message as `metadata["erp_clarification"] = {"question": ..., "answers":
{...}}` (see Clarification.as_dict and plan_question).
"""

from datetime import date
from typing import Any

from apps.agent.providers.builtin import Plan, PlannedCall, PlannerInput, planners, register_planner
from apps.erp.planner import Clarification, Planned, Refusal, messages, plan_question
from apps.erp.planner.describe import observation, summary
from apps.erp.planner.lexicon import lexicon

PLANNER_NAME = "erp"
RUN_SQL = "run_sql"
CLARIFY_TOOL = "erp_clarify"
CLARIFICATION_KEY = "erp_clarification"
PRIORITY = 200


def as_of_from(context: dict[str, Any]) -> date:
    value = context.get("as_of")
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    return date.today()


def _question(request: PlannerInput) -> tuple[str, dict[str, Any] | None]:
    message = request.user_message
    if message is None:
        return "", None
    pending = message.metadata.get(CLARIFICATION_KEY)
    if isinstance(pending, dict) and isinstance(pending.get("question"), str):
        answers = pending.get("answers")
        return pending["question"], answers if isinstance(answers, dict) else {}
    return message.text, None


def _clarification_text(clarification: Clarification) -> str:
    lines = [clarification.message]
    for missing in clarification.missing:
        options = ", ".join(choice.label for choice in missing.choices)
        if missing.allow_custom_range:
            options += ", or a date range"
        lines.append(f"{missing.prompt}: {options}.")
    return "\n".join(lines)


def plan(request: PlannerInput) -> Plan | None:
    """The builtin-provider planner function."""
    if request.tools and RUN_SQL not in request.tool_names:
        return None
    as_of = as_of_from(request.context)
    question, answers = _question(request)
    if request.continuing:
        results = [m for m in request.tool_results if m.name == RUN_SQL]
        if not results:
            return None
        outcome = plan_question(question, as_of=as_of, answers=answers)
        heading = outcome.title if isinstance(outcome, Planned) else "The query ran"
        last = results[-1]
        if last.is_error:
            return Plan(text=messages.QUERY_FAILED.format(error=last.text))
        query = outcome.query if isinstance(outcome, Planned) else None
        if query is None:
            return Plan(text=f"{heading}. The result is in the table.")
        return Plan(text=summary(query, heading, observation(last.text)))
    outcome = plan_question(question, as_of=as_of, answers=answers)
    if isinstance(outcome, Planned):
        return Plan(text=f"{outcome.title}.", calls=[PlannedCall(RUN_SQL, outcome.arguments())])
    if isinstance(outcome, Clarification):
        text = _clarification_text(outcome)
        if CLARIFY_TOOL in request.tool_names:
            return Plan(text=text, calls=[PlannedCall(CLARIFY_TOOL, outcome.as_dict())])
        return Plan(text=text)
    if isinstance(outcome, Refusal) and outcome.kind == "not_erp":
        return None
    return Plan(text=outcome.message)


def register(*, priority: int = PRIORITY) -> None:
    """Add the ERP planner to the builtin provider's registry (once; later calls do nothing).

    It runs after the other builtin planners (a higher number): it refuses every request to
    change ERP-looking data, which a planner for its own objects (candidates, UI preferences)
    should see first. Loads the semantic model and the vocabulary now, so the first question
    is as fast as the others."""
    lexicon()
    if PLANNER_NAME not in planners.names():
        register_planner(PLANNER_NAME, plan, priority=priority)
