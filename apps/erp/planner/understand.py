"""Question → StructuredQuery, or a Clarification, or a Refusal.

The reading is strict on purpose: every word of the question must be understood (or be a
filler word such as "the", "company"); one unknown word and the planner refuses, naming it.
A question that is understood but leaves out something the answer depends on (the period of a
salary average, which department) gets a clarification instead of a default.
"""

from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from apps.erp.planner import messages
from apps.erp.planner.dates import (
    Period,
    TimeError,
    TimeExpression,
    find_time_expressions,
    latest_complete_month,
    range_period,
    year_period,
)
from apps.erp.planner.lexicon import (
    CREATE_VERBS,
    DATA_WRITE_VERBS,
    FILLER,
    POLITE_OPENERS,
    Lexicon,
    Tag,
    lexicon,
)
from apps.erp.planner.query import (
    Band,
    Choice,
    Clarification,
    LevelFilter,
    MissingParameter,
    Refusal,
    StructuredQuery,
)
from apps.erp.planner.text import is_number, tokenize
from apps.erp.semantic import Measure, semantic_model

ERP_KINDS = {"measure", "fact", "dim", "value", "subject", "unsupported"}
AGG_WORDS = {"avg": "average", "sum": "total", "min": "minimum", "max": "maximum"}
AGG_WORDS |= {"median": "median", "count": "count"}
MAX_PERIODS = 8
DEFAULT_TOP_EMPLOYEES = 10
LEVELS = (1, 10)
YEAR_WORDS = ("year", "years")
MONTH_WORDS = ("month", "months")
ENTITY_NOUNS = {
    "employee": "employee",
    "employees": "employee",
    "people": "employee",
    "person": "employee",
    "staff": "employee",
    "workers": "employee",
    "worker": "employee",
    "earners": "employee",
    "earner": "employee",
    "departments": "department",
    "department": "department",
    "teams": "department",
    "levels": "level",
}
PLURAL_NOUNS = {"employees", "people", "staff", "workers", "departments", "teams", "levels"}
PLURAL_NOUNS |= {"earners"}
SUBJECT_NOUNS = {"employees", "employee", "people", "person", "staff", "workers", "earners"}
DEPARTMENT_NOUNS = {"department", "departments", "dept", "team", "teams", "division", "unit"}
ERP_OBJECTS = {"employee", "employees", "department", "salary", "salaries", "record", "row"}
ERP_OBJECTS |= {"payment", "person", "staff", "level"}


@dataclass
class Reading:
    """Everything found in a question, before deciding what it asks."""

    tokens: list[str]
    used: set[int] = field(default_factory=set)
    tags: list[tuple[int, int, tuple[Tag, ...]]] = field(default_factory=list)
    bands: list[Band] = field(default_factory=list)
    levels: LevelFilter | None = None
    top: int | None = None
    top_at: int = -10
    times: list[TimeExpression] = field(default_factory=list)
    unknown: list[int] = field(default_factory=list)

    def take(self, start: int, end: int) -> None:
        self.used.update(range(start, end))

    def at(self, i: int) -> str:
        return self.tokens[i] if 0 <= i < len(self.tokens) and i not in self.used else ""

    def kinds(self, kind: str) -> list[tuple[int, str]]:
        return [(start, v) for start, _, tags in self.tags for k, v in tags if k == kind]


class _NotUnderstood(Exception):
    def __init__(self, refusal: Refusal | Clarification):
        self.outcome = refusal


# ---------------------------------------------------------------------------------------------
# Patterns read before the vocabulary: tenure bands, levels, top-N, time.
# ---------------------------------------------------------------------------------------------


def _number(reading: Reading, i: int) -> int | None:
    token = reading.at(i)
    return int(token) if is_number(token) else None


def _unit(reading: Reading, i: int) -> float | None:
    """Years per unit word at i: year(s) → 1, month(s) → 1/12."""
    token = reading.at(i)
    if token in YEAR_WORDS:
        return 1.0
    if token in MONTH_WORDS:
        return 1 / 12
    return None


def _read_bands(reading: Reading) -> None:
    i = 0
    while i < len(reading.tokens):
        found = _band_at(reading, i)
        if found is None:
            i += 1
            continue
        band, end = found
        reading.bands.append(band)
        reading.take(i, end)
        i = end


def _band_at(reading: Reading, i: int) -> tuple[Band, int] | None:
    at = reading.at
    upper_words = {("less", "than"), ("fewer", "than"), ("under",), ("below",), ("up", "to")}
    for words in upper_words:
        if tuple(at(i + k) for k in range(len(words))) == words:
            j = i + len(words)
            count, unit = _number(reading, j), _unit(reading, j + 1)
            if count is not None and unit is not None and count > 0:
                return Band(0, count * unit), j + 2
    lower_words = {
        ("more", "than"),
        ("over",),
        ("above",),
        ("greater", "than"),
        ("at", "least"),
        ("longer", "than"),
    }
    for words in lower_words:
        if tuple(at(i + k) for k in range(len(words))) == words:
            j = i + len(words)
            count, unit = _number(reading, j), _unit(reading, j + 1)
            if count is not None and unit is not None:
                return Band(count * unit, 100), j + 2
    if at(i) == "between":
        low, high = _number(reading, i + 1), _number(reading, i + 3)
        unit = _unit(reading, i + 4)
        complete = low is not None and high is not None and unit is not None
        if complete and at(i + 2) == "and" and low < high:
            return Band(low * unit, high * unit), i + 5
    low = _number(reading, i)
    if low is None:
        return None
    # "1 to 2 years", "1 year to 2 years"
    j = i + 1
    first_unit = _unit(reading, j)
    if first_unit is not None:
        j += 1
    if at(j) == "to":
        high = _number(reading, j + 1)
        unit = _unit(reading, j + 2)
        if high is not None and unit is not None and low < high:
            return Band(low * unit, high * unit), j + 3
    # "5 plus years", "5 years or more", "5 or more years"
    if at(i + 1) == "plus" and _unit(reading, i + 2) is not None:
        return Band(low * (_unit(reading, i + 2) or 1), 100), i + 3
    if at(i + 1) == "or" and at(i + 2) == "more" and _unit(reading, i + 3) is not None:
        return Band(low * (_unit(reading, i + 3) or 1), 100), i + 4
    if first_unit is not None and (at(i + 2), at(i + 3)) in {
        ("or", "more"),
        ("and", "more"),
        ("or", "longer"),
        ("and", "above"),
        ("or", "above"),
    }:
        return Band(low * first_unit, 100), i + 4
    if first_unit is not None and at(i + 2) == "plus":
        return Band(low * first_unit, 100), i + 3
    return None


LEVEL_TAILS_UP = {("or", "above"), ("and", "above"), ("or", "higher"), ("and", "higher")}
LEVEL_TAILS_UP |= {("and", "up"), ("or", "more")}
LEVEL_TAILS_DOWN = {("or", "below"), ("and", "below"), ("or", "lower"), ("or", "less")}


def _level_at(reading: Reading, i: int) -> tuple[LevelFilter, int, int] | None:
    """A level filter whose "level N" starts at i: (filter, first token, end)."""
    at = reading.at
    low = _number(reading, i + 1)
    if at(i) not in ("level", "levels") or low is None:
        return None
    top, bottom = LEVELS[1], LEVELS[0]
    high = _number(reading, i + 3) if at(i + 2) in ("to", "through") else None
    tail = (at(i + 2), at(i + 3))
    if at(i - 1) == "between" and at(i + 2) == "and" and _number(reading, i + 3) is not None:
        return LevelFilter(low, _number(reading, i + 3) or low), i - 1, i + 4
    if high is not None:
        return LevelFilter(low, high), i, i + 4
    if tail in LEVEL_TAILS_UP:
        return LevelFilter(low, top), i, i + 4
    if tail in LEVEL_TAILS_DOWN:
        return LevelFilter(bottom, low), i, i + 4
    if at(i + 2) == "plus":
        return LevelFilter(low, top), i, i + 3
    before = (at(i - 2), at(i - 1))
    if at(i - 1) in ("above", "over"):
        return LevelFilter(low + 1, top), i - 1, i + 2
    if before == ("higher", "than"):
        return LevelFilter(low + 1, top), i - 2, i + 2
    if at(i - 1) in ("below", "under"):
        return LevelFilter(bottom, low - 1), i - 1, i + 2
    if before == ("lower", "than"):
        return LevelFilter(bottom, low - 1), i - 2, i + 2
    if before == ("at", "least"):
        return LevelFilter(low, top), i - 2, i + 2
    if before == ("at", "most"):
        return LevelFilter(bottom, low), i - 2, i + 2
    return LevelFilter(low, low), i, i + 2


def _read_levels(reading: Reading) -> None:
    for i in range(len(reading.tokens)):
        found = _level_at(reading, i)
        if found is None:
            continue
        level, start, end = found
        if not LEVELS[0] <= level.low <= level.high <= LEVELS[1]:
            raise _NotUnderstood(Refusal("no_data", messages.LEVEL_RANGE))
        if reading.levels is not None:
            raise _NotUnderstood(_refuse(messages.TWO_LEVEL_FILTERS))
        reading.levels = level
        reading.take(start, end)


def _read_top(reading: Reading) -> None:
    at = reading.at
    for i in range(len(reading.tokens)):
        count = _number(reading, i)
        if count is None:
            continue
        if at(i - 1) in ("top", "bottom", "first"):
            reading.top, reading.top_at = count, i
            reading.take(i, i + 1)
            continue
        for k in range(1, 4):
            noun = at(i + k)
            if noun in ENTITY_NOUNS:
                if noun not in PLURAL_NOUNS and count != 1:
                    break
                reading.top, reading.top_at = count, i
                reading.take(i, i + 1)
                break
            if noun not in {"highest", "lowest", "best", "worst", "most", "least", "paid"}:
                break


def _read_times(reading: Reading, as_of: date) -> None:
    free = [t if i not in reading.used else "\x00" for i, t in enumerate(reading.tokens)]
    for expression in find_time_expressions(free, as_of):
        reading.times.append(expression)
        reading.used.update(expression.tokens)


def _read_words(reading: Reading, words: Lexicon) -> None:
    i = 0
    tokens = reading.tokens
    while i < len(tokens):
        if i in reading.used:
            i += 1
            continue
        length, tags = words.match(tokens, i, reading.used)
        if length:
            reading.tags.append((i, i + length, tags))
            reading.take(i, i + length)
            i += length
            continue
        if tokens[i] not in FILLER:
            reading.unknown.append(i)
        i += 1


def read(question: str, as_of: date) -> Reading:
    reading = Reading(tokenize(question))
    _read_bands(reading)
    _read_levels(reading)
    _read_top(reading)
    _read_times(reading, as_of)
    _read_words(reading, lexicon())
    return reading


# ---------------------------------------------------------------------------------------------
# Deciding what the question asks.
# ---------------------------------------------------------------------------------------------


@dataclass
class Frame:
    measures: list[str] = field(default_factory=list)
    facts: list[str] = field(default_factory=list)
    aggs: list[str] = field(default_factory=list)
    supers: list[str] = field(default_factory=list)
    super_first: bool = False  # "highest first": an ordering, not a top-N
    compars: list[str] = field(default_factory=list)
    count: bool = False
    group_dims: list[str] = field(default_factory=list)
    entity: str | None = None
    entity_plural: bool = False
    bare_department: bool = False
    values: list[str] = field(default_factory=list)
    populations: list[str] = field(default_factory=list)
    change: str | None = None
    pct: bool = False
    listing: bool = False
    subject: bool = False
    how_much: bool = False


def _frame(reading: Reading) -> Frame:
    frame = Frame()
    pending_group = pending_which = False
    last_group_end = -10
    tokens = reading.tokens
    pending_all = False
    for start, end, tags in reading.tags:
        kinds = {k: v for k, v in tags}
        follows_group = pending_group or (
            start - last_group_end == 1 and tokens[start - 1] == "and"
        )
        # "all departments" lists each department; "all employees" is just everyone
        follows_group = follows_group or (
            pending_all and kinds.get("dim") in ("department", "level")
        )
        pending_all = "all" in kinds
        if "group" in kinds:
            pending_group = True
            continue
        if pending_all:
            continue
        if "which" in kinds:
            pending_which = True
            continue
        dim = kinds.get("dim")
        after_top = 0 < start - reading.top_at <= 3
        if after_top and (dim is not None or "subject" in kinds):
            pending_which = True  # "the 5 employees", "top 3 departments": what is ranked
        if "subject" in kinds:
            frame.subject = True
            if follows_group or pending_which or "who" in kinds:
                dim = "employee"
        if dim is not None and (follows_group or pending_which):
            if follows_group and (dim != "tenure_band" or not reading.bands):
                if dim not in frame.group_dims:
                    frame.group_dims.append(dim)
                last_group_end = end
            elif pending_which:
                frame.entity = dim
                frame.entity_plural = tokens[end - 1] in PLURAL_NOUNS
            if "fact" in kinds and dim == "employee":
                frame.facts.append(kinds["fact"])  # "earners": people, by their pay
            pending_group = pending_which = False
            continue
        pending_group = pending_which = False
        if "grain" in kinds and follows_group:
            frame.group_dims.append(kinds["grain"])
            last_group_end = end
            continue
        if "adverb_grain" in kinds:
            frame.group_dims.append(kinds["adverb_grain"])
            continue
        if "measure" in kinds:
            frame.measures.append(kinds["measure"])
        elif kinds.get("dim") == "tenure_band" and reading.bands:
            pass  # "with less than 1 year of tenure": the bands are the grouping
        elif "fact" in kinds:
            frame.facts.append(kinds["fact"])
        elif "value" in kinds:
            if kinds["value"] not in frame.values:
                frame.values.append(kinds["value"])
        elif dim == "department":
            frame.bare_department = True
        if "agg" in kinds:
            frame.aggs.append(kinds["agg"])
        if "super" in kinds:
            frame.supers.append(kinds["super"])
            frame.super_first = tokens[end : end + 1] == ["first"]
        if "compar" in kinds:
            frame.compars.append(kinds["compar"])
        if "count" in kinds:
            frame.count = True
        if "population" in kinds:
            frame.populations.append(kinds["population"])
        if "change" in kinds:
            frame.change = kinds["change"]
        if "pct" in kinds:
            frame.pct = True
        if "list" in kinds:
            frame.listing = True
        if "how_much" in kinds:
            frame.how_much = True
        if "subject" in kinds:
            frame.subject = True
        relative = start > 0 and tokens[start - 1] in SUBJECT_NOUNS  # "employees who …"
        if "who" in kinds and not relative:
            frame.entity = "employee"
            frame.entity_plural = tokens[end : end + 1] == ["are"]
        if "count" in kinds and frame.entity == "employee":
            frame.entity = None  # "how many … who …": counted, not listed
    if frame.count and frame.entity == "employee" and not frame.supers:
        frame.entity = None
    return frame


def _refuse(reason: str) -> Refusal:
    return Refusal("needs_model", messages.NEEDS_MODEL.format(reason=reason))


def _is_count(measure: Measure) -> bool:
    return measure.aggregation in ("count", "count_distinct")


def _choose_measure(frame: Frame, answers: dict[str, Any]) -> str:
    model = semantic_model()
    measures = list(dict.fromkeys(frame.measures))
    if answers.get("measure"):
        measures = [answers["measure"]]
    if "unpaid_months" in measures:
        if frame.aggs:
            raise _NotUnderstood(_refuse(messages.UNPAID_AGGREGATE))
        return "unpaid_months"
    others = [model.measure(m) for m in measures if m != "headcount"]
    if others and "headcount" in measures and all(_is_count(m) for m in others):
        measures.remove("headcount")  # "how many employees were hired": the hires
    facts = list(dict.fromkeys(frame.facts))
    # "highest salary", "lowest level" name a min/max measure; asked of a ranking ("which
    # department has the highest salary") they are the ranking word on the average.
    ranking = frame.entity is not None
    for name in list(measures):
        measure = model.measure(name)
        if measure.aggregation in ("min", "max") and ranking and measure.fact is not None:
            measures.remove(name)
            facts.append(measure.fact)
            frame.supers.append("desc" if measure.aggregation == "max" else "asc")
    if len(measures) > 1:
        raise _NotUnderstood(_refuse(messages.SEVERAL_MEASURES))
    if measures:
        measure = model.measure(measures[0])
        if frame.count and not _is_count(measure):
            raise _NotUnderstood(_refuse(messages.COUNT_OF_FACT))
        for agg in frame.aggs:
            if agg != measure.aggregation and not (agg == "sum" and _is_count(measure)):
                reason = messages.NO_SUCH_MEASURE.format(
                    agg=AGG_WORDS[agg], fact=measure.label.lower()
                )
                raise _NotUnderstood(_refuse(reason))
        other = [f for f in facts if f != measure.fact]
        if other and not (_is_count(measure) and measure.table == "employee"):
            raise _NotUnderstood(_refuse(messages.SEVERAL_MEASURES))
        if _is_count(measure) and other:
            raise _NotUnderstood(_refuse(messages.SEVERAL_MEASURES))
        return measure.name
    facts = list(dict.fromkeys(facts))
    if len(facts) > 1:
        raise _NotUnderstood(_refuse(messages.SEVERAL_MEASURES))
    if facts:
        if frame.count:
            raise _NotUnderstood(_refuse(messages.COUNT_OF_FACT))
        aggs = list(dict.fromkeys(frame.aggs))
        if len(aggs) > 1:
            raise _NotUnderstood(_refuse(messages.SEVERAL_MEASURES))
        if not aggs and frame.supers and not ranking and not frame.change:
            aggs = ["max" if frame.supers[0] == "desc" else "min"]
            frame.supers.clear()
        if not aggs and frame.how_much:
            raise _NotUnderstood(_clarify_measure(frame, facts[0]))
        agg = aggs[0] if aggs else "avg"
        for measure in model.measures:
            if measure.fact == facts[0] and measure.aggregation == agg:
                return measure.name
        fact = model.fact(facts[0])
        reason = messages.NO_SUCH_MEASURE.format(agg=AGG_WORDS[agg], fact=fact.label)
        raise _NotUnderstood(_refuse(reason))
    if frame.count or frame.subject or frame.entity == "employee":
        return "headcount"
    if frame.entity == "department" and frame.supers:
        return "headcount"
    raise _NotUnderstood(_clarify_measure(frame))


def _clarify_measure(frame: Frame, fact: str | None = None) -> Clarification:
    """Ask what to compute: the fact's average or total ("how much…"), or any main measure."""
    model = semantic_model()
    if fact is not None:
        names = [
            m.name for m in model.measures if m.fact == fact and m.aggregation in ("avg", "sum")
        ]
    else:
        names = ["headcount", "average_salary", "total_salary", "hires", "average_tenure"]
    choices = tuple(Choice(name, model.measure(name).label) for name in names)
    return Clarification(
        question="",
        message=messages.CLARIFY_MEASURE,
        missing=(MissingParameter("measure", messages.PROMPT_MEASURE, "choice", choices),),
        known=_known(frame),
    )


PERIOD_CHOICES = {
    "this_year": "This year",
    "last_year": "Last year",
    "latest_month": "The most recent month",
    "last_12_months": "The last 12 months",
}
PERIOD_PAIRS = {
    "last_year_to_this_year": "From last year to this year",
    "two_years_ago_to_last_year": "From two years ago to last year",
}


def _period_choice(value: str, as_of: date) -> Period:
    if value == "this_year":
        return year_period(as_of.year).clip(as_of)
    if value == "last_year":
        return year_period(as_of.year - 1)
    if value == "latest_month":
        return latest_complete_month(as_of)
    if value == "last_12_months":
        expressions = find_time_expressions(tokenize("the last 12 months"), as_of)
        return expressions[0].periods[0]
    raise _NotUnderstood(Refusal("needs_model", messages.BAD_ANSWER.format(name="period")))


def _answered_periods(answers: dict[str, Any], as_of: date) -> list[Period] | None:
    value = answers.get("period")
    if value == "custom" or ("start" in answers and "end" in answers and not value):
        try:
            first = date.fromisoformat(str(answers["start"]))
            last = date.fromisoformat(str(answers["end"]))
            start = Period(first, first, "")
            end = Period(last, last, "")
            return [range_period(start, end, as_of).clip(as_of)]
        except (KeyError, ValueError, TimeError) as error:
            raise _NotUnderstood(
                Refusal("needs_model", messages.BAD_ANSWER.format(name="period"))
            ) from error
    if value:
        return [_period_choice(str(value), as_of)]
    pair = answers.get("periods")
    if pair == "last_year_to_this_year":
        return [year_period(as_of.year - 1), year_period(as_of.year).clip(as_of)]
    if pair == "two_years_ago_to_last_year":
        return [year_period(as_of.year - 2), year_period(as_of.year - 1)]
    if pair:
        raise _NotUnderstood(Refusal("needs_model", messages.BAD_ANSWER.format(name="periods")))
    return None


def _clarify_period(known: dict[str, Any], pair: bool = False) -> Clarification:
    if pair:
        missing = MissingParameter(
            "periods",
            messages.PROMPT_PERIODS,
            "choice",
            tuple(Choice(v, label) for v, label in PERIOD_PAIRS.items()),
        )
        return Clarification("", messages.CLARIFY_PERIODS, (missing,), known)
    missing = MissingParameter(
        "period",
        messages.PROMPT_PERIOD,
        "choice",
        tuple(Choice(v, label) for v, label in PERIOD_CHOICES.items()),
        allow_custom_range=True,
    )
    return Clarification("", messages.CLARIFY_PERIOD, (missing,), known)


def _department_missing(known: dict[str, Any]) -> Clarification:
    choices = [Choice(name, name) for name in lexicon().departments]
    choices.append(Choice("each", "Each department"))
    missing = MissingParameter("department", messages.PROMPT_DEPARTMENT, "choice", tuple(choices))
    return Clarification("", messages.CLARIFY_DEPARTMENT, (missing,), known)


def _unknown_department(reading: Reading) -> bool:
    """The unknown words name a department we do not know: "the Legal department", "the
    department of Legal Affairs" — each run of unknown words touches a department noun."""
    tokens, unknown = reading.tokens, sorted(reading.unknown)
    if not unknown:
        return False
    runs: list[list[int]] = [[unknown[0]]]
    for i in unknown[1:]:
        gap = tokens[runs[-1][-1] + 1 : i]
        if all(t in ("and", "&") for t in gap):
            runs[-1].append(i)
        else:
            runs.append([i])
    for run in runs:
        after = tokens[run[-1] + 1] if run[-1] + 1 < len(tokens) else ""
        before = tokens[max(0, run[0] - 2) : run[0]]
        if after not in DEPARTMENT_NOUNS and not (
            len(before) == 2 and before[0] in DEPARTMENT_NOUNS and before[1] == "of"
        ):
            return False
    return True


SQL_WRITES = {
    ("drop", "table"),
    ("delete", "from"),
    ("insert", "into"),
    ("alter", "table"),
    ("truncate", "table"),
    ("update", "erp"),
    ("grant", "all"),
}


def _write_request(tokens: list[str]) -> str | None:
    """'read_only' for a request to change ERP data, 'other' for another kind of command."""
    if any(pair in SQL_WRITES for pair in zip(tokens, tokens[1:], strict=False)):
        return "read_only"
    i = 0
    while i < len(tokens) and tokens[i] in POLITE_OPENERS:
        i += 1
    if i >= len(tokens):
        return None
    verb = tokens[i]
    if verb == "give":
        # "give me the headcount" asks; "give everyone a raise" writes
        return None if tokens[i + 1 : i + 2] in (["me"], ["us"]) else "read_only"
    if verb in DATA_WRITE_VERBS:
        return "read_only"
    if verb in CREATE_VERBS:
        rest = [t for t in tokens[i + 1 : i + 4] if t not in ("a", "an", "the", "new", "some")]
        return "read_only" if rest and rest[0] in ERP_OBJECTS else "other"
    return None


def _known(frame: Frame, measure: str | None = None) -> dict[str, Any]:
    known: dict[str, Any] = {}
    if measure:
        known["measure"] = measure
    if frame.values:
        known["departments"] = list(frame.values)
    if frame.group_dims:
        known["group_by"] = list(frame.group_dims)
    return known


def understand(
    question: str, *, as_of: date, answers: dict[str, Any] | None = None
) -> StructuredQuery | Clarification | Refusal:
    """Read a question. Never raises for user input: every failure is a Refusal."""
    answers = dict(answers or {})
    try:
        outcome = _understand(question, as_of, answers)
    except _NotUnderstood as stop:
        outcome = stop.outcome
    if isinstance(outcome, Clarification):
        outcome = replace(outcome, question=question)
    return outcome


def _understand(
    question: str, as_of: date, answers: dict[str, Any]
) -> StructuredQuery | Clarification | Refusal:
    tokens = tokenize(question)
    try:
        reading: Reading | None = read(question, as_of)
        time_error = None
    except TimeError as error:
        reading, time_error = None, error
    if reading is not None:
        erp = any(kind in ERP_KINDS for _, _, tags in reading.tags for kind, _ in tags)
    else:
        erp = any(t in lexicon().erp_words for t in tokens)
    if not erp:
        return Refusal("not_erp", messages.NOT_ERP)
    write = _write_request(tokens)
    if write == "read_only":
        return Refusal("read_only", messages.READ_ONLY)
    if write == "other":
        return Refusal("not_erp", messages.NOT_ERP)
    if reading is None:
        return Refusal("no_data", str(time_error))
    unsupported = [v for _, _, tags in reading.tags for k, v in tags if k == "unsupported"]
    if unsupported:
        return _refuse(f"{unsupported[0]}.")
    if reading.unknown and _unknown_department(reading) and answers.get("department"):
        reading.unknown.clear()  # the department the form asked for replaces the unknown one
    if reading.unknown:
        frame = _frame(reading)
        if _unknown_department(reading):
            return _department_missing(_known(frame))
        unknown = tuple(dict.fromkeys(reading.tokens[i] for i in reading.unknown))
        quoted = ", ".join(f"“{w}”" for w in unknown)
        return Refusal(
            "needs_model",
            messages.NEEDS_MODEL.format(reason=messages.UNKNOWN_WORDS.format(words=quoted)),
            unknown,
        )
    frame = _frame(reading)
    return _decide(reading, frame, as_of, answers)


def _decide(
    reading: Reading, frame: Frame, as_of: date, answers: dict[str, Any]
) -> StructuredQuery | Clarification | Refusal:
    model = semantic_model()
    department = answers.get("department")
    if department:
        if department == "each":
            frame.group_dims.insert(0, "department")
        elif department in lexicon().departments:
            frame.values = [department]
        else:
            return Refusal("needs_model", messages.BAD_ANSWER.format(name="department"))
    measure_name = _choose_measure(frame, answers)
    measure = model.measure(measure_name)

    dims = list(frame.group_dims)
    if reading.bands and "tenure_band" not in dims:
        dims.append("tenure_band")
    gap = measure.aggregation == "gap"
    if frame.entity and frame.entity not in dims and not gap:
        dims.insert(0, frame.entity)
    if len(frame.values) > 1 and "department" not in dims:
        dims.insert(0, "department")
    if frame.bare_department and not frame.values and "department" not in dims:
        return _department_missing(_known(frame, measure_name))
    salary_like = measure.table == "salary" or frame.change is not None
    if reading.top is not None and not dims and salary_like and measure.aggregation != "gap":
        dims.append("employee")  # "top 10 salary increases": of employees
    if len(set(dims)) != len(dims):
        dims = list(dict.fromkeys(dims))
    if len(dims) > 2:
        return _refuse(messages.TOO_MANY_DIMENSIONS)

    # Periods.
    periods: list[Period] = []
    ends = None
    snapshot = False
    for expression in reading.times:
        periods.extend(expression.periods)
        ends = ends or expression.ends
        snapshot = snapshot or expression.snapshot
    answered = _answered_periods(answers, as_of)
    if answered is not None and not periods:
        periods = answered
        if len(answered) == 2:
            ends = (answered[0], answered[1])
            periods = [range_period(answered[0], answered[1], as_of)]
    if len(periods) > MAX_PERIODS:
        return _refuse(messages.TOO_MANY_PERIODS)

    change = None
    change_word = "change"
    if frame.change is not None:
        change = "percent" if frame.pct else "absolute"
        change_word = {"up": "increase", "down": "change", "any": "change"}[frame.change]
        if ends is not None and len(periods) == 1:
            periods = list(ends)
        if len(periods) != 2:
            return _clarify_period(_known(frame, measure_name), pair=True)
    elif frame.pct:
        return _refuse(messages.PERCENT_WITHOUT_CHANGE)

    order, top = _ranking(frame, dims, measure, change)
    if order is not None and not isinstance(order, Refusal) and len(dims) > 1:
        return _refuse(messages.RANKING_TWO_GROUPINGS)
    if reading.top is not None and order is not None and not isinstance(order, Refusal):
        top = reading.top
    if isinstance(order, Refusal):
        return order

    population = None
    populations = list(dict.fromkeys(frame.populations))
    if len(populations) > 1:
        return _refuse(messages.TWO_POPULATIONS)
    if populations:
        population = populations[0]
    if measure.name == "terminations" and population == "former":
        population = None  # "who were terminated": the measure already says so

    listing = (
        measure.name in ("headcount", "hires", "terminations")
        and "employee" in dims
        and not frame.count
        and order is None
        and change is None
        and len(dims) == 1
    )
    people = measure.name in ("headcount", "hires", "terminations")
    if frame.listing and not listing and people and frame.subject:
        listing = not frame.count and not dims and order is None
    if listing and top is not None:
        return _refuse(messages.TOP_WITHOUT_RANKING)
    if "employee" in dims and not listing and measure.name == "headcount":
        return _refuse(messages.COUNT_PER_EMPLOYEE)

    query = StructuredQuery(
        measure=measure.name,
        listing=listing,
        counting=frame.count,
        as_of=as_of,
        dimensions=tuple(d for d in dims if not (listing and d == "employee")),  # type: ignore[misc]
        departments=tuple(frame.values),
        levels=reading.levels,
        population=population,
        change=change,  # type: ignore[arg-type]
        change_word=change_word,
        bands=tuple(reading.bands),
        order=order,
        top=top,
    )
    return _with_time(query, measure, periods, snapshot, frame, listing)


def _ranking(
    frame: Frame, dims: list[str], measure: Measure, change: str | None
) -> tuple[Any, int | None]:
    supers = list(dict.fromkeys(frame.supers))
    compars = list(dict.fromkeys(frame.compars))
    if len(supers) > 1 or len(compars) > 1 or (supers and compars):
        return _refuse(messages.CONFLICTING_ORDER), None
    direction = (supers or compars or [None])[0]
    if direction is None:
        return None, None
    if change is not None and frame.change == "down":
        direction = "asc" if direction == "desc" else "desc"
    if not dims:
        return _refuse(messages.RANKING_WITHOUT_GROUPS), None
    if measure.aggregation == "gap":
        return _refuse(messages.UNPAID_RANKING), None
    if compars:
        if len(frame.values) < 2 and not frame.group_dims:
            return _refuse(messages.COMPARISON_NEEDS_TWO), None
        return direction, None
    if frame.super_first:
        return direction, None
    top = None
    if frame.entity is not None and not frame.entity_plural:
        top = 1
    elif "employee" in dims:
        top = DEFAULT_TOP_EMPLOYEES
    elif frame.entity is None and not frame.entity_plural:
        top = 1
    return direction, top


def _with_time(
    query: StructuredQuery,
    measure: Measure,
    periods: list[Period],
    snapshot: bool,
    frame: Frame,
    listing: bool,
) -> StructuredQuery | Clarification | Refusal:
    known = _known(frame, measure.name)
    grain = query.grain
    if measure.aggregation == "gap":
        if len(periods) > 1 or query.change:
            return _refuse(messages.UNPAID_PERIODS)
        return replace(query, periods=tuple(periods))
    if measure.time_dimension is not None:
        one_day = any(p.grain == "day" for p in periods)
        if snapshot or (one_day and measure.table == "salary"):
            return _refuse(messages.EVENT_ON_A_DAY)
        if not periods and grain is None:
            return _clarify_period(known)
        if grain is not None and (len(periods) > 1 or query.change):
            return _refuse(messages.GRAIN_AND_PERIODS)
        ordered = tuple(sorted(periods, key=lambda p: (p.start or date.min, p.end)))
        if len(ordered) > 1 and listing:
            return _refuse(messages.LIST_ONE_PERIOD)
        return replace(query, periods=ordered)
    # Snapshot measures (headcount, level, tenure): taken on a day.
    if grain is not None:
        return _refuse(messages.SNAPSHOT_OVER_TIME)
    if not periods:
        return replace(query, reference=query.as_of)
    ranged = any(p.grain == "range" and not snapshot for p in periods)
    if ranged and len(periods) == 1 and query.change is None:
        return _refuse(messages.SNAPSHOT_RANGE)
    if any(p.grain == "all" for p in periods):
        return replace(query, reference=query.as_of)
    ordered = tuple(sorted(periods, key=lambda p: p.end))
    if len(ordered) == 1:
        return replace(query, periods=ordered, reference=ordered[0].end)
    if listing:
        return _refuse(messages.LIST_ONE_PERIOD)
    return replace(query, periods=ordered)
