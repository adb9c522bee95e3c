"""A heading set centred on two lines (REVTeX's "IV. LANGEVIN-TYPE RIGID-BODY" /
"INTEGRATORS", LaTeX's hung second line) is read whole: a title cut at its line break
("Langevin-type rigid-body") says half of the section's point.

The paper is tests/fixtures/papers/ingest/titles (CC0)."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline.ingest import paper_read

TITLES = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "titles"


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    folder = tmp_path_factory.mktemp("titles")
    return paper_read(TITLES / "tessera-titles.pdf", folder / "figures")


def test_a_centred_heading_broken_onto_two_lines_is_read_whole(paper):
    titles = [s.title for s in paper.sections]
    assert "Measurement of indoor temperature under gardens of varied soil depth" in titles
    assert "Results for deep gardens with shrubs and small trees" in titles


def test_the_line_after_a_heading_that_is_prose_stays_prose(paper):
    titles = {s.title for s in paper.sections}
    assert titles >= {"Introduction", "Conclusions"}
    introduction = next(s for s in paper.sections if s.title == "Introduction")
    assert introduction.paragraphs[0].startswith("Rooftop gardens lower the temperature")


def test_a_tables_cells_never_reach_the_paragraphs(paper):
    assert any(f.kind == "table" for f in paper.figures)
    text = " ".join(p for s in paper.sections for p in s.paragraphs)
    for cell in ("grasses 0.8", "herbs 2.1", "shrubs 3.9", "Soil Plants Cooling"):
        assert cell not in text
