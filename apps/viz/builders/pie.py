"""Pies (donuts): one measure over a few categories, no negative slices."""

import plotly.graph_objects as go

from apps.viz.formats import number_style
from apps.viz.layout import color
from apps.viz.palette import ChartTheme
from apps.viz.specs import ChartSpec, ChartSpecError
from apps.viz.traces import category_order, check_unique
from apps.viz.values import Table, label, numbers

MAX_PIE_SLICES = 12  # more slices than this belongs in a bar chart

TOO_MANY_SLICES = "{count} slices; a pie stays readable up to {limit} — use a bar chart"
NEGATIVE_SLICE = "a pie cannot show negative values; row {row} of {column!r} is {value}"


def build_pie(figure: go.Figure, spec: ChartSpec, table: Table, theme: ChartTheme) -> None:
    labels = [label(value) for value in table.values(spec.x or "")]
    values = numbers(table, spec.y[0], "y.0")
    check_unique(labels, lambda name: f"{spec.x} = {name}")
    for row, value in enumerate(values, start=1):
        if value is not None and value < 0:
            message = NEGATIVE_SLICE.format(row=row, column=spec.y[0], value=value)
            raise ChartSpecError.at("y.0", message)
    if len(labels) > MAX_PIE_SLICES:
        message = TOO_MANY_SLICES.format(count=len(labels), limit=MAX_PIE_SLICES)
        raise ChartSpecError.at("x", message)
    totals = {name: value or 0.0 for name, value in zip(labels, values, strict=True)}
    order = category_order(spec, labels, totals)
    style = number_style(spec.y_axis.format, values)
    figure.add_trace(
        go.Pie(
            labels=order,
            values=[totals[name] for name in order],
            sort=False,
            direction="clockwise",
            hole=0.45,
            marker={"colors": [color(theme, i) for i in range(len(order))]},
            texttemplate="%{percent:.1%}",
            textposition="inside",
            insidetextorientation="horizontal",
            hovertemplate=(
                f"%{{label}}<br>{style.template('value')} (%{{percent:.1%}})<extra></extra>"
            ),
        )
    )
    figure.update_layout(
        showlegend=spec.legend != "hide", hovermode="closest", uniformtext={"minsize": 11}
    )
