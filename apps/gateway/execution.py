"""Layers 2–4 of the gateway at run time: run a validated query with least privilege.

Each query gets a pooled connection of the `tessera_gateway` login role and one transaction:

    BEGIN READ ONLY; SET LOCAL statement_timeout …; SET LOCAL search_path …
    SELECT set_config('app.tenant_id', $1, true), …   -- bound, by the login role
    SET LOCAL ROLE tessera_query                       -- owns nothing, may not set_config
    <the regenerated query>                            -- extended protocol: one statement
    ROLLBACK; <session cleanup>                        -- always

The query always goes through the extended query protocol, which refuses a second statement
even if one got past the validator. After the rollback, the session is cleaned of anything a
statement can leave beyond its transaction (session advisory locks, LISTEN, prepared
statements, cursors, settings), so the next query finds a pristine connection. Five round
trips, no pipeline: psycopg's pipeline mode costs more client time than it saves on a local
socket (bench/gateway.py).
"""

import atexit
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from datetime import time as clock_time
from decimal import Decimal
from typing import Annotated

import psycopg
import pydantic
from django.conf import settings
from psycopg_pool import ConnectionPool, PoolTimeout

from apps.accounts.access import AccessContext
from apps.gateway import errors, limits
from apps.gateway.errors import ErrorCode, GatewayError
from apps.gateway.serialize import jsonable
from apps.gateway.validation import ValidatedQuery
from project import database

BIND_CONTEXT = (
    "SELECT set_config('app.tenant_id', $1, true), "
    "set_config('app.user_id', $2, true), set_config('app.role', $3, true)"
)
SET_ROLE = f"SET LOCAL ROLE {database.QUERY}"
BEGIN = "BEGIN READ ONLY; SET LOCAL statement_timeout = {timeout}; SET LOCAL search_path = public, pg_temp"
# ROLLBACK first: it also ends a transaction the query aborted.
CLEANUP = (
    "ROLLBACK; SELECT pg_advisory_unlock_all(); UNLISTEN *; DEALLOCATE ALL; CLOSE ALL; RESET ALL"
)


@dataclass(frozen=True)
class QueryResult:
    columns: list[dict[str, str]]
    rows: list[list]
    row_count: int
    truncated: bool
    elapsed_ms: float
    sql_executed: str

    def as_json(self) -> dict:
        return {
            "sql_executed": self.sql_executed,
            "columns": self.columns,
            "rows": jsonable(self.rows),
            "row_count": self.row_count,
            "truncated": self.truncated,
            "elapsed_ms": self.elapsed_ms,
        }


# --- parameters --------------------------------------------------------------------------

_Scalar = (
    pydantic.StrictBool
    | pydantic.StrictInt
    | pydantic.StrictFloat
    | Annotated[Decimal, pydantic.Strict()]
    | Annotated[datetime, pydantic.Strict()]
    | Annotated[date, pydantic.Strict()]
    | Annotated[clock_time, pydantic.Strict()]
    | Annotated[str, pydantic.StringConstraints(max_length=10_000), pydantic.Strict()]
    | None
)
_PARAMETERS = pydantic.TypeAdapter(
    dict[str, _Scalar | Annotated[list[_Scalar], pydantic.Field(max_length=10_000)]]
)


def bind_parameters(names: tuple[str, ...], params: Mapping | None) -> list:
    """Values for `$1…$n` in order, from the named parameters the caller sent."""
    params = dict(params or {})
    try:
        params = _PARAMETERS.validate_python(params)
    except pydantic.ValidationError as exc:
        first = exc.errors()[0]
        name = ".".join(str(part) for part in first["loc"][:1]) or "?"
        raise GatewayError(
            ErrorCode.PARAMETER_ERROR,
            errors.BAD_PARAMETER.format(
                name=name, detail="must be text, a number, a boolean, a date or a list of those"
            ),
        ) from None
    missing = [name for name in names if name not in params]
    if missing:
        raise GatewayError(
            ErrorCode.PARAMETER_ERROR,
            errors.MISSING_PARAMETERS.format(names=", ".join(f":{n}" for n in missing)),
        )
    unknown = sorted(set(params) - set(names))
    if unknown:
        raise GatewayError(
            ErrorCode.PARAMETER_ERROR,
            errors.UNKNOWN_PARAMETERS.format(
                names=", ".join(f":{n}" for n in unknown),
                used=", ".join(f":{n}" for n in names) or "none",
            ),
        )
    return [params[name] for name in names]


# --- the pool ----------------------------------------------------------------------------

_pool: ConnectionPool | None = None
_pool_lock = threading.Lock()


def get_pool() -> ConnectionPool:
    """The process's pool of `tessera_gateway` connections, opened on first use."""
    global _pool
    with _pool_lock:
        if _pool is None or _pool.closed:
            configured = limits.current()
            _pool = ConnectionPool(
                conninfo=database.conninfo(database.GATEWAY, settings.DB_NAME),
                min_size=1,
                max_size=configured.pool_size,
                timeout=configured.pool_timeout_s,
                # After a database restart, pooled sessions are dead: check before lending one,
                # so the first query after it does not fail.
                check=ConnectionPool.check_connection,
                kwargs={
                    "autocommit": True,
                    # Agent SQL is ad hoc; server-side prepared statements would outlive it.
                    "prepare_threshold": None,
                    "cursor_factory": psycopg.RawCursor,
                },
                name="tessera-gateway",
                open=True,
            )
        return _pool


def close_pool() -> None:
    global _pool
    with _pool_lock:
        if _pool is not None:
            _pool.close()
            _pool = None


atexit.register(close_pool)


# --- running -----------------------------------------------------------------------------


class _BrokenConnection(Exception):
    pass


def execute(
    query: ValidatedQuery, *, context: AccessContext | None, params: Mapping | None = None
) -> QueryResult:
    """Run `query` for `context` (None: no tenant, so tenant tables show no rows)."""
    values = bind_parameters(query.parameters, params)
    try:
        return _run(query, context, values)
    except _BrokenConnection:
        # Pooled connections may have died since their last use (server restart): drop the
        # dead ones and try the read-only query once more.
        get_pool().check()
    try:
        return _run(query, context, values)
    except _BrokenConnection as exc:
        raise GatewayError(
            ErrorCode.UNAVAILABLE, errors.UNAVAILABLE_DB.format(detail=exc)
        ) from None


def _context_values(context: AccessContext | None) -> list[str]:
    if context is None:
        return ["", "", ""]
    return [str(context.tenant_id), str(context.user_id), context.role]


class _OneStatementCursor(psycopg.RawCursor):
    """Sends every query with the extended protocol, even without parameters: PostgreSQL then
    refuses more than one statement ("cannot insert multiple commands into a prepared
    statement"), whatever the validator let through."""

    def _execute_send(self, query, *, force_extended: bool = False, binary=None) -> None:
        super()._execute_send(query, force_extended=True, binary=binary)


def _run(query: ValidatedQuery, context: AccessContext | None, values: list) -> QueryResult:
    begin = BEGIN.format(timeout=int(query.statement_timeout_ms))
    try:
        with get_pool().connection() as conn:
            started = time.perf_counter()
            try:
                setup = conn.cursor()
                setup.execute(begin)
                setup.execute(BIND_CONTEXT, _context_values(context))
                setup.execute(SET_ROLE)
                cursor = _OneStatementCursor(conn)
                cursor.execute(query.sql, values)
                description = cursor.description
                if description is None:
                    raise GatewayError(ErrorCode.NOT_A_QUERY, errors.NO_RESULT)
                rows = cursor.fetchmany(query.max_rows + 1)
            except psycopg.Error as exc:
                if conn.broken:
                    raise _BrokenConnection(str(exc).strip()) from exc
                raise translate(exc, query) from None
            finally:
                _clean_up(conn)
            elapsed_ms = (time.perf_counter() - started) * 1000
            columns = [
                {"name": column.name, "type": _type_name(conn, column.type_code)}
                for column in description
            ]
    except PoolTimeout as exc:
        raise GatewayError(
            ErrorCode.UNAVAILABLE, errors.UNAVAILABLE_DB.format(detail="no free connection")
        ) from exc
    except psycopg.OperationalError as exc:
        raise _BrokenConnection(str(exc).strip()) from exc
    truncated = len(rows) > query.max_rows
    rows = [list(row) for row in rows[: query.max_rows]]
    return QueryResult(
        columns=columns,
        rows=rows,
        row_count=len(rows),
        truncated=truncated,
        elapsed_ms=round(elapsed_ms, 3),
        sql_executed=query.sql,
    )


def _clean_up(conn: psycopg.Connection) -> None:
    if conn.broken or conn.closed:
        return
    try:
        conn.execute(CLEANUP)
    except psycopg.Error:
        # A session that cannot be cleaned is not reused: the pool discards a closed one.
        conn.close()


def _type_name(conn: psycopg.Connection, oid: int) -> str:
    info = conn.adapters.types.get(oid)
    return info.name if info is not None else str(oid)


# --- errors ------------------------------------------------------------------------------


def _near(text: str, position: int | None) -> str:
    if not position or position > len(text):
        return ""
    start = max(0, position - 1 - 20)
    snippet = text[start : position - 1 + 30].replace("\n", " ")
    return f' (near "{snippet}")'


def translate(exc: psycopg.Error, query: ValidatedQuery) -> GatewayError:
    """A database error as the gateway error the model can act on."""
    state = exc.sqlstate or ""
    diag = exc.diag
    primary = diag.message_primary or str(exc).strip()
    detail = primary
    if diag.message_hint:
        detail += f". Hint: {diag.message_hint}"
    position = diag.statement_position
    detail += _near(query.sql, int(position) if position else None)
    if state == "57014":
        return GatewayError(
            ErrorCode.TIMEOUT, errors.TIMED_OUT.format(limit=query.statement_timeout_ms)
        )
    if state == "25006":
        return GatewayError(ErrorCode.PERMISSION_DENIED, errors.READ_ONLY)
    if state == "42501" or state.startswith("28"):
        return GatewayError(ErrorCode.PERMISSION_DENIED, errors.PERMISSION.format(detail=detail))
    if state == "42703":
        return GatewayError(ErrorCode.UNKNOWN_COLUMN, detail)
    if state == "42P01" and "missing FROM-clause" not in primary:
        return GatewayError(ErrorCode.TABLE_NOT_ALLOWED, detail)
    if state in {"42P02", "42P18", "08P01"}:
        return GatewayError(ErrorCode.PARAMETER_ERROR, detail)
    if state == "42601":
        return GatewayError(ErrorCode.PARSE_ERROR, errors.SYNTAX.format(detail=detail))
    if state.startswith(("53", "54")):
        return GatewayError(ErrorCode.TOO_LARGE, detail)
    if state.startswith("08") or state in {"57P01", "57P02", "57P03"}:
        return GatewayError(ErrorCode.UNAVAILABLE, errors.UNAVAILABLE_DB.format(detail=primary))
    return GatewayError(ErrorCode.QUERY_ERROR, detail)
