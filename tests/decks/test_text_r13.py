"""Round 13's text classes: a demonstrative before a verb is a pronoun subject (the paper's
own slip "This avoid …" is never rewritten "The avoid …")."""

import pytest

from apps.decks.pipeline.propose import bullets

BEFORE = "The script pads each region by ten bases"


@pytest.mark.parametrize(
    "bullet",
    [
        "This avoid false overlaps when one region ends early",
        "This allow users to refit the model",
        "This simplified the nest counts",
        "These prevent double counting of nests",
        # a verb ending in -s after a singular demonstrative ("The agrees with …" was written)
        "This agrees with the counts from the drone survey",
        "That holds for every colony on the island",
    ],
)
def test_a_demonstrative_before_a_verb_is_resolved_like_a_pronoun(bullet):
    rewritten = bullets.resolve_reference(bullet, bullets.Source(previous=BEFORE))
    word = bullet.split()[1]
    assert rewritten is not None and f"The {word}" not in rewritten
    assert rewritten.startswith(BEFORE)  # merged with what it refers to
    # with nothing to merge with, the bullet is left as it is (None), never "The avoid …"
    assert bullets.resolve_reference(bullet, bullets.Source()) is None


def test_a_demonstrative_before_its_noun_still_names_it():
    assert bullets.resolve_reference("This survey counts nests", bullets.Source()) == (
        "The survey counts nests"
    )
    # singular nouns that end in -s are nouns, not verbs
    for noun in ("analysis", "process", "bias", "series", "census"):
        assert bullets.resolve_reference(f"This {noun} counts nests", bullets.Source()) == (
            f"The {noun} counts nests"
        )


# ------------------------------------------------------- false positives of the referent check
from apps.decks.pipeline import antecedents  # noqa: E402


def test_a_generic_definite_after_a_distributive_quantifier_is_not_dangling():
    before = ["The strength of each quokka is modelled by its age and its island"]
    bullet = "A dummy variable tells whether the quokka is on its home island"
    assert antecedents.dangling_phrase(bullet, set(), before) is None
    # one quokka named before: "the quokka" leans on it
    named = ["A quokka named Pip was tagged on the ferry"]
    assert antecedents.dangling_phrase(bullet, set(), named).part == "the quokka"
    # a count picks the things the paper named: still leaning on them
    counted = antecedents.dangling_phrase(
        "Scores are given to the three groups", set(), ["A score is attached to each group"]
    )
    assert counted is not None and counted.part == "the three groups"


def test_an_adjective_joined_by_a_comma_to_another_is_no_head():
    before = ["Each individual test keeps its own level"]
    bullet = "The power is highest for the individual, unadjusted tests of the survey"
    assert antecedents.dangling_phrase(bullet, set(), before) is None
    # a noun before a comma and a clause is still the head
    found = antecedents.dangling_phrase(
        "We read the logbook, which the wardens keep", set(), ["Each gauge has a logbook"]
    )
    assert found is not None and found.part == "the logbook"


def test_a_pronoun_after_a_code_name_in_its_own_bullet_stands_for_it():
    before = ["The wrapper starts a cluster of workers"]
    for bullet in (
        "Workers call startPool() if it was not called yet",
        "Workers call start_pool if it was not called yet",
        "Workers call startPool if it was not called yet",
    ):
        assert antecedents.dangling_pronoun(bullet, before) is None, bullet
    assert antecedents.dangling_pronoun("Workers fail if it was not called", before)
