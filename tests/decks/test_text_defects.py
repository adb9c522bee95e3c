"""Defect classes a reader sees in text drawn from PDFs of any field, on small synthetic inputs:
the reviewer names each, the proposer answers it, and plain sentences stay unflagged."""

import pytest

from apps.decks.pipeline import defects, display_math, text
from apps.decks.pipeline.propose import bullets
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks.test_review_rules import SENTENCE, _paper, measure, slide_review


@pytest.mark.parametrize(
    "bullet, kind",
    [
        ("Rather than the unit interval as in and the logit link", "broken_sentence"),
        ("The variance of the type of denoted as the residual", "broken_sentence"),
        ("The estimator is robust to heteroskedasticity of the", "broken_sentence"),
        ("The steps of the estimation algorithm are the following", "dangling_pointer"),
        ("The sandwich estimator is consistent as shown above", "dangling_pointer"),
        ("Sections 2.3 and 3.7 provide the details of the estimator", "meta_text"),
        ("A slightly modified version of this text has appeared elsewhere", "meta_text"),
        ("The text has been published in a journal of applied statistics", "meta_text"),
        ("In addition to these methods, the package offers diagnostic plots", "dangling_connector"),
        (
            "As described earlier, the estimator is consistent under mild conditions",
            "dangling_connector",
        ),
        ("Another approach draws bootstrap samples of the residuals", "unresolved_reference"),
        ("Each of these methods needs a bandwidth chosen from the data", "unresolved_reference"),
        ("The estimator is robust to heteroskedasticity of unknown form ( , )", "stray_glyph"),
        (". The estimator is robust to heteroskedasticity of unknown form", "dangling_connector"),
        (
            "We saw in the examples above that one multi-state view of the data helps",
            "dangling_pointer",
        ),
        (
            "Age 1 3 5 sex 2 4 6 For this data set the third model makes little sense",
            "table_as_text",
        ),
        (
            "The situation for the moving sums of residuals is different though",
            "dangling_connector",
        ),
        (
            "To test every change point in the sample the appropriate command would be",
            "broken_sentence",
        ),
        (
            "In what follows the estimate of the coefficients is the least squares one",
            "dangling_connector",
        ),
        (
            "The first class includes the cumulative and the moving sum tests",
            "unresolved_reference",
        ),
        (
            "The results of the panel plots are shown and the plot in in the packages",
            "broken_sentence",
        ),
        ("The mean is given by $E[y] = b^{}(\\lambda)$ for every observation", "broken_math"),
        (
            "Previously, this class was used as the example of the whole package",
            "dangling_connector",
        ),
        (
            "With these packages available, why would anybody want yet another one",
            "unresolved_reference",
        ),
        ("It is another $\\mathrm{sp}e_{2}\\mathrm{cial}$ case of the linear model", "broken_math"),
    ],
)
def test_reviewer_names_the_defect_a_reader_sees(bullet, kind):
    slide = Slide(kind="bullets", title="Method", bullets=[bullet, SENTENCE])
    found = {i.type for i in slide_review(slide, measure()) if i.evidence.get("index") == 0}
    assert kind in found, found
    assert bullets.rewrite(bullet) is None or not defects.text_defects(bullets.rewrite(bullet))


def test_plain_sentences_with_calls_idioms_and_variables_are_not_flagged():
    plain = [
        "The function lmer() fits the model with and without random slopes",
        "We fit the model for the given data where a is the intercept",
        "Dummy variables switch the seasonal terms on and off over the sample",
        "The estimator is computed in R with the sandwich package",
        "The density integrates to one: $\\int f(x) \\mathrm{d}x = 1$ over the whole line",
    ]
    assert {t: defects.text_defects(t) for t in plain} == {t: [] for t in plain}


def test_a_pointer_that_is_one_side_of_a_coordination_cannot_just_be_removed():
    # Without "in figure 2" the sentence would read "We saw and the examples above …".
    assert (
        bullets.remove_pointers("We saw in figure 2 and the examples above that views help") is None
    )
    assert bullets.remove_pointers("The sections of the survey describe the data of Table 2") == (
        "The sections of the survey describe the data"
    )

    # a label is a number or one capital letter, never the first letters of the next word:
    # "our Figure 4 and Okafor's" lost "Figure 4 and Ok" ("ourafor's")
    assert (
        bullets.remove_pointers("The gap between our Figure 4 and Okafor's map is the largest")
        is None
    )
    assert bullets.remove_pointers("The gauges agree (see Figs. 3a and 4b) at every site") == (
        "The gauges agree at every site"
    )


@pytest.mark.parametrize(
    ("sentence", "removed"),
    [
        (
            "The gauge network, shown in Figure 2, covers the whole coast of the island",
            "The gauge network covers the whole coast of the island",
        ),
        (
            "The surge model, see Table 3, predicts the heights within ten centimetres",
            "The surge model predicts the heights within ten centimetres",
        ),
        (
            "The surges grew, as shown in Fig. 3, and the harbour walls were raised twice",
            "The surges grew, and the harbour walls were raised twice",
        ),
    ],
)
def test_a_pointer_set_as_an_aside_goes_with_both_its_commas(sentence, removed):
    # one comma left between the subject and its verb reads as a cut: "The network, covers …"
    assert bullets.remove_pointers(sentence) == removed


def test_a_number_left_from_code_output_before_a_sentence_is_stray():
    # (a sentence reading the output out, "The output shows …", is code_pointer: not this one)
    bullet = "0.8 The deviance of the larger model is lower by twelve points on nine df"
    assert defects.stray_glyph(bullet) == "0.8"
    assert bullets.rewrite(bullet) == (
        "The deviance of the larger model is lower by twelve points on nine df"
    )
    assert defects.stray_glyph("12 subjects were tested on each of ten days") is None


def test_a_code_name_is_never_capitalised_and_its_index_is_not_a_citation():
    sentence = "Thus mfit2[2,1] corresponds to males and the endpoint of the first model."
    assert text.condense(sentence) == (
        "Thus mfit2[2,1] corresponds to males and the endpoint of the first model"
    )
    assert bullets.rewrite(text.condense(sentence)) is None
    assert (
        text.condense("Thus, vcovHC computes the covariance matrix of every fitted model.") is None
    )
    assert text.condense("However, the scheduler halves the runtime of every run [12].") == (
        "The scheduler halves the runtime of every run"
    )


def test_fixes_drop_prepositional_connectors_and_refuse_lost_words():
    assert bullets.fix(
        "dangling_connector", "In addition to these methods, the package offers plots"
    ) == ("The package offers plots")
    # The numbers were what the sentence pointed at: without them it reads "as in and".
    assert bullets.fix("equation_number", "The model is fitted as in (10) and (12)") is None
    assert bullets.fix("equation_number", "The model (10) is fitted by least squares") == (
        "The model is fitted by least squares"
    )


@pytest.mark.parametrize(
    "tex, problem",
    [
        (r"\hat{\beta} = (X^{\top} X)^{-1} X^{\top} y", None),
        (r"y_{i} = x_{i}^{\top} \beta + \varepsilon_{i}", None),
        (r"\sum_{i=1}^{n} w_{i} = 1", None),
        (r"y = X\beta + Z b + (", "unbalanced brackets"),
        (r"\sum x_{i} y_{i}", "a line without a relation (a fraction's or sum's parts apart)"),
        (r"i = 1", "a fragment (a limit or a case without its equation)"),
        (r"= X \beta + \varepsilon_{i} + u_{i}", "a relation with a side missing"),
        (r"\Omega = J21 \Sigma + \Psi_{t}", "a script flattened onto the line"),
        (r"V = X \top \Omega X + \Psi_{t}", "a transpose sign off its script"),
        (r"F_{n} = m_{t}\mathrm{ax} \, W_{t} + c", "a word split by a script"),
        (r"s_{n} = \sqrt{} \sigma_{t}", "an empty group"),
        (r"\Omega_{t} = \Psi_{t} + + \Sigma_{t}", "operators without an operand"),
        (r"S_{n} = \sum x_{i} y_{i} + c", "a sum or product without its limits"),
        (r"F_{n} = f(u) \, g(u) du", "an integral without its sign"),
        (r"s_{n} = \surd n \, \sigma_{t}", "a root whose radicand was not rebuilt"),
    ],
)
def test_display_equations_rebuilt_from_glyphs_must_read_whole(tex, problem):
    assert display_math.display_problem(tex) == problem
    assert display_math.clean_tex(tex) is (problem is None)


def test_a_broken_display_equation_is_seen_and_removed():
    broken = Slide(
        kind="bullets", title="Model", bullets=[SENTENCE, SENTENCE], equation=r"= X + \sum y"
    )
    issue = next(i for i in slide_review(broken, measure()) if i.type == "broken_math")
    assert issue.evidence["where"] == "equation" and issue.severity == "medium"
    whole = broken.model_copy(update={"equation": r"y_{i} = x_{i}^{\top} \beta"})
    assert "broken_math" not in {i.type for i in slide_review(whole, measure())}
    deck = SlideDeck(title="P", slides=[Slide(kind="title", title="P"), broken])
    issue = issue.model_copy(update={"slide": 2})
    revised = BuiltinProposer().revise(_paper(1), deck, [issue])
    assert revised.deck.slides[1].equation == "" and revised.changes[0].type == "broken_math"


def test_condense_drops_asides_and_run_in_labels_and_keeps_lists_whole():
    assert text.condense(
        "CUSUM processes: The first type of test uses cumulative sums of recursive residuals."
    ) == ("The first type of test uses cumulative sums of recursive residuals")
    long_aside = (
        "The first example, (1 | subject), is a random intercept that every one of the "
        "eighteen subjects of the sleep deprivation study receives in the fitted model."
    )
    condensed = text.condense(long_aside, 24)
    assert condensed is not None and "(1 | subject)" not in condensed and ", ," not in condensed
    listed = (
        "Displays such as mosaic, association, and sieve plots share one framework in the "
        "package, which lets every display reuse the same shading and labeling functions"
    )
    assert not text.shorten(listed, 16).endswith("association")


def test_bullets_are_chosen_as_statements_of_their_own():
    paragraph = (
        "Ordinary standard errors fail under heteroskedasticity. "
        "This is why robust covariance estimators replace them in applied econometric work today."
    )
    scorer = text.Scorer([paragraph])
    kept = text.key_sentences(
        [paragraph],
        scorer,
        1,
        rewrite=lambda b, previous: bullets.rewrite(b, bullets.Source(previous=previous)),
    )
    assert kept and all(not defects.text_defects(b) for b in kept)
    # A paragraph that goes on after a display equation opens in lower case.
    continued = [
        "The covariance is estimated by the sandwich formula of every fitted model object.",
        "where vcov specifies the covariances either as a matrix or as a function of the model.",
    ]
    continued.append(
        "Three estimators of the covariance are available in the package for this purpose:"
    )
    chosen = text.key_sentences(continued, text.Scorer(continued), 3)
    assert chosen == [
        "The covariance is estimated by the sandwich formula of every fitted model object"
    ]
    assert any(b.startswith("Ordinary") and "; this is why" in b for b in kept), kept


def test_a_bullet_that_points_into_a_figure_needs_the_figure_on_its_slide():
    bullet = "In this plot the share of patients in each state is the gap between two curves"
    text_slide = Slide(kind="bullets", title="States", bullets=[bullet, SENTENCE])
    issue = next(i for i in slide_review(text_slide, measure()) if i.type == "dangling_pointer")
    assert issue.evidence["part"] == "In this plot" and issue.evidence["index"] == 0
    beside = Slide(kind="figure", title="States", figure="fig-1", bullets=[bullet])
    assert "dangling_pointer" not in {i.type for i in slide_review(beside, measure())}
    paragraph = [
        "The share of patients in each state changes with age at diagnosis in the cohort. "
        "The dark blue cell marks a rate that is significant at the one percent level."
    ]
    chosen = BuiltinProposer._bullets(paragraph, text.Scorer(paragraph), set(), 2)
    assert chosen == [
        "The share of patients in each state changes with age at diagnosis in the cohort"
    ]


@pytest.mark.parametrize(
    "bullet",
    [
        "• tobit() is a convenience interface to survreg() for censored data",
        "• ivreg() fits instrumental-variable regressions via two-stage least squares",
        "• vcov_hc returns the sandwich estimate of the covariance",
    ],
)
def test_a_repaired_bullet_keeps_the_case_of_a_code_name_it_opens_with(bullet):
    # Capitalised, "ivreg()" would name a function that does not exist.
    repaired = bullets.strip_stray(bullet)
    assert repaired == bullet.removeprefix("• ")


def test_a_repaired_bullet_of_prose_is_capitalised():
    assert bullets.strip_stray("• the model is fitted by least squares") == (
        "The model is fitted by least squares"
    )


@pytest.mark.parametrize(
    ("bullet", "repaired"),
    [
        (
            "Briefly, the main reasons are that • LC scores are linear combinations of the data",
            "Briefly, the main reasons are that LC scores are linear combinations of the data",
        ),
        (
            "The chapters Ch-Intro, • Ch-Basics, • Ch-Validation each come with their R code",
            "The chapters Ch-Intro, Ch-Basics, Ch-Validation each come with their R code",
        ),
        (
            "The scores are weighted averages $•$ of the species scores in every site",
            "The scores are weighted averages of the species scores in every site",
        ),
    ],
)
def test_the_marks_of_a_list_run_into_one_sentence_are_found_and_removed(bullet, repaired):
    assert defects.stray_glyph(bullet)
    assert bullets.rewrite(bullet) == repaired


@pytest.mark.parametrize(
    ("bullet", "repaired"),
    [
        (
            "88–89: As of version 1.3 of the package, summaries report robust standard errors",
            "As of version 1.3 of the package, summaries report robust standard errors",
        ),
        (
            "214: The likelihood of the production function was printed with a wrong sign",
            "The likelihood of the production function was printed with a wrong sign",
        ),
    ],
)
def test_a_page_reference_before_its_sentence_is_stray_and_removed(bullet, repaired):
    assert defects.stray_glyph(bullet)
    assert bullets.rewrite(bullet) == repaired


def test_a_ratio_inside_a_sentence_is_no_page_reference():
    assert (
        defects.stray_glyph("A ratio of 1:2 was kept between the two groups of the trial") is None
    )


@pytest.mark.parametrize(
    "title, bullet",
    [
        ("Calling $C++$ from a scripting language", "Both parts are compiled with g++."),
        ("A fast core in C++", "The core is written in $C + +$, the interface in Python"),
        ("Two compilers", "The library builds with clang++ and g++, both in their defaults"),
    ],
)
def test_a_language_name_with_plus_signs_is_no_broken_mathematics(title, bullet):
    """'C++', 'g++' (set as a formula of its own or not) are names, not sums missing an
    operand; a formula that ends on its operator still is broken."""
    slide = Slide(kind="bullets", title=title, bullets=[bullet, SENTENCE])
    assert "broken_math" not in {i.type for i in slide_review(slide, measure())}
    broken = Slide(kind="bullets", title=title, bullets=["The sum $a +$ is taken over $b$"])
    assert "broken_math" in {i.type for i in slide_review(broken, measure())}


def test_a_referral_of_the_reader_is_about_the_document_not_its_subject():
    for referral in (
        "For the derivations, the reader is referred to the classic treatises on the subject.",
        "Interested readers are directed to the survey of the field for the proofs.",
    ):
        assert "meta_text" in dict(defects.text_defects(referral))
    assert "meta_text" not in dict(
        defects.text_defects("The signal is referred to the ground plane of the board.")
    )
