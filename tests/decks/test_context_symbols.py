"""Bullets that lean on context the slide does not have (set 8's most common defect): a symbol
used before the deck introduces it, a display whose symbols a "where …" after it introduces, an
instruction whose case was the sentence before it, and definite references to what the slide
does not show. On a LaTeX paper of our own (tests/fixtures/papers/ingest/context, CC0) the
reviewer finds each, the reviser brings the introducing sentence onto the slide (or leaves the
bullet out), and the proposer's first deck has none of them."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline import defects, symbol_context, text
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.propose import bullets, context_fix
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.review.registry import SLIDE_RULES, SlideContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks.test_review_rules import measure

PAPER = settings.BASE_DIR / "tests/fixtures/papers/ingest/context/tessera-context.pdf"
FILLER = "The sensors are spread over forty kilometres of the river"


@pytest.fixture(scope="module")
def paper(tmp_path_factory) -> Paper:
    return paper_read(PAPER, tmp_path_factory.mktemp("context-figures"))


def _sentence(paper: Paper, opening: str) -> str:
    found = [
        s
        for section in paper.sections
        for p in section.paragraphs
        for s in text.sentences(p)
        if s.startswith(opening)
    ]
    assert found, opening
    return text.clean(found[0]).rstrip(".")


def _issues(deck: SlideDeck, paper: Paper, number: int, kind: str):
    context = SlideContext(number, deck.slides[number - 1], measure(slide=number), deck, paper)
    return [i for rule in SLIDE_RULES for i in rule(context) if i.type == kind]


def _deck(paper: Paper, *slides: Slide) -> SlideDeck:
    return deck_of(paper, [Slide(kind="title", title=paper.title), *slides])


def test_the_paper_introduces_its_symbols_in_words(paper):
    defs = symbol_context.definitions(paper)
    assert defs.sentence_of["S"].startswith("Let $S$ be the matrix of pairwise distances")
    assert defs.sentence_of["Q"].startswith("A QR decomposition gives")
    # the sentence runs on through its numbered display: "…, Eq. (1) where $w_{i}$ is …"
    assert "Eq. (1) where $w_{i}$ is the weight" in defs.sentence_of["w"]
    assert defs.sentence_of["h"] == defs.sentence_of["w"]  # "sensor $i, h_{i}$ is its …"


def test_a_symbol_introduced_two_sentences_before_is_brought_onto_the_slide(paper):
    use = _sentence(paper, "A QR decomposition gives")
    deck = _deck(paper, Slide(kind="bullets", title="The distance matrix", bullets=[FILLER, use]))
    found = _issues(deck, paper, 2, "undefined_symbol")
    assert [(i.evidence["index"], i.evidence["symbols"]) for i in found] == [(1, ["S"])]
    assert found[0].evidence["definitions"][0].startswith("Let $S$ be")

    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    shown = revised.slides[1].bullets
    definition = next(b for b in shown if b.startswith("Let $S$ be the matrix"))
    assert shown.index(definition) == shown.index(use) - 1  # just before the bullet
    assert _issues(revised, paper, 2, "undefined_symbol") == []


def test_an_earlier_slide_that_introduced_the_symbol_is_enough(paper):
    definition = _sentence(paper, "Let $S$ be")
    use = _sentence(paper, "A QR decomposition gives")
    deck = _deck(
        paper,
        Slide(kind="bullets", title="Sensors", bullets=[definition, FILLER]),
        Slide(kind="bullets", title="Factor", bullets=[use, FILLER]),
    )
    assert _issues(deck, paper, 3, "undefined_symbol") == []


def test_a_display_whose_where_sentence_follows_it_gets_that_sentence(paper):
    display = next(e for e in paper.equations if "w_{i}" in e.tex)
    lead = "The nightly calibration minimises the weighted squared error of the sensor readings:"
    slide = Slide(
        kind="bullets", title="The calibration loss", bullets=[FILLER, lead], equation=display.tex
    )
    deck = _deck(paper, slide)
    found = _issues(deck, paper, 2, "undefined_symbol")
    assert [i.evidence["where"] for i in found] == ["equation"]
    assert {"w", "g"} <= set(found[0].evidence["symbols"])

    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck.slides[1]
    assert revised.equation == display.tex
    assert revised.bullets[-1] == lead  # the lead stays just over its display
    assert revised.bullets[-2].startswith("$w_{i}$ is the weight of sensor")
    assert _issues(_deck(paper, revised), paper, 2, "undefined_symbol") == []


def test_without_room_the_bullet_goes_rather_than_stay_undefined(paper):
    use = _sentence(paper, "A QR decomposition gives")
    figure = Slide(kind="figure", title="Layout", figure="fig-9", bullets=[use])
    fixed = context_fix.self_contained([Slide(kind="title", title="T"), figure], paper)
    # a figure's column has no room for a definition of its own: merged, or the bullet goes
    assert fixed[1].bullets in (
        [],
        [
            f"Let $S$ be the matrix of pairwise distances between the sensors along the river bed; a {use[2:]}"
        ],
    )
    long_use = use + " and the factor is stored on the base station for the whole night"
    figure = figure.model_copy(update={"bullets": [long_use]})
    fixed = context_fix.self_contained([Slide(kind="title", title="T"), figure], paper)
    assert fixed[1].bullets == []  # merged, it would run past 40 words


def test_the_proposer_introduces_every_symbol_it_uses(paper):
    deck = BuiltinProposer().propose(paper)
    for number in range(2, len(deck.slides) + 1):
        assert _issues(deck, paper, number, "undefined_symbol") == [], deck.slides[number - 1]


# ------------------------------------------------------------------- an instruction's case


def test_an_instruction_whose_case_was_the_sentence_before_is_found_and_never_kept_alone(paper):
    instruction = _sentence(paper, "The operator needs to lower")
    deck = _deck(paper, Slide(kind="bullets", title="Operating", bullets=[FILLER, instruction]))
    found = _issues(deck, paper, 2, "lost_condition")
    assert [i.evidence["index"] for i in found] == [1]
    assert found[0].evidence["part"].startswith("When the sampling rate exceeds")
    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck.slides[1]
    assert instruction not in revised.bullets
    assert all("When the sampling rate" in b for b in revised.bullets if "lower either" in b)


def test_the_proposer_never_states_the_instruction_without_its_case(paper):
    deck = BuiltinProposer().propose(paper)
    said = [b for s in deck.slides for b in s.bullets if "lower either" in b]
    assert all("sampling rate exceeds" in b for b in said), said


@pytest.mark.parametrize(
    "bullet",
    [
        "In that case, the operator must lower the sampling rate of every sensor",
        "Otherwise, the user should restart the base station before the calibration",
    ],
)
def test_a_conditional_connector_is_never_dropped(bullet):
    previous = "When the radio link is slow, the buffer of the base station overflows"
    fixed = bullets.rewrite(bullet, bullets.Source(previous=previous))
    assert fixed is None or fixed.startswith(previous), fixed
    assert bullets.rewrite(bullet) is None  # no sentence before it: the case is unknown


def test_a_case_named_inside_the_sentence_leans_on_the_one_before():
    bullet = "One needs to increase either the buffer or the link speed in that case"
    assert ("leaning_reference", "in that case") in defects.text_defects(bullet)
    previous = "The buffer overflows when the radio link is slow"
    merged = bullets.rewrite(bullet, bullets.Source(previous=previous))
    assert merged is not None and merged.startswith(previous)


# ------------------------------------------------------------------- definite references


@pytest.mark.parametrize(
    "bullet, kind",
    [
        (
            "In precise arithmetic, its dimension is the sum of the squared multiplicities",
            "leaning_reference",
        ),
        (
            "The two commands share a set of common options, divided into two groups",
            "unresolved_reference",
        ),
        (
            "The estimation routines use the same convention for the first observation",
            "leaning_reference",
        ),
        ("The triangular block is invertible because of assumption", "dangling_pointer"),
        ("The form given in equation makes the assumption of one lead", "dangling_pointer"),
        ("The sensitivity is computed only for cases 2 and 3 of the filter", "dangling_pointer"),
    ],
)
def test_definite_references_to_what_the_slide_lacks(bullet, kind):
    assert kind in {k for k, _ in defects.text_defects(bullet)}, defects.text_defects(bullet)


@pytest.mark.parametrize(
    "bullet",
    [
        "Runs of both samplers use the same seed for their random number generators",
        "The new filter gives the same accuracy as the old one at half the cost",
        "At the same time, the buffer of the base station is emptied every minute",
        "The matrix is invertible by assumption, so the solution is unique",
        "In practice, it is common to calibrate the sensors once a night",
    ],
)
def test_sentences_that_say_their_own_context_stand(bullet):
    kinds = {k for k, _ in defects.text_defects(bullet)}
    assert not kinds & {"leaning_reference", "unresolved_reference", "dangling_pointer"}, kinds


def test_a_side_of_the_figure_points_into_a_figure():
    bullet = "On the right side of the figure you see the object generated for the patch"
    assert defects.figure_deixis(bullet) == "side of the figure"


def test_what_the_authors_had_to_do_is_no_instruction_to_the_reader():
    from apps.decks.pipeline.context_text import condition_left_behind

    failed = "It stops when further partitioning of the blocks is not possible"
    assert condition_left_behind("We have to keep in mind that the errors add up", failed) is None
    assert condition_left_behind("The user has to keep the blocks small", failed) == "has to"


def test_a_symbol_named_in_a_definition_with_a_formula_for_its_size():
    sentence = (
        "A QR decomposition gives $S = QR$ where $Q$ is an $n \\times n$ orthogonal matrix and "
        "$R$ an $n \\times n^{s}$ upper triangular matrix."
    )
    assert symbol_context.defined_in(sentence) == {"Q", "R"}


def test_a_text_slide_left_without_bullets_goes():
    from apps.decks.pipeline.paper import Section

    paper = Paper(
        title="T",
        sections=[
            Section(
                title="Solver",
                paragraphs=[
                    "Let $Z$ be the ( , ) of the solver as in and. The solver stops once "
                    "$Z$ falls below one thousandth for all of the test problems."
                ],
            )
        ],
        pages=1,
        source_name="t.pdf",
    )
    # (not "the residual $Z$": a noun phrase before a symbol says what it is, round 22)
    use = "The solver stops once $Z$ falls below one thousandth"
    slides = [Slide(kind="title", title="T"), Slide(kind="bullets", title="Solver", bullets=[use])]
    assert context_fix.self_contained(slides, paper) == slides[:1]


def test_a_display_removed_takes_the_sentence_leading_into_it_wherever_it_stands():
    # The lead stands among the bullets (the paper's order), a definition under the display:
    # left alone, "… with probability density function:" led into the next bullet, which then
    # read as the removed formula's statement (set 9: a Poisson lead over the negative
    # binomial's parameterization).
    lead = "The simplest model of the counts is the Poisson law with density:"
    slide = Slide(
        kind="bullets",
        title="Count models",
        bullets=[FILLER, lead, "The negative binomial adds a shape parameter"],
        equation="f(y) = e^{-\\mu}\\mu^{y}/y!",
        equation_lead=lead,
    )
    after = slide.without_equation()
    assert after.bullets == [FILLER, "The negative binomial adds a shape parameter"]
    assert (after.equation, after.equation_lead) == ("", "")


def test_a_display_without_room_for_its_definitions_leaves_with_its_lead(paper, monkeypatch):
    display = next(e for e in paper.equations if "w_{i}" in e.tex)
    lead = "The nightly calibration minimises the weighted squared error of the sensor readings:"
    under = "The error is summed over the night"
    slide = Slide(
        kind="bullets",
        title="The calibration loss",
        bullets=[lead, under, FILLER],
        equation=display.tex,
        equation_lead=lead,
    )
    monkeypatch.setattr(context_fix, "_room", lambda *args: False)  # a slide already full
    fixed = context_fix.self_contained([Slide(kind="title", title="T"), slide], paper)[1]
    assert fixed.equation == ""
    assert lead not in fixed.bullets
    assert fixed.bullets == [under, FILLER]


@pytest.mark.parametrize(
    "tex, defined",
    [
        ("f(y; \\mu ) = \\frac{\\exp (-\\mu ) \\cdot \\mu^{y}}{y!}", {"f", "y", "\\mu"}),
        ("\\log (\\mu_{i}) = x_{i}^{\\top}\\beta", {"\\mu"}),
        ("a = b \\\\ c = d", set()),  # rows: an equation system, not a definition
        ("x \\leq y", set()),
    ],
)
def test_a_display_defines_what_its_left_side_names(tex, defined):
    # "f(y; mu) = …" defines f of its arguments: a deck showing the Poisson density under its
    # lead needs no earlier definition of f, y or mu (set 9 lost every model formula)
    assert context_fix.defined_by_display(tex) == defined


def _paper_introducing(sentence: str) -> Paper:
    from apps.decks.pipeline.paper import Section

    filler = "The forecasts are compared over twelve months of monthly sales for each store."
    paper = Paper(
        title="T",
        sections=[Section(title="Models", paragraphs=[f"{filler} {sentence} {filler}"])],
        pages=1,
        source_name="t.pdf",
    )
    return paper


@pytest.mark.parametrize(
    "bullet",
    [
        "The models are polynomials of order $p$ and $q$ in the lag operator",
        "Each series is fitted with a threshold $q$ chosen by cross-validation",
    ],
)
def test_a_symbol_the_bullet_names_with_its_noun_is_introduced_by_the_bullet(bullet):
    defs = symbol_context.Definitions.of(
        _paper_introducing(
            "Let $p$ be the order of the autoregression and $q$ the order of the mean."
        )
    )
    used = symbol_context.text_symbols(bullet)
    assert symbol_context.undefined(used, bullet, set(), defs) == []


def test_a_symbol_used_without_its_noun_still_leans_on_the_paper():
    defs = symbol_context.Definitions.of(
        _paper_introducing("Let $q$ be the order of the moving average of the errors.")
    )
    bullet = "If either has a root smaller than $q$, the model is refitted"
    found = symbol_context.undefined(symbol_context.text_symbols(bullet), bullet, set(), defs)
    assert [s.key for s, _ in found] == ["q"]


STRIPES_FILLER = "Each buffer is read once from memory and kept in cache while it is checked."


def _abstract_and_stripes(claim: str) -> Paper:
    """A paper whose abstract states `claim` and whose body later lets N count the stripes of
    a buffer (another meaning of the letter)."""
    from apps.decks.pipeline.paper import Section

    filler = STRIPES_FILLER
    return Paper(
        title="T",
        abstract=f"{claim}. Tables are built once per code.",
        sections=[
            Section(title="Tables", paragraphs=[f"{filler} {filler}"]),
            Section(
                title="Stripes",
                paragraphs=[f"{filler} Let $N$ be the number of stripes of a buffer. {filler}"],
            ),
        ],
        pages=1,
        source_name="t.pdf",
    )


def test_a_letter_the_abstract_uses_does_not_take_a_later_definition_of_that_letter():
    # The abstract's "$N$-bit" is a code's width; section 4 lets N count the stripes of a
    # buffer. A bullet made from the abstract leans on nothing: bringing the stripes' sentence
    # in as its definition would give N another meaning on the slide.
    from apps.decks.pipeline.paper import Section

    claim = "We check an $N$-bit code ($N \\le 64$) at 1.4 cycles per byte on one core"
    filler = STRIPES_FILLER
    paper = _abstract_and_stripes(claim)
    defs = symbol_context.Definitions.of(paper)
    assert symbol_context.undefined(symbol_context.text_symbols(claim), claim, set(), defs) == []
    # the same use in the body, after the definition, still leans on it
    later = "Each of the $N$ stripes is checked by its own table"
    use = Section(title="Use", paragraphs=[f"{filler} {later}. {filler}"])
    body = paper.model_copy(update={"sections": [*paper.sections, use]})
    found = symbol_context.undefined(
        symbol_context.text_symbols(later), later, set(), symbol_context.Definitions.of(body)
    )
    assert [s.key for s, _ in found] == ["N"]


def test_a_rewritten_opening_still_finds_the_bullets_place_in_the_paper():
    # "This note describes …" shown as "We describe …": the bullet stands where the abstract's
    # sentence does, so the body's later "Let $N$ be …" is not its definition
    sentence = (
        "This note describes a checker of $N$-bit codes ($N \\le 64$) that runs at 1.4 cycles "
        "per byte on one core"
    )
    bullet = (
        "We describe a checker of $N$-bit codes ($N \\le 64$) that runs at 1.4 cycles per byte "
        "on one core"
    )
    paper = _abstract_and_stripes(sentence)
    defs = symbol_context.Definitions.of(paper)
    assert defs.position(bullet) == 0
    assert symbol_context.undefined(symbol_context.text_symbols(bullet), bullet, set(), defs) == []


def _repaired(paper: Paper, slide: Slide, kind: str):
    """The last slide of a deck of `slide` after the builtin repair of its `kind` findings, the
    action it names, the deck, and the slide's number (the finding must be there)."""
    deck = _deck(paper, slide)
    number = len(deck.slides)
    found = _issues(deck, paper, number, kind)
    assert found
    revised = deck_repair(BuiltinProposer(), paper, deck, found)
    assert revised.changes and revised.changes[0].type == kind
    return revised.deck.slides[number - 1], revised.changes[0].action, revised.deck, number
