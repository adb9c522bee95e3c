"""Names and sentences cut short, on a paper made for these tests
(tests/fixtures/papers/ingest/cutnames, CC0; every sentence invented):

- a name the paper hyphenates throughout ("zor-quill-mark"), broken across a line at its first
  hyphen, keeps that hyphen (ingest/words.compound): it never reads as another word;
- a list's lead cut where its sentence gives the items ("… come in two forms" of "… come in two
  forms — there are …") is a list_lead repaired with the whole sentence (cut_points.list_lead);
- a bullet that ends inside a word of the paper ("… provided by E" of "… provided by Ed
  Wolbers (…)") is a cut_word repaired with the word whole up to its clause's end
  (cut_points.cut_word);
- a display set in text fonts, read as paragraphs: a bullet that ends where it begins ("… we
  find that Fold g e []") or one of its lines ("(Mark y (Place o x ys))") is a display_tail
  and goes (cut_points.display_tail); a numbered item repaired whole leaves its number out; and a slide's notes, a source of the loop's bullets, are never cut
  inside a sentence (text.whole_sentences)."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline import cut_points, text
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.layout import join_lines
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.review.registry import SLIDE_RULES, SlideContext
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_review_rules import measure

PDF = (
    settings.BASE_DIR
    / "tests"
    / "fixtures"
    / "papers"
    / "ingest"
    / "cutnames"
    / "tessera-cutnames.pdf"
)
FORMS_LEAD = "The marks of zor-quill-mark come in two forms"
CUT_NAME = "Many rules in this package are based on notes provided by E"


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return paper_read(PDF, tmp_path_factory.mktemp("cutnames"))


def _paragraphs(paper) -> list[str]:
    return [p for s in paper.sections for p in s.paragraphs]


def test_a_hyphenated_name_broken_at_its_first_hyphen_keeps_it(paper):
    paragraphs = _paragraphs(paper)
    assert any("Instead, zor-quill-mark pins every mark" in p for p in paragraphs)
    assert not [p for p in paragraphs if "zorquill" in p.lower()]


def test_a_line_end_hyphen_stays_only_where_the_paper_prints_the_name_hyphenated():
    assert join_lines(["an experi-", "ment-based view"], {"an"}) == "an experiment-based view"
    assert join_lines(["Instead, zor-", "quill-mark pins"], {"zor-quill-mark"}) == (
        "Instead, zor-quill-mark pins"
    )


def test_a_lead_cut_before_the_items_its_sentence_gives_is_shown_whole(paper):
    found = cut_points.cut_points(FORMS_LEAD, paper, [])
    assert found is not None and found.kind == "list_lead"
    assert found.repair.startswith(f"{FORMS_LEAD} — there are anchored marks")
    assert found.repair.endswith("nearest free slot in the margin")
    # the whole sentence is no lead without its items
    assert cut_points.cut_points(found.repair, paper, []) is None


def test_a_bullet_cut_inside_a_name_gets_the_name_whole(paper):
    found = cut_points.cut_points(CUT_NAME, paper, [])
    assert found is not None and found.kind == "cut_word"
    assert found.repair == f"{CUT_NAME}d Wolbers"
    # a bullet that ends where the paper's word ends is no cut
    assert cut_points.cut_points(found.repair, paper, []) is None
    assert cut_points.cut_points(f"{CUT_NAME}d", paper, []) is None


def test_two_words_the_text_layer_glued_are_no_cut_word():
    glued = Paper(
        title="Crates",
        pages=1,
        source_name="c.pdf",
        sections=[
            Section(
                title="Gate",
                paragraphs=[
                    "The belt carries every crate past the camera gateThe camera reads it."
                ],
            )
        ],
    )
    bullet = "The belt carries every crate past the camera gate"
    assert cut_points.cut_points(bullet, glued, []) is None


DISPLAY_LEAD = "When we unfold the fold once, we find that Fold g e []"
DISPLAY_LINE = "(Mark y (Place o x ys))"


@pytest.mark.parametrize("bullet", [DISPLAY_LEAD, DISPLAY_LINE])
def test_a_bullet_that_is_a_piece_of_a_display_set_as_prose_is_found(paper, bullet):
    found = cut_points.cut_points(bullet, paper, [])
    assert found is not None and found.kind == "display_tail" and found.repair == ""


def test_prose_around_a_display_is_no_display_tail(paper):
    for bullet in (
        "Marks are placed by folding a function over the list of lines",
        "This placing function is the only part of the package that reads the page’s layout",
    ):
        assert cut_points.cut_points(bullet, paper, []) is None


def test_the_loop_takes_a_displays_pieces_off_the_slide(paper):
    kept = "Marks are placed by folding a function over the list of lines"
    slide = Slide(
        kind="bullets",
        title="Placing marks",
        bullets=[kept, DISPLAY_LEAD, DISPLAY_LINE],
        notes="",
    )
    deck = deck_of(paper, [Slide(kind="title", title=paper.title), slide])
    context = SlideContext(2, deck.slides[1], measure(slide=2), deck, paper)
    issues = [i for rule in SLIDE_RULES for i in rule(context) if i.type == "display_tail"]
    assert [i.evidence["text"] for i in issues] == [DISPLAY_LEAD, DISPLAY_LINE]
    revised = deck_repair(BuiltinProposer(), paper, deck, issues).deck.slides[1]
    assert DISPLAY_LEAD not in revised.bullets and DISPLAY_LINE not in revised.bullets
    assert kept in revised.bullets


def test_a_numbered_items_repair_leaves_its_number_out(paper):
    # item 1 is shown without its "1.": the repaired item 2 must not open with "2."
    found = cut_points.cut_points("A margin can hold four marks beside one line", paper, [])
    assert found is not None and found.kind == "lost_point"
    assert found.repair == (
        "A margin can hold four marks beside one line; however, only the first of them stays "
        "beside it when the page breaks"
    )


def test_the_loop_repairs_both_and_the_reviewer_is_satisfied(paper):
    slide = Slide(
        kind="bullets",
        title="Design",
        bullets=[FORMS_LEAD, CUT_NAME, "Each mark stores the line it belongs to"],
        notes=" ".join(paper.sections[-2].paragraphs),
    )
    deck = deck_of(paper, [Slide(kind="title", title=paper.title), slide])
    context = SlideContext(2, deck.slides[1], measure(slide=2), deck, paper)
    kinds = {"list_lead", "cut_word"}
    issues = [i for rule in SLIDE_RULES for i in rule(context) if i.type in kinds]
    assert sorted(i.type for i in issues) == ["cut_word", "list_lead"]
    assert {i.severity for i in issues if i.type == "cut_word"} == {"high"}

    revision = deck_repair(BuiltinProposer(), paper, deck, issues)
    revised = revision.deck.slides[1]
    assert revised.bullets[0].startswith(f"{FORMS_LEAD} — there are anchored marks")
    assert revised.bullets[1] == f"{CUT_NAME}d Wolbers"
    assert {c.type for c in revision.changes} == kinds
    again = SlideContext(2, revised, measure(slide=2), revision.deck, paper)
    assert not [i for rule in SLIDE_RULES for i in rule(again) if i.type in kinds]


def test_notes_are_cut_at_a_sentences_end_never_inside_a_word():
    long = " ".join(f"Crate number {n} was washed by the second team." for n in range(60))
    notes = text.whole_sentences(long, 1500)
    assert len(notes) <= 1500 and notes.endswith("second team.")
    assert text.sentences(notes)[-1] == text.sentences(long)[len(text.sentences(notes)) - 1]
    assert text.whole_sentences("A short note.", 1500) == "A short note."


def test_a_text_slides_notes_end_with_a_whole_sentence():
    long = " ".join(f"Crate number {n} was washed by the second team." for n in range(60))
    slide = BuiltinProposer._text_slide("Washing", ["Crates are washed"], "method", [long])
    assert slide.notes.endswith("by the second team.")


def test_a_deck_level_action_of_many_moves_is_said_within_a_changes_limit():
    from apps.decks.pipeline.issues import Change
    from apps.decks.pipeline.propose.deck_level import _within_limit

    moves = "; ".join(
        f"moved “Crate {n} was washed by the second team on…” before “The belt carries…”"
        for n in range(8)
    )
    action = _within_limit(moves)
    assert len(moves) > 300 and action.endswith("more") and action.startswith("moved “Crate 0")
    Change(issue=1, slide=0, type="bullet_order", action=action)  # no validation error
    assert _within_limit("moved “A” before “B”") == "moved “A” before “B”"
