"""Scanned pages: the journal's running header, read a little differently by the OCR on each
page, is found by its repetition at the pages' tops and never read as the paper's text."""

from __future__ import annotations

import pdfplumber

from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.code import code_mark
from apps.decks.pipeline.ingest.layout import layout_read
from apps.decks.pipeline.ingest.scanned import ocr_key
from tests.decks.scanfactory import scanned_pdf

TITLE = "Frost dates and the flowering of hedge hawthorn"
# the journal's name on even pages, the paper's short title on odd ones; the OCR misreads
# a letter or two differently on every page
HEADERS = [
    "ANNALS OF HEDGEROW BOTANY",
    "HAWTHORN AND FR0ST",
    "ANNALS 0F HEDGEROW BOTANY",
    "HAWTHORN AND FROST",
    "ANNALS OF HEDGER0W B0TANY",
    "HAWTH0RN AND FROST",
]
BODY = [
    "Hawthorn in the hedges of four parishes was watched from March to June, and the",
    "first open flower of each bush was written down with the date of the last frost",
    "before it. Bushes on the north side of a hedge flowered nine days later than those",
    "on its south side, and a late frost held back the flowering of every bush alike.",
    "The parishes on the clay flowered later than those on the chalk by a week, which",
    "the soil's warmth in spring explains better than the frost dates do.",
]


def _pages() -> list[list[tuple[float, str, float]]]:
    pages = []
    for number, header in enumerate(HEADERS):
        page_number = str(41 + number)
        line = f"{header} {page_number}" if number % 2 else f"{page_number} {header}"
        lines = [(40.0, line, 10.0)]  # OCR sizes the header as the text
        top = 80.0
        if number == 0:
            lines.append((top, TITLE, 15.0))
            top += 40
        for _paragraph in range(3):
            for body in BODY:
                lines.append((top, body, 10.0))
                top += 14
            top += 10
        pages.append(lines)
    return pages


def test_a_scanned_pages_running_header_is_found_though_the_ocr_reads_it_apart(tmp_path):
    path = scanned_pdf(tmp_path / "scan.pdf", _pages())
    with pdfplumber.open(path) as pdf:
        layout = layout_read(pdf)
    tops = [min(page, key=lambda s: s.top) for page in layout.pages]
    assert [s.role for s in tops] == ["header"] * len(HEADERS)
    body = [s for s in layout.segments() if "hedge" in s.text.lower()]
    assert body and all(s.role == "text" for s in body)


def test_a_scanned_pages_header_is_no_title_nor_text_of_the_paper(tmp_path):
    paper = paper_read(scanned_pdf(tmp_path / "scan.pdf", _pages()), tmp_path / "figures")
    assert paper.title == TITLE
    text = " ".join(p for s in paper.sections for p in s.paragraphs).upper()
    assert "HEDGEROW" not in text and "HAWTHORN AND FR" not in text
    assert "FIRST OPEN FLOWER" in text


def test_scanned_pages_whose_first_lines_differ_keep_them_as_text(tmp_path):
    pages = _pages()
    for number, lines in enumerate(pages):
        lines[0] = (40.0, BODY[number % len(BODY)], 10.0)
    with pdfplumber.open(scanned_pdf(tmp_path / "scan.pdf", pages)) as pdf:
        layout = layout_read(pdf)
    assert all(min(page, key=lambda s: s.top).role == "text" for page in layout.pages)


def test_the_ocr_key_forgets_what_ocr_confuses_and_the_page_number():
    assert ocr_key("102 JOURNAL 0F FIELD ENT0MOLOGY") == ocr_key("Journal of Field Entomology 103")
    assert ocr_key("modern") == ocr_key("modem")


def _plates_paper(tmp_path, photos_on_page_two):
    """Three scanned pages; on the second, photographs over one caption, under the lowest."""
    pages, photos = [], []
    for number in range(3):
        lines = [(40.0, TITLE, 15.0)] if number == 0 else []
        top = 80.0 if number == 0 else 60.0
        for body in BODY[: 4 if number == 1 else 6]:
            lines.append((top, body, 10.0))
            top += 14
        if number == 1:
            caption_top = max(b for _, _, _, b in photos_on_page_two) + 10
            lines.append((caption_top, "Fig. 2. A hawthorn bush in flower by the hedge.", 10.0))
            top = caption_top + 30
            for body in BODY:
                lines.append((top, body, 10.0))
                top += 14
        pages.append(lines)
        photos.append(photos_on_page_two if number == 1 else [])
    path = scanned_pdf(tmp_path / "plates.pdf", pages, photos=photos)
    return paper_read(path, tmp_path / "figures")


def test_a_caption_under_two_stacked_plates_of_a_scan_is_the_nearest_ones_only(tmp_path):
    upper, lower = (120, 130, 480, 290), (120, 310, 480, 470)
    paper = _plates_paper(tmp_path, [upper, lower])
    (figure,) = [f for f in paper.figures if f.captioned]
    assert figure.number == 2
    x0, top, x1, bottom = figure.bbox
    assert top >= lower[1] - 5 and bottom <= lower[3] + 5  # never the upper plate with it


def test_plates_side_by_side_over_one_caption_of_a_scan_stay_one_figure(tmp_path):
    left, right = (80, 130, 290, 290), (320, 130, 530, 290)
    paper = _plates_paper(tmp_path, [left, right])
    (figure,) = [f for f in paper.figures if f.captioned]
    x0, top, x1, bottom = figure.bbox
    assert x0 <= left[0] + 5 and x1 >= right[2] - 5


def test_a_scanned_sentences_short_last_line_is_no_code(tmp_path):
    """OCR tools write their layer in one font of one width per glyph, each word stretched
    over its printed box: a short line (a sentence's tail, one width for all its glyphs) read
    as set in a typewriter font became a code block on the slide."""
    pages = []
    for number in range(3):
        lines = [(40.0, TITLE, 15.0)] if number == 0 else []
        top = 80.0
        for body in BODY[:-1]:
            lines.append((top, body, 10.0))
            top += 14
        lines += [(top, "the soil's warmth in spring explains better than the frost", 10.0)]
        lines += [(top + 14, "dates.", 10.0)]
        pages.append(lines)
    path = scanned_pdf(tmp_path / "scan.pdf", pages, glyphless_layer=True)
    with pdfplumber.open(path) as pdf:
        layout = layout_read(pdf)
    code_mark(layout)
    tails = [s for s in layout.segments() if s.text == "dates."]
    assert len(tails) == 3 and not any(s.monospaced or s.code for s in tails)
    paper = paper_read(path, tmp_path / "figures")
    text = " ".join(p for s in paper.sections for p in s.paragraphs)
    assert "than the frost dates." in text


def _sectioned_pages(heads: list[list[str]], apart: float = 22.0) -> list:
    pages = []
    for number, page_heads in enumerate(heads):
        lines = (
            [(40.0, TITLE, 15.0), (62.0, "ANNA HOLT AND PETER VANCE", 10.0)] if not number else []
        )
        top = 90.0
        for head in page_heads:
            lines.append((top, head, 10.0))
            top += apart
            for body in BODY:
                lines.append((top, body, 10.0))
                top += 14
            top += 14
        pages.append(lines)
    return pages


def test_a_scanned_papers_headings_part_its_sections(tmp_path):
    """The OCR's layer sets no heading in bold or larger: a short line in capitals, or a short
    numbered line set apart above, is a heading on a scan (else the sections ran together)."""
    heads = [["INTRODUCTION", "2. Study sites"], ["MATERIALS AND METHODS"], ["4. Discussion"]]
    path = scanned_pdf(tmp_path / "scan.pdf", _sectioned_pages(heads), glyphless_layer=True)
    paper = paper_read(path, tmp_path / "figures")
    assert [s.title for s in paper.sections] == [
        "Introduction",
        "Study sites",
        "Materials and methods",
        "Discussion",
    ]
    assert all(s.paragraphs[0].startswith("Hawthorn in the hedges") for s in paper.sections)
    assert paper.title == TITLE


def test_a_numbered_line_of_a_scan_in_the_run_of_its_text_is_no_heading(tmp_path):
    pages = _sectioned_pages([["INTRODUCTION"], ["RESULTS"], ["DISCUSSION"]])
    # on page 2, a list's item at the text's own leading, in the middle of the text
    lines = pages[1]
    at = lines[4][0] + 14
    pages[1] = [*lines[:5], (at, "3. Bushes were counted twice", 10.0)] + [
        (top + 14 if top >= at else top, line, size) for top, line, size in lines[5:]
    ]
    # a plate's label in small capitals and a numbered footnote, both smaller than the text
    bottom = max(top for top, _, _ in pages[2])
    pages[2] += [(bottom + 40, "HAWTHORN BY THE CHURCH WALL", 6.5)]
    pages[2] += [(bottom + 70, "1. Holt and Vance, Hedges, p. 34.", 8.0)]
    path = scanned_pdf(tmp_path / "scan.pdf", pages, glyphless_layer=True)
    paper = paper_read(path, tmp_path / "figures")
    assert [s.title.lower() for s in paper.sections] == ["introduction", "results", "discussion"]
    assert "3. Bushes were counted twice" in " ".join(paper.sections[1].paragraphs)


def test_an_uncaptioned_plate_of_a_scan_takes_no_sentence_of_the_text_as_caption(tmp_path):
    """The sentence above a scan's plate is the article's text running round it, about
    something else as often as not: shown as the plate's caption it said the plate was what
    the sentence names. No caption beats a wrong one."""
    pages = []
    for number in range(3):
        lines = [(40.0, TITLE, 15.0)] if number == 0 else []
        top = 80.0
        for body in BODY:
            lines.append((top, body, 10.0))
            top += 14
        if number == 1:
            for body in BODY:
                lines.append((top + 200, body, 10.0))
                top += 14
        pages.append(lines)
    plate = (150, 80 + 14 * len(BODY) + 20, 450, 80 + 14 * len(BODY) + 180)
    path = scanned_pdf(tmp_path / "scan.pdf", pages, photos=[[], [plate], []])
    paper = paper_read(path, tmp_path / "figures")
    plates = [f for f in paper.figures if f.page == 2]
    assert len(plates) == 1 and not plates[0].captioned
    assert plates[0].caption == ""
