"""How numbers and dates read on a figure's axes: currencies, units, percentages, decimals, date
ticks and years."""

import datetime as dt

import pytest

from apps.viz.figures import figure_build
from tests.viz.figure_cases import MONTHLY, MONTHLY_ROWS, build


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
