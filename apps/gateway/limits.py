"""The gateway's limits: each a named setting with a default and a one-line help text.

Each is read from an environment variable through `project.env`. docs/gateway.md documents
every one (tests/gateway/test_limits_documented.py fails when one is missing there).
"""

from dataclasses import dataclass
from functools import cache

from project import env

env.declare(
    "TESSERA_GATEWAY_STATEMENT_TIMEOUT_MS",
    "5000",
    "Longest a gateway query may run, in milliseconds, before PostgreSQL cancels it (TIMEOUT).",
)
env.declare(
    "TESSERA_GATEWAY_MAX_ROWS",
    "1000",
    "Most rows a gateway query returns; the SQL gets LIMIT max+1 and a longer result is flagged truncated.",
)
env.declare(
    "TESSERA_GATEWAY_MAX_SQL_LENGTH",
    "20000",
    "Longest SQL text the gateway accepts, in characters (TOO_LARGE).",
)
env.declare(
    "TESSERA_GATEWAY_MAX_DEPTH",
    "30",
    "Deepest nesting of parentheses and subqueries the gateway accepts (TOO_LARGE).",
)
env.declare(
    "TESSERA_GATEWAY_MAX_IN_LIST",
    "1000",
    "Most items in one IN (...) list, ARRAY[...] or VALUES list (TOO_LARGE).",
)
env.declare(
    "TESSERA_GATEWAY_MAX_RESULT_MB",
    "16",
    "Most megabytes of row data one gateway query may return (a download, as much per row); past it the query stops with TOO_LARGE and nothing more is read.",
)
env.declare(
    "TESSERA_CSV_MAX_ROWS",
    "1000000",
    "Most rows a CSV download holds; it streams every row up to this and then ends with a line saying it was cut.",
)
env.declare(
    "TESSERA_GATEWAY_POOL_SIZE",
    "8",
    "Most database connections the gateway's pool opens (role tessera_gateway).",
)
env.declare(
    "TESSERA_GATEWAY_POOL_TIMEOUT_S",
    "10",
    "Seconds a gateway query waits for a free pooled connection before UNAVAILABLE.",
)


@dataclass(frozen=True)
class Limit:
    name: str
    variable: str
    minimum: int

    @property
    def default(self) -> int:
        return int(env.VARIABLES[self.variable].default)

    @property
    def help(self) -> str:
        return env.VARIABLES[self.variable].help

    def read(self) -> int:
        value = env.read_int(self.variable)
        if value < self.minimum:
            raise SystemExit(f"{self.variable} must be at least {self.minimum}, got {value}")
        return value


LIMITS: tuple[Limit, ...] = (
    Limit("statement_timeout_ms", "TESSERA_GATEWAY_STATEMENT_TIMEOUT_MS", minimum=1),
    Limit("max_rows", "TESSERA_GATEWAY_MAX_ROWS", minimum=1),
    Limit("max_sql_length", "TESSERA_GATEWAY_MAX_SQL_LENGTH", minimum=16),
    Limit("max_depth", "TESSERA_GATEWAY_MAX_DEPTH", minimum=2),
    Limit("max_in_list", "TESSERA_GATEWAY_MAX_IN_LIST", minimum=1),
    Limit("max_result_mb", "TESSERA_GATEWAY_MAX_RESULT_MB", minimum=1),
    Limit("csv_max_rows", "TESSERA_CSV_MAX_ROWS", minimum=1),
    Limit("pool_size", "TESSERA_GATEWAY_POOL_SIZE", minimum=1),
    Limit("pool_timeout_s", "TESSERA_GATEWAY_POOL_TIMEOUT_S", minimum=1),
)

# sqlglot's recursive-descent parser needs about 22 Python frames per nesting level and
# stops with RecursionError near 45 levels, so the depth setting is capped below that.
MAX_DEPTH_CEILING = 40
# Parameters per query; not a tuning knob, a sanity bound on what the model sends.
MAX_PARAMETERS = 100


@dataclass(frozen=True)
class Limits:
    statement_timeout_ms: int
    max_rows: int
    max_sql_length: int
    max_depth: int
    max_in_list: int
    max_result_mb: int
    csv_max_rows: int
    pool_size: int
    pool_timeout_s: int


@cache
def current() -> Limits:
    """The configured limits (read once per process)."""
    values = {limit.name: limit.read() for limit in LIMITS}
    values["max_depth"] = min(values["max_depth"], MAX_DEPTH_CEILING)
    return Limits(**values)


def max_result_bytes() -> int:
    return current().max_result_mb * 1_000_000
