"""Every table with row-level security keeps tenants apart, and people apart where it says
so, for reads and for writes — checked table by table as the run-time role.

The tables come from the catalog; each must be listed in SCOPES with who may see a row, so a
new tenant table fails here until its isolation is stated (and then checked).
"""

import pytest
from django.contrib.auth import get_user_model
from django.db import DatabaseError, connection, connections, transaction

from apps.accounts.access import access_context_for_user, bound
from apps.agent.models import Artifact, Event, Run, Step, Thread, ThreadMessage
from apps.decks.models import Deck
from apps.studio.models import PreferenceVersion
from project.maintenance import OWNER_ALIAS

pytestmark = pytest.mark.django_db(databases=["default", OWNER_ALIAS])

# Who sees a row: "tenant" — everyone of its tenant; "person" — only the person it belongs
# to (within the tenant).
SCOPES = {
    "accounts_membership": "tenant",
    "agent_artifact": "person",
    "agent_event": "person",
    "agent_message": "person",
    "agent_run": "person",
    "agent_step": "person",
    "agent_thread": "person",
    "decks_deck": "person",
    "erp_candidate": "tenant",
    "erp_candidate_event": "tenant",
    "erp_department": "tenant",
    "erp_employee": "tenant",
    "erp_position": "tenant",
    "erp_salary": "tenant",
    "studio_preference_version": "person",
}
# Rows of these the demo seed writes for both tenants; the others get rows per person here.
SEEDED = {table for table in SCOPES if table.startswith(("erp_", "accounts_"))}
# The person a row of each per-person table belongs to, and the column naming them.
PERSON_COLUMN = {"decks_deck": "owner_id", "studio_preference_version": "user_id"}

# Refused by row security, or by the missing UPDATE grant of an append-only table.
REFUSED = "row-level security|permission denied"
RLS_TABLES = """
    SELECT c.relname FROM pg_class c
     WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' AND c.relrowsecurity
     ORDER BY 1
"""
PEOPLE = ("ana", "hugo", "gus")  # acme analyst, acme HR manager, globex analyst


def _context(username: str):
    return access_context_for_user(get_user_model().objects.get(username=username))


def _rows_of(context) -> dict[str, object]:
    """One row of every per-person table for `context`, written through row security."""
    with bound(context):
        thread = Thread.objects.create(tenant_id=context.tenant_id, user_id=context.user_id)
        run = Run.objects.create(tenant_id=context.tenant_id, thread=thread, request="rows")
        common = {"tenant_id": context.tenant_id}
        rows = {
            "agent_thread": thread,
            "agent_run": run,
            "agent_step": Step.objects.create(**common, run=run, index=0, kind="model"),
            "agent_message": ThreadMessage.objects.create(
                **common, thread=thread, run=run, position=0, role="user", data={}
            ),
            "agent_event": Event.objects.create(
                **common, thread=thread, run=run, seq=1, type="RUN_STARTED", payload={}
            ),
            "agent_artifact": Artifact.objects.create(
                **common, owner_id=context.user_id, thread=thread, run=run, kind="x", payload={}
            ),
            "decks_deck": Deck.objects.create(
                **common,
                owner_id=context.user_id,
                title="rows",
                filename="paper.pdf",
                size_bytes=1,
                rounds=1,
            ),
            "studio_preference_version": PreferenceVersion.objects.create(
                **common,
                user_id=context.user_id,
                number=1 + PreferenceVersion.objects.filter(user_id=context.user_id).count(),
                author_id=context.user_id,
                action="change",
                document={},
            ),
        }
    return {table: row.pk for table, row in rows.items()}


@pytest.fixture
def world():
    """Contexts of three people and the rows written for each."""
    contexts = {name: _context(name) for name in PEOPLE}
    return contexts, {name: _rows_of(context) for name, context in contexts.items()}


def _visible(context, table: str, pks: list) -> set:
    with bound(context), connection.cursor() as cursor:
        cursor.execute(f"SELECT id FROM {table} WHERE id = ANY(%s)", [pks])
        return {row[0] for row in cursor.fetchall()}


def test_every_table_with_row_security_has_a_stated_scope():
    with connections[OWNER_ALIAS].cursor() as cursor:
        cursor.execute(RLS_TABLES)
        tables = {row[0] for row in cursor.fetchall()}
    assert tables == set(SCOPES)


@pytest.mark.parametrize("table", sorted(set(SCOPES) - SEEDED))
def test_a_persons_rows_are_theirs_alone(world, table):
    contexts, rows = world
    for name, context in contexts.items():
        everyone = [rows[other][table] for other in PEOPLE]
        assert _visible(context, table, everyone) == {rows[name][table]}, name


@pytest.mark.parametrize("table", sorted(SEEDED))
def test_a_tenant_sees_its_own_rows_only(world, table):
    contexts, _ = world
    for context in contexts.values():
        with bound(context), connection.cursor() as cursor:
            cursor.execute(f"SELECT DISTINCT tenant_id FROM {table}")
            assert {row[0] for row in cursor.fetchall()} == {context.tenant_id}, table


@pytest.mark.parametrize("table", sorted(set(SCOPES) - SEEDED))
def test_a_row_cannot_be_moved_to_another_tenant(world, table):
    contexts, rows = world
    ana, gus = contexts["ana"], contexts["gus"]
    with (
        pytest.raises(DatabaseError, match=REFUSED),
        bound(ana),
        connection.cursor() as cursor,
    ):
        cursor.execute(
            f"UPDATE {table} SET tenant_id = %s WHERE id = %s", [gus.tenant_id, rows["ana"][table]]
        )


@pytest.mark.parametrize("table", sorted(PERSON_COLUMN))
def test_a_row_cannot_be_given_to_a_colleague(world, table):
    contexts, rows = world
    ana, hugo = contexts["ana"], contexts["hugo"]
    column = PERSON_COLUMN[table]
    with (
        pytest.raises(DatabaseError, match=REFUSED),
        bound(ana),
        connection.cursor() as cursor,
    ):
        cursor.execute(
            f"UPDATE {table} SET {column} = %s WHERE id = %s", [hugo.user_id, rows["ana"][table]]
        )


def _refused(context, model, **fields) -> None:
    """Writing this row as `context` is refused by row security (and leaves nothing)."""
    with (
        pytest.raises(DatabaseError, match="row-level security"),
        transaction.atomic(),
        bound(context),
    ):
        model.objects.create(**fields)


def test_only_an_admin_writes_or_removes_the_tenant_defaults(world):
    contexts, _ = world
    hugo, admin = contexts["hugo"], _context("admin")
    defaults = {"tenant_id": admin.tenant_id, "user_id": None, "action": "change", "document": {}}
    _refused(hugo, PreferenceVersion, **defaults, number=1, author_id=hugo.user_id)
    with bound(admin):
        number = 1 + PreferenceVersion.objects.filter(user__isnull=True).count()
        version = PreferenceVersion.objects.create(
            **defaults, number=number, author_id=admin.user_id
        )
    with bound(hugo):
        assert PreferenceVersion.objects.filter(pk=version.pk).exists()  # hugo sees them
        assert PreferenceVersion.objects.filter(pk=version.pk).delete()[0] == 0
    with bound(admin):
        assert PreferenceVersion.objects.filter(pk=version.pk).delete()[0] == 1


def test_a_person_cannot_write_a_row_in_another_persons_name(world):
    contexts, _ = world
    ana, hugo = contexts["ana"], contexts["hugo"]
    mine = {"tenant_id": ana.tenant_id}
    _refused(
        ana,
        PreferenceVersion,
        **mine,
        user_id=hugo.user_id,
        number=99,
        author_id=ana.user_id,
        action="change",
        document={},
    )
    _refused(
        ana,
        Deck,
        **mine,
        owner_id=hugo.user_id,
        title="not mine",
        filename="paper.pdf",
        size_bytes=1,
        rounds=1,
    )
