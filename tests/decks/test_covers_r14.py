"""Covers and back matter (round 14), on a paper made for these tests
(tests/fixtures/papers/ingest/frontback, CC0):

- a title set letter-spaced in small capitals is read whole ("Counting Quokkas on Windy
  Islands"), not letter by letter with its short words lost;
- the PDF's metadata Title is used only when it reads as a title: a placeholder ("untitled"),
  a file's or a LaTeX job's name is none, and the cover never falls back to it;
- a journal's header line ("Journal …, Volume 12 (2031), No. 3, pp. 45–58") is the venue up to
  its issue, whole — never cut to "No." — and no part of the title;
- a reference list under a heading no rule knows is no section (no slide shows its entries)."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline import lost_text
from apps.decks.pipeline import text as deck_text
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.layout import Layout
from apps.decks.pipeline.ingest.structure import metadata_title_read, title_find, venue_find

FOLDER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "frontback"
PDF = FOLDER / "tessera-frontback.pdf"


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return paper_read(PDF, tmp_path_factory.mktemp("frontback") / "figures")


def test_a_letter_spaced_title_in_small_capitals_is_read_whole(paper):
    assert paper.title.lower() == "counting quokkas on windy islands"
    assert paper.authors == ["Ann Okafor", "Ben Sato", "Cy Lund"]


def test_a_journal_header_is_the_venue_whole_and_no_part_of_the_title(paper):
    assert paper.venue == "Journal of Island Fauna, Volume 12 (2031), No. 3"
    assert paper.year == "2031"
    assert "journal" not in paper.title.lower() and "volume" not in paper.title.lower()


def test_a_reference_list_under_an_unknown_heading_is_no_section(paper):
    assert [s.title for s in paper.sections] == ["Introduction", "Methods", "Results", "Discussion"]
    sentences = [t for s in paper.sections for p in s.paragraphs for t in deck_text.sentences(p)]
    assert not [t for t in sentences if lost_text.reference_entry(t)]


@pytest.mark.parametrize(
    "raw", ["untitled", "Untitled 2", "octavo.dvi", "jss4172", "paper_v3", "main", "  "]
)
def test_a_metadata_title_that_is_no_title_is_not_used(raw):
    assert metadata_title_read(raw) == ""
    empty = Layout(pages=[[]], page_sizes=[(612.0, 792.0)], body_size=10.0, columns=[])
    assert title_find(empty, raw)[0] == ""


def test_a_metadata_title_that_reads_as_one_is_kept():
    assert metadata_title_read(" Counting  Quokkas on Windy Islands") == (
        "Counting Quokkas on Windy Islands"
    )


def test_an_issue_number_ending_a_running_header_stays_with_the_venue():
    running = ["Quokka Quarterly, Volume 7 (2031), No. 2", "Ann Okafor 17"]
    layout = Layout(pages=[], page_sizes=[], body_size=10.0, columns=[], running=running)
    assert venue_find(layout, "A title") == ("Quokka Quarterly, Volume 7 (2031), No. 2", "2031")
    # a page number after the venue is still cut off
    layout.running = ["Quokka Quarterly, Volume 7 (2031) 113"]
    assert venue_find(layout, "A title") == ("Quokka Quarterly, Volume 7 (2031)", "2031")


def _cover_findings(cover: str, source_name: str, authors: list[str]):
    from apps.decks.pipeline.paper import Paper, Section
    from apps.decks.pipeline.render.measure import SlideMeasure
    from apps.decks.pipeline.review import title_rules
    from apps.decks.pipeline.review.registry import SlideContext
    from apps.decks.pipeline.slide_deck import Slide, SlideDeck

    paper = Paper(
        title=cover,
        authors=authors,
        pages=2,
        source_name=source_name,
        sections=[Section(title="Plan", paragraphs=["Quokkas were counted twice a week."])],
    )
    deck = SlideDeck(title=cover, slides=[Slide(kind="title", title=cover)])
    context = SlideContext(1, deck.slides[0], SlideMeasure(slide=1), deck, paper)
    return [i.type for i in title_rules.cover_title_unread(context)]


@pytest.mark.parametrize(
    ("cover", "source_name", "authors"),
    [
        ("quokka-counts-v3", "quokka-counts-v3.pdf", []),
        ("Ann Okafor", "counts.pdf", ["Ann Okafor", "Ben Sato"]),
        ("Ann Okafor and Ben Sato", "counts.pdf", ["Ann Okafor", "Ben Sato"]),
    ],
)
def test_a_cover_titled_by_the_file_name_or_the_authors_is_reported(cover, source_name, authors):
    assert _cover_findings(cover, source_name, authors) == ["cover_title_unread"]


@pytest.mark.parametrize(
    ("cover", "source_name", "authors"),
    [
        ("Counting Quokkas on Windy Islands", "quokkas.pdf", ["Ann Okafor"]),
        ("Okafor Sampling", "x.pdf", ["Ann Okafor"]),
    ],
)
def test_a_cover_with_the_papers_title_is_not_reported(cover, source_name, authors):
    assert _cover_findings(cover, source_name, authors) == []


def test_letter_spaced_labels_over_two_columns_stay_apart():
    from apps.decks.pipeline.ingest.layout import Segment, Word
    from apps.decks.pipeline.ingest.letterspaced import letterspaced_joined

    def spaced(word: str, x0: float) -> list[Word]:
        return [
            Word(c, x0 + 9 * i, x0 + 9 * i + 5, 100, 108, 8.0, "Gulliver")
            for i, c in enumerate(word)
        ]

    info = Segment(page=1, words=spaced("article", 40) + spaced("info", 112))
    label = Segment(page=1, words=spaced("abstract", 230))
    layout = Layout(pages=[[info, label]], page_sizes=[(612.0, 792.0)], body_size=9.0, columns=[])
    letterspaced_joined(layout)
    assert [s.text for s in layout.pages[0]] == ["article info", "abstract"]
