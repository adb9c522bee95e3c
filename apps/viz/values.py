"""Reading a result's values for a chart: numbers, dates and labels, and the x axis they make.

A value that cannot be drawn raises ChartSpecError naming the column and the row.
"""

import datetime as dt
import math
import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from apps.viz.specs import ChartSpec, ChartSpecError
from apps.viz.text import text_escape

NOT_NUMERIC = "column {column!r} must hold numbers; row {row} has {value!r}"
NOT_PLOTTABLE = "column {column!r} must hold numbers or dates for a {kind}; row {row} has {value!r}"

ISO_DATE = re.compile(
    r"\d{4}-\d{2}(-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?)?"
)


class Table:
    """A result's rows (sequences or mappings) read by column name."""

    def __init__(
        self,
        columns: list[str],
        rows: Sequence[Sequence[Any] | Mapping[str, Any]],
        labels: Mapping[str, str] | None = None,
    ):
        self.index = {name: position for position, name in enumerate(columns)}
        self.rows = rows
        self.labels = dict(labels or {})  # column → the label the result gives it

    def __len__(self) -> int:
        return len(self.rows)

    def values(self, column: str) -> list[Any]:
        position = self.index[column]
        return [row[column] if isinstance(row, Mapping) else row[position] for row in self.rows]


def is_numeric_value(value: Any) -> bool:
    """A Python number (int, float, Decimal) — not a bool, not numeric text."""
    return isinstance(value, int | float | Decimal) and not isinstance(value, bool)


def _number(value: Any, column: str, row: int, field: str) -> float | int | None:
    if value is None:
        return None
    if isinstance(value, str):
        try:
            value = Decimal(value.strip())
        except ArithmeticError:
            message = NOT_NUMERIC.format(column=column, row=row, value=value)
            raise ChartSpecError.at(field, message) from None
    if not is_numeric_value(value):
        raise ChartSpecError.at(field, NOT_NUMERIC.format(column=column, row=row, value=value))
    if isinstance(value, int):
        return value
    number = float(value)
    return number if math.isfinite(number) else None


def numbers(table: Table, column: str, field: str) -> list[float | int | None]:
    """The column as numbers (numeric text from JSON included); NaN and infinities as gaps."""
    return [
        _number(value, column, row, field)
        for row, value in enumerate(table.values(column), start=1)
    ]


def is_temporal(value: Any) -> bool:
    """A date, a datetime or an ISO 8601 date text."""
    return isinstance(value, dt.date) or (
        isinstance(value, str) and ISO_DATE.fullmatch(value.strip()) is not None
    )


def _temporal(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, dt.datetime):
        return value.replace(tzinfo=None).isoformat(sep=" ")
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, int):  # a year on a date axis
        return f"{value:04d}"
    return str(value).strip()


def label(value: Any) -> str:
    """A value as a category, series name or slice label, escaped."""
    if value is None:
        return "(blank)"
    if isinstance(value, dt.date):
        return _temporal(value) or ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return text_escape(str(value))


def label_key(text: str) -> tuple[int, float, str]:
    """Sort key of labels: numbers first, in numeric order, then text, case-insensitively."""
    try:
        return (0, float(text.replace(",", "")), "")
    except ValueError:
        return (1, 0.0, text.casefold())


def unique(labels: list[str]) -> list[str]:
    return list(dict.fromkeys(labels))


def series_order(raw: list[Any]) -> list[str]:
    """Series in ascending order when they are numbers or dates (years), else as they come."""
    present = [value for value in raw if value is not None]
    labels = unique([label(value) for value in raw])
    if present and all(is_numeric_value(v) or isinstance(v, dt.date) for v in present):
        return sorted(labels, key=label_key)
    return labels


def year_like(values: list[Any]) -> bool:
    present = [value for value in values if value is not None]
    return bool(present) and all(
        isinstance(value, int) and not isinstance(value, bool) and 1000 <= value <= 9999
        for value in present
    )


def plottable_x(spec: ChartSpec, table: Table) -> tuple[list[Any], str]:
    """x values of a line/area/scatter/histogram and the axis type: date, linear or category."""
    column = spec.x or ""
    raw = table.values(column)
    present = [value for value in raw if value is not None]
    wants_date = spec.x_axis.format.type == "date"
    if present and (
        all(is_temporal(value) for value in present) or (wants_date and year_like(present))
    ):
        return [_temporal(value) for value in raw], "date"
    if present and all(is_numeric_value(value) for value in present):
        return numbers(table, column, "x"), "linear"
    if spec.kind in ("scatter", "histogram"):
        row, value = next((i, v) for i, v in enumerate(raw, 1) if not is_numeric_value(v))
        message = NOT_PLOTTABLE.format(column=column, kind=spec.kind, row=row, value=value)
        raise ChartSpecError.at("x", message)
    return [label(value) for value in raw], "category"
