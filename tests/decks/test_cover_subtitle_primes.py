"""A cover title that ran on into its subtitle ("… in rotational grazing Notes on the …", "…
with GRASSFLOW. A field guide.") is reported (cover_glued_subtitle) and set as the title
alone; a prime read as a power of zero ("$5^{0}$" for 5′) is reported (prime_as_power) for
ingestion to fix. Titles that only look so ("… Binning: an Overview", "A Brief Introduction to
…", "Growth of U.S. farms") are not. On titles and slides made up here."""

from __future__ import annotations

import pytest

from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review import prime_rules, title_rules
from apps.decks.pipeline.review.registry import SlideContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

TEXT = "Sheep were moved between four paddocks every ten days."


def _paper(title: str) -> Paper:
    return Paper(
        title=title,
        pages=2,
        source_name="grazing.pdf",
        sections=[Section(number="1", title="Plan", paragraphs=[TEXT])],
    )


def _deck(title: str, bullets: list[str] | None = None) -> SlideDeck:
    return SlideDeck(
        title=title,
        slides=[
            Slide(kind="title", title=title),
            Slide(kind="bullets", title="Plan", bullets=bullets or [TEXT]),
        ],
    )


def _cover_findings(deck: SlideDeck, paper: Paper):
    context = SlideContext(1, deck.slides[0], SlideMeasure(slide=1), deck, paper)
    return list(title_rules.cover_glued_subtitle(context))


@pytest.mark.parametrize(
    ("glued", "head"),
    [
        (
            "Rest periods in rotational grazing Notes on the paddock planner and its tools",
            "Rest periods in rotational grazing",
        ),
        ("Paddock planning with GRASSFLOW. A field guide.", "Paddock planning with GRASSFLOW"),
    ],
)
def test_a_cover_title_run_on_into_its_subtitle_is_reported_and_set_alone(glued, head):
    paper = _paper(glued)
    deck = _deck(glued)
    found = _cover_findings(deck, paper)
    assert [i.type for i in found] == ["cover_glued_subtitle"]
    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    assert revised.slides[0].title == head
    assert revised.title == head


@pytest.mark.parametrize(
    "title",
    [
        "Paddock Binning: an Overview",
        "Grazing with R: A Brief Introduction to paddocks",
        "Growth of U.S. farms since 1950",
        "Supplementary Material for A study of paddocks",
    ],
)
def test_a_title_with_its_subtitle_set_apart_is_no_glued_cover(title):
    assert _cover_findings(_deck(title), _paper(title)) == []


def _prime_findings(bullet: str):
    deck = _deck("Grazing", [bullet])
    context = SlideContext(2, deck.slides[1], SlideMeasure(slide=2), deck, _paper("Grazing"))
    return list(prime_rules.prime_as_power(context))


def test_a_prime_read_as_a_power_of_zero_is_reported():
    found = _prime_findings("Each read runs from the $5^{0}$ end to the $3^{0}$ end")
    assert [(i.type, i.evidence["part"]) for i in found] == [("prime_as_power", "$5^{0}$")]
    # a symbol with a superscript zero is notation, not a lost prime
    assert _prime_findings("The initial stock $A^{0}$ is known") == []
