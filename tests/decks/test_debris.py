"""Debris of the paper's apparatus never becomes a bullet: the acknowledgements (thanks, funding,
grants, hospitality), wherever they stand, even run on after the conclusions without a heading."""

from __future__ import annotations

import pytest

from apps.decks.pipeline import defects
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose import bullets
from apps.decks.pipeline.propose.builtin import BuiltinProposer

ACKNOWLEDGEMENTS = [
    "We are grateful to J. Novak and P. Lindqvist for discussions and comments on the draft.",
    "The work of K.M. was supported by the Swedish Research Council under grant no. 2019-04411.",
    "K.M. acknowledges the hospitality of the Niels Bohr Institute during the completion of this work.",
    "This research was partially funded by the Norwegian Ministry of Fisheries.",
    "The authors thank the anonymous referees for their careful reading.",
]


@pytest.mark.parametrize("sentence", ACKNOWLEDGEMENTS)
def test_an_acknowledgement_sentence_is_found_and_no_bullet(sentence):
    assert "meta_text" in dict(defects.text_defects(sentence))
    assert bullets.rewrite(sentence) is None


@pytest.mark.parametrize(
    "sentence",
    [
        "Thanks to its sparsity, the solver scales linearly with the number of stations.",
        "The hypothesis is supported by the catches of all three seasons.",
        "We acknowledge that the sample of fishing vessels is small.",
        "Revenue in the hospitality industry fell by a third during the closures.",
    ],
)
def test_a_finding_that_uses_the_same_words_is_no_acknowledgement(sentence):
    assert "meta_text" not in dict(defects.text_defects(sentence))


def test_acknowledgements_run_on_after_the_conclusions_are_no_conclusion_bullets():
    conclusions = (
        "The weighted station model predicts the spring catches within eight percent. "
        "Its error grows with the distance between the stations and the coast. "
        "Seasonal weights reduce the error of the autumn forecasts by a third."
    )
    paper = Paper(
        title="Forecasting coastal catches",
        sections=[
            Section(
                title="Introduction",
                paragraphs=[
                    "Coastal catches vary with the season and the weather at sea. "
                    "We forecast them from the records of forty coastal stations."
                ],
            ),
            Section(title="Conclusions", paragraphs=[conclusions, " ".join(ACKNOWLEDGEMENTS)]),
        ],
        pages=6,
        source_name="catches.pdf",
    )
    deck = BuiltinProposer().propose(paper)
    closing = [s for s in deck.slides if s.role == "conclusion"]
    assert closing and closing[0].bullets
    text = " ".join(b for s in deck.slides for b in s.bullets)
    assert not any(word in text for word in ("grateful", "supported by", "hospitality", "thank"))
