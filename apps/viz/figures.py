"""Chart spec + result rows → Plotly figure JSON, built on the server with plotly.graph_objects.

Readable before pretty (LOOK-AND-FEEL.md): axis titles with units, thousands separators,
currency symbols, the Tessera palette, transparent backgrounds, the system font stack, hairline
grids on the value axis only, no 3-D and no decoration.

Every string that comes from the spec or the rows is escaped (``&``, ``<``, ``>`` become
entities) because plotly.js reads a subset of HTML in titles, tick labels, legends and hover
labels; escaped, a hostile value is shown as the characters it is. Hover templates contain
only strings written here, never agent or data text.
"""

import datetime as dt
import json
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import plotly.graph_objects as go
import plotly.io as pio

from apps.viz.palette import LIGHT, ChartTheme
from apps.viz.specs import (
    AxisFormat,
    ChartSpec,
    ChartSpecError,
    Problem,
    column_names,
    spec_validate,
)

# Limits on what is drawn (the gateway caps rows too; these keep a figure light for the page).
MAX_POINTS = 10_000  # rows × measures in one figure
MAX_TRACES = 12  # series values (or measures) drawn as separate traces
MAX_CATEGORIES = 500  # distinct x categories in a bar chart or heatmap
MAX_PIE_SLICES = 12  # more slices than this belongs in a bar chart

# Browser-side options for Plotly.newPlot (the page passes them alongside the figure).
PLOTLY_CONFIG = {
    "displaylogo": False,
    "responsive": True,
    "modeBarButtonsToRemove": ["select2d", "lasso2d", "autoScale2d", "toggleSpikelines"],
}

TOO_MANY_POINTS = "the chart would draw {count:,} points; the limit is {limit:,}"
TOO_MANY_TRACES = "{count} series to draw; at most {limit} stay readable"
TOO_MANY_CATEGORIES = "{count} categories in {column!r}; at most {limit} stay readable"
TOO_MANY_SLICES = "{count} slices; a pie stays readable up to {limit} — use a bar chart"
NOT_NUMERIC = "column {column!r} must hold numbers; row {row} has {value!r}"
NOT_PLOTTABLE = "column {column!r} must hold numbers or dates for a {kind}; row {row} has {value!r}"
NEGATIVE_SLICE = "a pie cannot show negative values; row {row} of {column!r} is {value}"
DUPLICATE_POINT = (
    "several rows have {where}; aggregate them in the query (one row per point) or add a series"
)

CURRENCY_SYMBOLS = {
    "USD": "$",
    "EUR": "€",
    "GBP": "£",
    "JPY": "¥",
    "CNY": "¥",
    "INR": "₹",
    "KRW": "₩",
    "CAD": "CA$",
    "AUD": "A$",
    "NZD": "NZ$",
    "HKD": "HK$",
    "SGD": "S$",
    "BRL": "R$",
    "MXN": "MX$",
    "CHF": "CHF ",
    "SEK": "SEK ",
    "NOK": "NOK ",
    "DKK": "DKK ",
    "PLN": "PLN ",
}
ZERO_DECIMAL_CURRENCIES = frozenset({"JPY", "KRW", "CLP", "VND", "ISK", "HUF"})

ISO_DATE = re.compile(
    r"\d{4}-\d{2}(-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?)?"
)
DATE_TICKS = {"day": "%b %-d, %Y", "month": "%b %Y", "year": "%Y"}
DATE_HOVER = {"auto": "%Y-%m-%d", "day": "%Y-%m-%d", "month": "%b %Y", "year": "%Y"}
TRANSPARENT = "rgba(0,0,0,0)"


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
    table = _Table(column_names(columns), rows)
    points = len(table) * max(1, len(spec.y))
    if points > MAX_POINTS:
        raise _error("rows", TOO_MANY_POINTS.format(count=points, limit=MAX_POINTS))
    figure = go.Figure(layout=_base_layout(spec, theme))
    _BUILDERS[spec.kind](figure, spec, table, theme)
    result = json.loads(pio.to_json(figure, validate=True))
    result["layout"].pop("template", None)  # "none": every style is set explicitly above
    return result


def text_escape(value: str) -> str:
    """Plain text as plotly.js shows it literally (it decodes these entities, nothing else)."""
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def humanize(column: str) -> str:
    """A column name as an axis title: "avg_salary" → "Avg salary"."""
    words = re.sub(r"[_\s]+", " ", column).strip()
    return words[:1].upper() + words[1:] if words else column


# --- data access -------------------------------------------------------------------------------


class _Table:
    def __init__(self, columns: list[str], rows: Sequence[Sequence[Any] | Mapping[str, Any]]):
        self.index = {name: position for position, name in enumerate(columns)}
        self.rows = rows

    def __len__(self) -> int:
        return len(self.rows)

    def values(self, column: str) -> list[Any]:
        position = self.index[column]
        return [row[column] if isinstance(row, Mapping) else row[position] for row in self.rows]


def _error(field: str, message: str) -> ChartSpecError:
    return ChartSpecError([Problem(field, message)])


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float | Decimal) and not isinstance(value, bool)


def _number(value: Any, column: str, row: int, field: str) -> float | int | None:
    if value is None:
        return None
    if isinstance(value, str):
        try:
            value = Decimal(value.strip())
        except ArithmeticError:
            raise _error(field, NOT_NUMERIC.format(column=column, row=row, value=value)) from None
    if not _is_number(value):
        raise _error(field, NOT_NUMERIC.format(column=column, row=row, value=value))
    if isinstance(value, int):
        return value
    number = float(value)
    return number if math.isfinite(number) else None


def _numbers(table: _Table, column: str, field: str) -> list[float | int | None]:
    return [
        _number(value, column, row, field)
        for row, value in enumerate(table.values(column), start=1)
    ]


def _is_temporal(value: Any) -> bool:
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


def _label(value: Any) -> str:
    if value is None:
        return "(blank)"
    if isinstance(value, dt.date):
        return _temporal(value) or ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return text_escape(str(value))


def _label_key(label: str) -> tuple[int, float, str]:
    try:
        return (0, float(label.replace(",", "")), "")
    except ValueError:
        return (1, 0.0, label.casefold())


def _unique(labels: list[str]) -> list[str]:
    return list(dict.fromkeys(labels))


def _series_order(raw: list[Any]) -> list[str]:
    """Series in ascending order when they are numbers or dates (years), else as they come."""
    present = [value for value in raw if value is not None]
    labels = _unique([_label(value) for value in raw])
    if present and all(_is_number(v) or isinstance(v, dt.date) for v in present):
        return sorted(labels, key=_label_key)
    return labels


def _year_like(values: list[Any]) -> bool:
    present = [value for value in values if value is not None]
    return bool(present) and all(
        isinstance(value, int) and not isinstance(value, bool) and 1000 <= value <= 9999
        for value in present
    )


def _plottable_x(spec: ChartSpec, table: _Table) -> tuple[list[Any], str]:
    """x values of a line/area/scatter/histogram and the axis type: date, linear or category."""
    column = spec.x or ""
    raw = table.values(column)
    present = [value for value in raw if value is not None]
    wants_date = spec.x_axis.format.type == "date"
    if present and (
        all(_is_temporal(value) for value in present) or (wants_date and _year_like(present))
    ):
        return [_temporal(value) for value in raw], "date"
    if present and all(_is_number(value) for value in present):
        return _numbers(table, column, "x"), "linear"
    if spec.kind in ("scatter", "histogram"):
        row, value = next((i, v) for i, v in enumerate(raw, 1) if not _is_number(v))
        message = NOT_PLOTTABLE.format(column=column, kind=spec.kind, row=row, value=value)
        raise _error("x", message)
    return [_label(value) for value in raw], "category"


# --- number formats ----------------------------------------------------------------------------


@dataclass(frozen=True)
class _NumberStyle:
    tickformat: str
    hoverformat: str
    prefix: str = ""
    suffix: str = ""

    def axis(self) -> dict[str, Any]:
        return {
            "tickformat": self.tickformat,
            "hoverformat": self.hoverformat,
            "tickprefix": self.prefix,
            "ticksuffix": self.suffix,
            "separatethousands": True,
        }

    def template(self, variable: str) -> str:
        return f"{self.prefix}%{{{variable}:{self.hoverformat}}}{self.suffix}"


def _number_style(fmt: AxisFormat, values: Sequence[float | int | None]) -> _NumberStyle:
    present = [abs(value) for value in values if value is not None]
    largest = max(present, default=0)
    decimals = fmt.decimals
    if fmt.type == "currency":
        code = fmt.currency or ""
        places = decimals if decimals is not None else (0 if code in ZERO_DECIMAL_CURRENCIES else 2)
        tick = f",.{places}f" if decimals is not None or largest < 1000 else ",.0f"
        return _NumberStyle(tick, f",.{places}f", prefix=CURRENCY_SYMBOLS.get(code, f"{code} "))
    if fmt.type == "percent":
        if fmt.percent_base == "points":
            spec = f",.{decimals}f" if decimals is not None else ",.1~f"
            return _NumberStyle(spec, spec, suffix="%")
        spec = f".{decimals}%" if decimals is not None else ".1~%"
        return _NumberStyle(spec, spec)
    if decimals is not None:
        return _NumberStyle(f",.{decimals}f", f",.{decimals}f")
    if 0 < largest < 1:
        return _NumberStyle(",.3~r", ",.3~r")
    return _NumberStyle(",.2~f", ",.2~f")


def _axis_title(title: str | None, unit: str | None, fmt: AxisFormat, fallback: str) -> str:
    text = title or fallback
    unit = unit or (fmt.currency if fmt.type == "currency" else None)
    return text_escape(f"{text} ({unit})" if unit else text)


def _category_title(spec: ChartSpec) -> str:
    axis = spec.x_axis
    return _axis_title(axis.title, axis.unit, axis.format, humanize(spec.x or ""))


def _measure_title(spec: ChartSpec) -> str:
    if spec.y_axis.title:
        fallback = spec.y_axis.title
    elif len(spec.y) == 1:
        fallback = humanize(spec.y[0])
    elif len(spec.y) == 2:
        fallback = f"{humanize(spec.y[0])}, {humanize(spec.y[1]).lower()}"
    else:
        fallback = "Value"
    return _axis_title(None, spec.y_axis.unit, spec.y_axis.format, fallback)


# --- layout ------------------------------------------------------------------------------------


def _axis_base(theme: ChartTheme, *, grid: bool) -> dict[str, Any]:
    return {
        "automargin": True,
        "showgrid": grid,
        "gridcolor": theme.grid,
        "gridwidth": 1,
        "zeroline": False,
        "showline": not grid,
        "linecolor": theme.axis,
        "linewidth": 1,
        "ticks": "",
        "tickfont": {"color": theme.muted, "size": 12},
        "title": {"font": {"color": theme.ink, "size": 13}, "standoff": 10},
    }


def _base_layout(spec: ChartSpec, theme: ChartTheme) -> dict[str, Any]:
    layout: dict[str, Any] = {
        "template": "none",
        "font": {"family": theme.font_family, "size": 13, "color": theme.muted},
        "paper_bgcolor": TRANSPARENT,
        "plot_bgcolor": TRANSPARENT,
        "colorway": list(theme.palette),
        "separators": ".,",
        "margin": {"l": 8, "r": 8, "b": 8, "t": 56 if spec.title else 32, "pad": 4},
        "legend": {
            "orientation": "h",
            "x": 0,
            "xanchor": "left",
            "y": 1.02,
            "yanchor": "bottom",
            "bgcolor": TRANSPARENT,
            "font": {"color": theme.muted, "size": 12},
            "title": {"text": ""},
        },
        "hoverlabel": {"font": {"family": theme.font_family, "size": 12}},
        "xaxis": _axis_base(theme, grid=False),
        "yaxis": _axis_base(theme, grid=True),
    }
    if spec.title:
        layout["title"] = {
            "text": text_escape(spec.title),
            "x": 0,
            "xref": "paper",
            "xanchor": "left",
            "y": 0.98,
            "yref": "container",
            "yanchor": "top",
            "font": {"color": theme.ink, "size": 16},
        }
    if spec.legend != "auto":
        layout["showlegend"] = spec.legend == "show"
    return layout


def _axes(spec: ChartSpec) -> tuple[str, str]:
    """(category axis, value axis) layout keys for the spec's orientation."""
    return ("yaxis", "xaxis") if spec.orientation == "horizontal" else ("xaxis", "yaxis")


def _set_axis(
    figure: go.Figure, key: str, theme: ChartTheme, *, grid: bool, title: str = "", **values: Any
) -> None:
    axis = _axis_base(theme, grid=grid)
    axis.update(values)
    axis["title"]["text"] = title
    figure.update_layout({key: axis})


def _legend(figure: go.Figure, spec: ChartSpec, traces: int) -> None:
    if spec.legend == "auto":
        figure.update_layout(showlegend=traces > 1)


def _hex_alpha(color: str, alpha: float) -> str:
    red, green, blue = (int(color[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgba({red},{green},{blue},{alpha})"


def _color(theme: ChartTheme, index: int) -> str:
    return theme.palette[index % len(theme.palette)]


def _check_traces(count: int) -> None:
    if count > MAX_TRACES:
        raise _error("series", TOO_MANY_TRACES.format(count=count, limit=MAX_TRACES))


# --- grouping ----------------------------------------------------------------------------------


@dataclass
class _Trace:
    name: str
    x: list[Any]
    y: list[Any]


def _measure_traces(spec: ChartSpec, table: _Table, x: list[Any]) -> list[_Trace]:
    """One trace per measure, or one per series value when there is a series column."""
    if spec.series is None:
        return [
            _Trace(text_escape(humanize(measure)), x, _numbers(table, measure, f"y.{index}"))
            for index, measure in enumerate(spec.y)
        ]
    raw_series = table.values(spec.series)
    labels = [_label(value) for value in raw_series]
    order = _series_order(raw_series)
    _check_traces(len(order))
    values = _numbers(table, spec.y[0], "y.0")
    traces = []
    for name in order:
        rows = [index for index, label in enumerate(labels) if label == name]
        traces.append(_Trace(name, [x[i] for i in rows], [values[i] for i in rows]))
    return traces


def _check_unique(points: list[Any], where: Callable[[Any], str]) -> None:
    seen: set[Any] = set()
    for point in points:
        if point in seen:
            raise _error("rows", DUPLICATE_POINT.format(where=where(point)))
        seen.add(point)


def _category_order(spec: ChartSpec, labels: list[str], totals: dict[str, float]) -> list[str]:
    order = _unique(labels)
    if len(order) > MAX_CATEGORIES:
        message = TOO_MANY_CATEGORIES.format(count=len(order), column=spec.x, limit=MAX_CATEGORIES)
        raise _error("x", message)
    if spec.sort == "label_asc":
        return sorted(order, key=_label_key)
    if spec.sort == "label_desc":
        return sorted(order, key=_label_key, reverse=True)
    if spec.sort == "value_asc":
        return sorted(order, key=lambda label: totals.get(label, 0.0))
    if spec.sort == "value_desc":
        return sorted(order, key=lambda label: totals.get(label, 0.0), reverse=True)
    return order


def _aligned(trace: _Trace, order: list[str]) -> list[Any]:
    by_label = dict(zip(trace.x, trace.y, strict=True))
    return [by_label.get(label) for label in order]


# --- builders ----------------------------------------------------------------------------------


def _build_bars(figure: go.Figure, spec: ChartSpec, table: _Table, theme: ChartTheme) -> None:
    category_key, value_key = _axes(spec)
    labels = [_label(value) for value in table.values(spec.x or "")]
    traces = _measure_traces(spec, table, labels)
    _check_traces(len(traces))
    for trace in traces:
        _check_unique(trace.x, lambda label: f"{spec.x} = {label}")
    totals: dict[str, float] = {}
    for trace in traces:
        for label, value in zip(trace.x, trace.y, strict=True):
            totals[label] = totals.get(label, 0.0) + (value or 0)
    order = _category_order(spec, labels, totals)
    horizontal = spec.orientation == "horizontal"
    for index, trace in enumerate(traces):
        values = _aligned(trace, order)
        figure.add_trace(
            go.Bar(
                name=trace.name,
                x=values if horizontal else order,
                y=order if horizontal else values,
                orientation="h" if horizontal else "v",
                marker={"color": _color(theme, index), "line": {"width": 0}},
            )
        )
    style = _number_style(spec.y_axis.format, [v for t in traces for v in t.y])
    _set_axis(
        figure,
        category_key,
        theme,
        grid=False,
        type="category",
        title=_category_title(spec),
        autorange="reversed" if horizontal else True,
    )
    _set_axis(
        figure,
        value_key,
        theme,
        grid=True,
        title=_measure_title(spec),
        rangemode="tozero",
        **style.axis(),
    )
    figure.update_layout(
        barmode="stack" if spec.stacked else "group",
        bargap=0.28,
        bargroupgap=0.06,
        hovermode="y unified" if horizontal else "x unified",
    )
    _legend(figure, spec, len(traces))


def _build_lines(figure: go.Figure, spec: ChartSpec, table: _Table, theme: ChartTheme) -> None:
    x, axis_type = _plottable_x(spec, table)
    traces = _measure_traces(spec, table, x)
    _check_traces(len(traces))
    for trace in traces:
        _check_unique([v for v in trace.x if v is not None], lambda value: f"{spec.x} = {value}")
    area = spec.kind == "area"
    for index, trace in enumerate(traces):
        points = list(zip(trace.x, trace.y, strict=True))
        if axis_type != "category":
            points.sort(key=lambda point: (point[0] is None, point[0] or 0))
        color = _color(theme, index)
        figure.add_trace(
            go.Scatter(
                name=trace.name,
                x=[point[0] for point in points],
                y=[point[1] for point in points],
                mode="lines+markers" if len(points) <= 24 else "lines",
                line={"color": color, "width": 2.25},
                marker={"color": color, "size": 6},
                connectgaps=False,
                fill=("tozeroy" if area and not spec.stacked else None),
                fillcolor=_hex_alpha(color, 0.16) if area and not spec.stacked else None,
                stackgroup="one" if area and spec.stacked else None,
            )
        )
    _set_axis(figure, "xaxis", theme, grid=False, **_x_axis_settings(spec, axis_type, x))
    style = _number_style(spec.y_axis.format, [v for t in traces for v in t.y])
    _set_axis(
        figure,
        "yaxis",
        theme,
        grid=True,
        title=_measure_title(spec),
        rangemode="tozero" if area else "normal",
        **style.axis(),
    )
    figure.update_layout(hovermode="x unified")
    _legend(figure, spec, len(traces))


def _x_axis_settings(spec: ChartSpec, axis_type: str, x: list[Any]) -> dict[str, Any]:
    """Settings of the axis that shows the x column of a line/area/scatter/histogram."""
    fmt = spec.x_axis.format
    title = _axis_title(spec.x_axis.title, spec.x_axis.unit, fmt, humanize(spec.x or ""))
    settings: dict[str, Any] = {"type": axis_type, "title": title}
    if axis_type == "date":
        if fmt.date_unit in DATE_TICKS:
            settings["tickformat"] = DATE_TICKS[fmt.date_unit]
        if fmt.date_unit == "year":
            settings["dtick"] = "M12"
        settings["hoverformat"] = DATE_HOVER[fmt.date_unit]
    elif axis_type == "linear":
        if fmt.type == "auto" and _year_like([v for v in x if v is not None]):
            settings.update(tickformat="d", hoverformat="d")
        else:
            settings.update(_number_style(fmt, x).axis())
    return settings


def _build_scatter(figure: go.Figure, spec: ChartSpec, table: _Table, theme: ChartTheme) -> None:
    x, axis_type = _plottable_x(spec, table)
    traces = _measure_traces(spec, table, x)
    _check_traces(len(traces))
    for index, trace in enumerate(traces):
        figure.add_trace(
            go.Scatter(
                name=trace.name,
                x=trace.x,
                y=trace.y,
                mode="markers",
                marker={"color": _color(theme, index), "size": 8, "opacity": 0.85},
            )
        )
    _set_axis(figure, "xaxis", theme, grid=True, **_x_axis_settings(spec, axis_type, x))
    style = _number_style(spec.y_axis.format, [v for t in traces for v in t.y])
    _set_axis(figure, "yaxis", theme, grid=True, title=_measure_title(spec), **style.axis())
    figure.update_layout(hovermode="closest")
    _legend(figure, spec, len(traces))


def _build_pie(figure: go.Figure, spec: ChartSpec, table: _Table, theme: ChartTheme) -> None:
    labels = [_label(value) for value in table.values(spec.x or "")]
    values = _numbers(table, spec.y[0], "y.0")
    _check_unique(labels, lambda label: f"{spec.x} = {label}")
    for row, value in enumerate(values, start=1):
        if value is not None and value < 0:
            raise _error("y.0", NEGATIVE_SLICE.format(row=row, column=spec.y[0], value=value))
    if len(labels) > MAX_PIE_SLICES:
        raise _error("x", TOO_MANY_SLICES.format(count=len(labels), limit=MAX_PIE_SLICES))
    totals = {label: value or 0.0 for label, value in zip(labels, values, strict=True)}
    order = _category_order(spec, labels, totals)
    style = _number_style(spec.y_axis.format, values)
    figure.add_trace(
        go.Pie(
            labels=order,
            values=[totals[label] for label in order],
            sort=False,
            direction="clockwise",
            hole=0.45,
            marker={"colors": [_color(theme, i) for i in range(len(order))]},
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


def _build_histogram(figure: go.Figure, spec: ChartSpec, table: _Table, theme: ChartTheme) -> None:
    x, axis_type = _plottable_x(spec, table)
    horizontal = spec.orientation == "horizontal"
    if spec.series is None:
        groups = [_Trace(text_escape(humanize(spec.x or "")), x, [])]
    else:
        raw_series = table.values(spec.series)
        labels = [_label(value) for value in raw_series]
        order = _series_order(raw_series)
        _check_traces(len(order))
        groups = [
            _Trace(name, [v for v, label in zip(x, labels, strict=True) if label == name], [])
            for name in order
        ]
    for index, group in enumerate(groups):
        figure.add_trace(
            go.Histogram(
                name=group.name,
                x=None if horizontal else group.x,
                y=group.x if horizontal else None,
                nbinsx=None if horizontal else spec.bins,
                nbinsy=spec.bins if horizontal else None,
                marker={"color": _color(theme, index), "line": {"width": 0}},
                opacity=0.7 if len(groups) > 1 else 1.0,
            )
        )
    category_key, value_key = _axes(spec)
    _set_axis(figure, category_key, theme, grid=False, **_x_axis_settings(spec, axis_type, x))
    count_title = _axis_title(spec.y_axis.title, spec.y_axis.unit, AxisFormat(), "Count")
    _set_axis(
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
    _legend(figure, spec, len(groups))


def _build_heatmap(figure: go.Figure, spec: ChartSpec, table: _Table, theme: ChartTheme) -> None:
    x_raw = table.values(spec.x or "")
    row_raw = table.values(spec.series or "")
    x_labels = [_label(value) for value in x_raw]
    row_labels = [_label(value) for value in row_raw]
    values = _numbers(table, spec.y[0], "y.0")
    _check_unique(
        list(zip(x_labels, row_labels, strict=True)),
        lambda cell: f"{spec.x} = {cell[0]} and {spec.series} = {cell[1]}",
    )
    columns = _category_order(spec, _series_order(x_raw), {})
    rows = _series_order(row_raw)
    if len(rows) > MAX_CATEGORIES:
        message = TOO_MANY_CATEGORIES.format(
            count=len(rows), column=spec.series, limit=MAX_CATEGORIES
        )
        raise _error("series", message)
    cells = {(x, row): value for x, row, value in zip(x_labels, row_labels, values, strict=True)}
    style = _number_style(spec.y_axis.format, values)
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
                "title": {"text": _measure_title(spec), "side": "right"},
            },
            hovertemplate=f"%{{x}} · %{{y}}<br>{style.template('z')}<extra></extra>",
        )
    )
    series_title = text_escape(humanize(spec.series or ""))
    _set_axis(
        figure,
        "xaxis",
        theme,
        grid=False,
        type="category",
        title=_category_title(spec),
        showline=False,
    )
    _set_axis(
        figure,
        "yaxis",
        theme,
        grid=False,
        type="category",
        title=series_title,
        autorange="reversed",
    )
    figure.update_layout(hovermode="closest", showlegend=False)


_BUILDERS: dict[str, Callable[[go.Figure, ChartSpec, _Table, ChartTheme], None]] = {
    "bar": _build_bars,
    "grouped_bar": _build_bars,
    "line": _build_lines,
    "area": _build_lines,
    "scatter": _build_scatter,
    "pie": _build_pie,
    "histogram": _build_histogram,
    "heatmap": _build_heatmap,
}
