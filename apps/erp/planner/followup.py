"""Follow-ups: a turn that changes the previous reading instead of asking anew.

"and in Marketing?", "what about last year?", "break that down by level", "only level 5 and
above", "top 3 only", "sort from lowest", "exclude Sales", "as a line chart", "same for hires".
A turn is a follow-up when there is a previous reading and the turn starts with a follow-up
word, points back at it ("that"), or names no measure of its own; a whole question starts
fresh. Each part the turn names replaces (or, for groupings and exclusions, adds to) that part
of the previous reading; the result is settled like any reading.
"""

from dataclasses import replace

from apps.erp.planner.choose import choose_measure
from apps.erp.planner.decide import Parsed, known_of
from apps.erp.planner.frame import Frame
from apps.erp.planner.outcomes import Stop, refusal
from apps.erp.planner.patterns import level_condition
from apps.erp.planner.periods import Period, month_period, quarter_period
from apps.erp.planner.reading import (
    TIME_GRAINS,
    Clarification,
    Condition,
    Having,
    Reading,
    Refusal,
)
from apps.erp.planner.recency import DATES
from apps.erp.planner.settle import settle
from apps.erp.planner.shapes import share_of
from apps.erp.semantic import semantic_model

LEADING_CUES = {
    "what_about", "same_for", "only", "instead", "break_down", "exclude", "sort_asc",
    "sort_desc", "top", "bottom",
}  # fmt: skip
CHANGING_CUES = {"only", "break_down", "exclude", "sort_asc", "sort_desc", "same_for", "instead"}
PEOPLE = ("headcount", "hires", "terminations")


def is_followup(parsed: Parsed) -> bool:
    """Does this turn change the previous reading (rather than ask a new question)?"""
    frame = parsed.frame
    terms = parsed.lexed.terms
    first = terms[0] if terms else None
    leading = first is not None and bool(
        {v for k, v in first.tags if k == "followup"} & LEADING_CUES
    )
    own = bool(frame.measures or frame.facts or frame.count or frame.how_much or frame.change)
    own = own or (frame.subject and (frame.entity is not None or frame.listing))
    if frame.persons or frame.name_parts:
        own = own and not leading
    return (
        leading
        or frame.anaphora
        and not frame.measures
        or not own
        or bool(frame.cues & CHANGING_CUES and not frame.measures)
    )


def apply_followup(
    previous: Reading, parsed: Parsed, *, follows: str | None
) -> Reading | Clarification | Refusal:
    try:
        return _apply(previous, parsed, follows)
    except Stop as stop:
        return stop.outcome


def _apply(
    previous: Reading, parsed: Parsed, follows: str | None
) -> Reading | Clarification | Refusal:
    frame = parsed.frame
    reading = replace(previous, language=parsed.language, follows=follows)
    reading = _measure(reading, frame, parsed)
    reading = _departments(reading, frame)
    reading = _levels(reading, parsed)
    reading = _periods(reading, parsed)
    reading = _grouping(reading, frame, parsed)
    reading = _ordering(reading, frame, parsed)
    reading = _thresholds(reading, parsed)
    if frame.populations:
        reading = replace(reading, population=frame.populations[-1])
    if frame.persons:
        people = Condition("employee", "in", tuple(frame.persons))
        reading = replace(reading, conditions=(*reading.without("employee"), people))
    if frame.chart:
        reading = replace(reading, chart=frame.chart)
    if frame.listing and reading.measure in PEOPLE and not reading.dimensions:
        reading = replace(reading, listing=True)  # "list them"
    reading = _share(reading, frame, parsed)
    if not _names_something(parsed):
        raise Stop(refusal(parsed.language, "change_not_understood"))
    return settle(reading, snapshot=any(t.snapshot for t in parsed.times))


def _names_something(parsed: Parsed) -> bool:
    """Did the turn name any part of a reading (even one that equals the previous one)?"""
    frame = parsed.frame
    parts = (
        frame.measures, frame.facts, frame.aggs, frame.supers, frame.compars, frame.values,
        frame.excluded, frame.persons, frame.group_dims, frame.populations, frame.entity,
        frame.chart, frame.change, parsed.times, parsed.levels, parsed.bands, parsed.top,
        parsed.comparisons, parsed.excluded_levels,
        frame.cues & {"sort_asc", "sort_desc"}, frame.listing, frame.pct,
    )  # fmt: skip
    return any(part not in (None, (), frozenset()) for part in parts)


def _share(reading: Reading, frame: Frame, parsed: Parsed) -> Reading:
    """ "and what percentage is that?", "as a share?" after a count with a department or level
    (or by department): that count's share of the whole, as the question asked whole would be
    read (shapes.share_of) — the count said again was an answer to another question."""
    if not frame.pct or frame.change is not None or reading.share is not None:
        return reading
    measure = semantic_model().measure(reading.measure)
    share, dims = share_of(
        frame,
        measure,
        reading.dimensions,
        reading.conditions,
        reading.order,
        reading.top,
        parsed.language,
    )
    return replace(reading, share=share, dimensions=tuple(dims))


def _same_fact(reading: Reading, frame: Frame, parsed: Parsed) -> Reading:
    """ "and the average?", "and the lowest?": the same fact, another aggregation."""
    model = semantic_model()
    fact = model.measure(reading.measure).fact
    aggs = [a for a in frame.aggs if a != "distinct"]
    ranks = frame.supers and not reading.dimensions and parsed.top is None
    if fact is None or not (aggs or ranks):
        return reading
    agg = aggs[0] if aggs else ("max" if frame.supers[0] == "desc" else "min")
    measure = model.measure_for(fact, agg)
    if measure is None:
        raise Stop(refusal(parsed.language, "change_not_understood"))
    return replace(reading, measure=measure.name, having=(), reference=None)


def _measure(reading: Reading, frame: Frame, parsed: Parsed) -> Reading:
    if not (frame.measures or frame.facts or frame.change):
        return _same_fact(reading, frame, parsed)
    choice = choose_measure(
        frame,
        language=parsed.language,
        answers={},
        known=known_of(frame),
        salary_condition=False,
    )
    model = semantic_model()
    measure = model.measure(choice.name)
    listing = reading.listing and measure.name in PEOPLE
    # A snapshot and an event measure read periods differently: keep the periods, let
    # settle() take the snapshot at the end of them or count events within them.
    sort = reading.sort
    if sort is not None:  # "same for departures" after "the 5 latest hires": by their date
        sort = DATES.get(measure.name)
        if sort is None:
            raise Stop(refusal(parsed.language, "recency_not_people"))
    # "the oldest" read as tenure says so while the answer is still about tenure or hire dates
    note = reading.note if measure.fact == "tenure_years" or sort == "hire_date" else None
    return replace(
        reading,
        measure=measure.name,
        listing=listing,
        having=(),
        reference=None,
        sort=sort,
        note=note,
    )


def _departments(reading: Reading, frame: Frame) -> Reading:
    conditions = list(reading.conditions)
    excluded = list(frame.excluded)
    values = list(frame.values)
    if "exclude" in frame.cues and values and not excluded:
        excluded, values = values, []
    if values:
        current = reading.condition("department")
        if "also" in frame.cues and current is not None and current.op == "in":
            values = [*current.values, *[v for v in values if v not in current.values]]
        conditions = [c for c in conditions if not (c.field == "department" and c.op == "in")]
        conditions.append(Condition("department", "in", tuple(values)))
    if excluded:
        before = next((c for c in conditions if c.field == "department" and c.op == "not_in"), None)
        names = [*(before.values if before else ()), *excluded]
        conditions = [c for c in conditions if not (c.field == "department" and c.op == "not_in")]
        kept = [
            c for c in conditions if not (c.field == "department" and set(c.values) <= set(names))
        ]
        kept.append(Condition("department", "not_in", tuple(dict.fromkeys(names))))
        conditions = kept
    dims = reading.dimensions
    if len(values) > 1 and "department" not in dims:
        dims = ("department", *dims)
    return replace(reading, conditions=tuple(conditions), dimensions=dims)


def _levels(reading: Reading, parsed: Parsed) -> Reading:
    reading = _left_out_levels(reading, parsed)
    if not parsed.levels:
        return reading
    if len(parsed.levels) > 1:
        raise Stop(refusal(parsed.language, "two_level_filters"))
    low, high = parsed.levels[0]
    if not 1 <= low <= high <= 10:
        raise Stop(refusal(parsed.language, "level_range"))
    return replace(reading, conditions=(*reading.without("level"), level_condition(low, high)))


def _left_out_levels(reading: Reading, parsed: Parsed) -> Reading:
    """ "not counting level 10": left out on top of those already left out."""
    if not parsed.excluded_levels:
        return reading
    if any(not 1 <= level <= 10 for level in parsed.excluded_levels):
        raise Stop(refusal(parsed.language, "level_range"))
    before = next((c for c in reading.conditions if c.field == "level" and c.op == "not_in"), None)
    levels = tuple(sorted({*(before.values if before else ()), *parsed.excluded_levels}))
    kept = tuple(c for c in reading.conditions if c is not before)
    return replace(reading, conditions=(*kept, Condition("level", "not_in", levels)))


def _periods(reading: Reading, parsed: Parsed) -> Reading:
    periods = [p for t in parsed.times for p in t.periods]
    if not periods:
        return reading
    if all(t.bare for t in parsed.times) and len(reading.periods) == 1:
        periods = [_same_year(p, reading.periods[0], reading.as_of) for p in periods]
    ends = next((t.ends for t in parsed.times if t.ends), None)
    if reading.change is not None and ends is not None and len(periods) == 1:
        periods = list(ends)
    return replace(reading, periods=tuple(periods), reference=None)


def _thresholds(reading: Reading, parsed: Parsed) -> Reading:
    """ "only the ones above 30" after a count per department: a condition on each group's
    measure. A number the turn compares that is not that (a salary, a measure not grouped)
    refuses the turn: dropped, it would answer the previous question as if it were this one."""
    if not parsed.comparisons:
        return reading
    terms = parsed.lexed.terms
    kinds = {k for t in terms for k in t.kinds}
    if not reading.dimensions or reading.listing or "fact" in kinds:
        raise Stop(refusal(parsed.language, "change_not_understood"))
    if any(c.average is not None or c.per_unit for c in parsed.comparisons):
        raise Stop(refusal(parsed.language, "change_not_understood"))
    having = tuple(Having(c.op, c.values, reading.measure) for c in parsed.comparisons)  # type: ignore[arg-type]
    return replace(reading, having=having)


def _same_year(period: Period, before: Period, as_of) -> Period:
    """ "what about Q2?" after a question about 2025: Q2 of 2025, not of this year."""
    if before.start is None or period.start is None or period.start.year == before.start.year:
        return period
    year = before.start.year
    if period.grain == "month":
        moved = month_period(year, period.start.month)
    elif period.grain == "quarter":
        moved = quarter_period(year, (period.start.month - 1) // 3 + 1)
    else:
        return period
    return moved if moved.start and moved.start <= as_of else period


def _ranked_list(reading: Reading, frame: Frame, parsed: Parsed) -> Reading:
    """A list ranked by a date keeps its ranking: "only 3", "the top 3" change how many; only
    "oldest first" / "newest first" words turn it round ("the last 3" stays the latest)."""
    order = reading.order
    if "sort_asc" in frame.cues or "sort_desc" in frame.cues:
        order = "asc" if "sort_asc" in frame.cues else "desc"
    top = parsed.top if parsed.top is not None else reading.top
    return replace(reading, order=order, top=top)


def _grouping(reading: Reading, frame: Frame, parsed: Parsed) -> Reading:
    dims = list(reading.dimensions)
    new = [d for d in frame.group_dims if d not in dims]
    if frame.entity and frame.entity not in dims:
        new.append(frame.entity)
    if parsed.bands:
        reading = replace(reading, bands=parsed.bands)
        if "tenure_band" not in dims:
            new.append("tenure_band")
    if not new:
        return reading
    if reading.sort is not None:  # a list ranked by a date is one list ("the 5 latest hires")
        raise Stop(refusal(parsed.language, "recency_not_people"))
    if "instead" in frame.cues:
        dims = [d for d in dims if d == "tenure_band" and parsed.bands]
    if any(d in TIME_GRAINS for d in new):
        dims = [d for d in dims if d not in TIME_GRAINS]  # "by quarter" after "by month"
    dims += new
    if "department" in new and not frame.values:
        # "by department" after a question about one department: all of them, side by side
        kept = tuple(
            c for c in reading.conditions if not (c.field == "department" and c.op == "in")
        )
        reading = replace(reading, conditions=kept)
    listing = reading.listing and dims == ["employee"]
    return replace(reading, dimensions=tuple(dims), listing=listing)


def _ordering(reading: Reading, frame: Frame, parsed: Parsed) -> Reading:
    if reading.sort is not None:
        return _ranked_list(reading, frame, parsed)
    if "recency" in frame.cues:  # "only the 2 most recent" of something not ranked by date
        raise Stop(refusal(parsed.language, "recency_not_people"))
    order = reading.order
    supers = frame.supers or frame.compars
    if "sort_asc" in frame.cues or "bottom" in frame.cues:
        order = "asc"
    elif "sort_desc" in frame.cues or supers:
        order = "desc" if not supers else supers[0]
    top = reading.top
    if supers and frame.asks_which and parsed.top is None and reading.dimensions:
        top = 1  # "which one had the most?"
    if parsed.top is not None:
        top = parsed.top
        order = order or ("asc" if "bottom" in frame.cues else "desc")
    if order == reading.order and top == reading.top:
        return reading
    return replace(reading, order=order, top=top, listing=False if top else reading.listing)
