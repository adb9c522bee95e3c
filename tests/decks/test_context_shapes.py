"""Round 16's shapes of a bullet that needs what the slide does not show. A comparison whose
base only the paper's sentence before named: "The load cell performs
better in wet weather" (better than what?), "… is three times as accurate", "… reads 4 times
faster". The paper is the oracle: found only when the bullet's sentence follows another of its
paragraph that no slide shows, and reported medium (`unintroduced_referent`, kind
`comparison`); the reviser brings the sentence that names the base onto the slide. A sentence
that names its base ("than …", "as … as …", "over …") or its own change ("if we …") stands.
An example opened by its abbreviation ("E.g., …") and a reply to a question the slide does not
ask ("Yes, …", "The answer is …") lean on the sentence before like "For example, …". Sentences
are invented (bee hive scales)."""

from __future__ import annotations

from apps.decks.pipeline import antecedents
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_context_symbols import _deck, _issues

KIND = "unintroduced_referent"
OPENING = "Beekeepers in the valley weigh their hives every week in spring"
TESTED = "Two scales were tested on the hives of the school: a spring balance and a load cell"
BETTER = "The load cell performs much better in wet weather"
TIMES_AS = "The load cell is three times as accurate on windy days"
TIMES_ER = "The load cell reads the weight 4 times faster during the spring flow"
THAN = "The load cell performs better than the spring balance in wet weather"
AS_AS = "The load cell is twice as heavy as the spring balance"
OWN = "If the hives are weighed at dawn, the scales run faster in the cold"


def _paper() -> Paper:
    method = [f"{TESTED}. {s}." for s in (BETTER, TIMES_AS, TIMES_ER, THAN, AS_AS, OWN)]
    return Paper(
        title="Weighing bee hives through the seasons",
        abstract="We weigh bee hives weekly.",
        pages=4,
        source_name="hives.pdf",
        sections=[
            Section(title="Introduction", paragraphs=[f"{OPENING}."]),
            Section(title="Method", paragraphs=method),
            Section(title="Results", paragraphs=[f"{BETTER}. {OPENING} in summer."]),
        ],
    )


def _found(paper: Paper, bullet: str, *shown: str):
    return antecedents.dangling(bullet, [OPENING, *shown], antecedents.paper_context(paper))


def test_a_comparison_whose_base_the_sentence_before_named_is_found():
    paper = _paper()
    for bullet, part in (
        (BETTER, "performs much better"),
        (TIMES_AS, "three times as accurate"),
        (TIMES_ER, "4 times faster"),
    ):
        found = _found(paper, bullet)
        assert found is not None and found.part == part, bullet
        assert (found.kind, found.certain) == ("comparison", True)
        assert found.antecedent.startswith("Two scales were tested")


def test_a_comparison_that_names_its_base_or_its_own_change_is_not_found():
    paper = _paper()
    for bullet in (THAN, AS_AS, OWN):
        # "the load cell" the sentence before merely used stays a low (uncertain) finding
        found = _found(paper, bullet)
        assert found is None or (found.kind, found.certain) == ("phrase", False), bullet
    # the sentence naming the base is on the deck
    assert _found(paper, BETTER, TESTED) is None


def test_a_comparison_opening_its_paragraph_is_not_found():
    paper = Paper(
        title="Hives",
        abstract="",
        pages=1,
        source_name="h.pdf",
        sections=[Section(title="Results", paragraphs=[f"{BETTER}. {TESTED}."])],
    )
    assert _found(paper, BETTER) is None


def test_the_reviewer_reports_it_and_the_reviser_brings_the_base_onto_the_slide():
    paper = _paper()
    deck = _deck(paper, Slide(kind="bullets", title="Method", bullets=[OPENING, BETTER]))
    (issue,) = _issues(deck, paper, 2, KIND)
    assert issue.severity == "medium" and issue.evidence["kind"] == "comparison"
    assert "performs much better" in issue.message
    revised = deck_repair(BuiltinProposer(), paper, deck, [issue])
    assert revised.deck.slides[1].bullets == [OPENING, TESTED, BETTER]


def test_an_example_opened_by_its_abbreviation_leans_like_for_example():
    from apps.decks.pipeline import defects
    from apps.decks.pipeline.propose.bullets import drop_connector

    for bullet in (
        "E.g., a hive of the school gained two kilograms in May",
        "I.e. the load cell is read every morning",
        "As an illustration, a hive of the school gained two kilograms in May",
    ):
        assert defects.dangling_connector(bullet), bullet
    # the proposer drops the opener and keeps the statement
    assert drop_connector("E.g., a hive of the school gained two kilograms in May") == (
        "A hive of the school gained two kilograms in May"
    )
    # an abbreviation that merely starts with the letters is no opener
    assert defects.dangling_connector("EGF levels rose in the hives of the school") is None


def test_a_reply_to_a_question_the_slide_does_not_ask_leans():
    from apps.decks.pipeline import defects
    from apps.decks.pipeline.propose.bullets import drop_connector

    assert defects.dangling_connector("Yes, the load cell can be read in the rain") == "Yes,"
    assert defects.dangling_connector("No: the scales drift in the cold") == "No:"
    assert drop_connector("Yes, the load cell can be read in the rain") == (
        "The load cell can be read in the rain"
    )
    kinds = [k for k, _ in defects.text_defects("The answer is no for the light hives of May")]
    assert "leaning_reference" in kinds
    # "No other …" compares (pointing_opener's), "Not all …" is a statement of its own
    assert defects.dangling_connector("No other scale was tested in the valley") is None
    assert defects.dangling_connector("Not all hives were weighed in the valley") is None
