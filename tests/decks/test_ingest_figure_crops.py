"""Clean and complete figure crops, on a paper made for these tests
(tests/fixtures/papers/ingest/figures, CC0): a running header set below the page's top tenth
never enters a crop, a code line beside a drawing is painted out rather than shown or cut
through the drawing, a figure of ruled code listings and an (a)-(d) figure are cropped whole,
chapter-numbered labels read "Figure 2.1", and the reviewer and the proposer handle a figure
whose side column holds only its caption."""

from __future__ import annotations

import pdfplumber
import pytest
from django.conf import settings
from PIL import Image

from apps.decks.pipeline.crops import crop_box, figure_crop_findings
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.layout import layout_read
from apps.decks.pipeline.paper import Figure, PageText
from apps.decks.pipeline.render.markdown import _slide
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks.paperfactory import needs_pdflatex, pdflatex_copy

FIGURES = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "figures"
PDF = FIGURES / "tessera-figures.pdf"
HEADER = "Layout Manual, December 5, 2026"


@pytest.fixture(scope="module")
def read(tmp_path_factory):
    folder = tmp_path_factory.mktemp("figures") / "figures"
    return paper_read(PDF, folder), folder


@pytest.fixture(scope="module")
def paper(read):
    return read[0]


def _words_in(page, box, masks=()) -> list[str]:
    """Every word pdfplumber reads inside the crop box (its centre inside), outside masks."""

    def inside(word, b):
        cx, cy = (word["x0"] + word["x1"]) / 2, (word["top"] + word["bottom"]) / 2
        return b[0] <= cx <= b[2] and b[1] <= cy <= b[3]

    return [
        w["text"]
        for w in page.extract_words()
        if inside(w, box) and not any(inside(w, m) for m in masks)
    ]


def test_chapter_numbered_captions_keep_their_whole_label(paper):
    labels = [f.label for f in paper.figures]
    assert labels == [
        "Figure 1.1",
        "Figure 1.2",
        "Figure 2.1",
        "Figure 2.2",
        "Figure 3.1",
        "Figure 3.2",
    ]
    for figure in paper.figures:
        assert figure.caption[:1].isupper(), (figure.label, figure.caption)
    # "Figure 1.2 shows a graph file, …" opens a line of prose: a mention, not a caption
    graph = paper.figure("fig-102")
    assert graph.caption == "A small graph and the command that draws it."
    assert any("shows a graph file" in m.text for m in graph.mentions)


def test_a_running_header_below_the_top_tenth_is_page_furniture_and_in_no_crop(paper):
    with pdfplumber.open(PDF) as pdf:
        layout = layout_read(pdf)
        headers = [s for page in layout.pages for s in page if HEADER in s.text]
        assert len(headers) >= 6
        assert all(s.role == "header" for s in headers)
        assert all(s.top > 0.1 * layout.page_sizes[0][1] for s in headers)
        for figure in paper.figures:
            words = _words_in(pdf.pages[figure.page - 1], crop_box(figure.bbox), figure.masks)
            assert not {"Manual,", "Layout", "December"} & set(words), (figure.label, words)


def test_no_crop_shows_a_line_of_the_page_that_is_not_the_figure(paper):
    for figure in paper.figures:
        assert figure_crop_findings(figure) == ([], []), figure.label
        foreign = [t for t in figure.nearby if t.kind != "label"]
        assert all(t.kind in ("body", "header", "caption", "heading") for t in foreign)
    with pdfplumber.open(PDF) as pdf:
        for figure in paper.figures:
            words = _words_in(pdf.pages[figure.page - 1], crop_box(figure.bbox), figure.masks)
            # the code beside the graph, the paragraph above the listing figure, captions
            for foreign in ("example.pdf", "-Tpdf", "drawing.", "Figure", "Energy"):
                assert foreign not in words, (figure.label, foreign)


def test_a_code_line_reaching_into_a_drawing_is_painted_out_not_cut_through_it(read):
    paper, folder = read
    graph = paper.figure("fig-102")
    with pdfplumber.open(PDF) as pdf:
        words = _words_in(pdf.pages[graph.page - 1], crop_box(graph.bbox))
    assert {"n0", "n1", "n2", "n3", "n4"} <= set(words), words  # the whole drawing
    assert graph.masks, "the tail of the command line reaches into the drawing's box"
    (mask,) = graph.masks
    box = crop_box(graph.bbox)
    image = Image.open(folder / graph.image).convert("L")
    scale = image.width / (box[2] - box[0])
    inner = (
        int((mask[0] - box[0]) * scale) + 2,
        int((mask[1] - box[1]) * scale) + 2,
        int((mask[2] - box[0]) * scale) - 2,
        int((mask[3] - box[1]) * scale) - 2,
    )
    assert image.crop(inner).getextrema()[0] >= 250, "the masked piece is white"
    # Without the mask the reviewer sees the piece of the code line in the crop.
    bare = graph.model_copy(update={"masks": []})
    foreign, _ = figure_crop_findings(bare)
    assert [t.text for t in foreign] == [
        t.text for t in graph.nearby if t.kind == "body" and "springs" in t.text
    ]


def test_multi_panel_and_listing_figures_are_cropped_whole(paper):
    with pdfplumber.open(PDF) as pdf:
        panels = paper.figure("fig-201")
        words = _words_in(pdf.pages[panels.page - 1], crop_box(panels.bbox))
        for label in ("(a)", "(b)", "(c)", "(d)", "default", "removal"):
            assert label in words, (label, words)
        assert words.count("iteration") == 4
        listing = paper.figure("fig-202")
        words = _words_in(pdf.pages[listing.page - 1], crop_box(listing.bbox))
        for cell in ("shape=circle];", "pinned", "[shape=box];", "here", "stretched"):
            assert cell in words, (cell, words)
        # every drawing object of a figure's page lies inside that page's crops
        for figure in paper.figures:
            page = pdf.pages[figure.page - 1]
            crops = [crop_box(f.bbox) for f in paper.figures if f.page == figure.page]
            for obj in page.rects + page.lines + page.curves:
                assert any(
                    c[0] - 1 <= obj["x0"]
                    and obj["x1"] <= c[2] + 1
                    and c[1] - 1 <= obj["top"]
                    and obj["bottom"] <= c[3] + 1
                    for c in crops
                ), (figure.label, obj["x0"], obj["top"])


def test_the_crop_check_sees_a_piece_of_a_foreign_line_at_the_crops_edge():
    """The tail of a code line ("…example.ps") 7 pt inside a crop's left edge is foreign text,
    though most of the line is outside; painted out by a mask, it is not."""
    code = PageText(bbox=(126, 213, 375, 224), kind="body", text="$ render -Tps a.dot -o a.ps")
    figure = Figure(
        id="fig-5",
        kind="figure",
        number=5,
        label="Figure 5",
        caption="A graph.",
        page=1,
        bbox=(372, 133, 510, 247),
        image="fig-5.png",
        width_px=100,
        height_px=80,
        nearby=[code],
    )
    foreign, _ = figure_crop_findings(figure)
    assert foreign == [code]
    masked = figure.model_copy(update={"masks": [(368.0, 212.5, 375.5, 224.5)]})
    assert figure_crop_findings(masked) == ([], [])


def test_a_figure_without_bullets_is_drawn_as_large_as_the_slide_lets_it_be(paper):
    # A wide figure goes across the slide with its caption under it; a tall one (the scheme,
    # four times as tall as wide) has more height beside its caption than over it.
    wide = Slide(
        kind="figure", title="Plot", figure="fig-101", caption="Convergence of the layout."
    )
    fields, body = _slide(SlideDeck(title="P", slides=[wide]), wide, paper)
    assert "::left::" not in body and fields["layout"] == "default"
    tall = Slide(kind="figure", title="Scheme", figure="fig-301", caption="Scheme of the routine.")
    fields, body = _slide(SlideDeck(title="P", slides=[tall]), tall, paper)
    assert "::left::" in body and "deck-side" in fields["layoutClass"]


@needs_pdflatex
def test_the_paper_rebuilt_from_its_sources_reads_the_same(tmp_path, paper):
    rebuilt = paper_read(pdflatex_copy(FIGURES, "tessera-figures.tex", tmp_path), tmp_path / "f")
    assert [f.label for f in rebuilt.figures] == [f.label for f in paper.figures]
    for new, old in zip(rebuilt.figures, paper.figures, strict=True):
        assert figure_crop_findings(new) == ([], [])
        assert all(abs(a - b) < 2 for a, b in zip(new.bbox, old.bbox, strict=True)), new.label


def test_a_column_beside_a_narrow_figure_holding_only_its_caption_is_found_and_fixed(paper):
    """A tall scheme drawn at 30 % of the slide's width beside a column that holds nothing but
    its two-line caption: the reviewer reports the column as empty_area (the caption's ink
    hides it from the pixel bands), and the builtin proposer puts the caption under the
    figure; with bullets beside it, or a figure drawn wide, the column is not reported."""
    from apps.decks.pipeline.propose.builtin import BuiltinProposer
    from apps.decks.pipeline.render.measure import Rect
    from tests.decks.test_review_rules import image_box, measure, slide_review, text_box

    slide = Slide(kind="figure", title="Scheme of the routine", figure="fig-301")
    narrow = image_box(w=294, h=430)
    caption = text_box(12, "caption", 16)
    caption.rect = Rect(x=48, y=120, w=300, h=40)
    narrow.drawn = Rect(x=620, y=90, w=294, h=430)
    found = slide_review(slide, measure(texts=[text_box(4, "title", 29), caption], images=[narrow]))
    found = [i for i in found if i.type == "empty_area"]
    assert found and found[0].evidence.get("caption_beside"), found
    assert found[0].severity == "medium"
    with_bullets = measure(texts=[text_box(4, "title", 29), text_box(30), caption], images=[narrow])
    assert not [i for i in slide_review(slide, with_bullets) if i.type == "empty_area"]
    wide = image_box(w=700, h=300)
    assert not [
        i
        for i in slide_review(
            slide, measure(texts=[text_box(4, "title", 29), caption], images=[wide])
        )
        if i.type == "empty_area"
    ]
    # Caption under the figure, its bold label a box of its own left of the narrow figure's
    # edge: not beside it; and the tall figure filling its frame's height is as large as the
    # slide lets it be (figure_narrow low, not a defect the proposer could fix).
    under = image_box(w=108, h=384)
    under.drawn = Rect(x=436, y=90, w=108, h=384)
    under.frame = Rect(x=48, y=90, w=884, h=384)
    under.figure = "fig-301"
    label = text_box(2, "caption", 16)
    label.rect = Rect(x=318, y=502, w=65, h=15)
    rest = text_box(8, "caption", 16)
    rest.rect = Rect(x=383, y=502, w=280, h=15)
    found_under = slide_review(
        slide, measure(texts=[text_box(4, "title", 29), label, rest], images=[under]), paper
    )
    assert not [i for i in found_under if i.type == "empty_area"]
    assert [i.severity for i in found_under if i.type == "figure_narrow"] == ["low"]
    # The fix puts the caption under a figure that the whole width draws larger (fig-101,
    # twice as wide as tall); a tall one (fig-301) is larger beside its caption: left so.
    issue = found[0].model_copy(update={"slide": 2})
    wide_slide = slide.model_copy(update={"figure": "fig-101"})
    deck = SlideDeck(title="P", slides=[Slide(kind="title", title="P"), wide_slide])
    revised = BuiltinProposer().revise(paper, deck, [issue])
    (fixed,) = [s for s in revised.deck.slides if s.figure == "fig-101"]
    assert fixed.layout == "figure-full"
    assert any("across the slide" in c.action for c in revised.changes)
    deck = SlideDeck(title="P", slides=[Slide(kind="title", title="P"), slide])
    revised = BuiltinProposer().revise(paper, deck, [issue])
    (kept,) = [s for s in revised.deck.slides if s.figure == "fig-301"]
    assert kept.layout != "figure-full"


def test_a_caption_opening_with_a_panel_label_and_a_colon_leaves_no_stray_colon():
    from apps.decks.pipeline.propose.captions import caption_text

    figure = Figure(
        id="fig-2",
        kind="figure",
        number=2,
        label="Figure 2",
        page=1,
        caption="(a): Schematic distinction between two models (left and right). In the first "
        "model all interactions are symmetric.",
        bbox=(100, 100, 400, 300),
        image="fig-2.png",
        width_px=100,
        height_px=100,
    )
    shown = caption_text(figure)
    assert shown.startswith("Schematic distinction between two models"), shown


@pytest.mark.slow
@pytest.mark.browser
def test_the_papers_deck_shows_every_figure_clean_and_large(deck_runs):
    """The one loop test of this paper: built, rendered and reviewed, its final round has no
    crop finding, no column holding only a caption and no figure drawn narrower than 60 % of
    the slide (or its printed width) that a layout could draw wider; every figure is shown."""
    import json

    result = deck_runs.get(PDF)
    final = next(r for r in result.rounds if r.number == result.final_round)
    figure_issues = {"crop_foreign_text", "crop_cut", "empty_area", "figure_text_small"}
    assert not [i for i in final.issues if i.type in figure_issues], final.issues
    assert not [i for i in final.issues if i.type == "figure_narrow" and i.severity != "low"]
    shown = {f for s in final.deck.slides for f in s.figures()}
    assert shown == {"fig-101", "fig-102", "fig-201", "fig-202", "fig-301", "fig-302"}
    measures = json.loads((final.folder / "measures.json").read_text())
    paper = json.loads((result.out_dir / "paper.json").read_text())
    native = {f["id"]: f["bbox"][2] - f["bbox"][0] for f in paper["figures"]}
    for slide in measures:
        for image in slide["images"]:
            wanted = min(0.6 * 980, native[image["figure"]])
            tall = image["drawn"]["h"] >= image["frame"]["h"] - 2
            assert image["drawn"]["w"] + 1 >= wanted or tall, (slide["slide"], image)
