"""A slide a guard gives back loses what another fix merged into it (round 23): a display
slide's lead was replaced (the display taken off with it) and a thin display slide was merged
into it; `no_thinning_removals` gave the first slide back, and the display merged into it left
the deck with no trace. The guard reads the deck again until nothing more is lost. Through the
loop's revise step with a given revision; paper and formulas are invented."""

from __future__ import annotations

from apps.decks.pipeline.issues import Change, Issue, Revision
from apps.decks.pipeline.loop import revise_round
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

LEAD_A = "The heat flux through the wall follows from the temperature drop:"
LEAD_B = "The wall's resistance adds up over its layers as follows:"
DISPLAY_A = r"q = \frac{\Delta T}{R}"
DISPLAY_B = r"R = \sum_{i} \frac{d_{i}}{k_{i}}"
PARAGRAPH = f"{LEAD_A} Walls of brick lose less heat than walls of concrete. {LEAD_B}"


class Given:
    def __init__(self, revision: Revision):
        self.revision = revision

    def revise(self, paper: Paper, deck: SlideDeck, issues: list[Issue]) -> Revision:
        return self.revision


def test_a_display_merged_into_a_slide_given_back_returns_with_its_own_slide():
    paper = Paper(
        title="Heat loss through walls",
        pages=2,
        source_name="walls.pdf",
        sections=[Section(number="2", title="Heat flux", paragraphs=[PARAGRAPH])],
    )
    first = Slide(
        kind="bullets",
        title="Heat flux",
        bullets=[LEAD_A, "Walls of brick lose less heat than walls of concrete"],
        equation=DISPLAY_A,
        equation_lead=LEAD_A,
        notes=PARAGRAPH,
    )
    thin = Slide(
        kind="bullets",
        title="Resistance of a wall",
        bullets=[LEAD_B],
        equation=DISPLAY_B,
        equation_lead=LEAD_B,
        notes=PARAGRAPH,
    )
    deck = SlideDeck(
        title=paper.title, slides=[Slide(kind="title", title=paper.title), first, thin]
    )
    # the first slide's lead and display replaced; the thin slide merged into it
    merged = first.model_copy(
        update={
            "bullets": ["Walls of brick lose less heat than walls of concrete", LEAD_B],
            "equation": DISPLAY_B,
            "equation_lead": LEAD_B,
        }
    )
    revised = deck.model_copy(update={"slides": [deck.slides[0], merged]})
    issues = [
        Issue(slide=2, type="leaning_reference", severity="medium", message="lead"),
        Issue(slide=3, type="thin_slide", severity="low", message="thin"),
    ]
    changes = [
        Change(issue=0, slide=2, type="leaning_reference", action="replaced the lead"),
        Change(issue=1, slide=3, type="thin_slide", action="merged the slide into the one before"),
    ]
    refused: list[dict] = []
    result, kept = revise_round(
        Given(Revision(deck=revised, changes=changes)), paper, [], deck, issues, refused
    )
    assert [s.equation for s in result.slides[1:]] == [DISPLAY_A, DISPLAY_B]
    assert kept == []
    assert [r["slide"] for r in refused if r["guard"] == "no_thinning_removals"] == [2, 3]


def test_a_figure_added_for_the_deck_licenses_no_display_removal_elsewhere():
    # round 24: the round answered a high too_few_figures (a figure slide added) and removed a
    # display slide for a low thin_slide; the deck-level high finding was read as asking for
    # the removal, and the derivation lost its display
    paper = Paper(
        title="Heat loss through walls",
        pages=2,
        source_name="walls.pdf",
        sections=[Section(number="2", title="Heat flux", paragraphs=[PARAGRAPH])],
    )
    text = Slide(
        kind="bullets",
        title="Heat flux",
        bullets=["Walls of brick lose less heat than walls of concrete", LEAD_A],
        notes=PARAGRAPH,
    )
    thin = Slide(
        kind="bullets",
        title="Resistance of a wall",
        bullets=[LEAD_B],
        equation=DISPLAY_B,
        equation_lead=LEAD_B,
        notes=PARAGRAPH,
    )
    deck = SlideDeck(title=paper.title, slides=[Slide(kind="title", title=paper.title), text, thin])
    added = Slide(kind="figure", title="Heat flux through a brick wall", figure="fig-1")
    revised = deck.model_copy(update={"slides": [deck.slides[0], text, added]})
    issues = [
        Issue(slide=0, type="too_few_figures", severity="high", message="no figure"),
        Issue(slide=3, type="thin_slide", severity="low", message="a display alone"),
    ]
    changes = [
        Change(issue=0, slide=0, type="too_few_figures", action="added Figure 1"),
        Change(issue=1, slide=3, type="thin_slide", action="removed the slide"),
    ]
    refused: list[dict] = []
    result, kept = revise_round(
        Given(Revision(deck=revised, changes=changes)), paper, [], deck, issues, refused
    )
    assert DISPLAY_B in [s.equation for s in result.slides]
    assert "thin_slide" not in [c.type for c in kept]
    assert [r["slide"] for r in refused if r["guard"] == "no_thinning_removals"] == [3]
