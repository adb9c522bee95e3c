"""A sentence that introduced code or a snippet ("… you can load the package by putting",
"…, you can instead add") stops at its verb once the code is left out: the reviewer finds a
broken sentence and the proposer makes no bullet of it; the same verbs with their object stay."""

import pytest

from apps.decks.pipeline import defects
from tests.decks.test_unseen_round6 import assert_found_and_dropped


@pytest.mark.parametrize(
    "bullet",
    [
        "If the survey has strata, you can declare them in the design object by putting",
        "To keep the plots in one colour scheme, you can instead add",
        "Before the first run the configuration file must also insert",
        "The cache is cleared at start-up by adding",
    ],
)
def test_a_sentence_cut_before_its_code_is_broken(bullet):
    assert_found_and_dropped("broken_sentence", bullet)


@pytest.mark.parametrize(
    "bullet",
    [
        "The estimates improve by adding more strata to the design",
        "You can add a weight column to the table before fitting",
        "The model is fitted by running the sampler for a day on four cores",
    ],
)
def test_the_same_verbs_with_their_object_are_whole(bullet):
    assert "broken_sentence" not in dict(defects.text_defects(bullet))
