"""The deck states the paper's main result in words, first (round 16, issue #14): the opening
slide leads with the abstract's finding (its comparison whole: the baseline named, both
numbers), then the method and context; the closing slide restates a result; the reviewer's
`headline_buried` reports a deck whose first content slides do not, and one repair settles it.
On the LaTeX paper of our own (tests/fixtures/papers/ingest/mainpoints, CC0) whose abstract
gives its finding after its background and method, and on hand-made papers and decks."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline import headline, main_points, paper_order
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.review import deck_rules
from apps.decks.pipeline.review.registry import DeckContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

MAINPOINTS = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "mainpoints"
METHOD = "We present a lagged regression of the reservoir inflow on the upstream gauges"
RESULT = "reduce the mean absolute error of the two-day forecast by 23% compared with a fixed lag"


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    folder = tmp_path_factory.mktemp("mainpoints")
    return paper_read(MAINPOINTS / "tessera-mainpoints.pdf", folder / "figures")


@pytest.fixture(scope="module")
def deck(paper):
    return BuiltinProposer().propose(paper)


def _opening(deck: SlideDeck) -> Slide:
    return next(s for s in deck.slides if s.role == "contributions")


def test_the_opening_slide_leads_with_the_main_result_then_the_method(paper, deck):
    opening = _opening(deck)
    # the abstract says the finding after its background and its method: the slide says it first
    assert RESULT in opening.bullets[0], opening.bullets
    assert any(b.startswith(METHOD) for b in opening.bullets[1:]), opening.bullets
    # said once: not also lower on the deck
    assert sum(RESULT in b for s in deck.slides for b in s.bullets) == 1
    # placed first on purpose: the paper's order check does not move it back
    assert not paper_order.misplaced(list(deck.slides), paper)
    assert not list(deck_rules.headline_buried(DeckContext(deck, paper, [])))


def test_a_buried_headline_is_reported_and_one_repair_settles_it(paper, deck):
    opening = _opening(deck)
    last = [*opening.bullets[1:], opening.bullets[0]]  # the first draft before round 16
    buried = deck.model_copy(
        update={
            "slides": [
                s.model_copy(update={"bullets": last}) if s is opening else s for s in deck.slides
            ]
        }
    )
    found = list(deck_rules.headline_buried(DeckContext(buried, paper, [])))
    assert [i.type for i in found] == ["headline_buried"]
    assert RESULT in found[0].evidence["statement"]

    revision = BuiltinProposer().revise(paper, buried, found)
    assert any(c.type == "headline_buried" for c in revision.changes)
    repaired = revision.deck
    assert RESULT in _opening(repaired).bullets[0]
    assert not list(deck_rules.headline_buried(DeckContext(repaired, paper, [])))
    assert not list(deck_rules.bullet_order(DeckContext(repaired, paper, [])))


def test_a_headline_on_no_first_slide_is_moved_onto_the_opening_slide(paper, deck):
    # the finding only on the closing slide, the opening slide without it
    slides = []
    for slide in deck.slides:
        kept = [b for b in slide.bullets if RESULT not in b]
        if slide.role == "conclusion":
            kept = [*kept, next(b for b in _opening(deck).bullets if RESULT in b)]
        slides.append(slide.model_copy(update={"bullets": kept}))
    late = deck.model_copy(update={"slides": slides})
    found = list(deck_rules.headline_buried(DeckContext(late, paper, [])))
    assert [i.type for i in found] == ["headline_buried"]
    assert found[0].evidence["slide"] == len(slides)
    repaired = BuiltinProposer().revise(paper, late, found).deck
    assert RESULT in _opening(repaired).bullets[0]
    assert sum(RESULT in b for s in repaired.slides for b in s.bullets) == 1


def _paper(abstract: str, conclusions: list[str] | None = None) -> Paper:
    sections = [
        Section(
            title="Introduction",
            paragraphs=["Checksums guard the data a disk stores against flipped bits."],
        ),
        Section(
            title="Method",
            paragraphs=["The decoder folds the message into the register eight bytes at a time."],
        ),
    ]
    if conclusions:
        sections.append(Section(title="Conclusions", paragraphs=conclusions))
    return Paper(
        title="Checksums", pages=4, source_name="crc.pdf", abstract=abstract, sections=sections
    )


def test_a_headline_cut_before_its_comparison_is_never_the_headline():
    whole = main_points.Statement(
        "The decoder computes the checksum in 1.2 cycles per byte against 2.1 for the table method",
        "result",
        "abstract",
        3,
        "The decoder computes the checksum in 1.2 cycles per byte against 2.1 for the table "
        "method [4].",
    )
    assert headline.whole(whole)
    cut = main_points.Statement(
        "The decoder computes the checksum in 1.2 cycles per byte",
        "result",
        "abstract",
        3,
        whole.sentence,
    )
    assert not headline.whole(cut)  # "2.1" and "against" left behind
    unnamed = main_points.Statement(
        "The decoder is 3 times faster",
        "result",
        "abstract",
        3,
        "The decoder is 3 times faster than the table method.",
    )
    assert not headline.whole(unnamed)  # the baseline gone: faster than what?


def test_a_long_finding_shortened_before_its_comparison_does_not_lead_the_deck():
    paper = _paper(
        "Checksums guard stored data. We present a decoder that computes the checksum of a "
        "message in 1.2 CPU cycles per byte on one core of the processor, improving on the 2.1 "
        "cycles per byte of the table method and the 6 cycles per byte of the bitwise method "
        "that most disks use today."
    )
    results = main_points.result_statements(paper)
    assert results and "2.1" not in results[0].bullet  # round 15's bullet, cut for its length
    assert headline.headline(paper) is None
    deck = BuiltinProposer().propose(paper)
    assert not list(deck_rules.headline_buried(DeckContext(deck, paper, [])))


def test_a_theorem_is_the_headline_of_a_paper_without_numbers():
    paper = _paper(
        "Checksums guard stored data against flipped bits. We study the cyclic codes whose "
        "generator polynomial has an even number of terms. We prove that such a code detects "
        "every error pattern of odd weight."
    )
    found = headline.headline(paper)
    assert found is not None
    # made self-contained by the bullet rewriter ("such a code" leans on the sentence before)
    assert "we prove that such a code detects every error pattern" in found.bullet.lower()
    deck = BuiltinProposer().propose(paper)
    opening = _opening(deck)
    assert opening.bullets[0] == found.bullet, opening.bullets


def test_the_closing_slide_restates_a_result_not_only_plans():
    conclusions = [
        "We find that the folding decoder is 1.8 times faster than the table method on every "
        "processor we measured. We will port the decoder to other processors. "
        "Future work will study longer polynomials."
    ]
    paper = _paper(
        "Checksums guard stored data. We present a decoder that folds the message into a "
        "vector register.",
        conclusions,
    )
    slides = [
        Slide(kind="title", title="Checksums", role="title"),
        Slide(
            kind="bullets",
            title="What this paper does",
            bullets=[
                "We present a decoder that folds the message into a vector register",
                "Checksums guard stored data",
            ],
            role="contributions",
        ),
        Slide(
            kind="bullets",
            title="Conclusions",
            bullets=[
                "We will port the decoder to other processors",
                "Future work will study longer polynomials",
            ],
            role="conclusion",
        ),
    ]
    action = headline.restate(slides, paper, set())
    assert action
    assert "folding decoder is 1.8 times faster than the table method" in slides[-1].bullets[0]
    # stated once: the next call adds nothing
    assert headline.restate(slides, paper, set()) == ""


def test_the_headline_leading_the_opening_slide_is_not_out_of_the_papers_order():
    # a paper without an abstract states its method and its finding in one paragraph of its
    # conclusions: the finding first on the opening slide is no bullet out of order
    paper = _paper(
        "",
        [
            "We present a decoder that folds the message into a vector register. We find that "
            "the folding decoder is 1.8 times faster than the table method on every processor "
            "we measured."
        ],
    )
    found = headline.headline(paper)
    assert found is not None and "1.8 times faster than the table method" in found.bullet
    method = "We present a decoder that folds the message into a vector register"
    opening = Slide(
        kind="bullets",
        title="What this paper does",
        bullets=[found.bullet, method],
        role="contributions",
    )
    assert not paper_order.misplaced([opening], paper)
    # anywhere else the paper's order holds: a detail of the method slide is moved back
    method_slide = opening.model_copy(update={"title": "Method", "role": "method"})
    assert paper_order.misplaced([method_slide], paper)


def test_a_reproductions_verdict_is_its_headline_and_a_step_of_it_is_none():
    paper = _paper(
        "We sought to reproduce the analyses of an earlier study of checksums. We reproduce the "
        "timings of its decoders on a newer processor. Nevertheless, the bulk of the results "
        "could be reproduced to within the sampling error of the timings."
    )
    found = headline.headline(paper)
    assert found is not None
    assert found.bullet.startswith("The bulk of the results could be reproduced"), found.bullet
    bullets = [s.bullet for s in main_points.result_statements(paper)]
    assert not any("newer processor" in b for b in bullets)  # what was done, not found
    opening = _opening(BuiltinProposer().propose(paper))
    assert opening.bullets[0] == found.bullet, opening.bullets


def test_a_percentage_said_in_words_is_a_measure():
    paper = _paper(
        "We derive a model of the decoder's cache misses. The model predicts the decoding time "
        "of every message within four percent on two processors."
    )
    found = headline.headline(paper)
    assert found is not None and "within four percent" in found.bullet


def test_the_headline_replaces_its_own_sentence_cut_before_its_comparison():
    sentence = (
        "On four workloads the model predicts the decoding time within 6.2% of the measured "
        "value, and a scheduler that uses it cuts the mean runtime by 31% against the baseline."
    )
    paper = _paper(f"Checksums guard stored data. We present a model of cache misses. {sentence}")
    found = headline.headline(paper)
    assert found is not None and "31% against the baseline" in found.bullet
    cut = "On four workloads the model predicts the decoding time within 6.2% of the measured value"
    slides = _opening_deck(["We present a model of cache misses", cut])
    assert headline.lead_with(slides, paper, set())
    assert slides[1].bullets == [found.bullet, "We present a model of cache misses"]


def test_a_headline_leaning_on_the_method_by_a_pronoun_follows_the_method(generated_paper):
    # the generated paper's abstract: "We present a cache-aware scheduler that groups work …"
    # then "On eight real-world graphs it cuts cache misses …": placed first, "it" named
    # nothing on the slide, the reviewer flagged it and the loop removed the main result
    paper = generated_paper[0]
    deck = BuiltinProposer().propose(paper)
    bullets = _opening(deck).bullets
    at = next(i for i, b in enumerate(bullets) if "it cuts cache misses" in b)
    assert at > 0 and bullets[at - 1].startswith("We present a cache-aware scheduler"), bullets
    # that place is where it leads: no finding, and the paper's order check leaves it there
    assert not list(deck_rules.headline_buried(DeckContext(deck, paper, [])))
    assert not paper_order.misplaced(list(deck.slides), paper)


def test_another_numbered_finding_is_no_cut_copy_of_the_headline():
    # round 16 took "most words alike, no new number" for a cut copy and dropped a second
    # finding; only the headline's own sentence cut word for word at its beginning is one
    sentence = (
        "The scheduler cuts the mean runtime of the decoder by 31% against the fixed-order "
        "baseline on 12 workloads."
    )
    paper = _paper(f"Checksums guard stored data. We present a model of cache misses. {sentence}")
    found = headline.headline(paper)
    assert found is not None and "31% against the fixed-order baseline" in found.bullet
    other = "The scheduler cuts the mean memory of the decoder by 12%"
    cut = "The scheduler cuts the mean runtime of the decoder by 31%"
    slides = _opening_deck(["We present a model of cache misses", other, cut])
    assert headline.lead_with(slides, paper, set())
    assert slides[1].bullets == [found.bullet, "We present a model of cache misses", other]


def _opening_deck(bullets: list[str]) -> list[Slide]:
    """A cover and the slide saying what the paper does, with these bullets."""
    return [
        Slide(kind="title", title="Checksums", role="title"),
        Slide(kind="bullets", title="What this paper does", bullets=bullets, role="contributions"),
    ]


def _closing_deck(closing: list[str]) -> list[Slide]:
    opening = [
        "We present a decoder that folds the message into a vector register",
        "Checksums guard stored data",
    ]
    return [
        *_opening_deck(opening),
        Slide(kind="bullets", title="Conclusions", bullets=closing, role="conclusion"),
    ]


FOLDING = "We find that the folding decoder is 1.8 times faster than the table method."
PLANS = "We will port the decoder to other processors. Future work will study longer polynomials."


def test_the_closing_slide_keeps_its_only_result_when_the_headline_comes_from_there():
    # round 16 moved the conclusions' only finding to the opening slide and left the closing
    # slide with the plans alone
    paper = _paper(
        "Checksums guard stored data. We present a decoder that folds the message into a "
        "vector register.",
        [f"{FOLDING} {PLANS}"],
    )
    found = headline.headline(paper)
    assert found is not None and found.origin == "Conclusions"
    slides = _closing_deck(
        [
            found.bullet,
            "We will port the decoder to other processors",
            "Future work will study longer polynomials",
        ]
    )
    headline.lead_with(slides, paper, set())
    headline.restate(slides, paper, set())
    assert found.bullet in slides[-1].bullets
    assert sum(found.bullet in b for s in slides for b in s.bullets) == 1


def test_the_headline_leaves_the_closing_slide_when_another_result_restates_it():
    second = "We show that the folded code detects every burst of up to 32 bits."
    paper = _paper(
        "Checksums guard stored data. We present a decoder that folds the message into a "
        "vector register.",
        [f"{FOLDING} {second} {PLANS}"],
    )
    found = headline.headline(paper)
    assert found is not None and "1.8 times faster" in found.bullet
    slides = _closing_deck(
        [
            found.bullet,
            "We will port the decoder to other processors",
            "Future work will study longer polynomials",
        ]
    )
    assert headline.lead_with(slides, paper, set())
    assert slides[1].bullets[0] == found.bullet
    assert headline.restate(slides, paper, set())
    assert "detects every burst of up to 32 bits" in slides[-1].bullets[0]
