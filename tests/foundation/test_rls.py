"""Row-level security against the real server, as the runtime role."""

from datetime import date

import pytest
from django.db import DatabaseError, connection, connections, transaction

from apps.accounts.access import bound
from apps.accounts.models import Tenant
from apps.erp.models import Department, Employee, Salary
from project import database

pytestmark = pytest.mark.django_db(databases=["default", "owner"])


def test_runtime_connection_is_the_app_role():
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_user")
        assert cursor.fetchone()[0] == database.APP


def test_unfiltered_queryset_returns_only_the_bound_tenant(acme_context, globex_context):
    with bound(acme_context):
        acme = list(Employee.objects.all())
    with bound(globex_context):
        globex = list(Employee.objects.all())
    assert acme and globex
    assert {e.tenant_id for e in acme} == {acme_context.tenant_id}
    assert {e.tenant_id for e in globex} == {globex_context.tenant_id}
    assert not {e.pk for e in acme} & {e.pk for e in globex}


def test_no_context_sees_no_rows(acme_context):
    with bound(None):
        assert Employee.objects.count() == 0
        assert Salary.objects.count() == 0
        assert Department.objects.count() == 0
    with bound(acme_context):
        assert Employee.objects.count() > 0


def test_raw_sql_without_any_binding_sees_nothing(acme_context):
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM erp_employee")
        assert cursor.fetchone()[0] == 0


def test_inserting_a_row_for_another_tenant_is_rejected(acme_context, globex_context):
    with bound(acme_context):
        department = Department.objects.first()
    with pytest.raises(DatabaseError, match="row-level security"), bound(globex_context):
        Employee.objects.create(
            tenant_id=acme_context.tenant_id,
            name="Forged Row",
            department=department,
            level=3,
            hire_date=date(2024, 1, 1),
        )


def test_updating_another_tenants_rows_changes_nothing(acme_context, globex_context):
    with bound(globex_context):
        changed = Employee.objects.filter(tenant_id=acme_context.tenant_id).update(level=10)
    assert changed == 0
    with bound(acme_context):
        assert Employee.objects.filter(level=10).count() < Employee.objects.count()


@pytest.mark.parametrize(
    "fields",
    [
        {"level": 0},
        {"level": 11},
        {"level": 3, "termination_date": date(2023, 1, 1)},
    ],
    ids=["level-below-1", "level-above-10", "terminated-before-hire"],
)
def test_employee_check_constraints_hold(acme_context, fields):
    with bound(acme_context):
        department = Department.objects.first()
        with pytest.raises(DatabaseError, match="violates check constraint"), transaction.atomic():
            Employee.objects.create(
                tenant_id=acme_context.tenant_id,
                name="Invalid",
                department=department,
                hire_date=date(2024, 1, 1),
                **fields,
            )


def test_salary_amount_must_be_positive(acme_context):
    with bound(acme_context):
        employee = Employee.objects.first()
        with pytest.raises(DatabaseError, match="violates check constraint"), transaction.atomic():
            Salary.objects.create(
                tenant_id=acme_context.tenant_id,
                employee=employee,
                pay_date=date(2030, 1, 31),
                amount=-5,
            )


TENANT_TABLES_SQL = """
    SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity, pg_get_userbyid(c.relowner)
    FROM pg_attribute a
    JOIN pg_class c ON c.oid = a.attrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE a.attname = 'tenant_id' AND NOT a.attisdropped AND c.relkind IN ('r', 'p')
      AND n.nspname = 'public'
    ORDER BY 1
"""


def test_every_tenant_table_has_forced_rls_and_a_policy():
    with connections["owner"].cursor() as cursor:
        cursor.execute(TENANT_TABLES_SQL)
        tables = cursor.fetchall()
        cursor.execute("SELECT tablename FROM pg_policies WHERE schemaname = 'public'")
        with_policy = {row[0] for row in cursor.fetchall()}
    names = {name for name, *_ in tables}
    assert {"erp_department", "erp_employee", "erp_salary", "accounts_membership"} <= names
    for name, enabled, forced, owner in tables:
        assert enabled, f"{name}: row level security not enabled"
        assert forced, f"{name}: row level security not forced"
        assert name in with_policy, f"{name}: no policy"
        assert owner == database.OWNER, f"{name}: owned by {owner}"


def test_runtime_and_query_roles_are_not_owners_and_cannot_bypass_rls():
    with connections["owner"].cursor() as cursor:
        cursor.execute(
            "SELECT rolname, rolsuper, rolbypassrls, rolcreaterole, rolcreatedb FROM pg_roles "
            "WHERE rolname = ANY(%s)",
            [[database.APP, database.QUERY, database.GATEWAY]],
        )
        roles = {row[0]: row[1:] for row in cursor.fetchall()}
        cursor.execute(
            "SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname = 'public' AND pg_get_userbyid(c.relowner) = ANY(%s)",
            [[database.APP, database.QUERY, database.GATEWAY]],
        )
        owned = cursor.fetchone()[0]
    assert set(roles) == {database.APP, database.QUERY, database.GATEWAY}
    for name, flags in roles.items():
        assert flags == (False, False, False, False), f"{name} has elevated attributes {flags}"
    assert owned == 0


def test_query_role_cannot_execute_set_config():
    with connections["owner"].cursor() as cursor:
        cursor.execute(
            "SELECT has_function_privilege(%s, 'pg_catalog.set_config(text,text,boolean)', 'EXECUTE'), "
            "has_function_privilege(%s, 'pg_catalog.set_config(text,text,boolean)', 'EXECUTE')",
            [database.QUERY, database.APP],
        )
        assert cursor.fetchone() == (False, True)


def test_tenants_are_visible_but_memberships_are_isolated(acme_context):
    assert Tenant.objects.count() >= 2
    from apps.accounts.models import Membership

    with bound(acme_context):
        tenants = set(Membership.objects.values_list("tenant_id", flat=True))
    assert tenants == {acme_context.tenant_id}


def test_query_role_cannot_take_advisory_locks_or_notify():
    with connections["owner"].cursor() as cursor:
        cursor.execute(
            "SELECT p.proname, has_function_privilege(%s, p.oid, 'EXECUTE') FROM pg_proc p "
            "WHERE p.proname LIKE 'pg\\_advisory%%' OR p.proname LIKE 'pg\\_try\\_advisory%%' "
            "OR p.proname = 'pg_notify'",
            [database.QUERY],
        )
        rows = cursor.fetchall()
    assert len(rows) >= 10 and {name for name, _ in rows} >= {"pg_advisory_lock", "pg_notify"}
    assert not [name for name, allowed in rows if allowed]
