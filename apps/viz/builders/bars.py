"""Bars (one measure, several measures or a series; grouped or stacked; vertical or
horizontal) and histograms (row counts of x)."""

import plotly.graph_objects as go

from apps.viz.formats import (
    axis_title,
    category_title,
    measure_title,
    number_style,
    x_axis_settings,
)
from apps.viz.layout import axes, color, legend, set_axis
from apps.viz.palette import ChartTheme
from apps.viz.specs import AxisFormat, ChartSpec
from apps.viz.text import humanize, text_escape
from apps.viz.traces import Trace, aligned, by_series, category_order, check_unique, measure_traces
from apps.viz.values import Table, label, plottable_x


def build_bars(figure: go.Figure, spec: ChartSpec, table: Table, theme: ChartTheme) -> None:
    category_key, value_key = axes(spec)
    labels = [label(value) for value in table.values(spec.x or "")]
    traces = measure_traces(spec, table, labels)
    for trace in traces:
        check_unique(trace.x, lambda name: f"{spec.x} = {name}")
    totals: dict[str, float] = {}
    for trace in traces:
        for name, value in zip(trace.x, trace.y, strict=True):
            totals[name] = totals.get(name, 0.0) + (value or 0)
    order = category_order(spec, labels, totals)
    horizontal = spec.orientation == "horizontal"
    for index, trace in enumerate(traces):
        values = aligned(trace, order)
        figure.add_trace(
            go.Bar(
                name=trace.name,
                x=values if horizontal else order,
                y=order if horizontal else values,
                orientation="h" if horizontal else "v",
                marker={"color": color(theme, index), "line": {"width": 0}},
            )
        )
    style = number_style(spec.y_axis.format, [v for t in traces for v in t.y])
    set_axis(
        figure,
        category_key,
        theme,
        grid=False,
        type="category",
        title=category_title(spec),
        autorange="reversed" if horizontal else True,
    )
    set_axis(
        figure,
        value_key,
        theme,
        grid=True,
        title=measure_title(spec),
        rangemode="tozero",
        **style.axis(),
    )
    figure.update_layout(
        barmode="stack" if spec.stacked else "group",
        bargap=0.28,
        bargroupgap=0.06,
        hovermode="y unified" if horizontal else "x unified",
    )
    legend(figure, spec, len(traces))


def build_histogram(figure: go.Figure, spec: ChartSpec, table: Table, theme: ChartTheme) -> None:
    x, axis_type = plottable_x(spec, table)
    horizontal = spec.orientation == "horizontal"
    if spec.series is None:
        groups = [Trace(text_escape(humanize(spec.x or "")), x, [])]
    else:
        groups = by_series(table, spec.series, x)
    for index, group in enumerate(groups):
        figure.add_trace(
            go.Histogram(
                name=group.name,
                x=None if horizontal else group.x,
                y=group.x if horizontal else None,
                nbinsx=None if horizontal else spec.bins,
                nbinsy=spec.bins if horizontal else None,
                marker={"color": color(theme, index), "line": {"width": 0}},
                opacity=0.7 if len(groups) > 1 else 1.0,
            )
        )
    category_key, value_key = axes(spec)
    set_axis(figure, category_key, theme, grid=False, **x_axis_settings(spec, axis_type, x))
    count_title = axis_title(spec.y_axis.title, spec.y_axis.unit, AxisFormat(), "Count")
    set_axis(
        figure,
        value_key,
        theme,
        grid=True,
        title=count_title,
        tickformat=",d",
        hoverformat=",d",
        rangemode="tozero",
    )
    figure.update_layout(barmode="overlay", bargap=0.04, hovermode="closest")
    legend(figure, spec, len(groups))
