"""Pooled gateway sessions: reused query after query, clean after every one, and discarded
when they cannot be cleaned (issue 16, item 1)."""

import threading

import psycopg
import pytest

from apps.gateway import pool as gateway_pool
from apps.gateway.errors import ErrorCode, GatewayError
from apps.gateway.execution import execute
from apps.gateway.policy import default_policy
from apps.gateway.services import run_sql
from tests.gateway.conftest import assert_gateway_sessions_clean, unchecked

BACKEND = "SELECT pg_backend_pid()"


@pytest.fixture
def fresh_pool():
    """A pool of one warm session: every query of the test can only reuse it or open another."""
    gateway_pool.close_pool()
    pool = gateway_pool.get_pool()
    pool.wait()
    yield pool
    gateway_pool.close_pool()


def backend_of(context) -> int:
    return execute(unchecked(BACKEND, default_policy()), context=context).rows[0][0]


def test_two_queries_in_a_row_use_the_same_backend(fresh_pool, acme_context, globex_context):
    first = backend_of(acme_context)
    assert run_sql("SELECT count(*) FROM erp_department", context=acme_context).rows[0][0] > 0
    # Another tenant next: the same session, cleaned in between.
    assert backend_of(globex_context) == first
    assert backend_of(None) == first
    use = gateway_pool.pool_use()
    assert use.connections_opened == 1
    assert use.requests == 4
    assert use.reuse_rate == pytest.approx(0.75)
    assert_gateway_sessions_clean()


@pytest.mark.parametrize(
    ("sql", "code"),
    [
        ("SELECT 1 / (SELECT count(*) - count(*) FROM erp_department)", ErrorCode.QUERY_ERROR),
        ("SELECT 'x'::int", ErrorCode.QUERY_ERROR),
        ("SELECT * FROM erp_department WHERE name ~ '('", ErrorCode.QUERY_ERROR),
    ],
    ids=["division-by-zero", "failing-cast", "bad-regex"],
)
def test_a_failed_query_leaves_a_clean_session_that_is_reused(fresh_pool, acme_context, sql, code):
    before = backend_of(acme_context)
    with pytest.raises(GatewayError) as caught:
        run_sql(sql, context=acme_context)
    assert caught.value.code == code
    assert backend_of(acme_context) == before
    assert_gateway_sessions_clean()


@pytest.mark.parametrize(
    "dirt",
    [
        "PREPARE tessera_left_behind AS SELECT 1",
        "LISTEN tessera_left_behind",
        "DECLARE tessera_left_behind CURSOR WITH HOLD FOR SELECT 1",
        "SET work_mem = '64MB'",
    ],
    ids=["prepared-statement", "listen", "held-cursor", "session-setting"],
)
def test_what_a_statement_leaves_in_the_session_is_reset(fresh_pool, acme_context, admin, dirt):
    """With the parser check off (the database layers alone), statements that outlive a
    transaction or change the session are undone before the session is lent again."""
    before = backend_of(acme_context)
    with pytest.raises(GatewayError):
        execute(unchecked(dirt, default_policy()), context=acme_context)
    assert backend_of(acme_context) == before
    assert_gateway_sessions_clean()
    work_mem = execute(
        unchecked("SELECT current_setting('work_mem')", default_policy()), context=None
    )
    assert work_mem.rows == [list(admin.execute("SHOW work_mem").fetchone())]


def test_a_session_killed_during_a_query_is_discarded_and_the_query_runs_again(
    fresh_pool, acme_context, admin
):
    """A query blocked on a lock; its backend is terminated meanwhile. The dead session is
    dropped, a new one answers, and the pool holds no dead session afterwards."""
    before = backend_of(acme_context)
    admin.execute("BEGIN")
    admin.execute("LOCK TABLE erp_department IN ACCESS EXCLUSIVE MODE")
    answer: dict = {}

    def query():
        try:
            answer["rows"] = run_sql(
                "SELECT count(*) FROM erp_department", context=acme_context
            ).rows
        except GatewayError as error:
            answer["error"] = error

    worker = threading.Thread(target=query)
    worker.start()
    try:
        _wait_until_blocked(admin, before, worker)
        admin.execute("SELECT pg_terminate_backend(%s)", [before])
    finally:
        admin.execute("ROLLBACK")
    worker.join(30)
    assert not worker.is_alive()
    assert answer.get("rows", [[0]])[0][0] > 0, answer
    after = backend_of(acme_context)
    assert after != before
    assert_gateway_sessions_clean()


def _wait_until_blocked(admin: psycopg.Connection, pid: int, worker: threading.Thread) -> None:
    """Until `pid` waits for a lock (polling the server, no clock in the assertion)."""
    while worker.is_alive():
        # Inside a transaction the activity view is a snapshot: refresh it on every read.
        admin.execute("SELECT pg_stat_clear_snapshot()")
        row = admin.execute(
            "SELECT wait_event_type FROM pg_stat_activity WHERE pid = %s", [pid]
        ).fetchone()
        if row and row[0] == "Lock":
            return
    raise AssertionError("the query ended before it was blocked")
