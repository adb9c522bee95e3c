"""Bullets that lean on what the slide lacks (set 9's largest class): a part of a command (an
argument, an option, a grammar placeholder) whose command no slide names, the where-clause of a
formula no slide shows, a sentence opening on a relation whose other side was the sentence
before, and narration of a session the slide does not show. On a LaTeX paper of our own
(tests/fixtures/papers/ingest/codeparts, CC0) the reviewer finds each, the reviser brings the
sentence introducing the command onto the slide (or leaves the bullet out), and the proposer's
first deck has none of them."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline import code_context, defects, symbol_context
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.propose import context_fix
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_context_symbols import _deck, _issues, _sentence

PAPER = settings.BASE_DIR / "tests/fixtures/papers/ingest/codeparts/tessera-codeparts.pdf"
FILLER = "A curve drawn at a small scale fits a whole week of readings on one page of the table"


@pytest.fixture(scope="module")
def paper(tmp_path_factory) -> Paper:
    return paper_read(PAPER, tmp_path_factory.mktemp("codeparts-figures"))


# ------------------------------------------------------------- parts of an unnamed command


def test_the_paper_says_which_names_are_commands_and_which_their_parts(paper):
    parts = code_context.code_parts(paper)
    assert parts.is_whole("tdraw") and parts.is_whole("tlabel")  # "The `tdraw` command"
    assert parts.is_part("<location>") and parts.is_part("<scale>")  # grammar placeholders
    assert parts.is_part("spread") and parts.is_part("marks")  # "arguments", "option"
    location = _sentence(paper, "The $\\langle \\mathrm{location}")
    assert parts.wholes_of(location) == ["tlabel"]
    spread = _sentence(paper, "The spacing between two labels")
    assert parts.wholes_of(spread) == ["tlabel"]  # the paragraph before names it


def test_a_part_whose_command_no_slide_names_is_found_and_its_command_brought_in(paper):
    use = _sentence(paper, "The $\\langle \\mathrm{location}")
    deck = _deck(paper, Slide(kind="bullets", title="Labels", bullets=[FILLER, use]))
    found = _issues(deck, paper, 2, "unintroduced_code")
    assert [(i.evidence["index"], i.evidence["commands"]) for i in found] == [(1, ["tlabel"])]

    revised = deck_repair(BuiltinProposer(), paper, deck, found)
    shown = revised.deck.slides[1].bullets
    command = next(b for b in shown if b.startswith("The `tlabel` command writes a label"))
    assert shown.index(command) == shown.index(use) - 1  # just before the bullet
    assert _issues(revised.deck, paper, 2, "unintroduced_code") == []
    assert revised.changes[0].type == "unintroduced_code"  # review.json names the issue


def test_a_slide_or_an_earlier_slide_that_names_the_command_is_enough(paper):
    command = _sentence(paper, "The `tlabel` command")
    use = _sentence(paper, "The $\\langle \\mathrm{location}")
    spread = _sentence(paper, "The spacing between two labels")
    deck = _deck(
        paper,
        Slide(kind="bullets", title="Labels", bullets=[command, FILLER]),
        Slide(kind="bullets", title="Placing labels", bullets=[use, spread]),
    )
    assert _issues(deck, paper, 3, "unintroduced_code") == []
    # the part named on an earlier slide is known too
    deck = _deck(paper, Slide(kind="bullets", title="Scale", bullets=[FILLER, use, spread]))
    assert [i.evidence["index"] for i in _issues(deck, paper, 2, "unintroduced_code")] == [1, 2]


def test_without_a_sentence_that_introduces_the_command_the_bullet_goes(paper):
    use = _sentence(paper, "The $\\langle \\mathrm{location}")
    slide = Slide(kind="bullets", title="Labels", bullets=[FILLER, use])
    parts = code_context.code_parts(paper)
    missing = context_fix.missing_code_for_bullet(slide, 1, set(), parts)
    assert missing
    bare = code_context.CodeParts(kinds=parts.kinds, paragraphs=[])  # no sentence to bring
    outcome = context_fix.with_command(slide, 1, missing, bare, set())
    assert outcome.slide.bullets == [FILLER]
    assert "a part of `tlabel`, which no slide names" in outcome.action


def test_the_proposer_names_the_command_of_every_part_it_shows(paper):
    deck = BuiltinProposer().propose(paper)
    for number in range(2, len(deck.slides) + 1):
        assert _issues(deck, paper, number, "unintroduced_code") == [], deck.slides[number - 1]


def test_the_first_deck_brings_the_command_before_a_part_it_picked(paper):
    use = _sentence(paper, "The $\\langle \\mathrm{location}")
    slides = [
        Slide(kind="title", title=paper.title),
        Slide(kind="bullets", title="Labels", bullets=[FILLER, use]),
    ]
    fixed = context_fix.self_contained(slides, paper)
    assert fixed[1].bullets[1].startswith("The `tlabel` command writes a label")
    assert fixed[1].bullets[2] == use


# ---------------------------------------------------- the where-clause of an unshown formula


def test_a_where_clause_without_its_formula_is_found_and_left_out(paper):
    where = _sentence(paper, "where $A_{k}$ are the amplitudes")
    clause = where[len("where ") :]
    deck = _deck(paper, Slide(kind="bullets", title="Prediction", bullets=[FILLER, clause]))
    found = _issues(deck, paper, 2, "orphan_definition")
    assert [i.evidence["index"] for i in found] == [1]
    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    assert clause not in revised.slides[1].bullets
    # the first deck never keeps it either
    assert clause not in context_fix.self_contained(list(deck.slides), paper)[1].bullets


def test_a_where_clause_under_its_formula_stands(paper):
    equation = paper.equations[0]
    clause = _sentence(paper, "where $A_{k}$ are the amplitudes")[len("where ") :]
    deck = _deck(
        paper,
        Slide(kind="bullets", title="Prediction", bullets=[clause], equation=equation.tex),
    )
    assert _issues(deck, paper, 2, "orphan_definition") == []


@pytest.mark.parametrize(
    ("bullet", "orphan"),
    [
        ("$\\varphi_{h}$ are scoring functions for the item parameters", True),
        ("The parameter $\\alpha_{i}$ denotes the item discrimination", True),
        ("$W$, for $i=1,2$ and 3, corresponds to the gauge superfield", True),
        ("$\\beta$ is estimated by maximum likelihood in every model", False),  # a claim
        ("$D$ and $E$ are square matrices of size $n$", False),  # used elsewhere (below)
    ],
)
def test_an_opening_definition_of_symbols_no_slide_uses(bullet, orphan):
    elsewhere = symbol_context.keys_of(["The solution is $x = D^{-1} E$"])
    assert bool(symbol_context.orphan_definition(bullet, elsewhere)) is orphan


# --------------------------------------------------------- relations and session narration


@pytest.mark.parametrize(
    "bullet",
    [
        "The main difference is that Tidegraph writes the labels outside the frame",
        "The effect vanishes when the frame is wide enough for every label of the day",
        "The correspondence is not exact; in particular, there is no data type for it",
        "The most complicated part is the function that formats a point",
        "The similar segment is also obtained from the chain code of the curve",
        "The tension is removed once one includes systematic uncertainties",
        # "here" points into the paragraph before as well (round 16)
        "The difference here can be ascribed to the sampling error of the chain",
    ],
)
def test_a_relation_whose_other_side_was_the_sentence_before_leans(bullet):
    assert any(k == "leaning_reference" for k, _ in defects.text_defects(bullet))


@pytest.mark.parametrize(
    "bullet",
    [
        "The effect of the frame width on the label placement is small",
        "The difference between the two packages is the placement of the labels",
        "The relation between amplitude and phase is linear for short periods",
        "Tidegraph writes the labels outside the frame of the table",
        "The effect size is about twice the standard error in both samples",
    ],
)
def test_a_relation_that_names_its_sides_stands(bullet):
    assert not any(k == "leaning_reference" for k, _ in defects.text_defects(bullet))


@pytest.mark.parametrize(
    "bullet",
    [
        "The output shows that all coefficients are significant at the five percent level",
        "The printed summary gives the estimates and their standard errors",
        "We create two vectors z1 and z2 with a hundred draws each",
    ],
)
def test_narration_of_a_session_the_slide_does_not_show(bullet):
    assert any(k == "code_pointer" for k, _ in defects.text_defects(bullet))


def test_a_relation_merged_with_the_sentence_before_stands():
    merged = (
        "Tidegraph and the older package Tidal draw identical curves for the harbour of Brest; "
        "the main difference is that Tidegraph writes the labels outside the frame"
    )
    assert not any(k == "leaning_reference" for k, _ in defects.text_defects(merged))


# ----------------------------------------------------- a sentence announcing a missing display


def test_a_sentence_announcing_a_display_that_is_not_shown_is_found_and_left_out(paper):
    equation = paper.equations[0]
    lead = equation.lead
    assert lead.endswith(":")
    after = "Eight constituents predict the level within five centimetres in most harbours"
    deck = _deck(paper, Slide(kind="bullets", title="Prediction", bullets=[FILLER, lead, after]))
    found = _issues(deck, paper, 2, "lead_without_display")
    assert [i.evidence["index"] for i in found] == [1]
    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    assert lead not in revised.slides[1].bullets and after in revised.slides[1].bullets
    assert lead not in context_fix.self_contained(list(deck.slides), paper)[1].bullets

    shown = _deck(
        paper,
        Slide(
            kind="bullets",
            title="Prediction",
            bullets=[FILLER, lead, after],
            equation=equation.tex,
            equation_lead=lead,
        ),
    )
    assert _issues(shown, paper, 2, "lead_without_display") == []


def test_a_command_whose_sentence_was_cut_at_its_grammar_is_not_brought_the_part_goes(paper):
    # "The `tframe` command draws the frame … through two of its corners:" ends where its
    # grammar went on: the reviewer reports such a sentence as cut (broken_sentence), so it is
    # never brought in, and the part that needs it leaves the slide instead
    use = _sentence(paper, "The first $\\langle \\mathrm{corner}")
    deck = _deck(paper, Slide(kind="bullets", title="Framing", bullets=[FILLER, use]))
    found = _issues(deck, paper, 2, "unintroduced_code")
    assert [i.evidence["commands"] for i in found] == [["tframe"]]
    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    assert revised.slides[1].bullets == [FILLER]
    assert _issues(revised, paper, 2, "broken_sentence") == []


def test_a_where_clause_that_introduces_a_symbol_a_later_bullet_uses_stands(paper):
    # undefined_symbol brings such a sentence before the bullet that uses the symbol: the two
    # checks must agree, or the loop would bring it and take it away again
    clause = _sentence(paper, "where $A_{k}$ are the amplitudes")[len("where ") :]
    use = "The largest of the $A_{k}$ belongs to the semi-diurnal constituent in every harbour"
    deck = _deck(paper, Slide(kind="bullets", title="Prediction", bullets=[FILLER, clause, use]))
    assert _issues(deck, paper, 2, "orphan_definition") == []
    # used only before it, it defines nothing for anyone
    deck = _deck(paper, Slide(kind="bullets", title="Prediction", bullets=[use, clause]))
    assert [i.evidence["index"] for i in _issues(deck, paper, 2, "orphan_definition")] == [1]


def test_a_slide_made_only_of_such_parts_is_kept_and_its_bullets_replaced(paper):
    use = _sentence(paper, "The first $\\langle \\mathrm{corner}")
    section = next(s for s in paper.sections if s.title == "Framing the table")
    slide = Slide(
        kind="bullets", title="Framing the table", bullets=[use], notes=" ".join(section.paragraphs)
    )
    slides = [Slide(kind="title", title=paper.title), slide]
    assert context_fix.self_contained(slides, paper)[1].bullets == [use]  # not a lost slide
    deck = deck_of(paper, slides)
    found = _issues(deck, paper, 2, "unintroduced_code")
    revised = deck_repair(BuiltinProposer(), paper, deck, found)
    shown = revised.deck.slides[1].bullets
    assert use not in shown and shown, shown
    assert shown[0].startswith("Every frame of the package leaves a margin")
    assert revised.changes[0].action.startswith("replaced bullet 1")
