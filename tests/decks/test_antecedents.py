"""Definite phrases and pronouns whose thing only the paper's sentences before them introduced
(half the defects the auditors of sets 9 and 10 counted): the paper is the oracle. On a paper
we write here (invented sentences about river gauges) the reviewer finds "the process", "the
original smoother", "those years", "it" and "they" when the deck never introduced them, leaves
alone what a slide introduced, what is generic and what the paper mentions first in that very
sentence, and the reviser names the thing, brings the antecedent sentence in, or drops the
bullet — and says which in review.json. Only a certain finding (the phrase points back by its
words, or the sentence before introduces it as a term) is medium and may cost the bullet; a noun
the paper merely used before is low, and one it used across its sections is not reported."""

from __future__ import annotations

from apps.decks.pipeline import antecedents, defects
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose import context_fix
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_context_symbols import _deck, _issues

KIND = "unintroduced_referent"
FILLER = "Floods in small mountain catchments are hard to forecast a week ahead"
BREAKPOINT = "A breakpoint separates the two linear regimes of the discharge response"
IT_LIES = "After ten years of readings it lies near the median of the rainfall record"
COUNTING = "The flood counting process $N(t)$ records the days above a threshold"
PROCESS = "Each year the process is evaluated on a grid of thresholds"
CURVE = "A new rating curve was fitted for each gauge of the network"
COMPARE_IT = "We then compare it with the older curves of the survey office"
SMOOTHER = "An adaptive smoother removes the seasonal cycle from the discharge series"
ORIGINAL = "The original smoother was designed for tidal gauges on the coast"
REPLACED = "We replaced the original smoother by a robust version that ignores outliers"
FAILED = "This happened to a few gauges in the flood years"
THOSE_YEARS = "Readings of those years were copied from the nearest gauge downstream"
READINGS = "Several gauges report their readings twice a day to the central office"
AVERAGED = "Before the model is fitted they are averaged to one value per day"
DATA = "The data were collected by the regional water agency"
DATA_COVER = "The forecasts use the data of all seasons from 1950 to 2020"
FIRST = "Each gauge keeps a manual logbook next to the station"
FIRST_MENTION = "Every month the wardens read the automatic record of each station"
ERROR = "The forecast error fell by a third with the new model"
ERROR_AFTER = "In dry years the error was largest on the smallest rivers"


def _paper() -> Paper:
    method = [
        f"{BREAKPOINT}. {IT_LIES}.",
        f"{COUNTING}. {PROCESS}.",
        f"{CURVE}. {COMPARE_IT}.",
        f"{SMOOTHER}. {ORIGINAL}. {REPLACED}.",
        f"{FAILED}. {THOSE_YEARS}.",
        f"{READINGS}. {AVERAGED}.",
        f"{DATA}. {DATA_COVER}.",
        f"{FIRST}. {FIRST_MENTION}.",
    ]
    return Paper(
        title="Forecasting river discharge from gauges",
        abstract="We forecast yearly discharge of small rivers.",
        pages=8,
        source_name="gauges.pdf",
        sections=[
            Section(title="Introduction", paragraphs=[f"{FILLER}."]),
            Section(title="Method", paragraphs=method),
            Section(title="Results", paragraphs=[f"{ERROR}. {ERROR_AFTER}."]),
        ],
    )


def _slide(*bullets: str, title: str = "Method") -> Slide:
    return Slide(kind="bullets", title=title, bullets=list(bullets))


def _found(paper: Paper, *bullets: str, title: str = "Method", before: tuple = ()):
    deck = _deck(paper, *before, _slide(*bullets, title=title))
    return _issues(deck, paper, len(deck.slides), KIND)


# ------------------------------------------------------------------------------- the finding


def test_a_definite_phrase_the_paper_introduced_just_before_is_found_with_its_antecedent():
    paper = _paper()
    assert not defects.text_defects(PROCESS)  # no shape-only rule sees it
    (issue,) = _found(paper, FILLER, PROCESS)
    assert issue.evidence["part"] == "the process"
    assert issue.evidence["index"] == 1
    assert issue.evidence["antecedent"].startswith("The flood counting process $N(t)$")
    assert "“the process”" in issue.message


def test_each_kind_of_phrase_and_pronoun_is_found():
    paper = _paper()
    cases = {
        ORIGINAL: "The original smoother",  # the opening "The …", a modifier pointing back
        THOSE_YEARS: "those years",
        COMPARE_IT: "it",  # an object pronoun after a clause naming nothing
        AVERAGED: "they",  # a subject pronoun after a subordinate clause
        IT_LIES: "it",
    }
    for bullet, part in cases.items():
        found = _found(paper, FILLER, bullet)
        assert [i.evidence["part"] for i in found] == [part], bullet


def test_the_original_thing_is_not_any_thing_of_that_name_the_deck_showed():
    paper = _paper()
    # the deck names a smoother, but not the original one the paper spoke of
    assert [i.evidence["part"] for i in _found(paper, "A smoother is robust", REPLACED)] == [
        "the original smoother"
    ]


def test_what_the_slide_or_an_earlier_slide_introduced_is_not_dangling():
    paper = _paper()
    assert _found(paper, "The flood counting process is a daily record", PROCESS) == []
    assert _found(paper, PROCESS, title="The counting process") == []
    earlier = _slide(ERROR, title="Results")
    assert _found(paper, FILLER, ERROR_AFTER, before=(earlier,)) == []
    assert [i.evidence["part"] for i in _found(paper, FILLER, ERROR_AFTER)] == ["the error"]
    # the paper's sentence before is on the slide just before it: the pronoun has its noun
    assert _found(paper, BREAKPOINT, IT_LIES) == []


def test_generic_phrases_and_first_mentions_are_not_dangling():
    paper = _paper()
    assert _found(paper, FILLER, DATA_COVER) == []  # "the data": generic
    assert _found(paper, FILLER, FIRST_MENTION) == []  # "the automatic record": first here
    # a phrase that says what it is: "the days above a threshold"
    assert (
        antecedents.dangling_phrase("They count the days above a threshold", set(), [FIRST]) is None
    )


def test_a_phrase_that_describes_its_thing_itself_is_not_dangling():
    # "the treated plots" after "… the plots …": "treated" says which, the paper never did
    before = ["Each field was cut into plots that share a block"]
    shown: set[str] = set()
    described = "Afterwards the treated plots yielded more grain"
    assert antecedents.dangling_phrase(described, shown, before) is None
    assert antecedents.dangling_phrase("Afterwards the plots yielded more grain", shown, before)
    # a count says which of them, not what they are: still dangling
    counted = "Afterwards the two plots yielded more grain"
    assert antecedents.dangling_phrase(counted, shown, before).part == "the two plots"


# -------------------------------------------------------------------------------- the repair


def _repair(paper: Paper, slide: Slide, before: tuple = ()):
    deck = _deck(paper, *before, slide)
    number = len(deck.slides)
    found = _issues(deck, paper, number, KIND)
    assert found
    revised = deck_repair(BuiltinProposer(), paper, deck, found)
    assert revised.changes and revised.changes[0].type == KIND  # review.json names the issue
    return revised.deck.slides[number - 1], revised.changes[0].action, revised.deck, number


def test_a_pronoun_is_named_when_the_sentence_before_is_about_the_same_subject():
    paper = _paper()
    slide = _slide(FILLER, IT_LIES, title="Where the breakpoint lies")
    fixed, action, deck, number = _repair(paper, slide)
    assert fixed.bullets == [
        FILLER,
        "After ten years of readings the breakpoint lies near the median of the rainfall record",
    ]
    assert "named as the paper's sentence before it does" in action
    assert _issues(deck, paper, number, KIND) == []


def test_a_phrase_is_named_by_the_antecedents_own_name():
    paper = _paper()
    fixed, action, _, _ = _repair(paper, _slide(FILLER, PROCESS))
    assert (
        fixed.bullets[1]
        == "Each year the flood counting process $N(t)$ is evaluated on a grid of thresholds"
    )


def test_never_named_across_a_change_of_subject():
    paper = _paper()
    slide = Slide(kind="bullets", title="Where the rating curve lies", bullets=[FILLER, COMPARE_IT])
    found = antecedents.dangling(COMPARE_IT, [FILLER], antecedents.paper_context(paper))
    # "it" is the object of "compare", the sentence before's subject a curve: no substitution
    assert context_fix.named_antecedent(COMPARE_IT, found) is None
    fixed, action, _, _ = _repair(paper, slide)
    assert fixed.bullets == [FILLER, CURVE, COMPARE_IT]  # (b): its sentence before it


def test_the_antecedent_sentence_comes_before_the_bullet_when_the_slide_has_room():
    paper = _paper()
    fixed, action, deck, number = _repair(paper, _slide(FILLER, AVERAGED))
    assert fixed.bullets == [FILLER, READINGS, AVERAGED]
    assert action.startswith("brought the sentence introducing “they”")
    assert _issues(deck, paper, number, KIND) == []


def test_without_an_antecedent_that_stands_the_bullet_goes():
    paper = _paper()
    assert defects.text_defects(FAILED)  # "This happened …": it leans on the paper itself
    fixed, action, _, _ = _repair(paper, _slide(FILLER, THOSE_YEARS))
    assert fixed.bullets == [FILLER]
    assert action.startswith("removed bullet 2")


# ------------------------------------------------------- how certain the finding is (set 11)
# On sets 9 and 10 most flags were nouns the paper merely used in the sentence before ("the
# compiler" of a compiler paper): those are reported low and never cost the bullet; a phrase
# that points back by its words, or follows a sentence introducing it as a term, is certain.

TRANSDUCERS = "Every gauge carries Pressure Transducers (PT) bolted to the weir"
DRIFT = "In cold winters the pressure transducers were off by a few centimetres"
LEVELS = "A lookup sheet converts each water level into a discharge as follows:"
SHEET = "The lookup sheet is revised by the wardens after every large flood"
TURBINE_USES = [
    "The turbine drives a small generator beside the weir",
    "Water reaches the turbine through a steel pipe",
    "The turbine runs at a fixed speed all year",
    "Its owners inspect the turbine every spring",
    "The turbine was built by a local workshop",
    "Spare blades for the turbine are kept in the village",
    "Most owners paid for the turbine with a loan",
    "Few owners have replaced the turbine since",
]
ICE = "Ice builds up on a turbine of this kind during cold nights"
SERVICED = "Each winter the turbine is serviced twice by the crew"


def _terms_paper(turbine_sections: int = 2) -> Paper:
    uses = [f"{u}." for u in TURBINE_USES]
    earlier = [
        Section(title="Plants", paragraphs=[" ".join(uses[:4])]),
        Section(title="Owners", paragraphs=[" ".join(uses[4:])]),
    ][:turbine_sections]
    return Paper(
        title="Keeping small hydro plants running",
        abstract="We report how small hydro plants are kept running.",
        pages=6,
        source_name="hydro.pdf",
        sections=[
            *earlier,
            Section(
                title="Operation",
                paragraphs=[
                    f"{TRANSDUCERS}. {DRIFT}. {LEVELS}",
                    f"{SHEET}.",
                    f"{ICE}. {SERVICED}.",
                ],
            ),
        ],
    )


def test_a_phrase_after_a_sentence_introducing_it_as_a_term_is_certain():
    paper = _terms_paper()
    # "Pressure Transducers (PT)": named, capitalised, with its abbreviation
    (issue,) = _found(paper, FILLER, DRIFT)
    assert issue.evidence["part"] == "the pressure transducers"
    assert issue.severity == "medium" and issue.evidence["certain"] is True
    # a phrase pointing back by its words is certain after any sentence; a bare one is not
    before = ["Each field was cut into plots that share a block"]
    for bullet, certain in {
        "Afterwards the two plots yielded more grain": True,
        "Afterwards the original plots yielded more grain": True,
        "Afterwards the plots yielded more grain": False,
    }.items():
        assert antecedents.dangling_phrase(bullet, set(), before).certain is certain, bullet
    # the sentence before merely uses the noun ("A lookup sheet …"): reported, but low
    (issue,) = _found(paper, FILLER, SHEET)
    assert issue.severity == "low" and issue.evidence["certain"] is False


def test_a_term_the_paper_used_across_its_sections_before_is_not_dangling():
    # "the turbine": eight sentences over two sections before "… a turbine …" — the paper's
    # working vocabulary, not that sentence's thing
    assert _found(_terms_paper(), FILLER, SERVICED) == []
    # the same noun used in one section only (four sentences) is still reported, low
    (issue,) = _found(_terms_paper(turbine_sections=1), FILLER, SERVICED)
    assert issue.evidence["part"] == "the turbine" and issue.severity == "low"


def test_an_uncertain_finding_never_costs_the_bullet():
    paper = _terms_paper()
    slide = _slide(FILLER, SHEET)
    deck = _deck(paper, slide)
    found = _issues(deck, paper, 2, KIND)
    assert [i.severity for i in found] == ["low"]
    # its sentence before announces a display the slide does not show and names the sheet no
    # better: neither named nor brought in — and so the bullet stays
    revised = deck_repair(BuiltinProposer(), paper, deck, found)
    assert revised.deck.slides[1].bullets == [FILLER, SHEET]
    assert not [c for c in revised.changes if c.type == KIND]
    # a certain one in the same place goes (test_without_an_antecedent_that_stands_the_bullet_goes)
