"""A bullet that reads the output of a listing the slide does not show (round 24,
`listing_readings.py`, `listing_read_apart`): the paper is the oracle — the bullet's paragraph
stands right after the listing, and its sentence (one of the paragraph's first two) reads what
is above it ("The above …", "We see …", "Note the …"). Beside another listing
the bullet is left out; on a slide with no listing and room for it, the listing is shown under
it. On a paper made up here (a queueing package; every name invented)."""

from __future__ import annotations

from apps.decks.pipeline import listing_readings
from apps.decks.pipeline.loop import revise_round
from apps.decks.pipeline.paper import Listing, Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.review.object_rules import listing_read_apart
from apps.decks.pipeline.review.registry import SlideContext
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_review_rules import measure

OPENING = "The function `tally()` counts the orders in which three customers can be served"
FIRST = "> tally(3)\n[1] 6"
SECOND = "> tally(3, together = c(1, 2))\n[1] 3"
SIX = "Note the count of six: every order of the three customers is kept"
THREE = "We see 3 and not 6 because customers 1 and 2 are served together"
ASIDE = "The package was first written for a bakery with one counter"


def _paper() -> Paper:
    return Paper(
        title="Counting queues with tally",
        pages=3,
        source_name="tally.pdf",
        sections=[
            Section(number="1", title="Introduction", paragraphs=["We count queues."]),
            Section(
                number="2",
                title="Counting orders",
                paragraphs=[
                    f"{OPENING}.",
                    f"{SIX}. {ASIDE}.",
                    f"The above drops the orders that differ only among customers served "
                    f"together. {THREE}.",
                    "In a later version the counts will be cached.",
                ],
                listings=[Listing(after=1, text=FIRST), Listing(after=2, text=SECOND)],
            ),
        ],
    )


def _review(paper: Paper, slide: Slide):
    deck = deck_of(paper, [Slide(kind="title", title=paper.title), slide])
    context = SlideContext(2, deck.slides[1], measure(slide=2), deck, paper)
    return deck, list(listing_read_apart(context))


def test_the_listing_a_bullet_reads_is_the_one_above_its_paragraph():
    paper = _paper()
    assert listing_readings.listing_read(SIX, paper).text == FIRST
    # the paragraph's first sentence reads the listing; so does the second one when it says so
    assert listing_readings.listing_read(THREE, paper).text == SECOND
    # a sentence that does not say it reads what is above, or stands later, reads no listing
    assert listing_readings.listing_read(OPENING, paper) is None
    assert listing_readings.listing_read(ASIDE, paper) is None
    assert (
        listing_readings.listing_read("In a later version the counts will be cached", paper) is None
    )


def test_a_bullet_reading_another_listing_than_the_slides_is_reported_and_left_out():
    paper = _paper()
    slide = Slide(
        kind="bullets",
        title="Counting orders",
        bullets=[OPENING, SIX, THREE],
        code=FIRST,
        code_lead=OPENING,
    )
    deck, issues = _review(paper, slide)
    assert [(i.type, i.evidence["index"]) for i in issues] == [("listing_read_apart", 2)]
    assert "beside another listing" in issues[0].message
    revised, changes = revise_round(BuiltinProposer(), paper, [], deck, issues, [])
    assert revised.slides[1].bullets == [OPENING, SIX]
    assert revised.slides[1].code == FIRST
    assert changes
    assert _review(paper, revised.slides[1])[1] == []


def test_on_a_slide_with_no_listing_the_listing_is_shown_under_the_bullet():
    paper = _paper()
    slide = Slide(kind="bullets", title="Counting orders", bullets=[OPENING, THREE])
    deck, issues = _review(paper, slide)
    assert [i.type for i in issues] == ["listing_read_apart"]
    assert "on a slide with no listing" in issues[0].message
    revised, _ = revise_round(BuiltinProposer(), paper, [], deck, issues, [])
    shown = revised.slides[1]
    assert shown.bullets == [OPENING, THREE]
    assert shown.code.startswith("> tally(3, together")
    assert shown.code_lead == THREE
    assert _review(paper, shown)[1] == []
