"""A bullet that leans on a sentence no slide shows, on a slide of two bullets, was kept when
nothing could take its place: the loop stopped after round 1 with the medium issue open and no
revision (round 15, loop). The certain repair: the bullet goes and the slide, left thin, goes
with it, its other bullet joining the text slide of its part placed before it, else the next;
when no slide of its part takes it, the bullet stays as before. Sentences are invented."""

from __future__ import annotations

from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.slide_deck import SlideDeck
from tests.decks.test_context_symbols import _deck, _issues
from tests.decks.test_pointing_back import (
    FACT,
    KIND,
    OTHER_HIVES,
    RESULT,
    SHORT_NOTES,
    _paper,
    _slide,
)


def _repaired(paper, deck: SlideDeck, number: int):
    found = [i for i in _issues(deck, paper, number, KIND) if i.severity == "medium"]
    assert [i.evidence["text"] for i in found] == [OTHER_HIVES]
    revision = deck_repair(BuiltinProposer(), paper, deck, found)
    return revision.deck, revision.changes


def test_the_slide_left_thin_goes_into_the_slide_before_of_its_part():
    paper = _paper()
    notes = paper.sections[2].paragraphs[0]  # whose sentences the deck shows or that lean
    deck = _deck(
        paper,
        _slide(RESULT, SHORT_NOTES, title="Results", notes=notes),
        _slide(FACT, OTHER_HIVES, title="Hand weighing", notes=notes),
    )
    revised, changes = _repaired(paper, deck, 3)
    assert [s.bullets for s in revised.slides[1:]] == [[RESULT, SHORT_NOTES, FACT]]
    assert [c.type for c in changes] == [KIND]
    assert changes[0].action.endswith("went to the slide before it, of the same part")


def test_the_slide_left_thin_goes_into_the_next_slide_of_its_part():
    paper = _paper()
    notes = paper.sections[2].paragraphs[0]
    deck = _deck(
        paper,
        _slide(FACT, OTHER_HIVES, title="Hand weighing", notes=notes),
        _slide(RESULT, SHORT_NOTES, title="Results", notes=notes),
    )
    revised, changes = _repaired(paper, deck, 2)
    assert [s.bullets for s in revised.slides[1:]] == [[FACT, RESULT, SHORT_NOTES]]
    assert changes[0].action.endswith("went to the next slide of the same part")
