"""A display formula that ingestion cannot write as TeX, inside a sentence that runs on after
it ("… grows with the square of the speed of the water, [F = ½ρCAu²,] and a frond breaks
when F passes its strength"), on a paper made for these tests
(tests/fixtures/papers/ingest/unreaddisplays, CC0). The display was skipped and the text
before and after it read as one sentence: the formula vanished without a trace and "F" lost
what defines it. It now ends the paragraph as a display that is read does, the line before it
marked as announcing it (":")."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.cut_at_display import mark_cut_paragraphs
from apps.decks.pipeline.loop import revise_round
from apps.decks.pipeline.paper import Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.review import review
from tests.decks.test_review_rules import measure

PDF = settings.BASE_DIR / "tests/fixtures/papers/ingest/unreaddisplays/tessera-unreaddisplays.pdf"


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return paper_read(PDF, tmp_path_factory.mktemp("unread") / "figures")


def test_no_sentence_runs_over_a_display_that_was_not_read(paper):
    paragraphs = [p for s in paper.sections for p in s.paragraphs]
    assert not [p for p in paragraphs if "of the water, and a frond" in p]
    assert "The tearing force grows with the square of the speed of the water:" in paragraphs


def test_the_displays_that_are_read_stay_where_they_were(paper):
    paragraphs = [p for s in paper.sections for p in s.paragraphs]
    assert any(p.endswith("The daily growth can be written as:") for p in paragraphs)
    assert any("after $n$ days is Eq. (1) so that" in p for p in paragraphs)
    assert [e.number for e in paper.equations] == ["", "1"]


def test_no_bullet_glues_the_sentence_after_review_and_a_round(paper):
    deck = BuiltinProposer().propose(paper)
    issues = review(deck, [measure(slide=n) for n in range(1, len(deck.slides) + 1)], paper)
    revised, _changes = revise_round(BuiltinProposer(), paper, [], deck, issues, [])
    for shown in (deck, revised):
        bullets = [b for slide in shown.slides for b in slide.bullets]
        assert not [b for b in bullets if "water, and a frond" in b]


def test_a_line_cut_at_a_display_after_a_comma_announces_it_without_the_comma():
    section = Section(title="Model", paragraphs=["The force grows with the speed of the water,"])
    mark_cut_paragraphs([section], ["The force grows with the speed of the water,"])
    assert section.paragraphs == ["The force grows with the speed of the water:"]
