"""The hiring pipeline's object types, declared once: fields, who may write, validators,
relations and the state machine. The database enforces the same rules;
tests/objects/test_declarations.py checks that the two agree."""

import re
from decimal import Decimal

from apps.objects import errors
from apps.objects.layer import Change, FieldSpec, ObjectType, StateMachine
from apps.objects.models import (
    SALARY_STATES,
    STATES_WITH_REQUIRED_SALARY,
    Candidate,
    CandidateState,
    Position,
)

# The same pattern as the check constraint erp_candidate_email_valid.
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
WRITER_ROLES = frozenset({"hr_manager", "admin"})
FINAL_STATES = frozenset({"hired", "rejected", "withdrawn"})
FLOW = ("applied", "screening", "interview", "offer", "hired")

PIPELINE = StateMachine(
    field="state",
    initial=CandidateState.APPLIED,
    transitions={
        "applied": ("screening", "rejected", "withdrawn"),
        "screening": ("interview", "rejected", "withdrawn"),
        "interview": ("offer", "rejected", "withdrawn"),
        "offer": ("hired", "rejected", "withdrawn"),
    },
    final=FINAL_STATES,
)


def _position_of(change: Change) -> Position | None:
    position_id = change.value("position")
    if isinstance(position_id, Position):
        return position_id
    return Position.objects.filter(pk=position_id).first() if position_id is not None else None


def offer_needs_salary(change: Change) -> None:
    if (
        change.value("state") in STATES_WITH_REQUIRED_SALARY
        and change.value("offered_salary") is None
    ):
        raise errors.SalaryRequired(errors.MSG_SALARY_REQUIRED)


def salary_only_from_offer(change: Change) -> None:
    if change.value("offered_salary") is not None and change.value("state") not in SALARY_STATES:
        raise errors.SalaryTooEarly(errors.MSG_SALARY_TOO_EARLY)


def salary_within_band(change: Change) -> None:
    salary = change.value("offered_salary")
    if salary is None or not ({"offered_salary", "position"} & change.changed):
        return
    position = _position_of(change)
    if position is None:
        raise errors.NotFound(errors.MSG_NOT_FOUND.format(thing="position"), field="position")
    if not position.salary_min <= Decimal(salary) <= position.salary_max:
        raise errors.salary_band_error(salary, position.salary_min, position.salary_max)


def email_is_valid(change: Change) -> None:
    if "email" in change.changed and not EMAIL.match(change.value("email") or ""):
        kind, message, field = errors.CONSTRAINT_ERRORS["erp_candidate_email_valid"]
        raise kind(message, field=field)


def position_exists(change: Change) -> None:
    if "position" in change.changed and _position_of(change) is None:
        raise errors.NotFound(errors.MSG_NOT_FOUND.format(thing="position"), field="position")


def band_is_valid(change: Change) -> None:
    low, high = change.value("salary_min"), change.value("salary_max")
    if low is not None and high is not None and not 0 < Decimal(low) <= Decimal(high):
        kind, message, field = errors.CONSTRAINT_ERRORS["erp_position_band_valid"]
        raise kind(message, field=field)


CANDIDATE = ObjectType(
    name="candidate",
    model=Candidate,
    fields=(
        FieldSpec("name", "Name"),
        FieldSpec("email", "Email"),
        FieldSpec("position", "Position"),
        FieldSpec("state", "State"),
        FieldSpec("offered_salary", "Offered salary"),
    ),
    write_roles=WRITER_ROLES,
    relations={"position": "position"},
    state=PIPELINE,
    validators=(
        email_is_valid,
        position_exists,
        offer_needs_salary,
        salary_only_from_offer,
        salary_within_band,
    ),
)

POSITION = ObjectType(
    name="position",
    model=Position,
    fields=(
        FieldSpec("title", "Title"),
        FieldSpec("department", "Department"),
        FieldSpec("level", "Level"),
        FieldSpec("salary_min", "Salary from"),
        FieldSpec("salary_max", "Salary to"),
    ),
    write_roles=WRITER_ROLES,
    relations={"department": "department"},
    validators=(band_is_valid,),
)

TYPES = {otype.name: otype for otype in (CANDIDATE, POSITION)}
