"""Round 22: a symbol the paper introduces by the noun phrase it stands beside ("The drift rate
$\\kappa$ of a gauge grows …", "a generator $g$", "the scores $\\theta = (…)$") is introduced in
words as much as one after "let" or before "is the": a bullet using it on a deck that never said
it reads as a formula about nothing. Before, only "let/where/denote …" and "… is the/denotes"
counted, and most of a paper's symbols — introduced by their names — were left to the reader.
The reviewer reports the bullet (undefined_symbol), the loop brings the paper's sentence before
it or leaves it out; a phrase that does something with the formula ("the value of $x$", "the
notation implies $c$"), or a name of a whole expression ("the shared key $g^{ab}$"), introduces
nothing. Sentences are invented (river gauges)."""

from __future__ import annotations

import pytest

from apps.decks.pipeline import symbol_context
from apps.decks.pipeline.loop import revise_round
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_context_symbols import _deck, _issues

KIND = "undefined_symbol"
OPENING = "The river has twelve gauges between the dam and the sea"
DRIFT = "The drift rate $\\kappa$ of a gauge grows with the age of its sensor"
READING = "Each gauge reports a water level every ten minutes"
OLDER = "Gauges older than ten years have a $\\kappa$ twice as large as new ones"


def _paper(*sentences: str) -> Paper:
    return Paper(
        title="Keeping river gauges honest",
        abstract="We describe how river gauges drift and how they are recalibrated.",
        pages=3,
        source_name="gauges.pdf",
        sections=[
            Section(title="Introduction", paragraphs=[f"{OPENING}. {READING}."]),
            Section(title="Drift", paragraphs=[" ".join(f"{s}." for s in sentences)]),
        ],
    )


@pytest.mark.parametrize(
    ("sentence", "key"),
    [
        (DRIFT, "\\kappa"),
        ("Alice and Bob agree on a prime $p$ and a generator $g$ of the group", "g"),
        ("The gain, $G$, of the antenna follows from its area", "G"),
        ("The gauge scores $\\theta = (a, b, c)$ vary from site to site", "\\theta"),
    ],
)
def test_a_symbol_named_by_the_phrase_before_it_is_introduced(sentence, key):
    defined = symbol_context.defined_in(sentence)
    assert defined, sentence
    assert key in defined, (sentence, defined)


@pytest.mark.parametrize(
    "sentence",
    [
        "We plot the value of $\\kappa$ for every gauge",
        "The notation implies $c$ in every row",
        "The gauges then compute the shared key $g^{ab}$ before sending",
        "The sum over $i$ is taken across gauges",
        "The level $h + d$ is corrected twice a day",
    ],
)
def test_a_phrase_doing_something_with_the_formula_introduces_nothing_new(sentence):
    assert not (symbol_context.defined_in(sentence) - {"h"}), sentence
    assert "g" not in symbol_context.defined_in(sentence)


def test_the_reviewer_reports_a_bullet_using_it_and_the_loop_answers_from_the_paper():
    paper = _paper(DRIFT, "It is measured against a reference gauge once a year", OLDER)
    slide = Slide(kind="bullets", title="Drift", bullets=[OPENING, READING, OLDER])
    deck = _deck(paper, slide)
    (issue,) = _issues(deck, paper, 2, KIND)
    assert issue.evidence["index"] == 2
    assert issue.evidence["definitions"][0].startswith("The drift rate $\\kappa$")
    # a deck that said it before has nothing missing
    said = slide.model_copy(update={"bullets": [OPENING, DRIFT, OLDER]})
    assert _issues(_deck(paper, said), paper, 2, KIND) == []
    revised, _changes = revise_round(BuiltinProposer(), paper, [], deck, [issue], [])
    bullets = [b for s in revised.slides for b in s.bullets]
    # the paper's own sentence comes before the bullet, or the bullet goes
    assert OLDER not in bullets or any(
        "drift rate" in b for b in bullets[: bullets.index(OLDER)]
    ), bullets
    assert _issues(revised, paper, 2, KIND) == []
