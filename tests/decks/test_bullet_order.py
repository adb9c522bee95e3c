"""Bullets in the paper's order (class [6] of the audits): a part split over a slide and its
"(continued)" slide keeps the paper's order across them, the split between two paragraphs; a
bullet placed after a later sentence of its own paragraph (a rule after its consequence) is
found by the reviewer (bullet_order) and moved before it. Papers made here, in memory."""

from __future__ import annotations

from apps.decks.pipeline import paper_order
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review.registry import DECK_RULES, DeckContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

SCALES = [
    [
        "Every hive in the apiary rests on a load cell that reports its weight to the gateway "
        "every ten minutes.",
        "The load cells were calibrated against reference masses of 5, 10 and 20 kg before "
        "the season.",
        "A calibration drift of 0.3 kg per month was measured on the oldest cells.",
    ],
    [
        "The gateway stores the readings of 48 hives in a local database and forwards them "
        "nightly.",
        "Readings that arrive late are merged by their timestamps, so a lost night costs no data.",
        "Over 212 days only 1.7% of the readings were missing.",
    ],
    [
        "Nectar flow shows as a rise of 2 to 4 kg per day in the colony weight.",
        "Swarming shows as a sudden loss of 1.5 to 3 kg within an hour, which the gateway flags "
        "at once.",
        "The flag reached the beekeeper within 12 minutes in 19 of 21 swarms.",
    ],
    [
        "Rain on the roof of a hive adds up to 0.8 kg that evaporates within a day.",
        "The filter removes this by comparing each hive with the median of its neighbours.",
        "After filtering, false swarm alarms fell from 14 to 2 over the season.",
    ],
]

PAPER = Paper(
    title="Weighing beehives",
    authors=["Ida Brun"],
    pages=6,
    source_name="hives.pdf",
    abstract="We weigh 48 beehives every ten minutes to detect nectar flow and swarming. "
    "Swarms were flagged within 12 minutes in 19 of 21 cases.",
    sections=[
        Section(
            title="Introduction",
            paragraphs=[
                "Beekeepers visit their hives once a week and miss swarms that leave between "
                "visits. A scale under each hive sees a swarm leave as a sudden loss of weight."
            ],
        ),
        Section(title="Scales and gateway", paragraphs=[" ".join(p) for p in SCALES]),
        Section(
            title="Conclusions",
            paragraphs=["Scales under the hives detect swarms within minutes. The filter works."],
        ),
    ],
)


def _bullet(paragraph: int, sentence: int) -> str:
    return SCALES[paragraph][sentence].rstrip(".")


def _found(deck: SlideDeck):
    context = DeckContext(
        deck, PAPER, [SlideMeasure(slide=n) for n in range(1, len(deck.slides) + 1)]
    )
    return [i for rule in DECK_RULES if rule.__name__ == "bullet_order" for i in rule(context)]


def test_a_part_over_two_slides_keeps_the_papers_order_and_splits_between_paragraphs():
    slides = BuiltinProposer().propose(PAPER).slides
    part = [s for s in slides if s.title.startswith("Scales and gateway")]
    assert [s.title for s in part] == ["Scales and gateway", "Scales and gateway (continued)"]
    places = [paper_order.place_of(b, PAPER) for s in part for b in s.bullets]
    assert None not in places and places == sorted(places)  # the paper's order, across both
    last, first = (
        paper_order.place_of(b, PAPER) for b in (part[0].bullets[-1], part[1].bullets[0])
    )
    assert last[:2] != first[:2]  # the continued slide opens a paragraph
    assert all(len(s.bullets) >= 2 for s in part)


def test_a_rule_after_its_consequence_on_one_slide_is_found_and_moved_before_it():
    rule, consequence, other = _bullet(3, 0), _bullet(3, 1), _bullet(0, 1)
    deck = deck_of(
        PAPER,
        [
            Slide(kind="title", title=PAPER.title),
            Slide(kind="bullets", title="Filtering", bullets=[consequence, other, rule]),
            Slide(kind="bullets", title="Conclusions", bullets=["The filter works"]),
        ],
    )
    found = _found(deck)
    assert [i.evidence["bullets"] for i in found] == [[rule]]
    assert found[0].evidence["before"] == [consequence]

    revised = deck_repair(BuiltinProposer(), PAPER, deck, found).deck
    assert revised.slides[1].bullets == [rule, consequence, other]
    assert _found(revised) == []


def test_a_parts_opening_sentence_on_its_continued_slide_changes_place_with_the_detail():
    opening, detail, later = _bullet(1, 0), _bullet(1, 2), _bullet(2, 0)
    deck = deck_of(
        PAPER,
        [
            Slide(kind="title", title=PAPER.title),
            Slide(kind="bullets", title="Gateway", bullets=[detail, later]),
            Slide(kind="bullets", title="Gateway (continued)", bullets=[opening, _bullet(3, 0)]),
        ],
    )
    found = _found(deck)
    assert found and found[0].evidence["slides"] == [3]
    revised = deck_repair(BuiltinProposer(), PAPER, deck, found).deck
    assert revised.slides[1].bullets == [opening, later]
    assert revised.slides[2].bullets == [detail, _bullet(3, 0)]
    assert _found(revised) == []


def test_bullets_of_different_paragraphs_or_parts_are_not_reported():
    deck = deck_of(
        PAPER,
        [
            Slide(kind="title", title=PAPER.title),
            # another paragraph's sentence first: a choice of the deck, not a misplaced bullet
            Slide(kind="bullets", title="Gateway", bullets=[_bullet(2, 1), _bullet(1, 0)]),
            # a later paragraph's sentence on a slide of another title: not one part's slides
            Slide(kind="bullets", title="Scales", bullets=[_bullet(2, 2), _bullet(0, 0)]),
            Slide(kind="bullets", title="Swarms", bullets=[_bullet(2, 0), "Bees fly in May"]),
        ],
    )
    assert _found(deck) == []


def test_a_sentence_brought_in_for_a_removed_bullet_goes_where_the_paper_has_it():
    shown = [_bullet(1, 0), _bullet(3, 0)]
    # a later sentence of the gateway's paragraph: after the gateway, before the rain
    assert paper_order.with_bullet(shown, _bullet(1, 2), PAPER) == [
        _bullet(1, 0),
        _bullet(1, 2),
        _bullet(3, 0),
    ]
    # nothing shown comes before it in the paper: where the fixer put it (an opening bullet
    # the deck put first stays first)
    assert paper_order.with_bullet(shown, _bullet(0, 0), PAPER, at=1) == [
        _bullet(1, 0),
        _bullet(0, 0),
        _bullet(3, 0),
    ]
    # found in no sentence of the paper: at the end
    assert paper_order.with_bullet(shown, "Bees fly in May", PAPER)[-1] == "Bees fly in May"
