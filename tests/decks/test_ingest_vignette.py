"""Ingestion classes of R vignettes and journal templates, on a vignette-style paper made for
these tests (tests/fixtures/papers/ingest/vignette, CC0): echoed code and its printed output,
plots without a caption, tables without a caption (ruled and unruled), a framed code box and a
shaded box of text that are no figures, a footnote marker after a comma, numbered displays
between complete sentences. Plus captions set as ASME sets them, two captions that found one
region, and figures kept in the paper's order."""

import pytest
from django.conf import settings

from apps.decks.pipeline.crops import figure_crop_findings
from apps.decks.pipeline.ingest import _place_in_order, paper_read
from apps.decks.pipeline.ingest.captions import Caption, captions_find
from apps.decks.pipeline.ingest.figures import _one_caption_per_region
from apps.decks.pipeline.ingest.glyphs import normalize
from apps.decks.pipeline.ingest.layout import Layout
from apps.decks.pipeline.paper import Figure, Mention, Section
from apps.decks.pipeline.render import markdown
from tests.decks.paperfactory import needs_pdflatex, pdflatex_copy
from tests.decks.test_unseen_ingest import _segment as segment_at

VIGNETTE = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "vignette"


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return paper_read(VIGNETTE / "tessera-vignette.pdf", tmp_path_factory.mktemp("v") / "figures")


def _text(paper) -> str:
    return " ".join(p for s in paper.sections for p in s.paragraphs)


def test_code_and_its_output_never_reach_the_text(paper):
    text = _text(paper)
    for code in ("library(toytest)", "> tt", "NULL", "[1]", "plot(rates", "layout(matrix", "}"):
        assert code not in text, code
    intro = next(s for s in paper.sections if s.title == "Introduction")
    assert "A test object is created from two samples and printed:" in intro.paragraphs


def test_plots_without_a_caption_are_found_with_the_sentence_that_introduces_them(paper):
    plots = [f for f in paper.figures if f.kind == "figure"]
    assert [(f.page, f.captioned, f.label) for f in plots] == [
        (1, False, "Figure"),
        (2, False, "Figure"),
    ]
    scatter, trees = plots
    assert scatter.caption == (
        "The rejection rates of the permutation test for growing samples are plotted with:"
    )
    assert trees.caption == "Each resample gives a tree, and six of them are drawn side by side:"
    assert [m.text for m in trees.mentions] == [trees.caption]
    assert (scatter.section, trees.section) == ("Introduction", "Resampled trees")
    # The six small trees are one figure, with their tip labels (the crop is their ink, 277 pt
    # wide; one column of trees is under 100); no crop holds the code above.
    assert trees.bbox[2] - trees.bbox[0] > 250
    for plot in plots:
        assert figure_crop_findings(plot) == ([], []), plot.id


def test_tables_code_boxes_and_shaded_text_are_no_figures(paper):
    assert len(paper.figures) == 2
    assert not any(f.page == 3 for f in paper.figures)  # the framed code, the shaded note
    trees = paper.figures[1]
    table_top = 440.0  # the ruled table of page 2 starts below the trees' sentence
    assert trees.bbox[3] < table_top


def test_table_cells_never_reach_the_text(paper):
    text = _text(paper)
    for cell in ("0.051", "0.050", "level power", "Wilcoxon", "t-test"):
        assert cell not in text, cell
    trees = next(s for s in paper.sections if s.title == "Resampled trees")
    assert trees.paragraphs[-2:] == [
        "The rejection rates of the four tests are listed below for samples of ten observations.",
        "The same rates for samples of twenty observations are closer to each other.",
    ]


def test_a_footnote_marker_after_a_comma_is_no_word_and_its_text_stays_out(paper):
    text = _text(paper)
    assert "summarised by Smith (2008), who compared four tests" in text
    assert "An overlay" not in text


def test_displays_between_complete_sentences_leave_no_placeholder(paper):
    statistics = next(s for s in paper.sections if s.title == "Statistics")
    assert "Eq." not in " ".join(statistics.paragraphs)
    assert statistics.paragraphs[0] == (
        "The permutation statistic is the difference of the two sample means."
    )
    assert [e.number for e in paper.equations] == ["1", "2", "3"]


@needs_pdflatex
def test_the_source_still_builds_the_committed_vignette(tmp_path, paper):
    pdf = pdflatex_copy(VIGNETTE, "tessera-vignette.tex", tmp_path)
    rebuilt = paper_read(pdf, tmp_path / "figures")
    assert [s.paragraphs for s in rebuilt.sections] == [s.paragraphs for s in paper.sections]
    assert [(f.page, f.caption) for f in rebuilt.figures] == [
        (f.page, f.caption) for f in paper.figures
    ]


# ------------------------------------------------------------------- captions and their order


def _segment(text: str, x0: float, top: float, font: str = "Times-Roman", size: float = 9.0):
    return segment_at(text, x0, top, size, font)


def _layout(segments, columns=()):
    return Layout(
        pages=[segments], page_sizes=[(612.0, 792.0)], body_size=9.0, columns=list(columns)
    )


def test_a_bold_label_without_punctuation_is_a_caption_with_the_text_beside_it():
    label = _segment("Fig. 1", 68, 222, font="TeXGyreHeros-Bold")
    text = _segment("A figure caption with math and a reference", 100, 222, "TeXGyreHeros")
    (caption,) = captions_find(_layout([label, text]))
    assert (caption.label, caption.text) == (
        "Figure 1",
        "A figure caption with math and a reference",
    )
    plain = _segment("Fig. 1", 68, 222)  # not bold: a reference at a line's start
    assert captions_find(_layout([plain, text])) == []


def test_a_side_caption_goes_on_under_its_label_in_the_same_column():
    label = _segment("Figure 1:", 325, 292)
    first = _segment("Default ordination", 382, 292)
    second = _segment("plot.", 325, 304)
    (caption,) = captions_find(_layout([label, first, second], columns=[(126.0, 468.0)]))
    assert caption.text == "Default ordination plot."


def _figure(number: int, page: int, bbox, section: str = "") -> Figure:
    return Figure(
        id=f"fig-{number}",
        kind="figure",
        number=number,
        label=f"Figure {number}",
        caption="A plot of things.",
        page=page,
        bbox=bbox,
        image=f"fig-{number}.png",
        width_px=800,
        height_px=600,
        section=section,
    )


def _caption(number: int, top: float) -> Caption:
    return Caption("figure", number, f"Figure {number}", "A plot.", 6, [_segment("x", 200, top)])


def test_two_captions_that_found_one_region_leave_it_to_the_nearer():
    diamond = (234.0, 467.0, 376.0, 609.0)
    one, two = _figure(1, 6, diamond), _figure(2, 6, diamond)
    kept = _one_caption_per_region([one, two], [_caption(1, 336.0), _caption(2, 637.0)])
    assert [f.number for f in kept] == [2]


def test_figures_keep_the_papers_order_whatever_their_mentions_say():
    sections = [Section(title=t, paragraphs=["Some text here."]) for t in ("Intro", "Results")]
    late = _figure(1, 1, (100.0, 100.0, 300.0, 300.0), section="Results")
    early = _figure(2, 2, (100.0, 100.0, 300.0, 300.0), section="Intro")
    early.mentions.append(Mention(text="Figure 2 shows it.", section="Intro"))
    layout = Layout(pages=[[], []], page_sizes=[(612.0, 792.0)] * 2, body_size=9.0, columns=[])
    figures = [early, late]
    _place_in_order(layout, figures, sections)
    assert [(f.number, f.section) for f in figures] == [(1, "Results"), (2, "Results")]


def test_a_plot_without_a_caption_shows_no_figure_label_on_its_slide():
    plot = _figure(3, 4, (100.0, 100.0, 300.0, 300.0)).model_copy(
        update={
            "captioned": False,
            "label": "Figure",
            "caption": "The trees split the data in two clusters, as shown below:",
        }
    )
    caption = markdown._caption
    # its introducing sentence as a statement, never leading into code the slide lacks
    assert caption(plot, None) == "> The trees split the data in two clusters."
    # what is left of "The trees can be drawn:" names the plot and says nothing of it
    drawn = plot.model_copy(update={"caption": "The trees can be drawn:"})
    assert caption(drawn, None) == ""
    data = plot.model_copy(update={"caption": "The data frame is created as follows:"})
    assert caption(data, None) == ""
    assert caption(plot.model_copy(update={"caption": ""}), None) == ""
    assert caption(_figure(1, 1, (0.0, 0.0, 9.0, 9.0)), None).startswith("> **Figure 1.**")


@pytest.mark.parametrize(
    "read, meant",
    [
        ("compile with PDFL TEX.", "compile with PDFLaTeX."),
        ("the LAT X class", "the LaTeX class"),
        ("Image Created Using LT X Code", "Image Created Using LaTeX Code"),
        ("LaTeX and pdfLAT X", "LaTeX and pdfLaTeX"),
        ("LTX and TEXAS", "LTX and TEXAS"),
    ],
)
def test_tex_logos_read_apart_are_one_word(read, meant):
    assert normalize(read) == meant
