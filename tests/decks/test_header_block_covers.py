"""Covers of reports and workshop papers read as their reader reads them, on papers made for
these tests (tests/fixtures/papers/ingest/headerblock, CC0):

- a report's header block set in the title's size (the institute, "Technical Report
  LIH-TR-2031-07", a subcontractor's name) is no part of the title, and the date at the foot of
  its title page is the report's year;
- a running head whose ordinal is set as a superscript ("4$^{th}$") is the venue in words, not
  the formula the glyph reader built ("$4^{\\mathrm{th}}$");
- a byline "Name (e-mail) – affiliation" names its author;
- LaTeX's markup in the PDF's metadata (hyperref copies the source's \\title) or in a running
  line is no part of the title, the authors or the venue;
- a title's short last line in capitals ("… the standard indexes" / "OSA/ANSI.") is the title's,
  not a series label; a name's particle ("das", "van") keeps it a name, and a letter the text
  layer maps wrong is read as the metadata spells it.
"""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline.ingest import _metadata_authors, paper_read
from apps.decks.pipeline.ingest.cover_labels import header_line, without_type_labels
from apps.decks.pipeline.ingest.cover_text import readable_authors
from apps.decks.pipeline.ingest.layout import Segment, Word
from apps.decks.pipeline.ingest.structure import looks_like_name, metadata_title_read
from apps.decks.pipeline.ingest.tex_markup import formulas_as_text, tex_markup_removed
from apps.decks.pipeline.ingest.venue_text import venue_tidied

FOLDER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "headerblock"


def test_a_reports_header_block_in_the_titles_size_is_not_glued_to_the_title(tmp_path):
    paper = paper_read(FOLDER / "tessera-headerblock-report.pdf", tmp_path / "figures")
    assert paper.title == "Counting Herons on a Flooded Estuary"
    assert paper.authors == ["Maren Ostby", "Tomasz Wielgus"]
    # the date stands at the foot of the title page, under the address: still the report's
    assert paper.year == "2031"


def test_a_workshop_papers_running_head_byline_and_reference_list_are_read(tmp_path):
    paper = paper_read(FOLDER / "tessera-headerblock-workshop.pdf", tmp_path / "figures")
    assert paper.title == "Kelpwatch: counting kelp from drone photographs"
    assert paper.venue == "Proceedings of the 4th Workshop on Reef Sensing (RS 2031)"
    assert paper.year == "2031"
    assert paper.authors == ["Ana Ruiz", "Bo Tanaka"]
    assert sorted(paper.references) == ["1", "2", "3"]
    assert paper.references["2"].startswith("Kelpwatch: a toolkit for counting kelp.")
    assert "https://kelpwatch.example.org/docs" in paper.references["2"]
    assert paper.references["3"].startswith("Tileserve.")


def _line(text: str, top: float, size: float = 17.0) -> Segment:
    word = Word(text=text, x0=100, x1=480, top=top, bottom=top + size, size=size, font="CMR17")
    return Segment(1, [word])


@pytest.mark.parametrize(
    "line",
    [
        "Lagado Institute of Hydrology",
        "Department of Tides, University of Lagado",
        "Subcontractor Kirkwall Survey Centre",
        "Technical Report LIH-TR-2031-07",
        "Milestone Report #21",
        "Working Paper No. 14",
        "12 March 2031",
        "December 17, 2031",
    ],
)
def test_lines_of_a_header_block_are_told_by_their_shape(line):
    assert header_line(line)


@pytest.mark.parametrize(
    "line",
    [
        "Counting Herons on a Flooded Estuary",
        "The University as a Commons",
        "Foundation Models for Tide Tables",
        "A Technical Note",  # a subtitle's line, after the title's colon
        "Report on the Herons of Kirkwall",
        "Herons 2031: Counting",
        "Birds of the Lagado Institute:",  # runs on into the next line
    ],
)
def test_lines_of_a_title_are_no_header_lines(line):
    assert not header_line(line)


def test_a_header_block_alone_keeps_its_lines():
    # nothing else large on the page: the candidates stay (the title falls back as before)
    lines = [_line("Lagado Institute of Hydrology", 100), _line("12 March 2031", 120)]
    assert without_type_labels(lines) == lines


def test_a_titles_short_last_line_in_capitals_is_no_series_label():
    title = [
        _line("Fitting the tidal harmonics of shallow estuaries using the", 100),
        _line("standard constituents", 121),
        _line("IHO/NOAA.", 142),
        _line("Maren Ostby Tomasz Wielgus", 200, size=12.0),
    ]
    kept = [s.text for s in without_type_labels(title)]
    assert "IHO/NOAA." in kept


def test_latex_markup_in_metadata_and_venues_reads_as_the_words_tex_prints():
    assert metadata_title_read(r"A {\em Short} Guide\\ to \emph{Tidal} Herons") == (
        "A Short Guide to Tidal Herons"
    )
    assert _metadata_authors({"Author": r"Maren~Ostby \and Tomasz Wielgus"}) == [
        "Maren Ostby",
        "Tomasz Wielgus",
    ]
    assert _metadata_authors({"Author": r"H\'el\`ene Marchetti, Jos\'e das Neves"}) == [
        "Hélène Marchetti",
        "José das Neves",
    ]
    assert venue_tidied(r"{\em Annals of Tidal Science}~12 (2031),") == (
        "Annals of Tidal Science 12 (2031)"
    )
    assert venue_tidied(r"Proceedings of the $2^{nd}$ Heron Workshop") == (
        "Proceedings of the 2nd Heron Workshop"
    )
    # a web address keeps its tilde; a formula with a symbol stays a formula
    assert tex_markup_removed("see http://lagado.example.org/~ostby") == (
        "see http://lagado.example.org/~ostby"
    )
    assert formulas_as_text(r"the $\alpha^{2}$ rule") == r"the $\alpha^{2}$ rule"
    assert tex_markup_removed("Counting Herons") == "Counting Herons"


def test_names_with_particles_and_wrongly_mapped_accents_are_read():
    assert looks_like_name("Maria Flores das Neves")
    assert looks_like_name("Jan van Aalst")
    assert not looks_like_name("das Neves Maria")  # a name opens with a capital
    assert not looks_like_name("Results and discussion")
    # the page's text layer drew "é" as "Ø"; the metadata has the name as typed
    assert readable_authors(["JosØ das Neves"], set(), ["José das Neves"]) == ["José das Neves"]
    # a different name in the metadata is not taken for it
    assert readable_authors(["Ann Lea"], set(), ["Ann Lee"]) == ["Ann Lea"]
