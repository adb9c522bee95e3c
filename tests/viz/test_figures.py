"""figure_build: every kind builds into plain JSON, readable formatting, escaped text, limits."""

import datetime as dt
import json
from decimal import Decimal

import pytest

from apps.viz import figures
from apps.viz.figures import figure_build, humanize, text_escape
from apps.viz.palette import DARK, FONT_STACK, PALETTE_DARK, PALETTE_LIGHT
from apps.viz.specs import ChartSpecError

DEPARTMENTS = ["department", "headcount", "avg_salary", "share"]
DEPARTMENT_ROWS = [
    ["Sales", 42, Decimal("61250.50"), 0.35],
    ["Engineering", 57, Decimal("88400.00"), 0.475],
    ["Marketing", 21, Decimal("59900.25"), 0.175],
]
HIRES = ["department", "year", "hires"]
HIRES_ROWS = [
    ["Sales", 2024, 4],
    ["Sales", 2025, 6],
    ["Engineering", 2024, 9],
    ["Engineering", 2025, 7],
]
MONTHLY = ["month", "department", "payroll"]
MONTHLY_ROWS = [
    [dt.date(2025, month, 1), department, 1000 * month + offset]
    for month in (3, 1, 2)
    for department, offset in (("Sales", 0), ("Engineering", 500))
]
TENURE = ["tenure_years", "salary"]
TENURE_ROWS = [[0.5, 41000], [1.5, 52000], [2.0, None], [3.25, 70100], [7.0, 99000]]

CASES = {
    "bar": ({"kind": "bar", "x": "department", "y": "headcount"}, DEPARTMENTS, DEPARTMENT_ROWS),
    "grouped_bar": (
        {"kind": "grouped_bar", "x": "department", "series": "year", "y": "hires"},
        HIRES,
        HIRES_ROWS,
    ),
    "line": (
        {"kind": "line", "x": "month", "series": "department", "y": "payroll"},
        MONTHLY,
        MONTHLY_ROWS,
    ),
    "area": (
        {"kind": "area", "x": "month", "series": "department", "y": "payroll", "stacked": True},
        MONTHLY,
        MONTHLY_ROWS,
    ),
    "scatter": ({"kind": "scatter", "x": "tenure_years", "y": "salary"}, TENURE, TENURE_ROWS),
    "pie": ({"kind": "pie", "x": "department", "y": "headcount"}, DEPARTMENTS, DEPARTMENT_ROWS),
    "histogram": ({"kind": "histogram", "x": "salary", "bins": 5}, TENURE, TENURE_ROWS),
    "heatmap": (
        {"kind": "heatmap", "x": "year", "series": "department", "y": "hires"},
        HIRES,
        HIRES_ROWS,
    ),
}
TRACE_TYPES = {
    "bar": "bar",
    "grouped_bar": "bar",
    "line": "scatter",
    "area": "scatter",
    "scatter": "scatter",
    "pie": "pie",
    "histogram": "histogram",
    "heatmap": "heatmap",
}


def build(spec, columns=DEPARTMENTS, rows=DEPARTMENT_ROWS, **kwargs):
    return figure_build(spec, columns, rows, **kwargs)


def test_cases_cover_every_kind():
    from apps.viz.specs import KINDS

    assert set(CASES) == set(KINDS)


@pytest.mark.parametrize("kind", sorted(CASES))
def test_every_kind_builds_plain_json(kind):
    spec, columns, rows = CASES[kind]
    figure = figure_build(spec, columns, rows)
    assert set(figure) == {"data", "layout"}
    assert json.loads(json.dumps(figure)) == figure
    assert figure["data"]
    assert {trace["type"] for trace in figure["data"]} == {TRACE_TYPES[kind]}
    layout = figure["layout"]
    assert layout["paper_bgcolor"] == layout["plot_bgcolor"] == "rgba(0,0,0,0)"
    assert layout["font"]["family"] == FONT_STACK
    assert layout["colorway"] == list(PALETTE_LIGHT)
    assert layout["separators"] == ".,"
    assert "template" not in layout


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


def test_currency_axis_has_symbol_code_and_separators():
    figure = build(
        {
            "kind": "bar",
            "x": "department",
            "y": "avg_salary",
            "y_axis": {
                "title": "Average salary",
                "format": {"type": "currency", "currency": "EUR"},
            },
        }
    )
    axis = figure["layout"]["yaxis"]
    assert axis["title"]["text"] == "Average salary (EUR)"
    assert axis["tickprefix"] == "€"
    assert axis["tickformat"] == ",.0f"  # whole units on ticks above 1,000…
    assert axis["hoverformat"] == ",.2f"  # …cents in the hover
    assert figure["data"][0]["y"] == [61250.5, 88400.0, 59900.25]


def test_unknown_currency_code_is_its_own_prefix_and_yen_has_no_cents():
    spec = {"kind": "bar", "x": "department", "y": "avg_salary"}
    fmt = {"type": "currency", "currency": "ZAR"}
    axis = build({**spec, "y_axis": {"format": fmt}})["layout"]["yaxis"]
    assert axis["tickprefix"] == "ZAR "
    axis = build({**spec, "y_axis": {"format": {"type": "currency", "currency": "JPY"}}})
    assert axis["layout"]["yaxis"]["hoverformat"] == ",.0f"


def test_unit_is_shown_in_the_axis_title():
    figure = build(
        {"kind": "bar", "x": "department", "y": "headcount", "y_axis": {"unit": "employees"}}
    )
    assert figure["layout"]["yaxis"]["title"]["text"] == "Headcount (employees)"


@pytest.mark.parametrize(
    ("fmt", "tickformat", "suffix"),
    [
        ({"type": "percent"}, ".1~%", ""),
        ({"type": "percent", "decimals": 0}, ".0%", ""),
        ({"type": "percent", "percent_base": "points"}, ",.1~f", "%"),
        ({"type": "number", "decimals": 1}, ",.1f", ""),
    ],
)
def test_number_formats(fmt, tickformat, suffix):
    spec = {"kind": "bar", "x": "department", "y": "share", "y_axis": {"format": fmt}}
    axis = build(spec)["layout"]["yaxis"]
    assert axis["tickformat"] == tickformat
    assert axis["ticksuffix"] == suffix


def test_small_numbers_keep_significant_digits():
    rows = [["a", 0.0012], ["b", 0.0034]]
    axis = build({"kind": "bar", "x": "d", "y": "v"}, ["d", "v"], rows)["layout"]["yaxis"]
    assert axis["tickformat"] == ",.3~r"


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


def test_month_ticks_and_years_on_a_date_axis():
    spec = {
        "kind": "line",
        "x": "month",
        "series": "department",
        "y": "payroll",
        "x_axis": {"format": {"type": "date", "date_unit": "month"}},
    }
    assert figure_build(spec, MONTHLY, MONTHLY_ROWS)["layout"]["xaxis"]["tickformat"] == "%b %Y"
    rows = [[2023, 10], [2024, 12], [2025, 15]]
    spec = {
        "kind": "line",
        "x": "year",
        "y": "hires",
        "x_axis": {"format": {"type": "date", "date_unit": "year"}},
    }
    figure = figure_build(spec, ["year", "hires"], rows)
    assert figure["data"][0]["x"] == ["2023", "2024", "2025"]
    assert figure["layout"]["xaxis"]["tickformat"] == "%Y"


def test_integer_years_on_a_numeric_axis_are_not_written_2_024():
    figure = figure_build({"kind": "line", "x": "y", "y": "n"}, ["y", "n"], [[2024, 1], [2025, 2]])
    assert figure["layout"]["xaxis"]["tickformat"] == "d"


def test_datetimes_and_iso_strings_are_dates():
    rows = [
        [dt.datetime(2025, 1, 2, 9, 30, tzinfo=dt.UTC), 1],
        ["2025-01-03T10:00:00", 2],
    ]
    figure = figure_build({"kind": "line", "x": "at", "y": "n"}, ["at", "n"], rows)
    assert figure["data"][0]["x"] == ["2025-01-02 09:30:00", "2025-01-03T10:00:00"]
    assert figure["layout"]["xaxis"]["type"] == "date"


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


def test_dark_theme():
    spec, columns, rows = CASES["grouped_bar"]
    figure = figure_build(spec, columns, rows, theme=DARK)
    assert figure["layout"]["colorway"] == list(PALETTE_DARK)
    assert figure["data"][0]["marker"]["color"] == PALETTE_DARK[0]
    assert figure["layout"]["font"]["color"] == DARK.muted


def test_rows_may_be_mappings():
    rows = [dict(zip(DEPARTMENTS, row, strict=True)) for row in DEPARTMENT_ROWS]
    figure = build({"kind": "bar", "x": "department", "y": "headcount"}, rows=rows)
    assert figure["data"][0]["y"] == [42, 57, 21]


def test_numeric_text_from_json_is_a_number():
    rows = [["a", "1200.50"], ["b", "NaN"], ["c", None]]
    figure = figure_build({"kind": "bar", "x": "k", "y": "v"}, ["k", "v"], rows)
    assert figure["data"][0]["y"] == [1200.5, None, None]


# --- hostile text --------------------------------------------------------------------------------

HOSTILE = [
    '<img src=x onerror="alert(1)">',
    "</script><script>alert(1)</script>",
    '<a href="javascript:alert(1)">click</a>',
    "<b>bold</b> & <br>",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_title_and_axis_titles_are_shown_as_text(text):
    spec = {
        "kind": "bar",
        "x": "department",
        "y": "headcount",
        "title": text,
        "x_axis": {"title": text},
        "y_axis": {"title": text, "unit": "<i>u</i>"},
    }
    figure = build(spec)
    layout = figure["layout"]
    assert layout["title"]["text"] == text_escape(text)
    assert layout["xaxis"]["title"]["text"] == text_escape(text)
    assert layout["yaxis"]["title"]["text"] == text_escape(f"{text} (<i>u</i>)")
    assert "<" not in json.dumps(layout)


@pytest.mark.parametrize("kind", ["bar", "grouped_bar", "line", "pie", "heatmap", "histogram"])
def test_hostile_data_values_are_shown_as_text(kind):
    rows = [
        [text, f"s{index} <svg/onload=alert(1)>", index + 1] for index, text in enumerate(HOSTILE)
    ]
    columns = ["label", "group", "value"]
    spec = {
        "bar": {"kind": "bar", "x": "label", "y": "value"},
        "grouped_bar": {"kind": "grouped_bar", "x": "label", "series": "group", "y": "value"},
        "line": {"kind": "line", "x": "label", "series": "group", "y": "value"},
        "pie": {"kind": "pie", "x": "label", "y": "value"},
        "heatmap": {"kind": "heatmap", "x": "label", "series": "group", "y": "value"},
        "histogram": {"kind": "histogram", "x": "value", "series": "group"},
    }[kind]
    dumped = json.dumps(figure_build(spec, columns, rows))
    for fragment in ("<img", "<script", "</script", "<a ", "<b>", "<svg", "& <br>"):
        assert fragment not in dumped
    if "series" in spec:
        assert "&lt;svg/onload=alert(1)&gt;" in dumped
    if spec["x"] == "label":
        assert json.dumps(text_escape(HOSTILE[0]))[1:-1] in dumped


def test_our_own_hover_templates_are_the_only_markup():
    spec, columns, rows = CASES["heatmap"]
    dumped = json.dumps(figure_build({**spec, "title": "<x>"}, columns, rows))
    assert dumped.count("<") == dumped.count("<br>") + dumped.count("<extra>") * 2


def test_text_helpers():
    assert text_escape("R&D <b>") == "R&amp;D &lt;b&gt;"
    assert humanize("avg_salary") == "Avg salary"
    assert humanize("tenure  years") == "Tenure years"


# --- data errors and limits ----------------------------------------------------------------------


def data_problem(spec, columns, rows) -> tuple[str, str]:
    with pytest.raises(ChartSpecError) as caught:
        figure_build(spec, columns, rows)
    (problem,) = caught.value.problems
    return problem.field, problem.message


def test_measures_must_be_numbers():
    field, message = data_problem(
        {"kind": "bar", "x": "department", "y": "department_name"},
        ["department", "department_name"],
        [["a", 1], ["b", "Sales"]],
    )
    assert field == "y.0"
    assert message == figures.NOT_NUMERIC.format(column="department_name", row=2, value="Sales")


def test_booleans_are_not_numbers():
    field, _ = data_problem({"kind": "bar", "x": "k", "y": "v"}, ["k", "v"], [["a", True]])
    assert field == "y.0"


def test_scatter_needs_numeric_x():
    field, message = data_problem(
        {"kind": "scatter", "x": "name", "y": "salary"}, ["name", "salary"], [["Ann", 1]]
    )
    assert field == "x"
    assert "must hold numbers or dates for a scatter" in message


def test_duplicate_points_must_be_aggregated_first():
    field, message = data_problem(
        {"kind": "bar", "x": "department", "y": "hires"}, HIRES, HIRES_ROWS
    )
    assert field == "rows"
    assert "department = Sales" in message


def test_negative_slices_are_refused():
    field, _ = data_problem({"kind": "pie", "x": "k", "y": "v"}, ["k", "v"], [["a", 1], ["b", -2]])
    assert field == "y.0"


def test_limits(monkeypatch):
    rows = [[f"c{i}", i] for i in range(figures.MAX_PIE_SLICES + 1)]
    assert data_problem({"kind": "pie", "x": "k", "y": "v"}, ["k", "v"], rows)[0] == "x"

    rows = [[i, i] for i in range(figures.MAX_POINTS + 1)]
    field, message = data_problem({"kind": "scatter", "x": "a", "y": "b"}, ["a", "b"], rows)
    assert (field, message) == ("rows", "the chart would draw 10,001 points; the limit is 10,000")

    rows = [[1, f"s{i}", i] for i in range(figures.MAX_TRACES + 1)]
    spec = {"kind": "line", "x": "x", "series": "s", "y": "v"}
    assert data_problem(spec, ["x", "s", "v"], rows)[0] == "series"

    monkeypatch.setattr(figures, "MAX_CATEGORIES", 2)
    assert (
        data_problem(
            {"kind": "bar", "x": "department", "y": "headcount"}, DEPARTMENTS, DEPARTMENT_ROWS
        )[0]
        == "x"
    )
