"""The loop repairs; it never answers a finding by deleting a result or putting a stub in place.

Seen on unseen papers: the slide of the main results table removed because its crop was
flagged, a flagged result figure swapped for one another slide already shows, a figure slide
turned into a code slide (the figure gone), a one-line code stub added for "the bullet talks
about code the slide does not show", and a finding declared unrepairable in round 1 that round
2 no longer reported although the slide was the same. Papers and slides here are our own: the
made-up hive paper of test_loop_no_worse, and the LaTeX paper of our own with listings
(tests/fixtures/papers/ingest/listings, CC0)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings

from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.issues import Change, Issue, Revision
from apps.decks.pipeline.loop import RoundRecord, identity, revise_round
from apps.decks.pipeline.open_findings import carried_findings
from apps.decks.pipeline.paper import Figure, Paper, Section
from apps.decks.pipeline.propose import unrepaired
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.repair_guard import stub_reason
from apps.decks.pipeline.result_losses import lost_results
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks import factories
from tests.decks.test_context_symbols import _deck, _issues, _sentence
from tests.decks.test_loop_no_worse import FixedProposer

LISTINGS = settings.BASE_DIR / "tests/fixtures/papers/ingest/listings/tessera-listings.pdf"

ABSTRACT = (
    "We weighed twelve hives through one season. Fed hives gained 41.5% more honey than unfed "
    "hives, and their brood survived the June gap."
)
WEIGHING = (
    "Each hive stood on a scale that logged its weight every morning. Table 1 gives the yield "
    "of every hive over the season. Figure 1 shows the scale and its logger."
)


def _figure(kind: str, number: int, caption: str) -> Figure:
    return factories.figure(
        number,
        caption,
        kind=kind,
        page=2,
        bbox=(72.0, 100.0, 520.0, 400.0),
        width_px=900,
        height_px=600,
    )


def _hive_paper() -> Paper:
    return Paper(
        title="Spring feeding of honey bee colonies",
        pages=3,
        source_name="hives.pdf",
        abstract=ABSTRACT,
        sections=[Section(number="3", title="Weighing", paragraphs=[WEIGHING])],
        figures=[
            _figure("table", 1, "Honey yield of fed and unfed hives (kg)."),
            _figure("figure", 1, "The hive scale and its logger."),
            _figure("figure", 2, "A frame of brood in July."),
        ],
    )


def _hive_deck(paper: Paper, *middle: Slide) -> SlideDeck:
    return SlideDeck(
        title=paper.title,
        slides=[
            Slide(kind="title", title=paper.title),
            Slide(kind="bullets", title="Feeding", bullets=["Fed hives gained 41.5% more honey"]),
            *middle,
        ],
    )


TABLE = Slide(kind="figure", title="Honey yield of every hive", figure="tab-1")
SCALE = Slide(kind="figure", title="The hive scale", figure="fig-1")


def test_the_builtin_repair_keeps_a_results_table_whose_crop_is_cut():
    # without the guard: Figure 2 (not shown yet) took the table's place, and the deck lost
    # the only slide with the yields
    paper = _hive_paper()
    deck = _hive_deck(paper, TABLE)
    cut = Issue(
        slide=3, type="crop_cut", severity="medium", message="cut", evidence={"figure": "tab-1"}
    )
    revised = deck_repair(BuiltinProposer(), paper, deck, [cut])
    assert "tab-1" in revised.deck.figures_used()
    assert "fig-2" not in revised.deck.figures_used()
    assert revised.changes == []
    # the finding stays open, and review.json says why
    [open_] = unrepaired.unanswered([cut], [cut], revised.changes, [], paper, deck)
    assert "carries the paper's result" in open_["reason"]


def test_a_proposer_may_not_remove_a_results_table_for_its_crop():
    paper = _hive_paper()
    deck = _hive_deck(paper, TABLE)
    without = _hive_deck(paper)
    for kind, severity in [("crop_cut", "medium"), ("crop_cut", "high")]:
        issue = Issue(slide=3, type=kind, severity=severity, message="m")
        change = Change(issue=0, slide=3, type=kind, action="removed the slide")
        proposer = FixedProposer(Revision(deck=without, changes=[change]))
        refused: list[dict] = []
        result, changes = revise_round(proposer, paper, [], deck, [issue], refused)
        assert result == deck and changes == [], kind
        assert refused[0]["guard"] == "no_thinning_removals"
    # a crop that shows body text is unclean whatever it shows (no crop holds foreign text)
    issue = Issue(slide=3, type="crop_foreign_text", severity="high", message="m")
    change = Change(issue=0, slide=3, type="crop_foreign_text", action="removed the slide")
    proposer = FixedProposer(Revision(deck=without, changes=[change]))
    result, changes = revise_round(proposer, paper, [], deck, [issue], [])
    assert result == without and len(changes) == 1


def test_a_figure_swapped_in_that_another_slide_shows_is_refused():
    paper = _hive_paper()
    brood = Slide(kind="figure", title="Brood in July", figure="fig-2")
    deck = _hive_deck(paper, SCALE, brood)
    # the brood slide's crop is flagged; the revision shows the scale there instead
    swapped = _hive_deck(paper, SCALE, SCALE.model_copy(update={"title": "The scale again"}))
    issue = Issue(slide=4, type="crop_cut", severity="medium", message="m")
    change = Change(issue=0, slide=4, type="crop_cut", action="showed Figure 1 instead")
    refused: list[dict] = []
    result, changes = revise_round(
        FixedProposer(Revision(deck=swapped, changes=[change])), paper, [], deck, [issue], refused
    )
    assert result == deck and changes == []
    assert refused[0]["guard"] == "no_duplicate_figures"


def test_a_code_stub_is_no_repair():
    paper = _hive_paper()
    talk = Slide(kind="bullets", title="Logging", bullets=["The logger script reads the scale"])
    deck = _hive_deck(paper, talk)
    for stub in ["read_scale()", "read_scale(port)\n…", "# code here", "..."]:
        stubbed = _hive_deck(paper, talk.model_copy(update={"code": stub, "code_lang": "r"}))
        issue = Issue(slide=3, type="narrates_code", severity="medium", message="m")
        change = Change(issue=0, slide=3, type="narrates_code", action="showed the listing")
        refused: list[dict] = []
        result, changes = revise_round(
            FixedProposer(Revision(deck=stubbed, changes=[change])),
            paper,
            [],
            deck,
            [issue],
            refused,
        )
        assert result == deck and changes == [], stub
        assert refused[0]["guard"] == "no_stub_code"
    # the paper's code as a whole unit, or cut after two whole lines, is no stub
    assert stub_reason("x <- read_scale(port)\nplot(x)\n…", paper) == ""


@pytest.fixture(scope="module")
def listings_paper(tmp_path_factory) -> Paper:
    return paper_read(LISTINGS, tmp_path_factory.mktemp("repairs-listings"))


def test_a_figure_slide_keeps_its_figure_when_its_bullet_gets_its_code(listings_paper):
    # a figure slide whose only bullet narrates the session: the listing goes on a slide of its
    # own after it, and the figure stays (it used to become the code slide, the figure gone)
    figure = _figure("figure", 1, "Counts of wrens along each hedgerow.")
    paper = listings_paper.model_copy(update={"figures": [figure]})
    use = _sentence(paper, "We pass the notebook")
    deck = _deck(paper, Slide(kind="figure", title="Wrens", figure="fig-1", bullets=[use]))
    found = _issues(deck, paper, 2, "narrates_code")
    assert found
    revised = deck_repair(BuiltinProposer(), paper, deck, found)
    assert "fig-1" in revised.deck.figures_used()
    # the listing under the paper's sentence introducing it, then the bullet about it
    coded = next(s for s in revised.deck.slides if s.code)
    assert coded.bullets[-1] == use and coded.bullets[0].startswith("Consider the small session")


def test_an_unrepairable_finding_stays_reported_while_its_slide_is_the_same():
    paper = _hive_paper()
    deck = _hive_deck(paper, TABLE)
    cut = Issue(slide=3, type="crop_cut", severity="medium", message="m", evidence={"text": "kg"})
    unanswered = unrepaired.unanswered([cut], [cut], [], [], paper, deck)
    # round 2: a slide was added before it; the review no longer reports the finding
    later = _hive_deck(paper, SCALE, TABLE)
    carried = carried_findings(deck, [cut], unanswered, later, [], identity)
    assert [(i.type, i.slide) for i in carried] == [("crop_cut", 4)]
    assert carried[0].evidence["carried"] and carried[0].evidence["open_because"]
    # the slide changed: the new review stands
    changed = _hive_deck(paper, TABLE.model_copy(update={"caption": "Yield per hive."}))
    assert carried_findings(deck, [cut], unanswered, changed, [], identity) == []


def test_a_kept_closing_slide_reported_again_at_its_new_number_is_one_finding():
    # round 1: the closing slide of one bullet (slide 4) stays thin, unrepaired; round 2: a
    # slide before it went, the review reports it again as slide 3. Told by slide number, the
    # carried copy of round 1's finding was added as well: two thin_slide findings for one
    # slide, and the loop stopped on the pair as "unrepairable"
    paper = _hive_paper()
    close = Slide(
        kind="bullets", title="Conclusions", bullets=["Fed hives gained 41.5% more honey"]
    )
    deck = _hive_deck(paper, SCALE, close)
    thin = Issue(
        slide=4, type="thin_slide", severity="medium", message="m", evidence={"bullets": 1}
    )
    unanswered = unrepaired.unanswered([thin], [thin], [], [], paper, deck)
    later = _hive_deck(paper, close)
    again = thin.model_copy(update={"slide": 3})
    carried = carried_findings(deck, [thin], unanswered, later, [again], identity)
    assert [(i.type, i.slide) for i in carried] == [("thin_slide", 3)]
    assert not carried[0].evidence.get("carried")
    # not reported again: carried once, at its new number
    carried = carried_findings(deck, [thin], unanswered, later, [], identity)
    assert [(i.type, i.slide, i.evidence["carried"]) for i in carried] == [("thin_slide", 3, True)]


def test_a_round_that_lost_a_result_of_round_one_is_never_the_final_one():
    paper = _hive_paper()
    first = _hive_deck(paper, TABLE)
    thinned = SlideDeck(title=paper.title, slides=[first.slides[0]])
    lost = lost_results(paper, first, thinned)
    # the abstract's headline went with its number (round 18: the headline is a carrier too)
    assert {entry["key"] for entry in lost} == {"figure:tab-1", "number:41.5%", "headline"}
    assert lost_results(paper, first, first) == []
    one = RoundRecord(
        1, first, [Issue(slide=3, type="crop_cut", severity="medium", message="m")], Path()
    )
    two = RoundRecord(2, thinned, [], Path(), lost=lost)
    assert min([one, two], key=RoundRecord.rank) is one
    # but a round whose crop shows body text (high) is worse than one without that figure
    unclean = Issue(slide=3, type="crop_foreign_text", severity="high", message="m")
    one = RoundRecord(1, first, [unclean], Path())
    assert min([one, two], key=RoundRecord.rank) is two
