"""Chart spec + result rows → Plotly figure JSON, built on the server with plotly.graph_objects.

Readable before pretty (LOOK-AND-FEEL.md): axis titles with units, thousands separators,
currency symbols, the Tessera palette, transparent backgrounds, the system font stack, hairline
grids on the value axis only, no 3-D and no decoration.

Every string that comes from the spec or the rows is escaped (``&``, ``<``, ``>`` become
entities, apps/viz/text.py) because plotly.js reads a subset of HTML in titles, tick labels,
legends and hover labels; escaped, a hostile value is shown as the characters it is. Hover
templates contain only strings written in apps/viz, never agent or data text.

The parts: values.py reads the rows, traces.py groups them, formats.py words numbers and
dates, layout.py frames the figure, builders/ has one builder per kind.
"""

import json
from collections.abc import Mapping, Sequence
from typing import Any

import plotly.graph_objects as go
import plotly.io as pio

from apps.viz.builders import BUILDERS
from apps.viz.layout import base_layout
from apps.viz.palette import LIGHT, ChartTheme
from apps.viz.specs import ChartSpec, ChartSpecError, column_names, spec_validate
from apps.viz.values import Table

# The gateway caps rows too; this keeps a figure light for the page.
MAX_POINTS = 10_000  # rows × measures in one figure

TOO_MANY_POINTS = "the chart would draw {count:,} points; the limit is {limit:,}"


def figure_build(
    spec: ChartSpec | Mapping[str, Any],
    columns: Sequence[str | Mapping[str, Any]],
    rows: Sequence[Sequence[Any] | Mapping[str, Any]],
    *,
    theme: ChartTheme = LIGHT,
) -> dict[str, Any]:
    """The Plotly figure JSON ({"data": [...], "layout": {...}}) for ``spec`` over ``rows``.

    Raises ChartSpecError when the spec does not fit the columns or the data.
    """
    spec = spec_validate(spec, columns)
    table = Table(column_names(columns), rows)
    points = len(table) * max(1, len(spec.y))
    if points > MAX_POINTS:
        raise ChartSpecError.at("rows", TOO_MANY_POINTS.format(count=points, limit=MAX_POINTS))
    figure = go.Figure(layout=base_layout(spec, theme))
    BUILDERS[spec.kind](figure, spec, table, theme)
    result = json.loads(pio.to_json(figure, validate=True))
    result["layout"].pop("template", None)  # "none": every style is set explicitly
    return result
