"""One gateway session per query: opened read-only for a context, always cleaned after.

Each query runs in one transaction of a pooled `tessera_gateway` connection, sent as one
pipeline (one round trip, `wire.py`):

    BEGIN READ ONLY
    SELECT set_config('app.tenant_id', $1, true), …,      -- bound, by the login role
           set_config('statement_timeout', $4, true), set_config('search_path', …, true),
           set_config('role', 'tessera_query', true)      -- = SET LOCAL ROLE, last
    <the regenerated query>                               -- as tessera_query
    ROLLBACK
    DISCARD ALL

PostgreSQL checks the EXECUTE privilege of every function of a statement before it runs
any, so the bind statement runs entirely as the login role even though it ends by switching
to the query role, which may not call `set_config` itself.

`ROLLBACK` undoes everything transactional (LISTEN, NOTIFY, SET, cursors, the role and the
context); `DISCARD ALL` resets what outlives a transaction (prepared statements, session
advisory locks, plans) and needs no privilege, unlike `pg_advisory_unlock_all()`, which the
login role may not execute. When a statement fails, PostgreSQL skips the rest of the
pipeline: the same two statements are then sent again. A session whose clean-up fails is
closed, and the pool replaces it.
"""

import psycopg
from psycopg.pq import TransactionStatus

from apps.accounts.access import AccessContext
from apps.gateway import wire
from apps.gateway.wire import Statement
from project import database

BEGIN = Statement(b"BEGIN READ ONLY")
BIND_CONTEXT = (
    "SELECT pg_catalog.set_config('app.tenant_id', $1, true), "
    "pg_catalog.set_config('app.user_id', $2, true), "
    "pg_catalog.set_config('app.role', $3, true), "
    "pg_catalog.set_config('statement_timeout', $4, true), "
    "pg_catalog.set_config('search_path', 'public, pg_temp', true), "
    f"pg_catalog.set_config('role', '{database.QUERY}', true)"
).encode()
ROLLBACK = Statement(b"ROLLBACK")
RESET = Statement(b"DISCARD ALL")
CLOSE = (ROLLBACK, RESET)


def context_values(context: AccessContext | None, statement_timeout_ms: int) -> list[str]:
    """Parameters of BIND_CONTEXT; no context binds empty values, which see no tenant rows."""
    timeout = str(int(statement_timeout_ms))
    if context is None:
        return ["", "", "", timeout]
    return [str(context.tenant_id), str(context.user_id), context.role, timeout]


def opening(context: AccessContext | None, statement_timeout_ms: int) -> tuple[Statement, ...]:
    """The statements that open the read-only transaction bound to `context`."""
    return (BEGIN, Statement(BIND_CONTEXT, context_values(context, statement_timeout_ms)))


def run(
    conn: psycopg.Connection,
    context: AccessContext | None,
    statement_timeout_ms: int,
    statement: Statement,
    *,
    close: bool = True,
) -> wire.Outcome:
    """Run `statement` as the query role in a transaction bound to `context`, and (with
    `close`) end it and reset the session in the same round trip. Raises the statement's
    error as a psycopg.Error after cleaning up."""
    opened = opening(context, statement_timeout_ms)
    outcomes = wire.run(conn, (*opened, statement, *(CLOSE if close else ())))
    for outcome in outcomes[: len(opened) + 1]:
        if outcome.failed:
            error = outcome.error(conn)
            clean_up(conn)
            raise error
    for outcome in outcomes[len(opened) + 1 :]:
        if outcome.failed:
            error = outcome.error(conn)
            conn.close()  # the reset failed: never lend this session again
            raise error
    return outcomes[len(opened)]


def clean_up(conn: psycopg.Connection) -> None:
    """End the transaction and reset the session, or close it: the pool drops closed
    connections. Safe after any failure, also one that aborted the transaction."""
    if conn.closed or conn.broken:
        return
    try:
        outcomes = wire.run(conn, CLOSE)
    except psycopg.Error:
        outcomes = None
    if (
        outcomes is None
        or any(outcome.failed for outcome in outcomes)
        or conn.pgconn.transaction_status != TransactionStatus.IDLE
    ):
        conn.close()
