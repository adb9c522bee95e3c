"""A crowded slide showing a display under its lead: the crowding fix gives up the bullets
other than the lead and what the display's symbols are first, and never leaves the display
under its lead alone (a thin slide whose fix would fill it and crowd it again: two fixes
undoing each other round after round)."""

from __future__ import annotations

from apps.decks.pipeline import loop_guard
from apps.decks.pipeline.issues import Issue
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks.test_thin_slides import (
    CONSEQUENCE,
    DEFINITION,
    DISPLAY,
    LEAD,
    _display_slide,
    _paper,
    _thin_issues,
)

COVER = Slide(kind="title", title="T")
# bullets of the part that are neither the display's lead nor what its symbols are
OTHERS = [
    "Stations with long records are given more weight than short ones",
    "Days without any reading are left out before the levels are compared",
    "The combined level is reported with its standard error for every day",
]


def _crowded(slide: int, severity: str = "medium") -> Issue:
    return Issue(slide=slide, type="overlap", severity=severity, message="text overlaps")


def _deck(slide: Slide) -> SlideDeck:
    return SlideDeck(title="T", slides=[COVER, slide])


def test_a_crowded_display_slide_gives_up_its_other_bullets_first():
    paper = _paper(CONSEQUENCE)
    # the lead and the definitions are the longest bullets: cutting the longest would take them
    lead_first = [LEAD, DEFINITION + " over the whole record of the station", *OTHERS]
    slide = _display_slide(paper, lead_first)
    revised = BuiltinProposer().revise(paper, _deck(slide), [_crowded(2)]).deck
    shown = revised.slides[1]
    assert len(shown.bullets) < len(slide.bullets)
    assert shown.equation == DISPLAY and shown.display_lead() == LEAD
    assert lead_first[1] in shown.bullets
    assert _thin_issues(revised, paper) == []


def test_a_crowded_display_slide_is_never_cut_down_to_its_lead():
    paper = _paper(CONSEQUENCE)
    # nothing left to cut but the one bullet under the display: dropping it leaves it thin
    slide = _display_slide(paper, [LEAD, CONSEQUENCE]).model_copy(update={"compact": True})
    revised = BuiltinProposer().revise(paper, _deck(slide), [_crowded(2)]).deck
    assert all(s.bullets != [LEAD] for s in revised.slides)
    assert _thin_issues(revised, paper) == []


def test_a_severely_crowded_display_slide_splits_with_the_display_under_its_lead_once():
    paper = _paper(CONSEQUENCE)
    slide = _display_slide(paper, [OTHERS[0], LEAD, DEFINITION, OTHERS[1], OTHERS[2]])
    revised = BuiltinProposer().revise(paper, _deck(slide), [_crowded(2, "high")]).deck
    showing = [s for s in revised.slides if s.equation]
    assert len(showing) == 1 and showing[0].display_lead() == LEAD
    assert DEFINITION in showing[0].bullets
    assert {b for s in revised.slides for b in s.bullets} >= {LEAD, DEFINITION, *OTHERS}
    assert _thin_issues(revised, paper) == []


def test_the_crowding_and_thin_fixes_do_not_undo_each_other_over_rounds():
    # the display overlaps round after round (a tall display): the slide must lose text each
    # round without turning thin, so the thin fix never puts back what the crowding fix took
    paper = _paper(CONSEQUENCE)
    slide = _display_slide(paper, [LEAD, DEFINITION, CONSEQUENCE, *OTHERS[:1]])
    deck = _deck(slide.model_copy(update={"compact": True}))
    earlier: list[SlideDeck] = []
    for _ in range(4):
        issues = [_crowded(2), *_thin_issues(deck, paper)]
        assert [i.type for i in issues] == ["overlap"], "a display slide left thin"
        revision = BuiltinProposer().revise(paper, deck, issues)
        guarded, _changes = loop_guard.no_reversals(earlier, deck, revision.deck, revision.changes)
        assert guarded == revision.deck, "the loop guard had to undo a revision"
        earlier.append(deck)
        deck = revision.deck
        shown = deck.slides[1]
        assert shown.equation == DISPLAY and shown.display_lead() == LEAD
