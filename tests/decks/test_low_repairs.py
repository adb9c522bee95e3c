"""Low findings whose repair is safe are repaired (round 18): with nothing at or above the
threshold open, the loop gives the proposer the low findings of `issues.LOW_REPAIRED` once —
a phrase the paper introduced just before gets that sentence before it — and no other low
finding (a figure-size or thin-slide finding changes the deck's shape). Paper and slides are
made up here."""

from __future__ import annotations

from apps.decks.pipeline.issues import LOW_REPAIRED, Issue
from apps.decks.pipeline.loop import RoundRecord, revise_record, stop_reason
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.review import review
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_review_rules import measure

USES = [
    "The dryer runs on waste heat from the furnace.",
    "Wet grain enters the dryer from a hopper.",
    "The dryer holds four tonnes of grain.",
    "Its owners inspect the dryer every spring.",
]
OPENER = "Grain stored wet loses a tenth of its value within a month"
HUMID = "Condensation forms inside a grain dryer on humid nights"
CLEANED = "Each autumn the dryer is cleaned twice by the farm staff"


def _paper() -> Paper:
    return Paper(
        title="Drying grain on small farms",
        abstract="We report how grain is dried on small farms.",
        pages=4,
        source_name="grain.pdf",
        sections=[
            Section(title="Plants", paragraphs=[" ".join(USES)]),
            Section(title="Operation", paragraphs=[f"{OPENER}. {HUMID}. {CLEANED}."]),
        ],
    )


def _deck(paper: Paper):
    slide = Slide(kind="bullets", title="Operation", bullets=[OPENER, CLEANED])
    return deck_of(paper, [Slide(kind="title", title=paper.title), slide])


def test_a_low_referent_finding_alone_gets_its_sentence_brought_in():
    paper = _paper()
    deck = _deck(paper)
    found = [
        i
        for i in review(deck, [measure(slide=1), measure(slide=2)], paper)
        if i.type == "unintroduced_referent"
    ]
    assert [i.severity for i in found] == ["low"]
    thin = Issue(slide=2, type="thin_slide", severity="low", message="two bullets")
    record = RoundRecord(1, deck, [thin, *found], folder=None)
    revised = revise_record(BuiltinProposer(), paper, [record], "medium")
    assert revised is not None
    assert revised.slides[1].bullets == [OPENER, HUMID, CLEANED]
    # the change names the referent finding in the round's own list; the thin slide is left
    assert [(c.issue, c.type) for c in record.changes] == [(1, "unintroduced_referent")]
    assert record.unrepairable == []


def test_the_loop_revises_once_for_low_findings_with_a_safe_repair():
    referent = Issue(slide=2, type="unintroduced_referent", severity="low", message="the dryer")
    small = Issue(slide=3, type="figure_text_small", severity="low", message="6 px labels")
    medium = Issue(slide=2, type="fragment", severity="medium", message="a fragment")
    assert "unintroduced_referent" in LOW_REPAIRED and "figure_text_small" not in LOW_REPAIRED
    revise = {"last_round": False, "low_pass": False}
    assert stop_reason([referent, small], "medium", **revise) == ""
    assert stop_reason([small], "medium", **revise) == "clean"
    assert stop_reason([referent], "medium", last_round=False, low_pass=True) == "clean"
    assert stop_reason([referent], "medium", last_round=True, low_pass=False) == "clean"
    assert stop_reason([medium, referent], "medium", **revise) == ""
    assert stop_reason([medium], "medium", last_round=True, low_pass=False) == "rounds"


def test_in_a_round_with_blocking_findings_no_unsafe_low_finding_is_repaired():
    # round 24: a medium finding elsewhere made the round revise, and the proposer was given
    # every finding of the round — a low thin_slide over a display ("the fix could only take it
    # off the deck") removed three displays of a derivation, and the deck fell below its size
    paper = _paper()
    display = Slide(
        kind="bullets",
        title="Drying rate",
        bullets=["The drying rate follows from the air's humidity deficit:"],
        equation=r"r = k \, (h_{s} - h)",
        equation_lead="The drying rate follows from the air's humidity deficit:",
    )
    deck = deck_of(
        paper,
        [
            Slide(kind="title", title=paper.title),
            Slide(kind="bullets", title="Operation", bullets=[OPENER, CLEANED]),
            display,
        ],
    )
    medium = Issue(slide=2, type="fragment", severity="medium", message="a fragment")
    low = Issue(slide=3, type="thin_slide", severity="low", message="a display alone")
    record = RoundRecord(1, deck, [medium, low], folder=None)
    revised = revise_record(BuiltinProposer(), paper, [record], "medium")
    shown = revised.slides if revised is not None else deck.slides
    assert [s.equation for s in shown if s.equation] == [display.equation]
    assert all(c.type != "thin_slide" for c in record.changes)
