"""A bullet that comments on what the paper's reader sees beside it — an example, a display,
code — as seen ("As you can see, …", "… the grammar you see here"), or a relative clause set as
a sentence ("Which is a pity, as …") whose sentence before no slide shows: on a slide without
that example or sentence it points at nothing. The reviewer reports it (unintroduced_referent,
kind "seeing" or "opener"); the reviser drops the pointer (the statement stays the paper's) or
brings the sentence before in. Sentences invented here about a recipe checker."""

from __future__ import annotations

from apps.decks.pipeline import antecedents
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_context_symbols import _deck, _issues, _repaired

KIND = "unintroduced_referent"
FILLER = "Kitchens print their recipes from a shared collection of cards"
LISTS = "The checker reads every card and lists the sauces it names with their times"
SEE = "As you can see, most sauces need less than ten minutes of cooking"
GRAMMAR_LEAD = "The card format has four rules:"
HERE = "We wrote the whole card format as the small grammar you see here"
REJECTS = "The checker rejects every card with a tab in its first column"
WHICH = "Which is a pity, since a tab was valid in the older format"
QUESTION = "Which sauce suits a trout is left to the cook"


def _paper() -> Paper:
    return Paper(
        title="Checking recipe cards",
        abstract="We check recipe cards.",
        pages=4,
        source_name="cards.pdf",
        sections=[
            Section(title="Introduction", paragraphs=[f"{FILLER}."]),
            Section(
                title="The checker",
                paragraphs=[
                    f"{LISTS}. {SEE}.",
                    f"{GRAMMAR_LEAD} {HERE}.",
                    f"{REJECTS}. {WHICH}. {QUESTION}.",
                ],
            ),
        ],
    )


def _slide(*bullets: str, **fields) -> Slide:
    return Slide(kind="bullets", title="What the checker reads", bullets=list(bullets), **fields)


def _found(paper: Paper, slide: Slide):
    deck = _deck(paper, slide)
    return _issues(deck, paper, len(deck.slides), KIND)


def _repair(paper: Paper, slide: Slide):
    return _repaired(paper, slide, KIND)


def test_a_bullet_pointing_at_what_the_reader_sees_is_reported_on_a_slide_without_it():
    paper = _paper()
    (issue,) = _found(paper, _slide(FILLER, SEE))
    assert issue.severity == "medium"
    assert issue.evidence["kind"] == "seeing"
    assert "As you can see" in issue.message
    (issue,) = _found(paper, _slide(FILLER, HERE))
    assert issue.evidence["part"].strip() == "you see here"


def test_the_sentence_before_shown_does_not_show_what_it_points_at():
    paper = _paper()
    assert [i.evidence["kind"] for i in _found(paper, _slide(LISTS, SEE))] == ["seeing"]


def test_a_slide_with_a_display_may_show_what_it_points_at():
    paper = _paper()
    assert _found(paper, _slide(FILLER, SEE, equation="t < 10")) == []


def test_the_reviser_drops_the_pointer_and_keeps_the_statement():
    paper = _paper()
    fixed, action, deck, number = _repair(paper, _slide(FILLER, SEE))
    assert fixed.bullets == [FILLER, "Most sauces need less than ten minutes of cooking"]
    assert "without “As you can see”" in action
    assert _issues(deck, paper, number, KIND) == []
    fixed, _, _, _ = _repair(paper, _slide(FILLER, HERE))
    assert fixed.bullets[-1] == "We wrote the whole card format as the small grammar"


def test_a_relative_clause_set_as_a_sentence_leans_on_the_one_before():
    paper = _paper()
    (issue,) = _found(paper, _slide(FILLER, WHICH))
    assert issue.evidence["kind"] == "opener"
    assert issue.evidence["antecedent"].startswith(REJECTS)
    fixed, action, _, _ = _repair(paper, _slide(FILLER, WHICH))
    assert REJECTS in fixed.bullets or any(b.startswith(REJECTS) for b in fixed.bullets)
    # a question's "Which …" opens a sentence of its own
    assert antecedents.pointing_opener(QUESTION, [WHICH]) is None
    assert antecedents.pointing_opener(WHICH, [REJECTS]) is not None


def test_a_place_on_the_page_mid_sentence_is_a_pointer_the_bullet_can_lose():
    found = antecedents.seeing_pointer("Use the three helpers listed below to read a card")
    assert found is not None and found.part == " listed below"
    assert antecedents.seeing_pointer("Values below zero are dropped") is None
