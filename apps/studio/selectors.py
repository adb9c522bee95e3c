"""Reading UI preferences: the current document of a person or of their tenant's defaults, and
where undo and redo stand.

Two scopes: ``user`` (a person's own preferences: the tenant default with their overrides on
top) and ``tenant`` (the defaults every person of the tenant starts from: Tessera's built-in
default with the admin's overrides on top). Everything runs under the caller's bound
AccessContext, so row-level security decides what is visible.
"""

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import ValidationError

from apps.accounts.access import AccessContext, bound
from apps.studio.models import Action, PreferenceVersion
from apps.studio.overrides import overrides_apply
from apps.studio.preferences import DEFAULT_LIGHT, Preferences

log = logging.getLogger("tessera.studio")

Scope = Literal["user", "tenant"]
SCOPES: tuple[Scope, ...] = ("user", "tenant")


@dataclass(frozen=True)
class Layers:
    """One scope's document: what it is built on, its overrides and the result."""

    scope: Scope
    base: Preferences  # the layer underneath
    overrides: dict[str, Any]
    preferences: Preferences
    version: int  # number of the scope's latest version; 0 before the first
    tenant_version: int


@dataclass(frozen=True)
class HistoryState:
    """The versions an undo or a redo would act on (None: nothing to undo or redo)."""

    undo_target: PreferenceVersion | None
    redo_target: PreferenceVersion | None

    @property
    def can_undo(self) -> bool:
        return self.undo_target is not None

    @property
    def can_redo(self) -> bool:
        return self.redo_target is not None


def versions_of(context: AccessContext, scope: Scope):
    """The scope's versions (a queryset; call under ``bound(context)``)."""
    versions = PreferenceVersion.objects.filter(tenant_id=context.tenant_id)
    if scope == "tenant":
        return versions.filter(user__isnull=True)
    return versions.filter(user_id=context.user_id)


def _latest(context: AccessContext, scope: Scope) -> PreferenceVersion | None:
    return versions_of(context, scope).only("number", "overrides").order_by("-number").first()


def layered(base: Preferences, overrides: dict[str, Any], *, what: str) -> Preferences:
    try:
        return Preferences.model_validate(overrides_apply(base.as_document(), overrides))
    except ValidationError:
        # Only possible if the schema changed under stored overrides; fall back, never crash
        # a page over a preference.
        log.warning("stored overrides of %s no longer fit the preferences model", what)
        return base


def layers_get(*, context: AccessContext, scope: Scope = "user") -> Layers:
    """The current document of ``scope``, with the layer it is built on."""
    with bound(context):
        tenant_latest = _latest(context, "tenant")
        user_latest = _latest(context, "user") if scope == "user" else None
    tenant_overrides = tenant_latest.overrides if tenant_latest else {}
    tenant_default = layered(DEFAULT_LIGHT, tenant_overrides, what=f"tenant {context.tenant_slug}")
    tenant_version = tenant_latest.number if tenant_latest else 0
    if scope == "tenant":
        return Layers(
            "tenant",
            DEFAULT_LIGHT,
            tenant_overrides,
            tenant_default,
            tenant_version,
            tenant_version,
        )
    overrides = user_latest.overrides if user_latest else {}
    return Layers(
        "user",
        tenant_default,
        overrides,
        layered(tenant_default, overrides, what=context.username),
        user_latest.number if user_latest else 0,
        tenant_version,
    )


def preferences_get(*, context: AccessContext) -> Preferences:
    """A person's preferences: their tenant's default overlaid by their latest overrides."""
    return layers_get(context=context, scope="user").preferences


def tenant_default_get(*, context: AccessContext) -> Preferences:
    return layers_get(context=context, scope="tenant").preferences


def _stacks(
    versions: Iterable[PreferenceVersion],
) -> tuple[list[PreferenceVersion], list[PreferenceVersion]]:
    """Replay the history: (changes in effect, changes undone and not yet redone)."""
    done: list[PreferenceVersion] = []
    undone: list[PreferenceVersion] = []
    for version in versions:
        if version.action == Action.UNDO:
            if done:
                undone.append(done.pop())
        elif version.action == Action.REDO:
            if undone:
                done.append(undone.pop())
        else:  # a change or a reset starts a new branch: nothing is left to redo
            done.append(version)
            undone.clear()
    return done, undone


def history_state(*, context: AccessContext, scope: Scope = "user") -> HistoryState:
    with bound(context):
        versions = list(
            versions_of(context, scope)
            .only("id", "number", "action", "target_id", "overrides", "request", "created_at")
            .order_by("number")
        )
    done, undone = _stacks(versions)
    return HistoryState(done[-1] if done else None, undone[-1] if undone else None)


def overrides_before(
    *, context: AccessContext, scope: Scope, version: PreferenceVersion
) -> dict[str, Any]:
    """The scope's overrides just before ``version`` was made (what undoing it restores)."""
    with bound(context):
        previous = (
            versions_of(context, scope)
            .filter(number__lt=version.number)
            .only("overrides")
            .order_by("-number")
            .first()
        )
    return previous.overrides if previous else {}


def versions_list(
    *, context: AccessContext, scope: Scope = "user", limit: int = 100
) -> Sequence[PreferenceVersion]:
    """The scope's versions, newest first, with who made them."""
    with bound(context):
        return list(
            versions_of(context, scope)
            .select_related("author", "target")
            .order_by("-number")[:limit]
        )
