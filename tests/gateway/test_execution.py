"""Execution against the real database: results, row cap, timeout, parameters, error
translation, and the privileges of the roles the gateway runs as."""

import json
from datetime import date, timedelta
from decimal import Decimal

import psycopg
import pytest

from apps.gateway import pool as gateway_pool
from apps.gateway.errors import ErrorCode, GatewayError
from apps.gateway.execution import execute
from apps.gateway.policy import default_policy
from apps.gateway.services import run_sql
from apps.gateway.validation import validate
from project import database
from tests.gateway.conftest import assert_gateway_sessions_clean, unchecked


def failure(sql: str, context, **kwargs) -> GatewayError:
    with pytest.raises(GatewayError) as caught:
        run_sql(sql, context=context, **kwargs)
    return caught.value


def test_result_shape_types_and_json(acme_context):
    result = run_sql(
        "SELECT e.id, e.name, e.hire_date, s.amount, interval '1 day 2 hours' AS gap, "
        "e.level > 5 AS senior FROM erp_employee e JOIN erp_salary s ON s.employee_id = e.id "
        "ORDER BY s.id LIMIT 3",
        context=acme_context,
    )
    assert [c["name"] for c in result.columns] == [
        "id",
        "name",
        "hire_date",
        "amount",
        "gap",
        "senior",
    ]
    assert [c["type"] for c in result.columns] == [
        "int8",
        "varchar",
        "date",
        "numeric",
        "interval",
        "bool",
    ]
    assert result.row_count == 3 and not result.truncated
    assert isinstance(result.rows[0][2], date) and isinstance(result.rows[0][3], Decimal)
    assert result.rows[0][4] == timedelta(days=1, hours=2)
    assert result.elapsed_ms > 0
    assert result.sql_executed.startswith("SELECT e.id")
    payload = json.loads(json.dumps(result.as_json()))
    assert set(payload) == {
        "sql_executed",
        "columns",
        "rows",
        "row_count",
        "truncated",
        "elapsed_ms",
    }
    row = payload["rows"][0]
    assert row[2] == result.rows[0][2].isoformat()
    assert row[3] == float(result.rows[0][3]) or row[3] == int(result.rows[0][3])
    assert row[4] == "P1DT2H"


def test_rows_are_capped_and_truncation_flagged(acme_context):
    total = run_sql("SELECT count(*) FROM erp_employee", context=acme_context).rows[0][0]
    capped = run_sql("SELECT id FROM erp_employee", context=acme_context, max_rows=5)
    assert (capped.row_count, capped.truncated) == (5, True)
    assert "LIMIT 6" in capped.sql_executed
    exact = run_sql("SELECT id FROM erp_employee", context=acme_context, max_rows=total)
    assert (exact.row_count, exact.truncated) == (total, False)
    limited = run_sql("SELECT id FROM erp_employee LIMIT 5", context=acme_context, max_rows=5)
    assert (limited.row_count, limited.truncated) == (5, False)


def test_a_caller_cannot_raise_the_row_cap(acme_context):
    policy = default_policy(max_rows=3)
    result = run_sql(
        "SELECT id FROM erp_salary", context=acme_context, max_rows=10_000, policy=policy
    )
    assert (result.row_count, result.truncated) == (3, True)


def test_long_queries_time_out(acme_context):
    policy = default_policy(statement_timeout_ms=150)
    error = failure(
        "SELECT count(*) FROM erp_salary a, erp_salary b, erp_salary c", acme_context, policy=policy
    )
    assert error.code == ErrorCode.TIMEOUT
    assert "150 ms" in error.message
    assert_gateway_sessions_clean()


def test_parameters_are_bound_not_spliced(acme_context):
    result = run_sql(
        "SELECT count(*) FROM erp_employee WHERE hire_date >= :since AND level = ANY(:levels) "
        "AND name <> :name",
        context=acme_context,
        params={"since": date(2024, 1, 1), "levels": [1, 2, 3], "name": "x' OR '1'='1"},
    )
    assert result.sql_executed.count("$") == 3
    assert "x' OR" not in result.sql_executed
    assert result.rows[0][0] >= 0


@pytest.mark.parametrize(
    ("sql", "params", "fragment"),
    [
        ("SELECT :a, :b", {"a": 1}, ":b"),
        ("SELECT :a", {"a": 1, "extra": 2}, ":extra"),
        ("SELECT :a", {"a": object()}, "a"),
        ("SELECT :a", {"a": {"nested": 1}}, "a"),
        ("SELECT :a IS NULL", {"a": None}, "could not determine"),
    ],
)
def test_parameter_errors(acme_context, sql, params, fragment):
    error = failure(sql, acme_context, params=params)
    assert error.code == ErrorCode.PARAMETER_ERROR
    assert fragment in error.message


@pytest.mark.parametrize(
    ("sql", "code"),
    [
        ("SELECT 1 / 0", ErrorCode.QUERY_ERROR),
        ("SELECT DATE '2024-02-30'", ErrorCode.QUERY_ERROR),
        ("SELECT hire_date > 5 FROM erp_employee", ErrorCode.QUERY_ERROR),
        ("WITH t AS (SELECT 1 AS a) SELECT b FROM t", ErrorCode.UNKNOWN_COLUMN),
        (
            "SELECT name FROM erp_employee e JOIN erp_department d ON d.id = e.department_id",
            ErrorCode.QUERY_ERROR,
        ),
    ],
)
def test_database_errors_come_back_as_gateway_errors(acme_context, sql, code):
    error = failure(sql, acme_context)
    assert error.code == code
    assert error.message


def test_the_query_runs_read_only_as_the_query_role_with_pinned_settings(acme_context):
    policy = default_policy(statement_timeout_ms=1234)
    result = execute(
        unchecked(
            "SELECT current_user, session_user, current_setting('transaction_read_only'), "
            "current_setting('search_path'), current_setting('statement_timeout'), "
            "current_setting('app.tenant_id'), current_setting('app.user_id'), "
            "current_setting('app.role')",
            policy,
        ),
        context=acme_context,
    )
    assert result.rows == [
        [
            database.QUERY,
            database.GATEWAY,
            "on",
            "public, pg_temp",
            "1234ms",
            str(acme_context.tenant_id),
            str(acme_context.user_id),
            acme_context.role,
        ]
    ]
    assert_gateway_sessions_clean()


def test_the_query_role_has_least_privilege(admin):
    def one(sql, *args):
        return admin.execute(sql, args).fetchone()[0]

    query = database.QUERY
    assert (
        one(
            "SELECT rolcanlogin OR rolsuper OR rolbypassrls FROM pg_roles WHERE rolname = %s", query
        )
        is False
    )
    assert (
        one(
            "SELECT has_function_privilege(%s, 'pg_catalog.set_config(text,text,boolean)', 'EXECUTE')",
            query,
        )
        is False
    )
    assert (
        one(
            "SELECT has_function_privilege(%s, 'pg_catalog.set_config(text,text,boolean)', 'EXECUTE')",
            database.GATEWAY,
        )
        is True
    )
    for catalog, owner in [
        ("pg_class", "relowner"),
        ("pg_proc", "proowner"),
        ("pg_namespace", "nspowner"),
        ("pg_type", "typowner"),
    ]:
        assert one(f"SELECT count(*) FROM {catalog} WHERE {owner} = %s::regrole", query) == 0
    grants = admin.execute(
        "SELECT table_name, privilege_type FROM information_schema.role_table_grants "
        "WHERE grantee = %s ORDER BY 1",
        [query],
    ).fetchall()
    # SELECT only, on the ERP tables (other apps may grant more of their tenant tables; the
    # gateway's allow-list still decides what agent SQL names).
    assert {privilege for _, privilege in grants} == {"SELECT"}
    assert {"erp_department", "erp_employee", "erp_salary"} <= {table for table, _ in grants}
    for table, _ in grants:
        assert one(
            "SELECT relrowsecurity AND relforcerowsecurity FROM pg_class WHERE oid = %s::regclass",
            table,
        ), f"{table} is readable by the query role without forced row-level security"
    # The gateway's login role reaches those grants only after SET ROLE (NOINHERIT).
    assert one("SELECT rolinherit FROM pg_roles WHERE rolname = %s", database.GATEWAY) is False


def test_a_dead_pooled_connection_is_replaced(acme_context, admin):
    run_sql("SELECT 1", context=acme_context)
    pool = gateway_pool.get_pool()
    idle = [pool.getconn() for _ in range(pool.get_stats().get("pool_available", 1))]
    pids = [conn.info.backend_pid for conn in idle]
    for conn in idle:
        pool.putconn(conn)
    # Only this process's gateway sessions: other test runs may share the database.
    admin.execute("SELECT pg_terminate_backend(pid) FROM unnest(%s::int[]) AS pid", [pids])
    assert run_sql("SELECT 1 AS one", context=acme_context).rows == [[1]]


def test_validated_query_is_what_runs(acme_context):
    query = validate("SELECT count(*) FROM erp_department", policy=default_policy())
    assert execute(query, context=acme_context).sql_executed == query.sql


def test_pool_uses_the_gateway_login_role_on_the_test_database(settings):
    with gateway_pool.get_pool().connection() as conn:
        assert conn.info.user == database.GATEWAY
        assert conn.info.dbname == settings.DB_NAME
        assert conn.autocommit
        assert conn.info.transaction_status == psycopg.pq.TransactionStatus.IDLE
