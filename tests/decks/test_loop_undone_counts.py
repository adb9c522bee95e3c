"""A fix a guard undoes is not counted (round 23): `no_reversals` gives back a slide that a
revision would return to an earlier round's state and drops the changes claimed on that slide,
but a deck-level change (a thin deck's captions stated on its bare figure slides, a gallery's
statements) names no slide: it stayed in the round's changes though the deck showed nothing of
it, and the round counted its finding fixed. Through the loop's revise step on a deck of our
own that oscillates: statements stated (round 1 → 2), taken off for a narrow figure (2 → 3),
stated again (3 → 4: the deck of round 2, refused)."""

from __future__ import annotations

from apps.decks.pipeline.issues import Issue
from apps.decks.pipeline.loop import revise_round
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.review import deck_rules
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_deck_structure import _issues
from tests.decks.test_loop_oscillation import _narrow, _paper_and_bare_deck


def test_a_deck_level_fix_no_reversals_undid_is_not_claimed():
    paper, round1 = _paper_and_bare_deck()
    proposer = BuiltinProposer()
    round2, _ = revise_round(
        proposer, paper, [], round1, _issues(round1, paper, rule=deck_rules.thin_deck)
    )
    round3, changes = revise_round(proposer, paper, [], round2, _narrow(round2))
    assert {c.type for c in changes} == {"figure_narrow"}  # the statements taken off
    thin = _issues(round3, paper, rule=deck_rules.thin_deck)
    assert [i.type for i in thin] == ["thin_deck"]
    # another fix of the same revision stands (a citation taken out of a slide's title)
    cited = Slide(
        kind="bullets",
        title="Probe wiring [3]",
        bullets=["Each probe is wired to the logger by a shielded cable"] * 1
        + ["The logger stores one reading every ten minutes", "Batteries last one season"],
    )
    round3 = round3.model_copy(update={"slides": [*round3.slides, cited]})
    citation = Issue(
        slide=len(round3.slides),
        type="title_citation",
        severity="medium",
        message="the title carries a citation",
        evidence={"where": "title", "text": cited.title, "part": "[3]"},
    )
    refused: list[dict] = []
    round4, changes = revise_round(
        proposer, paper, [round1, round2], round3, [*thin, citation], refused
    )
    assert round4.slides[:-1] == round3.slides[:-1]  # stating them again: round 2's deck
    assert round4.slides[-1].title == "Probe wiring"
    # only the fix the deck shows is claimed: the statements' change is not counted
    assert [c.type for c in changes] == ["title_citation"]
    assert any(r["guard"] == "undone_by_guards" for r in refused)
