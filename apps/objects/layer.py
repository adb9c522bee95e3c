"""The object layer: a type declares its fields, who may write it, its validators, relations
and state machine once; `object_create` / `object_update` run the pre-checks for fast,
specific feedback and then write under the caller's bound access context.

The pre-checks are a courtesy. The database enforces the same rules (migrations/0002_rules.py)
and has the final word; its errors are translated by apps/objects/errors.py into the same
errors the pre-checks raise.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db import DatabaseError, connection, models

from apps.accounts.access import AccessContext, bound
from apps.objects import errors


@dataclass(frozen=True)
class StateMachine:
    field: str
    initial: str
    transitions: Mapping[str, tuple[str, ...]]
    final: frozenset[str]

    def next_states(self, state: str) -> tuple[str, ...]:
        return self.transitions.get(state, ())

    def edges(self) -> set[tuple[str, str]]:
        return {(a, b) for a, targets in self.transitions.items() for b in targets}

    def check(self, subject: str, current: str, target: str) -> None:
        if current in self.final:
            raise errors.final_state_error(subject, current)
        if target != current and target not in self.next_states(current):
            raise errors.transition_error(subject, current, target)


@dataclass(frozen=True)
class FieldSpec:
    name: str
    label: str
    editable: bool = True


@dataclass(frozen=True)
class Change:
    """What a validator sees: the row before (None on create) and the values after."""

    before: models.Model | None
    after: Mapping[str, Any]
    changed: frozenset[str]

    def value(self, name: str) -> Any:
        return self.after.get(name)


Validator = Callable[[Change], None]


@dataclass(frozen=True)
class ObjectType:
    name: str
    model: type[models.Model]
    fields: tuple[FieldSpec, ...]
    write_roles: frozenset[str]
    relations: Mapping[str, str] = field(default_factory=dict)
    state: StateMachine | None = None
    validators: tuple[Validator, ...] = ()
    # Immutable once the row exists (the database refuses the change as well).
    immutable: frozenset[str] = frozenset({"id", "tenant_id", "created_at"})

    def field_names(self) -> set[str]:
        return {spec.name for spec in self.fields}

    def may_write(self, context: AccessContext) -> bool:
        return context.role in self.write_roles

    def subject(self, instance: models.Model | None) -> str:
        return str(instance) if instance is not None else f"This {self.name}"

    def next_states(self, instance: models.Model, context: AccessContext) -> tuple[str, ...]:
        """States this user may move the instance to (empty when they may not write)."""
        if self.state is None or not self.may_write(context):
            return ()
        return self.state.next_states(getattr(instance, self.state.field))


NOTE_SQL = "SELECT set_config('app.note', %s, true)"


def precheck(
    otype: ObjectType, *, context: AccessContext, before: models.Model | None, changes: dict
) -> None:
    """Fast feedback with the same errors the database would raise."""
    if not otype.may_write(context):
        raise errors.not_allowed_error(context.role)
    unknown = set(changes) - otype.field_names()
    if unknown:
        raise errors.InvalidValue(
            errors.MSG_INVALID.format(label=", ".join(sorted(unknown)), reason="no such field")
        )
    subject = otype.subject(before)
    if before is not None:
        frozen = [spec.name for spec in otype.fields if not spec.editable and spec.name in changes]
        if frozen:
            raise errors.Immutable(errors.MSG_IMMUTABLE)
    if otype.state is not None:
        machine = otype.state
        if before is None:
            target = changes.get(machine.field, machine.initial)
            if target != machine.initial:
                raise errors.InvalidInitialState(errors.MSG_INITIAL_STATE)
        else:
            current = getattr(before, machine.field)
            machine.check(subject, current, changes.get(machine.field, current))
    after = {spec.name: getattr(before, spec.name, None) for spec in otype.fields} if before else {}
    after.update(changes)
    if otype.state is not None:
        after.setdefault(otype.state.field, otype.state.initial)
    change = Change(before=before, after=after, changed=frozenset(changes))
    for validator in otype.validators:
        validator(change)


def _column_values(otype: ObjectType, changes: dict) -> dict:
    """Relations are given as ids (`position=3`); the ORM writes them to `position_id`."""
    return {
        (f"{name}_id" if name in otype.relations else name): value
        for name, value in changes.items()
    }


def _set_note(note: str) -> None:
    with connection.cursor() as cursor:
        cursor.execute(NOTE_SQL, [note])


def object_create(
    otype: ObjectType, *, context: AccessContext, values: dict, note: str = ""
) -> models.Model:
    """Create a row in the caller's tenant; the history trigger records its first state."""
    try:
        with bound(context):
            precheck(otype, context=context, before=None, changes=values)
            _set_note(note)
            return otype.model.objects.create(
                tenant_id=context.tenant_id, **_column_values(otype, values)
            )
    except DatabaseError as error:
        raise errors.translate(error, subject=otype.subject(None)) from error


def object_update(
    otype: ObjectType, pk: int, *, context: AccessContext, changes: dict, note: str = ""
) -> models.Model:
    """Change one row of the caller's tenant. Raises `errors.ObjectError`; nothing is written
    when the pre-checks or the database refuse."""
    subject = otype.subject(None)
    try:
        with bound(context):
            before = otype.model.objects.select_for_update().filter(pk=pk).first()
            if before is None:
                raise errors.NotFound(errors.MSG_NOT_FOUND.format(thing=otype.name))
            subject = otype.subject(before)
            precheck(otype, context=context, before=before, changes=changes)
            _set_note(note)
            changed = otype.model.objects.filter(pk=pk).update(**_column_values(otype, changes))
            if changed != 1:
                raise errors.NotFound(errors.MSG_NOT_FOUND.format(thing=otype.name))
            return otype.model.objects.get(pk=pk)
    except DatabaseError as error:
        raise errors.translate(error, subject=subject) from error
