"""Defect classes of text that lost a part on its way from the PDF (a formula, its first words,
its verb), or that is not the paper's prose (a reference entry, the document talking about
itself), and fragment titles: the reviewer names each, the proposer drops or repairs it.
Synthetic text only."""

import pytest

from apps.decks.pipeline import defects, lost_text, text, title_defects
from apps.decks.pipeline.propose import bullets
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_review_rules import SENTENCE, _paper, measure, slide_review


def _kinds(bullet: str) -> set[str]:
    slide = Slide(kind="bullets", title="Method", bullets=[bullet, SENTENCE])
    return {i.type for i in slide_review(slide, measure()) if i.evidence.get("index") == 0}


@pytest.mark.parametrize(
    "bullet, kind",
    [
        ("Eq. Eq. Eq. Eq. Kendall's tau is a rank correlation of the two scores", "lost_formula"),
        ("The intercept of model Eq. is still estimated without any bias", "lost_formula"),
        (
            "The interval is exact, i.e., Eq. If both and are fulfilled the test holds",
            "lost_formula",
        ),
        ("The shift takes the value 1 or 2 with equal probabilities $(_{2}^{1})$", "lost_formula"),
        ("Where $\\sigma$ is the conditional variance of the linear statistic", "lost_formula"),
        # a preposition whose inline formula was cut out before a clause
        ("The load on each pier may be represented as where the span is fixed", "lost_formula"),
        ("The bound is tight, as shown in since the error is positive", "lost_formula"),
        (
            # a display cut out after its verb ("… is [formula] with mean …")
            "One form of its probability density function is with mean $\\mu$ and shape $\\theta$",
            "lost_formula",
        ),
        ("The argument follows a multivariate $t$ distribution. $c_{j}V c_{i}$", "lost_formula"),
        ("Far, we have only considered models with a single random intercept", "lost_opening"),
        ("Y, and $B$, it is convenient to include case weights in the model", "lost_opening"),
        ("Frequently used options include: $•$ anonymous, for a blind review", "stray_glyph"),
        ("A bibliography field @online{.. is included for citation of web pages", "stray_glyph"),
        ('The default value for the hole colour of the polygon is "transparent', "stray_glyph"),
        ("Fisher more than 70 years ago", "verbless_fragment"),
        (
            "Grün B, Leisch F (2008). FlexMix Version 2. Journal of Statistical Software",
            "reference_entry",
        ),
        ("The article was originally published as a report of the institute", "meta_text"),
        ("Le but de notre ouvrage est d’exposer les lois que suit cet élément", "other_language"),
        ("The code in this vignette runs on any recent version of the package", "meta_text"),
        ("The basic plotting command and the advanced ones are also discussed", "meta_text"),
        ("We compute the p-values for any set of to determine the rejections", "broken_sentence"),
        (
            "A natural extension is to employ a maximum-type statistic of the form",
            "broken_sentence",
        ),
        ("To see the first few rows of data from the spreadsheet, type", "broken_sentence"),
        ("+} We now apply the function to the list of simulated trees", "stray_glyph"),
        ("Locate the vertices next to the vertex and label them $i + 1$ 4", "stray_glyph"),
        (
            "The coherence improves by assembling the spheres into a chain. quasi-particle",
            "stray_glyph",
        ),
        ("Please also ensure that your document will compile with PDFLT X", "stray_glyph"),
    ],
)
def test_the_reviewer_names_each_lost_part(bullet, kind):
    assert kind in _kinds(bullet), (kind, defects.text_defects(bullet))


@pytest.mark.parametrize(
    "bullet",
    [
        "Equation (3) gives the likelihood of the mixture with two components",
        "Order statistics of the sample give the empirical quantiles directly",
        "Addition of a random slope reaches a coverage of 94% with 200 replicates",
        "The method was proposed by R. A. Fisher for agricultural field trials",
        "Exact conditional null distributions are computed via the shift algorithm",
        "Smith and Jones (2008) report a 20% lower error than the Cox model",
        "Where data are missing, the estimator weights the complete cases",
        "The gauges were moved in 2019, since the harbour was dredged twice that year",
        "The season in which a gauge is read matters as much as where it stands",
        "The estimator of Kaplan and Meier stays unbiased under independent censoring",
        "Men and women, the two groups of the study, show the same response",
        "In marketing choice behaviour is often modelled by price and promotion",
        "The data were prepared for a package of Kleiber and Zeileis (2008) in the Journal",
        "The HC bias correction from Equations 14–17 is specified via type",
        "For each tree it is possible to count the cherries of the topology",
        "The test of Dempster et al. is the one in the package et cetera for la carte menus",
    ],
)
def test_whole_sentences_stay_unflagged(bullet):
    assert not defects.text_defects(bullet), defects.text_defects(bullet)


def test_a_sentence_is_not_split_at_a_persons_initials():
    found = text.sentences(
        "The test goes back to R. A. Fisher more than 70 years ago. It is exact."
    )
    assert found == ["The test goes back to R. A. Fisher more than 70 years ago.", "It is exact."]
    # a variable before a sentence that opens with a common word still ends it
    assert len(text.sentences("We write the outcome as Y. The model is linear.")) == 2


def test_a_line_break_inside_a_hyphenated_name_is_joined():
    assert text.clean("The Kaplan- Meier estimator is consistent") == (
        "The Kaplan-Meier estimator is consistent"
    )


@pytest.mark.parametrize(
    "title, fragment, head",
    [
        (
            "Hyperlinked Titles or Paper Numbers. When the en-",
            True,
            "Hyperlinked Titles or Paper Numbers",
        ),
        (
            "Federal Copyright Notices. Several types of copyright",
            True,
            "Federal Copyright Notices",
        ),
        ("3 regression/ canonical analyses", True, None),
        ("Lines, and Polygon-Polygon overlays require", True, None),
        ("The plot was restricted to a 400 m x", True, None),
        ("Smooth(mypattern)", True, None),
        ("Figure 3", True, None),
        ("Scatterplots of the Portnoy vs. Peng-Huang estimators", False, None),
        ("Censored Quantile Regression Simulation Experiment", False, None),
    ],
)
def test_fragment_titles_are_flagged_and_cut_to_their_head(title, fragment, head):
    assert (title_defects.title_fragment(title) is not None) is fragment
    assert title_defects.title_head(title) == head
    # a heading needs no verb: a title is never a verbless fragment
    assert "verbless_fragment" not in dict(title_defects.title_text_defects(title))


def test_a_fragment_title_is_repaired_with_its_head():
    slide = Slide(
        kind="bullets",
        title="Federal Copyright Notices. Several types of copyright",
        bullets=[SENTENCE, "The option removes the notice from the first page of the paper"],
    )
    issues = [i for i in slide_review(slide, measure()) if i.type == "title_fragment"]
    assert issues
    from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of

    paper = _paper(1)
    deck = deck_of(paper, [Slide(kind="title", title=paper.title), slide])
    issues = [i.model_copy(update={"slide": 2}) for i in issues]
    revised = deck_repair(BuiltinProposer(), paper, deck, issues).deck
    assert revised.slides[1].title == "Federal Copyright Notices"


@pytest.mark.parametrize(
    "bullet",
    [
        "The intercept of model Eq. is still estimated without any bias",
        "Far, we have only considered models with a single random intercept",
        "Fisher more than 70 years ago",
        "Grün B, Leisch F (2008). FlexMix Version 2. Journal of Statistical Software",
    ],
)
def test_the_proposer_never_keeps_a_bullet_that_lost_a_part(bullet):
    # No fix makes these whole: the proposer passes the sentence over for another one.
    assert bullets.rewrite(bullet) is None
    assert bullets.rewrite(SENTENCE) == SENTENCE


def test_detectors_return_the_offending_part():
    assert lost_text.lost_formula("The intercept of model Eq. is still estimated") == "Eq."
    assert lost_text.lost_opening("Far, we have only considered one model") == "Far"
    assert lost_text.verbless_fragment("Fisher more than 70 years ago") == (
        "Fisher more than 70 years ago"
    )


@pytest.mark.parametrize(
    "bullet, kind, rewritten",
    [
        (
            "Theorem 2 The estimator is consistent under mild conditions",
            "stray_glyph",
            "The estimator is consistent under mild conditions",
        ),
        ("Remark 3 (A Sample Remark) This is a remark", "stray_glyph", None),
        ("The three options should make eight possible cases", "unresolved_reference", None),
        (
            "One of its side-effects is to produce topologies in unequal frequencies",
            "unresolved_reference",
            None,
        ),
        (
            "You must typically set both, because the axes keep an equal aspect ratio",
            "leaning_reference",
            None,
        ),
    ],
)
def test_run_in_labels_and_counted_sets_the_slide_never_listed(bullet, kind, rewritten):
    assert kind in dict(defects.text_defects(bullet)), defects.text_defects(bullet)
    assert bullets.rewrite(bullet) == rewritten


@pytest.mark.parametrize("title", ["Example Image", "A Table With Horizontal Lines", "Proof"])
def test_title_case_headings_are_no_stray_labels(title):
    assert not defects.stray_glyph(title)


def test_a_title_cut_after_its_colon_keeps_its_head():
    title = "Even more analysis: Factoring, clustering, and more tuto-"
    assert title_defects.title_fragment(title)
    assert title_defects.title_head(title) == "Even more analysis"


def test_a_display_whose_side_is_only_dots_reads_broken():
    from apps.decks.pipeline import display_math

    assert display_math.display_problem("A > B > C > . .") == "a relation with a side missing"
    assert display_math.display_problem("x_{1} + x_{2} = \\ldots") is not None
    assert display_math.display_problem("y_{i} = \\beta_{0} + \\beta_{1} x_{i}") is None
    lost_sums = "i\\in K \\rho(y_{i}) +_{i\\in L}[w_{i}\\rho(y_{i})] = 0"
    assert display_math.display_problem(lost_sums) == "a sum's limits without its sign"
    assert display_math.display_problem("\\sum_{i\\in K} \\rho(y_{i}) = 0") is None
