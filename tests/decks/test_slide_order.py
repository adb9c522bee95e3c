"""Slides in an order the paper does not have (set 10's class [6]): a method's "(continued)"
slide after the result tables, tables of an earlier section after a later one's, Table 3 after
Table 4. The reviewer finds them (out_of_order) and the fix moves each to its part's place;
storyline slides and a heading several sections share are left where they are. A paper made
here, in memory."""

from __future__ import annotations

from apps.decks.pipeline.paper import Figure, Paper, Section
from apps.decks.pipeline.propose import deck_level
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review.registry import DECK_RULES, DeckContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

SECTIONS = ["Introduction", "Sampling the ponds", "Algae counts", "Discussion"]


def _table(number: int, section: str) -> Figure:
    return Figure(
        id=f"tab-{number}",
        kind="table",
        number=number,
        label=f"Table {number}",
        caption=f"Algae per litre in the ponds of sample {number}.",
        page=2,
        bbox=(50, 100, 550, 300),
        image=f"tab-{number}.png",
        width_px=1200,
        height_px=500,
        section=section,
    )


PAPER = Paper(
    title="Algae in garden ponds",
    pages=5,
    source_name="a.pdf",
    authors=["Ada Lindqvist"],
    sections=[Section(title=t, level=1, paragraphs=[f"Text of {t.lower()}."]) for t in SECTIONS],
    figures=[_table(1, "Sampling the ponds"), _table(2, "Algae counts"), _table(3, "Algae counts")],
)


def _text(title: str, role: str = "method") -> Slide:
    return Slide(kind="bullets", title=title, bullets=["We sampled forty ponds in May"], role=role)


def _table_slide(number: int) -> Slide:
    return Slide(
        kind="figure", title=f"Algae in sample {number}", figure=f"tab-{number}", role="result"
    )


def _found(deck: SlideDeck):
    context = DeckContext(
        deck, PAPER, [SlideMeasure(slide=n) for n in range(1, len(deck.slides) + 1)]
    )
    return [i for rule in DECK_RULES if rule.__name__ == "out_of_order" for i in rule(context)]


def test_a_method_slide_after_the_results_and_tables_out_of_their_order_are_moved():
    deck = deck_of(
        PAPER,
        [
            Slide(kind="title", title=PAPER.title),
            _text("Motivation", role="motivation"),
            _text("Sampling the ponds"),
            _table_slide(1),
            _table_slide(3),
            _table_slide(2),
            _text("Sampling the ponds (continued)"),
            _text("Discussion", role="discussion"),
            _text("Conclusions", role="conclusion"),
        ],
    )
    found = _found(deck)
    assert [i.evidence["slides"] for i in found] == [[6, 7]]  # Table 2, the method's rest

    revised = deck_repair(BuiltinProposer(), PAPER, deck, found).deck
    assert [s.title for s in revised.slides[1:]] == [
        "Motivation",
        "Sampling the ponds",
        "Algae in sample 1",  # Table 1 is the method's own: the method's rest may follow it
        "Sampling the ponds (continued)",
        "Algae in sample 2",
        "Algae in sample 3",
        "Discussion",
        "Conclusions",
    ]
    assert _found(revised) == []


def test_storyline_slides_and_a_heading_of_several_sections_stay_where_they_are():
    paper = PAPER.model_copy(
        update={
            "sections": [
                *PAPER.sections,
                Section(title="Sampling the ponds", level=2, paragraphs=["Again, later."]),
            ]
        }
    )
    slides = [
        Slide(kind="title", title=PAPER.title),
        _table_slide(2),
        _text("Motivation", role="motivation"),  # the story's, wherever it stands
        _text("Sampling the ponds"),  # two sections have this heading: its place is unknown
    ]
    assert deck_level.out_of_order(slides, paper) == []
