"""The hiring pipeline's CHECK constraints and its truncate guard, each shown to hold on its
own (issue 16, item 6: every rule must be guarded by a test the mutation harness can see).

Where a trigger already refuses the same write earlier, the check is the last line: a
maintenance session (the owner, who may switch its tables' triggers off) still cannot store
an unknown state or a non-positive offer.
"""

import pytest
from django.db import DatabaseError, IntegrityError, connection, connections, transaction

from apps.accounts.access import bound
from project.maintenance import OWNER_ALIAS

pytestmark = pytest.mark.django_db(databases=["default", OWNER_ALIAS])


def _one(cursor, sql: str, params=()):
    cursor.execute(sql, params)
    return cursor.fetchone()


def _position(cursor) -> tuple[int, int]:
    return _one(cursor, "SELECT id, department_id FROM erp_position ORDER BY id LIMIT 1")


def _refused(context, sql: str, params, constraint: str) -> None:
    with (
        pytest.raises(IntegrityError, match=constraint),
        transaction.atomic(),
        bound(context),
        connection.cursor() as cursor,
    ):
        cursor.execute(sql, [context.tenant_id, *params])


def test_a_candidate_email_must_look_like_one(hr_context):
    with bound(hr_context), connection.cursor() as cursor:
        position, _ = _position(cursor)
    _refused(
        hr_context,
        "INSERT INTO erp_candidate (tenant_id, name, email, position_id) VALUES (%s, %s, %s, %s)",
        ["No Mail", "no mail at all", position],
        "erp_candidate_email_valid",
    )


@pytest.mark.parametrize(
    ("level", "low", "high", "constraint"),
    [
        (11, 4000, 5000, "erp_position_level_range"),
        (0, 4000, 5000, "erp_position_level_range"),
        (3, 5000, 4000, "erp_position_band_valid"),
        (3, 0, 4000, "erp_position_band_valid"),
    ],
    ids=["level-above-10", "level-below-1", "band-upside-down", "band-from-zero"],
)
def test_a_position_needs_a_level_and_a_band_that_make_sense(
    hr_context, level, low, high, constraint
):
    with bound(hr_context), connection.cursor() as cursor:
        _, department = _position(cursor)
    _refused(
        hr_context,
        "INSERT INTO erp_position (tenant_id, title, department_id, level, salary_min, "
        "salary_max) VALUES (%s, 'Checked', %s, %s, %s, %s)",
        [department, level, low, high],
        constraint,
    )


@pytest.fixture
def maintenance(hr_context):
    """An owner session bound to the tenant as admin, with the candidates' guard trigger off
    for this transaction only (rolled back by the test)."""
    with (
        transaction.atomic(using=OWNER_ALIAS),
        bound(hr_context, using=OWNER_ALIAS),
        connections[OWNER_ALIAS].cursor() as cursor,
    ):
        cursor.execute("SELECT set_config('app.role', 'admin', true)")
        cursor.execute("ALTER TABLE erp_candidate DISABLE TRIGGER erp_candidate_guard")
        yield cursor
        transaction.set_rollback(True, using=OWNER_ALIAS)


@pytest.mark.parametrize(
    ("state", "assignment", "constraint"),
    [
        ("applied", "state = 'promoted'", "erp_candidate_state_valid"),
        ("offer", "offered_salary = -1", "erp_candidate_salary_positive"),
    ],
    ids=["unknown-state", "negative-offer"],
)
def test_with_the_triggers_off_the_checks_still_refuse(maintenance, state, assignment, constraint):
    (candidate,) = _one(
        maintenance, "SELECT id FROM erp_candidate WHERE state = %s LIMIT 1", [state]
    )
    with pytest.raises(IntegrityError, match=constraint), transaction.atomic(using=OWNER_ALIAS):
        maintenance.execute(f"UPDATE erp_candidate SET {assignment} WHERE id = %s", [candidate])


def test_candidates_cannot_be_truncated_even_by_the_owner(hr_context):
    """Their own guard refuses (TP008), before the history's would (TP007)."""
    with (
        pytest.raises(DatabaseError, match="candidates are never deleted") as refused,
        transaction.atomic(using=OWNER_ALIAS),
        connections[OWNER_ALIAS].cursor() as cursor,
    ):
        cursor.execute("TRUNCATE erp_candidate CASCADE")
    assert refused.value.__cause__.sqlstate == "TP008"
