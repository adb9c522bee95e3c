"""Names the paper defines once and no slide says (issue #14, context lost, round 21): a code
name ("`tally()` is the function that …"), a coined term ("we call … a “dry sweep”"), an
acronym glossed by an appositive ("BSQ, the banded shelf queue, …") or defined by "stands for".
On a LaTeX paper of our own (tests/fixtures/papers/ingest/definedterms, CC0) the ledger reads
each definition, the reviewer reports a later use no slide prepared (`undefined_term`), the
reviser gives the paper's gloss or brings its defining sentence in, the text gate refuses such a
bullet, and the proposer's first deck has none; names the reader already has (an acronym of the
abstract, a function the paper only runs) are never reported."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline import defined_terms
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.propose import term_fix, text_gate
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks.test_context_symbols import _deck, _sentence
from tests.decks.test_context_symbols import _issues as _kind_issues

PAPER = settings.BASE_DIR / "tests/fixtures/papers/ingest/definedterms/tessera-definedterms.pdf"
FILLER = "Readers leave the books they return on a trolley beside the entrance of the library"


@pytest.fixture(scope="module")
def paper(tmp_path_factory) -> Paper:
    return paper_read(PAPER, tmp_path_factory.mktemp("definedterms-figures"))


def _issues(deck: SlideDeck, paper: Paper, number: int, kind: str = "undefined_term"):
    return _kind_issues(deck, paper, number, kind)


def test_the_ledger_reads_each_form_of_definition(paper):
    book = defined_terms.ledger(paper)
    assert book.entries["BSQ"].gloss == "the banded shelf queue"
    assert book.entries["tally"].sentence.startswith("`tally()` is the function that counts")
    assert book.entries["dry sweep"].sentence.startswith("We call a pass of a volunteer")
    assert "LGW stands for the width of a gap" in book.entries["LGW"].sentence
    # the abstract uses ISBN without defining it: the reader's own word, whatever the body says
    assert book.definition("ISBN") is None
    # "We call `shelve()` after …" runs the function, it does not name it
    assert "shelve" not in book.entries


@pytest.mark.parametrize(
    "opening, term",
    [
        ("At closing time `tally()` writes", "tally"),
        ("During a dry sweep no book", "dry sweep"),
        ("A gap whose LGW is above", "LGW"),
        ("Books leave the BSQ", "BSQ"),
    ],
)
def test_a_use_no_slide_prepared_is_reported(paper, opening, term):
    use = _sentence(paper, opening)
    deck = _deck(paper, Slide(kind="bullets", title="The library", bullets=[FILLER, use]))
    found = _issues(deck, paper, 2)
    assert [(i.evidence["index"], i.evidence["terms"]) for i in found] == [(1, [term])]
    # the text gate refuses the bullet as a swap or padding sentence
    assert "undefined_term" in text_gate.flagged(use, deck.slides[1], deck, paper, 2)


def test_an_earlier_slide_or_the_bullet_itself_saying_the_name_is_enough(paper):
    definition = _sentence(paper, "`tally()` is the function")
    use = _sentence(paper, "At closing time `tally()` writes")
    deck = _deck(
        paper,
        Slide(kind="bullets", title="Counting", bullets=[FILLER, definition]),
        Slide(kind="bullets", title="The day sheet", bullets=[FILLER, use]),
    )
    assert _issues(deck, paper, 2) == [] and _issues(deck, paper, 3) == []


@pytest.mark.parametrize(
    "bullet",
    [
        "Each returned book is sorted by its ISBN before it goes back",  # the abstract's word
        "We call `shelve()` after the last count, and the library closes",  # run, not named
    ],
)
def test_names_the_reader_already_has_are_not_reported(paper, bullet):
    deck = _deck(paper, Slide(kind="bullets", title="The library", bullets=[FILLER, bullet]))
    assert _issues(deck, paper, 2) == []


def test_an_appositive_definition_is_given_as_a_gloss(paper):
    use = _sentence(paper, "Books leave the BSQ")
    deck = _deck(paper, Slide(kind="bullets", title="Walking the shelves", bullets=[FILLER, use]))
    revised = deck_repair(BuiltinProposer(), paper, deck, _issues(deck, paper, 2)).deck
    assert (
        revised.slides[1]
        .bullets[1]
        .startswith("Books leave the BSQ (the banded shelf queue) in the order")
    )
    assert _issues(revised, paper, 2) == []


@pytest.mark.parametrize(
    "opening, definition",
    [
        ("At closing time `tally()` writes", "`tally()` is the function that counts"),
        ("During a dry sweep no book", "We call a pass of a volunteer"),
        ("A gap whose LGW is above", "In the notes of the volunteers, LGW stands for"),
    ],
)
def test_the_defining_sentence_is_brought_before_the_bullet(paper, opening, definition):
    use = _sentence(paper, opening)
    deck = _deck(paper, Slide(kind="bullets", title="The library", bullets=[FILLER, use]))
    revised = deck_repair(BuiltinProposer(), paper, deck, _issues(deck, paper, 2)).deck
    shown = revised.slides[1].bullets
    brought = next(b for b in shown if b.startswith(definition))
    assert shown.index(brought) == shown.index(use) - 1
    assert _issues(revised, paper, 2) == []


def test_a_full_slide_merges_or_leaves_the_bullet_out(paper):
    use = _sentence(paper, "During a dry sweep no book")
    full = [
        "A band is closed when its tenth book arrives or when the library closes for the night",
        "Each band carries a paper slip with the hour at which its first book arrived",
        "The counts show a peak just after the library opens and a second one later",
        "The librarian moves a volunteer to the desk when an hour holds more than thirty books",
        use,
    ]
    deck = _deck(paper, Slide(kind="bullets", title="The library", bullets=full))
    revised = deck_repair(BuiltinProposer(), paper, deck, _issues(deck, paper, 2)).deck
    shown = revised.slides[1].bullets
    assert use not in shown  # merged with its definition, or gone: never alone
    assert all("dry sweep" not in b or "We call a pass" in b for b in shown)
    assert _issues(revised, paper, 2) == []


def test_bullet_selection_answers_each_use_in_deck_order(paper):
    """The proposer's pass over its first deck (term_fix.self_contained): the first use gets
    its definition, a later slide's use is then prepared."""
    uses = [_sentence(paper, o) for o in ("Books leave the BSQ", "During a dry sweep no book")]
    later = _sentence(paper, "A gap whose LGW is above")
    slides = [
        Slide(kind="title", title=paper.title),
        Slide(kind="bullets", title="Walking the shelves", bullets=[FILLER, *uses]),
        Slide(kind="bullets", title="Gaps", bullets=[FILLER, later, "BSQ bands are closed daily"]),
    ]
    fixed = term_fix.self_contained(slides, paper)
    assert fixed[1].bullets[1].startswith("Books leave the BSQ (the banded shelf queue)")
    assert fixed[1].bullets[2].startswith("We call a pass of a volunteer")
    assert fixed[2].bullets[1].startswith("In the notes of the volunteers, LGW stands for")
    assert fixed[2].bullets[-1] == "BSQ bands are closed daily"  # the deck said BSQ before
    deck = _deck(paper, *fixed[1:])
    assert all(_issues(deck, paper, n) == [] for n in (2, 3))


def test_the_proposer_says_every_name_before_it_uses_it(paper):
    deck = BuiltinProposer().propose(paper)
    for number in range(2, len(deck.slides) + 1):
        assert _issues(deck, paper, number) == [], deck.slides[number - 1]


CODE = defined_terms.Term("cap", "`cap`", "code")
COINED = defined_terms.Term("fine sort", "“fine sort”", "quoted")


@pytest.mark.parametrize(
    "sentence, term, defines",
    [
        ("where `v` is the value read, `cap` is the upper bound of the band", CODE, True),
        ("The routine named `cap` clips every band at its limit", CODE, True),
        ("`cap` returns the upper bound of a band", CODE, True),
        ("`cap`: Clips every band at its upper bound", CODE, True),
        ("We also explicitly called `cap()` before closing", CODE, False),  # a call
        ("Explicit `cap` calls are still permitted", CODE, False),  # a noun, no verb
        ("The default is `cap = 3` for small libraries", CODE, False),  # a value set
        ("Shelving uses what is usually termed a “fine sort” in this trade", COINED, False),
        ("Shelving uses the so-called “fine sort” of the old catalogue", COINED, False),
        ("We call the second pass along the shelves the “fine sort”", COINED, True),
    ],
)
def test_the_forms_that_define_a_name_and_those_that_only_use_it(sentence, term, defines):
    assert defined_terms.defining(sentence, term)[0] is defines


def test_a_bullet_assigning_or_naming_the_kind_of_a_name_says_what_it_is():
    book = defined_terms.Ledger(
        entries={
            "cap": defined_terms.Entry("cap", "code", "`cap` returns the upper bound of a band.")
        }
    )
    said = [
        "Each band is cut with `cap = band_limit(shelf)` before sorting",  # a line assigning it
        "The sort stops at the upper bound `cap` of each shelf",  # a noun naming it
    ]
    assert all(defined_terms.undefined_terms(b, "", book) == [] for b in said)
    assert defined_terms.undefined_terms("Sorting stops once `cap` is reached", "", book)
