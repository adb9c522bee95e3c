"""A follow-up that steps back from the previous answer's period: "and the year before?",
"what about the previous month?" (after "payroll in 2025", the year before is 2024 — not the
year before today). The phrase is replaced by the earlier period, written out, and the turn is
read again as any follow-up; a period that cannot step back is left alone (and refused as an
unread phrase, never guessed)."""

from datetime import date

from apps.erp.planner.lexicon import Lexed, _phrase_key
from apps.erp.planner.periods import Period, month_end, shift_months
from apps.erp.planner.reading import Reading
from apps.erp.semantic import vocabulary

MONTHS = {"year": 12, "quarter": 3, "month": 1}


def _earlier(period: Period, unit: str) -> tuple[date, date] | None:
    if period.start is None:
        return None
    start = shift_months(period.start, -MONTHS[unit])
    if period.grain in MONTHS:  # a whole year, quarter or month, even cut at the as-of date
        end = month_end(*_year_month(shift_months(start, MONTHS[period.grain] - 1)))
    else:
        end = shift_months(period.end, -MONTHS[unit])
        if period.end == month_end(period.end.year, period.end.month):
            end = month_end(end.year, end.month)
    return start, end


def _year_month(day: date) -> tuple[int, int]:
    return day.year, day.month


def _written(start: date, end: date, words: dict[str, list[str]]) -> str:
    if (start.month, start.day, end.month, end.day) == (1, 1, 12, 31) and start.year == end.year:
        return str(start.year)
    return f"{words['between'][0]} {start.isoformat()} {words['and'][0]} {end.isoformat()}"


def stepped_back(lexed: Lexed, previous: Reading | None) -> str | None:
    """The turn with its "the year before" written as the earlier period, or None."""
    if previous is None or len(previous.periods) != 1:
        return None
    vocab = vocabulary(lexed.language)
    texts = [t.text for t in lexed.tokens]
    words = vocab.time.terms()
    for unit, phrases in vocab.earlier.items():
        for key in sorted({_phrase_key(vocab, p) for p in phrases}, key=len, reverse=True):
            for i in range(len(texts) - len(key) + 1):
                after = texts[i + len(key)] if i + len(key) < len(texts) else ""
                if tuple(texts[i : i + len(key)]) != key or after in words["last"]:
                    continue  # "the year before last" is a period of its own
                span = _earlier(previous.periods[0], unit)
                if span is None:
                    return None
                typed = [t.surface for t in lexed.tokens]
                return " ".join([*typed[:i], _written(*span, words), *typed[i + len(key) :]])
    return None
