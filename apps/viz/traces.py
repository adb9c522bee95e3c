"""Rows grouped into traces: one per measure or one per series value, categories in the
spec's order, and the limits that keep a chart readable."""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from apps.viz.specs import ChartSpec, ChartSpecError
from apps.viz.text import humanize, text_escape
from apps.viz.values import Table, label, label_key, numbers, series_order, unique

MAX_TRACES = 12  # series values (or measures) drawn as separate traces
MAX_CATEGORIES = 500  # distinct x categories in a bar chart or heatmap

TOO_MANY_TRACES = "{count} series to draw; at most {limit} stay readable"
TOO_MANY_CATEGORIES = "{count} categories in {column!r}; at most {limit} stay readable"
DUPLICATE_POINT = (
    "several rows have {where}; aggregate them in the query (one row per point) or add a series"
)


@dataclass
class Trace:
    name: str
    x: list[Any]
    y: list[Any]


def check_traces(count: int) -> None:
    if count > MAX_TRACES:
        raise ChartSpecError.at("series", TOO_MANY_TRACES.format(count=count, limit=MAX_TRACES))


def check_categories(count: int, column: str | None, field: str) -> None:
    if count > MAX_CATEGORIES:
        message = TOO_MANY_CATEGORIES.format(count=count, column=column, limit=MAX_CATEGORIES)
        raise ChartSpecError.at(field, message)


def by_series(table: Table, series: str, x: list[Any], measure: str | None = None) -> list[Trace]:
    """One trace per value of the series column, in series order, with its rows' x and the
    measure's values (none for a histogram, which counts rows)."""
    raw_series = table.values(series)
    labels = [label(value) for value in raw_series]
    order = series_order(raw_series)
    check_traces(len(order))
    y = numbers(table, measure, "y.0") if measure else [None] * len(labels)
    traces = []
    for name in order:
        rows = [index for index, row_label in enumerate(labels) if row_label == name]
        traces.append(Trace(name, [x[i] for i in rows], [y[i] for i in rows]))
    return traces


def measure_traces(spec: ChartSpec, table: Table, x: list[Any]) -> list[Trace]:
    """One trace per measure, or one per series value when there is a series column."""
    if spec.series is None:
        traces = [
            Trace(
                text_escape(measure_name(table, measure)), x, numbers(table, measure, f"y.{index}")
            )
            for index, measure in enumerate(spec.y)
        ]
    else:
        traces = by_series(table, spec.series, x, spec.y[0])
    check_traces(len(traces))
    return traces


def measure_name(table: Table, measure: str) -> str:
    """A measure's name in the legend: the label the result's table shows for its column (the
    same words as the answer and the table), else the column name humanized."""
    return table.labels.get(measure) or humanize(measure)


def check_unique(points: list[Any], where: Callable[[Any], str]) -> None:
    """One row per point: duplicates must be aggregated by the query, not drawn on top."""
    seen: set[Any] = set()
    for point in points:
        if point in seen:
            raise ChartSpecError.at("rows", DUPLICATE_POINT.format(where=where(point)))
        seen.add(point)


def category_order(spec: ChartSpec, labels: list[str], totals: dict[str, float]) -> list[str]:
    order = unique(labels)
    check_categories(len(order), spec.x, "x")
    if spec.sort == "label_asc":
        return sorted(order, key=label_key)
    if spec.sort == "label_desc":
        return sorted(order, key=label_key, reverse=True)
    if spec.sort == "value_asc":
        return sorted(order, key=lambda name: totals.get(name, 0.0))
    if spec.sort == "value_desc":
        return sorted(order, key=lambda name: totals.get(name, 0.0), reverse=True)
    return order


def aligned(trace: Trace, order: list[str]) -> list[Any]:
    """The trace's values in category order; a category it lacks is a gap."""
    by_label = dict(zip(trace.x, trace.y, strict=True))
    return [by_label.get(name) for name in order]
