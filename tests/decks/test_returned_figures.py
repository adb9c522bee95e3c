"""A count fix does not put back a figure an earlier round removed (round 18, re-audit): the
"too few figures" fix added a figure one round had taken off, where the paper's order put it,
with nothing said of it; the rounds would take it off and add it again. Papers and slides are
made up here."""

from __future__ import annotations

from apps.decks.pipeline.issues import Change
from apps.decks.pipeline.loop_guard import no_returned_figures
from apps.decks.pipeline.paper import Figure, Paper, Section
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks import factories


def _figure(number: int) -> Figure:
    caption = f"Germination rate of seed lot {number} against soil temperature."
    return factories.figure(number, caption, page=number)


PAPER = Paper(
    title="Seed lots",
    pages=3,
    source_name="seeds.pdf",
    sections=[Section(title="Trials", paragraphs=["Seed lots were sown at five temperatures."])],
    figures=[_figure(1), _figure(2), _figure(3)],
)


def _deck(*figures: int) -> SlideDeck:
    return SlideDeck(
        title="Seed lots",
        slides=[
            Slide(kind="title", title="Seed lots", role="title"),
            Slide(
                kind="bullets", title="Trials", bullets=["Seed lots were sown at five temperatures"]
            ),
            *(
                Slide(kind="figure", title=f"Seed lot {n}", figure=f"fig-{n}", caption="Rate.")
                for n in figures
            ),
        ],
    )


def _added(*labels: str) -> Change:
    return Change(issue=0, slide=0, type="too_few_figures", action="added " + ", ".join(labels))


def test_a_count_fix_adds_only_figures_no_earlier_round_took_off():
    earlier, current = [_deck(1, 2)], _deck(1)  # round 2 took Figure 2 off
    revised = _deck(1, 2, 3)
    kept, changes = no_returned_figures(
        earlier, current, revised, [_added("Figure 2", "Figure 3")], PAPER
    )
    assert kept.figures_used() == ["fig-1", "fig-3"]
    assert [c.action for c in changes] == ["added Figure 3"]


def test_a_count_fix_that_only_puts_a_removed_figure_back_is_dropped():
    other = Change(issue=1, slide=2, type="dangling_connector", action="dropped “However,”")
    kept, changes = no_returned_figures(
        [_deck(1, 2)], _deck(1), _deck(1, 2), [_added("Figure 2"), other], PAPER
    )
    assert kept.figures_used() == ["fig-1"] and changes == [other]


def test_a_figure_no_earlier_round_showed_is_added():
    kept, changes = no_returned_figures(
        [_deck(1)], _deck(1), _deck(1, 2), [_added("Figure 2")], PAPER
    )
    assert kept.figures_used() == ["fig-1", "fig-2"] and len(changes) == 1
