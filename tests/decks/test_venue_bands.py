"""Covers whose venue and year stand only in a band of page one — a conference's footer, an
ACM-style block at the foot of the first column — or whose date is printed in numbers
("2031-06-05", "05/06/2031"), on papers made for these tests
(tests/fixtures/papers/ingest/venuebands, CC0). No other page repeats the band's line, so it
was no running line: the cover showed neither venue nor year. The venue stays on the cover
after review and a round of the loop."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.layout import Layout, Segment, Word
from apps.decks.pipeline.ingest.structure import printed_year, venue_find
from apps.decks.pipeline.loop import revise_round
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.review import review
from tests.decks.test_review_rules import measure

FOLDER = settings.BASE_DIR / "tests/fixtures/papers/ingest/venuebands"


@pytest.fixture(scope="module")
def read(tmp_path_factory):
    def paper(name: str):
        pdf = FOLDER / f"tessera-venueband-{name}.pdf"
        return paper_read(pdf, tmp_path_factory.mktemp(name) / "figures")

    return paper


def test_a_conference_footer_on_page_one_gives_the_venue_and_year(read):
    paper = read("footer")
    assert paper.title == "Counting Barnacles with Cheap Acoustic Tags"
    assert paper.venue.startswith("Proceedings of the 9th Workshop on Tidal Sensor Networks")
    assert paper.year == "2031"


def test_an_acm_block_at_the_foot_of_the_first_column_gives_the_venue(read):
    paper = read("acm")
    assert paper.venue.startswith("TSN")
    assert "June 4–8, 2031" in paper.venue
    assert paper.year == "2031"


def test_the_venue_stays_on_the_cover_after_review_and_a_round(read):
    paper = read("footer")
    deck = BuiltinProposer().propose(paper)
    measures = [measure(slide=n) for n in range(1, len(deck.slides) + 1)]
    issues = review(deck, measures, paper)
    assert not [i for i in issues if i.slide == 1], [i.type for i in issues if i.slide == 1]
    revised, _changes = revise_round(BuiltinProposer(), paper, [], deck, issues, [])
    assert revised.venue == paper.venue
    assert revised.year == "2031"
    assert "2031" in revised.footer


def _line(text: str, top: float, size: float = 10.0) -> Segment:
    word = Word(text=text, x0=72, x1=300, top=top, bottom=top + size, size=size, font="Times")
    return Segment(1, [word])


def _page(*lines: Segment) -> Layout:
    return Layout(
        pages=[list(lines)], page_sizes=[(612.0, 792.0)], body_size=10.0, columns=[(72, 540)]
    )


@pytest.mark.parametrize("date", ["2031-06-05", "05/06/2031", "5.6.2031", "2031/06/05"])
def test_a_date_printed_in_numbers_under_the_title_gives_the_year(date):
    layout = _page(_line("A title", 80, 16), _line("Ada Morrow", 110), _line(date, 130))
    assert printed_year(layout) == "2031"


@pytest.mark.parametrize(
    "line",
    [
        "doi:10.5555/2031-06-05",  # a number inside a DOI
        "ISSN 2031-0605",  # an ISSN
        "Version 2.1.2031.4",  # a version's numbers
        "2031-13-05",  # no month 13
    ],
)
def test_numbers_that_are_no_date_give_no_year(line):
    layout = _page(_line("A title", 80, 16), _line(line, 130))
    assert printed_year(layout) == ""


@pytest.mark.parametrize(
    "footer, venue",
    [
        ("Presented at the Lagado Colloquium on Tides, 2031", "Lagado Colloquium on Tides"),
        ("Journal of Tidal Studies 12 (2031) 1–9", "Journal of Tidal Studies 12 (2031) 1–9"),
        ("© 2031 Annals of Barnacle Research", "Annals of Barnacle Research"),
    ],
)
def test_a_venue_line_in_page_ones_bottom_band_is_read(footer, venue):
    layout = _page(
        _line("A title", 80, 16), _line("Body text of the paper.", 300), _line(footer, 760, 8)
    )
    assert venue_find(layout, "A title") == (venue, "2031")


@pytest.mark.parametrize(
    "footer",
    [
        "1 See the Workshop on Tidal Sensors 2029 for an earlier version.",  # a footnote citing
        "Holt et al., Journal of Tidal Studies 12 (2029)",  # another work's venue
        "Supported by grant 2031-77 of the Lagado Fund.",  # a grant, no venue
        "Journal of Tidal Studies",  # no year: the band says nothing of when
    ],
)
def test_a_footnote_in_the_band_that_is_no_venue_line_gives_no_venue(footer):
    layout = _page(
        _line("A title", 80, 16), _line("Body text of the paper.", 300), _line(footer, 760, 8)
    )
    assert venue_find(layout, "A title")[0] == ""


def test_a_copyright_line_without_a_venue_gives_the_year_only():
    line = _line("© 2031 The Authors. Published under a CC0 licence.", 760, 8)
    layout = _page(_line("A title", 80, 16), _line("Body text of the paper.", 300), line)
    assert venue_find(layout, "A title") == ("", "2031")


def _footed(texts: list[str]) -> Layout:
    """Pages of body text, each with its footer line (role "header": page furniture)."""
    pages = []
    for text in texts:
        footer = _line(text, 760, 8)
        footer.role = "header"
        pages.append([_line("Body text of the paper.", 300), footer])
    return Layout(
        pages=pages,
        page_sizes=[(612.0, 792.0)] * len(pages),
        body_size=10.0,
        columns=[(72, 540)],
        running=list(dict.fromkeys(texts)),
    )


def test_a_footer_naming_the_conference_on_alternate_sides_gives_the_venue():
    name = "9th Workshop on Tidal Sensor Networks"
    texts = [f"{name} {n}" if n % 2 else f"{n} {name}" for n in range(41, 49)]
    assert venue_find(_footed(texts), "Counting barnacles") == (name, "")


@pytest.mark.parametrize(
    "footer, title",
    [
        ("A Review of Tidal Models", "A Review of Tidal Models"),  # the paper's running title
        ("2 Literature Review", "Counting barnacles"),  # a chapter's running head
        ("Lagado Institute of Marine Studies", "Counting barnacles"),  # no venue's word
    ],
)
def test_a_running_line_that_names_no_venue_gives_none(footer, title):
    assert venue_find(_footed([footer] * 6), title) == ("", "")
