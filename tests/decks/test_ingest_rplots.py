"""Ingestion classes of R vignettes made with base graphics and R Markdown, on a paper made for
these tests (tests/fixtures/papers/ingest/rplots, CC0): a plot's own text around it (an axis
title set larger than the body, a top axis of tick labels at the top of the page), prose that
quotes code, printed output padded into columns, bold headings on a line of their own, a
heading over two lines, a title block whose date and affiliation are set like headings, and a
captioned figure besides the plot that has none."""

import pytest
from django.conf import settings

from apps.decks.pipeline.crops import figure_crop_findings
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.layout import Layout, Segment, join_lines
from apps.decks.pipeline.ingest.runin import run_in_split
from apps.decks.pipeline.ingest.running import running_mark
from apps.decks.pipeline.ingest.structure import heading_of, sections_read
from tests.decks.test_ingest_vignette import _text
from tests.decks.test_unseen_ingest import _segment as segment_at

RPLOTS = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "rplots"


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return paper_read(RPLOTS / "tessera-rplots.pdf", tmp_path_factory.mktemp("r") / "figures")


def _inside(label, bbox) -> bool:
    x0, top, x1, bottom = label.bbox
    return x0 >= bbox[0] - 1 and x1 <= bbox[2] + 1 and top >= bbox[1] - 1 and bottom <= bbox[3] + 1


def test_a_plots_axis_titles_and_top_axis_are_in_its_crop_and_never_a_section(paper):
    (plot,) = [f for f in paper.figures if not f.captioned]
    texts = {t.text: t for t in plot.nearby}
    for label in ("L1 Norm", "Coefficients", "19", "13", "0.4", "3.0"):
        assert label in texts, label
        assert texts[label].kind == "label", (label, texts[label].kind)
        assert _inside(texts[label], plot.bbox), label
    assert figure_crop_findings(plot) == ([], [])
    titles = [s.title for s in paper.sections]
    assert "L1 Norm" not in titles
    assert "L1 Norm" not in _text(paper) and "Coefficients" not in _text(paper)


def test_a_prose_line_that_is_mostly_code_keeps_its_code_and_leaves_no_hole(paper):
    text = _text(paper)
    assert (  # the code it quotes is inline code (set in typewriter)
        "can be obtained via `coeftest(fit, vcov = sandwich(fit, adjust = TRUE), df = Inf, "
        "save = TRUE)`. In addition, the path itself"
    ) in text


def test_printed_output_padded_into_columns_stays_out_of_the_text(paper):
    intro = next(s for s in paper.sections if s.title == "Introduction")
    assert (
        intro.paragraphs[1]
        == "We use a simulated set of predictors and a response and fit the path:"
    )
    assert intro.paragraphs[2].startswith("Robust standard errors")
    for output in ("1.76877757", "status", "##"):
        assert output not in _text(paper), output


def test_headings_bold_on_their_own_line_over_two_lines_and_no_title_block_lines(paper):
    assert [s.title for s in paper.sections] == [
        "Introduction",
        "Cross-validation",
        "The penalized least squares approach to linear mixed models of grouped data",
    ]
    validation = paper.sections[1]
    assert validation.paragraphs[0].startswith("The function that cross-validates the path")
    assert paper.sections[0].paragraphs[-1].endswith("at each step of the path.")


def test_a_plot_drawn_by_printed_code_is_a_figure_in_a_paper_that_captions_others(paper):
    """The plot at the top of page 2 is drawn by the `plot(fit)` printed at the foot of page 1;
    the paper also has a captioned Figure 1 on page 3."""
    found = sorted((f.page, f.captioned, f.label) for f in paper.figures)
    assert found == [(2, False, "Figure"), (3, True, "Figure 1")]
    captioned = next(f for f in paper.figures if f.captioned)
    assert (captioned.number, captioned.caption) == (1, "Coefficient paths of the grouped model.")


def _page(number: int, *segments):
    for segment in segments:
        segment.page = number
    return list(segments)


def test_page_numbers_above_the_bottom_band_of_an_a4_page_are_page_furniture():
    """A4 with a wide bottom margin sets the page number at 742 pt of 842: above the bottom
    tenth. A number that is the lowest line of its page at one height on many pages is still
    a page number; a number inside the text is not."""
    pages = [
        _page(
            n,
            segment_at("The text of the page goes on to its last line here", 80, 700),
            segment_at("2008", 80, 712),  # a year on a line of its own: text
            segment_at(str(n), 294, 742),
        )
        for n in range(1, 7)
    ]
    layout = Layout(pages=pages, page_sizes=[(595.3, 841.9)] * 6, body_size=10.0, columns=[])
    running_mark(layout)
    assert [p[2].role for p in pages] == ["header"] * 6
    assert [p[1].role for p in pages] == ["text"] * 6


def test_a_row_of_tick_labels_at_the_top_of_a_page_is_no_page_number():
    ticks = [segment_at(t, 150 + 55 * i, 60) for i, t in enumerate(["0", "4", "8", "10", "13"])]
    number = segment_at("3", 300, 40)
    layout = Layout(
        pages=[ticks + [number]], page_sizes=[(612.0, 792.0)], body_size=10.0, columns=[]
    )
    running_mark(layout)
    assert [t.role for t in ticks] == ["text"] * 5
    assert number.role == "header"


@pytest.mark.parametrize(
    ("lines", "joined"),
    [
        (["the scores-", "specific tests"], "the scores-specific tests"),  # two words: a compound
        (["a scale-", "dependent fit"], "a scale-dependent fit"),
        (["an experi-", "ment was run"], "an experiment was run"),  # a word split to fit
        (["be-", "tween them"], "between them"),  # halves that are words, joined a word
        (["the co-", "variate"], "the covariate"),  # a half too short to tell
        (["hetero-", "skedasticity"], "heteroskedasticity"),
    ],
)
def test_a_hyphen_at_a_lines_end_is_kept_only_for_a_compound(lines, joined):
    assert join_lines(lines, set()) == joined


def test_the_papers_own_words_decide_first():
    # "timescale" written unhyphenated elsewhere in the paper: the split word joins.
    assert join_lines(["a time-", "scale of"], {"timescale"}) == "a timescale of"
    # "cross-fitted" written with its hyphen elsewhere: kept.
    assert join_lines(["is cross-", "fitted"], {"cross-fitted"}) == "is cross-fitted"


def _line(*parts):
    """One line of text set in several fonts: (text, font) parts, left to right."""
    words, x = [], 72.0
    for text_, font in parts:
        piece = segment_at(text_, x, 300, font=font)
        words += piece.words
        x = piece.x1 + 3
    return Segment(page=1, words=words)


def _split_headings(*segments):
    layout = Layout(pages=[list(segments)], page_sizes=[(612.0, 792.0)], body_size=10.0, columns=[])
    run_in_split(layout)
    return [(s.text, heading_of(layout, s)) for s in layout.pages[0]]


def test_run_in_headings_numbered_without_a_full_stop_and_in_capitals_of_their_own_font():
    numbered, capitals = (
        _split_headings(
            _line(("2.1.1 An Aside on Numbers", "Times-Bold"), ("Since the first", "Times-Roman")),
        ),
        _split_headings(
            _line(("ROTATING TABLES", "Times-Bold"), ("The process of rotating", "Times-Roman")),
        ),
    )
    (head, heading), (rest, none) = numbered
    assert (head, heading.number, heading.title, rest, none) == (
        "2.1.1 An Aside on Numbers",
        "2.1.1",
        "An Aside on Numbers",
        "Since the first",
        None,
    )
    (head, heading), (rest, none) = capitals
    assert (heading.title, rest, none) == ("Rotating tables", "The process of rotating", None)


def test_capitals_in_the_texts_own_font_or_before_a_lower_case_word_are_no_heading():
    same_font = _line(("NASA GISS Model E is a climate model", "Times-Roman"))
    lower = _line(("HTML", "Times-Bold"), ("pages are rendered by", "Times-Roman"))
    for line in (same_font, lower):
        ((text_, heading),) = _split_headings(line)
        assert heading is None and text_ == line.text


def test_the_sentence_introducing_a_plot_may_follow_one_that_ends_inside_brackets(paper):
    """ "(… see help(toypath).) We can plot …": the plot's caption is the last sentence only."""
    (plot,) = [f for f in paper.figures if not f.captioned]
    assert plot.caption == (
        "We can plot the coefficients against the size of the model with the plot method."
    )


def test_a_tables_bold_column_heads_are_no_headings():
    """Bold "Intercept" and "Slope" over a table's columns ("Bias MAE RMSE") stand on a line
    of their own like R Markdown's headings, but off the column's edge and over no paragraph."""
    prose = "The estimators are compared in a simulation with four hundred samples each."
    above = segment_at(prose, 72, 280)
    head = segment_at("Intercept", 200, 300, font="Times-Bold")
    columns = segment_at("Bias MAE RMSE", 200, 314)
    heading = segment_at("Simulation design", 72, 360, font="Times-Bold")
    under = segment_at(prose, 72, 374)
    segments = [above, head, columns, heading, under]
    layout = Layout(
        pages=[segments], page_sizes=[(612.0, 792.0)], body_size=10.0, columns=[(72.0, 540.0)]
    )
    assert heading_of(layout, head) is None
    assert heading_of(layout, heading).title == "Simulation design"


def test_a_theorems_bold_label_on_its_own_line_is_no_heading():
    label = segment_at("Theorem 1 (Eigenvalue Powers)", 72, 300, font="Times-Bold")
    statement = segment_at(
        "If the matrix has an eigenvalue then its powers have powers of it.", 72, 314
    )
    layout = Layout(
        pages=[[label, statement]],
        page_sizes=[(612.0, 792.0)],
        body_size=10.0,
        columns=[(72.0, 540.0)],
    )
    assert heading_of(layout, label) is None


def test_a_heading_in_capitals_over_two_lines_is_one_title_in_sentence_case():
    first = segment_at("1 CCS CONCEPTS AND USER-DEFINED", 72, 300, size=12.0, font="Times-Bold")
    second = segment_at("KEYWORDS", 86, 314, size=12.0, font="Times-Bold")
    prose = "Two kinds of keywords describe the paper, and both are chosen by the authors."
    body = [segment_at(prose, 72, 334 + 12 * i) for i in range(3)]
    layout = Layout(
        pages=[[first, second, *body]],
        page_sizes=[(612.0, 792.0)],
        body_size=10.0,
        columns=[(72.0, 540.0)],
    )
    sections, _, _ = sections_read(layout, set(), set(), None)
    assert [s.title for s in sections] == ["CCS concepts and user-defined keywords"]
    assert sections[0].paragraphs[0].startswith("Two kinds of keywords")
