"""Layers 2–4 of the gateway at run time: run a validated query with least privilege.

A query gets a pooled `tessera_gateway` connection and one read-only transaction bound to the
person's context, sent with the session clean-up in one round trip (`session.py`). Rows come
back up to the query's limit + 1 (the validator added that LIMIT), so a longer result is
flagged truncated; driver errors become `GatewayError`s.
"""

import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from datetime import time as clock_time
from decimal import Decimal
from typing import Annotated

import psycopg
import pydantic
from psycopg_pool import PoolTimeout

from apps.accounts.access import AccessContext
from apps.gateway import errors, limits, session, wire
from apps.gateway.errors import ErrorCode, GatewayError
from apps.gateway.pool import get_pool
from apps.gateway.serialize import jsonable
from apps.gateway.validation import ValidatedQuery
from apps.gateway.wire import ExecStatus, Statement


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


# --- running -----------------------------------------------------------------------------


class BrokenConnection(Exception):
    """The connection died (server restart, terminated backend): the pool must drop it."""


def execute(
    query: ValidatedQuery, *, context: AccessContext | None, params: Mapping | None = None
) -> QueryResult:
    """Run `query` for `context` (None: no tenant, so tenant tables show no rows)."""
    values = bind_parameters(query.parameters, params)
    return with_retry(lambda: _run(query, context, values))


def with_retry(attempt):
    """Run a read-only `attempt` once more when its pooled connection turned out dead: pooled
    connections may have died since their last use (a database restart); the check drops the
    dead ones."""
    try:
        return attempt()
    except BrokenConnection:
        get_pool().check()
    try:
        return attempt()
    except BrokenConnection as exc:
        raise GatewayError(
            ErrorCode.UNAVAILABLE, errors.UNAVAILABLE_DB.format(detail=exc)
        ) from None


def _run(query: ValidatedQuery, context: AccessContext | None, values: list) -> QueryResult:
    try:
        with get_pool().connection() as conn:
            started = time.perf_counter()
            try:
                outcome = session.run(
                    conn,
                    context,
                    query.statement_timeout_ms,
                    Statement(query.sql.encode(), values, limits.max_result_bytes()),
                )
            except psycopg.Error as exc:
                if conn.broken or isinstance(exc, psycopg.OperationalError) and conn.closed:
                    raise BrokenConnection(str(exc).strip()) from exc
                raise translate(exc, query) from None
            elapsed_ms = (time.perf_counter() - started) * 1000
            if outcome.result.status != ExecStatus.TUPLES_OK:
                raise GatewayError(ErrorCode.NOT_A_QUERY, errors.NO_RESULT)
            rows = wire.rows(conn, outcome, query.max_rows + 1)
            columns = column_list(conn, outcome.result)
    except PoolTimeout as exc:
        raise GatewayError(
            ErrorCode.UNAVAILABLE, errors.UNAVAILABLE_DB.format(detail="no free connection")
        ) from exc
    except psycopg.OperationalError as exc:
        raise BrokenConnection(str(exc).strip()) from exc
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


def column_list(conn: psycopg.Connection, result) -> list[dict[str, str]]:
    """Name and PostgreSQL type name of each result column."""
    types = conn.adapters.types
    return [
        {"name": name, "type": _type_name(types, oid)} for name, oid in wire.columns(conn, result)
    ]


def _type_name(types, oid: int) -> str:
    info = types.get(oid)
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
