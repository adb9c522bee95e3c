"""The ERP planner as a builtin-provider planner (apps/agent/providers/builtin.py).

- A question it answers → one `run_sql` call with {sql, params, chart, title}; when the run
  continues with that call's observation → a closing text built from the result's shape
  (columns, row count, truncation), never from its rows.
- A question that lacks a department or a period → the ERP parameter form
  (apps/a2ui/forms.py, through the `show_form` tool when the run offers it); the person's
  answer comes back as an A2UI action (`erp_parameters.submit`) and completes the question.
  Other clarifications (two periods to compare, what to measure) are texts with the choices.
- A refusal → a text. A request that is not about the ERP → None: other planners may take it.

Run context read: `as_of` (a date or ISO string; default today).
"""

import uuid
from datetime import date
from typing import Any

from pydantic import ValidationError

from apps.a2ui.forms import ERP_SUBMIT_ACTION, erp_parameter_answers, erp_parameter_form
from apps.a2ui.forms import Choice as FormChoice
from apps.agent.providers.builtin import Plan, PlannedCall, PlannerInput, planners, register_planner
from apps.erp.planner import Clarification, Planned, Refusal, messages, plan_question
from apps.erp.planner.describe import observation, summary
from apps.erp.planner.lexicon import lexicon
from apps.gateway.errors import GatewayError
from apps.gateway.services import run_sql

PLANNER_NAME = "erp"
PRIORITY = 200
RUN_SQL = "run_sql"
SHOW_FORM = "show_form"
FORM_FIELDS = {"department", "period"}
ANSWERS_REJECTED = "Some answers need another look: {problems}. Please correct them in the form."


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


def _form_answers(request: PlannerInput) -> tuple[str, dict[str, Any]] | str | None:
    """(question, answers) from a submitted ERP form; a text when the answers are invalid."""
    message = request.user_message
    action = message.metadata.get("a2ui_action") if message else None
    if not isinstance(action, dict) or action.get("name") != ERP_SUBMIT_ACTION:
        return None
    context = action.get("context")
    try:
        answers = erp_parameter_answers(context if isinstance(context, dict) else {})
    except ValidationError as error:
        problems = "; ".join(
            item["msg"].removeprefix("Value error, ").rstrip(".") for item in error.errors()
        )
        return ANSWERS_REJECTED.format(problems=problems)
    given: dict[str, Any] = {}
    if answers.department:
        given["department"] = answers.department
    if answers.period_start and answers.period_end:
        given |= {
            "period": "custom",
            "start": answers.period_start.isoformat(),
            "end": answers.period_end.isoformat(),
        }
    return answers.question, given


def _clarification_text(clarification: Clarification) -> str:
    lines = [clarification.message]
    for missing in clarification.missing:
        options = ", ".join(choice.label for choice in missing.choices)
        if missing.allow_custom_range:
            options += ", or a date range"
        lines.append(f"{missing.prompt}: {options}.")
    return "\n".join(lines)


EACH, EACH_LABEL = "each", "Each department"
DEPARTMENT_NAMES = "SELECT name FROM erp_department ORDER BY name"


def _tenant_departments(request: PlannerInput) -> list[FormChoice]:
    """The person's own tenant's departments, read through the gateway (under RLS)."""
    access = request.context.get("access")
    if access is None:
        return []
    try:
        result = run_sql(DEPARTMENT_NAMES, context=access)
    except GatewayError:
        return []
    return [FormChoice(name, name) for (name,) in result.rows]


def _clarify(request: PlannerInput, clarification: Clarification) -> Plan:
    names = {missing.name for missing in clarification.missing}
    if SHOW_FORM not in request.tool_names or not names <= FORM_FIELDS:
        return Plan(text=_clarification_text(clarification))
    departments = None
    for missing in clarification.missing:
        if missing.name == "department":
            departments = _tenant_departments(request) or [
                FormChoice(c.value, c.label) for c in missing.choices if c.value != EACH
            ]
            departments.append(FormChoice(EACH, EACH_LABEL))
    surface_id = f"erp-{uuid.uuid4().hex[:8]}"
    form = erp_parameter_form(
        surface_id=surface_id,
        question=clarification.question,
        departments=departments,
        period="period" in names,
    )
    arguments = {"surface_id": surface_id, "messages": form, "title": clarification.message}
    return Plan(text=clarification.message, calls=[PlannedCall(SHOW_FORM, arguments)])


def _closing(request: PlannerInput, question: str, as_of: date, answers) -> Plan | None:
    results = [m for m in request.tool_results if m.name == RUN_SQL]
    if not results:
        return None
    last = results[-1]
    if last.is_error:
        return Plan(text=messages.QUERY_FAILED.format(error=last.text))
    outcome = plan_question(question, as_of=as_of, answers=answers)
    if not isinstance(outcome, Planned):
        return Plan(text="The result is in the table.")
    return Plan(text=summary(outcome.query, outcome.title, observation(last.text)))


def plan(request: PlannerInput) -> Plan | None:
    """The builtin-provider planner function."""
    if request.tools and RUN_SQL not in request.tool_names:
        return None
    as_of = as_of_from(request.context)
    submitted = _form_answers(request)
    if isinstance(submitted, str):
        return Plan(text=submitted)
    question, answers = submitted if submitted else (request.user_text, None)
    if request.continuing:
        return _closing(request, question, as_of, answers)
    outcome = plan_question(question, as_of=as_of, answers=answers)
    if isinstance(outcome, Planned):
        # No text before the query: the result title and the closing sentence say it once.
        return Plan(calls=[PlannedCall(RUN_SQL, outcome.arguments())])
    if isinstance(outcome, Clarification):
        return _clarify(request, outcome)
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
