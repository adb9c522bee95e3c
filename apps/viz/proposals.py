"""A fitting chart for a result, or none (issue 6, part 4).

Roles come from the values, with a few name hints: dates → time series; integer "year"
columns → years; "id" columns are identifiers, never measures. The rules, in order:

- no rows, one row, or no measure → no chart (a single number is shown as a number);
- a date column → line over time (by a category as series when it has few values);
- a year column with a category → grouped bar (category × year); years alone → line;
- one category × measures → bar (grouped bar for several measures of a similar scale);
- two categories × a measure → grouped bar, or a heatmap when both have many values;
- two measures and nothing else → scatter; one measure over many rows → histogram.

Anything else gets no chart rather than a misleading one.
"""

import datetime as dt
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from apps.viz.figures import MAX_POINTS
from apps.viz.specs import ChartSpec, ChartSpecError, column_names, spec_validate
from apps.viz.values import Table, is_numeric_value, is_temporal

MAX_SERIES = 8  # one palette's worth of series
MAX_BAR_CATEGORIES = 60  # more bars than this read as noise
HORIZONTAL_FROM = 12  # bars turn horizontal from this many categories…
LONG_LABEL = 14  # …or when labels are this long on average
COMPARABLE_SCALE = 10  # measures share an axis when their maxima are within this factor
MIN_HISTOGRAM_ROWS = 10

YEAR_NAME = re.compile(r"(^|_)(year|yr)s?($|_)", re.IGNORECASE)
ID_NAME = re.compile(r"(^|_)id$", re.IGNORECASE)
PERCENT_NAME = re.compile(r"(^|_)(pct|percent|percentage)($|_)", re.IGNORECASE)
NUMERIC_TEXT = re.compile(r"-?\d+(\.\d+)?")
TEXT_TYPES = frozenset({"text", "varchar", "bpchar", "char", "name", "uuid", "bool", "citext"})
DATE_TYPES = frozenset({"date", "timestamp", "timestamptz"})
NUMERIC_TYPES = frozenset({"int2", "int4", "int8", "numeric", "float4", "float8", "money"})


@dataclass(frozen=True)
class _Column:
    name: str
    role: str  # measure, date, year, category, id, empty
    values: list[Any]

    @property
    def distinct(self) -> int:
        return len({_key(value) for value in self.values})

    @property
    def largest(self) -> float:
        magnitudes = (abs(_float(v)) for v in self.values if v is not None)
        return max((m for m in magnitudes if math.isfinite(m)), default=0.0)


def chart_propose(
    columns: Sequence[str | Mapping[str, Any]],
    rows: Sequence[Sequence[Any] | Mapping[str, Any]],
    *,
    title: str | None = None,
) -> ChartSpec | None:
    """A chart spec that fits the result, or None when no chart would help."""
    names = column_names(columns)
    if len(rows) < 2 or not names:
        return None
    declared = _declared_types(columns)
    result = Table(names, rows)
    table = [_classify(name, result.values(name), declared.get(name)) for name in names]
    spec = _propose(table, len(rows))
    if spec is None:
        return None
    spec["title"] = title
    try:
        return spec_validate(spec, names)
    except ChartSpecError:
        return None


def _reads_as_number(value: Any) -> bool:
    """A number, or text that is one ("12", "-3.5": numeric columns in JSON)."""
    if isinstance(value, str):
        return NUMERIC_TEXT.fullmatch(value.strip()) is not None
    return is_numeric_value(value)


def _float(value: Any) -> float:
    try:
        return float(value.strip() if isinstance(value, str) else value)
    except ValueError:  # "NaN" and "Infinity" parse; anything else is not a magnitude
        return math.nan


def _key(value: Any) -> Any:
    return str(value) if isinstance(value, Decimal | float) else value


def _declared_types(columns: Sequence[str | Mapping[str, Any]]) -> dict[str, str]:
    """PostgreSQL type names from the gateway's columns ({"name", "type"}), when given."""
    return {
        str(column["name"]): str(column["type"]).lower()
        for column in columns
        if isinstance(column, Mapping) and column.get("type")
    }


def _classify(name: str, values: list[Any], declared: str | None = None) -> _Column:
    present = [value for value in values if value is not None]
    if not present:
        role = "empty"
    elif declared in TEXT_TYPES:  # "01234" in a text column is a label, not a number
        role = "id" if ID_NAME.search(name) else "category"
    elif declared in DATE_TYPES:
        role = "date"
    elif declared in NUMERIC_TYPES:
        role = _numeric_role(name, present)
    elif all(is_temporal(value) for value in present):
        role = "date"
    elif ID_NAME.search(name):
        role = "id"
    elif all(_reads_as_number(value) for value in present):
        role = _numeric_role(name, present)
    else:
        role = "category"
    return _Column(name, role, values)


def _numeric_role(name: str, present: list[Any]) -> str:
    if ID_NAME.search(name):
        return "id"
    integral = all(isinstance(v, int) and not isinstance(v, bool) for v in present)
    years = integral and all(1000 <= v <= 9999 for v in present)
    return "year" if years and YEAR_NAME.search(name) else "measure"


def _unique_rows(*columns: _Column) -> bool:
    keys = list(zip(*(map(_key, column.values) for column in columns), strict=True))
    return len(keys) == len(set(keys))


def _comparable(measures: list[_Column]) -> list[_Column]:
    """The leading measures whose scales fit one axis with the first."""
    first = measures[0].largest
    chosen = [measures[0]]
    for measure in measures[1:4]:
        low, high = sorted((first, measure.largest))
        if low > 0 and high / low <= COMPARABLE_SCALE:
            chosen.append(measure)
    return chosen


def _measure_axis(measures: list[_Column]) -> dict[str, Any]:
    if all(PERCENT_NAME.search(measure.name) for measure in measures):
        base = "fraction" if max(m.largest for m in measures) <= 1 else "points"
        return {"format": {"type": "percent", "percent_base": base}}
    return {}


def _propose(table: list[_Column], row_count: int) -> dict[str, Any] | None:
    by_role: dict[str, list[_Column]] = {}
    for column in table:
        by_role.setdefault(column.role, []).append(column)
    measures = by_role.get("measure", [])
    dates = by_role.get("date", [])
    years = by_role.get("year", [])
    categories = by_role.get("category", []) or by_role.get("id", [])
    if not measures or row_count * len(measures) > MAX_POINTS:
        return None

    if dates:
        x_axis = {"format": {"type": "date", "date_unit": _date_unit(dates[0])}}
        return _over_time(dates[0], categories + years, measures, x_axis)
    if years:
        year = years[0]
        if len(categories) == 1 and not _too_many(year):
            return _grouped(categories[0], year, measures[0])
        if not categories:
            return _over_time(year, [], measures, {"format": {"type": "date", "date_unit": "year"}})
        return None
    if len(categories) == 1:
        return _bars(categories[0], measures)
    if len(categories) == 2:
        first, second = sorted(categories, key=lambda column: column.distinct, reverse=True)
        if not _unique_rows(first, second):
            return None
        if not _too_many(second):
            return _grouped(first, second, measures[0])
        return {"kind": "heatmap", "x": first.name, "series": second.name, "y": [measures[0].name]}
    if categories:
        return None
    if len(measures) == 2:
        x, y = measures
        return {"kind": "scatter", "x": x.name, "y": [y.name], "y_axis": _measure_axis([y])}
    if len(measures) == 1 and row_count >= MIN_HISTOGRAM_ROWS:
        measure = measures[0]
        return {"kind": "histogram", "x": measure.name, "x_axis": _measure_axis([measure])}
    return None


def _date_unit(column: _Column) -> str:
    """ "month" when every date is the first of a month, "year" when every one is January 1."""
    dates = [
        value if isinstance(value, dt.date) else dt.date.fromisoformat(value.strip()[:10])
        for value in column.values
        if value is not None and (isinstance(value, dt.date) or len(value.strip()) >= 10)
    ]
    if len(dates) != sum(value is not None for value in column.values):
        return "auto"
    if all(not isinstance(d, dt.datetime) and d.day == 1 for d in dates):
        return "year" if all(d.month == 1 for d in dates) else "month"
    return "auto"


def _too_many(column: _Column) -> bool:
    return column.distinct > MAX_SERIES


def _over_time(
    time: _Column, others: list[_Column], measures: list[_Column], x_axis: dict[str, Any]
) -> dict[str, Any] | None:
    spec: dict[str, Any] = {"kind": "line", "x": time.name, "x_axis": x_axis}
    if not others:
        if not _unique_rows(time):
            return None
        chosen = _comparable(measures)
        return {**spec, "y": [m.name for m in chosen], "y_axis": _measure_axis(chosen)}
    if len(others) == 1 and not _too_many(others[0]) and _unique_rows(time, others[0]):
        measure = measures[0]
        return {
            **spec,
            "y": [measure.name],
            "series": others[0].name,
            "y_axis": _measure_axis([measure]),
        }
    return None


def _grouped(category: _Column, series: _Column, measure: _Column) -> dict[str, Any] | None:
    if category.distinct > MAX_BAR_CATEGORIES or not _unique_rows(category, series):
        return None
    return {
        "kind": "grouped_bar",
        "x": category.name,
        "series": series.name,
        "y": [measure.name],
        "orientation": _orientation(category),
        "y_axis": _measure_axis([measure]),
    }


def _bars(category: _Column, measures: list[_Column]) -> dict[str, Any] | None:
    if category.distinct > MAX_BAR_CATEGORIES or not _unique_rows(category):
        return None
    chosen = _comparable(measures)
    return {
        "kind": "grouped_bar" if len(chosen) > 1 else "bar",
        "x": category.name,
        "y": [measure.name for measure in chosen],
        "orientation": _orientation(category),
        "y_axis": _measure_axis(chosen),
    }


def _orientation(category: _Column) -> str:
    labels = [str(value) for value in category.values if value is not None]
    average = sum(map(len, labels)) / max(1, len(labels))
    long = category.distinct >= HORIZONTAL_FROM or average >= LONG_LABEL
    return "horizontal" if long else "vertical"
