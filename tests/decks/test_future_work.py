"""The paper's plans stay plans on the deck (round 23, issue #14): a bullet cut from a plan
("Future releases will add …", an item of a "Future work" list) that no longer says so, on a
slide not titled as the outlook, reads as done among the conclusions — `plan_as_done`, high —
and the repair says it is a plan (the paper's sentence whole, else "Future work: …"). Our own
text throughout."""

from __future__ import annotations

from apps.decks.pipeline import future_work
from apps.decks.pipeline.loop import revise_round
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review import review
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

FINDING = "The tide gauge network predicts harbour levels within four centimetres over a week"
PLAN_SENTENCE = (
    "In a later release the network reads the wind field from the weather service directly."
)
LIST_LEAD = "The network covers one estuary only; for wider use it should be extended as follows:"
ITEMS = [
    "Merge the gauges of neighbouring estuaries into one model.",
    "Correct each gauge for the settling of its pier.",
]


def _paper(future_heading: str = "Future work") -> Paper:
    return Paper(
        title="Tide gauges",
        pages=6,
        source_name="tides.pdf",
        abstract="",
        sections=[
            Section(
                title="Introduction",
                paragraphs=["Harbour pilots need the water level a week ahead of a ship's call."],
            ),
            Section(
                title="Gauges and model",
                paragraphs=[
                    "Each gauge reports its level every six minutes to the central model. The "
                    "model blends the astronomical tide with the surge the gauges measured."
                ],
            ),
            Section(
                title="Conclusions",
                paragraphs=[
                    f"{FINDING}. The surge term halves the error of the astronomical tide "
                    f"alone. {PLAN_SENTENCE}"
                ],
            ),
            Section(title=future_heading, paragraphs=[LIST_LEAD, *ITEMS]),
        ],
    )


def _deck(bullets: list[str], title: str = "Conclusions") -> SlideDeck:
    return SlideDeck(
        title="Tide gauges",
        slides=[
            Slide(kind="title", title="Tide gauges", role="title"),
            Slide(
                kind="bullets",
                title="Gauges and model",
                role="method",
                bullets=[
                    "Each gauge reports its level every six minutes to the central model",
                    "The model blends the astronomical tide with the surge the gauges measured",
                ],
            ),
            Slide(kind="bullets", title=title, role="conclusion", bullets=bullets),
        ],
    )


def _review(deck: SlideDeck, paper: Paper):
    measures = [SlideMeasure(slide=n) for n in range(1, len(deck.slides) + 1)]
    return review(deck, measures, paper)


def _plans(deck: SlideDeck, paper: Paper):
    return [i for i in _review(deck, paper) if i.type == "plan_as_done"]


CUT_PLAN = "The network reads the wind field from the weather service directly"
ITEM = "Merge the gauges of neighbouring estuaries into one model"


def test_a_plan_cut_from_its_plan_words_and_a_listed_plan_are_reported():
    paper = _paper()
    deck = _deck([FINDING, CUT_PLAN, ITEM])
    found = _plans(deck, paper)
    assert [(i.slide, i.severity, i.evidence["why"]) for i in found] == [
        (3, "high", "wording"),
        (3, "high", "section"),
    ]
    assert found[0].evidence["sentence"] == PLAN_SENTENCE


def test_the_repair_says_they_are_plans_and_the_next_review_finds_none():
    paper = _paper()
    deck = _deck([CUT_PLAN, ITEM, FINDING])
    issues = _review(deck, paper)
    revised, changes = revise_round(BuiltinProposer(), paper, [], deck, issues, [])
    # each said to be a plan, after what the paper found
    assert revised.slides[2].bullets[0] == FINDING
    assert revised.slides[2].bullets[1].rstrip(".") == PLAN_SENTENCE.rstrip(".")
    assert revised.slides[2].bullets[2] == (
        "Future work: merge the gauges of neighbouring estuaries into one model"
    )
    assert sum(c.type == "plan_as_done" for c in changes) == 2
    again = _review(revised, paper)
    assert not [i for i in again if i.type == "plan_as_done"]
    # the repaired bullets bring no other finding of their own
    before = {i.type for i in issues if i.slide == 3} - {"plan_as_done"}
    assert {i.type for i in again if i.slide == 3} <= before


def test_a_list_item_is_a_plan_by_its_lead_under_a_closing_heading_too():
    paper = _paper(future_heading="Summary and outlook")
    found = _plans(_deck([FINDING, ITEM]), paper)
    assert [i.evidence["why"] for i in found] == ["list"]


def test_what_says_it_is_a_plan_is_not_reported():
    paper = _paper()
    # the plan's own words kept, a label, or a slide titled as the outlook
    assert not _plans(_deck([FINDING, PLAN_SENTENCE.rstrip(".")]), paper)
    assert not _plans(_deck([FINDING, f"Future work: {ITEM.lower()}"]), paper)
    assert not _plans(_deck([CUT_PLAN, ITEM], title="Future work"), paper)
    # "Summary and outlook" closes on the work done too: its bullets are read one by one
    assert _plans(_deck([FINDING, ITEM], title="Summary and outlook"), paper)


def test_a_clause_of_what_is_beside_a_plan_is_no_plan():
    """A clause saying "The network covers one estuary only" is the present state; the plan is the clause
    after the semicolon. A "will" outside the closing parts is the method's."""
    paper = _paper()
    assert not _plans(_deck([FINDING, "The network covers one estuary only"]), paper)
    method = Paper(
        title="Tide gauges",
        pages=6,
        source_name="tides.pdf",
        sections=[
            Section(
                title="Gauges and model",
                paragraphs=["In the next step, the model weights each gauge by its recent error."],
            )
        ],
    )
    # a method's "next step" is no plan
    assert future_work.plan_of("The model weights each gauge by its recent error", method) is None


def test_the_builtin_deck_of_a_paper_with_future_work_reviews_clean_after_the_loop():
    paper = _paper()
    deck = BuiltinProposer().propose(paper)
    issues = _review(deck, paper)
    if not [i for i in issues if i.type == "plan_as_done"]:
        shown = [b for s in deck.slides for b in s.bullets]
        assert all(future_work.plan_of(b, paper) is None for b in shown)
        return
    revised, _ = revise_round(BuiltinProposer(), paper, [], deck, issues, [])
    assert not _plans(revised, paper)


def test_every_item_of_a_marked_list_shares_its_lead():
    """Items set with a list's mark are each a paragraph: the second item's sentence before
    is the first item, yet its lead is the sentence before the list."""
    marked_items = [f"• {item}" for item in ITEMS]
    paper = _paper().model_copy(deep=True)
    paper.sections[-1].title = "Summary and outlook"
    paper.sections[-1].paragraphs = [LIST_LEAD, *marked_items, "The gauges cost little to run."]
    second = "Correct each gauge for the settling of its pier"
    found = _plans(_deck([FINDING, second]), paper)
    assert [i.evidence["why"] for i in found] == ["list"]
    # the paragraph after the list is no item of it
    assert not _plans(_deck([FINDING, "The gauges cost little to run"]), paper)
