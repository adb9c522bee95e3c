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
# A statement that starts a COPY leaves libpq waiting for copy data: the gateway never
# reads it, and the session is closed instead (the server then rolls the transaction back).
COPY_STATES = (ExecStatus.COPY_OUT, ExecStatus.COPY_IN, ExecStatus.COPY_BOTH)
COPY_REFUSED = "COPY is not available through the gateway; send a SELECT."


@dataclass(frozen=True)
class Statement:
    sql: bytes
    params: Sequence[Any] = ()


@dataclass(frozen=True)
class Outcome:
    """What one statement of a pipeline came back with."""

    result: pq.PGresult

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
        outcomes = [Outcome(_statement_result(pgconn)) for _ in statements]
        _statement_result(pgconn)  # the Sync's own PIPELINE_SYNC
        return outcomes
    except _CopyStarted:
        conn.close()
        raise psycopg.NotSupportedError(COPY_REFUSED) from None
    finally:
        _leave_pipeline_mode(conn)


class _CopyStarted(Exception):
    pass


def rows(conn: psycopg.Connection, result: pq.PGresult, limit: int) -> list[list]:
    """Up to `limit` rows of `result` as Python values (psycopg's loaders)."""
    transformer = Transformer(conn)
    transformer.set_pgresult(result)
    return transformer.load_rows(0, min(limit, result.ntuples), list)


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


def _statement_result(pgconn: pq.PGconn) -> pq.PGresult:
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
        result = current
