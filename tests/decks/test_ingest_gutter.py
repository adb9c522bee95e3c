"""Figure crops and the cover's venue on two-column papers made for these tests
(tests/fixtures/papers/ingest/gutter, CC0, written by its make_paper.py with reportlab): a
column figure's crop takes none of the neighbour column's numbers (a list's values at its
right edge) across a narrow gutter; two plots side by side in one column, each over its own caption (one line beside
three), are cropped each from its own drawing; a figure continued on the next page
("Figure 1 (continued)") is one figure showing both parts; and a reference whose entry runs
over to the top of two pages gives the cover no venue and no year."""

from __future__ import annotations

import hashlib

import pdfplumber
import pytest
from django.conf import settings
from PIL import Image

from apps.decks.pipeline.crops import crop_box
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.panels import panel_bands

GUTTER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "gutter"


@pytest.fixture(scope="module")
def read(tmp_path_factory):
    folder = tmp_path_factory.mktemp("gutter") / "figures"
    return paper_read(GUTTER / "tessera-gutter.pdf", folder), folder


@pytest.fixture(scope="module")
def continued(tmp_path_factory):
    folder = tmp_path_factory.mktemp("continued") / "figures"
    return paper_read(GUTTER / "tessera-continued.pdf", folder), folder


def _figure(paper, number: int):
    return next(f for f in paper.figures if f.kind == "figure" and f.number == number)


def _words_in(pdf_path, figure) -> list[str]:
    """Every word pdfplumber reads inside the figure's crop (its centre inside)."""
    box = crop_box(figure.bbox)
    with pdfplumber.open(pdf_path) as pdf:
        words = pdf.pages[figure.page - 1].extract_words()
    return [
        w["text"]
        for w in words
        if box[0] <= (w["x0"] + w["x1"]) / 2 <= box[2]
        and box[1] <= (w["top"] + w["bottom"]) / 2 <= box[3]
    ]


def test_column_figure_takes_no_number_of_the_other_column_across_the_gutter(read):
    paper, _ = read
    figure = _figure(paper, 1)
    words = _words_in(GUTTER / "tessera-gutter.pdf", figure)
    # the values of the left column's list stand at its right edge, a narrow gutter away
    assert not {"41", "37", "29", "6.1", "4.9", "3.2", "112", "64"} & set(words), words
    assert "Wind" in words and "Ice" in words  # the plot itself is whole
    with pdfplumber.open(GUTTER / "tessera-gutter.pdf") as pdf:
        left_column_end = max(
            w["x1"] for w in pdf.pages[1].extract_words() if w["x0"] < pdf.pages[1].width / 2 - 40
        )
    assert figure.bbox[0] > left_column_end


def test_side_by_side_figures_are_cropped_each_from_its_own_drawing(read):
    paper, folder = read
    melt, albedo = _figure(paper, 2), _figure(paper, 3)
    assert melt.page == albedo.page == 3
    assert melt.bbox[2] < albedo.bbox[0]  # neither crop reaches into the other
    melt_words = _words_in(GUTTER / "tessera-gutter.pdf", melt)
    albedo_words = _words_in(GUTTER / "tessera-gutter.pdf", albedo)
    assert "Melt" in melt_words and "Albedo" not in melt_words
    assert "Albedo" in albedo_words and "Melt" not in albedo_words
    digests = {hashlib.md5((folder / f.image).read_bytes()).hexdigest() for f in paper.figures}
    assert len(digests) == len(paper.figures)  # no image shown twice


def test_a_reference_run_over_two_pages_gives_no_venue(read):
    paper, _ = read
    assert "Glacier Sensing" not in paper.venue
    assert (paper.venue, paper.year) == ("", "")


def test_continued_figure_shows_both_parts_as_one_figure(continued):
    paper, folder = continued
    assert [(f.kind, f.number) for f in paper.figures] == [("figure", 1)]
    figure = paper.figures[0]
    with Image.open(folder / figure.image) as image:
        assert (image.width, image.height) == (figure.width_px, figure.height_px)
        parts = panel_bands(image)  # the two framed plots, one over the other
    assert len(parts) == 2, parts
    text = " ".join(p for s in paper.sections for p in s.paragraphs)
    assert "(continued)" not in text and "the lower station" not in text
