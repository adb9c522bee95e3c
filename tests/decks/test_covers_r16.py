"""Covers read from the right place (round 16), on papers made for these tests
(tests/fixtures/papers/ingest/covers, CC0):

- a journal's masthead over the title (its name set larger than the title, among an ISSN
  whose digits read as sub- and superscripts, "Volume 7, Issue 3", "Available online") is no
  title and gives no author, even when no running line of a later page repeats it;
- an author block that sets each author over their own affiliation, the last after "and" on
  a line of its own, gives every author;
- the venue line keeps no stray punctuation at its ends and no unmatched bracket;
- the reviewer reports a cover still titled by the journal's masthead (`cover_title_unread`)."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.masthead_zone import masthead_line
from apps.decks.pipeline.ingest.venue_text import venue_tidied
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review import title_rules
from apps.decks.pipeline.review.registry import SlideContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

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


def _cover_findings(cover: str, venue: str) -> list[str]:
    paper = Paper(
        title=cover,
        authors=["Ann Okafor"],
        pages=2,
        source_name="burrows.pdf",
        venue=venue,
        sections=[Section(title="Plan", paragraphs=["Burrows were logged every hour."])],
    )
    deck = SlideDeck(title=cover, slides=[Slide(kind="title", title=cover)])
    context = SlideContext(1, deck.slides[0], SlideMeasure(slide=1), deck, paper)
    return [i.type for i in title_rules.cover_title_unread(context)]


VENUE = "Quokka Ecology Letters 7 (2031) 45–58"


@pytest.mark.parametrize(
    "cover", ["Quokka Ecology Letters", "ISSN 2049-1234", "Volume 7, Issue 3", VENUE]
)
def test_a_cover_titled_by_the_masthead_is_reported(cover):
    assert _cover_findings(cover, VENUE) == ["cover_title_unread"]


@pytest.mark.parametrize(
    ("cover", "venue"),
    [
        ("Burrow temperatures across two winters", VENUE),
        ("Quokka ecology", ""),  # no venue line to compare with
        ("Letters", VENUE),  # one word: too little to say
        ("Ecology of quokka burrows", VENUE),  # "of", "burrows" stand in no venue
    ],
)
def test_a_cover_with_the_papers_title_is_not_reported_as_a_masthead(cover, venue):
    assert _cover_findings(cover, venue) == []
