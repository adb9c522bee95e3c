"""Round 17's bullets lifted from the middle of an explanation, by forms the earlier context
checks did not read: an opener leaning on the moment, reason or act of the sentence before ("At
that point, …", "For that reason …", "We do so when …"), a numbered line of a listing or a
lettered state of a machine no slide shows ("Line 5 checks …", "In state B …"), and a sentence
announcing a list the slide does not give ("There are two differences between the rooms").
Each is found, each form that stands alone is not, and the reviser merges the paper's sentence
that answers it or gives the bullet's place to another. Sentences are invented (a night at a
bakery)."""

from __future__ import annotations

import pytest

from apps.decks.pipeline import carried_text, context_text, defects
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_context_symbols import _deck, _issues

OPENING = "The bakery bakes four hundred loaves before dawn every day"
SOLD = "Loaves are sold from six in the morning"

RISES = "The dough rises until it doubles in the proofing room"
AT_THAT_POINT = "At that point, the baker shapes each loaf by hand"
ASH = "The ovens are cleaned of ash every night"
DO_SO = "We do so when the last tray has cooled"
FLOUR = "The flour is delivered in sacks of fifty kilograms"
FOR_THAT_REASON = "For that reason, two people unload the van together"

LISTING = "A listing of the oven controller is given in the appendix"
LINE = "Line 5 checks whether the oven has reached its heat"
MODES = "The oven controller switches between a few modes"
STATE = "In state B the fan runs at half speed"

ROOMS = "We compared the old and the new proofing rooms"
TWO_DIFFERENCES = "There are two differences between the rooms"
ITEMS = "The new room is warmer and it is more humid"
KINDS = "The bakery offers three kinds of bread"
FIRST_KIND = "The first is a rye loaf baked in tins"


def _paper(*paragraphs: str) -> Paper:
    return Paper(
        title="A night at a bakery",
        abstract="We describe how a small bakery works at night.",
        pages=3,
        source_name="bakery.pdf",
        sections=[
            Section(title="Introduction", paragraphs=[f"{OPENING}."]),
            Section(title="Method", paragraphs=list(paragraphs)),
        ],
    )


@pytest.mark.parametrize(
    "bullet, part",
    [
        (AT_THAT_POINT, "At that point"),
        (DO_SO, "We do so"),
        (FOR_THAT_REASON, "For that reason"),
        ("By then, the first trays have cooled", "By then"),
        ("From that moment on, nobody opens the oven door", "From that moment"),
        ("To do so, the baker wets the crust", "To do so"),
        ("Doing so keeps the crumb soft", "Doing so"),
        ("That way, no loaf is left unbaked", "That way"),
    ],
)
def test_an_opener_leaning_on_the_sentence_before_is_found(bullet, part):
    assert context_text.moment_without_antecedent(bullet) == part
    assert ("leaning_reference", part) in defects.text_defects(bullet)


@pytest.mark.parametrize(
    "bullet",
    [
        "That way of kneading doubles the rise",  # "that way of …" says which way
        "At that point of the curve the oven is hottest",  # says which point
        "We do so-called cold proofing for rye",  # a compound, not "do so"
        "We shape the loaves and do so twice a night",  # its own clause before it
        "The point at which the dough doubles is marked on the tub",
        "The ovens are cleaned every night since then the ash is cold",  # not an opener
    ],
)
def test_a_sentence_that_says_what_it_follows_stands(bullet):
    assert context_text.moment_without_antecedent(bullet) is None


def test_the_reviewer_reports_an_opener_and_the_reviser_merges_the_sentence_before():
    paper = _paper(f"{RISES}. {AT_THAT_POINT}.", f"{ASH}. {DO_SO}.", f"{FLOUR}. {FOR_THAT_REASON}.")
    for before, bullet in ((RISES, AT_THAT_POINT), (ASH, DO_SO), (FLOUR, FOR_THAT_REASON)):
        deck = _deck(paper, Slide(kind="bullets", title="Baking", bullets=[OPENING, SOLD, bullet]))
        (issue,) = _issues(deck, paper, 2, "leaning_reference")
        assert issue.severity == "medium" and issue.evidence["index"] == 2
        revised = deck_repair(BuiltinProposer(), paper, deck, [issue]).deck
        lowered = bullet[:1].lower() + bullet[1:]
        assert revised.slides[1].bullets == [OPENING, SOLD, f"{before}; {lowered}"]
        assert _issues(revised, paper, 2, "leaning_reference") == []


@pytest.mark.parametrize(
    "bullet, part",
    [
        (LINE, "Line 5"),
        ("Lines 4 to 6 loop over the trays", "Lines 4 to 6"),
        (STATE, "In state B"),
        ("The controller enters state 2 once the door closes", "enters state 2"),
    ],
)
def test_a_line_or_a_state_no_slide_shows_is_a_place(bullet, part):
    found = carried_text.program_place(bullet)
    assert found is not None and found[0] == part


@pytest.mark.parametrize(
    "bullet",
    [
        "Line 5 of the price list gives the totals",  # a line of a table, said so
        "Lines of loaves wait on the racks",
        "In state $s_{t}$ the controller picks an action",  # a variable, not a label
        "Bakeries in the United States open earlier",
        "Step 2 shapes the loaves",  # a step as the subject says what the step is
    ],
)
def test_a_line_or_state_the_sentence_does_not_point_at_stands(bullet):
    assert carried_text.program_place(bullet) is None


def test_the_reviewer_reports_a_line_or_state_unless_a_slide_shows_it():
    paper = _paper(f"{LISTING}. {LINE}.", f"{MODES}. {STATE}.")
    for bullet in (LINE, STATE):
        deck = _deck(paper, Slide(kind="bullets", title="Baking", bullets=[OPENING, SOLD, bullet]))
        (issue,) = _issues(deck, paper, 2, "dangling_pointer")
        assert issue.severity == "medium" and issue.evidence["index"] == 2
        revised = deck_repair(BuiltinProposer(), paper, deck, [issue]).deck
        assert bullet not in revised.slides[1].bullets
    shown = Slide(kind="bullets", title="Modes", bullets=["State B: the fan at half speed", SOLD])
    deck = _deck(paper, shown, Slide(kind="bullets", title="Fan", bullets=[OPENING, STATE]))
    assert _issues(deck, paper, 3, "dangling_pointer") == []


def test_a_sentence_announcing_a_list_it_does_not_give_is_found():
    assert carried_text.announced_set(TWO_DIFFERENCES) == ("two differences", 2)
    assert carried_text.announced_set("The night shift has three main steps.") == (
        "three main steps",
        3,
    )
    assert carried_text.announced_set(KINDS) == ("three kinds", 3)
    # it names them, or counts what was done rather than announcing a list
    assert carried_text.announced_set("There are two differences: heat and moisture") is None
    assert carried_text.announced_set("The bakery sells three kinds, such as rye") is None
    assert carried_text.announced_set("We ran two trials in the new room") is None
    assert carried_text.announced_set("There are two ovens in the bakery") is None


def test_the_reviewer_reports_an_announced_list_and_the_reviser_gives_it_from_the_paper():
    paper = _paper(f"{ROOMS}. {TWO_DIFFERENCES}. {ITEMS}.")
    deck = _deck(
        paper, Slide(kind="bullets", title="Rooms", bullets=[OPENING, SOLD, TWO_DIFFERENCES])
    )
    (issue,) = _issues(deck, paper, 2, "leaning_reference")
    assert issue.evidence["part"] == "two differences"
    revised = deck_repair(BuiltinProposer(), paper, deck, [issue]).deck
    assert revised.slides[1].bullets[-1] == (
        "There are two differences between the rooms: the new room is warmer and it is more humid"
    )
    assert _issues(revised, paper, 2, "leaning_reference") == []
    # bullets after it that may be the items: not reported
    listed = Slide(kind="bullets", title="Rooms", bullets=[TWO_DIFFERENCES, "It is warmer", SOLD])
    assert _issues(_deck(paper, listed), paper, 2, "leaning_reference") == []


def test_an_announced_list_whose_next_sentence_gives_one_item_is_never_merged_with_it():
    paper = _paper(f"{KINDS}. {FIRST_KIND}.")
    deck = _deck(paper, Slide(kind="bullets", title="Bread", bullets=[OPENING, SOLD, KINDS]))
    (issue,) = _issues(deck, paper, 2, "leaning_reference")
    revised = deck_repair(BuiltinProposer(), paper, deck, [issue]).deck
    assert not any("three kinds" in b for b in revised.slides[1].bullets)
    assert not any(FIRST_KIND.lower() in b.lower() for b in revised.slides[1].bullets)
