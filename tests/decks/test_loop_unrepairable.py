"""A loop that stops with blocking issues open says why (round 15, loop): each blocking issue
the revision leaves unanswered is recorded in review.json's `unrepairable` with its reason (a
type reported only, a repair that found nothing certain, a fix the guards refused), and the
last round says why the loop ended (`stopped`). Paper and slides are made up here."""

from __future__ import annotations

from apps.decks.pipeline.issues import Issue
from apps.decks.pipeline.loop import RoundRecord, revise_record
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.unrepaired import REPORTED_ONLY
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

KILNS = [
    "Wood-fired kilns reach their top temperature two hours later than gas kilns of equal size",
    "The glaze of pots fired near the flue is thinner because ash settles on them",
]


def _paper() -> Paper:
    return Paper(
        title="kiln-notes",
        pages=2,
        source_name="kiln-notes.pdf",
        sections=[Section(title="Firing", paragraphs=[". ".join(KILNS) + "."])],
    )


def _deck() -> SlideDeck:
    return SlideDeck(
        title="kiln-notes",
        slides=[
            Slide(kind="title", title="kiln-notes", role="title"),
            Slide(kind="bullets", title="Firing", bullets=KILNS, role="method"),
        ],
    )


def _cover_unread() -> Issue:
    return Issue(
        slide=1,
        type="cover_title_unread",
        severity="medium",
        message="the cover shows the file name",
        evidence={"title": "kiln-notes"},
    )


def test_a_loop_that_stops_with_an_issue_open_records_why():
    record = RoundRecord(1, _deck(), [_cover_unread()], folder=None)
    assert revise_record(BuiltinProposer(), _paper(), [record], "medium") is None
    review = record.as_review()
    assert review["stopped"] == "unrepairable"
    assert review["unrepairable"] == [
        {
            "issue": 0,
            "type": "cover_title_unread",
            "slide": 1,
            "reason": REPORTED_ONLY["cover_title_unread"],
        }
    ]


def test_a_low_issue_is_not_recorded_and_an_unknown_type_says_it_has_no_repair():
    low = Issue(slide=2, type="thin_slide", severity="low", message="two bullets")
    odd = Issue(slide=2, type="made_up_type", severity="high", message="?")
    record = RoundRecord(1, _deck(), [low, odd], folder=None)
    revise_record(BuiltinProposer(), _paper(), [record], "medium")
    assert [(u["issue"], u["reason"]) for u in record.unrepairable] == [
        (1, "no builtin repair for this type")
    ]


def test_an_issue_whose_fix_would_undo_an_earlier_rounds_says_so():
    from apps.decks.pipeline.loop import revise_round
    from apps.decks.pipeline.review import deck_rules
    from tests.decks.test_deck_structure import _issues
    from tests.decks.test_loop_oscillation import _narrow, _paper_and_bare_deck

    paper, round1 = _paper_and_bare_deck()
    thin = _issues(round1, paper, rule=deck_rules.thin_deck)
    round2, _ = revise_round(BuiltinProposer(), paper, [], round1, thin)
    # taking the captions' statements off the figure slides again would bring round 1 back
    records = [
        RoundRecord(1, round1, thin, folder=None),
        RoundRecord(2, round2, _narrow(round2), folder=None),
    ]
    assert revise_record(BuiltinProposer(), paper, records, "medium") is None
    review = records[-1].as_review()
    assert review["stopped"] == "unrepairable"
    assert [r["guard"] for r in review["refused"]] == ["no_reversals"]
    assert [u["type"] for u in review["unrepairable"]] == ["figure_narrow", "figure_narrow"]
    assert all(
        u["reason"].startswith("its repair was refused by the loop's guards: ")
        for u in review["unrepairable"]
    )
