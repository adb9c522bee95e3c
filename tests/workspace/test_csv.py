"""Complete CSV downloads (issue 16, item 2): every row up to TESSERA_CSV_MAX_ROWS through the
same read-only, tenant-bound gateway path, from a server-side cursor in constant memory; a
capped file ends with a line saying so, and the page can ask beforehand."""

import csv
import io
import threading
import tracemalloc

import pytest
from asgiref.sync import sync_to_async

from apps.gateway import limits
from apps.gateway import pool as gateway_pool
from apps.gateway.errors import ErrorCode, GatewayError
from apps.gateway.export import BATCH_ROWS, CURSOR
from apps.gateway.services import run_sql
from apps.workspace import services
from apps.workspace.services import CSV_CAPPED, CSV_FAILED
from tests.gateway.conftest import assert_gateway_sessions_clean

# Each salary row twice: more rows than the small test data set holds, from tenant data.
SALARIES = (
    "SELECT s.id, copy, s.pay_date, s.amount FROM erp_salary s "
    "CROSS JOIN generate_series(1, 2) AS copy ORDER BY s.id, copy"
)


def parse(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def download(context, artifact) -> list[list[str]]:
    return parse("".join(services.csv_lines(context=context, artifact=artifact)))


def test_a_csv_of_5000_rows_has_5000_rows(sql_result, acme_context, admin_rows):
    artifact = sql_result(f"{SALARIES} LIMIT 5000")
    assert artifact.payload["truncated"] is True  # the page shows the first 1,000
    rows = download(acme_context, artifact)
    assert rows[0] == ["Id", "Copy", "Pay date", "Amount"]  # labels made from the names
    expected = admin_rows(
        "SELECT id, copy, pay_date, amount FROM erp_salary CROSS JOIN generate_series(1, 2) "
        "AS copy WHERE tenant_id = %s ORDER BY id, copy LIMIT 5000",
        [acme_context.tenant_id],
    )
    assert len(rows) == 1 + 5000
    assert rows[1:] == [
        [str(i), str(e), day.isoformat(), format(amount, "f")] for i, e, day, amount in expected
    ]


def test_the_csv_holds_every_row_of_the_tenant_and_no_other(
    sql_result, acme_context, globex_context, admin_rows
):
    artifact = sql_result("SELECT id, tenant_id FROM erp_salary")
    rows = download(acme_context, artifact)[1:]
    acme = {
        row_id
        for (row_id,) in admin_rows(
            "SELECT id FROM erp_salary WHERE tenant_id = %s", [acme_context.tenant_id]
        )
    }
    assert len(acme) > 2 * 1000
    assert {int(row_id) for row_id, _ in rows} == acme
    assert len(rows) == len(acme)
    assert {tenant for _, tenant in rows} == {str(acme_context.tenant_id)}
    # Run again for another person, the same artifact's query would show their own rows:
    # the download binds the requester's context, never the creator's.
    other = download(globex_context, artifact)[1:]
    assert {tenant for _, tenant in other} == {str(globex_context.tenant_id)}


def test_the_header_uses_the_column_labels_when_the_result_has_them(sql_result, acme_context):
    artifact = sql_result("SELECT code, name FROM erp_department ORDER BY code")
    artifact.payload["columns"] = [
        {"name": "code", "type": "varchar", "label": "Department code"},
        {"name": "name", "type": "varchar"},
    ]
    assert download(acme_context, artifact)[0] == ["Department code", "name"]


def test_a_capped_csv_ends_with_a_line_saying_so(sql_result, acme_context, csv_cap):
    csv_cap(1000)
    artifact = sql_result(f"{SALARIES} LIMIT 5000")
    rows = download(acme_context, artifact)
    assert len(rows) == 1 + 1000 + 1
    assert rows[-1] == [CSV_CAPPED.format(max_rows=1000)]
    assert [int(row[0]) for row in rows[1:-1]] == sorted(int(row[0]) for row in rows[1:-1])
    size = services.csv_size(context=acme_context, artifact=artifact)
    assert size.as_dict() == {"rows": 1000, "capped": True, "max_rows": 1000}


def test_a_result_exactly_at_the_cap_is_complete(sql_result, acme_context, csv_cap):
    csv_cap(3 * BATCH_ROWS)
    artifact = sql_result(f"{SALARIES} LIMIT {3 * BATCH_ROWS}")
    rows = download(acme_context, artifact)
    assert len(rows) == 1 + 3 * BATCH_ROWS
    assert not rows[-1][0].startswith("The download")
    size = services.csv_size(context=acme_context, artifact=artifact)
    assert size.as_dict() == {"rows": 3 * BATCH_ROWS, "capped": False, "max_rows": 3 * BATCH_ROWS}


def test_a_failure_after_the_first_rows_ends_the_file_with_a_line_saying_so(
    sql_result, acme_context
):
    # Row 5,000 divides by zero: the first batches are already sent when it fails.
    artifact = sql_result("SELECT n, 10 / (n - 5000) AS q FROM generate_series(1, 9000) AS n")
    rows = download(acme_context, artifact)
    assert rows[-1][0].startswith(CSV_FAILED.format(message="").rstrip())
    assert "division by zero" in rows[-1][0]
    assert len(rows) - 2 >= BATCH_ROWS
    assert_gateway_sessions_clean()


def test_the_csv_streams_from_a_server_side_cursor_in_constant_memory(
    sql_result, acme_context, admin_rows
):
    generated = "SELECT n, repeat('x', 60) AS filler FROM generate_series(1, {rows}) AS n"
    small, large = (
        sql_result(generated.format(rows=10_000)),
        sql_result(generated.format(rows=100_000)),
    )

    def peak_while_downloading(artifact) -> tuple[int, int]:
        tracemalloc.start()
        lines = services.csv_lines(context=acme_context, artifact=artifact)
        count = 0
        try:
            for chunk in lines:
                count += chunk.count("\n")
                if count == 1 + BATCH_ROWS:
                    # Mid-download the session is parked on a cursor of our own, fetching.
                    active = admin_rows(
                        "SELECT query FROM pg_stat_activity WHERE usename = 'tessera_gateway' "
                        "AND state = 'idle in transaction'"
                    )
                    assert (f"FETCH FORWARD {BATCH_ROWS} FROM {CURSOR}",) in active
            return count, tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    small_rows, small_peak = peak_while_downloading(small)
    large_rows, large_peak = peak_while_downloading(large)
    assert (small_rows, large_rows) == (1 + 10_000, 1 + 100_000)
    # Ten times the rows (about 7 MB of CSV), about the same memory: batches, not the result.
    assert large_peak < 2 * small_peak + 1_000_000
    assert large_peak < 4_000_000


def test_closing_a_download_early_returns_its_session_clean(sql_result, acme_context):
    artifact = sql_result(f"{SALARIES} LIMIT 5000")
    lines = services.csv_lines(context=acme_context, artifact=artifact)
    next(lines), next(lines)
    lines.close()  # what Django does when the person cancels the download
    assert_gateway_sessions_clean()
    stats = gateway_pool.get_pool().get_stats()
    assert stats["pool_available"] == stats["pool_size"]


def test_downloads_at_once_leave_sessions_for_the_chat(sql_result, acme_context):
    """Half the pool at most serves downloads; a chat query still runs meanwhile."""
    artifact = sql_result(f"{SALARIES} LIMIT 5000")
    open_downloads = []
    for _ in range(gateway_pool.get_pool().max_size // 2):
        lines = services.csv_lines(context=acme_context, artifact=artifact)
        next(lines)
        open_downloads.append(lines)
    answer = {}

    def chat_query():
        answer["rows"] = run_sql("SELECT count(*) FROM erp_department", context=acme_context).rows

    worker = threading.Thread(target=chat_query)
    worker.start()
    worker.join(60)
    for lines in open_downloads:
        lines.close()
    assert answer["rows"][0][0] > 0


# --- over HTTP (ASGI, as daphne serves it) ---------------------------------------------------


async def body_of(response) -> str:
    return b"".join([chunk async for chunk in response.streaming_content]).decode()


async def test_the_download_streams_every_row_with_its_headers(sql_result, web, csv_cap):
    artifact = await sync_to_async(sql_result)(f"{SALARIES} LIMIT 5000", title="Pay roll 2026")
    client = await web("ana")
    response = await client.get(f"/api/artifacts/{artifact.id}/csv")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="pay-roll-2026.csv"'
    assert response["X-Tessera-Csv-Max-Rows"] == "1000000"
    assert response.is_async
    rows = parse(await body_of(response))
    assert len(rows) == 1 + 5000


@pytest.mark.parametrize(
    ("title", "disposition"),
    [
        # A line break in a header is refused by Django: the download was a 500.
        ("Pay\nroll", 'attachment; filename="pay-roll.csv"'),
        # A quote ended the quoted name early: the browser saved "q".
        ('Q"3 "totals"', 'attachment; filename="q-3-totals.csv"'),
        # Beyond latin-1 the whole header was MIME-encoded, which no browser reads.
        ("Folha de salários ★", "attachment; filename*=utf-8''folha-de-sal%C3%A1rios.csv"),
        # A right-to-left override (U+202E) shows the rest of the name reversed.
        ("report\u202evsc.exe", 'attachment; filename="report-vsc.exe.csv"'),
        ("★ …", 'attachment; filename="result.csv"'),
    ],
    ids=["line-break", "quotes", "accents", "bidi-override", "nothing-left"],
)
async def test_the_download_is_named_after_the_title_whatever_it_holds(
    sql_result, web, title, disposition
):
    artifact = await sync_to_async(sql_result)("SELECT 1 AS n", title=title)
    client = await web("ana")
    response = await client.get(f"/api/artifacts/{artifact.id}/csv")
    assert response.status_code == 200
    assert response["Content-Disposition"] == disposition
    assert parse(await body_of(response)) == [["N"], ["1"]]


async def test_the_page_can_ask_whether_the_download_is_capped(sql_result, web, csv_cap):
    csv_cap(2000)
    capped = await sync_to_async(sql_result)(f"{SALARIES} LIMIT 5000")
    small = await sync_to_async(sql_result)("SELECT code FROM erp_department")
    client = await web("ana")
    assert (await client.get(f"/api/artifacts/{capped.id}/csv/size")).json() == {
        "ok": True,
        "rows": 2000,
        "capped": True,
        "max_rows": 2000,
    }
    answer = (await client.get(f"/api/artifacts/{small.id}/csv/size")).json()
    assert answer["capped"] is False and 0 < answer["rows"] < 2000


async def test_download_errors_have_a_status_and_a_readable_message(
    sql_result, stored_artifact, web
):
    artifact = await sync_to_async(sql_result)("SELECT code FROM erp_department")
    failing = await sync_to_async(stored_artifact)(
        "sql_result", {"sql": "SELECT 1 / (count(*) - count(*)) FROM erp_department"}
    )
    chart = await sync_to_async(stored_artifact)("chart", {"spec": {}, "figure": {}})
    client, other = await web("ana"), await web("gus")
    for url in (f"/api/artifacts/{artifact.id}/csv", f"/api/artifacts/{artifact.id}/csv/size"):
        assert (await other.get(url)).status_code == 404
    response = await client.get(f"/api/artifacts/{failing.id}/csv")
    assert response.status_code == 422
    assert response["Content-Type"].startswith("text/plain")
    assert "QUERY_ERROR" in response.content.decode()
    assert "division by zero" in response.content.decode()
    # Counting needs no column value, so the division never runs; a query the validator
    # refuses now (say, a column that no longer exists) fails the count too.
    stale = await sync_to_async(stored_artifact)(
        "sql_result", {"sql": "SELECT budget FROM erp_department"}
    )
    size = await client.get(f"/api/artifacts/{stale.id}/csv/size")
    assert size.status_code == 422
    assert size.json()["ok"] is False and size.json()["error"]["code"] == "UNKNOWN_COLUMN"
    not_sql = await client.get(f"/api/artifacts/{chart.id}/csv")
    assert not_sql.status_code == 400
    assert services.NOT_SQL in not_sql.content.decode()


def test_a_download_of_wide_rows_streams_within_a_query_budget_per_row(
    sql_result, acme_context, monkeypatch
):
    # 12 kB rows: 1,001 of them (12 MB) fit a query's TESSERA_GATEWAY_MAX_RESULT_MB of 16; a
    # download's batches of 2,000 rows (24 MB) get as much per row, and the 60 MB file streams.
    artifact = sql_result(
        "SELECT n, repeat('y', 12000) AS filler FROM generate_series(1, 5000) AS n"
    )
    lines = "".join(services.csv_lines(context=acme_context, artifact=artifact)).splitlines()
    assert len(lines) == 1 + 5000 and lines[-1].startswith("5000,yyy")
    # Past the budget the download is refused before its first byte, and the pool goes on.
    monkeypatch.setenv("TESSERA_GATEWAY_MAX_RESULT_MB", "1")
    limits.current.cache_clear()
    try:
        with pytest.raises(GatewayError) as refused:
            "".join(services.csv_lines(context=acme_context, artifact=artifact))
    finally:
        limits.current.cache_clear()
    assert refused.value.code == ErrorCode.TOO_LARGE
    assert_gateway_sessions_clean()
