"""A plot set right under a ruled table in one column (one float, the table's caption above it,
the plot's caption below): the plot's crop used to reach up to the table's caption and show
the table's rows over the plot (and a crop equal to the table's lost its figure). Each crop now
stops at the other float: the plot's at the table's rules and notes, the table's at its notes,
and both are kept (tests/fixtures/papers/ingest/stacked, CC0)."""

import pytest
from django.conf import settings

from apps.decks.pipeline.crops import crop_defective
from apps.decks.pipeline.ingest import paper_read

STACKED = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "stacked"


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return paper_read(STACKED / "tessera-stacked.pdf", tmp_path_factory.mktemp("s") / "figures")


def _inside(line, bbox) -> bool:
    x0, top, x1, bottom = line.bbox
    return x0 >= bbox[0] - 1 and top >= bbox[1] - 1 and x1 <= bbox[2] + 1 and bottom <= bbox[3] + 1


def _overlap_share(line, bbox) -> float:
    x0, top, x1, bottom = line.bbox
    w = max(0.0, min(x1, bbox[2]) - max(x0, bbox[0]))
    h = max(0.0, min(bottom, bbox[3]) - max(top, bbox[1]))
    return w * h / max(1e-6, (x1 - x0) * (bottom - top))


def test_both_floats_are_kept(paper):
    assert {f.id for f in paper.figures} >= {"fig-1", "tab-1"}


def test_the_plot_crop_stops_at_the_table_above_it(paper):
    plot, table = paper.figure("fig-1"), paper.figure("tab-1")
    assert plot.bbox[1] >= table.bbox[3]  # no row of the table over the plot
    shown = [t.text for t in plot.nearby if _overlap_share(t, plot.bbox) > 0]
    assert not any(row in " ".join(shown) for row in ("Cell area", "Efficiency", "the junction."))
    assert any("Voltage (V)" in t.text and _inside(t, plot.bbox) for t in plot.nearby)
    assert not crop_defective(plot)


def test_the_table_crop_holds_its_notes_and_stops_before_the_plot(paper):
    table = paper.figure("tab-1")
    notes = [t for t in table.nearby if t.text.endswith("the junction.")]
    assert len(notes) == 2 and all(_inside(t, table.bbox) for t in notes)
    assert table.bbox[3] <= max(t.bbox[3] for t in notes) + 1  # nothing of the plot under them
    assert not crop_defective(table)
