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
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

import plotly.graph_objects as go
import plotly.io as pio

from apps.viz.builders import BUILDERS
from apps.viz.layout import FigureDraft, base_layout
from apps.viz.palette import LIGHT, ChartTheme
from apps.viz.specs import ChartSpec, ChartSpecError, column_labels, column_names, spec_validate
from apps.viz.values import Table

# The gateway caps rows too; this keeps a figure light for the page.
MAX_POINTS = 10_000  # rows × measures in one figure

TOO_MANY_POINTS = "the chart would draw {count:,} points; the limit is {limit:,}"
# The same spec over the same rows gives the same figure, and building it through plotly's
# validators was a tenth of a builtin run's CPU: the figure JSON of recent small charts is
# kept, by spec, columns, rows (their repr, so 1, 1.0, "1" and Decimal("1") differ) and theme.
FIGURES_KEPT = 256
CACHED_ROWS = 500
_figures: OrderedDict[tuple, str] = OrderedDict()
_figures_lock = threading.Lock()


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
    key = None
    if len(rows) <= CACHED_ROWS:
        key = (spec.model_dump_json(), repr(columns), repr(rows), theme)
        with _figures_lock:
            text = _figures.get(key)
            if text is not None:
                _figures.move_to_end(key)
                return json.loads(text)
    text = _figure_json(spec, columns, rows, theme)
    if key is not None:
        with _figures_lock:
            _figures[key] = text
            while len(_figures) > FIGURES_KEPT:
                _figures.popitem(last=False)
    return json.loads(text)  # a new object each time: callers may change theirs


def _figure_json(spec: ChartSpec, columns, rows, theme: ChartTheme) -> str:
    table = Table(column_names(columns), rows, column_labels(columns))
    points = len(table) * max(1, len(spec.y))
    if points > MAX_POINTS:
        raise ChartSpecError.at("rows", TOO_MANY_POINTS.format(count=points, limit=MAX_POINTS))
    draft = FigureDraft(base_layout(spec, theme))
    BUILDERS[spec.kind](draft, spec, table, theme)
    figure = go.Figure(data=draft.data, layout=draft.layout)
    result = json.loads(pio.to_json(figure, validate=True))
    result["layout"].pop("template", None)  # "none": every style is set explicitly
    return json.dumps(result)
