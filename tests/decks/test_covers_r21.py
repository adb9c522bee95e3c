"""Covers whose byline gives each author as "Name, Affiliation", the entries a semicolon apart
and run on over lines (USENIX's cover pages): every author is read, on a paper made for these
tests (tests/fixtures/papers/ingest/semicolonbyline, CC0). Read as one author's name and
address, the byline lost every author but the first."""

from __future__ import annotations

from django.conf import settings

from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.layout import Segment, Word
from apps.decks.pipeline.ingest.structure import _semicolon_byline

PDF = settings.BASE_DIR / "tests/fixtures/papers/ingest/semicolonbyline/tessera-semicolonbyline.pdf"


def test_every_author_of_a_semicolon_byline_is_read(tmp_path):
    paper = paper_read(PDF, tmp_path / "figures")
    assert paper.title.startswith("To Lock or Not to Lock")
    assert paper.authors == ["Ann Okafor", "Ben Sato", "Cy Diaz"]


def _line(text: str, top: float) -> Segment:
    word = Word(text=text, x0=72, x1=500, top=top, bottom=top + 12, size=12, font="Times-Roman")
    return Segment(1, [word])


def test_an_address_with_a_semicolon_is_no_byline():
    lines = [
        _line("Department of Physics; University of Lagado, Lagado", 100),
        _line("Institute of Balnibarbi; Laputa", 114),
    ]
    assert _semicolon_byline(lines, 0) is None


NAMED = settings.BASE_DIR / "tests/fixtures/papers/ingest/namedsubtitle/tessera-namedsubtitle.pdf"


def test_a_title_that_is_only_a_name_keeps_the_line_saying_what_it_names(tmp_path):
    paper = paper_read(NAMED, tmp_path / "figures")
    assert paper.title == "Kelptrace: Software for tracing kelp forests from aerial photographs"
    assert paper.authors == ["Mara Quint"]  # read under the subtitle, not taken for it


CORPORATE = (
    settings.BASE_DIR / "tests/fixtures/papers/ingest/corporateauthor/tessera-corporateauthor.pdf"
)


def test_a_report_written_by_a_body_names_it_as_its_author(tmp_path):
    paper = paper_read(CORPORATE, tmp_path / "figures")
    assert paper.title == "Seed bank survey methodology"
    assert paper.authors == ["Lagado Agency for Plant Conservation (LAPC)"]


def _cover_findings(authors: list[str]) -> list:
    from apps.decks.pipeline.paper import Paper
    from apps.decks.pipeline.review.registry import SLIDE_RULES, SlideContext
    from apps.decks.pipeline.slide_deck import Slide, SlideDeck
    from tests.decks.test_review_rules import measure

    cover = Slide(kind="title", title="Seed bank survey methodology")
    deck = SlideDeck(title="Seed bank survey methodology", authors=authors, slides=[cover])
    paper = Paper(title=deck.title, pages=1, source_name="seed.pdf")
    context = SlideContext(1, cover, measure(slide=1), deck, paper)
    return [i for rule in SLIDE_RULES for i in rule(context) if i.type == "cover_author_not_person"]


def test_a_body_alone_on_the_author_line_is_its_author_and_stays(tmp_path):
    # the cover rule took the agency off the cover again, and the report had no author
    assert _cover_findings(["Lagado Agency for Plant Conservation (LAPC)"]) == []
    # beside persons it is their affiliation read as a name, and goes
    found = _cover_findings(["Mara Quint", "Lagado Agency for Plant Conservation (LAPC)"])
    assert [i.evidence["tags"] for i in found] == [["Lagado Agency for Plant Conservation (LAPC)"]]


def test_the_body_the_ingest_reads_as_author_is_kept_by_the_cover_rule(tmp_path):
    # one definition (structure.body_author) for the ingest and the review: the rule took off
    # the agency the ingest had read as the report's author
    paper = paper_read(CORPORATE, tmp_path / "figures")
    assert _cover_findings(paper.authors) == []
