"""The workspace's work behind its endpoints: edited SQL run again as new artifacts, and CSV
downloads that re-run a result's query through the gateway and stream every row.

Errors are raised, never answered here: `WorkspaceError` for requests that cannot be served,
`GatewayError` for queries the gateway refuses; `responses.py` turns both into HTTP.
"""

import csv
import io
import re
from collections.abc import Iterator
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from apps.accounts.access import AccessContext
from apps.agent import jsontext
from apps.agent.models import Artifact
from apps.gateway import export, limits
from apps.gateway.errors import GatewayError
from apps.gateway.policy import default_policy, export_policy
from apps.gateway.serialize import text_cell
from apps.gateway.validation import validate
from apps.workspace import results

BAD_BODY = 'Send JSON like {"sql": "SELECT …"}.'
NOT_SQL = "Only query results can be edited or downloaded."
NOT_FOUND = "No such artifact."
CSV_CAPPED = (
    "The download stops here: it holds the first {max_rows:,} rows of a longer result "
    "(TESSERA_CSV_MAX_ROWS)."
)
CSV_FAILED = "The download is incomplete: {message}"
# A cell a spreadsheet would read as a formula (OWASP's CSV injection: `=`, `+`, `-`, `@`, a tab
# or carriage return first; the full-width signs too, which some locales take as formulas) is
# written with a leading apostrophe so it shows as the text it is. Plain numbers are left be.
FORMULA_START = tuple("=+-@\t\r＝＋－＠")
PLAIN_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")


class WorkspaceError(Exception):
    """A request the workspace cannot serve; `code` is stable, `message` says what to do."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message

    def as_dict(self) -> dict:
        return {"code": self.code, "message": self.message}


class EditedSql(BaseModel):
    model_config = ConfigDict(extra="forbid")

    sql: str = Field(min_length=1, max_length=20_000)


def sql_artifact(artifact: Artifact | None) -> Artifact:
    """The artifact, when it is a query result; raises WorkspaceError otherwise."""
    if artifact is None:
        raise WorkspaceError("NOT_FOUND", NOT_FOUND)
    if artifact.kind != "sql_result":
        raise WorkspaceError("NOT_SQL", NOT_SQL)
    return artifact


def edited_sql_run(
    *, context: AccessContext, source: Artifact, body: bytes
) -> results.SqlArtifacts:
    """Run an edited version of a SQL artifact: same gateway, same validation, new artifacts
    in the same thread. Raises WorkspaceError (bad body) or GatewayError."""
    try:
        edited = EditedSql.model_validate(jsontext.loads(body or b"{}"))
    except (ValueError, ValidationError):
        raise WorkspaceError("BAD_REQUEST", BAD_BODY) from None
    # Edited SQL keeps the values of the parameters it still uses, and only those.
    used = validate(edited.sql, policy=default_policy()).parameters
    params = {
        name: value for name, value in (source.payload.get("params") or {}).items() if name in used
    }
    return results.sql_artifacts_create(
        context=context,
        sql=edited.sql,
        params=params,
        title=source.payload.get("title", ""),
        thread_id=source.thread_id,
        run_id=None,
    )


# Anything but letters, digits, "." and "-" in a title: spaces, quotes, slashes, line breaks
# (a header cannot hold one: the download was a 500), bidirectional controls (which make a
# name read as another).
NOT_IN_FILE_NAMES = re.compile(r"[^\w.-]+")


def csv_name(artifact: Artifact) -> str:
    """The download's file name from the result's title (the model writes it): its words
    joined by "-", letters of any script kept."""
    title = str(artifact.payload.get("title") or "")
    name = NOT_IN_FILE_NAMES.sub("-", title.lower()).strip("-.")
    return name[:60].rstrip("-.") or "result"


def csv_lines(*, context: AccessContext, artifact: Artifact) -> Iterator[str]:
    """The artifact's query, run again for `context`, as CSV text: the header line first
    (it comes once the query runs, so refusals surface before any byte is sent), then every
    row in chunks, and a last line when TESSERA_CSV_MAX_ROWS cut the result or the database
    failed mid-way. Raises GatewayError before the header."""
    payload = artifact.payload
    query = validate(payload["sql"], policy=export_policy())
    with export.open_stream(query, context=context, params=payload.get("params") or {}) as rows:
        yield _csv_text([column_labels(payload, rows.columns)])
        try:
            for batch in rows.batches():
                yield _csv_text([[text_cell(value) for value in row] for row in batch])
        except GatewayError as error:
            yield _csv_text([[CSV_FAILED.format(message=error.message)]])
            return
        if rows.truncated:
            yield _csv_text([[CSV_CAPPED.format(max_rows=rows.max_rows)]])


def column_labels(payload: dict, columns: list[dict[str, str]]) -> list[str]:
    """Each column's label from the artifact when it has them, else the column's name."""
    described = payload.get("columns") or []
    if len(described) != len(columns):
        return [column["name"] for column in columns]
    return [
        (given.get("label") or column["name"])
        for given, column in zip(described, columns, strict=True)
    ]


@dataclass(frozen=True)
class CsvSize:
    rows: int
    capped: bool
    max_rows: int

    def as_dict(self) -> dict:
        return {"rows": self.rows, "capped": self.capped, "max_rows": self.max_rows}


def csv_size(*, context: AccessContext, artifact: Artifact) -> CsvSize:
    """How many rows the download will hold and whether the cap cuts it, counted by the
    database through the same gateway path (so the page can say it before the download)."""
    payload = artifact.payload
    query = validate(payload["sql"], policy=export_policy())
    found = export.count_rows(query, context=context, params=payload.get("params") or {})
    cap = limits.current().csv_max_rows
    return CsvSize(rows=min(found, cap), capped=found > cap, max_rows=cap)


def spreadsheet_safe(cell: str) -> str:
    if cell.startswith(FORMULA_START) and not PLAIN_NUMBER.fullmatch(cell):
        return "'" + cell
    return cell


def _csv_text(rows: list[list[str]]) -> str:
    buffer = io.StringIO()
    csv.writer(buffer).writerows([[spreadsheet_safe(cell) for cell in row] for row in rows])
    return buffer.getvalue()
