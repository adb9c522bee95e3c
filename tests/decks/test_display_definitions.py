"""Round 23: a symbol the paper introduces only by a display — the sentence leading into it
says in words what the display is ("This index is simply the largest gap between …:"), the
display names the symbol on its left ("$G = \\max_t |H(t) - Q(t)|$") — is introduced as much as
one after "let" or before "is the". A bullet using it on a deck without the display leaned on
what no slide gave, and undefined_symbol never said so (only sentences counted). The reviewer
now reports it with the lead's words said of the symbol ("$G$ is the largest gap between …"),
and the loop brings that sentence onto the slide or merges it with the bullet. Leads that do
not read as such a definition (a verb or pronoun in the phrase, a plural, "the following", a
display of rows) introduce nothing. Sentences are invented (orchards)."""

from __future__ import annotations

import pytest

from apps.decks.pipeline import symbol_context
from apps.decks.pipeline.display_definitions import display_definition
from apps.decks.pipeline.loop import revise_round
from apps.decks.pipeline.paper import Equation, Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_context_symbols import _deck, _issues

KIND = "undefined_symbol"
OPENING = "Each orchard records its harvest in crates every week of the season"
WEATHER = "Rain in the last week before picking lowers the harvest of every orchard"
LEAD = "This index is simply the largest gap between the observed and predicted harvest curves:"
GAP_TEX = "G = \\max_{t} |H(t) - Q(t)|"
USE = "For the northern orchard the fit is closest when $w = 4$ and $G(4) = 0.012$"
OTHER = "The southern orchards were picked two weeks later than the northern ones"


def _paper(lead: str = LEAD, tex: str = GAP_TEX) -> Paper:
    method = (
        "We compare each orchard's harvest with the model's prediction. "
        f"{lead.rstrip(':')} Eq. (3) where $H(t)$ is the observed harvest up to week $t$. "
        "We choose the window that gives the smallest index."
    )
    return Paper(
        title="Predicting orchard harvests",
        abstract="We predict the weekly harvest of forty orchards from the weather.",
        pages=4,
        source_name="orchards.pdf",
        sections=[
            Section(title="Introduction", paragraphs=[f"{OPENING}. {WEATHER}."]),
            Section(title="Method", paragraphs=[method]),
            Section(title="Results", paragraphs=[f"{USE}. {OTHER}."]),
        ],
        equations=[Equation(number="3", tex=tex, section="Method", page=2, lead=lead)],
    )


@pytest.mark.parametrize(
    ("tex", "lead", "expected"),
    [
        (
            GAP_TEX,
            LEAD,
            ("G", "$G$ is the largest gap between the observed and predicted harvest curves"),
        ),
        (
            "\\hat{\\beta} = 1 + n [\\sum_{i=1}^{n} \\ln y_{i}]^{-1}",
            "The estimator of the ripening rate is given by:",
            ("hat:\\beta", "$\\hat{\\beta}$ is the estimator of the ripening rate"),
        ),
        (
            "r(t) = a e^{-t/\\tau}",
            "The ripening curve of a single tree is:",
            ("r", "$r(t)$ is the ripening curve of a single tree"),
        ),
    ],
)
def test_a_lead_saying_what_the_display_is_defines_its_left_side(tex, lead, expected):
    assert display_definition(tex, lead) == expected


@pytest.mark.parametrize(
    ("tex", "lead"),
    [
        (GAP_TEX, "We compute the largest gap between the two curves:"),  # a verb, no copula
        (GAP_TEX, "The index we use is:"),  # a clause inside the phrase
        (GAP_TEX, "The gaps are given by:"),  # plural: the left side is one of several
        (GAP_TEX, "The index is the following:"),  # points on, names nothing
        (GAP_TEX, "The general case is:"),  # names the display's form, not a quantity
        (GAP_TEX, "This index is simply the largest gap between"),  # no colon: no lead
        ("G + K = \\max_{t} |H(t)|", LEAD),  # the left side is no one symbol
        ("G = H = Q", LEAD),  # a chain
        ("G \\leq \\max_{t} |H(t)|", LEAD),  # a bound, not a definition
        ("x^{2} = y", LEAD),  # a power
        ("G = a \\\\ K = b", LEAD),  # rows
    ],
)
def test_other_leads_and_displays_define_nothing(tex, lead):
    assert display_definition(tex, lead) is None


def test_the_paper_s_display_definition_is_placed_where_its_lead_stands():
    defs = symbol_context.Definitions.of(_paper())
    ((at, sentence),) = defs.places["G"]
    assert sentence.startswith("$G$ is the largest gap")
    assert defs.position(LEAD) == at
    # a use after it leans on it; a paper whose lead reads otherwise introduces nothing
    used = symbol_context.text_symbols(USE)
    assert [s.key for s, _ in symbol_context.undefined(used, USE, set(), defs)] == ["G"]
    bare = symbol_context.Definitions.of(_paper(lead="We take the largest gap:"))
    assert "G" not in bare.places


def test_the_reviewer_reports_the_bullet_and_the_loop_brings_the_definition():
    paper = _paper()
    slide = Slide(kind="bullets", title="Results", bullets=[OPENING, USE, OTHER])
    deck = _deck(paper, slide)
    (issue,) = _issues(deck, paper, 2, KIND)
    assert issue.evidence["index"] == 1
    assert issue.evidence["definitions"][0].startswith("$G$ is the largest gap")
    revised, _changes = revise_round(BuiltinProposer(), paper, [], deck, [issue], [])
    bullets = [b for s in revised.slides for b in s.bullets]
    kept = [b for b in bullets if "$G(4) = 0.012$" in b]
    assert kept, bullets  # the finding is kept, with what $G$ is before it
    at = bullets.index(kept[0])
    assert any("largest gap between" in b for b in bullets[: at + 1]), bullets
    assert _issues(revised, paper, 2, KIND) == []


def test_a_slide_showing_the_display_or_its_words_needs_nothing_more():
    paper = _paper()
    shown = Slide(
        kind="bullets",
        title="Results",
        bullets=[OPENING, LEAD, USE],
        equation=GAP_TEX,
        equation_lead=LEAD,
    )
    # (the display's own $H$, $Q$ are the display's finding, not the bullet's)
    found = _issues(_deck(paper, shown), paper, 2, KIND)
    assert [i for i in found if i.evidence["where"] == "bullet"] == []
    said = Slide(
        kind="bullets",
        title="Results",
        bullets=[OPENING, "$G$ is the largest gap between the observed and predicted curves", USE],
    )
    assert _issues(_deck(paper, said), paper, 2, KIND) == []
