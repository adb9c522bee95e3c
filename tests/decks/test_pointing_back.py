"""Bullets that lean on the paper's sentence before them by their shape, not by a noun to match
(the half of the auditors' dangling class of sets 10 and 11 the noun check missed): a
comparison or a choice among what was said before ("Other …", "Of the three, …", "such a …",
"A more … method" without "than"), a step or a consequence ("… are then …", "… would
therefore …"), a shell noun summing up what was described ("The approach fails …"). The paper
is the oracle: each is found only when its sentence follows another of its paragraph that no
slide shows, and reported medium. The reviser brings the sentence before onto the slide, or
drops the adverb of a step, or puts another sentence of the part in the bullet's place; the
bullet goes only when the slide keeps enough to say. Sentences are invented (bee hives)."""

from __future__ import annotations

from apps.decks.pipeline import antecedents
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_context_symbols import _deck, _issues

KIND = "unintroduced_referent"
OPENING = "Beekeepers in the valley weigh their hives every week in spring"
SCALES = "Hanging scales read the weight of a hive to the nearest gram"
OTHER = "Other scales drift by several grams on humid mornings"
THREE = "Three sensors were mounted in each hive: a scale, a thermometer and a microphone"
OF_THREE = "Of the three, the microphone proved the most useful for detecting swarms"
SUCH = "Building such a network took two seasons of work"
SECOND = "As a second example, a hive on the roof of the school was weighed daily"
OTHER_HIVES = "Other hives were weighed by hand with a spring balance"
MORE = "A more laborious (but cheaper) method is to count the bees at the entrance"
LOGGED = "Each evening the hive weights are logged to a memory card"
THEN = "The logged weights are then averaged over the week"
SHELL_BEFORE = "Some keepers wrap the hives in straw and leave the entrance half open in winter"
SHELL = "The approach fails in wet winters when the straw rots"
SHELL_CLAUSE = "The trick when used in a wet winter makes the straw rot"
RESULT = "Colonies in weighed hives lost a tenth less honey over the winter"
FACT = "Swarming peaks in the second half of May in the valley"
CONDITION = "When the card is full, the weights are then copied by hand"
THAN = "A more laborious method than weighing is to count the bees at the entrance"
IDIOM = "On the other hand the thermometers never failed in three years"
# a sentence that leans on the paper itself, so it never stands as a bullet of its own
LEANING = "This is described below."
SHORT_NOTES = "We report the hives of one village"


def _paper() -> Paper:
    method = [
        f"{SCALES}. {OTHER}.",
        f"{THREE}. {OF_THREE}.",
        f"{THREE}. {SUCH}.",
        f"{LEANING} {OTHER_HIVES}.",
        f"{SCALES}. {MORE}.",
        f"{SCALES}. {SECOND}.",
        f"{LOGGED}. {THEN}.",
        f"{SHELL_BEFORE}. {SHELL}.",
        f"{SHELL_BEFORE}. {SHELL_CLAUSE}.",
        f"{LOGGED}. {CONDITION}.",
        f"{SCALES}. {THAN}.",
        f"{THREE}. {IDIOM}.",
    ]
    return Paper(
        title="Weighing bee hives through the seasons",
        abstract="We weigh bee hives weekly.",
        pages=6,
        source_name="hives.pdf",
        sections=[
            Section(title="Introduction", paragraphs=[f"{OPENING}. {FACT}."]),
            Section(title="Method", paragraphs=method),
            Section(title="Results", paragraphs=[f"{RESULT}. {LEANING} {SHORT_NOTES}."]),
        ],
    )


def _slide(*bullets: str, title: str = "Method", notes: str = "") -> Slide:
    return Slide(kind="bullets", title=title, bullets=list(bullets), notes=notes)


def _found(paper: Paper, bullet: str, *shown: str):
    return antecedents.dangling(bullet, [OPENING, *shown], antecedents.paper_context(paper))


def test_a_comparison_or_a_choice_among_what_was_said_before_is_found():
    paper = _paper()
    for bullet, part in (
        (OTHER, "Other scales"),
        (OF_THREE, "Of the three"),
        (SUCH, "such a network"),
        (MORE, "A more laborious (but cheaper) method"),
        (SECOND, "As a second example"),
    ):
        found = _found(paper, bullet)
        assert found is not None and found.part == part and found.certain, bullet
        assert found.kind == "opener"
    assert _found(paper, OTHER).antecedent.startswith("Hanging scales")


def test_a_step_or_a_shell_noun_after_the_sentence_before_is_found():
    paper = _paper()
    step = _found(paper, THEN)
    assert (step.part, step.kind, step.certain) == ("then", "sequence", True)
    shell = _found(paper, SHELL)
    assert (shell.part, shell.kind, shell.certain) == ("The approach fails", "shell", True)
    # a clause between the shell noun and its verb
    shell = _found(paper, SHELL_CLAUSE)
    assert (shell.part, shell.kind, shell.certain) == ("The trick when", "shell", True)


def test_what_states_its_own_comparison_step_or_context_is_not_found():
    paper = _paper()
    assert _found(paper, THAN) is None  # "more … than weighing": compared within the sentence
    # "When the card is full, … then": its own step
    assert antecedents.sequence_adverb(CONDITION, [LOGGED]) is None
    assert _found(paper, IDIOM) is None  # "on the other hand"
    # the sentence before on the deck: its antecedent is shown
    assert _found(paper, OTHER, SCALES) is None
    # the deck named the approach: the reader knows which
    assert _found(paper, SHELL, "The approach of the old keepers") is None


def test_a_first_sentence_of_its_paragraph_leans_on_nothing():
    paper = Paper(
        title="Hives",
        abstract="",
        pages=1,
        source_name="h.pdf",
        sections=[Section(title="Method", paragraphs=[f"{OTHER}. {SCALES}."])],
    )
    assert _found(paper, OTHER) is None


def test_the_reviewer_reports_them_as_certain():
    paper = _paper()
    deck = _deck(paper, _slide(OPENING, OTHER, THEN, SHELL))
    issues = _issues(deck, paper, 2, KIND)
    assert [i.severity for i in issues] == ["medium"] * 3
    assert [i.evidence["kind"] for i in issues] == ["opener", "sequence", "shell"]
    assert "points back to the paper's sentence before" in issues[0].message


def _repair(paper: Paper, slide: Slide):
    deck = _deck(paper, slide)
    found = _issues(deck, paper, 2, KIND)
    assert found
    revised = deck_repair(BuiltinProposer(), paper, deck, found[:1])
    return revised.deck.slides[1], revised.changes


def test_the_sentence_before_comes_onto_the_slide_when_it_stands_and_fits():
    fixed, changes = _repair(_paper(), _slide(OPENING, OTHER))
    assert fixed.bullets == [OPENING, SCALES, OTHER]
    assert changes[0].type == KIND
    assert changes[0].action.startswith("brought the paper's sentence before it (what “Other")


def test_a_step_whose_step_before_does_not_fit_loses_its_adverb_not_its_statement():
    long = [f"{OPENING} in the year {year}" for year in range(1990, 1994)]
    fixed, changes = _repair(_paper(), _slide(*long, THEN))
    assert fixed.bullets == [*long, "The logged weights are averaged over the week"]
    assert "without “then”" in changes[0].action


def test_without_a_sentence_before_that_stands_another_of_the_part_takes_its_place():
    paper = _paper()
    # the sentence before "Other hives" leans on the paper itself: it cannot come in
    notes = paper.sections[2].paragraphs[0]
    slide = _slide(OPENING, OTHER_HIVES, title="Results", notes=notes)
    fixed, changes = _repair(paper, slide)
    assert OTHER_HIVES not in fixed.bullets and RESULT in fixed.bullets
    assert changes[0].action.startswith("replaced bullet 2")


def test_the_bullet_goes_only_when_the_slide_keeps_enough_to_say():
    paper = _paper()
    fixed, changes = _repair(paper, _slide(OPENING, FACT, OTHER_HIVES))
    assert fixed.bullets == [OPENING, FACT] and changes[0].action.startswith("removed bullet 3")
    assert "points back to the paper's sentence before" in changes[0].action
    # alone with one other bullet and nothing to put in its place: it stays
    deck = _deck(paper, _slide(OPENING, OTHER_HIVES))
    found = _issues(deck, paper, 2, KIND)
    revised = deck_repair(BuiltinProposer(), paper, deck, found)
    assert revised.deck.slides[1].bullets == [OPENING, OTHER_HIVES]


def test_the_sentence_before_shown_without_its_opening_is_shown():
    paper = _paper()
    # the proposer wrote the sentence before as a bullet without its lead-in
    assert _found(paper, THEN, "the hive weights are logged to a memory card") is None
    assert _found(paper, THEN, "memory card") is not None  # two words are not the sentence
