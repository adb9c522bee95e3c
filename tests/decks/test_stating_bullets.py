"""A deck of a manual-like guide whose bullets are steps, commands, option and file names only
passes the text checks bullet by bullet and never says what the tool does (round 15, loop):
the reviewer finds it thin and the repair brings in what the guide's overview says the tool
does and achieves. Hand-made guide and decks (sentences invented for the test)."""

from __future__ import annotations

from apps.decks.pipeline import stating_bullets
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.review import deck_rules
from apps.decks.pipeline.review.registry import DeckContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

DOES = "Quillfold compresses server logs into archives that keep an index of every block"
ACHIEVES = "A search reads only the blocks that hold a match, so a year of logs answers in seconds"


def _guide() -> Paper:
    return Paper(
        title="Quillfold: a user guide",
        pages=3,
        source_name="quillfold.pdf",
        sections=[
            Section(
                title="Overview",
                paragraphs=[f"{DOES}. {ACHIEVES}. The archives stay readable by plain gzip."],
            ),
            Section(
                title="Installation",
                paragraphs=[
                    "Run pip install quillfold. Set QF_HOME to the archive folder. "
                    "Then type quillfold --index logs/ --out year.qf to build an archive."
                ],
            ),
            Section(
                title="Options",
                paragraphs=["--level sets the level. --jobs sets the threads. --dry-run."],
            ),
        ],
    )


STEPS = [
    "Run pip install quillfold",
    "Set QF_HOME to the archive folder",
    "quillfold --index logs/ --out year.qf",
]
OPTIONS = ["--level sets the level", "--jobs sets the threads", "--dry-run"]


def _deck(*extra: Slide) -> SlideDeck:
    return SlideDeck(
        title="Quillfold user guide",
        slides=[
            Slide(kind="title", title="Quillfold user guide", role="title"),
            *extra,
            Slide(kind="bullets", title="Installation", bullets=STEPS, role="method"),
            Slide(kind="bullets", title="Options", bullets=OPTIONS, role="method"),
        ],
    )


def test_steps_commands_and_option_names_state_nothing():
    assert stating_bullets.stating_count(STEPS + OPTIONS) == 0
    assert stating_bullets.states(DOES)
    assert stating_bullets.states(ACHIEVES)


def test_a_deck_of_steps_and_names_is_thin_and_the_repair_says_what_the_tool_does():
    paper, deck = _guide(), _deck()
    found = list(deck_rules.thin_deck(DeckContext(deck, paper, [])))
    assert [i.type for i in found] == ["thin_deck"]
    assert found[0].evidence["stating"] == 0
    assert found[0].evidence["overview"][:2] == [DOES, ACHIEVES]

    revision = BuiltinProposer().revise(paper, deck, found)
    assert [c.type for c in revision.changes] == ["thin_deck"]
    overview = revision.deck.slides[1]
    assert overview.title == "What Quillfold does"
    assert overview.bullets[:2] == [DOES, ACHIEVES]
    # the next round finds the deck no longer thin: the loop does not go round again
    assert not list(deck_rules.thin_deck(DeckContext(revision.deck, paper, [])))


def test_a_guide_deck_that_says_what_the_tool_does_is_not_thin():
    said = Slide(
        kind="bullets",
        title="What Quillfold does",
        bullets=[
            DOES,
            ACHIEVES,
            "The archives stay readable by plain gzip",
            "Each archive keeps its index in the last block of the file",
        ],
        role="contributions",
    )
    assert not list(deck_rules.thin_deck(DeckContext(_deck(said), _guide(), [])))


def test_a_short_deck_of_statements_is_not_this_finding():
    said = Slide(kind="bullets", title="Archives", bullets=[DOES, ACHIEVES], role="method")
    deck = SlideDeck(title="Quillfold", slides=[_deck().slides[0], said])
    assert not list(deck_rules.thin_deck(DeckContext(deck, _guide(), [])))
