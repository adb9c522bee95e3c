"""Patterns read before the rest of a question: tenure bands ("less than one year", "1 to 2
years"), levels ("level 5 and above"), value comparisons ("more than 9000", "between 4000 and
6000 a month") and top-N ("the ten employees", "top 3").

Each reader returns what it found and the terms it used, as new values; nothing is changed in
place. Numbers and units are terms of the vocabulary, so these work in every language.
"""

from dataclasses import dataclass

from apps.erp.planner.lexicon import Term
from apps.erp.planner.reading import LEVELS, Band, Condition
from apps.erp.semantic import semantic_model

UNIT_YEARS = {"unit:year": 1.0, "unit:month": 1 / 12}
OPEN_TOP = 100.0
ENTITY_DIMS = {"department", "level", "employee"}


@dataclass(frozen=True)
class Comparison:
    """A comparison with a number that is not a tenure or a level: attached later to what it
    compares (a salary, a count of people, a measure)."""

    op: str
    values: tuple[float, ...]
    start: int
    end: int
    per_unit: bool  # "a month", "per month" right after the number
    average: str | None = None  # "more than the average (salary)": the average's measure or ""


@dataclass(frozen=True)
class Found:
    bands: tuple[Band, ...] = ()
    level: Condition | None = None
    levels_found: int = 0
    comparisons: tuple[Comparison, ...] = ()
    top: int | None = None
    top_at: int = -10
    used: frozenset[int] = frozenset()


class _Terms:
    def __init__(self, terms: tuple[Term, ...], used: frozenset[int] = frozenset()):
        self.terms, self.used = terms, used

    def get(self, i: int) -> Term | None:
        if 0 <= i < len(self.terms) and i not in self.used:
            return self.terms[i]
        return None

    def kind(self, i: int, kind: str, value=None) -> bool:
        term = self.get(i)
        if term is None:
            return False
        return any(k == kind and (value is None or v == value) for k, v in term.tags)

    def number(self, i: int) -> float | None:
        term = self.get(i)
        if term is None:
            return None
        value = term.value("number")
        return value if value is not None else term.value("number_word")

    def unit_years(self, i: int) -> float | None:
        term = self.get(i)
        if term is None:
            return None
        for kind, value in term.tags:
            if kind == "time" and value in UNIT_YEARS:
                return UNIT_YEARS[str(value)]
        if term.value("time_seq"):
            return None
        return None

    def op(self, i: int, kind: str = "cmp") -> str | None:
        term = self.get(i)
        return None if term is None else term.value(kind)

    def is_level(self, i: int) -> bool:
        return self.kind(i, "dim", "level") or self.kind(i, "fact", "level")


def _band_at(t: _Terms, i: int) -> tuple[Band, int] | None:
    op = t.op(i)
    if op in ("lt", "lte", "gt", "gte"):
        count, unit = t.number(i + 1), t.unit_years(i + 2)
        if count is not None and unit is not None and not t.kind(i + 3, "time", "ago"):
            if op in ("lt", "lte") and count > 0:
                return Band(0, count * unit), i + 3
            if op in ("gt", "gte"):
                return Band(count * unit, OPEN_TOP), i + 3
    if t.kind(i, "between"):
        low, high = t.number(i + 1), t.number(i + 3)
        unit = t.unit_years(i + 4)
        if (
            low is not None
            and high is not None
            and unit is not None
            and t.kind(i + 2, "range_and")
            and low < high
        ):
            return Band(low * unit, high * unit), i + 5
    low = t.number(i)
    if low is None:
        return None
    j = i + 1
    first_unit = t.unit_years(j)
    if first_unit is not None:
        j += 1
    if t.kind(j, "range_and") or t.kind(j, "time", "to"):
        high, unit = t.number(j + 1), t.unit_years(j + 2)
        if high is not None and unit is not None and low < high:
            return Band(low * unit, high * unit), j + 3
    if t.op(i + 1, "cmp_after") == "gte" and t.unit_years(i + 2) is not None:
        return Band(low * (t.unit_years(i + 2) or 1), OPEN_TOP), i + 3
    if first_unit is not None and t.op(i + 2, "cmp_after") == "gte":
        return Band(low * first_unit, OPEN_TOP), i + 3
    return None


def read_bands(terms: tuple[Term, ...], used: frozenset[int]) -> tuple[tuple[Band, ...], set[int]]:
    t = _Terms(terms, used)
    bands, taken = [], set()
    i = 0
    while i < len(terms):
        found = _band_at(t, i)
        if found is None:
            i += 1
            continue
        band, end = found
        bands.append(band)
        taken.update(range(i, end))
        i = end
    return tuple(bands), taken


def _level_at(t: _Terms, i: int) -> tuple[tuple[int, int], int, int] | None:
    """A level range whose level word is at i: ((low, high), first term, end)."""
    if not t.is_level(i):
        return None
    if t.kind(i - 1, "between") and t.kind(i + 1, "between"):
        return None
    if _opens_range(t, i + 1):
        found = _range_at(t, i + 2, opener=i + 1)  # "a level between 3 and 5"
        if found is not None:
            return found[0], i, found[1]
    opened = _opens_range(t, i - 1)
    found = _range_at(t, i + 1, opener=i - 1)  # "between level 3 and level 5", "levels 3 to 5"
    if found is not None:
        return found[0], i - 1 if opened else i, found[1]
    low_at = i + 1
    op_before = t.op(i - 1)
    if t.number(low_at) is None and t.op(low_at) in ("gt", "gte", "lt", "lte"):
        op_before, low_at = t.op(low_at), low_at + 1  # "level above 4"
    low = _whole(t, low_at)
    if low is None:
        return None
    if t.kind(i - 1, "group") and low_at == i + 1 and YEARS[0] <= low <= YEARS[1]:
        return None  # "avg salary by level 2025": grouped by level, in 2025 (never level 2025)
    bottom, top = LEVELS
    start = i - 1 if t.op(i - 1) else i
    after = low_at + 1
    tail = t.op(after, "cmp_after")
    if tail == "gte":
        return (low, top), i, after + 1
    if tail == "lte":
        return (bottom, low), i, after + 1
    if op_before == "gt":
        return (low + 1, top), start, after
    if op_before == "gte":
        return (low, top), start, after
    if op_before == "lt":
        return (bottom, low - 1), start, after
    if op_before == "lte":
        return (bottom, low), start, after
    return (low, low), i, after


YEARS = (1900, 2100)  # a number a grouping's level word is followed by that is a year


def _whole(t: _Terms, i: int) -> int | None:
    number = t.number(i)
    return int(number) if number is not None and number == int(number) else None


def _range_at(t: _Terms, low_at: int, opener: int) -> tuple[tuple[int, int], int] | None:
    """Two bounds from low_at: "3 to 5", "3 and level 5" → ((3, 5), end), inclusive; "between
    5 and 3" is the same range."""
    low = _whole(t, low_at)
    if low is None or not _joins_range(t, low_at + 1, opener):
        return None
    high_at = low_at + 3 if t.is_level(low_at + 2) else low_at + 2  # "level 3 and level 5"
    high = _whole(t, high_at)
    if high is None:
        return None
    return (min(low, high), max(low, high)), high_at + 1


def _opens_range(t: _Terms, i: int) -> bool:
    """ "between", "from", "entre", "do": a word that opens a range of levels."""
    return t.kind(i, "between") or t.kind(i, "time", "from")


def _joins_range(t: _Terms, i: int, opener: int) -> bool:
    """ "to", "through", "até" join two bounds; "and" only after "between"/"entre": "levels 3
    and 5", "de nível 3 e 5" may be those two levels, not the range."""
    if t.kind(i, "time", "to"):
        return True
    between = t.kind(opener, "between") and not t.kind(opener, "time", "from")
    return t.kind(i, "range_and") and (between or not t.kind(i, "time", "and"))


def read_levels(terms: tuple[Term, ...], used: frozenset[int]):
    """Level ranges: [(low, high)] and the terms they used."""
    t = _Terms(terms, used)
    ranges, taken = [], set()
    for i in range(len(terms)):
        if i in taken:
            continue
        found = _level_at(t, i)
        if found is None:
            continue
        level, start, end = found
        ranges.append(level)
        taken.update(range(start, end))
        if level[0] == level[1]:
            for other, at in _listed_levels(t, end):  # "levels 3 and 5", "level 3 vs 5"
                ranges.append((other, other))
                taken.update(range(end, at))
                end = at
    return ranges, taken


def _listed_levels(t: _Terms, i: int) -> list[tuple[int, int]]:
    """Levels listed after a single level: "and 5", "or 7", "vs 4" → [(level, end)]; the same
    level word again is read by _level_at itself."""
    found = []
    while _is_list_and(t, i) and not t.is_level(i + 1):
        level = _whole(t, i + 1)
        if level is None or not 0 < level <= 20 or _is_time(t, i + 2):
            break
        found.append((level, i + 2))
        i += 2
    return found


def _is_list_and(t: _Terms, i: int) -> bool:
    return t.kind(i, "range_and") or t.kind(i, "time", "and")


def level_condition(low: int, high: int) -> Condition:
    if low == high:
        return Condition("level", "eq", (low,))
    if high >= LEVELS[1]:
        return Condition("level", "gte", (low,))
    if low <= LEVELS[0]:
        return Condition("level", "lte", (high,))
    return Condition("level", "between", (low, high))


def read_comparisons(terms: tuple[Term, ...], used: frozenset[int]):
    """Comparisons with amounts or counts: more than 9000, between 4000 and 6000, 50 or more."""
    t = _Terms(terms, used)
    found, taken = [], set()
    for i in range(len(terms)):
        if i in taken or t.get(i) is None:
            continue
        op = t.op(i)
        if _year_after_time_word(t, i):
            continue  # "from 2024 to 2025", "up to 2023": years, read as time
        against = _average_after(t, i + 1) if op is not None else None
        if against is not None:
            found.append(Comparison(op, (), i, i + 2, False, against))  # type: ignore[arg-type]
            taken.update(range(i, i + 2))
            continue
        if op is not None and t.number(i + 1) is not None and not _is_time(t, i + 2):
            end = i + 2
            per = t.kind(end, "per_unit")
            found.append(Comparison(op, (t.number(i + 1) or 0,), i, end, per))
            taken.update(range(i, end + (1 if per else 0)))
            continue
        if t.kind(i, "between") and t.number(i + 1) is not None and t.kind(i + 2, "range_and"):
            high = t.number(i + 3)
            if high is not None and not _is_time(t, i + 4):
                per = t.kind(i + 4, "per_unit")
                values = (t.number(i + 1) or 0, high)
                found.append(Comparison("between", values, i, i + 4, per))
                taken.update(range(i, i + 4 + (1 if per else 0)))
                continue
        tail = t.op(i + 1, "cmp_after")
        if t.number(i) is not None and tail in ("gte", "lte") and not _is_time(t, i + 2):
            per = t.kind(i + 2, "per_unit")
            found.append(Comparison(tail, (t.number(i) or 0,), i, i + 2, per))
            taken.update(range(i, i + 2 + (1 if per else 0)))
    return tuple(found), taken


def _average_after(t: _Terms, i: int) -> str | None:
    """ "(more than) the average", "the average salary", "the company average": the measure of
    an average named right after a comparison ("" when only "average" is said)."""
    term = t.get(i)
    if term is None:
        return None
    if term.value("agg") == "avg" and not term.kinds & {"measure", "fact"}:
        return ""
    measure = term.value("measure")
    if measure is not None and semantic_model().measure(measure).aggregation == "avg":
        return measure
    return None


def _year_after_time_word(t: _Terms, i: int) -> bool:
    term, number = t.get(i), t.number(i + 1)
    if term is None or number is None or not term.has("time"):
        return False
    return number == int(number) and 1900 <= number <= 2100


def _is_time(t: _Terms, i: int) -> bool:
    term = t.get(i)
    return term is not None and any(
        k == "time" and (str(v).startswith("unit:") or v == "ago") for k, v in term.tags
    )


def _ranks(term: Term | None) -> bool:
    """ "highest", "smallest"; "most recent", "latest" (a follow-up of a list ranked by a date)."""
    return term is not None and bool(term.kinds & {"super", "latest", "earliest"})


def _extreme(term: Term) -> bool:
    """ "longest-serving", "highest-paid": a measure that is itself a superlative of a fact."""
    name = term.value("measure")
    return name is not None and semantic_model().measure(name).aggregation in ("min", "max")


def people_superlative(term: Term) -> bool:
    """ "highest paid", "mais bem pagos": a superlative of a fact that names people by itself."""
    return term.kinds >= {"super", "fact"} and not term.kinds & {"measure", "dim", "subject"}


def ranked_people(first: Term | None, second: Term | None, third: Term | None) -> bool:
    """Terms after a count that name people by a superlative of a fact, with no noun of what
    is ranked after them: "the 10 highest paid", "os 5 maiores salários" (but not "the 3
    highest paid departments")."""

    def names_ranked(term: Term | None) -> bool:
        return term is not None and (term.has("subject") or term.value("dim") in ENTITY_DIMS)

    if first is None:
        return False
    if people_superlative(first):
        return not names_ranked(second)
    split = (
        first.has("super")
        and not first.kinds & {"fact", "measure", "dim", "subject"}
        and second is not None
        and second.has("fact")
        and not second.kinds & {"measure", "dim", "subject"}
    )
    return split and not names_ranked(third)


def _ranked_clause(joiner: Term | None, after: list[Term | None]) -> bool:
    """ "who earn the most", "que mais ganham": a clause on people that ranks them by a fact."""
    if joiner is None or not joiner.kinds & {"who", "which_start"}:
        return False
    found = [term for term in after if term is not None]
    return any(term.has("super") for term in found) and any(term.has("fact") for term in found)


def read_top(terms: tuple[Term, ...], used: frozenset[int]) -> tuple[int | None, int, set[int]]:
    """(N, where, terms used) for "top 5", "the 10 employees", "the 3 highest paid"."""
    t = _Terms(terms, used)
    for i in range(len(terms)):
        number = t.number(i)
        term = t.get(i)
        if number is None or term is None or number != int(number) or not 1 <= number <= 1000:
            continue
        if term.value("number_word") == 1:
            continue  # "um", "one": an article as often as a count
        if t.unit_years(i + 1) is not None or _is_time(t, i + 1):
            continue  # "the last 12 months": a period, not a ranking
        ranked = ("top", "bottom")
        if any(
            t.kind(i - 1, "followup", word) or t.kind(i + 1, "followup", word) for word in ranked
        ):
            return int(number), i, {i}
        for k in range(1, 4):
            nxt = t.get(i + k)
            if nxt is None:
                if k > 1 and i + k >= len(terms) and any(_ranks(t.get(i + j)) for j in range(1, k)):
                    return int(number), i, {i}  # "only the two smallest": ends the question
                break
            if nxt.has("subject") or any(nxt.value("dim") == d for d in ENTITY_DIMS):
                return int(number), i, {i}
            if k == 1 and ranked_people(nxt, t.get(i + 2), t.get(i + 3)):
                return int(number), i, {i}  # "the 10 highest paid", "os 5 maiores salários"
            if k == 1 and _ranked_clause(nxt, [t.get(i + j) for j in (2, 3)]):
                return int(number), i, {i}  # "the 5 who earn the most", "os 5 que mais ganham"
            # "the 5 longest-serving current employees": a population before the people
            population = nxt.has("population") and not nxt.kinds & {"measure", "value"}
            if not (
                _ranks(nxt) or nxt.has("fact") or nxt.has("change") or _extreme(nxt) or population
            ):
                break
    return None, -10, set()
