"""A revision's account of what it did is shortened, never refused: a proposer that moves
several long bullets in one step wrote an account over the 300-character limit, and the
validation error failed the whole deck build (no deck at all). The same holds for a reviewer
message that quotes many bullets."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from apps.decks.pipeline.issues import ACTION_LIMIT, TEXT_LIMIT, Change, Issue
from apps.decks.pipeline.propose.llm import PlanChange

MOVES = [
    "moved “Sediment cores taken below the weir held twice the silt of cores…” onto the "
    "slide of its figure",
    "moved “Turbidity peaks followed each spring flood by two to three days…” onto the "
    "slide of its figure",
    "moved “The upstream gauge recorded the highest discharge of the decade in April…” onto "
    "the slide of its figure",
    "moved “Silt fractions were measured by laser diffraction on dried subsamples…” onto the "
    "slide of its figure",
]


def test_a_long_account_of_several_moves_is_shortened_at_a_word():
    account = "; ".join(MOVES)
    assert len(account) > ACTION_LIMIT

    change = Change(issue=0, slide=3, type="figure_reading_apart", action=account)

    assert len(change.action) <= ACTION_LIMIT
    assert change.action.endswith("…")
    assert account.startswith(change.action[:-1])
    assert account[len(change.action) - 1] == " "  # cut between words, not inside one


def test_an_account_within_the_limit_is_kept_whole():
    change = Change(issue=1, slide=2, type="repeated_title", action=MOVES[0])

    assert change.action == MOVES[0]


def test_a_models_own_account_over_the_limit_is_still_refused():
    # The model's output is validated at the boundary: an overlong plan is an error the
    # proposer reports (and falls back from), not something shortened silently.
    with pytest.raises(ValidationError):
        PlanChange(issue=0, action="; ".join(MOVES))


def test_an_issue_quoting_many_bullets_is_shortened_not_refused():
    message = "Bullets that lean on an unshown figure: " + "; ".join(MOVES * 2)

    issue = Issue(slide=2, type="unintroduced_referent", severity="medium", message=message)

    assert len(issue.message) <= TEXT_LIMIT
    assert message.startswith(issue.message[:-1])
