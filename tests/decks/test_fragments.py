"""Bullets that are no statement of their own: fragments (a clause without its main clause, a
phrase that continued the sentence before, a verb without its subject, an aside in brackets),
sentences that narrate code or output the slide does not show, console output glued before a
sentence, and holes a lost formula left in the grammar. The reviewer names each class; the
builtin proposer drops the bullet (or strips the output) and the slide gets another sentence of
its section. Sentences of many shapes and fields, both defective and sound: a rule that drops a
good finding fails here too."""

from __future__ import annotations

import pytest

from apps.decks.pipeline import clause_shape, defects, fragments, lost_text
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose import bullets
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.review import review
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_review_rules import measure


def kinds(bullet: str) -> set[str]:
    return {kind for kind, _ in defects.text_defects(bullet)}


def assert_found_and_dropped(kind: str, bullet: str) -> None:
    assert kind in kinds(bullet), defects.text_defects(bullet)
    assert bullets.rewrite(bullet) is None


# ------------------------------------------------------------------------------- fragments

FRAGMENTS = [
    # a condition or a subordinate clause with no main clause
    "If $W$ and $C$ are independent and each follow an exponential distribution with rate one",
    "If the soil samples were dried at sixty degrees for two days before the weighing",
    "When the reactor temperature exceeds the threshold set by the operators of the plant",
    "Although the voters in rural districts turned out in larger numbers than expected",
    "Because the sensors drift over the months of a long deployment in salt water",
    "Whenever a patient misses two visits in a row and the nurse cannot reach them",
    # a phrase that continued the sentence before it
    "With taxonomic levels where $w_{ij} = 1$ if species $i$ and $j$ belong to the same group",
    "With phylogenetic distances among species, where $d_{ij}$ are distances on a tree",
    "Blithely writing a formula in terms of $V^{-1}$ when $V$ is $n \\times n$",
    "For every household in the panel whose income fell below the poverty line",
    "Under the assumption that the errors of the two instruments are independent",
    "Assuming $N(0) = 0$ and $S(t) = 0$ as long as the process has not started",
    "Starting from the estimate of the previous iteration, with the step size halved",
    # a verb with no subject
    "Will discuss how to retrieve the sequences from the public database",
    "Shall be used only when the counts are large enough for the approximation",
    # an aside in brackets
    "(the normalizing constant changes, but the shape of the density does not)",
    "(see the discussion of the boundary cases in the previous chapter",
]


@pytest.mark.parametrize("bullet", FRAGMENTS)
def test_a_fragment_is_found_and_dropped(bullet):
    assert_found_and_dropped("fragment", bullet)


STATEMENTS = [
    # openers followed by their main clause, with and without a comma
    "If the sample is small, the bootstrap underestimates the variance by 20%",
    "When the sample is small the bootstrap underestimates the variance",
    "If $n = 803$ it will be necessary to run the first iteration twice",
    "When $\\chi = 0$ the variables are asymptotically independent",
    "Although the effect is small, it is consistent across all twelve sites",
    "Because the sensors drift, the calibration is repeated every month",
    "With ten replicates the estimated coverage reaches 94% for every design",
    "In this model the slopes vary between schools but not within them",
    "For large samples the two estimators converge to the same limit",
    "Under the null hypothesis, the statistic follows a chi-squared distribution",
    "Using the bootstrap, we estimate the variance of the median income",
    "By default, all functions (except those for the Pareto law) use a rate parameter",
    "For a three-way table, Zeileis et al. (2007) use a conditional test of independence",
    "Starting from the previous estimate halves the number of iterations",
    "Unconstrained ordination uses as examples correspondence analysis and scaling",
    # a gerund as the subject, its verb after a subordinate clause
    "Writing the formula in terms of $V$ is wasteful when $V$ is large",
    "Considered as a density, the likelihood integrates to one",
    # an imperative main clause
    "If $a > 1$, apply step 1 again after substituting $n$ by $a$",
    "To compare the two fits, use the likelihood ratio test of the nested models",
    # names and months that look like a modal
    "May is the wettest month at all four stations of the network",
    "Will Hunting solved the problem on the blackboard of the corridor",
    # brackets inside a sentence that stands
    "The slope (in metres per year) doubled after the dam was built",
    "(For backward compatibility, the old interface is kept.)",
    # a question is another class (unanswered_question), not a fragment
    "If the prior is improper, is the posterior still proper?",
]


@pytest.mark.parametrize("bullet", STATEMENTS)
def test_a_statement_is_no_fragment(bullet):
    assert "fragment" not in kinds(bullet), fragments.fragment(bullet)


def test_a_relation_in_a_formula_is_a_clause_but_not_after_a_preposition():
    shape = clause_shape.shape("If $n = 5$ there are three topologies")
    assert shape.tokens[1] == "XR" and 1 in shape.verbs
    shape = clause_shape.shape("For $x > 0$ and where the density is positive")
    assert 1 not in shape.verbs


# -------------------------------------------------------------------------- code pointers

CODE_POINTERS = [
    "The code below plots the raw data on the log scale for both axes",
    "The second code chunk uses maximum likelihood for the parametric models",
    "The following code simulates reads with adapter fragments at either end",
    "Before we begin, lets set the masks back to being NULL again",
    "Let's now load the survey design and look at the weights",
    "This snippet computes the distances between every pair of sequences",
    "The output above lists the coefficients of the three models",
    "We define a rseed so that the simulation can be repeated",
    "We first create a new object holding the alignment and its masks",
]


@pytest.mark.parametrize("bullet", CODE_POINTERS)
def test_a_sentence_narrating_code_the_slide_does_not_show_is_found_and_dropped(bullet):
    assert_found_and_dropped("code_pointer", bullet)


NOT_CODE = [
    "The genetic code is read three bases at a time by the ribosome",
    "Setting the scoreOnly argument to TRUE more than halves the computation time",
    "One difficulty is the unknown length of the output of the simulation",
    "We define a distance between two trees as the number of splits they do not share",
    "We set the significance level at 5% for every comparison",
    "Call centres with longer queues lose 30% more customers",
    "First of all, there are 72 experiments in the original study and 81 in ours",
    "Vegan runs serially, and you can set the seed of the random number generator",
]


@pytest.mark.parametrize("bullet", NOT_CODE)
def test_a_statement_about_software_or_codes_is_no_code_pointer(bullet):
    assert "code_pointer" not in kinds(bullet), fragments.code_narration(bullet)


# ---------------------------------------------------------------------------- stray output


@pytest.mark.parametrize(
    "bullet, kept",
    [
        (
            "8 1143 One example is the alignment read with the ape package",
            "One example is the alignment read with the ape package",
        ),
        (
            "0 1 37018 16784 For short reads the aligner finds two perfect matches",
            "For short reads the aligner finds two perfect matches",
        ),
        (
            "10 34459425 With ten labeled tips a binary tree has 34 million topologies",
            "With ten labeled tips a binary tree has 34 million topologies",
        ),
        (
            "1143 Here the model converges after twelve iterations",
            "The model converges after twelve iterations",  # and the connector goes too
        ),
    ],
)
def test_console_output_before_a_sentence_is_found_and_removed(bullet, kept):
    assert "stray_output" in kinds(bullet), defects.text_defects(bullet)
    assert bullets.rewrite(bullet) == kept


@pytest.mark.parametrize(
    "bullet",
    [
        "2010 Census data show a shift of 3% towards the cities",
        "12 Monkeys were trained on the task before the recordings",
        "95% of the intervals cover the true value at $n = 50$",
        "3.5 million people live in the catchment of the river",
    ],
)
def test_a_number_that_belongs_to_the_sentence_stays(bullet):
    assert "stray_output" not in kinds(bullet)


# ----------------------------------------------------------------- holes of lost formulas

HOLES = [
    "The arises in Bayesian inference whenever the prior is improper",
    "The estimator is defined by where $N_{\\eta}$ counts the events",
    "Considered as an unnormalized density (which it is), does not change at all",
    "Since the chain is reversible, has the same stationary distribution",
    "The posterior mean of can be shrunk towards the prior mean",
    "In this case the converges to zero at the rate of the sample size",
    "The unnormalized density of the joint distribution is This joint density is a product",
    "The likelihood of the mixture becomes We maximise it over the weights",
    "The normal approximation of the cdf, that is where $\\mu_{S} = E[S]$ is the mean",
    # a display announced with a colon and lost, the condition after it closing the sentence
    "If the queue starts empty, then we write: when finite",
    "With the gauge read hourly the mean level becomes: for all $t > 0$",
]


@pytest.mark.parametrize("bullet", HOLES)
def test_a_hole_left_by_a_lost_formula_is_found_and_dropped(bullet):
    assert_found_and_dropped("lost_formula", bullet)


@pytest.mark.parametrize(
    "bullet",
    [
        "One example of where the method fails is a chain with two modes",
        "The results in Table 2 favour the second model by a wide margin",
        "The estimates of the slope agree to the second decimal place",
        "Considered as a density, the likelihood integrates to one",
        "The model, which fits the data well, is the simplest of the three",
        "The means of the two groups differ by 4 points",
        "More women were admitted than would be expected under independence",
        "The estimate is biased in the tails, that is, where the data are sparse",
        "The reference is The R Project for Statistical Computing, version 4",
        "What matters is This American Life's audience, not its length",
        "The gauge works in two steps: when the weir is dry, it reads zero",
        "Two cases are treated apart: where the river floods and where it runs dry",
    ],
)
def test_a_sound_sentence_has_no_hole(bullet):
    assert lost_text.math_hole(bullet) is None


# ------------------------------------------------------------------- reviewer and proposer


def test_the_reviewer_flags_each_class_with_a_documented_type():
    from django.conf import settings

    slide = Slide(
        kind="bullets",
        title="Method",
        bullets=[FRAGMENTS[0], CODE_POINTERS[0], "8 1143 One example is the alignment", HOLES[0]],
    )
    paper = Paper(title="A paper", pages=1, source_name="paper.pdf")
    deck = deck_of(paper, [Slide(kind="title", title="A paper"), slide])
    found = {i.type for i in review(deck, [measure(slide=1), measure(slide=2)], paper)}
    assert {"fragment", "code_pointer", "stray_output", "lost_formula"} <= found
    documented = (settings.BASE_DIR / "docs" / "decks.md").read_text()
    for kind in ("fragment", "code_pointer", "stray_output"):
        assert f"| `{kind}` |" in documented


GOOD = [
    "The treated plots yielded 18% more grain than the control plots",
    "Nitrogen uptake doubled in the second year of the trial",
    "The effect of irrigation was smaller on sandy soils than on clay",
]


def test_the_proposer_replaces_a_fragment_with_another_sentence_of_its_section():
    section_text = (
        "With taxonomic levels where the plots share a block and a treatment. "
        + " ".join(s + "." for s in GOOD)
    )
    paper = Paper(
        title="Irrigation and yield",
        sections=[Section(title="Results", paragraphs=[section_text])],
        pages=1,
        source_name="paper.pdf",
    )
    slide = Slide(
        kind="bullets",
        title="Results",
        bullets=[FRAGMENTS[6], GOOD[0]],
        notes=section_text,
    )
    deck = deck_of(paper, [Slide(kind="title", title=paper.title), slide])
    issues = review(deck, [measure(slide=1), measure(slide=2)], paper)
    assert any(i.type == "fragment" for i in issues)
    revised = deck_repair(BuiltinProposer(), paper, deck, issues)
    after = revised.deck.slides[1].bullets
    assert FRAGMENTS[6] not in after
    assert len(after) >= 2 and set(after) <= set(GOOD)
    assert any(c.type == "fragment" for c in revised.changes)


def test_a_sentence_ends_at_a_word_that_ends_like_an_abbreviation():
    # "al." is "et al."; "trial." and "interval." end their sentences (two sentences were one
    # bullet).
    from apps.decks.pipeline.text import sentences

    found = sentences("Yield rose in the trial. The interval. Smith et al. agree.")
    assert found == ["Yield rose in the trial.", "The interval.", "Smith et al. agree."]


@pytest.mark.parametrize(
    "pointer",
    ["ref. [12]", "Ref. [12]", "eq. (3)", "Eqn. 3", "Sect. 2", "fig. 4", "Thm. 1", "pp. 3-9"],
)
def test_a_sentence_goes_on_after_a_pointer_abbreviation(pointer):
    # "… that CMS reports in ref. [12] agree …" was cut after "ref." into two sentences, and
    # the slide showed "… that CMS reports in ref".
    from apps.decks.pipeline.text import sentences

    found = sentences(f"The values that we compare with {pointer} agree well. A second sentence.")
    assert found == [f"The values that we compare with {pointer} agree well.", "A second sentence."]


def test_a_slide_left_with_too_little_gets_a_finding_from_further_in_its_section():
    # The slide's notes keep only the opening of its section; the section's clean sentences
    # come later. The fragment's place goes to one of them, a finding first.
    opening = " ".join(
        f"With the plots of block {n} where the soil was sampled." for n in range(40)
    )
    later = "Plots were weeded by hand twice a season. " + " ".join(s + "." for s in GOOD)
    paper = Paper(
        title="Irrigation and yield",
        sections=[Section(title="Results", paragraphs=[opening, later])],
        pages=1,
        source_name="paper.pdf",
    )
    slide = Slide(
        kind="bullets",
        title="Results",
        bullets=[FRAGMENTS[6], GOOD[1]],
        notes=" ".join(paper.sections[0].paragraphs)[:1500],
    )
    assert GOOD[0] not in slide.notes
    deck = deck_of(paper, [Slide(kind="title", title=paper.title), slide])
    issues = review(deck, [measure(slide=1), measure(slide=2)], paper)
    after = deck_repair(BuiltinProposer(), paper, deck, issues).deck.slides[1].bullets
    assert FRAGMENTS[6] not in after
    assert after == [GOOD[1], GOOD[0]]  # "18% more grain than …" before the other sentences
