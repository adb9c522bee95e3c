"""The object layer's declarations and the database's rules describe the same pipeline."""

import pytest
from django.db import connection

from apps.accounts.access import bound
from apps.accounts.models import Role
from apps.objects.models import CandidateState
from apps.objects.pipeline import CANDIDATE, FINAL_STATES, PIPELINE, POSITION, WRITER_ROLES

pytestmark = pytest.mark.django_db


def test_the_state_machines_agree():
    with connection.cursor() as cursor:
        cursor.execute("SELECT from_state, to_state FROM erp_candidate_transitions()")
        database_edges = set(cursor.fetchall())
    assert database_edges == PIPELINE.edges()


def test_every_state_is_reachable_and_final_states_lead_nowhere():
    reachable = {PIPELINE.initial}
    for _ in CandidateState.values:
        reachable |= {b for a, b in PIPELINE.edges() if a in reachable}
    assert reachable == set(CandidateState.values)
    assert {s for s in CandidateState.values if not PIPELINE.next_states(s)} == FINAL_STATES
    assert PIPELINE.final == FINAL_STATES


@pytest.mark.parametrize("role", [*Role.values, "", "superuser"])
def test_the_writer_roles_agree(hr_context, role):
    with bound(hr_context), connection.cursor() as cursor:
        cursor.execute("SELECT set_config('app.role', %s, true)", [role])
        cursor.execute("SELECT erp_pipeline_may_write()")
        assert cursor.fetchone()[0] == (role in WRITER_ROLES)
    assert CANDIDATE.write_roles == POSITION.write_roles == WRITER_ROLES


def test_the_query_role_reads_positions_and_candidates_only():
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT t, p, has_table_privilege('tessera_query', t, p) FROM "
            "unnest(ARRAY['erp_position', 'erp_candidate', 'erp_candidate_event']) t, "
            "unnest(ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE']) p"
        )
        granted = {(t, p) for t, p, ok in cursor.fetchall() if ok}
    assert granted == {("erp_position", "SELECT"), ("erp_candidate", "SELECT")}


def test_the_runtime_role_has_no_write_grant_on_history():
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT p FROM unnest(ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE']) p "
            "WHERE has_table_privilege('tessera_app', 'erp_candidate_event', p)"
        )
        assert [row[0] for row in cursor.fetchall()] == ["SELECT"]
        cursor.execute("SELECT has_table_privilege('tessera_app', 'erp_candidate', 'DELETE')")
        assert cursor.fetchone()[0] is False


def test_pipeline_tables_force_row_level_security():
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT relname, relrowsecurity, relforcerowsecurity FROM pg_class "
            "WHERE relname IN ('erp_position', 'erp_candidate', 'erp_candidate_event') "
            "ORDER BY relname"
        )
        rows = cursor.fetchall()
    assert rows == [
        ("erp_candidate", True, True),
        ("erp_candidate_event", True, True),
        ("erp_position", True, True),
    ]


def test_the_seed_covers_every_state_in_both_tenants(hr_context, globex_context, pipeline_seeded):
    from apps.objects.models import Candidate

    for context in (hr_context, globex_context):
        with bound(context):
            states = set(Candidate.objects.values_list("state", flat=True))
        assert states == set(CandidateState.values)
    assert pipeline_seeded["acme"].positions == pipeline_seeded["globex"].positions == 8
    # The third demo tenant has none of the positions' departments, so no pipeline.
    assert pipeline_seeded["northwind"].positions == 0


def test_the_seed_has_the_featured_candidate(hr_context):
    from apps.objects.models import Candidate

    with bound(hr_context):
        maria = Candidate.objects.select_related("position").get(name="Maria Silva")
        others = Candidate.objects.filter(name__istartswith="maria").exclude(pk=maria.pk)
        assert not others.exists()
    assert maria.state == "screening"
    assert maria.position.salary_min <= 7200 <= maria.position.salary_max
