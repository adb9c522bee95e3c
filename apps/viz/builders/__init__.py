"""One builder per chart kind: it adds the traces to a figure with the base layout and sets
the axes. Each raises ChartSpecError when the data does not fit its kind."""

from collections.abc import Callable

import plotly.graph_objects as go

from apps.viz.builders.bars import build_bars, build_histogram
from apps.viz.builders.heatmap import build_heatmap
from apps.viz.builders.lines import build_lines, build_scatter
from apps.viz.builders.pie import build_pie
from apps.viz.palette import ChartTheme
from apps.viz.specs import ChartSpec
from apps.viz.values import Table

Builder = Callable[[go.Figure, ChartSpec, Table, ChartTheme], None]

BUILDERS: dict[str, Builder] = {
    "bar": build_bars,
    "grouped_bar": build_bars,
    "line": build_lines,
    "area": build_lines,
    "scatter": build_scatter,
    "pie": build_pie,
    "histogram": build_histogram,
    "heatmap": build_heatmap,
}
