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
