"""A display comes with its context (set 10's class [8]/[6]): a display shown under no sentence
saying what it is, while the paper leads into it with one, gets that sentence over it (and the
bullets saying what its symbols are move under it, where the paper has them); a display whose
lead was lost still finds its symbols' definitions around its own place in the paper, not at
the letter's first use in another section; a where-clause inside a sentence about something
else is brought as the definition, without the rest. Papers made here, in memory."""

from __future__ import annotations

from apps.decks.pipeline import symbol_context
from apps.decks.pipeline.paper import Equation, Paper, Section
from apps.decks.pipeline.propose import context_fix
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review.registry import SLIDE_RULES, SlideContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

GROWTH = r"h_{t+1} = h_{t} + \kappa (H - h_{t}) + e_{t}"
LEAD = "The height of a sapling in its first summer is given by:"
WHERE = (
    "$H$ is the height the stand reaches at maturity, $\\kappa$ the growth rate and "
    "$e_{t}$ the weather's effect in week $t$"
)
LATER = "Saplings planted in clay grew a third more slowly than those planted in loam"
PAPER_GROWTH = Paper(
    title="Saplings on a slope",
    pages=4,
    source_name="s.pdf",
    authors=["Mira Castell"],
    sections=[
        Section(
            title="A growth model",
            level=1,
            paragraphs=[
                "We follow forty saplings of beech over one summer on a slope. "
                f"{LEAD} where {WHERE}. {LATER}. The model fits the clay plots less well."
            ],
        )
    ],
    equations=[Equation(tex=GROWTH, section="A growth model", page=2, lead=LEAD)],
)


def _issues(deck: SlideDeck, paper: Paper, number: int, kind: str):
    context = SlideContext(number, deck.slides[number - 1], SlideMeasure(slide=number), deck, paper)
    return [i for rule in SLIDE_RULES for i in rule(context) if i.type == kind]


def _deck(paper: Paper, *slides: Slide) -> SlideDeck:
    return deck_of(paper, [Slide(kind="title", title=paper.title), *slides])


def test_a_display_under_its_definitions_and_no_lead_is_found_and_gets_its_lead_over_it():
    # the display drawn after the bullet saying what its symbols are, nothing saying what it is
    slide = Slide(kind="bullets", title="A growth model", bullets=[WHERE, LATER], equation=GROWTH)
    deck = _deck(PAPER_GROWTH, slide)
    found = _issues(deck, PAPER_GROWTH, 2, "display_without_lead")
    assert len(found) == 1 and found[0].severity == "medium"
    assert LEAD in found[0].message

    revision = deck_repair(BuiltinProposer(), PAPER_GROWTH, deck, found)
    fixed = revision.deck.slides[1]
    assert [c.type for c in revision.changes] == ["display_without_lead"]
    # the lead over the display, the where-clause and the later sentence under it (paper order)
    assert fixed.bullets == [LEAD, WHERE, LATER]
    assert fixed.display_lead() == LEAD and fixed.bullets_over_equation() == 1
    assert _issues(revision.deck, PAPER_GROWTH, 2, "display_without_lead") == []


def test_a_display_under_its_lead_or_set_without_one_in_the_paper_is_fine():
    under = Slide(
        kind="bullets",
        title="A growth model",
        bullets=[LEAD, WHERE],
        equation=GROWTH,
        equation_lead=LEAD,
    )
    assert _issues(_deck(PAPER_GROWTH, under), PAPER_GROWTH, 2, "display_without_lead") == []
    unled = PAPER_GROWTH.model_copy(
        update={"equations": [Equation(tex=GROWTH, section="A growth model", page=2)]}
    )
    bare = Slide(kind="bullets", title="A growth model", bullets=[WHERE], equation=GROWTH)
    assert _issues(_deck(unled, bare), unled, 2, "display_without_lead") == []


def test_a_lead_that_does_not_read_as_a_bullet_is_a_low_finding_the_fixer_leaves():
    # the paper's sentence runs on past the display ("…, and [display] is iterated …")
    cut = "The rate is read from the nursery's notes, and:"
    paper = PAPER_GROWTH.model_copy(
        update={"equations": [Equation(tex=GROWTH, section="A growth model", page=2, lead=cut)]}
    )
    slide = Slide(kind="bullets", title="A growth model", bullets=[WHERE], equation=GROWTH)
    deck = _deck(paper, slide)
    found = _issues(deck, paper, 2, "display_without_lead")
    assert [i.severity for i in found] == ["low"]
    assert deck_repair(BuiltinProposer(), paper, deck, found).deck.slides[1] == slide


# A letter with two meanings: the weights of one section's model, the damping of another's.
DAMPED = r"g_{k+1} = \alpha P g_{k} + (1 - \alpha) q"
DAMPED_LEAD = "The scores are propagated over the graph as:"
PAPER_TWO_ALPHAS = Paper(
    title="Ranking orchards",
    pages=6,
    source_name="r.pdf",
    authors=["Mira Castell"],
    sections=[
        Section(
            title="A weighted sum",
            level=1,
            paragraphs=[
                "Each orchard's yield is a weighted sum of its rows, where $\\alpha_{n}$ are the "
                "weights of the rows and $w$ is the width of a row."
            ],
        ),
        Section(
            title="Ranking",
            level=1,
            paragraphs=[
                "The matrix $P$ is the transition matrix of the orchard graph. "
                f"{DAMPED_LEAD} Eq. (4) is repeated until the scores settle, where $\\alpha$ is "
                "a damping factor in $[0, 1)$. The orchards are ranked by their final scores."
            ],
        ),
    ],
    equations=[Equation(tex=DAMPED, section="Ranking", page=4, lead=DAMPED_LEAD, number="4")],
)


def test_a_display_without_its_lead_leans_on_the_definitions_around_its_own_place():
    slide = Slide(
        kind="bullets",
        title="Ranking",
        bullets=["The matrix $P$ is the transition matrix of the orchard graph"],
        equation=DAMPED,
    )
    defs = symbol_context.definitions(PAPER_TWO_ALPHAS)
    missing = context_fix.missing_for_display(slide, set(), defs)
    # α of the ranking section, not the weights of the first section's sum
    assert [(s.key, "damping factor" in d) for s, d in missing] == [("\\alpha", True)]
    outcome = context_fix.with_definitions(slide, None, missing, defs, set())
    # the where-clause alone: the rest of its sentence is about something else
    assert "$\\alpha$ is a damping factor in $[0, 1)$" in outcome.slide.bullets
    assert outcome.slide.equation == DAMPED
    assert not any("weights of the rows" in b for b in outcome.slide.bullets)


def test_the_lead_brought_over_a_display_is_not_a_use_of_its_symbols_of_its_own():
    # "q" meant the trays in an earlier sentence; the lead names the cohort the display is of
    lead = "For cohort $q$, the height of a sapling is given by:"
    paper = PAPER_GROWTH.model_copy(
        update={
            "sections": [
                Section(
                    title="Nursery",
                    level=1,
                    paragraphs=["Let $q$ be the number of trays in the nursery."],
                ),
                Section(
                    title="A growth model",
                    level=1,
                    paragraphs=[f"We follow forty saplings. {lead} where {WHERE}. {LATER}."],
                ),
            ],
            "equations": [Equation(tex=GROWTH, section="A growth model", page=2, lead=lead)],
        }
    )
    slide = Slide(
        kind="bullets",
        title="A growth model",
        bullets=[lead, WHERE],
        equation=GROWTH,
        equation_lead=lead,
    )
    deck = _deck(paper, slide)
    assert _issues(deck, paper, 2, "undefined_symbol") == []
