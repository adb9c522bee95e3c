"""What a reader is to see and take away, in words (round 14): a figure slide states the paper's
sentence that reads its figure (its colours, a trend), with the demonstrative that points at the
figure ("In this view, …") taken off; a table slide states the finding its evidence shows ("A
benchmark … shows that X is much closer to Y than to Z, see Table 1 for details"), cut at its
"that" when the whole is too long; what a program computes is its method statement even when
the sentence closes on a colon before the display it names. Every sentence and paper here is
made up for the test."""

from __future__ import annotations

from apps.decks.pipeline import main_points
from apps.decks.pipeline.figure_findings import states_finding
from apps.decks.pipeline.paper import Figure, Mention, Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.captions import mention_bullet
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review import text_rules
from apps.decks.pipeline.review.registry import SlideContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks.factories import figure


def _with_mentions(fig: Figure, *sentences: str) -> Figure:
    return fig.model_copy(
        update={"mentions": [Mention(text=s, section="Results") for s in sentences]}
    )


def _slide(fig: Figure):
    return BuiltinProposer().figure_slide(fig, used=set())


# ------------------------------------------------------------------ figures read in the text

OVERLAY = (
    "In this overlay view, the dunes seen in both surveys appear in yellow, while those that "
    "moved are drawn in red and green (Fig. 3)."
)


def test_a_figure_read_after_a_demonstrative_states_its_reading():
    # a square figure: its slide takes the sentences the paper says about it
    square = figure(3, "An overlay of two surveys.", width_px=800, height_px=800)
    slide = _slide(_with_mentions(square, OVERLAY))
    assert slide.bullets == [
        "The dunes seen in both surveys appear in yellow, while those that moved are drawn in "
        "red and green"
    ]


def test_only_a_demonstrative_naming_a_picture_is_taken_off():
    assert mention_bullet(
        "From an inspection of this plot (Fig. 2), the gauges read lower after each storm.", 24
    ) == ("The gauges read lower after each storm")
    # "In this case, …" leans on text the slide lacks: not a pointer at the figure
    leaning = mention_bullet("In this case, the gauges read lower after each storm (Fig. 2).", 24)
    assert leaning is None or leaning.startswith("In this case")


def test_a_reading_of_colours_or_a_trend_is_what_a_figure_shows():
    for reading in (
        "The dunes seen in both surveys appear in yellow, while those that moved are red",
        "The blue crosses mark the gauges that failed during the storm",
        "The red hexagons are an estimate of the median of the counts",
        "The drift of the gauges grows with the depth of the water",
    ):
        assert states_finding(reading, reading), reading
    described = "The gauges were installed along the northern bank of the river"
    assert not states_finding(described, described)


def test_a_tall_figure_takes_the_sentence_that_reads_its_colours():
    # printed 240 × 300 pt: its caption's column beside it holds only what the figure shows
    tall = figure(3, "Two surveys overlaid.", bbox=(50, 50, 290, 350), width_px=800, height_px=1000)
    described = "The surveys were flown in March and in October (Fig. 3)."
    slide = _slide(_with_mentions(tall, described, OVERLAY))
    assert slide.bullets == [
        "The dunes seen in both surveys appear in yellow, while those that moved are drawn in "
        "red and green"
    ]


# ------------------------------------------------------------------ a result shown in a table

BENCHMARK = (
    "A small benchmark parsing 200 input files 5,000 times shows that the `quire` reader is "
    "much closer to the speed of the hand-written `fastscan` reader than to the general "
    "`read.any` converter, see Table 1 for details."
)


def test_a_table_slide_states_the_finding_its_benchmark_shows():
    table = figure(1, "Timings of three readers.", width_px=1200, height_px=400)
    table = table.model_copy(update={"kind": "table", "label": "Table 1", "id": "tab-1"})
    slide = _slide(_with_mentions(table, BENCHMARK))
    assert slide.bullets == [
        "The `quire` reader is much closer to the speed of the hand-written `fastscan` reader "
        "than to the general `read.any` converter"
    ]


def test_a_hedged_finding_is_never_stated_without_its_hedge():
    hedged = BENCHMARK.replace("shows that", "suggests that")
    assert mention_bullet(hedged, 24) is None


def test_the_pointer_s_purpose_goes_with_the_pointer():
    sentence = "The reader is faster on small files than on large ones, see Table 1 for details."
    assert mention_bullet(sentence, 24) == "The reader is faster on small files than on large ones"


# ------------------------------------------------------------------ what the program computes


def _paper(sections: list[Section]) -> Paper:
    return Paper(
        title="polyx Reference Manual",
        pages=20,
        source_name="polyx.pdf",
        abstract="",
        sections=sections,
    )


WHAT_IT_COMPUTES = (
    "The library polyx is a fast implementation of the simplex method for finding an optimal "
    "vertex of a bounded region given by a set of linear constraints"
)


def _polyx() -> Paper:
    return _paper(
        [
            Section(
                title="Introduction",
                paragraphs=[WHAT_IT_COMPUTES + ":", "where $C$ is a given matrix."],
            ),
            Section(title="Data Types", paragraphs=["The matrix type stores the constraints."]),
        ]
    )


def test_what_a_program_computes_is_stated_when_its_sentence_ends_before_a_display():
    methods = [s.bullet for s in main_points.method_statements(_polyx())]
    assert methods == [WHAT_IT_COMPUTES]


def test_the_reviewer_reads_that_statement_as_whole_and_a_cut_one_as_cut():
    paper = _polyx()
    slide = Slide(kind="bullets", title="Motivation", bullets=[WHAT_IT_COMPUTES])
    deck = SlideDeck(title=paper.title, slides=[Slide(kind="title", title=paper.title), slide])
    context = SlideContext(2, slide, SlideMeasure(slide=2), deck, paper)
    assert list(text_rules.cut_before_display(context)) == []
    # a sentence whose colon announces with a generic word lost what follows it
    cut = "The library polyx finds an optimal vertex of the region by the following rule"
    paper = paper.model_copy(
        update={"sections": [Section(title="Introduction", paragraphs=[cut + ":", "x = 1."])]}
    )
    slide = slide.model_copy(update={"bullets": [cut]})
    deck = SlideDeck(title=paper.title, slides=[deck.slides[0], slide])
    context = SlideContext(2, slide, SlideMeasure(slide=2), deck, paper)
    assert [i.type for i in text_rules.cut_before_display(context)] == ["broken_sentence"]


def test_a_sentence_announcing_its_display_by_a_generic_phrase_is_no_statement():
    for announcing in (
        "The library polyx is a fast implementation of the method given by the following:",
        "The library polyx is a fast implementation of the method defined by the formula:",
    ):
        paper = _paper([Section(title="Introduction", paragraphs=[announcing])])
        assert main_points.method_statements(paper) == []


def test_what_a_program_computes_opens_the_motivation_slide():
    paper = _polyx()
    slides = [
        Slide(kind="title", title=paper.title, role="title"),
        Slide(
            kind="bullets",
            title="Motivation",
            role="motivation",
            bullets=["polyx can handle unbounded regions as well as bounded ones"],
        ),
        Slide(kind="bullets", title="Data Types", bullets=["The matrix type stores the rows"]),
    ]
    assert main_points.ensure(slides, paper, set()) == ["method"]
    assert slides[1].bullets[0] == WHAT_IT_COMPUTES


# ------------------------------------------------------------------ a finding said as improvement


def _results(paper: Paper) -> list[str]:
    return [s.bullet for s in main_points.result_statements(paper)]


def test_a_finding_phrased_as_improvement_in_the_conclusions_is_the_result():
    paper = Paper(
        title="sieve: Faster Parsing of Log Files",
        pages=9,
        source_name="sieve.pdf",
        abstract="We describe sieve, a parser of log files written in C.",
        sections=[
            Section(title="Introduction", paragraphs=["Log files grow by the hour."]),
            Section(title="Timings", paragraphs=["Table 2 lists the timings of both parsers."]),
            Section(
                title="Conclusions",
                paragraphs=[
                    "Caching the field offsets in sieve led to a reduction in parse time on "
                    "every log file of our collection."
                ],
            ),
        ],
    )
    assert _results(paper) == [
        "Caching the field offsets in sieve led to a reduction in parse time on every log file "
        "of our collection"
    ]


def test_a_finding_only_in_the_introduction_is_the_result_when_nothing_else_states_one():
    paper = Paper(
        title="Gannet Release Notes",
        pages=12,
        source_name="gannet.pdf",
        abstract="",
        sections=[
            Section(
                title="Introduction",
                paragraphs=[
                    "Smith et al. rewrote their caller, resulting in improvements in recall [4]. "
                    "This release replaces the scoring of candidate sites, resulting in "
                    "improvements in both recall and precision of variant calling."
                ],
            ),
            Section(title="Installation", paragraphs=["Unpack the archive and run make."]),
        ],
    )
    # another study's improvement (a citation) is never the paper's finding; "This" is read
    # as every bullet's opening demonstrative is (the rewriter's "The")
    assert _results(paper) == [
        "The release replaces the scoring of candidate sites, resulting in improvements in both "
        "recall and precision of variant calling"
    ]
