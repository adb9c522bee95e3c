"""Building the planner's refusals and clarifications in the question's language."""

from dataclasses import replace
from typing import Any

from apps.erp.planner.numdates import NumericDates
from apps.erp.planner.periods import day_period
from apps.erp.planner.reading import Choice, Clarification, MissingParameter, Refusal
from apps.erp.planner.words import describe_period
from apps.erp.semantic import vocabulary


class Stop(Exception):
    """Raised by a reading step that has decided not to answer; carries the outcome."""

    def __init__(self, outcome: Refusal | Clarification):
        super().__init__(outcome.message)
        self.outcome = outcome


def refusal(language: str, key: str, **values: Any) -> Refusal:
    """ "I can't answer this without a language model: <reason>"."""
    vocab = vocabulary(language)
    reason = vocab.message(key, **values)
    message = vocab.message("needs_model", reason=reason)
    return Refusal("needs_model", message, language=language, reason=key)


def no_data(language: str, key: str, **values: Any) -> Refusal:
    return Refusal("no_data", vocabulary(language).message(key, **values), language=language)


def no_person(language: str, name: str) -> Refusal:
    """No employee has this name (the name is kept: a fresher lookup may know it)."""
    message = vocabulary(language).message("no_person", name=name)
    return Refusal("no_data", message, (name,), language)


def unknown_words(language: str, words: tuple[str, ...], key: str = "unknown_words") -> Refusal:
    vocab = vocabulary(language)
    quoted = ", ".join(f"“{w}”" for w in words)
    reason = vocab.message(key, words=quoted)
    return Refusal(
        "needs_model", vocab.message("needs_model", reason=reason), tuple(words), language
    )


PERIOD_CHOICES = ("this_year", "last_year", "latest_month", "last_12_months")
PERIOD_PAIRS = ("last_year_to_this_year", "two_years_ago_to_last_year")


def clarify_period(language: str, known: dict[str, Any], *, pair: bool = False) -> Clarification:
    vocab = vocabulary(language)
    words = vocab.labels.words
    if pair:
        missing = MissingParameter(
            "periods",
            vocab.message("prompt_periods"),
            tuple(Choice(value, words[value]) for value in PERIOD_PAIRS),
        )
        return Clarification("", vocab.message("clarify_periods"), (missing,), language, known)
    missing = MissingParameter(
        "period",
        vocab.message("prompt_period"),
        tuple(Choice(value, words[value]) for value in PERIOD_CHOICES),
        allow_custom_range=True,
    )
    return Clarification("", vocab.message("clarify_period"), (missing,), language, known)


def clarify_day_order(dates: NumericDates, language: str) -> Clarification:
    """ "3/4/2025": 3 April or 4 March? The period is asked, each reading named."""
    vocab = vocabulary(language)
    said = "; ".join(
        vocab.message(
            "day_order",
            date=typed,
            first=describe_period(day_period(first), language),
            second=describe_period(day_period(second), language),
        )
        for typed, (first, second) in zip(dates.ambiguous, dates.readings, strict=True)
    )
    asked = clarify_period(language, {})
    return replace(asked, message=f"{said}. {asked.message}")


def clarify_department(
    language: str, departments: tuple[str, ...], known: dict[str, Any]
) -> Clarification:
    vocab = vocabulary(language)
    choices = [Choice(name, name) for name in departments]
    choices.append(Choice("each", vocab.labels.words["each_department"]))
    missing = MissingParameter("department", vocab.message("prompt_department"), tuple(choices))
    return Clarification("", vocab.message("clarify_department"), (missing,), language, known)


def clarify_measure(language: str, names: list[str], known: dict[str, Any]) -> Clarification:
    vocab = vocabulary(language)
    choices = tuple(Choice(name, vocab.labels.measures[name]) for name in names)
    missing = MissingParameter("measure", vocab.message("prompt_measure"), choices)
    return Clarification("", vocab.message("clarify_measure"), (missing,), language, known)


def clarify_person(language: str, people: list[tuple[str, str]], known: dict) -> Clarification:
    """Several employees fit the name: choose one (name and department shown)."""
    vocab = vocabulary(language)
    choices = tuple(Choice(name, f"{name} ({department})") for name, department in people)
    missing = MissingParameter("person", vocab.message("prompt_person"), choices)
    return Clarification("", vocab.message("clarify_person"), (missing,), language, known)
