"""The decisive tests: WRONG code run on purpose as the runtime role (tessera_app), with the
object layer's pre-checks bypassed — raw SQL and plain ORM calls — and PostgreSQL stopping it.

Each refusal is also translated (apps/objects/errors.translate) to check that the error a
person would see is the specific one."""

from decimal import Decimal

import pytest
from django.db import DatabaseError, connection, connections

from apps.accounts.access import bound
from apps.objects import errors
from apps.objects.models import Candidate, CandidateEvent, Position
from project import database
from tests.objects.helpers import candidate_in, execute, fetch

pytestmark = pytest.mark.django_db(databases=["default", "owner"])


def sqlstate(error: DatabaseError) -> str:
    return error.__cause__.sqlstate


def refused(expected_sqlstate: str, expected_error: type[errors.ObjectError]):
    """Context manager: the block must raise a DatabaseError with this SQLSTATE, which
    translates to `expected_error`."""

    class _Refused:
        def __enter__(self):
            self._raises = pytest.raises(DatabaseError)
            self.info = self._raises.__enter__()
            return self

        def __exit__(self, *exc):
            handled = self._raises.__exit__(*exc)
            assert sqlstate(self.info.value) == expected_sqlstate, self.info.value
            assert isinstance(errors.translate(self.info.value), expected_error)
            return handled

    return _Refused()


def test_runtime_role_is_neither_owner_nor_rls_exempt():
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT current_user, rolbypassrls, rolsuper FROM pg_roles WHERE rolname = current_user"
        )
        assert cursor.fetchone() == (database.APP, False, False)
        cursor.execute(
            "SELECT pg_get_userbyid(relowner) FROM pg_class WHERE relname = 'erp_candidate'"
        )
        assert cursor.fetchone()[0] == database.OWNER


# --- the state machine -------------------------------------------------------------------


def test_raw_sql_cannot_skip_a_state(hr_context):
    applied = candidate_in(hr_context, "applied")
    salary = applied.position.salary_min
    with refused("TP002", errors.TransitionNotAllowed):
        execute(
            hr_context,
            "UPDATE erp_candidate SET state = 'offer', offered_salary = %s WHERE id = %s",
            [salary, applied.pk],
        )
    assert candidate_in(hr_context, "applied").pk == applied.pk


def test_orm_update_cannot_skip_a_state(hr_context):
    applied = candidate_in(hr_context, "applied")
    with refused("TP002", errors.TransitionNotAllowed), bound(hr_context):
        Candidate.objects.filter(pk=applied.pk).update(state="interview")


def test_orm_save_cannot_skip_a_state(hr_context):
    applied = candidate_in(hr_context, "applied")
    applied.state = "hired"
    applied.offered_salary = applied.position.salary_min
    with refused("TP002", errors.TransitionNotAllowed), bound(hr_context):
        applied.save()


@pytest.mark.parametrize(
    ("state", "back_to"),
    [("screening", "applied"), ("interview", "screening"), ("offer", "interview")],
)
def test_moving_backwards_is_refused(hr_context, state, back_to):
    candidate = candidate_in(hr_context, state)
    with refused("TP002", errors.TransitionNotAllowed):
        execute(
            hr_context,
            "UPDATE erp_candidate SET state = %s, offered_salary = NULL WHERE id = %s",
            [back_to, candidate.pk],
        )


@pytest.mark.parametrize("final", ["hired", "rejected", "withdrawn"])
@pytest.mark.parametrize(
    "assignment",
    ["state = 'offer'", "state = 'applied'", "name = 'Renamed'", "email = 'new@example.com'"],
)
def test_a_candidate_in_a_final_state_never_changes(hr_context, final, assignment):
    candidate = candidate_in(hr_context, final)
    with refused("TP003", errors.FinalState):
        execute(hr_context, f"UPDATE erp_candidate SET {assignment} WHERE id = %s", [candidate.pk])


def test_orm_cannot_change_a_hired_candidates_salary(hr_context):
    hired = candidate_in(hr_context, "hired")
    with refused("TP003", errors.FinalState), bound(hr_context):
        Candidate.objects.filter(pk=hired.pk).update(offered_salary=hired.position.salary_max)


def test_a_new_candidate_starts_in_applied(hr_context):
    position = candidate_in(hr_context, "applied").position
    with refused("TP009", errors.InvalidInitialState):
        execute(
            hr_context,
            "INSERT INTO erp_candidate (tenant_id, name, email, position_id, state) "
            "VALUES (%s, 'Skipper', 'skipper@example.com', %s, 'interview')",
            [hr_context.tenant_id, position.pk],
        )


# --- salary band -------------------------------------------------------------------------


@pytest.mark.parametrize("offset", [Decimal("0.01"), Decimal("5000")])
@pytest.mark.parametrize("side", ["above", "below"])
def test_an_offer_outside_the_band_is_refused(hr_context, side, offset):
    candidate = candidate_in(hr_context, "interview")
    position = candidate.position
    salary = position.salary_max + offset if side == "above" else position.salary_min - offset
    with refused("TP004", errors.SalaryOutOfBand):
        execute(
            hr_context,
            "UPDATE erp_candidate SET state = 'offer', offered_salary = %s WHERE id = %s",
            [salary, candidate.pk],
        )


def test_an_open_offer_cannot_be_changed_to_outside_the_band(hr_context):
    offer = candidate_in(hr_context, "offer")
    with refused("TP004", errors.SalaryOutOfBand), bound(hr_context):
        Candidate.objects.filter(pk=offer.pk).update(offered_salary=offer.position.salary_max + 1)


def test_entering_offer_without_a_salary_is_refused(hr_context):
    candidate = candidate_in(hr_context, "interview")
    with refused("23514", errors.SalaryRequired):
        execute(
            hr_context, "UPDATE erp_candidate SET state = 'offer' WHERE id = %s", [candidate.pk]
        )


def test_removing_the_salary_of_an_open_offer_is_refused(hr_context):
    offer = candidate_in(hr_context, "offer")
    with refused("23514", errors.SalaryRequired), bound(hr_context):
        Candidate.objects.filter(pk=offer.pk).update(offered_salary=None)


def test_a_salary_before_the_offer_stage_is_refused(hr_context):
    candidate = candidate_in(hr_context, "screening")
    with refused("23514", errors.SalaryTooEarly):
        execute(
            hr_context,
            "UPDATE erp_candidate SET offered_salary = %s WHERE id = %s",
            [candidate.position.salary_min, candidate.pk],
        )


def test_shrinking_a_band_below_an_open_offer_is_refused(hr_context):
    offer = candidate_in(hr_context, "offer")
    with refused("TP004", errors.SalaryOutOfBand), bound(hr_context):
        Position.objects.filter(pk=offer.position_id).update(salary_max=offer.offered_salary - 1)


# --- who may write -----------------------------------------------------------------------


@pytest.fixture(params=["acme_context", "viewer_context"], ids=["analyst", "viewer"])
def reader_context(request):
    return request.getfixturevalue(request.param)


def test_a_reader_sees_the_pipeline(reader_context):
    assert fetch(reader_context, "SELECT count(*) FROM erp_candidate")[0][0] > 0


def test_a_readers_raw_update_is_refused(reader_context):
    candidate = candidate_in(reader_context, "applied")
    with refused("TP001", errors.NotAllowed):
        execute(
            reader_context,
            "UPDATE erp_candidate SET state = 'screening' WHERE id = %s",
            [candidate.pk],
        )


def test_a_readers_orm_update_is_refused(reader_context):
    candidate = candidate_in(reader_context, "screening")
    with refused("TP001", errors.NotAllowed), bound(reader_context):
        Candidate.objects.filter(pk=candidate.pk).update(name="Changed by a reader")


def test_a_readers_insert_is_refused(reader_context):
    position = candidate_in(reader_context, "applied").position
    with refused("TP001", errors.NotAllowed), bound(reader_context):
        Candidate.objects.create(
            tenant_id=reader_context.tenant_id,
            name="Inserted by a reader",
            email="reader@example.com",
            position=position,
        )


def test_a_reader_cannot_change_a_positions_band(reader_context):
    position = candidate_in(reader_context, "applied").position
    with refused("TP001", errors.NotAllowed), bound(reader_context):
        Position.objects.filter(pk=position.pk).update(salary_max=position.salary_max * 2)


def test_without_a_bound_role_nobody_writes(hr_context):
    # Tenant bound, role missing (as if trusted code forgot half of the context).
    candidate = candidate_in(hr_context, "applied")
    with refused("TP001", errors.NotAllowed), connection.cursor() as cursor, bound(hr_context):
        cursor.execute("SELECT set_config('app.role', '', true)")
        cursor.execute("UPDATE erp_candidate SET state = 'screening' WHERE id = %s", [candidate.pk])


def test_history_is_not_written_for_a_refused_change(acme_context, hr_context):
    candidate = candidate_in(hr_context, "applied")
    before = fetch(
        hr_context,
        "SELECT count(*) FROM erp_candidate_event WHERE candidate_id = %s",
        [candidate.pk],
    )
    with pytest.raises(DatabaseError):
        execute(
            acme_context,
            "UPDATE erp_candidate SET state = 'screening' WHERE id = %s",
            [candidate.pk],
        )
    after = fetch(
        hr_context,
        "SELECT count(*) FROM erp_candidate_event WHERE candidate_id = %s",
        [candidate.pk],
    )
    assert before == after


# --- tenants -----------------------------------------------------------------------------


def test_a_row_with_a_forged_tenant_is_refused(hr_context, globex_context):
    position = candidate_in(hr_context, "applied").position
    with refused("TP010", errors.TenantViolation):
        execute(
            hr_context,
            "INSERT INTO erp_candidate (tenant_id, name, email, position_id) "
            "VALUES (%s, 'Forged', 'forged@example.com', %s)",
            [globex_context.tenant_id, position.pk],
        )


def test_the_orm_cannot_create_a_candidate_in_another_tenant(hr_context, globex_context):
    position = candidate_in(hr_context, "applied").position
    with refused("TP010", errors.TenantViolation), bound(hr_context):
        Candidate.objects.create(
            tenant_id=globex_context.tenant_id,
            name="Forged",
            email="forged@example.com",
            position=position,
        )


def test_a_candidate_cannot_be_moved_to_another_tenant(hr_context, globex_context):
    candidate = candidate_in(hr_context, "applied")
    with refused("TP010", errors.TenantViolation):
        execute(
            hr_context,
            "UPDATE erp_candidate SET tenant_id = %s WHERE id = %s",
            [globex_context.tenant_id, candidate.pk],
        )


def test_a_candidate_cannot_point_at_another_tenants_position(hr_context, globex_context):
    globex_position = candidate_in(globex_context, "applied").position
    candidate = candidate_in(hr_context, "applied")
    with refused("TP005", errors.NotFound):
        execute(
            hr_context,
            "UPDATE erp_candidate SET position_id = %s WHERE id = %s",
            [globex_position.pk, candidate.pk],
        )
    with refused("TP005", errors.NotFound):
        execute(
            hr_context,
            "INSERT INTO erp_candidate (tenant_id, name, email, position_id) "
            "VALUES (%s, 'Cross', 'cross@example.com', %s)",
            [hr_context.tenant_id, globex_position.pk],
        )


def test_another_tenants_candidates_are_invisible(hr_context, globex_context):
    acme_candidate = candidate_in(hr_context, "applied")
    assert fetch(
        globex_context,
        "SELECT count(*) FROM erp_candidate WHERE tenant_id = %s",
        [hr_context.tenant_id],
    ) == [(0,)]
    assert (
        fetch(globex_context, "SELECT * FROM erp_candidate WHERE id = %s", [acme_candidate.pk])
        == []
    )
    assert fetch(
        globex_context,
        "SELECT count(*) FROM erp_candidate_event WHERE candidate_id = %s",
        [acme_candidate.pk],
    ) == [(0,)]
    with bound(globex_context):
        assert not Candidate.objects.filter(pk=acme_candidate.pk).exists()
        assert not CandidateEvent.objects.filter(tenant_id=hr_context.tenant_id).exists()
        assert not Position.objects.filter(tenant_id=hr_context.tenant_id).exists()


def test_updating_another_tenants_candidate_changes_nothing(hr_context, globex_hr_context):
    target = candidate_in(hr_context, "applied")
    changed = execute(
        globex_hr_context,
        "UPDATE erp_candidate SET state = 'screening', name = 'Hijacked' WHERE id = %s",
        [target.pk],
    )
    assert changed == 0
    with bound(globex_hr_context):
        assert Candidate.objects.filter(tenant_id=hr_context.tenant_id).update(name="Hijacked") == 0
    after = candidate_in(hr_context, "applied")
    assert (after.pk, after.name, after.state) == (target.pk, target.name, "applied")


def test_without_any_context_nothing_is_seen():
    assert fetch(None, "SELECT count(*) FROM erp_candidate") == [(0,)]
    assert fetch(None, "SELECT count(*) FROM erp_candidate_event") == [(0,)]
    assert fetch(None, "SELECT count(*) FROM erp_position") == [(0,)]


# --- history -----------------------------------------------------------------------------


def _some_event(context) -> CandidateEvent:
    with bound(context):
        return CandidateEvent.objects.order_by("id").first()


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE erp_candidate_event SET note = 'rewritten' WHERE id = %s",
        "UPDATE erp_candidate_event SET to_state = 'hired' WHERE id = %s",
        "DELETE FROM erp_candidate_event WHERE id = %s",
    ],
    ids=["update-note", "update-state", "delete"],
)
def test_the_runtime_role_cannot_rewrite_history(hr_context, statement):
    event = _some_event(hr_context)
    with refused("42501", errors.HistoryAppendOnly):
        execute(hr_context, statement, [event.pk])


def test_the_runtime_role_cannot_forge_history(hr_context):
    candidate = candidate_in(hr_context, "applied")
    with refused("42501", errors.HistoryAppendOnly):
        execute(
            hr_context,
            "INSERT INTO erp_candidate_event (tenant_id, candidate_id, from_state, to_state, note) "
            "VALUES (%s, %s, 'offer', 'hired', 'forged')",
            [hr_context.tenant_id, candidate.pk],
        )


def test_the_orm_cannot_rewrite_or_delete_history(hr_context):
    event = _some_event(hr_context)
    with refused("42501", errors.HistoryAppendOnly), bound(hr_context):
        CandidateEvent.objects.filter(pk=event.pk).update(note="rewritten")
    with refused("42501", errors.HistoryAppendOnly), bound(hr_context):
        CandidateEvent.objects.filter(pk=event.pk).delete()


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE erp_candidate_event SET note = 'rewritten' WHERE id = %s",
        "DELETE FROM erp_candidate_event WHERE id = %s",
        "INSERT INTO erp_candidate_event (tenant_id, candidate_id, to_state) "
        "SELECT tenant_id, candidate_id, 'hired' FROM erp_candidate_event WHERE id = %s",
    ],
    ids=["update", "delete", "insert"],
)
def test_even_the_owner_cannot_rewrite_history(hr_context, statement):
    """The trigger holds where the missing grant does not: the owner role has every privilege."""
    event = _some_event(hr_context)
    with (
        refused("TP007", errors.HistoryAppendOnly),
        bound(hr_context, using="owner"),
        connections["owner"].cursor() as cursor,
    ):
        cursor.execute(statement, [event.pk])


def test_history_cannot_be_truncated_even_by_the_owner():
    with (
        refused("TP007", errors.HistoryAppendOnly),
        bound(None, using="owner"),
        connections["owner"].cursor() as cursor,
    ):
        cursor.execute("TRUNCATE erp_candidate_event")


def test_the_runtime_role_cannot_delete_candidates(hr_context):
    candidate = candidate_in(hr_context, "rejected")
    with refused("42501", errors.DeleteNotAllowed):
        execute(hr_context, "DELETE FROM erp_candidate WHERE id = %s", [candidate.pk])


def test_deleting_a_department_cannot_cascade_into_candidates(hr_context):
    """erp_position → erp_department cascades, but candidates stop it outside maintenance."""
    candidate = candidate_in(hr_context, "applied")
    with refused("TP008", errors.DeleteNotAllowed):
        execute(
            hr_context,
            "DELETE FROM erp_department WHERE id = %s",
            [candidate.position.department_id],
        )


def test_a_maintenance_session_replaces_a_tenants_pipeline(hr_context, globex_context):
    """The ERP demo seed (owner role) deletes a tenant's departments; positions, candidates
    and their history go with them, and nothing of the other tenant does."""

    def count(cursor, table):
        cursor.execute(f"SELECT count(*) FROM {table}")
        return cursor.fetchone()[0]

    tables = ["erp_position", "erp_candidate", "erp_candidate_event"]
    with connections["owner"].cursor() as cursor:
        with bound(globex_context, using="owner"):
            globex_before = [count(cursor, table) for table in tables]
        with bound(hr_context, using="owner"):
            for table in ("erp_salary", "erp_employee", "erp_department"):
                cursor.execute(f"DELETE FROM {table}")
            assert [count(cursor, table) for table in tables] == [0, 0, 0]
        with bound(globex_context, using="owner"):
            assert [count(cursor, table) for table in tables] == globex_before
    assert min(globex_before) > 0
