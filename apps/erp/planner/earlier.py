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


def _names_period(word: str, words: dict[str, list[str]]) -> bool:
    """A year, month or quarter named right after "the year before" makes it that period's
    neighbour, not a step back from the previous answer's period."""
    if word.isdigit() and len(word) == 4:
        return True
    named = (k for k in words if k.startswith(("month:", "quarter:")))
    return any(word in words[k] for k in named)


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
                if _names_period(after, words):
                    return None  # "the year before 2025": a period of its own (timeexpr.py)
                span = _earlier(previous.periods[0], unit)
                if span is None:
                    return None
                typed = [t.surface for t in lexed.tokens]
                return " ".join([*typed[:i], _written(*span, words), *typed[i + len(key) :]])
    return None


def previous_written(lexed: Lexed) -> str | None:
    """The question with an earlier unit said after a comparison ("hires last month vs the
    month before", "… compared with the year before that", "… vs the month prior") written
    the way a period before the other one is read (`decide._previous_of_the_other`): "the
    previous month". None when there is none, or it is written so already."""
    vocab = vocabulary(lexed.language)
    texts = [t.text for t in lexed.tokens]
    joins = [t.start for t in lexed.terms if ("time", "and") in t.tags]
    if not joins:
        return None
    previous = set(vocab.grammar.previous_words)
    last = vocab.time.terms()["last"]
    for phrases in vocab.earlier.values():
        keys = sorted({_phrase_key(vocab, p) for p in phrases}, key=len, reverse=True)
        written = next((p for p in phrases if previous & set(p.split())), None)
        if written is None:
            continue
        for key in keys:
            for i in range(min(joins) + 1, len(texts) - len(key) + 1):
                after = texts[i + len(key)] if i + len(key) < len(texts) else ""
                if tuple(texts[i : i + len(key)]) != key or key == _phrase_key(vocab, written):
                    continue
                if after in last:
                    continue  # "the year before last" is a period of its own
                typed = [t.surface for t in lexed.tokens]
                return " ".join([*typed[:i], written, *typed[i + len(key) :]])
    return None
