"""Abbreviations a slide uses before the deck says what they stand for: the paper defines "the
maximum likelihood estimate (MLE)" in its introduction and writes "The MLE of the drift is
biased …" two sections later. The paper is the oracle (an abbreviation it never defines, "a GPS
receiver", is left alone); the deck gives the paper's own long form at its first use. The paper
is written here (glacier stakes, CC0) and built as a real PDF with reportlab, then ingested."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.lib.pagesizes import A4
from reportlab.platypus import Paragraph, SimpleDocTemplate

from apps.decks.pipeline import abbreviations
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.paperfactory import _BODY, _H1, _TITLE
from tests.decks.test_context_symbols import _deck, _issues

KIND = "undefined_abbreviation"
MLE_USE = "The MLE of the drift is biased for stakes that were measured in fewer than three summers"
CV_USE = "The CV error falls by a third when the stakes of the upper basin are added"
GPS_USE = "The positions are read with a GPS receiver that is carried from stake to stake on foot"
SECTIONS = [
    (
        "1 Introduction",
        "Glaciologists drill wooden stakes into the ice and measure where the stakes are every "
        "summer. The stakes move with the ice, so their positions tell how fast the glacier "
        "flows. We estimate the drift of each stake by its maximum likelihood estimate (MLE) "
        f"under a model of steady flow. {GPS_USE}.",
    ),
    (
        "2 Choosing the smoothing",
        "The flow of the ice changes slowly along the glacier, so neighbouring stakes share "
        "their drift. We smooth the drifts along the centre line and choose the width of the "
        "smoothing by cross-validation (CV) over the stakes of the lower tongue. Each stake is "
        "left out in turn and its drift is predicted from the others. The width with the "
        "smallest error is kept for all later years of the survey.",
    ),
    (
        "3 Results",
        f"{MLE_USE}. The bias is removed by pooling the stakes of the same flow band before the "
        f"drift is estimated. {CV_USE} to the smoothing. The glacier flows fastest near its "
        "centre line and slowest at its margins, as expected.",
    ),
    (
        "4 Conclusions",
        "Pooling the stakes of a flow band gives drifts that agree with the satellite record "
        "within a few centimetres a year. The MLE needs at least three summers of readings for "
        "each stake.",
    ),
]


@pytest.fixture(scope="module")
def paper(tmp_path_factory) -> Paper:
    folder = tmp_path_factory.mktemp("abbreviations")
    pdf = folder / "glacier.pdf"
    story = [Paragraph("Estimating the Drift of Glacier Stakes", _TITLE)]
    for heading, body in SECTIONS:
        story += [Paragraph(heading, _H1), Paragraph(body, _BODY)]
    SimpleDocTemplate(str(pdf), pagesize=A4, title="Glacier stakes").build(story)
    return paper_read(Path(pdf), folder / "figures")


def _slide(*bullets: str, title: str = "Results") -> Slide:
    return Slide(kind="bullets", title=title, bullets=list(bullets))


def test_the_paper_defines_its_abbreviations_by_their_long_form(paper):
    defs = abbreviations.definitions(paper)
    assert defs["MLE"].long == "maximum likelihood estimate"
    assert defs["CV"].long == "cross-validation"
    assert "GPS" not in defs  # the paper never says what it stands for


def test_a_bullet_using_an_abbreviation_the_deck_never_defined_is_reported(paper):
    deck = _deck(paper, _slide("Stakes move with the ice.", MLE_USE + ".", GPS_USE + "."))
    (issue,) = _issues(deck, paper, 2, KIND)
    assert issue.severity == "medium"
    assert issue.evidence["index"] == 1
    assert issue.evidence["abbreviations"] == ["MLE"]
    assert "maximum likelihood estimate" in issue.message


def test_only_the_first_use_in_the_deck_is_reported(paper):
    deck = _deck(paper, _slide(MLE_USE + "."), _slide("The MLE needs three summers of readings."))
    assert len(_issues(deck, paper, 2, KIND)) == 1
    assert _issues(deck, paper, 3, KIND) == []


def test_a_deck_that_gave_the_long_form_before_is_not_reported(paper):
    defined = "We estimate the drift by its maximum likelihood estimate (MLE)."
    deck = _deck(paper, _slide(defined, title="Method"), _slide(MLE_USE + "."))
    assert _issues(deck, paper, 3, KIND) == []
    # the long form in the bullet itself says what it is
    deck = _deck(paper, _slide("The maximum likelihood estimate of the drift (MLE) is biased."))
    assert _issues(deck, paper, 2, KIND) == []


def test_the_reviser_gives_the_papers_long_form_at_the_first_use(paper):
    deck = _deck(paper, _slide(MLE_USE + ".", CV_USE + "."))
    found = _issues(deck, paper, 2, KIND)
    assert len(found) == 2
    revision = deck_repair(BuiltinProposer(), paper, deck, found)
    bullets = revision.deck.slides[1].bullets
    assert bullets[0].startswith("The maximum likelihood estimate (MLE) of the drift is biased")
    assert bullets[1].startswith("The cross-validation (CV) error falls by a third")
    assert _issues(revision.deck, paper, 2, KIND) == []


def test_the_first_deck_gives_every_abbreviation_its_long_form(paper):
    deck = BuiltinProposer().propose(paper)
    texts = [b for s in deck.slides for b in s.bullets]
    # the method's sentence defining "cross-validation (CV)" is not on the deck; its results'
    # "The CV error falls …" is
    used = [b for b in texts if abbreviations.uses(b, "CV")]
    assert used, "the deck shows no sentence with the abbreviation: the test says nothing"
    assert used[0].startswith("The cross-validation (CV) error falls")
    for number in range(2, len(deck.slides) + 1):
        assert _issues(deck, paper, number, KIND) == []


def test_a_bracket_that_does_not_spell_the_letters_is_no_definition():
    defs = abbreviations.definitions_in(
        [
            "The stakes were read with a receiver (NVIDIA) in the field.",
            "The survey covered the lower tongue (LT2) and the upper basin (see Table 2).",
            "A hand-held unit (Garmin) was used.",
            # a word of the long form lends no letter: "covariances" is not in "PL"
            "The stakes of each flow band and their panel covariances (PL) agree.",
            # a bracket inside a word: "(RE)ML" is no abbreviation of what comes before
            "The refit function re-estimates the (RE)ML parameters of each stake.",
            # the letters inside words only: "main" lends its "a", not its first letter
            "The readings are retrieved in main memory (RAM) before they are smoothed.",
        ]
    )
    assert defs == {}


def test_a_long_form_lends_its_words_first_letters_and_more():
    defs = abbreviations.definitions_in(
        [
            "We fit an Autoregressive Integrated Moving Average (ARIMA) model to the stakes.",
            "The restricted maximum likelihood (REML) fit and a Hue-Saturation-Value (HSV) "
            "palette were used, with Markov chain Monte Carlo (MCMC) samples of the drift.",
        ]
    )
    assert {k: d.long for k, d in defs.items()} == {
        "ARIMA": "Autoregressive Integrated Moving Average",
        "REML": "restricted maximum likelihood",
        "HSV": "Hue-Saturation-Value",
        "MCMC": "Markov chain Monte Carlo",
    }


@pytest.mark.parametrize(
    ("bullet", "abbr", "long", "expected"),
    [
        # a plural long form read for one thing: the phrase stays one thing
        (
            "We train a 13B LM on the corpus",
            "LM",
            "language models",
            "We train a 13B language model (LM) on the corpus",
        ),
        # the article agrees with the long form, not with the letters
        (
            "It is an MLE of the drift",
            "MLE",
            "maximum likelihood estimates",
            "It is a maximum likelihood estimate (MLE) of the drift",
        ),
        (
            "We fit a HMM to the data",
            "HMM",
            "explicit hidden Markov model",
            "We fit an explicit hidden Markov model (HMM) to the data",
        ),
        # a plural use keeps the plural
        ("LMs grow with data", "LM", "language models", "Language models (LMs) grow with data"),
        # a long form whose singular is not a plain -s stays as the paper wrote it
        (
            "the OLS fit is biased",
            "OLS",
            "ordinary least squares",
            "the ordinary least squares (OLS) fit is biased",
        ),
        ("a TS is split in two", "TS", "time series", "a time series (TS) is split in two"),
        (
            "the PCA of the scores",
            "PCA",
            "principal components analysis",
            "the principal components analysis (PCA) of the scores",
        ),
        # words before the abbreviation that open its long form are not said twice (garbled,
        # round 18: "the maximum maximum likelihood (ML)")
        (
            "the maximum ML fit is biased",
            "ML",
            "maximum likelihood",
            "the maximum likelihood (ML) fit is biased",
        ),
        (
            "a support vector SVM is trained",
            "SVM",
            "support vector machine",
            "a support vector machine (SVM) is trained",
        ),
        # a word that only looks alike stays
        (
            "the minimum ML fit",
            "ML",
            "maximum likelihood",
            "the minimum maximum likelihood (ML) fit",
        ),
    ],
)
def test_the_long_form_agrees_with_the_phrase_it_replaces(bullet, abbr, long, expected):
    definition = abbreviations.Definition(abbr=abbr, long=long, sentence=f"{long} ({abbr})")
    assert abbreviations.with_definition(bullet, definition) == expected


def test_a_long_form_given_for_one_thing_counts_as_the_definition():
    # round 16's final check: "a 13B LM" became "a 13B language model (LM)", the check looked
    # for the paper's plural "language models", did not find it, and each round wrapped one more
    # long form around the last ("large language model (large language model (…")
    definition = abbreviations.Definition(abbr="LM", long="language models", sentence="")
    once = abbreviations.with_definition("We train a 13B LM on the corpus", definition)
    assert abbreviations.defines(once, definition)
    assert not abbreviations.undefined_in(
        [Slide(kind="bullets", title="Training", bullets=[once])], {"LM": definition}
    )


@pytest.mark.parametrize(
    "bullet, glossed",
    [
        # the bullet says what the abbreviation is in a bracket after it, in the long form's
        # words: expanded again it read "directed CFG (DCFG) (directed)" (garbled, round 19)
        ("A grammar is a CFG (undirected) or a DCFG (directed)", True),
        ("We fit the WLS (weighted) and the OLS estimates", True),
        # a bracket of other words (a count, a citation) is no gloss: the long form is given
        ("The DCFG (12 rules) parses the corpus", False),
        ("The DCFG (see Knuth) parses the corpus", False),
    ],
)
def test_an_abbreviation_glossed_in_a_bracket_is_not_expanded_again(bullet, glossed):
    long = "weighted least squares" if "WLS" in bullet else "directed context-free grammar"
    abbr = "WLS" if "WLS" in bullet else "DCFG"
    definition = abbreviations.Definition(abbr=abbr, long=long, sentence="")
    expanded = abbreviations.with_definition(bullet, definition)
    assert (expanded == bullet) is glossed
    assert abbreviations.defines(bullet, definition) is glossed
