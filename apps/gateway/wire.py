"""Several statements in one round trip, through libpq's pipeline mode.

A gateway query is five statements (open, bind, query, close, reset: `session.py`). Sent as
one libpq pipeline they cost one round trip, like a plain query. psycopg's own pipeline
(`conn.pipeline()`) waits on the socket after every statement and costs several times the
client CPU of the query itself, so this module drives libpq (`psycopg.pq`) directly and uses
psycopg's adapters (`psycopg.adapt.Transformer`) for parameters and rows, exactly as
psycopg's cursors do. Every statement goes through the extended query protocol, which
refuses a second statement in one text.
"""

import select
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg import pq
from psycopg.adapt import PyFormat, Transformer

ExecStatus = pq.ExecStatus
# A statement with a byte budget is read row by row (libpq's chunked rows mode, one row a
# chunk): libpq otherwise holds a whole result in memory before handing any of it over, and a
# read-only SELECT can ask the server for gigabytes (`repeat('x', 100000000)` per row); a
# chunk of several rows would be held whole too.
CHUNK_ROWS = 1
TOO_LARGE = (
    "The result is larger than {limit} MB; select fewer or shorter columns (a long text can be "
    "cut with left(text, n)), or aggregate."
)
# A statement that starts a COPY leaves libpq waiting for copy data: the gateway never
# reads it, and the session is closed instead (the server then rolls the transaction back).
COPY_STATES = (ExecStatus.COPY_OUT, ExecStatus.COPY_IN, ExecStatus.COPY_BOTH)
COPY_REFUSED = "COPY is not available through the gateway; send a SELECT."


@dataclass(frozen=True)
class Statement:
    sql: bytes
    params: Sequence[Any] = ()
    # Most bytes of row data read for this statement; past it the session is closed (the
    # server rolls back) and ResultTooLarge is raised. None: no budget.
    max_bytes: int | None = None


class ResultTooLarge(psycopg.Error):
    """A statement's rows passed its byte budget. SQLSTATE 54000 like the server's own
    limits, but no OperationalError: the session was closed on purpose, not lost, so the
    query must not be tried again on another one."""

    sqlstate = "54000"


@dataclass(frozen=True)
class Outcome:
    """What one statement of a pipeline came back with."""

    result: pq.PGresult
    # The rows of a statement read in chunks (`result` is then the final, row-less result
    # that still describes the columns).
    chunks: tuple[pq.PGresult, ...] = ()

    @property
    def failed(self) -> bool:
        return self.result.status in (ExecStatus.FATAL_ERROR, ExecStatus.PIPELINE_ABORTED)

    def error(self, conn: psycopg.Connection) -> psycopg.Error:
        if self.result.status == ExecStatus.PIPELINE_ABORTED:
            return psycopg.errors.PipelineAborted("an earlier statement of the pipeline failed")
        return psycopg.errors.error_from_result(self.result, encoding=conn.info.encoding)


def run(conn: psycopg.Connection, statements: Sequence[Statement]) -> list[Outcome]:
    """Send `statements` and a Sync at once; return each statement's outcome, in order.

    After a failed statement PostgreSQL skips the rest up to the Sync (PIPELINE_ABORTED).
    Raises psycopg.OperationalError when the connection fails."""
    pgconn = conn.pgconn
    pgconn.enter_pipeline_mode()
    try:
        for statement in statements:
            _send(conn, statement)
        pgconn.pipeline_sync()
        _flush(pgconn)
        outcomes = [_outcome(pgconn, statement) for statement in statements]
        _statement_result(pgconn)  # the Sync's own PIPELINE_SYNC
        return outcomes
    except _CopyStarted:
        conn.close()
        raise psycopg.NotSupportedError(COPY_REFUSED) from None
    except _OverBudget as over:
        conn.close()  # the rest of the result is never read: this session cannot go on
        raise ResultTooLarge(TOO_LARGE.format(limit=over.limit_mb)) from None
    finally:
        _leave_pipeline_mode(conn)


class _CopyStarted(Exception):
    pass


class _OverBudget(Exception):
    def __init__(self, max_bytes: int):
        self.limit_mb = max(1, round(max_bytes / 1_000_000))


def rows(conn: psycopg.Connection, outcome: Outcome, limit: int) -> list[list]:
    """Up to `limit` rows of `outcome` as Python values (psycopg's loaders)."""
    transformer = Transformer(conn)
    if not outcome.chunks:
        transformer.set_pgresult(outcome.result)
        return transformer.load_rows(0, min(limit, outcome.result.ntuples), list)
    # Chunks share the final result's columns: their loaders are chosen once.
    transformer.set_pgresult(outcome.result)
    loaded: list[list] = []
    for result in outcome.chunks[:limit]:
        transformer.set_pgresult(result, set_loaders=False)
        loaded += transformer.load_rows(0, result.ntuples, list)
    return loaded[:limit]


def columns(conn: psycopg.Connection, result: pq.PGresult) -> list[tuple[str, int]]:
    """(name, type oid) of each column of `result`."""
    encoding = conn.info.encoding
    return [
        (result.fname(index).decode(encoding), result.ftype(index))
        for index in range(result.nfields)
    ]


def _send(conn: psycopg.Connection, statement: Statement) -> None:
    if not statement.params:
        conn.pgconn.send_query_params(statement.sql, None)
        return
    transformer = Transformer(conn)
    values = transformer.dump_sequence(statement.params, [PyFormat.AUTO] * len(statement.params))
    conn.pgconn.send_query_params(
        statement.sql,
        values,
        param_types=transformer.types,
        param_formats=transformer.formats,
    )


def _leave_pipeline_mode(conn: psycopg.Connection) -> None:
    if conn.closed or conn.pgconn.status != pq.ConnStatus.OK:
        return  # closed, or broken: the caller sees conn.broken and the pool drops it
    try:
        conn.pgconn.exit_pipeline_mode()
    except psycopg.Error:
        # Results left unread (an exception mid-way): this session cannot be reused.
        conn.close()


def _wait(pgconn: pq.PGconn, events: int) -> None:
    # poll, not select: a busy process may hold file descriptors above select()'s 1024.
    poller = select.poll()
    poller.register(pgconn.socket, events)
    poller.poll()


def _flush(pgconn: pq.PGconn) -> None:
    # libpq connections under psycopg are non-blocking: write until the buffer is empty,
    # reading meanwhile so that a server blocked on its own output cannot deadlock us.
    while pgconn.flush():
        _wait(pgconn, select.POLLIN | select.POLLOUT)
        pgconn.consume_input()


def _outcome(pgconn: pq.PGconn, statement: Statement) -> Outcome:
    if statement.max_bytes is None:
        return Outcome(_statement_result(pgconn))
    # Effective for the statement whose results come next: the previous one's are all read.
    try:
        pgconn.set_chunked_rows_mode(CHUNK_ROWS)
    except psycopg.OperationalError:
        # libpq refuses when the statement will not run: an earlier one failed and the
        # pipeline skips the rest (PIPELINE_ABORTED), so there are no rows to budget.
        return Outcome(_statement_result(pgconn))
    chunks: list[pq.PGresult] = []
    size = 0

    def budget(result: pq.PGresult) -> None:
        nonlocal size
        chunks.append(result)
        size += _data_bytes(result)
        if size > statement.max_bytes:
            raise _OverBudget(statement.max_bytes)

    final = _statement_result(pgconn, on_chunk=budget)
    return Outcome(final, tuple(chunks))


def _data_bytes(result: pq.PGresult) -> int:
    value = result.get_value
    return sum(
        len(value(row, field) or b"")
        for row in range(result.ntuples)
        for field in range(result.nfields)
    )


def _statement_result(pgconn: pq.PGconn, on_chunk=None) -> pq.PGresult:
    """The result of the next statement (the last one if it sent several), read up to the
    NULL that ends it; a Sync's result has no NULL after it."""
    result = None
    while True:
        while pgconn.is_busy():
            _wait(pgconn, select.POLLIN)
            pgconn.consume_input()
        current = pgconn.get_result()
        if current is not None and current.status in COPY_STATES:
            raise _CopyStarted()
        if current is None:
            if result is None:
                raise psycopg.OperationalError("the server ended a pipeline result early")
            return result
        if current.status == ExecStatus.PIPELINE_SYNC:
            return current
        if current.status == ExecStatus.TUPLES_CHUNK and on_chunk is not None:
            on_chunk(current)
            continue
        result = current
