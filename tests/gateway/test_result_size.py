"""Results measured in bytes, not only rows: a read-only SELECT may ask PostgreSQL for
gigabytes in a few rows (`repeat('x', 100000000)`, `string_agg` of a series), and libpq holds
a whole result before handing any of it over. The gateway reads row by row within
TESSERA_GATEWAY_MAX_RESULT_MB and stops with TOO_LARGE past it; the session is dropped and
the pool goes on."""

import pytest

from apps.gateway import limits, wire
from apps.gateway.errors import ErrorCode, GatewayError
from apps.gateway.pool import get_pool
from apps.gateway.services import run_sql
from tests.gateway.conftest import assert_gateway_sessions_clean

pytestmark = pytest.mark.usefixtures("committed_db")

MB = 1_000_000
# Two hundred megabytes in twenty rows, and in one value.
WIDE_ROWS = "SELECT n, repeat('x', 10000000) AS filler FROM generate_series(1, 20) AS n"
ONE_HUGE_VALUE = "SELECT string_agg(repeat('x', 1000), '') FROM generate_series(1, 200000)"


def _peak_rss_mb() -> float:
    with open("/proc/self/status") as status:
        line = next(line for line in status if line.startswith("VmHWM:"))
    return int(line.split()[1]) / 1000


def _reset_peak_rss() -> None:
    # Linux: writing 5 resets the peak resident set size (VmHWM) to the current one.
    with open("/proc/self/clear_refs", "w") as refs:
        refs.write("5")


@pytest.mark.parametrize("sql", [WIDE_ROWS, ONE_HUGE_VALUE])
def test_a_result_past_the_byte_budget_is_too_large_and_the_pool_goes_on(acme_context, sql):
    with pytest.raises(GatewayError) as caught:
        run_sql(sql, context=acme_context)
    assert caught.value.code == ErrorCode.TOO_LARGE
    assert f"larger than {limits.current().max_result_mb} MB" in caught.value.message
    assert_gateway_sessions_clean()
    assert run_sql("SELECT count(*) FROM erp_employee", context=acme_context).rows[0][0] > 0


def test_reading_stops_at_the_budget_instead_of_holding_the_whole_result(acme_context):
    run_sql("SELECT 1", context=acme_context)  # the pool is open
    _reset_peak_rss()
    before = _peak_rss_mb()
    with pytest.raises(GatewayError):
        run_sql(WIDE_ROWS, context=acme_context)
    # The whole result is 200 MB (400 MB once loaded); the budget plus one row is 26 MB.
    assert _peak_rss_mb() - before < 80


def test_a_result_within_the_budget_comes_back_whole(acme_context):
    result = run_sql(
        "SELECT n, repeat('x', 1000000) AS filler FROM generate_series(1, 5) AS n",
        context=acme_context,
    )
    assert [row[0] for row in result.rows] == [1, 2, 3, 4, 5]
    assert {len(row[1]) for row in result.rows} == {1_000_000}
    many = run_sql("SELECT n FROM generate_series(1, 5000) AS n", context=acme_context)
    assert many.row_count == limits.current().max_rows and many.truncated


def test_a_budgeted_statement_after_a_failed_one_keeps_the_first_error():
    # The pipeline skips what follows a failed statement; libpq then refuses the chunked
    # mode, which must not replace the real error (nor close the session).
    budgeted = wire.Statement(b"SELECT 1", (), MB)
    with get_pool().connection() as conn:
        failed, skipped = wire.run(conn, (wire.Statement(b"SELECT 1 / 0"), budgeted))
        assert "division by zero" in str(failed.error(conn))
        assert skipped.result.status == wire.ExecStatus.PIPELINE_ABORTED
        conn.rollback()
        (again,) = wire.run(conn, (budgeted,))
        assert wire.rows(conn, again, 10) == [[1]]
