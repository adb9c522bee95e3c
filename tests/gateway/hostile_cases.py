"""Hostile SQL: the case type and outcome names of the corpus (see hostile_corpus.py).

Each case names its family, the SQL (`{globex}` is the other tenant's id, `{sentinel_pid}` the
backend of an unrelated gateway session) and the outcomes allowed: gateway error codes, or
"ok" where running is harmless (the test then checks what came back). Every case is also
checked for its effect in the database: no row written, no setting or role changed, no row of
another tenant returned, no session affected.
"""

from dataclasses import dataclass

OK = "ok"
MULTI = "MULTIPLE_STATEMENTS"
PARSE = "PARSE_ERROR"
NOT_QUERY = "NOT_A_QUERY"
CONSTRUCT = "FORBIDDEN_CONSTRUCT"
FUNCTION = "FORBIDDEN_FUNCTION"
TABLE = "TABLE_NOT_ALLOWED"
TIMEOUT = "TIMEOUT"
TOO_LARGE = "TOO_LARGE"
PARAMETER = "PARAMETER_ERROR"
QUERY = "QUERY_ERROR"
DENIED = "PERMISSION_DENIED"


@dataclass(frozen=True)
class Case:
    id: str
    family: str
    sql: str
    outcomes: tuple[str, ...]
    # Expected result when outcome is "ok": the exact rows, or None to only check tenancy.
    rows: list | None = None
    params: dict | None = None


def _cases(family: str, outcomes: tuple[str, ...], *items) -> list[Case]:
    return [Case(f"{family}-{name}", family, sql, outcomes) for name, sql in items]


# Places a forged set_config of the tenant can stand in a SELECT (parser on: refused as a
# function; parser off: refused by the revoked grant).
SET_CONFIG_PLACEMENTS = (
    (
        "select-list",
        "SELECT set_config('app.tenant_id', '{globex}', true), name FROM erp_employee",
    ),
    (
        "where",
        "SELECT name FROM erp_employee "
        "WHERE set_config('app.tenant_id', '{globex}', true) IS NOT NULL",
    ),
    (
        "materialized-cte",
        "WITH f AS MATERIALIZED (SELECT set_config('app.tenant_id', '{globex}', true)) "
        "SELECT e.name FROM f, erp_employee e",
    ),
    (
        "scalar-subquery",
        "SELECT (SELECT set_config('app.tenant_id', '{globex}', true)), name FROM erp_employee",
    ),
    (
        "lateral",
        "SELECT e.name FROM erp_employee e, "
        "LATERAL (SELECT set_config('app.tenant_id', '{globex}', true)) s",
    ),
)
