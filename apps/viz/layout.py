"""The figure's frame: fonts, transparent backgrounds, the legend above the plot, hairline
grids on the value axis only, series colors from the theme."""

from typing import Any

import plotly.graph_objects as go

from apps.viz.palette import ChartTheme
from apps.viz.specs import ChartSpec
from apps.viz.text import text_escape

TRANSPARENT = "rgba(0,0,0,0)"


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


def base_layout(spec: ChartSpec, theme: ChartTheme) -> dict[str, Any]:
    """The layout every kind starts from; its builder sets the axes."""
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


def axes(spec: ChartSpec) -> tuple[str, str]:
    """(category axis, value axis) layout keys for the spec's orientation."""
    return ("yaxis", "xaxis") if spec.orientation == "horizontal" else ("xaxis", "yaxis")


def set_axis(
    figure: go.Figure, key: str, theme: ChartTheme, *, grid: bool, title: str = "", **values: Any
) -> None:
    axis = _axis_base(theme, grid=grid)
    axis.update(values)
    axis["title"]["text"] = title
    figure.update_layout({key: axis})


def legend(figure: go.Figure, spec: ChartSpec, traces: int) -> None:
    """With legend "auto", a legend only when there is more than one trace to tell apart."""
    if spec.legend == "auto":
        figure.update_layout(showlegend=traces > 1)


def hex_alpha(color: str, alpha: float) -> str:
    red, green, blue = (int(color[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgba({red},{green},{blue},{alpha})"


def color(theme: ChartTheme, index: int) -> str:
    return theme.palette[index % len(theme.palette)]
