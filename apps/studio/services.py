"""Writing UI preferences: every accepted change, undo, redo or reset becomes a new version.

- ``preferences_change`` applies an RFC 6902 patch to the current document (a copy), checks
  the result against the model and the contrast guard, and stores it (PatchError and
  ContrastError from apps.studio.patches say what was refused and why).
- ``preferences_undo`` / ``preferences_redo`` / ``preferences_reset`` store a new version whose
  overrides are those before the undone change, those of the redone change, or none.

Undo and redo walk the history as two stacks (selectors._stacks): undo takes back the latest
change still in effect, redo re-applies the latest undone one, and a new change or a reset
clears what could be redone. Nothing is ever updated or deleted, so the history page shows
exactly what happened.

The ``tenant`` scope (the defaults of everyone in the tenant) is for admins only: refused
here with a clear error, and by row-level security in the database. Every accepted version is
announced to the person's (or the tenant's) open pages once the transaction commits.
"""

from dataclasses import dataclass
from typing import Any

from django.db import connection, transaction

from apps.accounts.access import AccessContext, bound
from apps.accounts.models import Role
from apps.realtime.groups import group_send
from apps.studio import selectors
from apps.studio.models import Action, PreferenceVersion
from apps.studio.overrides import overrides_of
from apps.studio.patches import patch_apply, patch_diff, patch_parse
from apps.studio.preferences import Preferences
from apps.studio.selectors import Scope

MAX_REQUEST_LENGTH = 1000  # what is kept of the request text in the history

TENANT_ADMIN_ONLY = (
    "Only an admin can change the defaults of everyone in {tenant}; this change was not made. "
    "Ask an admin, or change your own preferences instead."
)
UNKNOWN_SCOPE = "scope must be 'user' or 'tenant', got {scope!r}"
NOTHING_TO_UNDO = "There is no change to undo."
NOTHING_TO_REDO = "There is no undone change to redo."
ALREADY_DEFAULT = "Your preferences already are the defaults; there is nothing to reset."
ALREADY_BUILTIN = "The tenant's defaults already are Tessera's; there is nothing to reset."
NO_CHANGE = "That patch leaves the preferences as they are; nothing was stored."


class StudioError(Exception):
    """A request about preferences that cannot be carried out; the message says why."""


class ScopeForbidden(StudioError):
    pass


class NothingToDo(StudioError):
    pass


@dataclass(frozen=True)
class Applied:
    """An accepted version and what it did."""

    version: PreferenceVersion
    scope: Scope
    before: Preferences
    preferences: Preferences
    patch: list[dict[str, Any]]

    def as_artifact(self) -> dict[str, Any]:
        """The `ui_patch` artifact's payload (issue 8: version, patch, preferences)."""
        return {
            "version": self.version.number,
            "scope": self.scope,
            "action": self.version.action,
            "patch": self.patch,
            "preferences": self.preferences.as_document(),
        }


def group_of(*, context: AccessContext, scope: Scope) -> str:
    """The channel group of the pages a version of ``scope`` concerns."""
    if scope == "tenant":
        return f"studio.tenant.{context.tenant_id}"
    return f"studio.user.{context.user_id}"


CHANGED_MESSAGE = {"type": "studio.changed"}


def scope_check(*, context: AccessContext, scope: str) -> None:
    """Raise ScopeForbidden unless ``context`` may write ``scope``."""
    if scope not in selectors.SCOPES:
        raise StudioError(UNKNOWN_SCOPE.format(scope=scope))
    if scope == "tenant" and context.role != Role.ADMIN:
        raise ScopeForbidden(TENANT_ADMIN_ONLY.format(tenant=context.tenant_name))


def _lock(context: AccessContext, scope: Scope) -> None:
    """Serialize writers of one scope (two tabs, two runs) until the transaction ends."""
    owner = "tenant" if scope == "tenant" else context.user_id
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))",
            [f"studio:{context.tenant_id}:{owner}"],
        )


def _version_create(
    *,
    context: AccessContext,
    layers: selectors.Layers,
    action: str,
    after: Preferences,
    patch: list[dict[str, Any]],
    request: str,
    target: PreferenceVersion | None = None,
) -> Applied:
    version = PreferenceVersion.objects.create(
        tenant_id=context.tenant_id,
        user_id=None if layers.scope == "tenant" else context.user_id,
        number=layers.version + 1,
        author_id=context.user_id,
        action=action,
        target=target,
        request=request[:MAX_REQUEST_LENGTH],
        patch=patch,
        document=after.as_document(),
        overrides=overrides_of(layers.base.as_document(), after.as_document()),
    )
    group = group_of(context=context, scope=layers.scope)
    transaction.on_commit(lambda: group_send(group, dict(CHANGED_MESSAGE)))
    return Applied(version, layers.scope, layers.preferences, after, patch)


def preferences_change(
    *, context: AccessContext, ops: Any, request: str = "", scope: Scope = "user"
) -> Applied:
    """Apply a JSON Patch to the scope's current document and store the result.

    Raises ScopeForbidden, PatchError (malformed, not applicable, invalid result) or
    ContrastError (the result would make text unreadable).
    """
    scope_check(context=context, scope=scope)
    operations = [operation.as_json() for operation in patch_parse(ops)]
    with bound(context):
        _lock(context, scope)
        layers = selectors.layers_get(context=context, scope=scope)
        after = patch_apply(layers.preferences, operations)
        if after == layers.preferences:
            raise NothingToDo(NO_CHANGE)
        return _version_create(
            context=context,
            layers=layers,
            action=Action.CHANGE,
            after=after,
            patch=operations,
            request=request,
        )


def _restore(
    *,
    context: AccessContext,
    layers: selectors.Layers,
    action: str,
    overrides: dict[str, Any],
    request: str,
    target: PreferenceVersion | None = None,
) -> Applied:
    after = selectors.layered(layers.base, overrides, what=context.username)
    return _version_create(
        context=context,
        layers=layers,
        action=action,
        after=after,
        patch=patch_diff(layers.preferences, after),
        request=request,
        target=target,
    )


def preferences_undo(
    *, context: AccessContext, scope: Scope = "user", request: str = ""
) -> Applied:
    """Take back the latest change still in effect (NothingToDo when there is none)."""
    return _history_move(context=context, scope=scope, request=request, action=Action.UNDO)


def preferences_redo(
    *, context: AccessContext, scope: Scope = "user", request: str = ""
) -> Applied:
    """Re-apply the latest undone change (NothingToDo when there is none)."""
    return _history_move(context=context, scope=scope, request=request, action=Action.REDO)


def _history_move(*, context: AccessContext, scope: Scope, request: str, action: str) -> Applied:
    """Undo (restore the overrides from before the target change) or redo (restore the
    target's own overrides), stored as a new version that names its target."""
    undo = action == Action.UNDO
    scope_check(context=context, scope=scope)
    with bound(context):
        _lock(context, scope)
        history = selectors.history_state(context=context, scope=scope)
        target = history.undo_target if undo else history.redo_target
        if target is None:
            raise NothingToDo(NOTHING_TO_UNDO if undo else NOTHING_TO_REDO)
        if undo:
            overrides = selectors.overrides_before(context=context, scope=scope, version=target)
        else:
            overrides = target.overrides
        return _restore(
            context=context,
            layers=selectors.layers_get(context=context, scope=scope),
            action=action,
            overrides=overrides,
            request=request,
            target=target,
        )


def preferences_reset(
    *, context: AccessContext, scope: Scope = "user", request: str = ""
) -> Applied:
    """Back to the layer underneath: the tenant's defaults (or Tessera's, for the tenant)."""
    scope_check(context=context, scope=scope)
    with bound(context):
        _lock(context, scope)
        layers = selectors.layers_get(context=context, scope=scope)
        if not layers.overrides:
            raise NothingToDo(ALREADY_BUILTIN if scope == "tenant" else ALREADY_DEFAULT)
        return _restore(
            context=context, layers=layers, action=Action.RESET, overrides={}, request=request
        )
