"""A closing slide keeps the paper's close, not only its generic first sentence (issue #14,
structure): a conclusions paragraph whose claim and limits run longer than a body bullet (a
claim cut to 28 words loses its point and was refused) left the "Conclusions" slide one
sentence long, and the reviewer called it "the paper's close gives nothing more to add". The
claim is now made a bullet whole (up to 40 words), so the thin close is reported medium and
the repair fills it with the paper's own sentences, in its order, within the slide's words.
Our own text."""

from __future__ import annotations

from apps.decks.pipeline import closing_slide
from apps.decks.pipeline.loop import revise_round
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.review.registry import SlideContext
from apps.decks.pipeline.review.text_rules import thin_slide
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks.test_review_rules import measure

GENERIC = "Forecasting river levels is hard, as the long literature on flood warning shows."
CLAIM = (
    "The gauge model is offered as a partial tool, giving usable forecasts a day ahead for most "
    "of the lowland stations and covering moderate rainfall over the catchments that drain "
    "into the lower valley."
)
LIMITS = (
    "Forecasts fail near the weirs, where backwater from the dams raises the level at the gauge."
)
METHOD = [
    "The model routes rainfall through a chain of linear reservoirs, one for each reach",
    "Each reservoir is calibrated on ten years of hourly gauge readings",
]


def _paper(close: list[str]) -> Paper:
    return Paper(
        title="Forecasting river levels",
        pages=9,
        source_name="river.pdf",
        sections=[
            Section(title="Introduction", paragraphs=["Floods on the lower valley cost lives."]),
            Section(title="The gauge model", paragraphs=[". ".join(METHOD) + "."]),
            Section(title="Conclusions", paragraphs=[" ".join(close)]),
        ],
    )


def _deck(paper: Paper) -> SlideDeck:
    return SlideDeck(
        title=paper.title,
        slides=[
            Slide(kind="title", title=paper.title, role="title"),
            Slide(kind="bullets", title="The gauge model", role="method", bullets=METHOD),
            Slide(
                kind="bullets",
                title="Conclusions",
                role="conclusion",
                bullets=[GENERIC.rstrip(".")],
                notes=paper.sections[-1].paragraphs[0],
            ),
        ],
    )


def _thin(deck: SlideDeck, paper: Paper):
    number = len(deck.slides)
    context = SlideContext(number, deck.slides[-1], measure(slide=number), deck, paper)
    return list(thin_slide(context))


def test_a_long_closing_claim_is_a_bullet_whole():
    paper = _paper([GENERIC, CLAIM, LIMITS])
    claims = closing_slide.closing_claims(paper, [GENERIC.rstrip(".")], budget=67)
    assert claims == [CLAIM.rstrip("."), LIMITS.rstrip(".")]
    # within the slide's words: the second claim does not fit a budget of 40
    assert closing_slide.closing_claims(paper, [GENERIC.rstrip(".")], budget=40) == [
        CLAIM.rstrip(".")
    ]
    # and what a slide states already is not said again
    assert closing_slide.closing_claims(paper, [CLAIM], budget=67) == [
        GENERIC.rstrip("."),
        LIMITS.rstrip("."),
    ]


def test_a_thin_close_with_more_to_say_is_reported_and_filled():
    paper = _paper([GENERIC, CLAIM, LIMITS])
    deck = _deck(paper)
    found = _thin(deck, paper)
    assert [(i.severity, i.evidence.get("kept", False)) for i in found] == [("medium", False)]
    revised, changes = revise_round(BuiltinProposer(), paper, [], deck, found, [])
    close = revised.slides[-1]
    assert close.title == "Conclusions"
    assert close.bullets == [GENERIC.rstrip("."), CLAIM.rstrip("."), LIMITS.rstrip(".")]
    assert [c.type for c in changes] == ["thin_slide"]


def test_a_close_with_nothing_more_is_kept_low_as_before():
    paper = _paper([GENERIC])
    found = _thin(_deck(paper), paper)
    assert [(i.severity, i.evidence.get("kept", False)) for i in found] == [("low", True)]
