"""Turning tool output into what the model sees.

Rows of query results are the people's data: the model gets the shape of a result (columns,
types, row count, truncation) and the rows themselves only when TESSERA_SHARE_ROWS_WITH_MODEL
is on (ARCHITECTURE.md, use case 1: "the rows never pass through the model").
"""

import json
from collections.abc import Sequence
from typing import Any

from pydantic import JsonValue

MAX_OBSERVATION_CHARS = 16_000
MAX_SHARED_ROWS = 50
ROWS_WITHHELD = (
    "Rows are shown to the person, not to you. Describe the result from its columns and row "
    "count; do not invent values."
)


def render_observation(content: JsonValue) -> str:
    """The text of a tool message: strings as they are, anything else as JSON; capped."""
    text = (
        content
        if isinstance(content, str)
        else json.dumps(content, ensure_ascii=False, default=str)
    )
    if len(text) > MAX_OBSERVATION_CHARS:
        omitted = len(text) - MAX_OBSERVATION_CHARS
        text = f"{text[:MAX_OBSERVATION_CHARS]}… [{omitted} characters cut]"
    return text


def table_observation(
    columns: Sequence[tuple[str, str]],
    rows: Sequence[Sequence[Any]],
    *,
    truncated: bool,
    share_rows: bool,
    max_rows: int = MAX_SHARED_ROWS,
) -> dict[str, JsonValue]:
    """Observation for a tabular result: (name, type) per column, count and truncation; rows
    (at most `max_rows`) only when `share_rows` is on."""
    observation: dict[str, JsonValue] = {
        "columns": [{"name": name, "type": type_} for name, type_ in columns],
        "row_count": len(rows),
        "truncated": truncated,
        "rows_shared": share_rows,
    }
    if share_rows:
        shared = [[_jsonable(value) for value in row] for row in rows[:max_rows]]
        observation["rows"] = shared
        if len(rows) > max_rows:
            observation["rows_note"] = f"First {max_rows} of {len(rows)} rows."
    else:
        observation["note"] = ROWS_WITHHELD
    return observation


def _jsonable(value: Any) -> JsonValue:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)
