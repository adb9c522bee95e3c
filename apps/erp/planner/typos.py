"""A typo with several readings ("hirez": hire, hired, hires): the question read once with
each, rather than refused because the spelling reader (spelling.py) will not pick one.

Readings that ask the same thing (the same SQL and values) are one answer: it is given.
Readings that ask different things are offered as choices (a clarification of the measure,
when that is where they differ); the form's answer picks one. Never a guess between them."""

import re
from collections.abc import Callable
from dataclasses import replace

from apps.erp.planner.lexicon import language_index
from apps.erp.planner.reading import Clarification, Refusal
from apps.erp.planner.spelling import MIN_TARGET_LENGTH, MIN_TYPO_LENGTH, one_edit_apart
from apps.erp.planner.text import tokenize
from apps.erp.semantic import languages, vocabulary
from apps.erp.semantic.vocab import fold

MAX_READINGS = 4  # more candidates than this: the word is not a slip of one word


def typo_candidates(word: str, language: str) -> list[str]:
    if len(word) < MIN_TYPO_LENGTH or not word.isalpha() or language not in languages():
        return []
    known = language_index(language).words
    found = sorted(
        other for other in known if len(other) >= MIN_TARGET_LENGTH and one_edit_apart(word, other)
    )
    return found if 2 <= len(found) <= MAX_READINGS else []


def with_readings(
    question: str,
    refused: Refusal,
    unknown: tuple[str, ...],
    plan: Callable[[str], object],
    clarify_measure: Callable[..., Clarification],
    answers: dict,
) -> object:
    """The outcome of `question` read with each reading of its one unknown word, or `refused`
    when there is no such word, no reading is understood, or readings differ other than by
    their measure."""
    if len(unknown) != 1:
        return refused
    word = unknown[0]
    candidates = typo_candidates(word, refused.language)
    pattern = re.compile(rf"\b{re.escape(word)}\b", re.IGNORECASE)
    if not candidates or not pattern.search(question):
        return refused
    outcomes = {}
    for candidate in candidates:
        outcome = plan(pattern.sub(candidate, question, count=1))
        if not isinstance(outcome, Refusal):
            outcomes.setdefault(_meaning(outcome), outcome)
    found = list(outcomes.values())
    if len(found) == 1:
        return found[0]  # every reading asks the same
    if any(isinstance(outcome, Clarification) for outcome in found):
        return refused
    measures = list(dict.fromkeys(outcome.reading.measure for outcome in found))
    if len(found) < 2 or len(measures) != len(found):
        return refused
    for outcome in found:
        if outcome.reading.measure == answers.get("measure"):
            return outcome
    asked = clarify_measure(refused.language, measures, {})
    message = vocabulary(refused.language).message(
        "typo_readings", word=word, readings=", ".join(f"“{c}”" for c in candidates)
    )
    return replace(asked, question=question, message=message)


def _meaning(outcome) -> tuple:
    if isinstance(outcome, Clarification):
        return ("clarify", outcome.message, tuple(m.name for m in outcome.missing))
    return (outcome.sql, tuple(sorted((k, str(v)) for k, v in outcome.params.items())))


def chosen_reading(asked: str, typed: str, language: str) -> str | None:
    """The question asked with its typo replaced by the reading the person typed ("hired" for
    "jired" after "which did you mean?"), or None when the text is no reading of a typo."""
    choice = fold(typed.strip(" .!?"))
    for token in tokenize(asked):
        if choice in typo_candidates(token.text, language):
            pattern = re.compile(rf"\b{re.escape(token.surface)}\b", re.IGNORECASE)
            return pattern.sub(choice, asked, count=1)
    return None
