"""Ranked lists of people by a date: "the 5 most recent hires", "last 5 people who left", "the
first 10 people we hired", "as 3 contratações mais recentes".

A recency word ("most recent", "latest", "last", "first", "earliest"; `recency` in the
vocabulary) next to the people or the event counted — a hire, a departure, employees — with an
optional number, ranks those people by the event's date: newest first for "latest", oldest
first for "earliest". Without a number one person is meant when the noun is singular ("the
last hire"), ten otherwise. The reader only finds the pattern; decide.py turns the reading into
a list of people (`Reading.sort`), ties at the cut included.
"""

from dataclasses import dataclass, replace

from apps.erp.planner.frame import TIME_CONNECTORS
from apps.erp.planner.lexicon import Term
from apps.erp.planner.outcomes import Stop, refusal
from apps.erp.planner.patterns import _is_time, _Terms
from apps.erp.planner.reading import Reading

DEFAULT_PEOPLE = 10
# Measures whose people a recency word ranks, and the date they are ranked by.
DATES = {"hires": "hire_date", "terminations": "termination_date", "headcount": "hire_date"}


@dataclass(frozen=True)
class Recency:
    direction: str  # "desc": the latest first; "asc": the earliest first
    top: int
    terms: frozenset[int]  # the recency word and the number: read here, not by the frame
    event: str | None  # the event named next to it (hire_date, termination_date), if any


def _people_or_event(term: Term | None) -> bool:
    if term is None:
        return False
    if term.has("event") or term.value("measure") in ("hires", "terminations"):
        return True
    return term.has("subject") and not term.has("measure")


def _joiner(term: Term | None) -> bool:
    """ "who", "que", "we": words between the people and the event ("people who left")."""
    return (
        term is not None
        and bool(term.kinds & {"who", "which_start"})
        and not term.kinds & {"measure", "event", "subject"}
    )


def _count(t: _Terms, i: int) -> int | None:
    number = t.number(i)
    if number is None or number != int(number) or not 1 <= number <= 1000:
        return None
    if t.unit_years(i + 1) is not None or _is_time(t, i + 1):
        return None  # "the last 12 months": a period
    return int(number)


def _target(t: _Terms, start: int, step: int) -> list[int]:
    """The people/event block from `start` walking by `step`: "people who left" → its indexes."""
    block, i = [], start
    while _people_or_event(t.get(i)) or _joiner(t.get(i)):
        block.append(i)
        i += step
    while block and not _people_or_event(t.get(block[-1])):
        block.pop()  # "people who" alone, "the last one who": no people or event after all
    return block


def read_recency(terms: tuple[Term, ...], used: frozenset[int]) -> Recency | None:
    t = _Terms(terms, used)
    for i, term in enumerate(terms):
        if t.get(i) is None or not term.kinds & {"latest", "earliest"}:
            continue
        if _time_next(t, i):
            continue  # "hires last year", "the first quarter": a period, read as time
        direction = "desc" if term.has("latest") else "asc"
        n_at = i + 1 if _count(t, i + 1) is not None else None
        # "the last 5 hires", "the last 3 Marketing hires", "latest hires"
        after = _target(t, _past_qualifiers(t, (n_at or i) + 1, 1), 1)
        before = _target(t, i - 1, -1)  # "as contratações mais recentes", "people hired last"
        block = after or before
        if not block:
            continue
        if n_at is None and before:
            # "the 3 (active) (Marketing) employees hired longest ago"
            first = _past_qualifiers(t, before[-1] - 1, -1)
            n_at = first if _count(t, first) is not None else None
        if n_at is None and _count(t, i - 1) is not None:
            n_at = i - 1  # "the 5 most recent hires"
        top = _count(t, n_at) if n_at is not None else None
        if top is None:
            top = 1 if not _plural(terms[block[0]]) else DEFAULT_PEOPLE
        events = [terms[k].value("event") for k in block if terms[k].has("event")]
        taken = {i} | ({n_at} if n_at is not None else set())
        return Recency(direction, top, frozenset(taken), events[0] if events else None)
    return None


def _past_qualifiers(t: _Terms, i: int, step: int) -> int:
    """The first index from `i` (walking by `step`) that is not a department or a population
    qualifying the people ranked ("the 3 active Marketing employees"): those stay for the
    frame to read as conditions."""
    while (term := t.get(i)) is not None and term.kinds & QUALIFIERS:  # "current": also time
        i += step
    return i


QUALIFIERS = frozenset({"value", "population"})


def _time_next(t: _Terms, i: int) -> bool:
    following = t.get(i + 1)
    if following is None or _people_or_event(following):
        return False
    times = {str(v) for k, v in following.tags if k == "time"} - TIME_CONNECTORS
    return bool(times or following.kinds & {"time_seq", "grain", "date"})


def _plural(term: Term) -> bool:
    last = term.words.split()[-1]
    return last.endswith("s") or last in ("people", "staff", "pessoal")


def ranked_by_date(
    reading: Reading, recency: Recency, counting: bool, events: tuple[str, ...]
) -> Reading:
    """The reading as a list of its people ranked by the date of its event — the one named
    next to the recency word, else the question's only event ("employees to leave"), else the
    measure's (refused when it measures something else, groups, compares or counts)."""
    named = set(events) & set(DATES.values())
    field = recency.event or (named.pop() if len(named) == 1 else None)
    field = field or DATES.get(reading.measure)
    simple = not (reading.dimensions or reading.change or reading.having or reading.share)
    if field is None or reading.measure not in DATES or not simple or counting:
        raise Stop(refusal(reading.language, "recency_not_people"))
    if len(reading.periods) > 1:
        raise Stop(refusal(reading.language, "list_one_period"))
    population = reading.population
    if reading.measure == "headcount" and field == "termination_date":
        population = "former"  # "the last 5 employees who left"
    return replace(
        reading,
        listing=True,
        sort=field,
        order=recency.direction,  # type: ignore[arg-type]
        top=recency.top,
        show=(field,),
        population=population,
        counting=False,
    )
