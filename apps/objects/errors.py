"""Domain errors of the object layer, and the one place where database errors become them.

The pre-checks (apps/objects/layer.py) and the database (migrations/0002_rules.py) raise the
same errors with the same messages, so a person sees the same explanation whichever of the
two stopped the change. Message texts are module constants that tests reuse.
"""

import json
from decimal import Decimal
from typing import Any

from django.db import DatabaseError

from apps.objects.models import CandidateState

MSG_NOT_ALLOWED = (
    "Your role ({role}) can view the hiring pipeline but not change it. "
    "Ask an HR manager or an admin to make this change."
)
MSG_TRANSITION = (
    "{subject} is in {from_state} and cannot move to {to_state}. Next possible steps: {allowed}."
)
MSG_FINAL = "{subject} is {state}, a final state: the record can no longer change."
MSG_SALARY_OUT_OF_BAND = (
    "The offered salary {salary} is outside the position's band ({salary_min} to "
    "{salary_max}). Offer an amount within the band."
)
MSG_SALARY_REQUIRED = (
    "An offer needs an offered salary. Enter an amount within the position's band."
)
MSG_SALARY_TOO_EARLY = "A salary can only be offered when the candidate enters the offer stage."
MSG_NOT_FOUND = "No {thing} with that reference exists in your organisation."
MSG_TENANT = (
    "That change would put the record in another organisation, which is not allowed. "
    "Nothing was changed."
)
MSG_IMMUTABLE = "The id and creation time of a record never change."
MSG_HISTORY = (
    "The candidate history is append-only: entries are written by the database when a "
    "candidate changes, and cannot be added, edited or deleted by hand."
)
MSG_NO_DELETE = "Candidates are never deleted. Move the candidate to rejected or withdrawn instead."
MSG_INITIAL_STATE = "A new candidate starts in applied; move them on from there."
MSG_DUPLICATE = "A candidate with this email has already applied to this position."
MSG_INVALID = "{label} is not valid: {reason}."
MSG_UNEXPECTED = (
    "The database refused the change ({sqlstate}). Nothing was changed; if this keeps "
    "happening, report it with the time it happened."
)


def format_amount(value: Decimal | float | int | str | None) -> str:
    """7200 → '7,200'; 7200.5 → '7,200.50'."""
    if value is None:
        return "—"
    amount = Decimal(str(value))
    if amount == amount.to_integral_value():
        return f"{amount:,.0f}"
    return f"{amount:,.2f}"


class ObjectError(Exception):
    """A change the object layer or the database refused. `code` is stable (for the agent
    and the tests); `field` names the offending field when there is one."""

    code = "object_error"
    field: str | None = None

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if field is not None:
            self.field = field

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "field": self.field}


class NotAllowed(ObjectError):
    code = "not_allowed"


class TransitionNotAllowed(ObjectError):
    code = "transition_not_allowed"
    field = "state"


class FinalState(ObjectError):
    code = "final_state"
    field = "state"


class SalaryOutOfBand(ObjectError):
    code = "salary_out_of_band"
    field = "offered_salary"


class SalaryRequired(ObjectError):
    code = "salary_required"
    field = "offered_salary"


class SalaryTooEarly(ObjectError):
    code = "salary_too_early"
    field = "offered_salary"


class NotFound(ObjectError):
    code = "not_found"


class TenantViolation(ObjectError):
    code = "tenant_violation"


class Immutable(ObjectError):
    code = "immutable"


class HistoryAppendOnly(ObjectError):
    code = "history_append_only"


class DeleteNotAllowed(ObjectError):
    code = "delete_not_allowed"


class InvalidInitialState(ObjectError):
    code = "invalid_initial_state"
    field = "state"


class Duplicate(ObjectError):
    code = "duplicate"
    field = "email"


class InvalidValue(ObjectError):
    code = "invalid_value"


class UnexpectedDatabaseError(ObjectError):
    code = "database_error"


def state_label(state: str | None) -> str:
    if state is None:
        return "—"
    try:
        return CandidateState(state).label.lower()
    except ValueError:
        return state


def transition_error(subject: str, from_state: str, to_state: str) -> TransitionNotAllowed:
    from apps.objects.pipeline import PIPELINE  # pipeline.py declares its validators with us

    allowed = ", ".join(state_label(s) for s in PIPELINE.next_states(from_state)) or "none"
    return TransitionNotAllowed(
        MSG_TRANSITION.format(
            subject=subject,
            from_state=state_label(from_state),
            to_state=state_label(to_state),
            allowed=allowed,
        )
    )


def final_state_error(subject: str, state: str) -> FinalState:
    return FinalState(MSG_FINAL.format(subject=subject, state=state_label(state)))


def salary_band_error(salary: Any, salary_min: Any, salary_max: Any) -> SalaryOutOfBand:
    return SalaryOutOfBand(
        MSG_SALARY_OUT_OF_BAND.format(
            salary=format_amount(salary),
            salary_min=format_amount(salary_min),
            salary_max=format_amount(salary_max),
        )
    )


def not_allowed_error(role: str | None) -> NotAllowed:
    return NotAllowed(MSG_NOT_ALLOWED.format(role=role or "none"))


# Named constraints of migrations/0001_initial.py and their errors.
CONSTRAINT_ERRORS: dict[str, tuple[type[ObjectError], str, str | None]] = {
    "erp_candidate_offer_needs_salary": (SalaryRequired, MSG_SALARY_REQUIRED, None),
    "erp_candidate_salary_only_from_offer": (SalaryTooEarly, MSG_SALARY_TOO_EARLY, None),
    "erp_candidate_salary_positive": (
        InvalidValue,
        MSG_INVALID.format(label="Offered salary", reason="it must be more than zero"),
        "offered_salary",
    ),
    "erp_candidate_email_valid": (
        InvalidValue,
        MSG_INVALID.format(label="Email", reason="it must look like name@example.com"),
        "email",
    ),
    "erp_candidate_state_valid": (
        InvalidValue,
        MSG_INVALID.format(label="State", reason="it is not a pipeline state"),
        "state",
    ),
    "erp_candidate_position_email_uniq": (Duplicate, MSG_DUPLICATE, None),
    "erp_position_band_valid": (
        InvalidValue,
        MSG_INVALID.format(
            label="Salary band", reason="the minimum must be positive and at most the maximum"
        ),
        "salary_min",
    ),
    "erp_position_level_range": (
        InvalidValue,
        MSG_INVALID.format(label="Level", reason="it must be between 1 and 10"),
        "level",
    ),
    "erp_candidate_position_same_tenant": (
        NotFound,
        MSG_NOT_FOUND.format(thing="position"),
        "position",
    ),
}


def _facts(diag: Any) -> dict[str, Any]:
    try:
        facts = json.loads(diag.message_detail or "{}")
    except (TypeError, ValueError):
        return {}
    return facts if isinstance(facts, dict) else {}


def translate(error: DatabaseError, *, subject: str = "This candidate") -> ObjectError:
    """The application error for a database error raised by a pipeline write.

    Reads the SQLSTATE (class TP: our triggers, with facts as JSON in DETAIL), the constraint
    name, or for privilege errors the message (PostgreSQL reports a row-level security
    violation and a missing grant with the same SQLSTATE, 42501)."""
    cause = error.__cause__ if error.__cause__ is not None else error
    sqlstate = getattr(cause, "sqlstate", None) or ""
    diag = getattr(cause, "diag", None)
    facts = _facts(diag) if diag is not None else {}
    message = (getattr(diag, "message_primary", None) or str(cause)) if diag else str(cause)

    if sqlstate == "TP001":
        return not_allowed_error(facts.get("role"))
    if sqlstate == "TP002":
        return transition_error(subject, facts.get("from", "?"), facts.get("to", "?"))
    if sqlstate == "TP003":
        return final_state_error(subject, facts.get("state", "?"))
    if sqlstate == "TP004":
        return salary_band_error(
            facts.get("offered_salary"), facts.get("salary_min"), facts.get("salary_max")
        )
    if sqlstate == "TP005":
        thing = "department" if "department_id" in facts else "position"
        return NotFound(MSG_NOT_FOUND.format(thing=thing), field=thing)
    if sqlstate == "TP006":
        return Immutable(MSG_IMMUTABLE)
    if sqlstate == "TP007":
        return HistoryAppendOnly(MSG_HISTORY)
    if sqlstate == "TP008":
        return DeleteNotAllowed(MSG_NO_DELETE)
    if sqlstate == "TP009":
        return InvalidInitialState(MSG_INITIAL_STATE)
    if sqlstate == "TP010":
        return TenantViolation(MSG_TENANT)
    if sqlstate in {"23514", "23505", "23503"}:
        constraint = getattr(diag, "constraint_name", None) if diag else None
        if constraint in CONSTRAINT_ERRORS:
            kind, text, field = CONSTRAINT_ERRORS[constraint]
            return kind(text, field=field)
        if sqlstate == "23503":
            thing = "position" if "position" in (constraint or "") else "related record"
            return NotFound(MSG_NOT_FOUND.format(thing=thing))
    if sqlstate == "42501":
        if "row-level security" in message:
            return TenantViolation(MSG_TENANT)
        if "erp_candidate_event" in message:
            return HistoryAppendOnly(MSG_HISTORY)
        if "erp_candidate" in message:
            return DeleteNotAllowed(MSG_NO_DELETE)
    return UnexpectedDatabaseError(MSG_UNEXPECTED.format(sqlstate=sqlstate or "unknown"))
