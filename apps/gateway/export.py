"""Every row of a query, for downloads, in constant memory.

The same path as any gateway query (`session.py`: pooled `tessera_gateway` session, READ
ONLY, bound context, `tessera_query` role, row-level security, statement timeout per
statement), but the query is declared as a server-side cursor and fetched in batches, so a
million rows never sit in memory at once. The validator's LIMIT is the export cap + 1: a row
past the cap means the download was cut.

An export holds its session while the file streams, so at most half of the pool's sessions
serve downloads at once; the chat's queries keep the rest.
"""

import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field

import psycopg
from psycopg_pool import ConnectionPool, PoolTimeout

from apps.accounts.access import AccessContext
from apps.gateway import errors, limits, session, wire
from apps.gateway.errors import ErrorCode, GatewayError
from apps.gateway.execution import (
    BrokenConnection,
    bind_parameters,
    column_list,
    execute,
    translate,
    with_retry,
)
from apps.gateway.pool import get_pool
from apps.gateway.validation import ValidatedQuery
from apps.gateway.wire import ExecStatus, ResultTooLarge, Statement

CURSOR = "tessera_export"
BATCH_ROWS = 2000
FETCH_SQL = f"FETCH FORWARD {BATCH_ROWS} FROM {CURSOR}".encode()
TOO_MANY_EXPORTS = "too many downloads at once"

_slots: threading.BoundedSemaphore | None = None
_slots_lock = threading.Lock()


def _export_slots() -> threading.BoundedSemaphore:
    global _slots
    with _slots_lock:
        if _slots is None:
            _slots = threading.BoundedSemaphore(max(1, limits.current().pool_size // 2))
        return _slots


@dataclass
class RowStream:
    """An open export: its columns, then its rows batch by batch (`batches()`)."""

    columns: list[dict[str, str]]
    max_rows: int
    _conn: psycopg.Connection
    _query: ValidatedQuery
    _first: list[list]
    truncated: bool = field(default=False, init=False)
    row_count: int = field(default=0, init=False)

    def batches(self) -> Iterator[list[list]]:
        """Rows in batches of at most BATCH_ROWS, up to `max_rows`; then `truncated` says
        whether the result had more. Raises GatewayError when the database fails mid-way."""
        batch = self._first
        while batch:
            room = self.max_rows - self.row_count
            if len(batch) > room:
                self.truncated = True
                batch = batch[:room]
            if batch:
                self.row_count += len(batch)
                yield batch
            if self.truncated:
                return
            batch = self._fetch()

    def _fetch(self) -> list[list]:
        try:
            (outcome,) = wire.run(self._conn, (_fetch(),))
            if outcome.failed:
                raise outcome.error(self._conn)
        except psycopg.Error as exc:
            if self._conn.broken or self._conn.closed and not isinstance(exc, ResultTooLarge):
                raise GatewayError(
                    ErrorCode.UNAVAILABLE, errors.UNAVAILABLE_DB.format(detail=str(exc).strip())
                ) from None
            raise translate(exc, self._query) from None
        return wire.rows(self._conn, outcome, BATCH_ROWS)


def _fetch() -> Statement:
    """The next batch, within a byte budget per row like a query's result (a query returns
    max_rows rows within max_result_mb; a batch is BATCH_ROWS rows)."""
    budget = limits.max_result_bytes() * BATCH_ROWS // limits.current().max_rows
    return Statement(FETCH_SQL, (), max(budget, limits.max_result_bytes()))


@contextmanager
def open_stream(
    query: ValidatedQuery, *, context: AccessContext | None, params: Mapping | None = None
) -> Iterator[RowStream]:
    """Declare `query` as a cursor for `context`; the session is cleaned and returned to the
    pool when the block ends, however it ends. Raises GatewayError."""
    values = bind_parameters(query.parameters, params)
    slots = _export_slots()
    if not slots.acquire(timeout=limits.current().pool_timeout_s):
        raise GatewayError(
            ErrorCode.UNAVAILABLE, errors.UNAVAILABLE_DB.format(detail=TOO_MANY_EXPORTS)
        )
    pool = get_pool()
    try:
        conn, stream = with_retry(lambda: _declare(pool, query, context, values))
        try:
            yield stream
        finally:
            session.clean_up(conn)
            pool.putconn(conn)
    finally:
        slots.release()


def _declare(
    pool: ConnectionPool, query: ValidatedQuery, context: AccessContext | None, values: list
):
    try:
        conn = pool.getconn()
    except PoolTimeout as exc:
        raise GatewayError(
            ErrorCode.UNAVAILABLE, errors.UNAVAILABLE_DB.format(detail="no free connection")
        ) from exc
    try:
        # NO SCROLL, not WITH HOLD: the cursor lives and dies with the read-only transaction.
        declare = Statement(f"DECLARE {CURSOR} NO SCROLL CURSOR FOR {query.sql}".encode(), values)
        session.run(conn, context, query.statement_timeout_ms, declare, close=False)
        (first,) = wire.run(conn, (_fetch(),))
        if first.failed:
            raise first.error(conn)
        if first.result.status != ExecStatus.TUPLES_OK:
            raise GatewayError(ErrorCode.NOT_A_QUERY, errors.NO_RESULT)
    except psycopg.Error as exc:
        session.clean_up(conn)
        broken = conn.broken or conn.closed and not isinstance(exc, ResultTooLarge)
        pool.putconn(conn)
        if broken:
            raise BrokenConnection(str(exc).strip()) from exc
        raise translate(exc, query) from None
    except BaseException:
        session.clean_up(conn)
        pool.putconn(conn)
        raise
    stream = RowStream(
        columns=column_list(conn, first.result),
        max_rows=query.max_rows,
        _conn=conn,
        _query=query,
        _first=wire.rows(conn, first, BATCH_ROWS),
    )
    return conn, stream


def count_rows(
    query: ValidatedQuery, *, context: AccessContext | None, params: Mapping | None = None
) -> int:
    """How many rows an export of `query` would find, up to its cap + 1 (the validator's
    LIMIT), counted by the database without sending them."""
    counting = ValidatedQuery(
        sql=f"SELECT count(*) FROM ({query.sql}) AS export_rows",
        parameters=query.parameters,
        max_rows=1,
        statement_timeout_ms=query.statement_timeout_ms,
        tables=query.tables,
        source=query.source,
    )
    return execute(counting, context=context, params=params).rows[0][0]
