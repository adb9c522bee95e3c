"""A measure's noun said once for two aggregations: "median vs average salary", "min and max
salary", "the lowest and highest pay by department", "salário médio e mediano". The bare
aggregation gets the other's noun ("median salary vs average salary", "salário médio e salário
mediano"), so the question asks for both measures — never for one of them ranked by the other
word ("the lowest highest salary")."""

from functools import cache

from apps.erp.planner.lexicon import Lexed, Term, _phrase_key, language_index
from apps.erp.planner.text import tokenize
from apps.erp.semantic import semantic_model, vocabulary

AGGREGATING = {"agg", "super"}
# kinds an aggregation word may also carry ("highest" ranks, "max" compares, "menor" sizes)
ALSO = AGGREGATING | {"compar", "followup", "time", "size_words"}


@cache
def _aggregation_words(language: str) -> frozenset[str]:
    vocab = vocabulary(language)
    phrases = [
        *(p for _, group in vocab.aggregations for p in group),
        *(p for _, group in vocab.directions for p in group),
    ]
    return frozenset(t.text for phrase in phrases for t in tokenize(phrase))


def _joins(term: Term) -> bool:
    return term.has("range_and") or term.value("time") == "and"


def _aggregation_only(term: Term) -> bool:
    return bool(term.kinds & AGGREGATING) and term.kinds <= ALSO


def _is_measure(language: str, words: list[str]) -> bool:
    vocab = vocabulary(language)
    key = _phrase_key(vocab, " ".join(words))
    return any(kind == "measure" for kind, _ in language_index(language).phrases.get(key, ()))


def _noun(lexed: Lexed, term: Term, bare: Term) -> tuple[list[str], bool] | None:
    """The typed noun of a measure of a fact that makes a measure with the bare aggregation
    ("average salary" → ["salary"]; "average monthly salary" → ["salary"], as "median monthly
    salary" names no measure; "mediana do salário" → ["do", "salário"]) and whether it goes
    before the aggregation word ("salário médio"); None when no noun makes one."""
    measure = term.value("measure")
    if measure is None or semantic_model().measure(measure).fact is None:
        return None
    words = _aggregation_words(lexed.language)
    tokens = lexed.tokens[term.start : term.end]
    agg = [t.surface for t in lexed.tokens[bare.start : bare.end]]
    if len(tokens) < 2:
        return None
    if tokens[0].text in words:
        candidates, before = [tokens[1:], tokens[-1:]], False
    elif tokens[-1].text in words:
        candidates, before = [tokens[:-1], tokens[:1]], True
    else:
        return None
    for candidate in candidates:
        noun = [t.surface for t in candidate]
        if _is_measure(lexed.language, [*noun, *agg] if before else [*agg, *noun]):
            return noun, before
    return None


def with_elided_noun(lexed: Lexed) -> str | None:
    """The question with the noun written at the bare aggregation, or None."""
    terms = lexed.terms
    typed = [token.surface for token in lexed.tokens]
    for left, join, right in zip(terms, terms[1:], terms[2:], strict=False):
        if not _joins(join) or join.start != left.end or right.start != join.end:
            continue
        if _aggregation_only(left) and (found := _noun(lexed, right, left)):
            noun, _ = found  # "median vs average salary"
            return " ".join([*typed[: left.end], *noun, *typed[left.end :]])
        if _aggregation_only(right) and (found := _noun(lexed, left, right)):
            noun, after = found  # "average salary and median", "salário médio e mediano"
            at = right.start if after else right.end
            return " ".join([*typed[:at], *noun, *typed[at:]])
    return None
