"""A 2 × 2 grid of plots whose labels stay too small to read drawn as tall as a slide allows
is cut into its two rows, each row keeping its own axis titles, though the axis title under
the top row sits as near the bottom row's panel titles as its own tick labels: the rows
repeat one layout (title, frame, tick labels, axis title), so the strips between two rows
belong where the rows' ends show. Paper and figure are invented
(tests/fixtures/papers/ingest/gridpanels)."""

from pathlib import Path

import pytest
from PIL import Image

from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.panels import panel_bands

PAPER = Path(__file__).parents[1] / "fixtures/papers/ingest/gridpanels/tessera-gridpanels.pdf"


@pytest.fixture(scope="module")
def figure(tmp_path_factory):
    folder = tmp_path_factory.mktemp("figures")
    return paper_read(PAPER, folder).figures[0]


def _middle(bbox) -> float:
    return (bbox[1] + bbox[3]) / 2


def test_each_row_of_the_grid_is_a_part_with_its_own_axis_titles(figure):
    assert len(figure.parts) == 2
    axis = sorted(_middle(t.bbox) for t in figure.nearby if t.text == "day of the winter")
    titles = sorted(t.bbox[3] for t in figure.nearby if t.text.endswith("at the feeder"))
    assert len(axis) == 4 and len(titles) == 4
    first, second = figure.parts
    top_axis, bottom_titles = axis[0], titles[2]  # middles of the axis titles, feet of titles
    assert first.bbox[1] <= titles[0] and first.bbox[3] >= top_axis  # the top row's own
    assert second.bbox[1] > top_axis and second.bbox[1] <= bottom_titles
    assert second.bbox[3] >= axis[-1]


def _grid_image(rows: list[list[tuple[int, int]]]) -> Image.Image:
    """White image with black bars at the given (top, bottom) extents."""
    image = Image.new("RGB", (1000, 1000), "white")
    for top, bottom in (bar for row in rows for bar in row):
        image.paste((0, 0, 0), (100, top, 900, bottom))
    return image


def test_a_strip_between_two_rows_goes_where_the_rows_repeat_it():
    # two rows of frame + axis title; the top row's axis title is nearer the bottom frame
    image = _grid_image([[(20, 400), (460, 480)], [(500, 880), (940, 960)]])
    assert panel_bands(image) == [(20, 480), (500, 960)]


def test_a_strip_the_rows_do_not_repeat_goes_by_its_gaps():
    # a title over the whole figure and one axis title shared at its foot: the rows repeat no
    # layout, and the strip between them goes with the frame it is nearer to (the lower one)
    image = _grid_image([[(20, 40), (100, 450)], [(510, 530), (550, 900)], [(940, 960)]])
    assert panel_bands(image) == [(20, 450), (510, 960)]
