"""The person's answers to a clarification (a form or a chip) → what they stand for: periods,
departments, people. Answers come from a browser: each is checked against its choices."""

from datetime import date
from typing import Any

from apps.erp.planner.outcomes import Stop, refusal
from apps.erp.planner.periods import (
    Period,
    TimeError,
    day_period,
    latest_complete_month,
    range_period,
    rolling,
    year_period,
)

LAST_12_MONTHS = 12


def period_choice(value: str, as_of: date) -> Period | None:
    """A named period of the clarification form, or None when the name is not one."""
    if value == "this_year":
        return year_period(as_of.year).clip(as_of)
    if value == "last_year":
        return year_period(as_of.year - 1)
    if value == "latest_month":
        return latest_complete_month(as_of)
    if value == "last_12_months":
        return rolling(as_of, LAST_12_MONTHS)
    return None


def pair_choice(value: str, as_of: date) -> list[Period] | None:
    if value == "last_year_to_this_year":
        return [year_period(as_of.year - 1), year_period(as_of.year).clip(as_of)]
    if value == "two_years_ago_to_last_year":
        return [year_period(as_of.year - 2), year_period(as_of.year - 1)]
    return None


def custom_range(start: Any, end: Any, as_of: date) -> Period:
    """A period typed as two ISO dates; raises ValueError or TimeError when it is not one."""
    first, last = date.fromisoformat(str(start)), date.fromisoformat(str(end))
    return range_period(day_period(first), day_period(last), as_of)


def answered_periods(answers: dict[str, Any], as_of: date, language: str) -> list[Period] | None:
    """The periods the answers give: one, a pair to compare, or None when none was asked."""
    value = answers.get("period")
    if value == "custom" or ("start" in answers and "end" in answers and not value):
        try:
            return [custom_range(answers.get("start"), answers.get("end"), as_of)]
        except (ValueError, TimeError) as error:
            raise Stop(refusal(language, "bad_answer", name="period")) from error
    if value:
        period = period_choice(str(value), as_of)
        if period is None:
            raise Stop(refusal(language, "bad_answer", name="period"))
        return [period]
    pair = answers.get("periods")
    if pair:
        periods = pair_choice(str(pair), as_of)
        if periods is None:
            raise Stop(refusal(language, "bad_answer", name="periods"))
        return periods
    return None
