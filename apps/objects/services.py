"""Writes to the hiring pipeline, all through the object layer (pre-checks, then the write
under the caller's access context, with database errors translated)."""

from decimal import Decimal

from apps.accounts.access import AccessContext
from apps.objects.layer import object_create, object_update
from apps.objects.models import Candidate
from apps.objects.pipeline import CANDIDATE

MAX_NOTE = 500


def _note(note: str | None) -> str:
    return (note or "").strip()[:MAX_NOTE]


def candidate_create(
    *, context: AccessContext, name: str, email: str, position_id: int, note: str = ""
) -> Candidate:
    return object_create(
        CANDIDATE,
        context=context,
        values={"name": name.strip(), "email": email.strip().lower(), "position": position_id},
        note=_note(note),
    )


def candidate_move(
    *,
    context: AccessContext,
    candidate_id: int,
    to_state: str,
    offered_salary: Decimal | None = None,
    note: str = "",
) -> Candidate:
    """Move a candidate to `to_state`; entering `offer` needs `offered_salary`."""
    changes: dict = {"state": to_state}
    if offered_salary is not None:
        changes["offered_salary"] = offered_salary
    return object_update(
        CANDIDATE, candidate_id, context=context, changes=changes, note=_note(note)
    )


def candidate_update(
    *,
    context: AccessContext,
    candidate_id: int,
    name: str | None = None,
    email: str | None = None,
    offered_salary: Decimal | None = None,
    note: str = "",
) -> Candidate:
    """Change a candidate's details or (in the offer stage) the offered salary."""
    changes: dict = {}
    if name is not None:
        changes["name"] = name.strip()
    if email is not None:
        changes["email"] = email.strip().lower()
    if offered_salary is not None:
        changes["offered_salary"] = offered_salary
    return object_update(
        CANDIDATE, candidate_id, context=context, changes=changes, note=_note(note)
    )
