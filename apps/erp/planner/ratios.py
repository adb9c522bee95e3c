"""A ratio between two measures: "the ratio of hires to leavers in 2025", "the hires-to-leavers
ratio in Sales", "leavers per hire in 2025", "hires for every leaver".

The question is read as the two measures side by side ("hires vs leavers in 2025", paired.py),
each settled as if asked alone, and the answer adds the first divided by the second next to
them, so the reader sees what was divided by what. Only the words are rewritten here; what
the measures, periods and groups are is read as for any pair of measures, and a pair that is
not on the same grain is refused as such a pair is."""

from dataclasses import dataclass, replace

from apps.erp.planner.lexicon import Lexed, Term
from apps.erp.planner.outcomes import refusal
from apps.erp.planner.reading import Clarification, Reading, Refusal
from apps.erp.semantic import semantic_model, vocabulary

VERSUS = "vs"
DEPARTMENTS = "departments"  # the measure that counts the tenant's departments
HEADCOUNT = "headcount"


@dataclass(frozen=True)
class RatioQuestion:
    text: str  # the question with the two measures joined by "vs" and the ratio words gone
    first: str  # the measure divided (its own reading's measure)
    second: str  # the measure divided by


def ratio_question(lexed: Lexed) -> RatioQuestion | None:
    """The question as a pair of measures, when it asks for one divided by the other."""
    grammar = vocabulary(lexed.language).grammar
    texts = [t.text for t in lexed.tokens]
    ratio_at = [i for i, text in enumerate(texts) if text in set(grammar.ratio)]
    measures = [t for t in lexed.terms if t.has("measure")]
    if len(measures) != 2 or measures[0].value("measure") == measures[1].value("measure"):
        return None
    left, right = measures
    between = texts[left.end : right.start]
    if ratio_at:
        if between not in [p.split() for p in grammar.ratio_joiners]:
            return None
        drop = _ratio_words(texts, ratio_at, set(grammar.ratio_openers))
    elif between in [p.split() for p in grammar.ratio_per] and _counted(left, right):
        drop = set()  # "leavers per hire": no ratio word, the "per" says it
    else:
        return None
    typed = [t.surface for t in lexed.tokens]
    if right.end - right.start == 1:
        typed[right.start] = _plural(lexed.language, right, typed[right.start])
    words = [
        *(typed[i] for i in range(left.end) if i not in drop),
        VERSUS,
        *(typed[i] for i in range(right.start, len(typed)) if i not in drop),
    ]
    return RatioQuestion(" ".join(words), left.value("measure"), right.value("measure"))


def department_mean(lexed: Lexed) -> RatioQuestion | None:
    """ "average headcount per department" → "headcount vs number of departments", the ratio
    being the mean over the departments. Not when the question names a department (the
    departments divided by would not be those counted) nor for a grain ("per month": `per`)."""
    vocab = vocabulary(lexed.language)
    terms = lexed.terms
    if any(t.has("value") for t in terms):
        return None
    for at, term in enumerate(terms[:-3]):
        if term.value("agg") != "avg":
            continue
        rest = list(terms[at + 1 :])
        if rest and rest[0].has("time") and not rest[0].kinds - {"time"}:
            rest = rest[1:]  # "the average of employees by department"
        if len(rest) < 3:
            return None
        counted, group, noun = rest[0], rest[1], rest[2]
        measure = _counted_measure(counted)
        if measure is None or not group.has("group") or noun.value("dim") != "department":
            return None
        typed = [t.surface for t in lexed.tokens]
        said = typed[counted.start : counted.end] if counted.has("measure") else [HEADCOUNT]
        words = [
            *typed[: term.start],
            *said,
            VERSUS,
            *vocab.measures[DEPARTMENTS][0].split(),
            *typed[noun.end :],
        ]
        return RatioQuestion(" ".join(words), measure, DEPARTMENTS)
    return None


def _counted_measure(term: Term) -> str | None:
    """The count a term names: a count measure, or the people themselves ("employees")."""
    if term.has("measure"):
        name = term.value("measure")
        measure = semantic_model().measure(name)
        return name if measure.is_count and name != DEPARTMENTS else None
    if term.value("subject") == "employee" or term.value("dim") == "employee":
        return HEADCOUNT
    return None


def _ratio_words(texts: list[str], ratio_at: list[int], openers: set[str]) -> set[int]:
    """The ratio word and the "of"/"between" right after it ("the ratio of hires to …")."""
    drop = set(ratio_at)
    for i in ratio_at:
        if i + 1 < len(texts) and texts[i + 1] in openers:
            drop.add(i + 1)
    return drop


def _plural(language: str, term: Term, word: str) -> str:
    """ "leavers per hire" → "hire" as "hires": the singular is also the verb ("hire"), which
    the pair would read as an event; the plural is only the measure."""
    plural = f"{word}s"
    phrases = vocabulary(language).measures.get(term.value("measure"), [])
    return plural if not word.lower().endswith("s") and plural.lower() in phrases else word


def _counted(left: Term, right: Term) -> bool:
    """Both sides count people or events: "hires per leaver", never "payroll per hire"
    (a per-head figure is perhead.py's, for pay)."""
    model = semantic_model()
    return all(model.measure(t.value("measure")).is_count for t in (left, right))


def as_ratio(
    outcome: Reading | Clarification | Refusal, asked: RatioQuestion
) -> Reading | Clarification | Refusal:
    """The pair read from the rewritten question, marked to show the ratio, the measure asked
    first on top; a reading of one measure only (both words named the same) is refused, never
    answered as if the ratio were that measure."""
    if not isinstance(outcome, Reading):
        return outcome
    if len(outcome.also) != 1:
        return refusal(outcome.language, "ratio")
    other = outcome.also[0]
    if (outcome.measure, other.measure) == (asked.second, asked.first):
        outcome = replace(other, also=(replace(outcome, also=()),))
    return replace(outcome, ratio=True)


@dataclass(frozen=True)
class RatioFollowup:
    text: str  # the turn with its ratio words gone: "and leavers that year?"
    first: str  # the previous answer's measure, divided
    second: str  # the measure the turn names, divided by
    same_for: str  # a follow-up that puts the first measure back: "same for hires"


def ratio_to_previous(lexed: Lexed, previous: Reading | None) -> RatioFollowup | None:
    """ "and the ratio to leavers that year?" after "how many people joined in 2025?": the
    previous answer's count divided by the count the turn names, both read as that answer
    changed by the turn (the same period, groups and conditions unless the turn says others).
    Only a previous answer of one count, and a turn naming one other count right after the
    ratio word ("ratio to leavers", "ratio of leavers"); anything else is left to the other
    readings — which refused it, the turn having one measure only."""
    if previous is None or previous.also or previous.ratio:
        return None
    grammar = vocabulary(lexed.language).grammar
    texts = [t.text for t in lexed.tokens]
    ratio_at = [i for i, text in enumerate(texts) if text in set(grammar.ratio)]
    measures = [t for t in lexed.terms if t.has("measure")]
    if len(ratio_at) != 1 or len(measures) != 1:
        return None
    (at,), (named,) = ratio_at, measures
    second = named.value("measure")
    model = semantic_model()
    counts = all(model.measure(m).is_count for m in (previous.measure, second))
    if second == previous.measure or not counts or named.start <= at:
        return None
    joiners = {w for p in [*grammar.ratio_joiners, *grammar.ratio_openers] for w in p.split()}
    between = texts[at + 1 : named.start]
    if len(between) > 1 or any(w not in joiners for w in between):
        return None
    drop = {at, *range(at + 1, named.start)}
    typed = [t.surface for i, t in enumerate(lexed.tokens) if i not in drop]
    vocab = vocabulary(lexed.language)
    first_words = vocab.measures[previous.measure][0]
    same_for = f"{vocab.followups.same_for[0]} {first_words}"
    return RatioFollowup(" ".join(typed), previous.measure, second, same_for)
