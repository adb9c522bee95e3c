"""A contents page is read as one, whatever its entries' fonts and wrapping (round 16, ingest),
on guides made for these tests (tests/fixtures/papers/ingest/guidecontents, CC0):

- its chapter entries are bold at the body's size, its page numbers flush right: they were read
  as section headings, and the entry "5 References" as the end of the body, so the guide's
  every paragraph was lost (a graph-partitioning library's guide read 7 headings, 0 paragraphs);
- an entry wrapped onto two lines, or whose page number stands on a line of its own, leaked
  into the first section as text ("1.1 Coarsening of the mesh ..... 1.2 Why the …");
- a guide whose listings (typewriter, a size smaller) outweigh its prose takes the prose's size
  for the body's: with the code's size, every paragraph was read as no text."""

from __future__ import annotations

import pytest
from django.conf import settings
from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas

from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.contents_lines import contents_mark
from apps.decks.pipeline.ingest.layout import layout_read
from apps.decks.pipeline.ingest.sideways import opened_upright

FOLDER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "guidecontents"
TITLES = [
    "Overview",
    "Coarsening of the mesh",
    "Balancing the weight of the cells",
    "Installation",
    "Requirements of the build",
    "Compiling the library",
    "Using the library",
    "Reading a mesh from a file",
    "Options",
]


@pytest.fixture(scope="module")
def guide(tmp_path_factory):
    return paper_read(FOLDER / "tessera-guide.pdf", tmp_path_factory.mktemp("guide") / "figures")


@pytest.fixture(scope="module")
def wrapped(tmp_path_factory):
    pdf = FOLDER / "tessera-guide-wrapped.pdf"
    return paper_read(pdf, tmp_path_factory.mktemp("wrapped") / "figures")


def test_a_contents_entry_named_references_does_not_end_the_body(guide):
    assert [s.title for s in guide.sections] == TITLES
    assert all(s.paragraphs for s in guide.sections)
    assert guide.sections[0].paragraphs[0].startswith("Tessellate is a library that splits")
    assert sum(len(s.paragraphs) for s in guide.sections) == 10


def test_wrapped_contents_entries_are_no_text_and_no_headings(wrapped):
    # each heading once, from the body (the contents page's entries made a second set)
    assert [s.title for s in wrapped.sections] == TITLES
    text = " ".join(p for s in wrapped.sections for p in s.paragraphs)
    assert "...." not in text
    assert "in each part" not in text.replace("in each part before", "")
    assert "Why the partitioner" not in text


def test_the_contents_lines_are_counted_as_set_aside(guide):
    assert guide.set_aside.get("contents", 0) >= 60
    read = sum(s.words for s in guide.sections)
    assert guide.body_words >= read + guide.set_aside["contents"]


HEADINGS = ["Factoring a matrix", "Solving a linear system", "Refactoring with a new matrix"]
PROSE = [
    [
        "The solver factors a sparse matrix into two triangular matrices.",
        "It keeps the pattern of the factors for the next matrix.",
    ],
    [
        "A matrix of the same pattern is factored again much faster.",
        "The ordering step is skipped for it.",
    ],
    [
        "Each solve reads the right-hand side and overwrites it.",
        "The solution takes its place in the same array.",
    ],
    [
        "A transposed system is solved with the same factors.",
        "No second factorization is needed for it.",
    ],
    [
        "The refactorization keeps the pivots of the first factorization.",
        "It fails when a pivot becomes zero.",
    ],
    [
        "A failed refactorization is repeated as a full factorization.",
        "The program checks the status it returns.",
    ],
]


def _listing_heavy_guide(path):
    """Pages of prose in Times at 10.9 pt over long listings in Courier at 9 pt: the listings
    hold most of the characters."""
    pdf = canvas.Canvas(str(path), pagesize=letter, invariant=1)
    for page, heading in enumerate(HEADINGS):
        y = 720
        pdf.setFont("Helvetica-Bold", 14)
        pdf.drawString(72, y, f"{page + 1} {heading}")
        y -= 28
        for lines in PROSE[2 * page : 2 * page + 2]:
            pdf.setFont("Times-Roman", 10.9)
            for line in lines:
                pdf.drawString(72, y, line)
                y -= 14
            y -= 8
        pdf.setFont("Courier", 9)
        for row in range(30):
            pdf.drawString(90, y, f"status = klu_solve (Symbolic, Numeric, {row}, 1, B, &Common) ;")
            y -= 11
        pdf.showPage()
    pdf.save()
    return path


def test_the_body_size_is_the_prose_size_when_listings_outweigh_it(tmp_path):
    paper = paper_read(_listing_heavy_guide(tmp_path / "listings.pdf"), tmp_path / "figures")
    assert [s.title for s in paper.sections] == HEADINGS
    # every sentence of the prose, in order (a short line ending a sentence ends its paragraph)
    read = " ".join(p for s in paper.sections for p in s.paragraphs)
    assert read == " ".join(line for lines in PROSE for line in lines)


def _numbered_page(path):
    """A table whose last column is one value on every row, a listing with its line numbers,
    and a program's printed values: numbers ending lines, none of them a contents page."""
    pdf = canvas.Canvas(str(path), pagesize=letter, invariant=1)
    pdf.setFont("Helvetica-Bold", 14)
    pdf.drawString(72, 720, "1 Parameters of the model")
    pdf.setFont("Times-Roman", 10)
    y = 690
    for sentence in [
        "Every population of the model is listed below with its size and its threshold.",
        "The thresholds were taken from the earlier model without any change.",
    ]:
        pdf.drawString(72, y, sentence)
        y -= 14
    for name, kind, share in [
        ("Cortex motor", "Linear neuron", "1.0%"),
        ("Cortex cognitive", "Linear neuron", "1.0%"),
        ("Striatum motor", "Sigmoidal neuron", "0.1%"),
        ("Striatum cognitive", "Sigmoidal neuron", "0.1%"),
        ("Thalamus motor", "Linear neuron", "0.1%"),
        ("Thalamus cognitive", "Linear neuron", "0.1%"),
    ]:
        y -= 14
        for x, cell in zip((72, 200, 330, 420, 530), (name, kind, share, "0.0", "10"), strict=True):
            pdf.drawRightString(540, y, cell) if x == 530 else pdf.drawString(x, y, cell)
    y -= 30
    pdf.setFont("Courier", 9)
    for number, line in enumerate(
        ["#include <stdio.h>", "int main(void)", "{", "  return 0;", "}"]
    ):
        pdf.drawRightString(84, y, str(number + 1))
        pdf.drawString(96, y, line)
        y -= 11
    y -= 20
    for label, value in [("Cut Cost:", "3"), ("Cut Size:", "5"), ("Trial Time:", "12")]:
        pdf.drawString(96, y, label)
        pdf.drawRightString(200, y, value)
        y -= 11
    pdf.setFont("Times-Roman", 10)
    y -= 20
    pdf.drawString(72, y, "The program prints the cost of the cut and the time each trial took.")
    pdf.showPage()
    pdf.save()
    return path


def _marked(pdf) -> list[str]:
    with opened_upright(pdf) as (plumber, _source):
        layout = layout_read(plumber)
    contents_mark(layout)
    return [s.text for s in layout.segments(None) if s.contents]


def test_numbers_ending_a_tables_rows_or_a_listings_lines_are_no_contents(tmp_path):
    assert _marked(_numbered_page(tmp_path / "numbered.pdf")) == []
    # the same reading finds the contents page of the guide, its label and its 9 entries
    marked = _marked(FOLDER / "tessera-guide-wrapped.pdf")
    assert marked[:3] == ["Contents", "1 Overview", "3"]
    assert "in each part" in marked and "4 Options" in marked
