"""A table's caption set right above it (no space before the first row, LaTeX article's
default) is its caption only: the rows under it are the table, never more of the caption. Read
on, the caption took the cells ("Counting time Flock size Candle lantern 8.41 8.37 …") and the
table had no crop. Paper made for these tests: tests/fixtures/papers/ingest/tablecaps (CC0)."""

import pytest
from django.conf import settings

from apps.decks.pipeline.ingest import paper_read

TABLECAPS = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "tablecaps"


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    folder = tmp_path_factory.mktemp("t") / "figures"
    return paper_read(TABLECAPS / "tessera-tablecaps.pdf", folder)


def test_a_caption_over_its_table_takes_none_of_its_cells(paper):
    found = sorted((f.label, f.caption) for f in paper.figures)
    assert found == [
        ("Table 1", "Counting time"),
        (
            "Table 2",
            "Errors per hundred sheep for the two lamps at the ends of the range, counted in "
            "each of the three barns on the same evenings",
        ),
        ("Table 3", "Counting time per flock at the second farm, in seconds"),
    ]


def test_the_table_under_its_caption_is_cropped_whole(paper):
    """Every row of the grid is in the crop (the cells were the caption's, and no crop was
    made), and the caption is not."""
    tables = {f.label: f for f in paper.figures}
    assert set(tables) == {"Table 1", "Table 2", "Table 3"}
    for table in tables.values():
        top, bottom = table.bbox[1], table.bbox[3]
        assert table.caption_bbox[3] <= top + 1, (table.label, table.bbox, table.caption_bbox)
        assert bottom - top > 35, (table.label, table.bbox)  # three rows or more, not a rule
        assert top - table.caption_bbox[3] < 20, (table.label, table.bbox)  # its own rows


def test_two_ruled_tables_of_one_width_on_a_page_are_cropped_apart(paper):
    """Tables 2 and 3 are ruled alike (the same width): their rules were one group, one table
    took the other's crop and the other was lost."""
    tables = {f.label: f for f in paper.figures}
    second, third = tables["Table 2"], tables["Table 3"]
    assert second.bbox[3] < third.caption_bbox[1] <= third.bbox[1], (second.bbox, third.bbox)


def test_a_line_of_numbers_is_no_caption_text():
    from apps.decks.pipeline.garbled import CELL_NUMBER

    assert all(CELL_NUMBER.match(w) for w in ["64", "256", "1K", "6.61", "(2.15)", "12%", "±0.3"])
    assert not CELL_NUMBER.match("2nd")
    assert not CELL_NUMBER.match("speed")
