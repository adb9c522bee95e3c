"""Versioned preferences in PostgreSQL: changes, layers, undo/redo/reset, and who may write what
(service checks and row-level security)."""

import pytest
from django.db import DatabaseError, transaction

from apps.accounts.access import bound
from apps.studio import selectors, services
from apps.studio.models import Action, PreferenceVersion
from apps.studio.patches import ContrastError, PatchError
from apps.studio.planner import SWATCHES
from apps.studio.preferences import DEFAULT_LIGHT

pytestmark = pytest.mark.django_db

BLUE = SWATCHES["light"]["blue"]
GREEN = SWATCHES["light"]["green"]


def _primary(color: str) -> list[dict]:
    return [{"op": "replace", "path": "/theme/primary", "value": color}]


def test_a_change_is_stored_with_who_when_request_patch_and_document(fresh_context):
    applied = services.preferences_change(
        context=fresh_context, ops=_primary(BLUE), request="make the buttons blue"
    )
    version = applied.version
    assert (version.number, version.action) == (1, Action.CHANGE)
    assert version.user_id == version.author_id == fresh_context.user_id
    assert version.request == "make the buttons blue"
    assert version.patch == _primary(BLUE)
    assert version.document["theme"]["primary"] == BLUE
    assert version.overrides == {"theme": {"primary": BLUE}}
    assert version.created_at is not None
    assert selectors.preferences_get(context=fresh_context).theme.primary == BLUE
    assert applied.before == DEFAULT_LIGHT
    assert applied.as_artifact() == {
        "version": 1,
        "scope": "user",
        "action": "change",
        "patch": _primary(BLUE),
        "preferences": applied.preferences.as_document(),
    }


def test_a_person_without_history_gets_the_tenant_default(fresh_context):
    layers = selectors.layers_get(context=fresh_context)
    assert layers.version == 0 and layers.overrides == {}
    assert layers.preferences == selectors.tenant_default_get(context=fresh_context)


def test_a_users_change_never_affects_another_user(fresh_context, fresh_colleague, globex_context):
    before_colleague = selectors.preferences_get(context=fresh_colleague)
    before_globex = selectors.preferences_get(context=globex_context)
    services.preferences_change(context=fresh_context, ops=_primary(BLUE), request="blue")
    assert selectors.preferences_get(context=fresh_colleague) == before_colleague
    assert selectors.preferences_get(context=globex_context) == before_globex
    # Row-level security: the colleague's queries do not even see the row.
    with bound(fresh_colleague):
        assert not PreferenceVersion.objects.filter(user_id=fresh_context.user_id).exists()
    with bound(fresh_context):
        assert PreferenceVersion.objects.filter(user_id=fresh_context.user_id).count() == 1


def test_a_non_admin_cannot_change_tenant_defaults(fresh_context):
    with pytest.raises(services.ScopeForbidden, match="Only an admin"):
        services.preferences_change(context=fresh_context, ops=_primary(BLUE), scope="tenant")
    for action in (
        services.preferences_undo,
        services.preferences_redo,
        services.preferences_reset,
    ):
        with pytest.raises(services.ScopeForbidden):
            action(context=fresh_context, scope="tenant")


def test_the_database_refuses_a_tenant_default_written_by_a_non_admin(fresh_context):
    with (
        bound(fresh_context),
        pytest.raises(DatabaseError, match="row-level security"),
        transaction.atomic(),
    ):
        PreferenceVersion.objects.create(
            tenant_id=fresh_context.tenant_id,
            user=None,
            number=1,
            author_id=fresh_context.user_id,
            action=Action.CHANGE,
            document=DEFAULT_LIGHT.as_document(),
        )


def test_the_database_refuses_a_version_for_someone_else(fresh_context, fresh_colleague):
    with (
        bound(fresh_context),
        pytest.raises(DatabaseError, match="row-level security"),
        transaction.atomic(),
    ):
        PreferenceVersion.objects.create(
            tenant_id=fresh_context.tenant_id,
            user_id=fresh_colleague.user_id,
            number=1,
            author_id=fresh_context.user_id,
            action=Action.CHANGE,
            document=DEFAULT_LIGHT.as_document(),
        )


def test_history_is_append_only(fresh_context):
    applied = services.preferences_change(context=fresh_context, ops=_primary(BLUE))
    with (
        bound(fresh_context),
        pytest.raises(DatabaseError, match="permission denied"),
        transaction.atomic(),
    ):
        PreferenceVersion.objects.filter(pk=applied.version.pk).update(request="rewritten")


def test_tenant_defaults_reach_fields_a_person_did_not_change(
    fresh_context, fresh_colleague, admin_context, globex_context
):
    services.preferences_change(context=fresh_context, ops=_primary(BLUE), request="mine")
    services.preferences_change(
        context=admin_context,
        ops=[
            {"op": "replace", "path": "/theme/primary", "value": GREEN},
            {"op": "replace", "path": "/layout/sidebar", "value": "right"},
        ],
        request="green for everyone",
        scope="tenant",
    )
    mine = selectors.preferences_get(context=fresh_context)
    assert mine.theme.primary == BLUE  # their own choice stays
    assert mine.layout.sidebar == "right"  # the new default reaches what they left alone
    assert selectors.preferences_get(context=fresh_colleague).theme.primary == GREEN
    assert selectors.preferences_get(context=globex_context).theme.primary != GREEN
    # A reset goes back to the tenant's defaults, not Tessera's.
    services.preferences_reset(context=fresh_context)
    assert selectors.preferences_get(context=fresh_context).theme.primary == GREEN


def test_undo_redo_walk_the_history_as_two_stacks(fresh_context):
    def primary():
        return selectors.preferences_get(context=fresh_context).theme.primary

    default = primary()
    services.preferences_change(context=fresh_context, ops=_primary(BLUE), request="blue")
    services.preferences_change(context=fresh_context, ops=_primary(GREEN), request="green")
    undo = services.preferences_undo(context=fresh_context, request="undo that")
    assert primary() == BLUE
    assert undo.version.action == Action.UNDO and undo.version.target.request == "green"
    assert undo.patch == _primary(BLUE)
    services.preferences_undo(context=fresh_context)
    assert primary() == default
    with pytest.raises(services.NothingToDo, match="no change to undo"):
        services.preferences_undo(context=fresh_context)
    services.preferences_redo(context=fresh_context)
    assert primary() == BLUE
    services.preferences_redo(context=fresh_context)
    assert primary() == GREEN
    with pytest.raises(services.NothingToDo, match="nothing to redo|no undone change"):
        services.preferences_redo(context=fresh_context)
    # A new change after an undo drops what could be redone.
    services.preferences_undo(context=fresh_context)
    services.preferences_change(
        context=fresh_context, ops=[{"op": "replace", "path": "/theme/radius", "value": 0}]
    )
    assert not selectors.history_state(context=fresh_context).can_redo
    versions = selectors.versions_list(context=fresh_context)
    assert [v.number for v in versions] == list(range(len(versions), 0, -1))


def test_reset_is_a_version_that_can_be_undone(fresh_context):
    services.preferences_change(context=fresh_context, ops=_primary(BLUE))
    reset = services.preferences_reset(context=fresh_context, request="reset")
    assert reset.version.action == Action.RESET and reset.version.overrides == {}
    assert selectors.preferences_get(context=fresh_context).theme.primary != BLUE
    with pytest.raises(services.NothingToDo, match="already are the defaults"):
        services.preferences_reset(context=fresh_context)
    services.preferences_undo(context=fresh_context)
    assert selectors.preferences_get(context=fresh_context).theme.primary == BLUE


@pytest.mark.parametrize(
    "ops",
    [
        _primary("red; background: url(https://evil.example)"),
        [{"op": "replace", "path": "/theme/font", "value": "</style><script>"}],
        [{"op": "add", "path": "/theme/css", "value": "expression(alert(1))"}],
        [{"op": "replace", "path": "/layout/sidebar", "value": "top"}],
    ],
)
def test_a_refused_patch_stores_nothing(fresh_context, ops):
    with pytest.raises(PatchError):
        services.preferences_change(context=fresh_context, ops=ops)
    assert selectors.layers_get(context=fresh_context).version == 0


def test_a_change_failing_contrast_is_refused_with_the_ratio(fresh_context):
    with pytest.raises(ContrastError) as caught:
        services.preferences_change(context=fresh_context, ops=_primary("#ffff00"))
    assert "contrast of 1." in str(caught.value)
    assert caught.value.suggested_ops
    assert selectors.layers_get(context=fresh_context).version == 0


def test_a_patch_that_changes_nothing_is_not_stored(fresh_context):
    current = selectors.preferences_get(context=fresh_context).theme.primary
    with pytest.raises(services.NothingToDo):
        services.preferences_change(context=fresh_context, ops=_primary(current))


def test_changes_are_announced_to_the_persons_pages_after_commit(
    fresh_context, admin_context, monkeypatch, django_capture_on_commit_callbacks
):
    sent = []
    monkeypatch.setattr(services, "group_send", lambda group, message: sent.append(group))
    with django_capture_on_commit_callbacks(execute=True):
        services.preferences_change(context=fresh_context, ops=_primary(BLUE))
        assert sent == []  # nothing leaves before the commit
    with django_capture_on_commit_callbacks(execute=True):
        services.preferences_change(context=admin_context, ops=_primary(GREEN), scope="tenant")
    assert sent == [
        f"studio.user.{fresh_context.user_id}",
        f"studio.tenant.{admin_context.tenant_id}",
    ]
