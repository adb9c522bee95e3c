"""Each chart kind drawn as it should read: bars (grouped, stacked, sorted, horizontal), lines and
areas, scatter, pie, histogram, heatmap."""

import pytest

from apps.viz.figures import figure_build
from apps.viz.palette import PALETTE_LIGHT
from tests.viz.figure_cases import (
    CASES,
    HIRES,
    HIRES_ROWS,
    MONTHLY,
    MONTHLY_ROWS,
    TENURE,
    TENURE_ROWS,
    build,
)


def test_bar_reads_well():
    figure = build({"kind": "bar", "x": "department", "y": "headcount", "title": "Headcount"})
    (trace,) = figure["data"]
    assert trace["x"] == ["Sales", "Engineering", "Marketing"]
    assert trace["y"] == [42, 57, 21]
    assert trace["marker"]["color"] == PALETTE_LIGHT[0]
    layout = figure["layout"]
    assert layout["title"]["text"] == "Headcount"
    assert layout["title"]["xanchor"] == "left"
    assert layout["xaxis"]["title"]["text"] == "Department"
    assert layout["xaxis"]["showgrid"] is False
    assert layout["yaxis"]["title"]["text"] == "Headcount"
    assert layout["yaxis"]["showgrid"] is True
    assert layout["yaxis"]["tickformat"].startswith(",")  # thousands separators
    assert layout["showlegend"] is False


def test_grouped_bars_by_series_in_year_order():
    rows = list(reversed(HIRES_ROWS))
    spec = {"kind": "grouped_bar", "x": "department", "series": "year", "y": "hires"}
    figure = figure_build(spec, HIRES, rows)
    assert [trace["name"] for trace in figure["data"]] == ["2024", "2025"]
    assert figure["data"][0]["x"] == ["Engineering", "Sales"]
    assert figure["data"][0]["y"] == [9, 4]
    assert [trace["marker"]["color"] for trace in figure["data"]] == list(PALETTE_LIGHT[:2])
    assert figure["layout"]["barmode"] == "group"
    assert figure["layout"]["showlegend"] is True


def test_grouped_bars_by_measures_name_them_readably():
    spec = {"kind": "grouped_bar", "x": "department", "y": ["headcount", "share"]}
    figure = build(spec)
    assert [trace["name"] for trace in figure["data"]] == ["Headcount", "Share"]
    assert figure["layout"]["yaxis"]["title"]["text"] == "Headcount, share"


def test_missing_combinations_are_gaps_not_zeros():
    rows = [*HIRES_ROWS, ["Finance", 2025, 3]]
    spec = {"kind": "grouped_bar", "x": "department", "series": "year", "y": "hires"}
    first = figure_build(spec, HIRES, rows)["data"][0]
    assert first["x"] == ["Sales", "Engineering", "Finance"]
    assert first["y"] == [4, 9, None]


def test_stacked_bars():
    spec = {"kind": "bar", "x": "department", "series": "year", "y": "hires", "stacked": True}
    assert figure_build(spec, HIRES, HIRES_ROWS)["layout"]["barmode"] == "stack"


@pytest.mark.parametrize(
    ("sort", "order"),
    [
        ("none", ["Sales", "Engineering", "Marketing"]),
        ("value_desc", ["Engineering", "Sales", "Marketing"]),
        ("value_asc", ["Marketing", "Sales", "Engineering"]),
        ("label_asc", ["Engineering", "Marketing", "Sales"]),
        ("label_desc", ["Sales", "Marketing", "Engineering"]),
    ],
)
def test_sort(sort, order):
    figure = build({"kind": "bar", "x": "department", "y": "headcount", "sort": sort})
    assert figure["data"][0]["x"] == order


def test_horizontal_bars_read_top_down_with_value_axis_below():
    spec = {
        "kind": "bar",
        "x": "department",
        "y": "avg_salary",
        "orientation": "horizontal",
        "y_axis": {"format": {"type": "currency", "currency": "USD"}},
    }
    figure = build(spec)
    (trace,) = figure["data"]
    assert trace["orientation"] == "h"
    assert trace["y"] == ["Sales", "Engineering", "Marketing"]
    layout = figure["layout"]
    assert layout["yaxis"]["autorange"] == "reversed"
    assert layout["yaxis"]["type"] == "category"
    assert layout["xaxis"]["tickprefix"] == "$"
    assert layout["xaxis"]["title"]["text"] == "Avg salary (USD)"
    assert layout["xaxis"]["showgrid"] is True


def test_line_over_dates_is_sorted_with_date_axis():
    figure = figure_build(CASES["line"][0], MONTHLY, MONTHLY_ROWS)
    sales, engineering = figure["data"]
    assert sales["name"] == "Sales"
    assert sales["x"] == ["2025-01-01", "2025-02-01", "2025-03-01"]
    assert sales["y"] == [1000, 2000, 3000]
    assert engineering["line"]["color"] == PALETTE_LIGHT[1]
    assert figure["layout"]["xaxis"]["type"] == "date"
    assert figure["layout"]["hovermode"] == "x unified"


def test_area_fills_to_zero_unless_stacked():
    spec = {"kind": "area", "x": "month", "series": "department", "y": "payroll"}
    trace = figure_build(spec, MONTHLY, MONTHLY_ROWS)["data"][0]
    assert trace["fill"] == "tozeroy"
    assert trace["fillcolor"].startswith("rgba(58,110,165,")
    stacked = figure_build(CASES["area"][0], MONTHLY, MONTHLY_ROWS)["data"][0]
    assert stacked["stackgroup"] == "one"


def test_scatter_keeps_gaps_and_grids_both_axes():
    figure = figure_build(CASES["scatter"][0], TENURE, TENURE_ROWS)
    assert figure["data"][0]["y"][2] is None
    assert figure["data"][0]["mode"] == "markers"
    assert figure["layout"]["xaxis"]["showgrid"] is True
    assert figure["layout"]["xaxis"]["title"]["text"] == "Tenure years"


def test_pie_formats_hover_without_agent_text():
    spec = {
        "kind": "pie",
        "x": "department",
        "y": "avg_salary",
        "sort": "value_desc",
        "y_axis": {"format": {"type": "currency", "currency": "GBP"}},
    }
    (trace,) = build(spec)["data"]
    assert trace["labels"] == ["Engineering", "Sales", "Marketing"]
    assert trace["marker"]["colors"] == list(PALETTE_LIGHT[:3])
    assert trace["hovertemplate"] == "%{label}<br>£%{value:,.2f} (%{percent:.1%})<extra></extra>"
    assert trace["sort"] is False


def test_histogram_counts_with_integer_ticks():
    figure = figure_build(CASES["histogram"][0], TENURE, TENURE_ROWS)
    (trace,) = figure["data"]
    assert trace["x"] == [41000, 52000, None, 70100, 99000]
    assert trace["nbinsx"] == 5
    assert figure["layout"]["yaxis"]["title"]["text"] == "Count"
    assert figure["layout"]["yaxis"]["tickformat"] == ",d"
    assert figure["layout"]["xaxis"]["tickformat"].startswith(",")


def test_horizontal_histogram():
    spec = {"kind": "histogram", "x": "salary", "orientation": "horizontal"}
    figure = figure_build(spec, TENURE, TENURE_ROWS)
    assert figure["data"][0]["y"] == [41000, 52000, None, 70100, 99000]
    assert figure["layout"]["xaxis"]["title"]["text"] == "Count"
    assert figure["layout"]["yaxis"]["title"]["text"] == "Salary"


def test_histogram_by_series_overlays():
    rows = [["a", 1], ["b", 2], ["a", 3]]
    figure = figure_build({"kind": "histogram", "x": "v", "series": "g"}, ["g", "v"], rows)
    assert [(t["name"], t["x"]) for t in figure["data"]] == [("a", [1, 3]), ("b", [2])]
    assert figure["layout"]["barmode"] == "overlay"


def test_heatmap_matrix_and_colorbar():
    spec = {
        "kind": "heatmap",
        "x": "year",
        "series": "department",
        "y": "hires",
        "y_axis": {"format": {"type": "currency", "currency": "USD"}},
    }
    (trace,) = figure_build(spec, HIRES, HIRES_ROWS[:3])["data"]
    assert trace["x"] == ["2024", "2025"]
    assert trace["y"] == ["Sales", "Engineering"]
    assert trace["z"] == [[4, 6], [9, None]]
    assert trace["colorbar"]["tickprefix"] == "$"
    assert trace["colorbar"]["title"]["text"] == "Hires (USD)"
    assert "%{z:,.2f}" in trace["hovertemplate"]
