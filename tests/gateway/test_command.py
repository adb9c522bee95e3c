"""`manage.py gateway run|check|window|limits` — run and check are a contract other checks use."""

import io
import json
import os
import subprocess
import sys

import pytest
from django.core.management import call_command

from project import env

pytestmark = pytest.mark.django_db


def manage(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """`manage.py ARGS` in a process of its own, on the test database."""
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=env.BASE_DIR,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "project.settings.test"},
        timeout=300,
        check=False,
    )


def gateway(monkeypatch, *args, sql: str = "") -> tuple[int, dict]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(sql))
    out = io.StringIO()
    try:
        call_command("gateway", *args, stdout=out)
        status = 0
    except SystemExit as exc:
        status = exc.code
    return status, json.loads(out.getvalue())


def test_run_prints_the_result(monkeypatch, acme_context):
    status, payload = gateway(
        monkeypatch,
        "run",
        "--tenant",
        "acme",
        "--user",
        "ana",
        sql="SELECT code, name FROM erp_department ORDER BY code",
    )
    assert status == 0
    assert set(payload) == {
        "ok",
        "sql_executed",
        "columns",
        "rows",
        "row_count",
        "truncated",
        "elapsed_ms",
    }
    assert payload["ok"] is True
    assert payload["columns"] == [
        {"name": "code", "type": "varchar"},
        {"name": "name", "type": "varchar"},
    ]
    assert payload["row_count"] == len(payload["rows"]) > 0
    assert payload["truncated"] is False
    assert isinstance(payload["elapsed_ms"], float)


def test_run_serializes_dates_decimals_and_intervals(monkeypatch, acme_context):
    status, payload = gateway(
        monkeypatch,
        "run",
        "--tenant",
        "acme",
        "--user",
        "ana",
        sql="SELECT DATE '2026-01-31' AS d, 12.50::numeric AS n, 3::numeric AS whole, "
        "interval '1 day 02:30:00' AS i, TIMESTAMPTZ '2026-01-31 10:00+00' AS t",
    )
    assert status == 0
    assert payload["rows"] == [["2026-01-31", 12.5, 3, "P1DT2H30M", "2026-01-31T10:00:00+00:00"]]


def test_run_binds_params_and_caps_rows(monkeypatch, acme_context):
    status, payload = gateway(
        monkeypatch,
        "run",
        "--tenant",
        "acme",
        "--user",
        "ana",
        "--param",
        "since=2020-01-01",
        "--param",
        "level=1",
        "--max-rows",
        "3",
        sql="SELECT id FROM erp_employee WHERE hire_date >= :since AND level >= :level",
    )
    assert status == 0
    assert (payload["row_count"], payload["truncated"]) == (3, True)
    assert "$1" in payload["sql_executed"] and "$2" in payload["sql_executed"]


@pytest.mark.parametrize(
    ("args", "sql", "code"),
    [
        (["--tenant", "acme", "--user", "ana"], "DELETE FROM erp_salary", "NOT_A_QUERY"),
        (["--tenant", "acme", "--user", "ana"], "SELECT pg_sleep(1)", "FORBIDDEN_FUNCTION"),
        (["--tenant", "globex", "--user", "ana"], "SELECT 1", "PERMISSION_DENIED"),
        (["--tenant", "acme", "--user", "nobody"], "SELECT 1", "PERMISSION_DENIED"),
        (["--tenant", "acme", "--user", "ana"], "SELECT :x", "PARAMETER_ERROR"),
        (
            ["--tenant", "acme", "--user", "ana", "--param", "novalue"],
            "SELECT 1",
            "PARAMETER_ERROR",
        ),
        (["--tenant", "acme", "--user", "ana", "--max-rows", "0"], "SELECT 1", "PARAMETER_ERROR"),
    ],
)
def test_run_failures_print_an_error_and_exit_1(monkeypatch, acme_context, args, sql, code):
    status, payload = gateway(monkeypatch, "run", *args, sql=sql)
    assert status == 1
    assert payload["ok"] is False
    assert set(payload["error"]) == {"code", "message"}
    assert payload["error"]["code"] == code


def test_run_is_isolated_per_tenant(monkeypatch, acme_context, globex_context):
    sql = "SELECT DISTINCT tenant_id FROM erp_employee"
    _, ana = gateway(monkeypatch, "run", "--tenant", "acme", "--user", "ana", sql=sql)
    _, gus = gateway(monkeypatch, "run", "--tenant", "globex", "--user", "gus", sql=sql)
    assert ana["rows"] == [[acme_context.tenant_id]]
    assert gus["rows"] == [[globex_context.tenant_id]]


def test_check_validates_without_running(monkeypatch):
    status, payload = gateway(monkeypatch, "check", sql="SELECT count(*) FROM erp_employee")
    assert status == 0
    assert payload == {
        "ok": True,
        "sql_executed": "SELECT COUNT(*) FROM public.erp_employee LIMIT 1001",
        "error": None,
    }


def test_check_reports_the_error(monkeypatch):
    status, payload = gateway(monkeypatch, "check", sql="SELECT * FROM orders")
    assert status == 1
    assert payload["ok"] is False and payload["sql_executed"] is None
    assert payload["error"]["code"] == "TABLE_NOT_ALLOWED"


def test_check_allow_any_table_lifts_only_the_table_rule(monkeypatch):
    status, payload = gateway(
        monkeypatch, "check", "--allow-any-table", sql="SELECT id FROM shop.orders"
    )
    assert (status, payload["ok"]) == (0, True)
    status, payload = gateway(
        monkeypatch, "check", "--allow-any-table", sql="SELECT pg_sleep(1) FROM shop.orders"
    )
    assert (status, payload["error"]["code"]) == (1, "FORBIDDEN_FUNCTION")


@pytest.mark.django_db(databases=["default", "owner"])
def test_window_and_limits_print():
    out = io.StringIO()
    call_command("gateway", "window", stdout=out)
    assert "erp_salary: viewer sees the last 24 months" in out.getvalue()
    out = io.StringIO()
    call_command("gateway", "limits", stdout=out)
    assert "statement_timeout_ms = " in out.getvalue()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "sql", "status", "ok"),
    [
        (["run", "--tenant", "acme", "--user", "ana"], "SELECT count(*) FROM erp_salary", 0, True),
        (["run", "--tenant", "acme", "--user", "ana"], "SELECT 1; SELECT 2", 1, False),
        (["check"], "SELECT name FROM erp_employee", 0, True),
        (["check", "--allow-any-table"], "SELECT * FROM pg_catalog.pg_class", 1, False),
    ],
)
def test_the_command_line_contract(args, sql, status, ok):
    completed = manage("gateway", *args, stdin=sql)
    assert completed.returncode == status, completed.stderr
    payload = json.loads(completed.stdout)
    assert payload["ok"] is ok
    # Nothing else is printed: no pool warning about a session it had to discard (issue 16.9).
    assert completed.stderr == ""


@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [
        ["gateway", "window"],
        ["seed_demo", "--if-empty"],
        ["ask", "How many active employees are there in each department?"]
        + ["--tenant", "acme", "--user", "ana", "--json"],
    ],
    ids=["gateway-window", "seed-demo", "ask"],
)
def test_commands_print_no_pool_warnings(args):
    completed = manage(*args)
    assert completed.returncode == 0, completed.stderr
    assert "psycopg" not in completed.stderr
    assert "WARNING" not in completed.stderr
