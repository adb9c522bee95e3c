"""Reads of the hiring pipeline, always under the caller's access context (row-level
security limits every query to their tenant)."""

import re
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth import get_user_model
from django.db.models import Q

from apps.accounts.access import AccessContext, bound
from apps.objects import errors
from apps.objects.models import Candidate, CandidateEvent, CandidateState
from apps.objects.pipeline import CANDIDATE, FINAL_STATES, FLOW


@dataclass(frozen=True)
class Column:
    state: str
    label: str
    candidates: list[Candidate]

    @property
    def count(self) -> int:
        return len(self.candidates)


@dataclass(frozen=True)
class Board:
    flow: list[Column]
    closed: list[Column]

    @property
    def total(self) -> int:
        return sum(column.count for column in [*self.flow, *self.closed])

    @property
    def open(self) -> int:
        return sum(column.count for column in self.flow if column.state not in FINAL_STATES)


@dataclass(frozen=True)
class HistoryEntry:
    at: datetime
    from_state: str | None
    to_state: str
    offered_salary: object
    actor: str
    note: str


@dataclass(frozen=True)
class CandidateDetail:
    candidate: Candidate
    history: list[HistoryEntry]
    next_states: tuple[str, ...]
    may_write: bool

    @property
    def is_final(self) -> bool:
        return self.candidate.state in FINAL_STATES


SYSTEM_ACTOR = "system (demo data)"


def _label(state: str) -> str:
    return CandidateState(state).label


def pipeline_board(*, context: AccessContext) -> Board:
    with bound(context):
        rows = list(
            Candidate.objects.select_related("position", "position__department").order_by(
                "-updated_at", "name"
            )
        )
    by_state: dict[str, list[Candidate]] = {state: [] for state in CandidateState.values}
    for candidate in rows:
        by_state[candidate.state].append(candidate)
    return Board(
        flow=[Column(state, _label(state), by_state[state]) for state in FLOW],
        closed=[
            Column(state, _label(state), by_state[state]) for state in ("rejected", "withdrawn")
        ],
    )


def candidate_get(*, context: AccessContext, candidate_id: int) -> Candidate:
    """One candidate of the caller's tenant, with its position; raises errors.NotFound."""
    with bound(context):
        candidate = (
            Candidate.objects.select_related("position", "position__department")
            .filter(pk=candidate_id)
            .first()
        )
    if candidate is None:
        raise errors.NotFound(errors.MSG_NOT_FOUND.format(thing="candidate"))
    return candidate


def candidate_detail(*, context: AccessContext, candidate_id: int) -> CandidateDetail:
    candidate = candidate_get(context=context, candidate_id=candidate_id)
    with bound(context):
        events = list(CandidateEvent.objects.filter(candidate_id=candidate_id).order_by("at", "id"))
        actor_ids = {event.actor_id for event in events if event.actor_id}
        names = dict(
            get_user_model().objects.filter(pk__in=actor_ids).values_list("pk", "username")
        )
    history = [
        HistoryEntry(
            at=event.at,
            from_state=event.from_state,
            to_state=event.to_state,
            offered_salary=event.offered_salary,
            actor=names.get(event.actor_id, SYSTEM_ACTOR) if event.actor_id else SYSTEM_ACTOR,
            note=event.note,
        )
        for event in events
    ]
    return CandidateDetail(
        candidate=candidate,
        history=history,
        next_states=CANDIDATE.next_states(candidate, context),
        may_write=CANDIDATE.may_write(context),
    )


def candidate_find(*, context: AccessContext, name: str) -> list[Candidate]:
    """Candidates whose name contains every word of `name` (case-insensitive), open first."""
    words = [word for word in re.split(r"\s+", name.strip()) if word]
    if not words:
        return []
    condition = Q()
    for word in words:
        condition &= Q(name__icontains=word)
    with bound(context):
        matches = list(
            Candidate.objects.select_related("position").filter(condition).order_by("name", "id")
        )
    exact = [c for c in matches if c.name.casefold() == name.strip().casefold()]
    parts = [[part.casefold() for part in c.name.split()] for c in matches]
    word_starts = [
        c
        for c, names in zip(matches, parts, strict=True)
        if all(any(part.startswith(word.casefold()) for part in names) for word in words)
    ]
    return exact or word_starts or matches
