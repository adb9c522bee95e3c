"""Round 18's bullets whose subject is a definite noun phrase naming what the paper's sentence
just before introduced ("Each ticket …" after "… a book of paper tickets", "The table shows …"
after "Table 3 lists …", "The optimization cannot …" on a deck whose only "optimization" is a
capitalised name), a count that closes its clause ("… except for two main differences", "… in
three ways", "… for two reasons") with no items after it, and a second bullet naming the same
unshown listing line as a reported one. Each is found, each form that says which thing it is
(or whose noun the deck or the paper named earlier) is not, and the reviser answers it from the
paper. Sentences are invented (a small ferry harbour)."""

from __future__ import annotations

import pytest

from apps.decks.pipeline import antecedents, carried_text, definite_subjects
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_context_symbols import _deck, _issues

KIND = "unintroduced_referent"
OPENING = "The harbour runs three ferries across the bay every hour"
CREWS = "Each ferry has a crew of four who work in shifts of six hours"

BOOK = "Passengers pay with a book of paper tickets bought at the kiosk"
EACH_TICKET = "Each ticket carries the date of sale and a serial number"
LANES = "Cars wait in marked lanes on the quay before boarding"
TABLE = "Table 3 lists the crossing times of every ferry in the summer"
THE_TABLE = "The table shows that the night crossings are the fastest"
PPO = "We adopted Proximal Policy Optimization for the booking model"
PINNING = "The booking office can then pin the busiest crossings to the largest ferry"
OPTIMIZATION = "The optimization cannot be applied to the winter timetable"
MERGE = "A merger of the two morning crossings would free one ferry"
EFFECT = "The effect on waiting times would be to halve the morning queue"


def _paper(*paragraphs: str, earlier: tuple[str, ...] = ()) -> Paper:
    return Paper(
        title="Running a small ferry harbour",
        abstract="We describe how a small ferry harbour runs its crossings.",
        pages=4,
        source_name="harbour.pdf",
        sections=[
            Section(title="Introduction", paragraphs=[f"{OPENING}. {CREWS}.", *earlier]),
            Section(title="Operation", paragraphs=list(paragraphs)),
        ],
    )


def _found(paper: Paper, *bullets: str, title: str = "Operation", before: tuple = ()):
    deck = _deck(paper, *before, Slide(kind="bullets", title=title, bullets=list(bullets)))
    return _issues(deck, paper, len(deck.slides), KIND)


# ------------------------------------------------------------------ the introduced subject


def test_a_subject_the_paper_first_named_in_the_sentence_before_is_certain():
    paper = _paper(f"{BOOK}. {EACH_TICKET}.")
    (issue,) = _found(paper, OPENING, EACH_TICKET)
    assert issue.severity == "medium" and issue.evidence["certain"] is True
    assert issue.evidence["part"] == "Each ticket"
    assert issue.evidence["antecedent"].startswith("Passengers pay with a book of paper tickets")


@pytest.mark.parametrize(
    "bullet",
    [
        "The ticket carries the date of sale and a serial number",
        "After boarding, the tickets are stamped by the purser",
        "Every ticket is kept for a year",
    ],
)
def test_the_each_and_every_subjects_are_read_alike(bullet):
    paper = _paper(f"{BOOK}. {bullet}.")
    (issue,) = _found(paper, OPENING, bullet)
    assert issue.severity == "medium"


def test_a_subject_the_deck_or_the_paper_already_named_or_that_says_which_is_not_found():
    # the deck says "tickets" before
    paper = _paper(f"{BOOK}. {EACH_TICKET}.")
    assert _found(paper, "Tickets are sold at the kiosk only", EACH_TICKET) == []
    # the paper named tickets long before the sentence before: not introduced there
    earlier = ("Tickets were first sold on the quay in 1950.",)
    paper = _paper(f"{LANES}. {BOOK}. {EACH_TICKET}.", earlier=earlier)
    assert all(i.evidence["certain"] is False for i in _found(paper, OPENING, EACH_TICKET))
    # a compound or an adjective says which ("the paper tickets"); a first mention stands
    paper = _paper(f"{BOOK}. The paper tickets carry the date of sale.")
    assert _found(paper, OPENING, "The paper tickets carry the date of sale") == []
    paper = _paper(f"{LANES}. {EACH_TICKET}.")
    assert _found(paper, OPENING, EACH_TICKET) == []
    # a word of the paper's title ("the harbour") is what the deck is about
    paper = _paper(f"{BOOK}. The harbour prints a new book every week.")
    assert _found(paper, OPENING, "The harbour prints a new book every week") == []


def test_the_reviser_answers_an_introduced_subject_from_the_paper():
    paper = _paper(f"{BOOK}. {EACH_TICKET}.")
    deck = _deck(paper, Slide(kind="bullets", title="Operation", bullets=[OPENING, EACH_TICKET]))
    issues = _issues(deck, paper, 2, KIND)
    revised = deck_repair(BuiltinProposer(), paper, deck, issues).deck
    bullets = revised.slides[1].bullets
    # the sentence that introduces the tickets comes before it (or the bullet goes): never a
    # bullet that leans on a book of tickets no slide shows
    assert EACH_TICKET not in bullets or any("book of paper tickets" in b for b in bullets)
    assert _issues(revised, paper, 2, KIND) == []


# ------------------------------------------------------------------------ a display by kind


def test_a_display_named_by_its_kind_after_its_number_is_found_unless_shown():
    paper = _paper(f"{TABLE}. {THE_TABLE}.")
    (issue,) = _found(paper, OPENING, THE_TABLE)
    assert issue.evidence["kind"] == "display" and issue.severity == "medium"
    assert issue.evidence["part"] == "The table"
    assert definite_subjects.unshown_display("The table of fares is printed", [TABLE]) is None
    assert definite_subjects.unshown_display(THE_TABLE, [LANES]) is None


# ------------------------------------------------------------------- shell subjects, round 18


def test_a_shell_subject_named_only_inside_a_capitalised_name_is_found():
    paper = _paper(f"{LANES}. {PINNING}. {OPTIMIZATION}.", earlier=(f"{PPO}.",))
    (issue,) = _found(paper, PPO, OPTIMIZATION)
    assert issue.evidence["kind"] == "shell" and issue.evidence["part"].startswith(
        "The optimization"
    )
    # the deck says "optimization" as a common word: the reader has met one
    assert _found(paper, "Each optimization of the timetable is tried", OPTIMIZATION) == []


def test_an_effect_that_names_only_what_it_affects_is_found():
    paper = _paper(f"{MERGE}. {EFFECT}.")
    (issue,) = _found(paper, OPENING, EFFECT)
    assert issue.evidence["kind"] == "shell" and issue.evidence["part"] == "The effect"
    named = "The effect of the merger on waiting times would be small"
    assert definite_subjects.shell_named_otherwise(named, [MERGE], []) is None


def test_common_words_leave_out_names_but_not_a_title_cased_heading():
    common = definite_subjects.common_lemmas([PPO, "Optimization Of The Timetable"])
    assert "optimization" not in common  # a name's word in the bullet and so in the heading
    assert "timetable" in common
    assert "optimization" in definite_subjects.common_lemmas(["Optimization Of Timetables"])


# --------------------------------------------------------------- an announced count, closing


@pytest.mark.parametrize(
    "sentence, part",
    [
        ("The winter timetable is like the summer one except for two main differences", "two"),
        ("The new ferry differs from the old ones in three ways", "three"),
        ("The night crossing was dropped for two reasons", "two"),
    ],
)
def test_a_count_closing_its_clause_announces_a_list(sentence, part):
    found = carried_text.announced_set(sentence)
    assert found is not None and found[0].startswith(part)


@pytest.mark.parametrize(
    "sentence",
    [
        "The ferry crosses the bay in two phases",  # a fact of its own
        "The night crossing was dropped for two reasons: cost and fog",  # gives them
        "Two ferries were repainted in three weeks",
    ],
)
def test_a_count_that_announces_nothing_is_not_a_list(sentence):
    assert carried_text.announced_set(sentence) is None


def test_bullets_after_an_announcement_answer_it_only_when_they_are_its_items():
    winter = "The winter timetable is like the summer one except for two main differences"
    first = "First, the last crossing leaves at nine"
    second = "Second, the kiosk closes at noon"
    later = "The crews prefer the winter shifts"
    gone = "The harbour master checks the quay at dawn"
    paper = _paper(f"{winter}. {first}. {second}.", f"{later}. {gone}.")
    taken = Slide(kind="bullets", title="Winter", bullets=[winter, later, gone])
    (issue,) = _issues(_deck(paper, taken), paper, 2, "leaning_reference")
    assert issue.evidence["part"] == "two main differences"
    items = Slide(kind="bullets", title="Winter", bullets=[winter, first, second])
    assert _issues(_deck(paper, items), paper, 2, "leaning_reference") == []


# ------------------------------------------------------------- one unshown line, two bullets


def test_every_bullet_naming_a_reported_unshown_line_is_reported():
    listing = "A listing of the gate controller is given in the appendix"
    loop = "The loop at line 3 waits for the ramp sensor"
    back = "Control returns to line 3 once the last car has boarded"
    paper = _paper(f"{listing}. {loop}. {back}.")
    slide = Slide(kind="bullets", title="Gates", bullets=[OPENING, loop, back])
    deck = _deck(paper, slide)
    issues = _issues(deck, paper, 2, "dangling_pointer")
    assert sorted(i.evidence["index"] for i in issues) == [1, 2]
    revised = deck_repair(BuiltinProposer(), paper, deck, issues).deck
    assert not any("line 3" in b for b in revised.slides[1].bullets)
    # a bullet that shows the line ("Line 3: …" as the slide's own words) is no pointer
    shown = Slide(kind="bullets", title="Line 3: wait for the ramp sensor", bullets=[back])
    assert _issues(_deck(paper, shown), paper, 2, "dangling_pointer") == []


def test_a_line_reached_is_a_place():
    found = carried_text.program_place("Recording stops when the run reaches line 7 again")
    assert found is not None and found[1] == "line 7"


def test_the_introduced_subject_reads_with_the_paper_only():
    paper = _paper(f"{BOOK}. {EACH_TICKET}.")
    context = antecedents.paper_context(paper)
    sentence, before = context.window(EACH_TICKET)
    found = definite_subjects.introduced_subject(EACH_TICKET, before, [], context, sentence)
    assert found is not None and found.head == "ticket" and found.kind == "phrase"
