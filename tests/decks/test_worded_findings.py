"""Findings stated in words (issue #14): a ranking, a margin, two measures set against each
other, a gain over a rival, a verdict — each is the abstract's headline; a background
superlative, a time span, what was built or compared, and a plan are not findings."""

from __future__ import annotations

import pytest

from apps.decks.pipeline import headline
from apps.decks.pipeline.paper import Paper, Section

FINDINGS = [
    "Recall is highest with the dense index and lowest with the keyword index.",
    "Our tagger surpasses the best baseline by 4.2 % on all three corpora.",
    "The tagger achieves 93.1 % against 88.4 % for the rule-based tagger.",
    "The two-stage estimator improves the coverage over the plain bootstrap.",
    "The best results are obtained with the smallest step size and the dense index.",
    "The sparse solver performs best on every matrix of the collection.",
    "Ordering the rows by degree is superior to the natural ordering of the rows.",
]
NOT_FINDINGS = [
    "Part-of-speech tagging is the most common among the steps of a text pipeline.",
    "The taggers of this kind have improved over the years.",
    "We propose an improvement on the classical method of tagging.",
    "We compare the tagger against the rule-based tagger on three corpora.",
    "Future work will show whether the tagger performs best on other languages.",
]


def _paper(sentence: str) -> Paper:
    abstract = (
        "Taggers label each word of a text with its part of speech. We present a tagger that "
        f"reads the whole sentence before it labels a word. {sentence}"
    )
    sections = [Section(title="Introduction", paragraphs=["Taggers label words."])]
    return Paper(title="Tags", pages=4, source_name="t.pdf", abstract=abstract, sections=sections)


@pytest.mark.parametrize("sentence", FINDINGS)
def test_a_finding_stated_in_words_is_the_headline(sentence):
    found = headline.headline(_paper(sentence))
    assert found is not None, sentence
    assert found.bullet.rstrip(".") in sentence, found.bullet


@pytest.mark.parametrize("sentence", NOT_FINDINGS)
def test_a_statement_that_is_no_finding_is_never_the_headline(sentence):
    assert headline.headline(_paper(sentence)) is None, sentence
