"""The one classifier of UI requests: intents and slots, and the written rules that decide
between competing readings (apps/studio/planner/classifier.py)."""

import itertools
import random

import pytest

from apps.studio.planner import classifier
from apps.studio.planner.classifier import (
    ANY,
    COMPLETE,
    INCOMPLETE,
    OTHER,
    RECOGNIZERS,
    RULES,
    classify,
    clause_readings,
    deciding_rule,
)
from apps.studio.planner.clause import Clause, clauses
from apps.studio.planner.read_layout import (
    ADD_SHORTCUT,
    PIN,
    REMOVE_SHORTCUT,
    RENAME_SHORTCUT,
    read_shortcut,
)
from apps.studio.planner.reading import Reading
from apps.studio.planner.text import Request
from tests.studio.phrasings import CLASSES, NOT_UI


def intents(text: str) -> list[tuple[str, dict]]:
    found = classify(text)
    assert found is not None, text
    return [(intent.name, intent.slots) for intent in found.intents]


def names(text: str) -> list[str]:
    return [name for name, _ in intents(text)]


def readings_before_rules(text: str) -> set[str]:
    request = Request(text)
    whole = Clause(request, 0, len(request.words))
    found = {reading.intent for reading in clause_readings(whole)}
    shortcut = read_shortcut(whole)
    return found | ({shortcut.intent} if shortcut else set())


@pytest.mark.parametrize("rule", RULES, ids=[rule.name for rule in RULES])
def test_each_rule_decides_its_own_example(rule):
    """The example reads both ways before the rules, and the rule's winner is what remains."""
    competing = readings_before_rules(rule.example)
    assert len(competing) >= 2, (rule.example, competing)
    found = classify(rule.example)
    assert rule.name in found.rules
    assert not found.conflict
    if isinstance(rule.winner, str) and rule.winner not in (ANY, COMPLETE):
        assert [intent.name for intent in found.intents] == [rule.winner]
    if isinstance(rule.loser, str) and rule.loser not in (ANY, OTHER, INCOMPLETE):
        assert rule.loser in competing
        assert rule.loser not in [intent.name for intent in found.intents]


# Shortcut readings always change something; "needs a model" never does.
ONLY_COMPLETE = {"shortcut_add", "shortcut_pin", "shortcut_remove", "shortcut_rename"}
NEVER_COMPLETE = {"unsupported"}


def _sample_readings() -> list[Reading]:
    """One reading of every intent, complete and not, as the recognizers can make them."""
    intents = set(RECOGNIZERS) | ONLY_COMPLETE
    return [
        Reading(intent, {}, frozenset({0}), frozenset({0}), complete)
        for intent in sorted(intents)
        for complete in (True, False)
        if not (intent in ONLY_COMPLETE and not complete)
        and not (intent in NEVER_COMPLETE and complete)
    ]


def test_no_two_rules_contradict_each_other():
    """For any two readings, the rules never say both that the first wins and that the second
    does, so which reading survives does not depend on the order readings are looked at."""
    for first, second in itertools.permutations(_sample_readings(), 2):
        assert not (deciding_rule(first, second) and deciding_rule(second, first)), (
            first.intent,
            first.complete,
            second.intent,
            second.complete,
        )


def test_recognizer_order_plays_no_part(monkeypatch):
    texts = [text for _, phrasings in CLASSES for text in phrasings]

    def outcome(text):
        found = classify(text)
        return found.intents, found.conflict, found.question, set(found.rules)

    before = {text: outcome(text) for text in texts}
    for seed in range(5):
        shuffled = list(RECOGNIZERS.items())
        random.Random(seed).shuffle(shuffled)
        monkeypatch.setattr(classifier, "RECOGNIZERS", dict(shuffled))
        for text in texts:
            assert outcome(text) == before[text], text


def test_no_phrasing_of_the_corpus_is_left_to_a_conflict():
    """Every overlap the corpus produces is decided by a written rule."""
    for _, phrasings in CLASSES:
        for text in phrasings:
            found = classify(text)
            assert found is not None and not found.conflict, text


def test_an_intent_and_its_slots():
    ((name, slots),) = intents("make the buttons a bit darker")
    assert name == "lightness"
    assert slots == {"fields": ("primary",), "direction": "darker", "intensity": "slight"}
    ((name, slots),) = intents("hide the sql and the chart")
    assert (name, slots) == ("panels", {"names": ("sql", "chart"), "shown": False})


def test_clauses_split_at_conjunctions_between_mentions():
    request = Request("dark mode, move the sidebar to the right and hide the sql")
    assert [clause.text for clause in clauses(request)] == [
        "dark mode",
        "move sidebar to right",
        "hide sql",
    ]
    # "charts and tables" is one phrase: no split inside it
    request = Request("put the charts and tables below the conversation")
    assert len(clauses(request)) == 1


def test_a_clause_that_means_nothing_alone_is_read_with_the_one_before():
    assert intents("hide the sql, and the chart too") == [
        ("panels", {"names": ("sql", "chart"), "shown": False})
    ]


def test_a_clause_without_a_verb_borrows_the_one_before_when_it_names_something_else():
    assert intents("hide the sidebar and the sql") == [
        ("sidebar", {"action": "hidden"}),
        ("panels", {"names": ("sql",), "shown": False}),
    ]


def test_a_clause_that_would_ask_is_read_with_the_one_after():
    ((name, slots),) = intents("make the buttons and the text blue")
    assert name == "color" and slots["fields"] == ("primary", "text")


def test_parts_come_in_the_order_asked():
    assert names("blue buttons and dark mode") == ["color", "mode"]
    assert names("dark mode with blue buttons") == ["mode", "color"]


@pytest.mark.parametrize(
    ("text", "fields"),
    [
        ("make the text in the panels blue", ("text",)),  # a place, not the object
        ("make the panel text blue", ("text",)),  # two nouns side by side: the second
        ("make the background of the buttons blue", ("primary",)),
        ("make the text on the buttons white", ("primary_ink",)),
        ("use blue for the links", ("primary",)),
    ],
)
def test_which_field_a_color_is_for(text, fields):
    ((name, slots),) = intents(text)
    assert name == "color" and slots["fields"] == fields


@pytest.mark.parametrize(
    ("text", "kept", "refused"),
    [
        ("make the buttons blue instead of green", ("blue",), ("green",)),
        ("make the buttons green, not blue", ("green",), ("blue",)),
        ("change the buttons from green to blue", ("blue",), ("green",)),
        ("buttons in any color but not red", (), ("red",)),
    ],
)
def test_refused_colors(text, kept, refused):
    ((_, slots),) = intents(text)
    colors = tuple(c for c in slots["colors"] if c not in slots["refused"])
    assert colors == kept and slots["refused"] == refused


@pytest.mark.parametrize(
    "text", ["don't make the buttons blue", "do not hide the sql", "never switch to dark mode"]
)
def test_a_request_not_to_do_something_changes_nothing(text):
    assert names(text) == ["declined"]


def test_do_not_show_is_a_way_to_hide():
    assert intents("don't show the sql") == [("panels", {"names": ("sql",), "shown": False})]


@pytest.mark.parametrize(
    ("text", "corrected"),
    [
        ("make the butons blue", "buttons"),
        ("make the buttons bleu", "blue"),
        ("move the sidbar to the right", "sidebar"),
        ("make the backround beige", "background"),
        ("dakr mode", "dark"),
    ],
)
def test_typos_of_the_planner_words_are_corrected(text, corrected):
    assert corrected in Request(text).text.split()


@pytest.mark.parametrize(
    "word", ["flight", "bold", "accept", "order", "model", "bound", "slide", "form", "while"]
)
def test_english_words_are_not_taken_for_typos(word):
    assert Request(f"the {word}").text == word


@pytest.mark.parametrize(
    "text",
    [
        "is dark mode on?",
        "what color are the buttons?",
        "which font am I using?",
        "do I have dark mode on?",
    ],
)
def test_questions_about_the_current_look(text):
    assert classify(text).question


@pytest.mark.parametrize(
    "text",
    ["is it possible to make the buttons blue?", "what about blue buttons?", "do it again"],
)
def test_requests_that_open_like_questions(text):
    assert not classify(text).question


@pytest.mark.parametrize("text", NOT_UI)
def test_other_requests_are_not_ui_requests(text):
    assert classify(text) is None


SHORTCUT_REQUESTS = [
    "add a shortcut to headcount by department in the sidebar",
    "add a shortcut",
    "pin average salary by level to the sidebar",
    "put the hiring pipeline in the sidebar",
    "remove the headcount shortcut",
    "delete the shortcut to decks",
    "unpin decks from the sidebar",
    "rename the headcount shortcut to Staff by dept",
    "call the decks shortcut My decks",
]


@pytest.mark.parametrize("text", SHORTCUT_REQUESTS)
def test_exactly_one_shortcut_form_reads_a_shortcut_request(text):
    forms = [ADD_SHORTCUT, PIN, REMOVE_SHORTCUT, RENAME_SHORTCUT]
    assert sum(bool(form.match(text)) for form in forms) == 1
    assert names(text)[0].startswith("shortcut_")
