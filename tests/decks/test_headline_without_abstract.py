"""A paper without an abstract states its main result in its introduction's closing paragraph
(round 17, issue #14): that finding is the deck's headline, the slide holding it with the
paper's method becomes "What this paper does" (led by the result), and the reviewer reports a
deck whose first slides do not state it. On the LaTeX report of our own
(tests/fixtures/papers/ingest/noabstract, CC0) and on hand-made papers."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline import headline, main_points
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.review import deck_rules
from apps.decks.pipeline.review.registry import DeckContext
from apps.decks.pipeline.slide_deck import Slide

NOABSTRACT = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "noabstract"
RESULT = "Quarry sorts 100 GB of fixed-width records in 14 minutes"
METHOD = "We describe Quarry, a sorting tool that overlaps reading"


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    folder = tmp_path_factory.mktemp("noabstract")
    return paper_read(NOABSTRACT / "tessera-noabstract.pdf", folder / "figures")


@pytest.fixture(scope="module")
def deck(paper):
    return BuiltinProposer().propose(paper)


def test_the_introductions_closing_claim_is_the_headline(paper):
    assert not paper.abstract
    found = headline.headline(paper)
    assert found is not None
    assert found.bullet.startswith(RESULT), found.bullet
    assert "3.2 times faster than GNU sort" in found.bullet  # its comparison whole


def test_the_deck_opens_with_what_the_paper_does_led_by_its_result(paper, deck):
    opening = next(s for s in deck.slides if s.role == "contributions")
    assert opening.title == main_points.OPENING_TITLE
    assert opening.bullets[0].startswith(RESULT), opening.bullets
    assert opening.bullets[1].startswith(METHOD), opening.bullets
    # the first content slide a reader meets
    assert deck.slides.index(opening) == 1
    assert sum(RESULT in b for s in deck.slides for b in s.bullets) == 1
    assert not list(deck_rules.headline_buried(DeckContext(deck, paper, [])))


def test_a_deck_without_the_introductions_result_is_reported(paper, deck):
    stripped = deck.model_copy(
        update={
            "slides": [
                s.model_copy(update={"bullets": [b for b in s.bullets if RESULT not in b]})
                for s in deck.slides
            ]
        }
    )
    found = list(deck_rules.headline_buried(DeckContext(stripped, paper, [])))
    assert [i.type for i in found] == ["headline_buried"]
    assert "on no slide" in found[0].message


def _report(closing: str) -> Paper:
    return Paper(
        title="Sieve",
        pages=6,
        source_name="sieve.pdf",
        abstract="",
        sections=[
            Section(
                title="Introduction",
                paragraphs=[
                    "Counting primes below a bound is a classical benchmark of memory traffic.",
                    closing,
                ],
            ),
            Section(
                title="The segmented sieve",
                paragraphs=[
                    "The sieve marks the multiples of each prime in one cache-sized "
                    "segment at a time."
                ],
            ),
        ],
    )


def test_another_studys_claim_in_the_introduction_is_no_headline():
    own = _report(
        "We present a segmented sieve. Our sieve counts the primes below ten billion in "
        "4 seconds, 5 times faster than the plain sieve."
    )
    found = headline.headline(own)
    assert found is not None and "4 seconds" in found.bullet
    cited = _report(
        "A wheel sieve [3] counts the primes below ten billion in 9 seconds, "
        "twice as fast as the plain sieve [4]."
    )
    assert headline.headline(cited) is None


def test_a_paper_with_an_abstract_keeps_its_headline_there():
    paper = _report(
        "We present a segmented sieve. Our sieve counts the primes below ten billion in "
        "4 seconds, 5 times faster than the plain sieve."
    )
    paper = paper.model_copy(
        update={
            "abstract": "We describe a segmented sieve for counting "
            "primes on machines with small caches."
        }
    )
    assert main_points.closing_claims(paper) == []
    assert headline.headline(paper) is None  # the introduction is not read for it


def test_a_motivation_slide_without_the_method_is_not_made_the_opening_slide(paper):
    found = headline.headline(paper)
    motivation = Slide(
        kind="bullets",
        title="Motivation",
        role="motivation",
        bullets=[
            "Sorting data sets larger than main memory is a routine step in log analysis",
            found.bullet,
            "Earlier tools leave the disk idle while the processor merges",
        ],
    )
    slides = [Slide(kind="title", title="Quarry", role="title"), motivation]
    headline.lead_with(slides, paper, set())
    assert all(s.title != main_points.OPENING_TITLE or s is not slides[1] for s in slides[1:2])
    assert slides[1].role == "motivation"
