"""The loop does not go round in circles: a thin deck's fix (the captions stated on bare figure
slides) and a narrow figure's fix (the text taken off the figure slide) undo each other; on a
deck of our own that oscillated so, the second fix is not applied and a round whose findings
repeat an earlier revised round's stops the loop."""

from __future__ import annotations

from apps.decks.pipeline.issues import Issue
from apps.decks.pipeline.loop import revise_round
from apps.decks.pipeline.loop_guard import findings_repeat
from apps.decks.pipeline.paper import Figure, Paper
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.review import deck_rules
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks.factories import figure
from tests.decks.test_deck_structure import _cover, _issues

CAPTIONS = [
    "Counts of the probes per field. Each field holds twelve stations. "
    "The wettest field has the fewest working probes.",
    "Drift of the reference sensor. The drift stays under two percent a year. "
    "Calibration twice a year removes it.",
]


def _square_figure(number: int, caption: str) -> Figure:
    """A figure about as tall as wide: drawn beside its text, it is narrow."""
    return figure(number, caption, bbox=(50, 50, 450, 450), width_px=800, height_px=800)


def _paper_and_bare_deck() -> tuple[Paper, SlideDeck]:
    figures = [_square_figure(n, c) for n, c in enumerate(CAPTIONS, start=1)]
    paper = Paper(
        title="Low-cost soil moisture probes",
        sections=[],
        figures=figures,
        pages=4,
        source_name="probes.pdf",
    )
    slides = [
        _cover(),
        *(
            Slide(kind="figure", title=f"Probes {n}", figure=f.id, caption=c.split(". ")[0])
            for n, (f, c) in enumerate(zip(figures, CAPTIONS, strict=True), start=1)
        ),
    ]
    return paper, SlideDeck(title=paper.title, slides=slides)


def _narrow(deck: SlideDeck) -> list[Issue]:
    """What the reviewer reports on a figure slide whose text column squeezes the figure."""
    return [
        Issue(
            slide=n,
            type="figure_narrow",
            severity="medium",
            message=f"{s.figure} is drawn 420 px wide, less than 576 px",
            evidence={"drawn_w": 420, "wanted_w": 576},
        )
        for n, s in enumerate(deck.slides, start=1)
        if s.kind == "figure" and s.bullets
    ]


def test_a_fix_that_undoes_an_earlier_rounds_fix_is_not_applied():
    paper, round1 = _paper_and_bare_deck()
    proposer = BuiltinProposer()
    thin = _issues(round1, paper, rule=deck_rules.thin_deck)
    assert [i.type for i in thin] == ["thin_deck"]
    round2, changes = revise_round(proposer, paper, [], round1, thin)
    assert changes and all(s.bullets for s in round2.slides[1:])  # the captions stated

    narrow = _narrow(round2)
    assert len(narrow) == 2
    round3, changes = revise_round(proposer, paper, [round1], round2, narrow)
    # taking the text off again would give round 1's deck, which is thin: not applied
    assert round3 != round1
    assert round3.slides == round2.slides
    assert changes == []  # no fix is claimed that the deck does not show


def test_without_an_earlier_round_the_narrow_figure_fix_still_applies():
    paper, round1 = _paper_and_bare_deck()
    proposer = BuiltinProposer()
    round2, _ = revise_round(
        proposer, paper, [], round1, _issues(round1, paper, rule=deck_rules.thin_deck)
    )
    revised, changes = revise_round(proposer, paper, [], round2, _narrow(round2))
    assert all(not s.bullets for s in revised.slides[1:])
    assert {c.type for c in changes} == {"figure_narrow"}


def test_findings_that_repeat_an_earlier_revised_round_stop_the_loop():
    paper, round1 = _paper_and_bare_deck()
    thin = _issues(round1, paper, rule=deck_rules.thin_deck)
    round2, _ = revise_round(BuiltinProposer(), paper, [], round1, thin)
    # slides moved (a text slide came in front): the findings are the same by what they are about
    moved = round2.model_copy(
        update={
            "slides": [
                round2.slides[0],
                Slide(kind="bullets", title="Method", bullets=["a b c"] * 3),
                *round2.slides[1:],
            ]
        }
    )
    assert findings_repeat([(round2, _narrow(round2))], moved, _narrow(moved))
    assert not findings_repeat([(round1, thin)], moved, _narrow(moved))
    assert not findings_repeat([], moved, _narrow(moved))
