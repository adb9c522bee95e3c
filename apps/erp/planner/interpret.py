"""Question → Reading, or a Clarification, or a Refusal.

The reading is strict on purpose: every word must be understood (or be a stop word), and
every meaningful word must find its place in the reading; otherwise the planner refuses,
naming the words. A question that is understood but leaves out something the answer depends
on (the period of a salary average, which department) gets a clarification instead of a
default. A turn that changes the previous answer is applied to its reading (followup.py).
"""

from dataclasses import replace
from datetime import date
from typing import Any

from apps.erp.entities import Entities
from apps.erp.planner.decide import Parsed, decide
from apps.erp.planner.earlier import previous_written, stepped_back
from apps.erp.planner.elided import with_elided_noun
from apps.erp.planner.exclusions import excluded_levels
from apps.erp.planner.followup import apply_followup, is_followup
from apps.erp.planner.frame import build_frame
from apps.erp.planner.lexicon import Lexed, lex
from apps.erp.planner.outcomes import clarify_department, no_data, refusal, unknown_words
from apps.erp.planner.paired import MAX_MEASURES, candidate_measures, each_part, paired
from apps.erp.planner.patterns import read_bands, read_comparisons, read_levels, read_top
from apps.erp.planner.periods import TimeError
from apps.erp.planner.ratios import (
    RatioFollowup,
    as_ratio,
    department_mean,
    ratio_question,
    ratio_to_previous,
)
from apps.erp.planner.reading import Clarification, Reading, Refusal
from apps.erp.planner.recency import read_recency
from apps.erp.planner.service_span import as_tenure
from apps.erp.planner.spanish import spanish_refusal
from apps.erp.planner.timeexpr import find_time_expressions
from apps.erp.planner.words import describe_period
from apps.erp.semantic import semantic_model, vocabulary

ERP_KINDS = {
    "measure", "fact", "dim", "value", "subject", "unsupported", "person", "name_part",
    "population", "attribute", "pay_change", "event",
}  # fmt: skip
FOLLOWUP_KINDS = {
    "followup", "chart", "time", "time_seq", "number", "anaphora", "group", "grain_adverb", "super",
    "compar", "which", "agg", "count", "cmp", "pct",
}  # fmt: skip


def interpret(
    question: str,
    *,
    as_of: date,
    entities: Entities,
    previous: Reading | None = None,
    follows: str | None = None,
    answers: dict[str, Any] | None = None,
    language: str | None = None,
) -> Reading | Clarification | Refusal:
    """Read one question. Never raises for user input: every failure is an outcome.
    `language` breaks a tie of the question's words (the thread's language)."""
    answers = dict(answers or {})
    lexed = lex(as_tenure(question), entities, language=previous.language if previous else language)
    earlier = stepped_back(lexed, previous) or previous_written(lexed) or with_elided_noun(lexed)
    if earlier is not None:
        lexed = lex(earlier, entities, language=lexed.language)
    followup = ratio_to_previous(lexed, previous)
    if followup is not None:  # "and the ratio to leavers that year?"
        return _ratio_followup(followup, lexed.language, as_of, entities, previous, follows)
    ratio = ratio_question(lexed) or department_mean(lexed)
    if ratio is not None:  # "the ratio of hires to leavers": the pair, then the ratio
        lexed = lex(ratio.text, entities, language=lexed.language)
    outcome = _interpret(lexed, as_of, entities, previous, follows, answers)
    if ratio is not None:
        outcome = as_ratio(outcome, ratio)
    if isinstance(outcome, Clarification):
        outcome = replace(outcome, question=question)
    return outcome


def _ratio_followup(
    asked: RatioFollowup,
    language: str,
    as_of: date,
    entities: Entities,
    previous: Reading | None,
    follows: str | None,
) -> Reading | Clarification | Refusal:
    """The turn read as a follow-up naming the second count ("and leavers that year?"), then
    "same for" the first count on that reading: the two on the same grain by construction,
    joined as a ratio the way "the ratio of hires to leavers in 2025" is."""
    second = _interpret(
        lex(asked.text, entities, language=language), as_of, entities, previous, follows, {}
    )
    if not isinstance(second, Reading) or second.measure != asked.second or second.also:
        return second if not isinstance(second, Reading) else refusal(language, "ratio")
    first = _interpret(
        lex(asked.same_for, entities, language=language), as_of, entities, second, follows, {}
    )
    if not isinstance(first, Reading) or first.measure != asked.first:
        return first if not isinstance(first, Reading) else refusal(language, "ratio")
    joined = paired([first, second])
    if joined is None:
        return refusal(language, "ratio")
    return replace(joined, ratio=True)


def _interpret(
    lexed: Lexed,
    as_of: date,
    entities: Entities,
    previous: Reading | None,
    follows: str | None,
    answers: dict[str, Any],
) -> Reading | Clarification | Refusal:
    language = lexed.language
    vocab = vocabulary(language)
    kinds = {k for term in lexed.terms for k in term.kinds}
    erp = bool(kinds & ERP_KINDS) or (previous is not None and bool(kinds & FOLLOWUP_KINDS))
    write = write_request(lexed)
    spanish = spanish_refusal(lexed)
    if spanish is not None:
        return spanish
    if not erp:
        return Refusal("not_erp", vocab.message("not_erp"), language=language)
    if write == "read_only":
        return Refusal("read_only", vocab.message("read_only"), language=language)
    if write == "other":
        return Refusal("not_erp", vocab.message("not_erp"), language=language)
    held = _not_held(lexed)
    if held is not None:
        # "the gender split per department": what the ERP lacks is the answer, whatever the
        # other words ("split") are.
        return unknown_words_reason(language, held)
    if lexed.unknown:
        if _unknown_department(lexed) and answers.get("department"):
            pass  # the department the form asked for replaces the unknown one
        elif _unknown_department(lexed):
            return clarify_department(language, entities.department_names, {})
        else:
            return unknown_words(language, tuple(dict.fromkeys(lexed.unknown)))
    try:
        parsed = parse(lexed, as_of, fiscal_start=entities.fiscal_year_start)
    except TimeError as error:
        period = describe_period(error.period, language)
        return no_data(language, error.key, period=period, as_of=as_of.isoformat())
    frame = parsed.frame
    if frame.unused:
        return unknown_words(language, tuple(dict.fromkeys(frame.unused)), "unused_words")
    if previous is not None and not answers and is_followup(parsed):
        return each_part(previous, lambda part: apply_followup(part, parsed, follows=follows))
    if previous is None and not answers and _only_changes(parsed):
        return refusal(language, "nothing_to_change")
    outcome = decide(parsed, entities=entities, answers=answers, as_of=as_of)
    if _several_measures(outcome) and not answers.get("measure"):
        return _each_measure(parsed, entities, answers, as_of) or outcome
    return outcome


def _several_measures(outcome: Reading | Clarification | Refusal) -> bool:
    return isinstance(outcome, Refusal) and outcome.reason == "several_measures"


def _each_measure(
    parsed: Parsed, entities: Entities, answers: dict[str, Any], as_of: date
) -> Reading | Clarification | Refusal | None:
    """Two measures in one question ("hires vs departures by month in 2025"): each read as if
    asked alone, joined when on the same grain (paired.py). What one of them needs asked (the
    period of a salary) is asked; None when they cannot be answered together."""
    measures = candidate_measures(parsed.frame.measures, parsed.frame.cues)
    if len(measures) != MAX_MEASURES:
        return None
    outcomes = [
        decide(_alone(parsed, m), entities=entities, answers={**answers, "measure": m}, as_of=as_of)
        for m in measures
    ]
    asked = next((o for o in outcomes if isinstance(o, Clarification)), None)
    if asked is not None and all(not isinstance(o, Refusal) for o in outcomes):
        return asked
    return paired(outcomes)


def _alone(parsed: Parsed, measure: str) -> Parsed:
    """The question as if it asked only for `measure`: a counting word ("número de
    funcionários", "how many hires") counts the other measure when this one is no count."""
    if not parsed.frame.count or semantic_model().measure(measure).is_count:
        return parsed
    return replace(parsed, frame=replace(parsed.frame, count=False))


def unknown_words_reason(language: str, reason: str) -> Refusal:
    """Data the ERP does not hold: said plainly with what it holds instead (a language model
    would not know it either)."""
    message = vocabulary(language).message("not_held", reason=reason)
    return Refusal("no_data", message, language=language)


def _not_held(lexed: Lexed) -> str | None:
    """The reason of the first word naming data the ERP does not hold, if any."""
    return next((t.value("unsupported") for t in lexed.terms if t.has("unsupported")), None)


def _only_changes(parsed: Parsed) -> bool:
    """A turn that only changes something ("and in Marketing?") with nothing to change."""
    frame = parsed.frame
    terms = parsed.lexed.terms
    first = terms[0] if terms else None
    leading = first is not None and first.has("followup") and not first.kinds & ERP_KINDS
    ranked = parsed.recency is not None and parsed.recency.event is not None
    asks = frame.measures or frame.facts or frame.count or frame.subject or ranked
    return leading and not asks  # "the last 3 to leave": people ranked by their leaving


def parse(lexed: Lexed, as_of: date, *, fiscal_start: int = 1) -> Parsed:
    """Patterns, then time, then the frame: each reads only what the earlier ones left.
    `fiscal_start`: the month the tenant's fiscal year starts in (1: the calendar year)."""
    vocab = vocabulary(lexed.language)
    terms = lexed.terms
    bands, used = read_bands(terms, frozenset())
    levels, level_terms = read_levels(terms, frozenset(used))
    levels, left_out, negations = excluded_levels(terms, levels, set(level_terms))
    used |= level_terms | negations
    comparisons, compared = read_comparisons(terms, frozenset(used))
    used |= compared
    recency = read_recency(terms, frozenset(used))
    if recency is not None:
        used |= recency.terms
    top, top_at, top_terms = read_top(terms, frozenset(used))
    used |= top_terms
    times = find_time_expressions(
        terms,
        as_of,
        ambiguous=frozenset(vocab.time.ambiguous.words),
        blocked=set(used),
        fiscal_start=fiscal_start,
    )
    for expression in times:
        used |= expression.terms
    frame = build_frame(
        terms,
        skip=frozenset(used),
        plural_words=frozenset(vocab.grammar.plural_words),
        stop_words=vocab.stop,
        top_at=top_at,
        has_bands=bool(bands),
    )
    return Parsed(
        lexed, frame, bands, tuple(levels), comparisons, top, tuple(times), recency, left_out
    )


def write_request(lexed: Lexed) -> str | None:
    """'read_only' for a request to change ERP data, 'other' for another kind of command."""
    writes = vocabulary(lexed.language).writes
    texts = [t.text for t in lexed.tokens]
    joined = " ".join(texts)
    if any(f" {pair} " in f" {joined} " for pair in writes.sql):
        return "read_only"
    openers = set(writes.openers)
    i = 0
    while i < len(texts) and texts[i] in openers:
        i += 1
    if i >= len(texts):
        return None
    verb, rest = texts[i], texts[i + 1 : i + 4]
    two = " ".join(texts[i : i + 2])
    if two in writes.verbs:
        return "read_only"
    if verb in ("give", "de", "da") and rest[:1] and rest[0] in writes.give_asks:
        return None  # "give me the headcount" asks
    objects = set(writes.objects)
    excluding = verb in vocabulary(lexed.language).followups.exclude
    if verb in writes.verbs and rest[:1] and rest[0] in writes.noun_after:
        return None  # "change in payroll from 2024 to 2025": the verb is a noun here
    if verb in writes.verbs and not excluding:
        return "read_only"
    if verb in writes.verbs or verb in writes.create_verbs:
        content = [
            t for t in rest if t not in ("a", "an", "new", "some", "um", "uma", "novo", "nova")
        ]
        if content and content[0] in objects:
            return "read_only"
        if content and content[0] in writes.read_outputs:
            return None  # "make a list of the people hired in 2025": an answer to read
        return None if excluding else "other"
    return None


def _unknown_department(lexed: Lexed) -> bool:
    """The unknown words name a department the tenant does not have: "the Legal department",
    "the department of Legal Affairs" — each run of unknown words touches a department noun."""
    department_nouns = set(vocabulary(lexed.language).dimensions["department"])
    texts = [t.text for t in lexed.tokens]
    unknown = {i for i, t in enumerate(lexed.tokens) if t.surface in lexed.unknown}
    if not unknown:
        return False
    runs: list[list[int]] = []
    for i in sorted(unknown):
        if runs and all(texts[k] in ("and", "e", "&") for k in range(runs[-1][-1] + 1, i)):
            runs[-1].append(i)
        else:
            runs.append([i])
    for run in runs:
        after = texts[run[-1] + 1] if run[-1] + 1 < len(texts) else ""
        before = texts[max(0, run[0] - 2) : run[0]]
        of_before = len(before) == 2 and before[0] in department_nouns
        if after not in department_nouns and not of_before:
            return False
    return True
