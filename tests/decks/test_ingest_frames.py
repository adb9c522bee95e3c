"""Whole, clean crops of figures a journal frames together with their caption, on a paper made
for these tests (tests/fixtures/papers/ingest/frames, CC0): the frame is left out of the crop
(cropping above the caption cut it open into a three-sided box), tick labels set beyond the
text column stay in the crop (read as margin notes, they were cut off with the axis title
under them), and a row of three panels over a caption as wide as two is cropped whole."""

from __future__ import annotations

import pdfplumber
import pytest
from django.conf import settings
from PIL import Image

from apps.decks.pipeline.crops import crop_box
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.captions import captions_find
from apps.decks.pipeline.ingest.frames import caption_frames
from apps.decks.pipeline.ingest.layout import layout_read

FRAMES = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "frames"
PDF = FRAMES / "tessera-frames.pdf"
FRAMED = ("fig-1", "fig-2", "fig-3")  # pieced rounded, one rounded path, one square path


@pytest.fixture(scope="module")
def read(tmp_path_factory):
    folder = tmp_path_factory.mktemp("frames") / "figures"
    return paper_read(PDF, folder), folder


def _words_in(page, box) -> list[str]:
    def inside(word):
        cx, cy = (word["x0"] + word["x1"]) / 2, (word["top"] + word["bottom"]) / 2
        return box[0] <= cx <= box[2] and box[1] <= cy <= box[3]

    return [w["text"] for w in page.extract_words() if inside(w)]


def _edge_line_share(image: Image.Image) -> float:
    """The largest share of the image's height that its outermost inked columns (left or
    right, within 1% of the width) draw dark: a frame's side is dark along all of it."""
    grey = image.convert("L")
    width, height = grey.size
    pixels = grey.load()
    shares = []
    for columns in (range(0, width // 100 + 1), range(width - 1 - width // 100, width)):
        for x in columns:
            dark = sum(1 for y in range(height) if pixels[x, y] < 160)
            shares.append(dark / height)
    return max(shares)


def test_the_frames_around_figure_and_caption_are_found():
    with pdfplumber.open(PDF) as pdf:
        layout = layout_read(pdf)
        captions = captions_find(layout)
        found = {
            number: caption_frames(pdf.pages[number - 1], [c for c in captions if c.page == number])
            for number in (1, 2)
        }
    assert len(found[1]) == 2 and len(found[2]) == 1
    pieced, one_path = found[1]
    assert len(pieced.pieces) == 8  # four bars, four corner arcs
    assert len(one_path.pieces) == 1
    figure_4 = next(c for c in captions if c.number == 4)
    held = (figure_4.x0, figure_4.top, figure_4.x1, figure_4.bottom)
    assert not any(frame.holds(held) for frame in found[2])


def test_a_framed_figure_is_cropped_without_its_frame(read):
    paper, folder = read
    for figure_id in FRAMED:
        figure = paper.figure(figure_id)
        image = Image.open(folder / figure.image)
        assert _edge_line_share(image) < 0.5, figure_id
        assert figure.bbox[0] > 56.5 and figure.bbox[2] < 538.5, (figure_id, figure.bbox)
    unframed = Image.open(folder / paper.figure("fig-4").image)
    assert _edge_line_share(unframed) < 0.5


def test_tick_labels_beyond_the_text_column_and_every_panel_stay_in_the_crop(read):
    paper, _ = read
    with pdfplumber.open(PDF) as pdf:
        for figure in paper.figures:
            words = _words_in(pdf.pages[figure.page - 1], crop_box(figure.bbox))
            assert words.count("Days") == 3, (figure.id, words)
            assert words.count("10") == 3, (figure.id, words)
            # from the first panel's turned axis title to the third panel's right side
            assert figure.bbox[0] < 70.0 and figure.bbox[2] > 521.0, (figure.id, figure.bbox)


def test_bold_titles_over_the_panels_are_the_figure_s_own(read):
    """Set like headings, the panels' titles stopped the crop under them, its edge cutting
    the top tick labels; they are the drawing's titles, and the crop holds them."""
    paper, _ = read
    figure = paper.figure("fig-4")
    with pdfplumber.open(PDF) as pdf:
        words = _words_in(pdf.pages[figure.page - 1], crop_box(figure.bbox))
    assert words.count("Run") == 3, words
    assert words.count("1.0") == 3, words
