"""The demo seed: deterministic, every state, history from the trigger, callable from the
ERP seed's cursor."""

import random

import pytest
from django.core.management import CommandError, call_command
from django.db import DatabaseError, connections

from apps.accounts.access import bound
from apps.accounts.models import Tenant
from apps.erp.demo.load import OWNER_ALIAS
from apps.objects.demo import band, seed_pipeline

pytestmark = pytest.mark.django_db(databases=["default", "owner"])


def _snapshot(cursor):
    cursor.execute(
        "SELECT c.name, c.email, c.state, c.offered_salary, p.title FROM erp_candidate c "
        "JOIN erp_position p ON p.id = c.position_id ORDER BY c.name, p.title"
    )
    return cursor.fetchall()


def test_the_seed_is_deterministic_and_replaces_earlier_rows(hr_context):
    tenant = Tenant.objects.using(OWNER_ALIAS).get(pk=hr_context.tenant_id)
    with bound(hr_context, using=OWNER_ALIAS), connections[OWNER_ALIAS].cursor() as cursor:
        first = seed_pipeline(cursor, tenant, random.Random("same"))
        rows = _snapshot(cursor)
        second = seed_pipeline(cursor, tenant, random.Random("same"))
        assert _snapshot(cursor) == rows
        cursor.execute("SELECT count(*) FROM erp_candidate_event")
        assert cursor.fetchone()[0] == second.events
        # The caller's role binding is restored (the seed binds admin while it writes).
        cursor.execute("SELECT current_setting('app.role', true)")
        assert cursor.fetchone()[0] == hr_context.role
    assert first == second
    assert len({row[2] for row in rows}) == 7


def test_offers_lie_within_their_band(hr_context):
    with bound(hr_context, using=OWNER_ALIAS), connections[OWNER_ALIAS].cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM erp_candidate c JOIN erp_position p ON p.id = c.position_id "
            "WHERE c.offered_salary NOT BETWEEN p.salary_min AND p.salary_max"
        )
        assert cursor.fetchone()[0] == 0


def test_bands_follow_the_erp_pay_scale():
    low, high = band("ENG", 6)
    assert (low, high) == (6500, 8400)


def test_the_command_seeds_every_demo_tenant(capsys):
    call_command("seed_pipeline", "--seed", "3")
    out = capsys.readouterr().out
    assert "acme: 8 positions" in out and "globex: 8 positions" in out


def test_the_command_names_a_missing_tenant():
    with pytest.raises(CommandError, match="seed_demo"):
        call_command("seed_pipeline", "--tenant", "initech")


def test_the_runtime_role_cannot_run_the_seed(hr_context):
    """Clearing a pipeline is maintenance: as tessera_app it is refused."""
    tenant = Tenant.objects.get(pk=hr_context.tenant_id)
    with (
        pytest.raises(DatabaseError, match="permission denied for table erp_candidate"),
        bound(hr_context),
    ):
        seed_pipeline("default", tenant, random.Random(1))
