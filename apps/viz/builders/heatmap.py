"""Heatmaps: a measure over two categories (x columns, series rows), a sequential scale."""

import plotly.graph_objects as go

from apps.viz.formats import category_title, measure_title, number_style
from apps.viz.layout import set_axis
from apps.viz.palette import ChartTheme
from apps.viz.specs import ChartSpec
from apps.viz.text import humanize, text_escape
from apps.viz.traces import category_order, check_categories, check_unique
from apps.viz.values import Table, label, numbers, series_order


def build_heatmap(figure: go.Figure, spec: ChartSpec, table: Table, theme: ChartTheme) -> None:
    x_raw = table.values(spec.x or "")
    row_raw = table.values(spec.series or "")
    x_labels = [label(value) for value in x_raw]
    row_labels = [label(value) for value in row_raw]
    values = numbers(table, spec.y[0], "y.0")
    check_unique(
        list(zip(x_labels, row_labels, strict=True)),
        lambda cell: f"{spec.x} = {cell[0]} and {spec.series} = {cell[1]}",
    )
    columns = category_order(spec, series_order(x_raw), {})
    rows = series_order(row_raw)
    check_categories(len(rows), spec.series, "series")
    cells = {(x, row): value for x, row, value in zip(x_labels, row_labels, values, strict=True)}
    style = number_style(spec.y_axis.format, values)
    figure.add_trace(
        go.Heatmap(
            x=columns,
            y=rows,
            z=[[cells.get((x, row)) for x in columns] for row in rows],
            colorscale=[[0.0, theme.sequential[0]], [1.0, theme.sequential[1]]],
            xgap=1,
            ygap=1,
            hoverongaps=False,
            colorbar={
                "thickness": 12,
                "outlinewidth": 0,
                "tickformat": style.tickformat,
                "tickprefix": style.prefix,
                "ticksuffix": style.suffix,
                "tickfont": {"color": theme.muted, "size": 12},
                "title": {"text": measure_title(spec), "side": "right"},
            },
            hovertemplate=f"%{{x}} · %{{y}}<br>{style.template('z')}<extra></extra>",
        )
    )
    set_axis(
        figure,
        "xaxis",
        theme,
        grid=False,
        type="category",
        title=category_title(spec),
        showline=False,
    )
    set_axis(
        figure,
        "yaxis",
        theme,
        grid=False,
        type="category",
        title=text_escape(humanize(spec.series or "")),
        autorange="reversed",
    )
    figure.update_layout(hovermode="closest", showlegend=False)
