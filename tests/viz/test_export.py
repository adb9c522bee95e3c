"""Static PNG export through kaleido (needs Chromium)."""

import shutil

import pytest

from apps.viz.export import figure_png
from apps.viz.figures import figure_build

pytestmark = [pytest.mark.slow, pytest.mark.browser]


@pytest.mark.skipif(
    not any(shutil.which(name) for name in ("chromium", "chromium-browser", "google-chrome")),
    reason="needs Chromium",
)
def test_figure_png_reuses_one_server():
    figure = figure_build(
        {"kind": "bar", "x": "department", "y": "headcount", "title": "Headcount"},
        ["department", "headcount"],
        [["Sales", 12], ["Engineering", 30]],
    )
    first = figure_png(figure, width=400, height=300, scale=1)
    second = figure_png(figure, width=400, height=300, scale=1)
    assert first.startswith(b"\x89PNG\r\n\x1a\n")
    assert second.startswith(b"\x89PNG")
    assert figure["layout"]["paper_bgcolor"] == "rgba(0,0,0,0)"  # the caller's figure is untouched
