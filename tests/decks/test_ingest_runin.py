"""Run-in headings on a two-column paper made for these tests (tests/fixtures/papers/ingest/runin,
CC0): an unnumbered bold heading that opens a paragraph ("Nitrogen assay. The assay used …",
LaTeX's `paragraph`, read as a segment of its own because of the quad after it; "Drift
checks. The readers …" set with a plain space) names a section of its own and is never glued
onto the end of the paragraph before ("… in µmol Nitrogen assay.") nor dropped; a bold
heading on a line of its own set with no room above it ("… cold room" / "Reagent
preparation" / "Reagents were mixed …") is a heading, not words of the paragraph before."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline.ingest import paper_read

PDF = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "runin" / "tessera-runin.pdf"


@pytest.fixture(scope="module")
def sections(tmp_path_factory):
    return paper_read(PDF, tmp_path_factory.mktemp("runin")).sections


def _section(sections, title):
    found = [s for s in sections if s.title == title]
    assert found, [s.title for s in sections]
    return found[0]


@pytest.mark.parametrize(
    "title, opening",
    [
        ("Nitrogen assay", "The assay used a fresh reagent made every morning"),
        ("Phosphate assay", "The phosphate in each vial was read"),
        ("Reagent preparation", "Reagents were mixed in a clean flask"),
        ("Storage effects", "Samples that were stored for a week"),
        ("Drift checks", "The readers were compared on a shared plate"),
    ],
)
def test_a_run_in_or_unspaced_bold_heading_opens_its_own_section(sections, title, opening):
    section = _section(sections, title)
    assert section.paragraphs[0].startswith(opening)


@pytest.mark.parametrize(
    "heading", ["Nitrogen assay", "Reagent preparation", "Storage effects", "Drift checks"]
)
def test_no_paragraph_carries_a_heading_glued_to_its_words(sections, heading):
    paragraphs = [p for s in sections for p in s.paragraphs]
    assert not [p for p in paragraphs if heading in p]


def test_the_paragraphs_before_the_headings_end_with_their_own_words(sections):
    paragraphs = [p for s in sections for p in s.paragraphs]
    ends = (
        "four degrees in $\\mu \\mathrm{mol}$",
        "lowest shelf of the cold room",
        "in the corner",
    )
    for end in ends:
        assert [p for p in paragraphs if p.endswith(end)], end
