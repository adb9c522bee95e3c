"""Covers read from the right place (round 16), on papers made for these tests
(tests/fixtures/papers/ingest/covers, CC0):

- a journal's masthead over the title (its name set larger than the title, among an ISSN
  whose digits read as sub- and superscripts, "Volume 7, Issue 3", "Available online") is no
  title and gives no author, even when no running line of a later page repeats it;
- an author block that sets each author over their own affiliation, the last after "and" on
  a line of its own, gives every author;
- the venue line keeps no stray punctuation at its ends and no unmatched bracket."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.masthead_zone import masthead_line
from apps.decks.pipeline.ingest.venue_text import venue_tidied

FOLDER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "covers"


def _read(name: str, tmp_path_factory):
    return paper_read(FOLDER / name, tmp_path_factory.mktemp(name) / "figures")


@pytest.fixture(scope="module")
def masthead(tmp_path_factory):
    return _read("tessera-covers-masthead.pdf", tmp_path_factory)


@pytest.fixture(scope="module")
def interleaved(tmp_path_factory):
    return _read("tessera-covers-interleaved.pdf", tmp_path_factory)


def test_a_journal_masthead_over_the_title_is_not_the_title(masthead):
    assert masthead.title == (
        "Burrow temperatures across two winters on the coastal reserves of Lagado"
    )


def test_the_authors_are_read_under_the_title_not_under_the_masthead(masthead):
    assert masthead.authors == ["Ann Okafor", "Ben Sato", "Carla Diaz"]
    assert masthead.venue == "Quokka Ecology Letters 7 (2031) 45–58"


def test_every_author_of_a_block_interleaved_with_affiliations_is_read(interleaved):
    assert interleaved.title == "Grazing pressure and orchid survival on chalk downland"
    assert interleaved.authors == ["Ann Okafor", "Ben Sato", "Carla Diaz"]


@pytest.mark.parametrize(
    "line",
    [
        "ISSN $2049-1^{2}3_{4}$",
        "e-ISSN 1234-5678",
        "Volume 7, Issue 3",
        "Vol. 12, No. 4",
        "Contents lists available at ScienceLagado",
        "Available online 12 March 2031",
        "journal homepage: www.example.org/qel",
        "Quokka Ecology Letters 7 (2031) 45–58",
    ],
)
def test_a_masthead_line_is_known(line):
    assert masthead_line(line)


@pytest.mark.parametrize(
    "line",
    [
        "Burrow temperatures across two winters",
        "Volume rendering of sparse grids",
        "An issue of scale in tidal records",
        "Ann Okafor, Ben Sato and Carla Diaz",
    ],
)
def test_a_title_is_no_masthead_line(line):
    assert not masthead_line(line)


@pytest.mark.parametrize(
    ("raw", "tidied"),
    [
        ("Quokka Quarterly 7 (2031),", "Quokka Quarterly 7 (2031)"),
        (": Annals of Tides", "Annals of Tides"),
        ("Journal of Applied Tides;", "Journal of Applied Tides"),
        ("Annals of Tides 40 (2031", "Annals of Tides 40 2031"),
        ("Tides] 2031", "Tides 2031"),
        # what stays: a journal's abbreviation's stop, a matched bracket, an issue's mark
        ("J. Stat. Soft.", "J. Stat. Soft."),
        ("ReScience C 6.3 (#5)", "ReScience C 6.3 (#5)"),
        ("Proc. of X, (2031)", "Proc. of X, (2031)"),
    ],
)
def test_the_venue_keeps_no_stray_punctuation(raw, tidied):
    assert venue_tidied(raw) == tidied
