"""chart_propose: a fitting chart for common result shapes, none where a chart would mislead."""

import datetime as dt
from decimal import Decimal

import pytest

from apps.viz.figures import figure_build
from apps.viz.proposals import chart_propose

DEPARTMENTS = ["Sales", "Engineering", "Marketing", "Finance"]


def propose(columns, rows, **kwargs):
    spec = chart_propose(columns, rows, **kwargs)
    if spec is not None:
        figure_build(spec, columns, rows)  # every proposal draws
    return spec


def test_time_series_is_a_line():
    rows = [[dt.date(2025, month, 1), 100 + month] for month in range(1, 7)]
    spec = propose(["month", "headcount"], rows)
    assert (spec.kind, spec.x, spec.y) == ("line", "month", ["headcount"])
    assert spec.x_axis.format.type == "date"
    assert spec.x_axis.format.date_unit == "month"


def test_time_series_by_category_is_a_line_per_category():
    rows = [
        [f"2025-0{month}-15", department, month * 10]
        for month in range(1, 4)
        for department in DEPARTMENTS
    ]
    spec = propose(["day", "department", "hires"], rows)
    assert (spec.kind, spec.x, spec.series, spec.y) == ("line", "day", "department", ["hires"])
    assert spec.x_axis.format.date_unit == "auto"


def test_years_alone_are_a_line_on_a_year_axis():
    spec = propose(["hire_year", "hires"], [[2023, 5], [2024, 8], [2025, 6]])
    assert (spec.kind, spec.x) == ("line", "hire_year")
    assert spec.x_axis.format.date_unit == "year"


def test_category_by_measure_is_a_bar():
    rows = [[name, 10 + index] for index, name in enumerate(DEPARTMENTS)]
    spec = propose(["department", "active_employees"], rows, title="Active employees")
    assert (spec.kind, spec.x, spec.y) == ("bar", "department", ["active_employees"])
    assert spec.orientation == "vertical"
    assert spec.title == "Active employees"


def test_many_or_long_categories_turn_bars_horizontal():
    rows = [[f"Department {index}", index] for index in range(15)]
    assert propose(["department", "n"], rows).orientation == "horizontal"
    rows = [["Research and development", 1], ["Customer success operations", 2]]
    assert propose(["department", "n"], rows).orientation == "horizontal"


def test_category_by_year_by_measure_is_a_grouped_bar():
    rows = [[department, year, 3] for department in DEPARTMENTS for year in (2024, 2025)]
    spec = propose(["department", "year", "hires"], rows)
    assert (spec.kind, spec.x, spec.series, spec.y) == (
        "grouped_bar",
        "department",
        "year",
        ["hires"],
    )


def test_two_categories_put_the_smaller_one_in_the_legend():
    rows = [[period, department, 3] for department in DEPARTMENTS for period in ("this", "last")]
    spec = propose(["period", "department", "hires"], rows)
    assert (spec.kind, spec.x, spec.series) == ("grouped_bar", "department", "period")


def test_two_large_categories_are_a_heatmap():
    rows = [[f"level {level}", f"team {team}", 1] for level in range(10) for team in range(9)]
    spec = propose(["level", "team", "n"], rows)
    assert (spec.kind, spec.x, spec.series) == ("heatmap", "level", "team")


def test_several_measures_of_one_scale_are_grouped_bars():
    rows = [[name, 50000 + i, 52000 + i, 1500] for i, name in enumerate(DEPARTMENTS)]
    spec = propose(["department", "salary_last_year", "salary_this_year", "increase"], rows)
    assert spec.kind == "grouped_bar"
    assert spec.y == ["salary_last_year", "salary_this_year"]  # increase is another scale


def test_single_number_has_no_chart():
    assert propose(["average_tenure"], [[Decimal("4.2")]]) is None
    assert propose(["department", "avg_salary"], [["Sales", 61000]]) is None


def test_two_numeric_columns_are_a_scatter():
    rows = [[index * 0.5, 40000 + index * 900] for index in range(12)]
    spec = propose(["tenure_years", "salary"], rows)
    assert (spec.kind, spec.x, spec.y) == ("scatter", "tenure_years", ["salary"])


def test_one_measure_over_many_rows_is_a_histogram():
    spec = propose(["salary"], [[40000 + index * 100] for index in range(30)])
    assert (spec.kind, spec.x) == ("histogram", "salary")
    assert propose(["salary"], [[1], [2], [3]]) is None


def test_identifiers_are_not_measures():
    rows = [[index, f"Employee {index}", 1000 + index] for index in range(10)]
    spec = propose(["employee_id", "name", "increase"], rows)
    assert (spec.kind, spec.x, spec.y) == ("bar", "name", ["increase"])


def test_percent_columns_are_formatted():
    rows = [[name, 0.1 * (i + 1)] for i, name in enumerate(DEPARTMENTS)]
    spec = propose(["department", "attrition_pct"], rows)
    assert spec.y_axis.format.type == "percent"
    assert spec.y_axis.format.percent_base == "fraction"


@pytest.mark.parametrize(
    ("columns", "rows"),
    [
        (["department", "n"], []),
        ([], [[1], [2]]),
        (["department", "title"], [["Sales", "Rep"], ["Finance", "Clerk"]]),  # no measure
        (["department", "n"], [["Sales", 1], ["Sales", 2]]),  # not one row per bar
        (["a", "b", "c", "n"], [["x", "y", "z", 1], ["u", "v", "w", 2]]),  # three dimensions
        (["a", "b", "c"], [[1, 2, 3], [4, 5, 6]]),  # three measures, nothing to plot them by
        (["name", "unpaid"], [[None, None], [None, None]]),
    ],
)
def test_no_chart_rather_than_a_misleading_one(columns, rows):
    assert propose(columns, rows) is None


def test_mapping_rows_and_columns():
    columns = [{"name": "department"}, {"name": "n"}]
    rows = [{"department": name, "n": 1} for name in DEPARTMENTS]
    assert chart_propose(columns, rows).kind == "bar"


def test_declared_column_types_from_the_gateway_win_over_the_values():
    columns = [{"name": "postcode", "type": "text"}, {"name": "customers", "type": "int8"}]
    rows = [["01234", 10], ["02345", 12], ["03456", 9]]
    spec = propose(columns, rows)
    assert (spec.kind, spec.x, spec.y) == ("bar", "postcode", ["customers"])


def test_non_finite_numbers_from_the_gateway_are_gaps():
    columns = [{"name": "department", "type": "text"}, {"name": "ratio", "type": "float8"}]
    rows = [["Sales", 1.5], ["Finance", "NaN"], ["Marketing", "Infinity"]]
    spec = propose(columns, rows)
    assert spec.kind == "bar"
    figure = figure_build(spec, columns, rows)
    assert figure["data"][0]["y"] == [1.5, None, None]


def test_declared_dates_make_a_line():
    columns = [{"name": "day", "type": "date"}, {"name": "hires", "type": "int8"}]
    rows = [["2025-01-01", 1], ["2025-02-01", 3], ["2025-03-01", 2]]
    assert propose(columns, rows).kind == "line"
