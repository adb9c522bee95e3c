"""Results and specs the figure tests share: one case per chart kind, and helpers."""

import datetime as dt
from decimal import Decimal

import pytest

from apps.viz.figures import figure_build
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


def data_problem(spec, columns, rows) -> tuple[str, str]:
    with pytest.raises(ChartSpecError) as caught:
        figure_build(spec, columns, rows)
    (problem,) = caught.value.problems
    return problem.field, problem.message
