"""Hostile text in specs and data is shown as the characters it is; the only markup in a figure is
Tessera's own hover templates."""

import json

import pytest

from apps.viz.figures import figure_build
from apps.viz.text import humanize, text_escape
from tests.viz.figure_cases import CASES, build

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
