"""Bullets that name a problem, or a need, and leave what it is to the paper's next sentences
(pipeline/cut_points.unstated_point, review/cut_rules.py), on a report made for these tests
(tests/fixtures/papers/ingest/unstated, CC0; every sentence invented):

- "The shelf mark also presents a problem for sorting the new records.", "A second difficulty
  arises for …", "Problems can also occur with …", "Checking a book out by its title is not enough!" shown without the sentence
  after them are `unstated_point` findings, repaired through the loop with the two sentences
  joined ("…: old shelf marks mix …") or, when that is too long, by leaving the bullet out;
- a problem stated in the sentence (a colon), one that is a copula's predicate ("Lost cards are
  a major issue …"), a task ("solves a problem of space"), one pointing back ("Problems of this kind …"), and a problem whose statement is the
  slide's next bullet are none."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline import cut_points, text
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.loop import revise_round
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.review.registry import SLIDE_RULES, SlideContext
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_review_rules import measure

PDF = (
    settings.BASE_DIR
    / "tests"
    / "fixtures"
    / "papers"
    / "ingest"
    / "unstated"
    / "tessera-unstated.pdf"
)
SHELF = "The shelf mark also presents a problem for sorting the new records."
BOUND = "A second difficulty arises for books that were bound together in one volume."
SLIPS = "The old loan slips present a problem for the yearly count."
OLD_CARDS = "Problems can also occur with very old cards."
TITLE_ONLY = "Checking a book out by its title is not enough!"
STATED = "The drawers posed a challenge: readers could not search them by author."
PREDICATE = "Lost cards are a major issue for the volunteers who run the desk."
POINTING_BACK = "Problems of this kind were rare after the first month."
TASK = "The reading room solves a problem of space by lending the atlases only for the day."


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return paper_read(PDF, tmp_path_factory.mktemp("unstated"))


def _sentence(paper, opening: str) -> str:
    return next(
        s
        for sec in paper.sections
        for p in sec.paragraphs
        for s in text.sentences(p)
        if s.startswith(opening)
    )


@pytest.mark.parametrize("sentence", [SHELF, BOUND, OLD_CARDS, TITLE_ONLY])
def test_a_sentence_naming_a_problem_the_next_one_states_is_an_unstated_point(paper, sentence):
    assert _sentence(paper, sentence[:30]) == sentence  # the report reads as written
    found = cut_points.cut_points(sentence.rstrip(".!"), paper, [])
    assert found is not None and found.kind == "unstated_point"


def test_the_repair_joins_the_statement_when_short_and_gives_up_when_long(paper):
    shelf = cut_points.cut_points(SHELF.rstrip("."), paper, [])
    assert shelf.repair == (
        "The shelf mark also presents a problem for sorting the new records: old shelf marks "
        "mix letters and numbers without a fixed width, so a plain sort puts shelf 10 before "
        "shelf 9"
    )
    # the next paragraph may open another point: "X: Y" would say Y is the problem
    slips = cut_points.cut_points(SLIPS.rstrip("."), paper, [])
    assert slips.kind == "unstated_point" and slips.part.startswith("The library opens at nine")
    assert slips.repair == ""
    bound = cut_points.cut_points(BOUND.rstrip("."), paper, [])
    assert bound.part.startswith("Such a volume has one card per title")
    assert bound.repair == ""  # joined it would be over 40 words: the bullet goes


@pytest.mark.parametrize("sentence", [STATED, PREDICATE, TASK, POINTING_BACK])
def test_a_problem_stated_or_no_news_is_no_finding(paper, sentence):
    assert _sentence(paper, sentence[:30]) == sentence
    found = cut_points.cut_points(sentence.rstrip("."), paper, [])
    assert found is None or found.kind != "unstated_point"


def test_a_problem_whose_statement_is_the_next_bullet_is_no_finding(paper):
    statement = _sentence(paper, "Old shelf marks mix letters")
    assert cut_points.cut_points(SHELF.rstrip("."), paper, [statement]) is None
    # a later sentence shown after it is no statement of the problem: still unstated
    later = _sentence(paper, "The records are therefore sorted")
    found = cut_points.cut_points(SHELF.rstrip("."), paper, [later])
    assert found is not None and found.kind == "unstated_point"


def _deck(paper, slide: Slide):
    return deck_of(paper, [Slide(kind="title", title=paper.title), slide])


def _issues(deck, paper, kind: str):
    context = SlideContext(2, deck.slides[1], measure(slide=2), deck, paper)
    return [i for rule in SLIDE_RULES for i in rule(context) if i.type == kind]


def test_the_loop_states_the_problem_or_drops_the_bullet_and_the_reviewer_is_satisfied(paper):
    other = _sentence(paper, "Each card was typed into a form")
    slide = Slide(
        kind="bullets",
        title="Moving the cards",
        bullets=[other, SHELF.rstrip("."), BOUND.rstrip(".")],
        notes=" ".join(paper.sections[1].paragraphs) if len(paper.sections) > 1 else "",
    )
    deck = _deck(paper, slide)
    found = _issues(deck, paper, "unstated_point")
    assert [i.evidence["index"] for i in found] == [1, 2]
    assert {i.severity for i in found} == {"medium"}

    revised, changes = revise_round(BuiltinProposer(), paper, [], deck, found, [])
    bullets = revised.slides[1].bullets
    assert bullets[0].rstrip(".") == other.rstrip(".")  # the other bullet stays
    assert any(b.startswith(SHELF.rstrip(".") + ": old shelf marks mix") for b in bullets)
    assert not any(b.startswith("A second difficulty arises") for b in bullets)
    assert _issues(revised, paper, "unstated_point") == []
