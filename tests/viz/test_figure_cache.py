"""The figure JSON of a spec over rows is built once and kept: the same inputs give an equal,
separate figure without plotly; any change of spec, rows (or their types) or theme builds
again, and a spec that does not fit is refused every time."""

from decimal import Decimal

import plotly.graph_objects as go
import pytest

from apps.viz import figures
from apps.viz.figures import figure_build
from apps.viz.palette import DARK
from apps.viz.specs import ChartSpecError
from tests.viz.figure_cases import CASES


@pytest.fixture
def builds(monkeypatch):
    """Counts plotly figures built, from an empty cache."""
    monkeypatch.setattr(figures, "_figures", type(figures._figures)())
    built = []
    original = go.Figure

    def counting(*args, **kwargs):
        built.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(figures.go, "Figure", counting)
    return built


def test_the_same_inputs_give_an_equal_figure_built_once(builds):
    spec, columns, rows = CASES["bar"]
    first = figure_build(spec, columns, rows)
    second = figure_build(dict(spec), list(columns), [list(row) for row in rows])
    assert second == first and second is not first
    assert len(builds) == 1
    first["layout"]["title"] = "changed by a caller"
    assert figure_build(spec, columns, rows) == second


def test_other_rows_types_or_theme_build_again(builds):
    spec, columns, rows = CASES["bar"]
    base = figure_build(spec, columns, rows)
    changed = [list(row) for row in rows]
    changed[0][1] = changed[0][1] + 1  # headcount, the bars' height
    assert figure_build(spec, columns, changed) != base
    as_decimal = [[row[0], Decimal(row[1]), *row[2:]] for row in rows]
    figure_build(spec, columns, as_decimal)
    assert figure_build(spec, columns, rows, theme=DARK) != base
    assert len(builds) == 4


def test_a_spec_that_does_not_fit_is_refused_every_time(builds):
    spec, columns, rows = CASES["bar"]
    wrong = {**spec, "x": "no_such_column"}
    for _ in range(2):
        with pytest.raises(ChartSpecError):
            figure_build(wrong, columns, rows)


def test_the_figures_kept_are_bounded(builds, monkeypatch):
    monkeypatch.setattr(figures, "FIGURES_KEPT", 2)
    spec, columns, rows = CASES["bar"]
    for number in range(4):
        changed = [list(row) for row in rows]
        changed[0][1] = number
        figure_build(spec, columns, changed)
    assert len(figures._figures) == 2
