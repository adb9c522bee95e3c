"""A chart names its measures as the result's table does: a column's label ("Highest salary")
is its trace's name in the legend; a column nobody labelled is humanized ("max_salary" → "Max
salary"), as before."""

from apps.viz.figures import figure_build

ROWS = [["Sales", 9100.5, 7200.0], ["Finance", 8800.0, 6900.25]]


def _trace_names(columns, kind="bar") -> list[str]:
    spec = {"kind": kind, "x": "department", "y": ["max_salary", "avg_salary"]}
    return [trace["name"] for trace in figure_build(spec, columns, ROWS)["data"]]


def test_labelled_columns_name_the_traces():
    columns = [
        {"name": "department", "label": "Department"},
        {"name": "max_salary", "label": "Highest salary"},
        {"name": "avg_salary", "label": "Average salary"},
    ]
    assert _trace_names(columns) == ["Highest salary", "Average salary"]
    assert _trace_names(columns, kind="line") == ["Highest salary", "Average salary"]


def test_unlabelled_columns_are_humanized():
    assert _trace_names(["department", "max_salary", "avg_salary"]) == [
        "Max salary",
        "Avg salary",
    ]
    columns = [{"name": "department"}, {"name": "max_salary"}, {"name": "avg_salary", "label": ""}]
    assert _trace_names(columns) == ["Max salary", "Avg salary"]


def test_a_label_is_escaped_in_the_legend():
    columns = ["department", {"name": "max_salary", "label": "Pay <b>max</b>"}, "avg_salary"]
    assert _trace_names(columns)[0] == "Pay &lt;b&gt;max&lt;/b&gt;"
