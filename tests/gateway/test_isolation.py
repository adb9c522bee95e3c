"""Tenant isolation end to end, and the role-based date window on salaries."""

from datetime import date

import pytest
from django.db import IntegrityError, connections, transaction

from apps.gateway import selectors, services
from apps.gateway.services import run_sql
from project.maintenance import OWNER_ALIAS

ERP_TABLES = ("erp_department", "erp_employee", "erp_salary")


@pytest.mark.parametrize("table", ERP_TABLES)
def test_the_same_query_returns_disjoint_rows_per_tenant(table, acme_context, globex_context):
    sql = f"SELECT id, tenant_id FROM {table}"
    acme = run_sql(sql, context=acme_context, max_rows=100_000)
    globex = run_sql(sql, context=globex_context, max_rows=100_000)
    assert acme.rows and globex.rows
    assert {tenant for _, tenant in acme.rows} == {acme_context.tenant_id}
    assert {tenant for _, tenant in globex.rows} == {globex_context.tenant_id}
    assert not {row_id for row_id, _ in acme.rows} & {row_id for row_id, _ in globex.rows}


def test_aggregates_differ_per_tenant_and_match_each_tenants_rows(
    admin, acme_context, globex_context
):
    sql = "SELECT count(*), sum(amount) FROM erp_salary"
    for context in (acme_context, globex_context):
        expected = admin.execute(
            "SELECT count(*), sum(amount) FROM erp_salary WHERE tenant_id = %s",
            [context.tenant_id],
        ).fetchone()
        assert run_sql(sql, context=context).rows == [list(expected)]


@pytest.mark.parametrize("table", ERP_TABLES)
def test_no_context_sees_no_rows(table, acme_context):
    assert run_sql(f"SELECT count(*) FROM {table}", context=None).rows == [[0]]
    assert run_sql(f"SELECT count(*) FROM {table}", context=acme_context).rows[0][0] > 0


def test_a_join_across_tenants_finds_nothing_of_the_other(acme_context, tenant_ids):
    result = run_sql(
        "SELECT count(*) FROM erp_employee e JOIN erp_department d ON d.id = e.department_id "
        f"WHERE d.tenant_id = {tenant_ids['globex']} OR e.tenant_id = {tenant_ids['globex']}",
        context=acme_context,
    )
    assert result.rows == [[0]]


# --- the date window -------------------------------------------------------------------


def _window_start(admin, months: int) -> date:
    return admin.execute(
        "SELECT (current_date - make_interval(months => %s))::date", [months]
    ).fetchone()[0]


def test_viewer_sees_salaries_of_the_last_24_months_only(admin, viewer_context, acme_context):
    sql = "SELECT count(*), min(pay_date) FROM erp_salary"
    viewer_count, viewer_first = run_sql(sql, context=viewer_context).rows[0]
    analyst_count, analyst_first = run_sql(sql, context=acme_context).rows[0]
    start = _window_start(admin, 24)
    expected = admin.execute(
        "SELECT count(*) FROM erp_salary WHERE tenant_id = %s AND pay_date >= %s",
        [viewer_context.tenant_id, start],
    ).fetchone()[0]
    assert viewer_count == expected
    assert viewer_first >= start
    assert analyst_first < start
    assert analyst_count > viewer_count
    # Other tables are not windowed.
    employees = "SELECT count(*) FROM erp_employee"
    assert (
        run_sql(employees, context=viewer_context).rows
        == run_sql(employees, context=acme_context).rows
    )


def test_hr_manager_sees_every_salary(hr_context, acme_context):
    sql = "SELECT count(*) FROM erp_salary"
    assert run_sql(sql, context=hr_context).rows == run_sql(sql, context=acme_context).rows


@pytest.fixture
def committed(django_db_blocker):
    """Django connections in autocommit, so the gateway's own sessions see the change."""
    with django_db_blocker.unblock():
        yield


def _windows() -> dict[str, int]:
    return {w.role: w.months for w in selectors.date_window_list() if w.table == "erp_salary"}


def test_the_window_is_configurable(committed, admin, viewer_context, acme_context):
    sql = "SELECT count(*) FROM erp_salary"
    original = _windows()
    assert original == {"viewer": 24}
    try:
        services.date_window_set(table="erp_salary", role="viewer", months=6)
        expected = admin.execute(
            "SELECT count(*) FROM erp_salary WHERE tenant_id = %s AND pay_date >= %s",
            [viewer_context.tenant_id, _window_start(admin, 6)],
        ).fetchone()[0]
        assert run_sql(sql, context=viewer_context).rows == [[expected]]
        services.date_window_set(table="erp_salary", role="viewer", months=None)
        assert run_sql(sql, context=viewer_context).rows == run_sql(sql, context=acme_context).rows
        services.date_window_set(table="erp_salary", role="analyst", months=1)
        assert (
            run_sql(sql, context=acme_context).rows[0][0]
            < run_sql(sql, context=viewer_context).rows[0][0]
        )
    finally:
        for role in ("viewer", "analyst"):
            services.date_window_set(table="erp_salary", role=role, months=original.get(role))
    assert _windows() == original


@pytest.mark.parametrize(
    ("table", "role", "months"),
    [("erp_employee", "viewer", 6), ("erp_salary", "boss", 6), ("erp_salary", "viewer", 0)],
)
def test_window_settings_are_checked(table, role, months):
    with pytest.raises(ValueError):
        services.date_window_set(table=table, role=role, months=months)


@pytest.mark.parametrize("months", [0, 1201])
def test_the_database_refuses_a_window_out_of_range(months, django_db_blocker):
    """The range rule holds in the database too, not only in date_window_set's checks."""
    with (
        django_db_blocker.unblock(),
        pytest.raises(IntegrityError, match="erp_date_window_months_check"),
        transaction.atomic(using=OWNER_ALIAS),
        connections[OWNER_ALIAS].cursor() as cursor,
    ):
        cursor.execute(
            "INSERT INTO erp_date_window (table_name, role, months) VALUES (%s, %s, %s)",
            ["erp_salary", "analyst", months],
        )


def test_the_window_cannot_be_read_or_changed_by_the_query_roles(admin):
    for role in ("tessera_query", "tessera_app", "tessera_gateway"):
        assert admin.execute(
            "SELECT has_table_privilege(%s, 'erp_date_window', 'SELECT,INSERT,UPDATE,DELETE')",
            [role],
        ).fetchone() == (False,)


def test_the_window_function_is_a_pinned_parallel_safe_security_definer(admin):
    row = admin.execute(
        "SELECT prosecdef, proparallel, provolatile, proconfig, pg_get_userbyid(proowner) "
        "FROM pg_proc WHERE oid = 'public.erp_window_start(text, text)'::regprocedure"
    ).fetchone()
    # Parallel safe, or no query on erp_salary could use parallel workers (bench/gateway.py).
    assert row == (True, "s", "s", ["search_path=pg_catalog, pg_temp"], "tessera_owner")
