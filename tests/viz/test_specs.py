"""Chart spec validation: field errors name the field and say what is wrong."""

import pytest

from apps.viz import specs
from apps.viz.specs import ChartSpec, ChartSpecError, spec_validate

COLUMNS = ["department", "year", "headcount", "avg_salary"]


def problems(spec, columns=COLUMNS) -> dict[str, str]:
    with pytest.raises(ChartSpecError) as caught:
        spec_validate(spec, columns)
    return {problem.field: problem.message for problem in caught.value.problems}


@pytest.mark.parametrize(
    "spec",
    [
        {"kind": "bar", "x": "department", "y": "headcount"},
        {"kind": "bar", "x": "department", "y": ["headcount"], "stacked": True},
        {"kind": "grouped_bar", "x": "department", "series": "year", "y": ["headcount"]},
        {"kind": "grouped_bar", "x": "department", "y": ["headcount", "avg_salary"]},
        {"kind": "line", "x": "year", "y": ["headcount"], "series": "department"},
        {"kind": "area", "x": "year", "y": ["headcount"], "stacked": True},
        {"kind": "scatter", "x": "headcount", "y": ["avg_salary"]},
        {"kind": "pie", "x": "department", "y": ["headcount"], "sort": "value_desc"},
        {"kind": "histogram", "x": "avg_salary", "bins": 20, "orientation": "horizontal"},
        {"kind": "heatmap", "x": "year", "series": "department", "y": ["headcount"]},
        {
            "kind": "bar",
            "x": "department",
            "y": ["avg_salary"],
            "title": "Average salary",
            "y_axis": {"title": "Salary", "format": {"type": "currency", "currency": "EUR"}},
        },
    ],
)
def test_valid_specs(spec):
    assert isinstance(spec_validate(spec, COLUMNS), ChartSpec)


def test_columns_may_be_mappings_with_names():
    columns = [{"name": name, "type": "text"} for name in COLUMNS]
    assert spec_validate({"kind": "bar", "x": "department", "y": "headcount"}, columns)


def test_a_single_measure_may_be_a_string():
    assert spec_validate({"kind": "bar", "x": "year", "y": "headcount"}, COLUMNS).y == ["headcount"]


def test_unknown_column_lists_the_available_ones():
    found = problems({"kind": "bar", "x": "dept", "y": ["headcount", "salary"]})
    assert set(found) == {"x", "y.1"}
    assert found["x"] == specs.UNKNOWN_COLUMN.format(
        name="dept", columns="'department', 'year', 'headcount', 'avg_salary'"
    )


def test_a_column_plays_one_role():
    found = problems({"kind": "bar", "x": "department", "y": ["department"]})
    assert found == {"y.0": specs.DUPLICATE_COLUMN.format(name="department")}


@pytest.mark.parametrize(
    ("spec", "field", "message"),
    [
        ({"kind": "bar", "y": ["headcount"]}, "x", specs.X_REQUIRED.format(kind="bar")),
        ({"kind": "line", "x": "year"}, "y", specs.Y_REQUIRED.format(kind="line")),
        (
            {"kind": "pie", "x": "department", "y": ["headcount", "avg_salary"]},
            "y",
            specs.Y_EXACTLY_ONE.format(kind="pie"),
        ),
        ({"kind": "histogram", "x": "avg_salary", "y": ["headcount"]}, "y", specs.Y_FORBIDDEN),
        (
            {"kind": "heatmap", "x": "year", "y": ["headcount"]},
            "series",
            specs.SERIES_REQUIRED,
        ),
        (
            {"kind": "pie", "x": "department", "y": ["headcount"], "series": "year"},
            "series",
            specs.SERIES_FORBIDDEN.format(kind="pie"),
        ),
        (
            {
                "kind": "line",
                "x": "year",
                "y": ["headcount", "avg_salary"],
                "series": "department",
            },
            "series",
            specs.SERIES_WITH_MEASURES,
        ),
        (
            {"kind": "grouped_bar", "x": "department", "y": ["headcount"]},
            "series",
            specs.GROUPED_NEEDS_GROUPS,
        ),
        (
            {"kind": "line", "x": "year", "y": ["headcount"], "orientation": "horizontal"},
            "orientation",
            specs.ORIENTATION_NOT_ALLOWED,
        ),
        (
            {"kind": "scatter", "x": "headcount", "y": ["avg_salary"], "stacked": True},
            "stacked",
            specs.STACKED_NOT_ALLOWED,
        ),
        (
            {"kind": "bar", "x": "department", "y": ["headcount"], "bins": 10},
            "bins",
            specs.BINS_NOT_ALLOWED,
        ),
        (
            {"kind": "line", "x": "year", "y": ["headcount"], "sort": "value_desc"},
            "sort",
            specs.SORT_NOT_ALLOWED,
        ),
        (
            {
                "kind": "line",
                "x": "year",
                "y": ["headcount"],
                "y_axis": {"format": {"type": "date"}},
            },
            "y_axis.format.type",
            specs.DATE_FORMAT_ON_MEASURES,
        ),
    ],
)
def test_kind_rules(spec, field, message):
    assert problems(spec)[field] == message


@pytest.mark.parametrize(
    ("spec", "field"),
    [
        ({"kind": "donut", "x": "department", "y": ["headcount"]}, "kind"),
        ({"kind": "bar", "x": "department", "y": ["headcount"], "colour": "red"}, "colour"),
        ({"kind": "bar", "x": "department", "y": ["headcount"], "sort": "random"}, "sort"),
        ({"kind": "bar", "x": "department", "y": ["headcount"], "title": "x" * 121}, "title"),
        ({"kind": "bar", "x": "department", "y": ["headcount"], "title": "a\nb"}, "title"),
        ({"kind": "bar", "x": "department", "y": ["headcount"], "title": "\u202eevil"}, "title"),
        ({"kind": "bar", "x": "department", "y": ["headcount"] * 7}, "y"),
        ({"kind": "histogram", "x": "avg_salary", "bins": 0}, "bins"),
        (
            {
                "kind": "bar",
                "x": "department",
                "y": ["avg_salary"],
                "y_axis": {"format": {"type": "currency"}},
            },
            "y_axis.format",
        ),
        (
            {
                "kind": "bar",
                "x": "department",
                "y": ["avg_salary"],
                "y_axis": {"format": {"type": "currency", "currency": "dollars"}},
            },
            "y_axis.format.currency",
        ),
        (
            {
                "kind": "bar",
                "x": "department",
                "y": ["avg_salary"],
                "y_axis": {"format": {"type": "number", "currency": "USD"}},
            },
            "y_axis.format",
        ),
        (
            {
                "kind": "bar",
                "x": "department",
                "y": ["avg_salary"],
                "y_axis": {"format": {"decimals": 9}},
            },
            "y_axis.format.decimals",
        ),
        (
            {"kind": "bar", "x": "department", "y": ["avg_salary"], "y_axis": {"unit": "u" * 25}},
            "y_axis.unit",
        ),
    ],
)
def test_field_errors(spec, field):
    assert field in problems(spec)


def test_currency_messages_are_readable():
    spec = {
        "kind": "bar",
        "x": "department",
        "y": ["avg_salary"],
        "y_axis": {"format": {"type": "currency"}},
    }
    assert problems(spec)["y_axis.format"] == specs.CURRENCY_REQUIRED


def test_every_problem_is_reported_at_once():
    error = pytest.raises(
        ChartSpecError, spec_validate, {"kind": "pie", "x": "nope", "bins": 3}, COLUMNS
    ).value
    assert {problem.field for problem in error.problems} == {"x", "y", "bins"}
    assert error.as_list()[0].keys() == {"field", "message"}
    assert "x: column 'nope'" in str(error)


def test_a_spec_instance_is_revalidated():
    spec = ChartSpec(kind="bar", x="department", y=["headcount"])
    broken = spec.model_copy(update={"kind": "pie", "y": ["headcount", "avg_salary"]})
    assert "y" in problems(broken)


def test_hostile_titles_are_accepted_as_text():
    title = '<img src=x onerror="alert(1)"> javascript:alert(1) %{x}'
    spec = spec_validate({"kind": "bar", "x": "year", "y": "headcount", "title": title}, COLUMNS)
    assert spec.title == title
