"""The deck states the paper's main result and closes on its conclusions (round 18, issue #14).

Four forms of the "structure" class, on hand-made papers and decks (our own text):
1. a dated measured result whose comparison is the next sentence ("This is 3.4 times faster
   than …") is one headline, the pair (a date is no citation);
2. a thin slide holding the headline is filled with the sentences around it, or its headline
   goes first onto the slide before it: never deleted; a later round that lost the headline
   lost a result (`lost_results`);
3. a last slide titled and filled from a method section closes nothing, whatever one bullet
   says ("Closing the gap" is no conclusions section);
4. a vignette without conclusions still ends on what its examples showed.
"""

from __future__ import annotations

from apps.decks.pipeline import (
    caption_repeats,
    closing_slide,
    defects,
    example_findings,
    headline,
    main_points,
)
from apps.decks.pipeline.issues import Issue
from apps.decks.pipeline.paper import Figure, Paper, Section
from apps.decks.pipeline.propose import repair
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.bullets import SentenceIndex
from apps.decks.pipeline.propose.repair import Work, deck_repair
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.result_losses import lost_results
from apps.decks.pipeline.review import deck_rules, text_rules
from apps.decks.pipeline.review.registry import DeckContext, SlideContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks import factories

RESULT = (
    "In March 2003, a 64 node Quarrel cluster joined two billion rows in 11 minutes, 20 seconds."
)
COMPARISON = "This is 3.4 times faster than the best published join of this size."
# longer than a detail bullet (the thin slide's generic fill refuses it), a main point's length
RATE = (
    "The cluster sustained an aggregate read rate of 4.1 GB/s from the ninety-six shared disks "
    "of its storage nodes while every compute node wrote its share of the output to local disks."
)
ABSTRACT = f"{RESULT} {COMPARISON} {RATE}"


def _paper(abstract: str = ABSTRACT) -> Paper:
    return Paper(
        title="Quarrel",
        pages=6,
        source_name="quarrel.pdf",
        abstract=abstract,
        sections=[
            Section(
                title="Introduction",
                paragraphs=["Joining tables larger than memory partitions both tables by key."],
            ),
            Section(
                title="Partitioning",
                paragraphs=[
                    "Each node hashes its rows by key and sends every row to the node owning "
                    "its bucket. The buckets are joined in memory once every row has arrived."
                ],
            ),
        ],
    )


def _deck(paper: Paper, opening: list[str]) -> SlideDeck:
    return SlideDeck(
        title=paper.title,
        slides=[
            Slide(kind="title", title=paper.title, role="title"),
            Slide(
                kind="bullets",
                title="Motivation",
                role="motivation",
                bullets=[
                    "Joining tables larger than memory partitions both tables by key",
                    "Partitions that do not fit in memory spill to disk",
                ],
                notes="Joining tables larger than memory partitions both tables by key.",
            ),
            Slide(
                kind="bullets",
                title="What this paper does",
                role="contributions",
                bullets=opening,
                notes=paper.abstract,
            ),
            Slide(
                kind="bullets",
                title="Partitioning",
                role="method",
                bullets=[
                    "Each node hashes its rows by key and sends every row to the node owning its "
                    "bucket",
                    "The buckets are joined in memory once every row has arrived",
                ],
                notes=paper.sections[1].paragraphs[0],
            ),
        ],
    )


# ------------------------------------------- 1. the dated result and its comparison: one headline


def test_a_dated_result_and_the_sentence_comparing_it_are_one_headline():
    found = headline.headline(_paper())
    assert found is not None and found.origin == "abstract"
    assert "joined two billion rows in 11 minutes, 20 seconds" in found.bullet
    assert "3.4 times faster than the best published join" in found.bullet
    assert headline.whole(found)


def test_a_measured_finding_without_its_comparison_is_paired_too():
    paper = _paper(
        "We show that a 64 node Quarrel cluster joins two billion rows in 11 minutes. "
        f"{COMPARISON} {RATE}"
    )
    found = headline.headline(paper)
    assert "in 11 minutes — 3.4 times faster than" in found.bullet
    # a result that makes its own comparison keeps it; the next sentence stays apart
    paper = _paper(
        "Quarrel joins two billion rows in 11 minutes, twice as fast as a single server. "
        "This is 3.4 times faster than the best published join of this size."
    )
    assert " — " not in headline.headline(paper).bullet


def test_a_date_is_no_citation_but_an_author_and_year_is():
    assert not main_points.CITED.search("In March 2003, the cluster joined two billion rows")
    assert main_points.CITED.search("Smith 2003 joined two billion rows")


def test_this_size_after_the_measure_it_names_leans_on_nothing():
    measured = "It joined 2 billion rows in 11 minutes, a record for a join of this size"
    assert defects.leaning_reference(measured) is None
    assert defects.leaning_reference("It set a record for a join of this size") == "this size"


def test_a_deck_without_the_pair_reports_its_headline_buried():
    paper = _paper()
    deck = _deck(paper, ["Quarrel is a hash join engine for clusters", RATE[:-1]])
    found = list(deck_rules.headline_buried(DeckContext(deck, paper, [])))
    assert [i.type for i in found] == ["headline_buried"]
    assert "3.4 times faster" in found[0].evidence["statement"]


# --------------------------------------------- 2. the thin slide of the headline is never deleted


def _thin_repair(paper: Paper):
    found = headline.headline(paper)
    deck = _deck(paper, [found.bullet])
    issue = Issue(slide=3, type="thin_slide", severity="medium", message="one bullet")
    return found, deck, deck_repair(BuiltinProposer(), paper, deck, [issue]).deck


def test_a_thin_slide_of_the_headline_is_filled_with_the_sentences_around_it():
    found, _, repaired = _thin_repair(_paper())
    opening = next(s for s in repaired.slides if s.title == "What this paper does")
    assert main_points.makes(opening.bullets[0], found) or main_points.makes(
        opening.bullets[1], found
    )
    assert len(opening.bullets) >= 2
    assert any("4.1 GB/s" in b for b in opening.bullets)


def test_a_thin_slide_of_the_headline_nothing_fills_stays_thin_never_merged_away():
    # round 19: the slide saying what the paper does is never merged into the slide before
    # (revision_harms.no_lost_purpose); the thin finding stays open instead
    paper = _paper(f"{RESULT} {COMPARISON}")  # nothing else in the abstract stands alone
    found, deck, repaired = _thin_repair(paper)
    opening = next(s for s in repaired.slides if s.title == "What this paper does")
    assert main_points.makes(opening.bullets[0], found)
    motivation = next(s for s in repaired.slides if s.role == "motivation")
    before = next(s for s in deck.slides if s.role == "motivation")
    assert motivation.bullets == before.bullets  # the headline is not said twice


def test_a_later_round_without_the_headline_lost_a_result():
    paper = _paper()
    found = headline.headline(paper)
    first = _deck(paper, [found.bullet, RATE[:-1]])
    later = _deck(paper, [RATE[:-1], "Quarrel is a hash join engine for clusters"])
    assert "headline" in [loss["key"] for loss in lost_results(paper, first, later)]
    assert "headline" not in [loss["key"] for loss in lost_results(paper, first, first)]


# ------------------------------------------------ 3. a mechanism slide closes nothing


CONCLUDED = (
    "Our experiments show that the skew-aware partitioner halves the slowest node's join time"
)


def _closing_paper() -> Paper:
    return Paper(
        title="Skew",
        pages=6,
        source_name="skew.pdf",
        abstract="",
        sections=[
            Section(title="Introduction", paragraphs=["Skewed keys overload one node."]),
            Section(
                title="Closing the gap",
                paragraphs=[
                    "The partitioner splits every heavy bucket across two nodes. The lighter "
                    "node then receives a copy of the matching rows of the other table."
                ],
            ),
            Section(
                title="Conclusions",
                paragraphs=[
                    f"{CONCLUDED}. Splitting the heaviest buckets costs one extra pass over the "
                    "smaller table. Uniform keys run as fast as before with the new partitioner."
                ],
            ),
        ],
    )


def _mechanism_last(paper: Paper) -> list[Slide]:
    return [
        Slide(kind="title", title="Skew", role="title"),
        Slide(
            kind="bullets",
            title="Closing the gap",
            role="conclusion",
            bullets=[
                CONCLUDED,
                "The partitioner splits every heavy bucket across two nodes",
                "The lighter node then receives a copy of the matching rows of the other table",
            ],
        ),
    ]


def test_a_method_section_named_closing_is_no_conclusions_section():
    assert [s.title for s in main_points.conclusions(_closing_paper())] == ["Conclusions"]


def test_a_last_slide_from_a_method_section_with_one_result_bullet_closes_nothing():
    paper = _closing_paper()
    slides = _mechanism_last(paper)
    deck = SlideDeck(title="Skew", slides=slides)
    found = list(deck_rules.conclusions_missing(DeckContext(deck, paper, [])))
    assert [(i.type, i.severity) for i in found] == [("conclusions_missing", "medium")]
    assert closing_slide.close_with_conclusions(slides, paper, set())
    assert slides[-1].title == "Conclusions" and slides[-1].bullets[0] == CONCLUDED
    assert len(slides[-1].bullets) >= 2
    assert CONCLUDED not in slides[-2].bullets and slides[-2].role == "method"
    deck = SlideDeck(title="Skew", slides=slides)
    assert not list(deck_rules.conclusions_missing(DeckContext(deck, paper, [])))


def test_a_closing_slide_of_mostly_findings_closes_the_deck():
    paper = _closing_paper()
    slides = _mechanism_last(paper)
    slides[-1] = slides[-1].model_copy(
        update={
            "bullets": [
                CONCLUDED,
                "Splitting the heaviest buckets costs one extra pass over the smaller table",
                "The partitioner splits every heavy bucket across two nodes",
            ]
        }
    )
    assert closing_slide.ends_without_conclusions(slides, paper) is None


# ------------------------------------------- 4. a vignette ends on what its examples showed


SIMULATED = (
    "The bootstrap estimates form two groups of equal size, which indicates that the labels "
    "of the two components are not identified."
)
RAINFALL = (
    "All bootstrap replicates of the rainfall model stay inside the asymptotic intervals, "
    "which suggests that the fitted model has a single stable solution."
)


def _vignette(with_conclusions: bool = False) -> Paper:
    sections = [
        Section(title="Introduction", paragraphs=["Mixture models are fitted by EM."]),
        Section(
            title="Implementation of the bootstrap",
            paragraphs=[
                "The function `refit()` draws samples. Its argument `sim` indicates "
                "whether the bootstrap is parametric."
            ],
        ),
        Section(
            title="A simulated example",
            paragraphs=[f"We draw 200 points from two lines with equal slopes. {SIMULATED}"],
        ),
        Section(
            title="Rainfall data",
            paragraphs=[f"The data are daily rainfall totals of one station. {RAINFALL}"],
        ),
    ]
    if with_conclusions:
        sections.append(Section(title="Conclusions", paragraphs=["The bootstrap helps."]))
    return Paper(
        title="Bootstrap diagnostics",
        pages=8,
        source_name="boot.pdf",
        abstract="This vignette shows bootstrap diagnostics for mixture models.",
        sections=sections,
    )


def _ending_on_a_plot() -> list[Slide]:
    return [
        Slide(kind="title", title="Bootstrap diagnostics", role="title"),
        Slide(
            kind="bullets",
            title="A simulated example",
            role="method",
            bullets=["We draw 200 points from two lines with equal slopes", "EM is run twice"],
        ),
        Slide(kind="figure", title="Bootstrap estimates for the rainfall data", role="result"),
    ]


def test_the_examples_closing_findings_are_read_never_the_implementations_words():
    paper = _vignette()
    found = example_findings.example_findings(paper)
    assert found == [SIMULATED, RAINFALL]
    assert example_findings.example_findings(_vignette(with_conclusions=True)) == []


def test_a_manuals_description_of_its_format_is_no_finding():
    paper = _vignette()
    paper.sections[2].paragraphs.append(
        "The 4 in the first line of the file indicates that the problem has four constraints."
    )
    paper.sections[3].paragraphs.append("A non-zero exit status indicates that the fit failed.")
    assert example_findings.example_findings(paper) == [SIMULATED, RAINFALL]


def test_a_vignette_deck_ending_on_a_bare_plot_closes_on_what_its_examples_showed():
    paper = _vignette()
    slides = _ending_on_a_plot()
    deck = SlideDeck(title=paper.title, slides=slides)
    assert [i.type for i in deck_rules.conclusions_missing(DeckContext(deck, paper, []))] == [
        "conclusions_missing"
    ]
    assert closing_slide.close_with_conclusions(slides, paper, set())
    assert slides[-1].title == closing_slide.EXAMPLES_TITLE
    assert [b.split(",")[0] for b in slides[-1].bullets] == [
        SIMULATED.split(",")[0],
        RAINFALL.split(",")[0],
    ]


# ------------------------------- 2b. a figure of the evaluation dropped by a later round is lost


def _figure(number: int, section: str, caption: str) -> Figure:
    return factories.figure(
        number,
        caption,
        page=number,
        bbox=(0, 0, 100, 100),
        width_px=400,
        height_px=300,
        section=section,
    )


def test_a_figure_of_the_evaluation_a_later_round_dropped_is_a_lost_result():
    paper = Paper(
        title="Relay",
        pages=9,
        source_name="relay.pdf",
        abstract="We describe Relay, a message broker.",
        sections=[
            Section(title="Design", level=1, paragraphs=["Relay keeps one log per topic."]),
            Section(title="Log layout", level=2, paragraphs=["Segments are 64 MB files."]),
            Section(title="Evaluation", level=1, paragraphs=["We ran Relay on eight nodes."]),
            Section(title="Broker failover", level=2, paragraphs=["We killed the leader."]),
        ],
        figures=[
            _figure(2, "Log layout", "The segments of one topic."),
            _figure(5, "Broker failover", "Relay broker failover."),
        ],
    )

    def deck(*figures: str) -> SlideDeck:
        return SlideDeck(
            title="Relay",
            slides=[Slide(kind="figure", title=f, figure=f) for f in figures],
        )

    lost = lost_results(paper, deck("fig-2", "fig-5"), deck("fig-2", "fig-2"))
    assert [loss["key"] for loss in lost] == ["figure:fig-5"]
    # a figure of the design, dropped, is no result lost
    assert lost_results(paper, deck("fig-2", "fig-5"), deck("fig-5")) == []


# ------------------------------------- 5. a bullet that is the neighbouring figure's caption


CV_CAPTION = (
    "Once fitted, the cross-validation curve shows the partial likelihood deviance for every "
    "value of the penalty."
)
CV_NOTES = (
    "The function `cvfit()` runs ten-fold cross-validation for the penalized Cox model. "
    f"{CV_CAPTION} Cross-validation costs ten fits of the penalized model on nine tenths of the data."
)


def _cv_deck(bullets: list[str], caption: str = CV_CAPTION) -> SlideDeck:
    return SlideDeck(
        title="Penalized Cox",
        slides=[
            Slide(kind="title", title="Penalized Cox", role="title"),
            Slide(kind="bullets", title="Cross-validation", bullets=bullets, notes=CV_NOTES),
            Slide(kind="figure", title="Cross-validation curve", figure="fig-1", caption=caption),
        ],
    )


def _repeats(deck: SlideDeck, paper: Paper) -> list[Issue]:
    slide = deck.slides[1]
    return list(
        text_rules.repeated_bullets(SlideContext(2, slide, SlideMeasure(slide=2), deck, paper))
    )


def _cv_paper() -> Paper:
    return Paper(
        title="Penalized Cox",
        pages=4,
        source_name="cox.pdf",
        abstract="",
        sections=[Section(title="Cross-validation", paragraphs=[CV_NOTES])],
    )


def test_a_bullet_that_is_the_next_figures_caption_is_a_repeat():
    paper = _cv_paper()
    deck = _cv_deck(["The function `cvfit()` runs ten-fold cross-validation", CV_CAPTION[:-1]])
    assert [(i.type, i.evidence["index"]) for i in _repeats(deck, paper)] == [
        ("repeated_bullet", 1)
    ]
    # a caption of a few words is a label: a bullet holding its words says more
    labelled = _cv_deck([CV_CAPTION[:-1], "The function runs ten folds"], caption="The curve.")
    assert not _repeats(labelled, paper)


def test_the_sentence_a_bullet_is_replaced_with_is_never_a_shown_caption():
    paper = _cv_paper()
    deck = _cv_deck(
        ["The function `cvfit()` runs ten-fold cross-validation for the penalized Cox model"]
    )
    work = Work(BuiltinProposer(), paper, SentenceIndex(paper))
    work.deck = deck
    work.used = {b.lower() for s in deck.slides for b in s.bullets}
    found = repair._next_sentence(deck.slides[1], work)
    assert found is not None and "cross-validation curve" not in found


def test_conclusions_of_one_sentence_the_last_slide_ends_on_are_not_said_twice():
    paper = _closing_paper()
    paper.sections[-1] = Section(title="Conclusions", paragraphs=[CONCLUDED + "."])
    slides = _mechanism_last(paper)
    slides[-1] = slides[-1].model_copy(
        update={"role": "method", "bullets": [*slides[-1].bullets[1:], CONCLUDED]}
    )
    # a closing slide of that one sentence would be thin, and would say it twice
    assert closing_slide.ends_without_conclusions(slides, paper) is None
    assert closing_slide.close_with_conclusions(slides, paper, set()) == ""


def test_a_bullet_writing_out_the_symbols_a_caption_names_is_no_repeat():
    caption = "The estimated drift and volatility of the price process for each window."
    # the slide's display is explained by it: the caption only names what it defines
    definition = "$\\mu$ and $\\sigma$ are the estimated drift and volatility of the price process per window"
    assert not caption_repeats.restates(definition, caption)
    # the caption said again nearly word for word is still a repeat
    assert caption_repeats.restates(
        "The estimated drift and the volatility of the price process for every window", caption
    )
