"""Levels left out of a question: "average salary not counting level 10", "headcount except
levels 1 and 2", "sem o nível 10". The levels after a negation are read as the levels the
answer leaves out, never as the only ones it keeps."""

from apps.erp.planner.lexicon import Term
from apps.erp.planner.patterns import read_levels

LevelRange = tuple[int, int]


def _negates(term: Term) -> bool:
    negation = term.has("negation") or term.value("followup") == "exclude"
    return negation and not (term.kinds - {"negation", "followup"})


def _connector(terms: tuple[Term, ...], i: int) -> bool:
    return i < len(terms) and terms[i].tags == (("time", "of"),)  # "at", "in", "of"


def excluded_levels(
    terms: tuple[Term, ...], levels: list[LevelRange], level_terms: set[int]
) -> tuple[list[LevelRange], tuple[int, ...], set[int]]:
    """(the levels kept as filters, the levels left out, the negation terms read with them)."""
    excluded: list[int] = []
    negations: set[int] = set()
    runs: set[int] = set()
    for n, term in enumerate(terms):
        start = n + 2 if _connector(terms, n + 1) else n + 1  # "not at level 5"
        if not _negates(term) or start not in level_terms:
            continue
        run = set(range(n + 1, start))
        i = start
        while i in level_terms:
            run.add(i)
            i += 1
        others = frozenset(range(len(terms))) - run
        for low, high in read_levels(terms, others)[0]:
            excluded.extend(range(low, high + 1))
        negations.add(n)
        runs |= run
    if not negations:
        return levels, (), set()
    kept = read_levels(terms, frozenset(runs))[0]  # the levels outside the left-out runs
    kept = [level for level in kept if level in levels]
    return kept, tuple(sorted(set(excluded))), negations
