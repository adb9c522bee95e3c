"""A table's caption set right above its rules ends at the table's top rule: read on into the
header rows, it carried the column names into the slide's caption and the table's crop started
under them (numbers without the header that names their columns). The paper and its numbers
are invented (tests/fixtures/papers/ingest/tableheads)."""

from pathlib import Path

import pytest

from apps.decks.pipeline.crops import figure_crop_findings
from apps.decks.pipeline.ingest import paper_read

PAPER = Path(__file__).parents[1] / "fixtures/papers/ingest/tableheads/tessera-tableheads.pdf"
HEADER_TOP = 402.0  # the group header's line ("Hedgehogs counted …") on page 1
TOP_RULE = 398.6


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    paper = paper_read(PAPER, tmp_path_factory.mktemp("figures"))
    return {f.label: f for f in paper.figures}


def test_the_caption_stops_at_the_tables_top_rule(tables):
    caption = tables["Table 1"].caption
    assert caption.endswith("of the running cost of the other lanterns.")
    assert "Hedgehogs" not in caption and "Lantern" not in caption


def test_the_crop_starts_at_the_top_rule_with_the_header_rows(tables):
    table = tables["Table 1"]
    assert table.bbox[1] <= TOP_RULE + 1 < HEADER_TOP
    assert figure_crop_findings(table) == ([], [])


def test_a_caption_away_from_its_rules_is_unchanged(tables):
    assert tables["Table 2"].caption == "Batteries used per season."
    assert figure_crop_findings(tables["Table 2"]) == ([], [])
