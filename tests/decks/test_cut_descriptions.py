"""A bullet that brings a thing in by an indefinite phrase and stops where the paper's
sentence says what that thing is or does (", which …"): it names a thing and says nothing of
it (cut text, set 16). Reported `cut_short`, repaired with the paper's own rest of the
sentence. A "which" about the whole statement (", which makes …") completes nothing."""

from __future__ import annotations

import pytest

from apps.decks.pipeline import cut_points
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.review import review
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_review_rules import measure

SENTENCES = [
    "Besides the two pumps of each station, the new design adds a third pump, which runs only "
    "when the river rises above its banks.",
    "Because of the long rains, it was impossible to find a dry field, which made the survey "
    "slow in every district.",
    "The old design already had the third pump, which was never switched on in the dry years.",
]


def _paper() -> Paper:
    return Paper(
        title="Pumping stations",
        sections=[Section(title="Design", paragraphs=[" ".join(SENTENCES)])],
        pages=1,
        source_name="pumps.pdf",
    )


def test_a_bullet_cut_before_what_its_new_thing_does_is_found_with_its_repair():
    found = cut_points.cut_points("The new design adds a third pump", _paper(), [])
    assert found is not None and found.kind == "cut_short"
    assert found.part.startswith("description: which runs only when the river rises")
    assert found.repair == (
        "The new design adds a third pump, which runs only when the river rises above its banks"
    )


@pytest.mark.parametrize(
    "bullet",
    [
        # a "which" about the whole statement
        "Because of the long rains, it was impossible to find a dry field",
        # a definite phrase: the thing was named before, the clause only adds to it
        "The old design already had the third pump",
    ],
)
def test_a_whole_statement_is_not_cut(bullet):
    found = cut_points.cut_points(bullet, _paper(), [])
    assert found is None or not found.part.startswith("description")


def test_the_loop_shows_the_bullet_with_what_its_thing_does():
    paper = _paper()
    cut = "The new design adds a third pump"
    slide = Slide(kind="bullets", title="Design", bullets=[cut, "Each station has two pumps"])
    deck = deck_of(paper, [Slide(kind="title", title=paper.title), slide])
    issues = review(deck, [measure(slide=1), measure(slide=2)], paper)
    assert any(i.type == "cut_short" and i.evidence["index"] == 0 for i in issues)
    after = deck_repair(BuiltinProposer(), paper, deck, issues).deck.slides[1].bullets
    assert after[0] == (
        "The new design adds a third pump, which runs only when the river rises above its banks"
    )
