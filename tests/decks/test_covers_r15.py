"""Covers and titles that are labels (round 15), on papers made for these tests
(tests/fixtures/papers/ingest/bylines, CC0):

- an essay that sets its author's name larger than its title is titled by its title, and the
  name is its author — never the cover's title;
- a preprint in a journal's two-column class, its title bold at the body's size and repeated as
  the running title of later pages, is titled by that line (not by a numbered section heading
  set large in the other column, not by the file's name), its authors read under it in its own
  column (the other column's text beside them is no address, and stays the paper's text), its
  draft header no venue;
- an employer under the author line ("1Quokka Widgets Inc.") is no author;
- a DOI the url package broke after its hyphens is read whole; a draft's typesetting stamp
  ("preliminary draft, <date> <time>") is no venue."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.layout import Layout, Segment, Word
from apps.decks.pipeline.ingest.structure import authors_find, doi_find, title_find, venue_find

FOLDER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "bylines"


def _read(name: str, tmp_path_factory):
    return paper_read(FOLDER / name, tmp_path_factory.mktemp(name) / "figures")


@pytest.fixture(scope="module")
def essay(tmp_path_factory):
    return _read("tessera-byline-essay.pdf", tmp_path_factory)


@pytest.fixture(scope="module")
def preprint(tmp_path_factory):
    return _read("tessera-byline-preprint.pdf", tmp_path_factory)


@pytest.fixture(scope="module")
def company(tmp_path_factory):
    return _read("tessera-byline-company.pdf", tmp_path_factory)


def test_an_author_set_larger_than_the_title_is_the_author_not_the_title(essay):
    assert essay.title == "A field guide to tidy pantry shelves"
    assert essay.authors == ["Marguerite Olawale"]


def test_a_preprints_bold_running_title_on_page_one_is_its_title(preprint):
    assert preprint.title == "Shelf Labels for Shared Kitchens"
    assert preprint.source_name not in preprint.title


def test_the_authors_under_a_column_title_are_read_beside_the_other_columns_text(preprint):
    assert preprint.authors == ["Priya Andersen", "Tomas Ekwueme", "Halima Sorensen"]
    assert preprint.venue == ""  # "Volume 0 (9999), No. 0": a draft header


def test_the_other_columns_text_beside_a_column_title_stays_the_papers(preprint):
    """The right column's first lines, set a little higher than the left column's title, are
    the paper's text, not its title block (they were skipped with the title's lines)."""
    paragraphs = [p for s in preprint.sections for p in s.paragraphs]
    assert any("Users who moved out during the winter were replaced" in p for p in paragraphs)


def test_an_employer_under_the_author_line_is_no_author(company):
    assert company.authors == ["Ines Castellano", "Rafael Mbeki"]


def _segment(text: str, x0: float, top: float, size: float = 10.0) -> Segment:
    words, x = [], x0
    for token in text.split():
        width = 0.5 * size * len(token)
        words.append(Word(token, x, x + width, top, top + size, size, "LMMono8-Regular"))
        x += width + 0.3 * size
    return Segment(page=1, words=words)


def test_a_doi_broken_after_its_hyphens_is_read_whole():
    line = _segment("doi.org/10.5555/pq/12- 3/okafor- shelf-labels", 72.0, 700.0)
    layout = Layout(pages=[[line]], page_sizes=[(612.0, 792.0)], body_size=10.0, columns=[])
    assert doi_find(layout, {}) == "10.5555/pq/12-3/okafor-shelf-labels"


def test_a_drafts_typesetting_stamp_is_no_venue():
    for stamp in ("preliminary draft, March 3, 2031 14:05", "Draft of 2031-05-02 09:12"):
        layout = Layout(pages=[], page_sizes=[], body_size=10.0, columns=[], running=[stamp])
        assert venue_find(layout, "A title") == ("", "2031")
    journal = ["Pantry Quarterly, Volume 7 (2031), No. 2"]
    layout = Layout(pages=[], page_sizes=[], body_size=10.0, columns=[], running=journal)
    assert venue_find(layout, "A title") == (journal[0], "2031")


def test_a_one_column_title_whose_last_line_is_short_keeps_every_author_of_its_line():
    # the title's last line ends before the page's middle, but nothing is set beside it: the
    # author line's pieces right of that end are authors, not another column's text
    segments = [
        _segment("Counting Quokkas on the Coastal Reserves of", 72, 120, 17.2),
        _segment("Lagado", 72, 142, 17.2),
        _segment("Ann Okafor", 72, 176),
        _segment(", Ben Sato", 130, 176),
        _segment(", Carla Diaz", 200, 176),
        _segment("Department of Zoology, University of Lagado", 72, 192, 8.0),
        _segment("Abstract", 72, 240),
    ]
    layout = Layout(pages=[segments], page_sizes=[(612.0, 792.0)], body_size=10.0, columns=[])
    _title, title_segment = title_find(layout, "")

    assert authors_find(layout, title_segment) == ["Ann Okafor", "Ben Sato", "Carla Diaz"]
