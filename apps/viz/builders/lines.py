"""Lines and areas (sorted along a date or number axis, gaps kept) and scatter plots."""

import plotly.graph_objects as go

from apps.viz.formats import measure_title, number_style, x_axis_settings
from apps.viz.layout import color, hex_alpha, legend, set_axis
from apps.viz.palette import ChartTheme
from apps.viz.specs import ChartSpec
from apps.viz.traces import check_unique, measure_traces
from apps.viz.values import Table, plottable_x


def build_lines(figure: go.Figure, spec: ChartSpec, table: Table, theme: ChartTheme) -> None:
    x, axis_type = plottable_x(spec, table)
    traces = measure_traces(spec, table, x)
    for trace in traces:
        check_unique([v for v in trace.x if v is not None], lambda value: f"{spec.x} = {value}")
    area = spec.kind == "area"
    for index, trace in enumerate(traces):
        points = list(zip(trace.x, trace.y, strict=True))
        if axis_type != "category":
            points.sort(key=lambda point: (point[0] is None, point[0] or 0))
        trace_color = color(theme, index)
        figure.add_trace(
            go.Scatter(
                name=trace.name,
                x=[point[0] for point in points],
                y=[point[1] for point in points],
                mode="lines+markers" if len(points) <= 24 else "lines",
                line={"color": trace_color, "width": 2.25},
                marker={"color": trace_color, "size": 6},
                connectgaps=False,
                fill=("tozeroy" if area and not spec.stacked else None),
                fillcolor=hex_alpha(trace_color, 0.16) if area and not spec.stacked else None,
                stackgroup="one" if area and spec.stacked else None,
            )
        )
    set_axis(figure, "xaxis", theme, grid=False, **x_axis_settings(spec, axis_type, x))
    style = number_style(spec.y_axis.format, [v for t in traces for v in t.y])
    set_axis(
        figure,
        "yaxis",
        theme,
        grid=True,
        title=measure_title(spec),
        rangemode="tozero" if area else "normal",
        **style.axis(),
    )
    figure.update_layout(hovermode="x unified")
    legend(figure, spec, len(traces))


def build_scatter(figure: go.Figure, spec: ChartSpec, table: Table, theme: ChartTheme) -> None:
    x, axis_type = plottable_x(spec, table)
    traces = measure_traces(spec, table, x)
    for index, trace in enumerate(traces):
        figure.add_trace(
            go.Scatter(
                name=trace.name,
                x=trace.x,
                y=trace.y,
                mode="markers",
                marker={"color": color(theme, index), "size": 8, "opacity": 0.85},
            )
        )
    set_axis(figure, "xaxis", theme, grid=True, **x_axis_settings(spec, axis_type, x))
    style = number_style(spec.y_axis.format, [v for t in traces for v in t.y])
    set_axis(figure, "yaxis", theme, grid=True, title=measure_title(spec), **style.axis())
    figure.update_layout(hovermode="closest")
    legend(figure, spec, len(traces))
