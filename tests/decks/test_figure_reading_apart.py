"""A bullet that reads a figure ("Notice the green marker …") on the slide before or after the
figure's is reported (figure_reading_apart) and moved onto the figure's slide; a bullet that
says nothing seen, or whose figure is not next to it, stays. On a paper and slides made up
here."""

from __future__ import annotations

from apps.decks.pipeline.issues import Issue
from apps.decks.pipeline.paper import Figure, Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.review.reading_rules import figure_reading_apart
from apps.decks.pipeline.review.registry import DeckContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

SETUP = (
    "The kilns were fired twice a week from March to June. Each firing was logged with a "
    "thermocouple at the back wall of the chamber."
)
READING = (
    "Figure 2 plots the chamber temperature of one firing against time. The temperature rose "
    "slowly for the first six hours. Notice the green marker where the damper was closed. "
    "After that point the chamber cooled evenly overnight."
)
STOP = "Notice the green marker where the damper was closed"
SLOW = "The temperature rose slowly for the first six hours"


def _paper() -> Paper:
    figure = Figure(
        id="fig-2",
        kind="figure",
        number=2,
        label="Figure 2",
        caption="Chamber temperature of one firing.",
        page=2,
        bbox=(100.0, 100.0, 300.0, 250.0),
        image="fig-2.png",
        width_px=1000,
        height_px=750,
        section="Firing log",
    )
    return Paper(
        title="Wood firing in a small kiln",
        pages=3,
        source_name="kiln.pdf",
        sections=[
            Section(number="1", title="Kilns", paragraphs=[SETUP]),
            Section(number="2", title="Firing log", paragraphs=[READING]),
        ],
        figures=[figure],
    )


def _deck(text_bullets: list[str], gap: bool = False) -> SlideDeck:
    slides = [
        Slide(kind="title", title="Wood firing in a small kiln"),
        Slide(kind="bullets", title="Firing log", bullets=text_bullets, notes=READING),
    ]
    if gap:
        slides.append(Slide(kind="bullets", title="Kilns", bullets=SETUP.split(". ")[:2]))
    slides.append(
        Slide(
            kind="figure",
            title="Chamber temperature of one firing",
            figure="fig-2",
            caption="Chamber temperature of one firing.",
        )
    )
    return SlideDeck(title="Wood firing in a small kiln", slides=slides)


def _findings(deck: SlideDeck, paper: Paper) -> list[Issue]:
    return list(figure_reading_apart(DeckContext(deck, paper, [])))


def test_a_bullet_reading_the_next_slides_figure_is_reported_and_moved_there():
    paper = _paper()
    deck = _deck([SLOW, STOP])
    found = _findings(deck, paper)
    assert [(i.type, i.evidence["bullets"]) for i in found] == [("figure_reading_apart", [STOP])]
    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    assert STOP in revised.slides[2].bullets
    assert STOP not in revised.slides[1].bullets
    assert revised.slides[1].bullets == [SLOW]  # what says nothing seen stays
    assert _findings(revised, paper) == []


def test_a_bullet_whose_figure_is_two_slides_away_or_that_says_nothing_seen_stays():
    paper = _paper()
    assert _findings(_deck([SLOW, STOP], gap=True), paper) == []
    assert _findings(_deck([SLOW]), paper) == []


def test_a_reading_paragraphs_after_the_figures_mention_is_not_moved_onto_it():
    """The figure a later paragraph reads may be a panel its crop leaves out: moved under the
    figure, the sentence would tell the reader the figure shows it (a WRONG statement seen on
    an unseen paper). It is still reported; it is not moved."""
    later = "A second firing went the same way. Notice the green marker where the damper was shut."
    paper = _paper()
    paper.sections[1].paragraphs.append(later)
    bullet = "Notice the green marker where the damper was shut"
    deck = _deck([SLOW, bullet])
    found = _findings(deck, paper)
    assert [i.type for i in found] == ["figure_reading_apart"]
    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    assert bullet in revised.slides[1].bullets
    assert bullet not in revised.slides[2].bullets
