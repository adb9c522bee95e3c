"""Defect classes seen on papers of other fields (ecology, survival analysis, physics, mixture
models, permutation tests): the reviewer names each, the proposer answers it, ingestion reads
the layouts that caused them. Synthetic text and hand-built page segments only."""

import pytest

from apps.decks.pipeline import defects, display_math, title_defects
from apps.decks.pipeline.propose import bullets
from apps.decks.pipeline.propose.captions import figure_title
from apps.decks.pipeline.render.markdown import deck_markdown
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks.test_review_rules import SENTENCE, _paper, measure, slide_review


@pytest.mark.parametrize(
    "bullet, part",
    [
        ("We conclude a positive correlation of body mass for these five species", "these five"),
        ("The algorithm tries to find such a partition adaptively with a greedy search", "such a"),
        ("The analyses of the second data set aim to correct this", "this"),
        ("In 1995 a population based study of this was undertaken in the county", "this was"),
        ("Exploration of the model is an important step in this case", "this case"),
        ("The former converges faster than the bootstrap in small samples", None),
    ],
)
def test_a_demonstrative_inside_a_bullet_leans_on_an_earlier_sentence(bullet, part):
    found = defects.leaning_reference(bullet)
    if part is None:  # an opening one is unresolved_reference's
        assert found is None and defects.unresolved_reference(bullet)
    else:
        assert found and found.startswith(part), found
    slide = Slide(kind="bullets", title="Method", bullets=[bullet, SENTENCE])
    kinds = {i.type for i in slide_review(slide, measure()) if i.evidence.get("index") == 0}
    assert ("leaning_reference" in kinds) is (part is not None), kinds


@pytest.mark.parametrize(
    "bullet",
    [
        "We fit a linear model to the counts and this model converges in five steps",
        "Ordinary standard errors fail under heteroskedasticity; this is why robust ones exist",
        "Methods such as the lasso shrink the coefficients towards zero",
        "In this paper the estimator reaches a variance 30% lower than the bootstrap",
        "The recursion stops when no split is such that the fit improves",
    ],
)
def test_a_demonstrative_the_bullet_itself_resolves_is_not_flagged(bullet):
    assert defects.leaning_reference(bullet) is None


def test_a_leaning_bullet_is_merged_with_its_antecedent_or_passed_over():
    previous = "Body mass was measured for five primate species in the field"
    leaning = "The correlation is slightly positive for these five species"
    merged = bullets.rewrite(leaning, bullets.Source(previous=previous))
    assert merged == f"{previous}; the correlation is slightly positive for these five species"
    assert not defects.text_defects(merged)
    # Without an antecedent that names it, the bullet cannot stand: the sentence is passed over.
    unrelated = "The tree was scaled so that the root age is one"
    assert bullets.rewrite(leaning, bullets.Source(previous=unrelated)) is None
    assert bullets.rewrite(leaning) is None


@pytest.mark.parametrize(
    "bullet, kind",
    [
        ("In this vignette we illustrate how to fit the models in R", "meta_text"),
        ("The paper describes the interface of the package and its methods", "meta_text"),
        ("An appendix provides the derivation of the variance estimator", "meta_text"),
        ("For details on the procedures we refer to the transcript files", "meta_text"),
        (
            "Department of Mathematics, Vrije Universiteit, 1081 HV Amsterdam, The Netherlands",
            "meta_text",
        ),
        (
            "When comparing curves across groups, however, the weights reduce the error",
            "dangling_connector",
        ),
        ("In brief: plasma cells produce the immunoglobulins of the blood", "dangling_connector"),
        ("A third but more minor choice is the division of the covariates", "unresolved_reference"),
        ("Let $a =$ age group be the target population of the graph", "broken_math"),
        ("The primary exception exception is the group of older patients", "broken_sentence"),
        ("The variance concerns the esti- ˆ mated number of missing species", "stray_glyph"),
        ("ˆ Variance of the second-order jackknife is not evaluated here", "stray_glyph"),
        ("The sampling proportion is an es- $\\sum$ timate of the commonness", "stray_glyph"),
    ],
)
def test_the_reviewer_names_each_class_seen_on_unseen_papers(bullet, kind):
    assert kind in {k for k, _ in defects.text_defects(bullet)}, defects.text_defects(bullet)


@pytest.mark.parametrize(
    "bullet",
    [
        "The paper shows that the estimator beats the bootstrap by 30%",
        "The University of Texas study found 1200 cases in three years",
        "Pre-treatment and post-treatment values differ by 4%",
        "The intervals are $\\hat{\\beta} \\pm 1.96$ times the standard error",
        "The estimator had had a bias in small samples before the correction",
    ],
)
def test_plain_statements_stay_unflagged(bullet):
    assert not defects.text_defects(bullet), defects.text_defects(bullet)


def test_loose_accents_leave_bullets_and_speaker_notes():
    fixed = bullets.rewrite("The variance concerns the esti- ˆ mated number of missing species")
    assert fixed == "The variance concerns the estimated number of missing species"
    assert bullets.rewrite("ˆ Variance of the jackknife is not evaluated in the package") == (
        "Variance of the jackknife is not evaluated in the package"
    )
    notes = "The number $\\hat{f}_{0}$ of unseen species ˆ is esti- ˆ mated from the singletons."
    deck = SlideDeck(
        title="P",
        slides=[
            Slide(kind="title", title="P", role="title"),
            Slide(kind="bullets", title="Method", bullets=[SENTENCE, SENTENCE], notes=notes),
        ],
    )
    markdown = deck_markdown(deck, _paper(0))
    assert "ˆ" not in markdown and "is estimated from the singletons" in markdown
    assert "\\hat{f}_{0}" in markdown  # an accent inside a formula is the formula's


@pytest.mark.parametrize(
    "title, fragment",
    [
        ("Left panel", True),
        ("Upper right panel", True),
        ("Survival curves from a case-control sample are shown as solid", True),
        ("Survival curves for three groups of patients", False),
        ("Panel data estimators", False),
    ],
)
def test_panel_pointers_and_caption_sentences_are_not_titles(title, fragment):
    assert (title_defects.title_fragment(title) is not None) is fragment
    slide = Slide(kind="bullets", title=title, bullets=[SENTENCE, SENTENCE])
    kinds = {i.type for i in slide_review(slide, measure())}
    assert ("title_fragment" in kinds) is fragment


def test_figure_titles_skip_panel_pointers_and_stop_before_the_verb():
    paper = _paper(2)
    first, second = paper.figures
    first.caption = (
        "Survival curves from a case-control sample are shown as solid lines, dashed lines "
        "are the unweighted data."
    )
    second.caption = "Left panel: comparison of the model based adjustment with the marginal one."
    assert figure_title(first) == "Survival curves from a case-control sample"
    assert figure_title(second) == "Comparison of the model based adjustment with the marginal one"
    assert title_defects.title_fragment(figure_title(first)) is None


@pytest.mark.parametrize(
    "tex, problem",
    [
        ("+ i<j \\omega + 2 = \\Delta", "a row opening with an operator or with prose"),
        ("\\mathrm{where} q_{i} = (1 - p_{i})^{N}", "a row opening with an operator or with prose"),
        ("Q1(\\theta ; \\psi ) = \\hat{p}_{nk} \\log f", "a script flattened before its argument"),
        ("\\beta = S/\\bar{\\alpha} - 1", None),
        ("Q_{1}(\\theta ; \\psi ) = \\hat{p}_{nk} \\log f", None),
    ],
)
def test_displays_missing_their_left_side_or_led_by_prose_read_broken(tex, problem):
    assert display_math.display_problem(tex) == problem
