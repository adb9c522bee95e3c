"""Figure crops, captions and pairing on a two-column paper made for these tests
(tests/fixtures/papers/ingest/twocol, CC0): a listing figure set at the body's size is cropped
whole, from its first line to its last, with no line of the other column; a listing beside
the panel it makes is one figure; a caption in the right column takes no line of the left
column level with it; a bar plot at the top of a page keeps its top tick label, its row of
category names and its axis title; a screenshot is cropped whole; a bold "Fig. 6" label with
no punctuation after it opens a caption. The reviewer's crop checks stand on the page's
geometry (a crop off its caption, a listing cut between two of its lines) whatever ingestion
called the lines, and two plots of one design that label their axes differently are not
shown side by side."""

from __future__ import annotations

import pdfplumber
import pytest
from django.conf import settings

from apps.decks.pipeline.crops import (
    PAD_PT,
    crop_box,
    figure_crop_findings,
    inside_share,
    off_caption,
)
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.figure_text import label_row
from apps.decks.pipeline.ingest.layout import Segment, Word, layout_read
from tests.decks.paperfactory import needs_pdflatex, pdflatex_copy

TWOCOL = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "twocol"
PDF = TWOCOL / "tessera-twocol.pdf"


@pytest.fixture(scope="module")
def read(tmp_path_factory):
    folder = tmp_path_factory.mktemp("twocol") / "figures"
    return paper_read(PDF, folder), folder


@pytest.fixture(scope="module")
def paper(read):
    return read[0]


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


def _clean(figure) -> None:
    assert figure_crop_findings(figure) == ([], []), figure.label
    assert not off_caption(figure), figure.label


def test_a_listing_figure_is_cropped_whole_and_nothing_of_the_other_column(paper):
    listing = paper.figure("fig-1")
    assert listing.caption.startswith("The C++ compute and init methods")
    words = _words_in(PDF, listing)
    # its first line, its last, and the lines after its blank lines
    for word in ("virtual", "compute(int", "fSlow0", "init(int", "iRec0[i]", "processing"):
        assert word in words, (word, words)
    # the body text beside it and under its caption is not the figure
    for word in ("pressed.", "architecture", "reused", "Figure"):
        assert word not in words, (word, words)
    _clean(listing)


def test_a_listing_beside_the_panel_it_makes_is_one_figure(paper):
    chorus = paper.figure("fig-2")
    words = _words_in(PDF, chorus)
    for word in ('import("music.lib");', "chorus(d,", "process", "delay", "level"):
        assert word in words, (word, words)
    assert "panel" not in words and "Chorus" not in words  # its caption stays under it
    _clean(chorus)


def test_a_screenshot_is_cropped_whole(paper):
    screen = paper.figure("fig-3")
    assert screen.caption.startswith("Screenshot of the noise generator")
    assert _words_in(PDF, screen) == []  # an image: no text of the page in it
    with pdfplumber.open(PDF) as pdf:
        image = pdf.pages[screen.page - 1].images[0]
    box = crop_box(screen.bbox)
    assert box[0] <= image["x0"] and image["x1"] <= box[2]
    assert box[1] <= image["top"] and image["bottom"] <= box[3]
    _clean(screen)


def test_a_caption_in_the_right_column_takes_no_line_of_the_left_column(paper):
    diagram = paper.figure("fig-4")
    assert diagram.caption == (
        "Block diagram of two filters in parallel: the source feeds a lowpass and a highpass "
        "filter whose outputs the mixer adds, drawn with the -svg option of the compiler."
    )
    words = _words_in(PDF, diagram)
    assert {"source", "lowpass", "highpass", "mix"} <= set(words), words
    assert not {"class", "mydsp", "virtual", "Figure"} & set(words), words
    _clean(diagram)


def test_a_plot_at_a_pages_top_keeps_its_top_tick_its_category_names_and_axis_title(paper):
    bench = paper.figure("fig-5")
    words = _words_in(PDF, bench)
    for word in ("g.scal", "i.para", "Compilation", "option", "1800", "0"):
        assert word in words, (word, words)
    box = crop_box(bench.bbox)
    turned = [t for t in bench.nearby if "Throughput" in t.text]  # the y-axis title, turned
    assert turned and all(box[0] <= t.bbox[0] and t.bbox[2] <= box[2] for t in turned)
    with pdfplumber.open(PDF) as pdf:
        layout = layout_read(pdf)
    top_tick = next(s for s in layout.pages[bench.page - 1] if s.text == "1800")
    assert top_tick.top < 0.1 * layout.page_sizes[0][1]  # in the band of running headers
    assert top_tick.role == "text"  # the end of a column of tick labels, no page number
    # the category names, a row of words at the size of the text's footnotes, are no prose
    assert {t.kind for t in bench.nearby if "g.scal" in t.text} == {"label"}
    _clean(bench)


def _line(text: str, gap: float, size: float) -> Segment:
    x, placed = 60.0, []
    for word in text.split(" "):
        width = 0.5 * size * len(word)
        placed.append(Word(word, x, x + width, 500, 500 + size, size, "DejaVuSans"))
        x += width + gap
    return Segment(1, placed)


def test_a_row_of_tick_labels_is_no_line_of_prose():
    """smc's category names under an axis ("gcc.scal gcc.vec …", 8 pt under 10 pt text, set
    0.56–1.06 em apart) read as a line of body text and were cut from the crop."""
    row = _line("gcc.scal gcc.vec gcc.par icc.scal icc.vec icc.par", 4.5, 8.0)
    prose = _line("the scheduler keeps every worker inside its own slice", 2.7, 10.0)
    loose = _line("the scheduler keeps every worker inside its own slice", 4.5, 10.0)
    assert label_row(row, 10.0)
    assert not label_row(prose, 10.0) and not label_row(loose, 10.0)


def test_a_bold_label_with_no_punctuation_after_it_opens_a_caption(paper):
    springer = paper.figure("fig-6")
    assert springer.label == "Figure 6"
    assert springer.caption == "The diagram of the benchmark, with the mixer as its last block"
    assert {"source", "mix"} <= set(_words_in(PDF, springer))
    _clean(springer)
    # the caption is no sentence of the paper's text
    text = " ".join(p for s in paper.sections for p in s.paragraphs)
    assert "with the mixer as its last block" not in text


@needs_pdflatex
def test_the_paper_rebuilt_from_its_sources_reads_the_same(tmp_path, paper):
    rebuilt = paper_read(pdflatex_copy(TWOCOL, "tessera-twocol.tex", tmp_path), tmp_path / "f")
    assert [f.label for f in rebuilt.figures] == [f.label for f in paper.figures]
    for new, old in zip(rebuilt.figures, paper.figures, strict=True):
        _clean(new)
        assert all(abs(a - b) < 2 for a, b in zip(new.bbox, old.bbox, strict=True)), new.label


# ------------------------------------------------ the reviewer's crop checks, on geometry alone


def _reviewed(paper, figure):
    from apps.decks.pipeline.slide_deck import Slide
    from tests.decks.test_review_rules import image_box, measure, slide_review

    shown = paper.model_copy(update={"figures": [figure.model_copy(update={"id": "fig-1"})]})
    slide = Slide(kind="figure", title="Listing", figure="fig-1")
    return {i.type: i for i in slide_review(slide, measure(images=[image_box()]), shown)}


def test_a_crop_in_the_other_column_or_short_of_its_caption_is_reported(paper):
    listing = paper.figure("fig-1")
    x0, top, x1, bottom = listing.bbox
    width = x1 - x0
    # the region beside the caption, in the next column: what "ton is pressed." was
    beside = listing.model_copy(update={"bbox": (x1 + 20, top, x1 + 20 + width, bottom)})
    # the listing's top half only, its end far above the caption
    half = listing.model_copy(update={"bbox": (x0, top, x1, top + (bottom - top) / 3)})
    assert off_caption(beside) and off_caption(half)
    assert "crop_off_caption" not in _reviewed(paper, listing)
    issue = _reviewed(paper, beside)["crop_off_caption"]
    assert issue.severity == "high" and issue.evidence["caption_bbox"]


def test_a_listing_cut_between_two_of_its_lines_is_reported_whatever_the_lines_are_called(paper):
    listing = paper.figure("fig-1")
    lines = sorted((t for t in listing.nearby if "iRec0" in t.text), key=lambda t: t.bbox[1])
    cut_after = lines[0]  # "iRec0[0] = 12345 + …": the loop's first line
    x0, top, x1, _ = listing.bbox
    # the crop's edge (its box and white margin) between that line and the next: it runs
    # through no line, and only the two lines' geometry shows the listing goes on
    edge = cut_after.bbox[3] + 1.0
    cut = listing.model_copy(update={"bbox": (x0, top, x1, edge - PAD_PT)})
    assert not [t for t in cut.nearby if 0 < inside_share(t, crop_box(cut.bbox)) < 1]
    # every line the figure's own (ingestion's label): only the geometry tells the cut
    assert all(t.kind == "label" for t in cut.nearby if "iRec0" in t.text)
    _, cuts = figure_crop_findings(cut)
    assert cuts and cuts[0].text.startswith("out0[i]"), cuts
    assert _reviewed(paper, cut)["crop_cut"].severity == "medium"


def test_two_plots_of_one_design_that_label_their_axes_differently_are_not_compared(
    paper, read, tmp_path
):
    import shutil

    from apps.decks.pipeline.figure_labels import same_labels
    from apps.decks.pipeline.paper import PageText
    from apps.decks.pipeline.review import deck_rules
    from apps.decks.pipeline.review.registry import DeckContext
    from apps.decks.pipeline.slide_deck import Slide, SlideDeck

    _, folder = read
    bench = paper.figure("fig-5")
    relabelled = [
        t.model_copy(update={"text": "copy1 fverb karp32 mixer fdelay8 rms"})
        if "g.scal" in t.text
        else t.model_copy(update={"text": "Speedup"})
        if "Throughput" in t.text
        else t.model_copy(update={"text": "Test"})
        if "Compilation" in t.text
        else t
        for t in bench.nearby
    ]
    assert any(isinstance(t, PageText) and t.text == "Speedup" for t in relabelled)
    twin = bench.model_copy(update={"id": "fig-7", "number": 7, "image": "fig-7.png"})
    other = twin.model_copy(update={"nearby": relabelled, "caption": "Speedup of vector code"})
    for figure in (bench, twin):
        shutil.copy(folder / bench.image, tmp_path / figure.image)
    assert same_labels(bench, twin) is True and same_labels(bench, other) is False

    def found(second):
        shown = paper.model_copy(update={"figures": [bench, second]})
        deck = SlideDeck(
            title="P",
            slides=[
                Slide(kind="figure", title=f.caption[:30], figure=f.id) for f in (bench, second)
            ],
        )
        context = DeckContext(deck, shown, [], tmp_path)
        return [i for i in deck_rules.repeated_figures(context)]

    assert [i.type for i in found(twin)] == ["repeated_figures"]  # one design, one measure
    assert found(other) == []  # one design, two measures: not one comparison


@pytest.mark.parametrize(
    "a, b, expected",
    [
        (
            "Copy1.dsp benchmark",
            "Freeverb.dsp benchmark",
            "Copy1.dsp and Freeverb.dsp benchmark compared",
        ),
        (
            "Rms8.dsp benchmark",
            "Speedup ratio of vector code",
            "Rms8.dsp benchmark and speedup ratio of vector code",
        ),
    ],
)
def test_a_pair_title_names_both_figures_never_the_first_alone(a, b, expected):
    from apps.decks.pipeline.propose.deck_level import common_title

    title = common_title(a, b)
    assert title != f"{a}: side by side"
    assert title == expected
