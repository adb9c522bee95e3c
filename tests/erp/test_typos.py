"""Typos: two in one question (a plural among them) are read, and a typo is never read as a
word that means something else — measured over generated typos of every word the vocabularies
and the tenant's names give a meaning to."""

import pytest

from apps.erp.planner.lexicon import entity_index, language_index, lex
from tests.erp.conftest import DEMO, assert_rows, hand_rows, plan, planner_result

ACTIVE = (
    "e.hire_date <= %(as_of)s AND (e.termination_date IS NULL OR e.termination_date > %(as_of)s)"
)


@pytest.mark.parametrize(
    ("question", "department"),
    [
        ("number of employes in the operatons departments", "Operations"),
        ("how many employess work in finanse", "Finance"),
        ("headcount of the markting departmens", "Marketing"),
        ("quantos funcionarios ativos ha no departamneto de vendsa", "Sales"),
    ],
)
def test_two_typos_and_a_plural_are_read(acme, question, department):
    planned, names, rows = planner_result(question, acme)
    assert planned.reading.measure == "headcount"
    expected = hand_rows(
        "SELECT count(*) FROM erp_employee e JOIN erp_department d ON d.id = e.department_id "
        f"WHERE d.name = %(name)s AND {ACTIVE}",
        acme,
        {"name": department, "as_of": planned.params["as_of"]},
    )
    assert_rows(rows, expected, ordered=False)


@pytest.mark.parametrize(
    ("question", "unknown"),
    [
        ("how many are still employes", "employes"),  # still employed? or employees? asked
        ("who is currently employes", "employes"),
        ("headcount by departmenst", "departmenst"),  # department? departments? the s moved
    ],
)
def test_a_typo_between_two_readings_stays_unknown(question, unknown):
    assert unknown in lex(question, DEMO).unknown


def _typos(word: str) -> set[str]:
    """A letter dropped, or two neighbours swapped."""
    dropped = {word[:i] + word[i + 1 :] for i in range(len(word))}
    swapped = {word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(len(word) - 1)}
    return (dropped | swapped) - {word}


def _misreadings(language: str, typos_of) -> tuple[int, int]:
    """(typos read, typos read as a word of another meaning) over `typos_of(word)` of every
    one-word phrase of the vocabulary and the demo's names."""
    base, names = language_index(language), entity_index(language, DEMO)
    known = base.words | names.words

    def meaning(word: str) -> tuple:
        return (*base.phrases.get((word,), ()), *names.phrases.get((word,), ()))

    words = {key[0] for key in (*base.phrases, *names.phrases) if len(key) == 1}
    read = different = 0
    for word in sorted(w for w in words if w.isalpha()):
        for typo in typos_of(word) - known:
            fixed = dict(lex(typo, DEMO, language=language).corrected).get(typo)
            if fixed is not None:
                read += 1
                different += meaning(fixed) != meaning(word)
    return read, different


@pytest.mark.parametrize("language", ["en", "pt"])
def test_no_typo_is_read_as_a_word_of_another_meaning(language):
    read, different = _misreadings(language, lambda w: _typos(w) if len(w) >= 6 else set())
    assert read > 1000  # typos are read...
    assert different == 0  # ...and never as another word's meaning


def _inner_drops(word: str) -> set[str]:
    """A five-letter word with an inner letter dropped ("levl")."""
    return {word[:i] + word[i + 1 :] for i in range(1, 4)} if len(word) == 5 else set()


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_four_letter_typo_is_never_read_as_a_word_of_another_meaning(language):
    read, different = _misreadings(language, _inner_drops)
    assert read > 100
    assert different == 0


@pytest.mark.parametrize(
    ("question", "measure"),
    [("mean levl of the finance team", "average_level"), ("number of hirs last year", "hires")],
)
def test_a_four_letter_typo_of_a_five_letter_word_is_read(question, measure):
    assert plan(question).reading.measure == measure


def _inner_swaps(word: str) -> set[str]:
    """A four-letter word with two letters after the first swapped ("yaer")."""
    if len(word) != 4:
        return set()
    return {word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in (1, 2)} - {word}


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_four_letter_swap_is_never_read_as_a_word_of_another_meaning(language):
    read, different = _misreadings(language, _inner_swaps)
    assert read > 20
    assert different == 0


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        ("how many hires lst year", "2025-01-01", "2025-12-31"),
        ("hires last yaer", "2025-01-01", "2025-12-31"),
        ("departures lsat month", "2026-05-01", "2026-05-31"),
        ("hires in the lst 12 months", "2025-06-16", "2026-06-15"),
        ("hires this yaer", "2026-01-01", "2026-06-15"),
    ],
)
def test_a_slip_in_a_short_period_word_is_read(question, start, end):
    [period] = plan(question).reading.periods
    assert (period.start.isoformat(), period.end.isoformat()) == (start, end)


@pytest.mark.parametrize(
    ("question", "unknown"),
    [
        ("hires by lst", "lst"),  # last? list? lost? nothing of time beside it
        ("lst of hires in 2025", "lst"),  # list, not last: "2025" is no word of time
    ],
)
def test_a_short_slip_with_several_readings_and_no_period_beside_it_stays_unknown(
    question, unknown
):
    assert unknown in lex(question, DEMO).unknown
