"""One gateway session per query: opened read-only for a context, always cleaned after.

Each query runs in one transaction of a pooled `tessera_gateway` connection:

    BEGIN READ ONLY
    SELECT set_config('app.tenant_id', $1, true), …,      -- bound, by the login role
           set_config('statement_timeout', $4, true), set_config('search_path', …, true),
           set_config('role', 'tessera_query', true)      -- = SET LOCAL ROLE, last
    <the regenerated query>                               -- as tessera_query
    ROLLBACK
    DISCARD ALL

sent as one pipeline (one round trip, like a plain query). PostgreSQL checks the EXECUTE
privilege of every function of a statement before it runs any, so the bind statement runs
entirely as the login role even though it ends by switching to the query role, which may not
call `set_config` itself. Pipeline mode always uses the extended query protocol, so PostgreSQL
refuses a second statement in the query text whatever the validator let through.

`ROLLBACK` undoes everything transactional (LISTEN, NOTIFY, SET, cursors); `DISCARD ALL`
resets what outlives a transaction (prepared statements, session advisory locks, plans,
settings) and needs no privilege, unlike `pg_advisory_unlock_all()`, which the login role may
not execute. A session whose clean-up fails is closed, and the pool replaces it.
"""

import psycopg
from psycopg.pq import TransactionStatus

from apps.accounts.access import AccessContext
from project import database

BEGIN = "BEGIN READ ONLY"
BIND_CONTEXT = (
    "SELECT pg_catalog.set_config('app.tenant_id', $1, true), "
    "pg_catalog.set_config('app.user_id', $2, true), "
    "pg_catalog.set_config('app.role', $3, true), "
    "pg_catalog.set_config('statement_timeout', $4, true), "
    "pg_catalog.set_config('search_path', 'public, pg_temp', true), "
    f"pg_catalog.set_config('role', '{database.QUERY}', true)"
)
ROLLBACK = "ROLLBACK"
RESET = "DISCARD ALL"


def context_values(context: AccessContext | None, statement_timeout_ms: int) -> list[str]:
    """Parameters of BIND_CONTEXT; no context binds empty values, which see no tenant rows."""
    timeout = str(int(statement_timeout_ms))
    if context is None:
        return ["", "", "", timeout]
    return [str(context.tenant_id), str(context.user_id), context.role, timeout]


def send_open(
    conn: psycopg.Connection, context: AccessContext | None, statement_timeout_ms: int
) -> None:
    """Queue the opening of the read-only, context-bound transaction (inside a pipeline)."""
    conn.execute(BEGIN)
    conn.execute(BIND_CONTEXT, context_values(context, statement_timeout_ms))


def send_close(conn: psycopg.Connection) -> None:
    """Queue the end of the transaction and the session reset (inside a pipeline)."""
    conn.execute(ROLLBACK)
    conn.execute(RESET)


def clean_up(conn: psycopg.Connection) -> None:
    """Bring a session back to pristine after a query that did not reach its own clean-up,
    or close it: the pool drops closed connections."""
    if conn.closed or conn.broken:
        return
    try:
        if conn.info.transaction_status != TransactionStatus.IDLE:
            conn.execute(ROLLBACK)
        conn.execute(RESET)
    except psycopg.Error:
        conn.close()
