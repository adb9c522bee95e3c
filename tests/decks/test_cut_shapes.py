"""Bullets that end before their thought does, on a report made for these tests
(tests/fixtures/papers/ingest/cutshapes, CC0; every sentence invented) and on sentences:

- a bullet that stops where its paper sentence goes on, with no break, with what completes it —
  a comparison's other term ("… more robust to storms" | "than the first two methods"), a
  condition ("… is unbiased" | "provided the datum is surveyed …"), its last noun's complement
  ("… keeps a ledger" | "of every reading …") — is a `cut_short` repaired with the whole
  sentence, which the page break and the figure between its halves did not cut
  (cut_points.cut_short);
- a bullet that ends inside a bracket, on a word that leads on ("namely", "; in contrast",
  "We show that") or on a shortened word that leads on ("approx.", "vs.", "Dr.") is a
  broken_sentence (cut_sentences.unclosed_bracket, cut_lead_word, cut_abbreviation), repaired
  with the paper's whole sentence when the bullet is its beginning;
- no sentence ends at a shortened word before a number ("from Jan. 2019 onwards", "on p. 12"),
  and a footnote mark inside a sentence leaves it whole (text.sentences, ingestion)."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline import cut_points, defects, text, title_defects
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.propose import bullets
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
    / "cutshapes"
    / "tessera-cutshapes.pdf"
)
THIRD = (
    "The third method is considerably more robust to storms than the first two methods because "
    "it weights each reading by the spread of the readings around it, so a surge counts for "
    "little"
)


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return paper_read(PDF, tmp_path_factory.mktemp("cutshapes"))


def _sentences(paper) -> list[str]:
    return [s for sec in paper.sections for p in sec.paragraphs for s in text.sentences(p)]


def test_no_sentence_ends_at_a_shortened_word_before_a_number(paper):
    sentences = _sentences(paper)
    assert (
        "The readings were taken from Jan. 2019 onwards and cover a full cycle of the moon."
        in sentences
    )
    assert (
        "The keeping of the ledger follows the rules on p. 12 of the harbour manual." in sentences
    )
    assert text.sentences(
        "Mosaics are drawn by SAS (SAS Institute Inc. 2005) and others. Next."
    ) == [
        "Mosaics are drawn by SAS (SAS Institute Inc. 2005) and others.",
        "Next.",
    ]
    # a shortened word at a sentence's real end still ends it
    assert text.sentences("Readings were taken in Dec. The ledger was closed.") == [
        "Readings were taken in Dec.",
        "The ledger was closed.",
    ]


def test_a_sentence_goes_on_after_its_footnote_mark_and_across_a_page_and_a_float(paper):
    sentences = _sentences(paper)
    assert (
        "The keeper logs each reading in the ledger before the tide turns, so no reading is "
        "entered twice." in sentences
    )
    assert f"{THIRD}." in sentences


@pytest.mark.parametrize(
    "bullet, lost",
    [
        ("The third method is considerably more robust to storms", "comparison"),
        ("The drift estimate of the first method is unbiased", "condition"),
        ("The harbour office keeps a ledger", "complement"),
    ],
)
def test_a_bullet_cut_before_what_completes_it_is_found_and_shown_whole(paper, bullet, lost):
    found = cut_points.cut_points(bullet, paper, [])
    assert found is not None and found.kind == "cut_short"
    assert found.part.startswith(f"{lost}: ")
    whole = next(s for s in _sentences(paper) if s.startswith(bullet))
    assert found.repair == whole.rstrip(".")
    assert cut_points.cut_points(found.repair, paper, []) is None


@pytest.mark.parametrize(
    "bullet",
    [
        # the sentence goes on after a comma: the bullet ended a clause
        "The second method compares each gauge with a reference gauge nearby and corrects "
        "the difference",
        "The keeper logs each reading in the ledger before the tide turns",
        # "as" completes no comparison the bullet opened: "as its float wears" is a clause
        "Each gauge drifts slowly",
        # whole sentences
        "We compare three correction methods on ten years of readings from four stations",
    ],
)
def test_a_bullet_that_ends_a_clause_is_no_cut(paper, bullet):
    assert cut_points.cut_points(bullet, paper, []) is None


def test_the_loop_shows_the_cut_bullet_whole_and_the_reviewer_is_satisfied(paper):
    cut = "The third method is considerably more robust to storms"
    slide = Slide(
        kind="bullets",
        title="Methods",
        bullets=["The first method fits a linear trend to the residuals of each station", cut],
        notes="",
    )
    deck = deck_of(paper, [Slide(kind="title", title=paper.title), slide])
    context = SlideContext(2, deck.slides[1], measure(slide=2), deck, paper)
    issues = [i for rule in SLIDE_RULES for i in rule(context) if i.type == "cut_short"]
    assert [(i.evidence["text"], i.severity) for i in issues] == [(cut, "medium")]
    revision = deck_repair(BuiltinProposer(), paper, deck, issues)
    revised = revision.deck.slides[1]
    assert revised.bullets[1] == THIRD
    again = SlideContext(2, revised, measure(slide=2), revision.deck, paper)
    assert not [i for rule in SLIDE_RULES for i in rule(again) if i.type == "cut_short"]


@pytest.mark.parametrize(
    "bullet, part",
    [
        ("The estimator is consistent (see", "(see"),
        ("The weights are stored in a sparse matrix [as in", "[as in"),
        ("The gauge is read twice a day (at high water and", "(at high water and"),
        ("The data come from two sources, namely", "namely"),
        ("The third method is robust to storms, especially", "especially"),
        ("The sampler mixes well; in contrast", "in contrast"),
        ("We show that", "show that"),
        ("Readings are entered in the order in which", "in which"),
        ("The drift grows with the age of the float, approx.", "approx."),
        ("We compare the bounded schedule vs.", "vs."),
        ("The correction follows the method of Dr.", "Dr."),
        ("The method was first proposed by J. R.", "J. R."),
    ],
)
def test_a_bullet_ending_before_its_thought_is_a_broken_sentence(bullet, part):
    assert ("broken_sentence", part) in defects.text_defects(bullet)


@pytest.mark.parametrize(
    "bullet",
    [
        "The values lie in the interval [0, 1) for every weight",
        "The set $[0, 1)$ holds every weight of the float",
        "The cores of the two runs are 4 and 8, resp.",
        "The correction was first proposed by Smith et al.",
        "Most of the gauges stand in the U.S.",
        "The rule holds for convex sets, for example",
        "The gauge is read twice a day (at high and low water) by the keeper",
    ],
)
def test_a_whole_sentence_is_no_broken_sentence(bullet):
    assert not [d for d in defects.text_defects(bullet) if d[0] == "broken_sentence"]


def test_a_bullet_cut_inside_its_aside_is_repaired_with_the_papers_sentence():
    sentence = "The gauge is read twice a day (at high and low water) by the keeper."
    source = bullets.Source(sentence=sentence)
    repaired = bullets.fix("broken_sentence", "The gauge is read twice a day (at high", source)
    assert repaired == sentence.rstrip(".")
    # a bullet that is not the sentence's beginning is not repaired from it
    assert bullets.fix("broken_sentence", "The gauge is read once (at high", source) is None


@pytest.mark.parametrize(
    "title, part",
    [
        ("Comparison with Smith et", "et"),
        ("Drift of the gauges when", "when"),
        ("Stations where", "where"),
        ("Readings from Jan.", "Jan."),
        ("The correction of Dr.", "Dr."),
    ],
)
def test_a_title_cut_at_a_condition_a_cited_name_or_a_shortened_word_is_a_fragment(title, part):
    assert title_defects.title_fragment(title) == part


@pytest.mark.parametrize(
    "title",
    ["Methods compared", "Comparison with Smith et al.", "Mt. St. Helens gauges", "Where next?"],
)
def test_a_whole_title_is_no_fragment(title):
    assert title_defects.title_fragment(title) is None


def test_a_bracket_standing_alone_is_an_operator_not_an_open_aside():
    bullet = "Value matching, subsetting [, and ordering work when applied to the index"
    assert not [d for d in defects.text_defects(bullet) if d[0] == "broken_sentence"]
