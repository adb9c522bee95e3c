"""Covers (round 13): a package's barred running footer is no venue, an address's last line
("Norway") does not end the author list, a name with a ligature the font left unnamed is read
whole from the paper's own words or shortened — never shown with U+FFFD."""

from apps.decks.pipeline.ingest.cover_text import readable_authors, text_read
from apps.decks.pipeline.ingest.layout import Layout, Segment, Word
from apps.decks.pipeline.ingest.structure import authors_find, title_find, venue_find


def _segment(text: str, x0: float, top: float, size: float = 12.0) -> Segment:
    words, x = [], x0
    for token in text.split():
        width = 0.5 * size * len(token)
        words.append(Word(token, x, x + width, top, top + size, size, "Times-Roman"))
        x += width + 0.3 * size
    return Segment(page=1, words=words)


def _running(*texts: str) -> Layout:
    return Layout(pages=[], page_sizes=[], body_size=10.0, columns=[], running=list(texts))


def test_a_packages_barred_running_footer_gives_the_year_not_a_venue():
    layout = _running("7 | https://example.org/pkg", "Quokka Vignette | March 3, 2031 | 5")
    assert venue_find(layout, "A title") == ("", "2031")


def test_a_barred_running_line_that_names_a_journal_keeps_it():
    venue, year = venue_find(_running("Journal of Tidal Data | Vol. 4 | 2031 | 12"), "A title")
    assert venue.startswith("Journal of Tidal Data") and "|" not in venue and year == "2031"


def test_an_address_ending_in_a_country_line_does_not_end_the_authors():
    segments = [
        _segment("Counting Quokkas with Software", 150, 150, 17.2),
        _segment("Ann Okafor", 240, 184),
        _segment("Department of Zoology, University of Lagado", 160, 198),
        _segment("Norway", 270, 212),
        _segment("Ben Sato", 245, 246),
        _segment("Quokka Research Institute", 190, 260),
        _segment("The Netherlands", 235, 274),
        _segment("July 14, 2031", 240, 298),
        _segment("Abstract", 280, 340, 10.0),
    ]
    layout = Layout(pages=[segments], page_sizes=[(612.0, 792.0)], body_size=10.0, columns=[])
    _title, title_segment = title_find(layout, "")
    assert authors_find(layout, title_segment) == ["Ann Okafor", "Ben Sato"]


def test_a_lost_ligature_is_read_from_the_papers_own_words():
    vocabulary = {"the", "coffee", "offline", "scaffold"}
    assert readable_authors(["Ann Co\ufffdee"], vocabulary, []) == ["Ann Coffee"]
    assert text_read("Brewing co\ufffdee o\ufffdline", vocabulary) == "Brewing coffee offline"
    assert text_read("An un\ufffdxed word", vocabulary) is None


def test_a_name_no_source_gives_whole_is_initialled_or_left_off_never_shown_garbled():
    assert readable_authors(["Ja\ufffdrey Q. Lund"], set(), []) == ["J. Q. Lund"]
    assert readable_authors(["Ann Ho\ufffdman", "Ben Sato"], set(), []) == ["Ben Sato"]
    # the PDF's metadata names the author whole
    assert readable_authors(["Ann Ho\ufffdman"], set(), ["Ann Hoffman"]) == ["Ann Hoffman"]


def test_a_mark_set_apart_after_a_name_is_no_part_of_it():
    segments = [
        _segment("Counting Quokkas with Software", 150, 150, 17.2),
        _segment("Ann Okafor +, Ben Sato, Cy Lund #, Di Moss", 120, 184, 11.0),
        _segment("Quokka Research Institute", 190, 200, 9.0),
        _segment("Abstract", 280, 300, 10.0),
    ]
    layout = Layout(pages=[segments], page_sizes=[(612.0, 792.0)], body_size=10.0, columns=[])
    _title, title_segment = title_find(layout, "")
    assert authors_find(layout, title_segment) == ["Ann Okafor", "Ben Sato", "Cy Lund", "Di Moss"]


def test_a_user_name_in_the_metadata_is_no_author():
    from apps.decks.pipeline.ingest import _metadata_authors

    assert _metadata_authors({"Author": "quokkapress"}) == []
    assert _metadata_authors({"Author": "Ann Okafor and Ben Sato"}) == ["Ann Okafor", "Ben Sato"]


def test_a_journal_class_draft_header_with_issue_zero_is_no_venue():
    """A journal class's header before the paper has an issue ("Volume 0 (2060), No. 0") was
    shown as a cover's venue on an unseen paper; a real issue's header is the venue."""
    assert venue_find(_running("Quokka Letters, Volume 0 (2060), No. 0"), "A title") == ("", "")
    venue, year = venue_find(_running("Quokka Letters, Volume 12 (2031), No. 3"), "A title")
    assert venue.startswith("Quokka Letters, Volume 12") and year == "2031"


def test_a_heading_with_an_unnamed_ligature_reads_whole_from_the_papers_words():
    from apps.decks.pipeline.ingest.cover_text import readable_headings
    from apps.decks.pipeline.paper import Section

    sections = [
        # the body hyphenated the word across lines: the layout's words hold only its halves
        Section(title="Strati\ufffdcation", paragraphs=["Why use stratification? It helps."]),
        Section(title="Ba\ufffd\ufffding results", paragraphs=["Nothing names that word."]),
    ]
    readable_headings(sections, {"strati-", "fication"})
    assert [s.title for s in sections] == ["Stratification", "Ba\ufffd\ufffding results"]
