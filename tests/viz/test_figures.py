"""figure_build: every kind builds into plain JSON with the Tessera look; data that cannot be drawn
is refused with the field and the row, and limits keep a chart readable."""

import json

import pytest

from apps.viz import traces, values
from apps.viz.builders import pie
from apps.viz.figures import MAX_POINTS, figure_build
from apps.viz.palette import DARK, FONT_STACK, PALETTE_DARK, PALETTE_LIGHT
from tests.viz.figure_cases import (
    CASES,
    DEPARTMENT_ROWS,
    DEPARTMENTS,
    HIRES,
    HIRES_ROWS,
    TRACE_TYPES,
    build,
    data_problem,
)


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


def test_measures_must_be_numbers():
    field, message = data_problem(
        {"kind": "bar", "x": "department", "y": "department_name"},
        ["department", "department_name"],
        [["a", 1], ["b", "Sales"]],
    )
    assert field == "y.0"
    assert message == values.NOT_NUMERIC.format(column="department_name", row=2, value="Sales")


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
    rows = [[f"c{i}", i] for i in range(pie.MAX_PIE_SLICES + 1)]
    assert data_problem({"kind": "pie", "x": "k", "y": "v"}, ["k", "v"], rows)[0] == "x"

    rows = [[i, i] for i in range(MAX_POINTS + 1)]
    field, message = data_problem({"kind": "scatter", "x": "a", "y": "b"}, ["a", "b"], rows)
    assert (field, message) == ("rows", "the chart would draw 10,001 points; the limit is 10,000")

    rows = [[1, f"s{i}", i] for i in range(traces.MAX_TRACES + 1)]
    spec = {"kind": "line", "x": "x", "series": "s", "y": "v"}
    assert data_problem(spec, ["x", "s", "v"], rows)[0] == "series"

    monkeypatch.setattr(traces, "MAX_CATEGORIES", 2)
    assert (
        data_problem(
            {"kind": "bar", "x": "department", "y": "headcount"}, DEPARTMENTS, DEPARTMENT_ROWS
        )[0]
        == "x"
    )
