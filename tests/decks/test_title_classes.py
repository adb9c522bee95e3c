"""Slide titles a presenter would keep (issue #14), per class: a caption's comparison cut to
one side, a title ending on a comma or a function word, a citation or footnote number in a
title, a word said twice by a heading joined to a caption, a fallback heading that names no
subject over a slide that has one. The reviewer finds each, the proposer makes none, and the
loop's retitle leaves none."""

from __future__ import annotations

import pytest

from apps.decks.pipeline import title_defects, title_style
from apps.decks.pipeline.issues import Issue
from apps.decks.pipeline.paper import Figure, Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.captions import figure_title
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review import review
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

COMPARED = (
    "Runtime of the serial solver on the cluster with eight nodes versus the parallel solver "
    "on sixty four threads."
)
BETWEEN = (
    "Difference between the predicted yield of the full model and the observed yield in each "
    "plot of the trial."
)
AGAINST = (
    "Accuracy of the baseline classifier on the held-out folds compared with the proposed "
    "ensemble classifier over ten folds."
)
CITED = "Observed incidence [12] of the disease by region and by year of the survey."


def _figure(number: int, caption: str) -> Figure:
    return Figure(
        id=f"fig-{number}",
        kind="figure",
        number=number,
        label=f"Figure {number}",
        caption=caption,
        page=1,
        bbox=(0, 0, 100, 100),
        image=f"fig-{number}.png",
        width_px=800,
        height_px=600,
        section="Solvers",
    )


# ---------------------------------------------------------------- 1. one side of a comparison


@pytest.mark.parametrize(
    ("caption", "title"),
    [
        (COMPARED, "Runtime of the serial solver versus the parallel solver"),
        (BETWEEN, "Difference between the predicted yield and the observed yield"),
    ],
)
def test_a_long_comparison_caption_is_titled_with_both_sides_cut_at_whole_phrases(caption, title):
    made = figure_title(_figure(1, caption))
    assert made == title
    assert not title_defects.caption_cut(made, caption)
    assert not title_defects.title_fragment(made)


@pytest.mark.parametrize(
    ("title", "caption"),
    [
        ("Runtime of the serial solver on the cluster", COMPARED),
        ("Accuracy of the baseline classifier", AGAINST),
    ],
)
def test_a_caption_title_that_keeps_one_side_of_its_comparison_is_a_cut(title, caption):
    assert title_defects.caption_cut(title, caption)


@pytest.mark.parametrize(
    "caption",
    [
        "Error of the estimator. Compared with the old one it is small.",
        "Differences in estimated probability of being essential, for the original results "
        "versus the reproduced values, for each gene.",
    ],
)
def test_a_caption_whose_comparison_is_in_another_clause_leaves_its_title_whole(caption):
    title = caption.split(".")[0].split(",")[0]
    assert title_defects.caption_cut(title, caption) is None


@pytest.mark.parametrize(
    "title", ["Difference between the old model", "Gap between theory", "Distance between X"]
)
def test_a_title_with_one_member_after_between_is_a_fragment(title):
    assert title_defects.title_fragment(title)


@pytest.mark.parametrize(
    "title",
    [
        "Interaction between species",
        "Differences between groups",
        "Distance between the old and the new model",
        "Correlation between $x$ and $y$",
        "Between-group variance",
    ],
)
def test_between_with_both_members_or_a_plural_stands(title):
    assert title_defects.title_fragment(title) is None


# ------------------------------------------------------------ 2. a title ending on a cut word


@pytest.mark.parametrize(
    "title",
    [
        "Comparison of runtime,",
        "Scores of the three raters;",
        "Yield under",
        "Effect of their",
        "Rates by region because",
        "Growth of the colony beyond",
    ],
)
def test_a_title_ending_on_a_comma_or_a_function_word_is_a_fragment(title):
    assert title_defects.title_fragment(title)


def test_a_caption_title_cut_after_a_comma_ends_before_it():
    caption = (
        "Energy of the final layout for five families of graphs, with and without the initial "
        "placement by stress majorization."
    )
    title = figure_title(_figure(1, caption))
    assert title == "Energy of the final layout for five families of graphs"
    # ", with and without …" pairs two prepositions: a new phrase, not a list cut
    assert title_defects.caption_cut(title, caption) is None


@pytest.mark.parametrize("title", ["Turnover", "Hand-over of the estimates", "Results"])
def test_a_title_ending_on_a_whole_word_stands(title):
    assert title_defects.title_fragment(title) is None


# --------------------------------------------------------------------- 3. citations in a title


@pytest.mark.parametrize(
    ("title", "part", "clean"),
    [
        ("Related work [12]", "[12]", "Related work"),
        ("Prior models [3, 5–7] and ours", "[3, 5–7]", "Prior models and ours"),
        ("Survival by stage (Smith et al., 2019)", "(Smith et al., 2019)", "Survival by stage"),
        ("Lotka–Volterra model (Lotka and Volterra 1925)", None, "Lotka–Volterra model"),
        ("Convergence rates$^{3}$", "$^{3}$", "Convergence rates"),
        ("Convergence rates¹", "¹", "Convergence rates"),
    ],
)
def test_a_citation_in_a_title_is_found_and_restyled_away(title, part, clean):
    found = dict(title_style.style_defects(title))
    assert "title_citation" in found
    assert part is None or found["title_citation"] == part
    assert title_style.restyle(title, "") == clean


@pytest.mark.parametrize(
    "title",
    [
        "Uniform prior on [1, 10]",
        "Area in m²",
        "Loss of $x^{2}$",
        "Model of Smith et al. (2019)",
        "Census counts (ACS 2019)",
        "Model description following [2] prescription",  # the citation is a noun here
    ],
)
def test_an_interval_a_power_or_a_named_work_is_no_citation(title):
    assert "title_citation" not in dict(title_style.style_defects(title))


def test_a_caption_title_leaves_the_captions_citation_out():
    title = figure_title(_figure(1, CITED))
    assert title == "Observed incidence of the disease by region and by year"


# ------------------------------------------------------------------ 4. a word said twice


@pytest.mark.parametrize(
    ("title", "alone"),
    [
        ("Results: results of the survey", "Results of the survey"),
        ("Survey weights — the weights of the strata", "Weights of the strata"),
        ("Error rates of the error model", None),
    ],
)
def test_a_title_saying_a_word_twice_is_found_and_the_join_is_undone(title, alone):
    assert "title_repeated_word" in dict(title_defects.title_text_defects(title))
    assert title_defects.without_repeat(title) == alone


@pytest.mark.parametrize(
    "title",
    [
        "Model A versus model B",
        "Step by step",
        "Example: a hill farm",
        "From data to data products",
        "Model-based clustering model",
        "`klu_solve`: solve a linear system",  # a manual's function, then what it does
    ],
)
def test_a_word_set_against_itself_on_purpose_is_no_repeat(title):
    assert title_defects.repeated_word(title) is None


def test_a_labelled_caption_that_repeats_its_label_word_is_titled_once():
    figure = _figure(1, "Example 2: example of a hill farm with three fields.")
    assert figure_title(figure) == "Example of a hill farm with three fields"


# ------------------------------------------------------------- 5. a heading naming no subject

BODY = (
    "The sparse solver factorises the matrix once per step. The sparse solver reuses the "
    "symbolic analysis across steps. "
) * 4


def _paper() -> Paper:
    return Paper(
        title="Fast Sparse Solvers for Transient Flow",
        authors=["Ada Quill"],
        sections=[
            Section(title="Introduction", paragraphs=[BODY]),
            Section(title="Solvers", paragraphs=[BODY]),
            Section(title="Conclusion", paragraphs=[BODY]),
        ],
        figures=[_figure(1, COMPARED)],
        pages=2,
        source_name="solvers.pdf",
    )


def _title_issues(deck: SlideDeck, paper: Paper) -> list[Issue]:
    measures = [SlideMeasure(slide=n) for n in range(1, len(deck.slides) + 1)]
    return [i for i in review(deck, measures, paper) if i.evidence.get("where") == "title"]


def _deck(paper: Paper, *slides: Slide) -> SlideDeck:
    cover = Slide(kind="title", title=paper.title, role="title")
    return SlideDeck(title=paper.title, slides=[cover, *slides])


SUBJECT_BULLETS = [
    "The sparse solver factorises the matrix once per step",
    "The symbolic analysis is reused across steps",
]


@pytest.mark.parametrize("title", ["Our approach", "Overview", "The proposed method"])
def test_a_fallback_heading_over_a_slide_with_a_subject_is_found(title):
    paper = _paper()
    deck = _deck(paper, Slide(kind="bullets", title=title, bullets=SUBJECT_BULLETS))
    issues = _title_issues(deck, paper)
    assert [(i.slide, i.type) for i in issues] == [(2, "title_generic")]
    assert issues[0].evidence["part"] == "Sparse solver"


def test_a_fallback_heading_over_bullets_that_name_no_subject_is_no_finding():
    paper = _paper()
    bullets = ["We factorise the matrix once per step", "We reuse it across steps"]
    deck = _deck(paper, Slide(kind="bullets", title="Overview", bullets=bullets))
    assert not _title_issues(deck, paper)


def test_the_papers_own_overview_heading_is_no_finding():
    paper = _paper().model_copy(
        update={"sections": [Section(title="Overview", paragraphs=[BODY]), *_paper().sections]}
    )
    deck = _deck(paper, Slide(kind="bullets", title="Overview", bullets=SUBJECT_BULLETS))
    assert not _title_issues(deck, paper)


def test_the_role_title_method_is_no_fallback_heading():
    assert not title_defects.generic_title("Method")
    assert not title_defects.generic_title("Results")


# ----------------------------------------------------------------- the loop's retitle


def test_the_revision_retitles_each_class_with_a_title_none_of_the_checks_faults():
    paper = _paper()
    deck = _deck(
        paper,
        Slide(kind="bullets", title="Our approach", bullets=SUBJECT_BULLETS),
        Slide(kind="bullets", title="Solvers: solvers of the flow", bullets=SUBJECT_BULLETS),
        # the comma's title continues the slide right before it, whose title it shares
        Slide(kind="bullets", title="Solvers of the flow,", bullets=SUBJECT_BULLETS),
        Slide(kind="bullets", title="Solvers [12]", bullets=SUBJECT_BULLETS),
        Slide(
            kind="figure",
            title="Runtime of the serial solver on the cluster",
            figure="fig-1",
            bullets=[],
        ),
    )
    issues = _title_issues(deck, paper)
    assert {(i.slide, i.type) for i in issues} == {
        (2, "title_generic"),
        (3, "title_repeated_word"),
        (4, "title_fragment"),
        (5, "title_citation"),
        (6, "title_fragment"),
    }
    revised = BuiltinProposer().revise(paper, deck, issues).deck
    titles = [s.title for s in revised.slides[1:]]
    assert titles[:4] == [
        "Sparse solver",
        "Solvers of the flow",
        "Solvers of the flow (continued)",
        "Solvers",
    ]
    # the caption's phrase completed through the comparison's other side
    assert titles[4].startswith("Runtime of the serial solver")
    assert titles[4].endswith("versus the parallel solver")
    assert not _title_issues(revised, paper)


def test_a_title_saying_a_word_twice_is_never_retitled_as_another_slides_continuation():
    # the final check of set 15: a results table titled with a repeated word was retitled as
    # the slide before it "(continued)", about another benchmark (a false title)
    paper = _paper()
    deck = _deck(
        paper,
        Slide(kind="bullets", title="Solvers of the flow", bullets=SUBJECT_BULLETS),
        Slide(kind="bullets", title="Flow: solvers of the flow", bullets=SUBJECT_BULLETS),
    )
    issues = [i for i in _title_issues(deck, paper) if i.type == "title_repeated_word"]
    assert [i.slide for i in issues] == [3]
    revised = BuiltinProposer().revise(paper, deck, issues).deck
    title = revised.slides[2].title
    assert "(continued)" not in title and title != revised.slides[1].title, title
