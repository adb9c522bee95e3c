"""The gateway's errors: a stable code, a message that says what to change, and where it
applies the 1-based character position in the submitted SQL.

The model repairs its query from these, so codes never change meaning and messages name the
offending function, table or column.
"""

from enum import StrEnum


class ErrorCode(StrEnum):
    PARSE_ERROR = "PARSE_ERROR"
    MULTIPLE_STATEMENTS = "MULTIPLE_STATEMENTS"
    NOT_A_QUERY = "NOT_A_QUERY"
    FORBIDDEN_CONSTRUCT = "FORBIDDEN_CONSTRUCT"
    FORBIDDEN_FUNCTION = "FORBIDDEN_FUNCTION"
    TABLE_NOT_ALLOWED = "TABLE_NOT_ALLOWED"
    UNKNOWN_COLUMN = "UNKNOWN_COLUMN"
    TIMEOUT = "TIMEOUT"
    TOO_LARGE = "TOO_LARGE"
    PERMISSION_DENIED = "PERMISSION_DENIED"
    PARAMETER_ERROR = "PARAMETER_ERROR"
    # Beyond the validator's codes: the database refused a query that passed validation
    # (type mismatch, division by zero, bad date literal), or could not be reached.
    QUERY_ERROR = "QUERY_ERROR"
    UNAVAILABLE = "UNAVAILABLE"


class GatewayError(Exception):
    def __init__(self, code: ErrorCode | str, message: str, position: int | None = None):
        super().__init__(message)
        self.code = ErrorCode(code)
        self.message = message
        self.position = position

    def as_dict(self) -> dict:
        error = {"code": str(self.code), "message": self.message}
        if self.position is not None:
            error["position"] = self.position
        return error

    def __repr__(self) -> str:
        return f"GatewayError({self.code!s}, {self.message!r}, position={self.position})"


# Message texts, reused by tests.
EMPTY_SQL = "The SQL is empty. Send one SELECT statement."
NUL_CHARACTER = "The SQL contains a NUL character, which PostgreSQL does not accept."
UNTERMINATED = "The SQL could not be read: {detail}. Check for an unterminated string, quoted identifier or comment."
SYNTAX = "Syntax error: {detail}."
MULTIPLE = "Only one statement may be sent; remove everything after the first ';'."
NOT_QUERY = "Only read queries are allowed (SELECT, WITH … SELECT, VALUES, UNION/INTERSECT/EXCEPT); got {kind}."
CONSTRUCT = "{what} is not allowed in gateway queries."
FUNCTION = "Function {name}() is not allowed. Use aggregate, window, math, string, date/time, conditional or JSON functions."
QUALIFIED_FUNCTION = (
    "Schema-qualified function calls ({name}) are not allowed; call the function by its plain name."
)
TABLE_FUNCTION = "{name}() cannot be used as a table in FROM; only generate_series, unnest and JSON set-returning functions can."
TABLE = "Table {name} is not available. Tables you can query: {allowed}."
CATALOG = "System catalogs ({name}) are not available. Tables you can query: {allowed}."
DATABASE_QUALIFIED = "Database-qualified names ({name}) are not allowed; use schema.table or table."
COLUMN = 'Column "{column}" does not exist in {table}. Its columns are: {columns}.'
COLUMN_ANYWHERE = 'Column "{column}" does not exist in {tables}.'
CAST_TYPE = "Casting to {type} is not allowed; cast to numeric, integer, text, date, timestamp, interval, boolean or json types."
SQL_TOO_LONG = "The SQL is {length} characters long; the limit is {limit}."
TOO_DEEP = "The query nests parentheses or subqueries {depth} levels deep; the limit is {limit}. Use WITH to flatten it."
TOO_DEEP_EXPRESSION = (
    "The query is too deeply nested to check; the limit is {limit} levels. Use WITH to flatten it."
)
LIST_TOO_LONG = "A list ({what}) has {count} items; the limit is {limit}. Join against a VALUES list or filter with a range instead."
REGENERATION = "The query could not be regenerated safely ({detail})."
POSITIONAL_PARAMETER = (
    "Positional parameters ({text}) are not supported; use named parameters such as :start_date."
)
MISSING_PARAMETERS = "Missing value for parameter(s): {names}."
UNKNOWN_PARAMETERS = "Unknown parameter(s) {names}; the query uses: {used}."
BAD_PARAMETER = "Parameter {name}: {detail}."
TOO_MANY_PARAMETERS = "The query uses {count} parameters; the limit is {limit}."
TIMED_OUT = "The query ran longer than {limit} ms and was cancelled. Filter or aggregate more, or avoid large joins."
PERMISSION = "The database refused: {detail}."
READ_ONLY = "The database refused a write: gateway queries run in a read-only transaction."
UNAVAILABLE_DB = "The database is not reachable right now ({detail}); try again shortly."
NO_RESULT = "The statement returned no result set; send a SELECT."
