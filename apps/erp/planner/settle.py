"""The last checks of a reading, whoever built it (a question, a follow-up, a chip): its
periods fit its measure (an event is counted over a period, a snapshot is taken on a day),
and what it asks has a SQL form. Returns the settled reading, or why it cannot be answered.
Applying it to a settled reading changes nothing.
"""

from dataclasses import replace
from datetime import date

from apps.erp.planner.outcomes import Stop, clarify_period, refusal
from apps.erp.planner.reading import Clarification, Reading, Refusal
from apps.erp.semantic import semantic_model

PEOPLE_MEASURES = ("headcount", "hires", "terminations")


def known_of_reading(reading: Reading) -> dict:
    known: dict = {"measure": reading.measure}
    if reading.departments:
        known["departments"] = list(reading.departments)
    if reading.dimensions:
        known["group_by"] = list(reading.dimensions)
    return known


def settle(reading: Reading, *, snapshot: bool = False) -> Reading | Clarification | Refusal:
    try:
        return _settle(reading, snapshot)
    except Stop as stop:
        return stop.outcome


def _own_value(reading: Reading) -> Reading:
    """People ranked by a value each holds once (tenure, level): a person's average, lowest
    or highest of it is their own value, said as one ("who's been here the longest": "the
    longest tenure", not "the highest average tenure"; "the lowest level", not "the lowest
    highest level"): the lowest or highest measure, as the ranking's order asks."""
    model = semantic_model()
    measure = model.measure(reading.measure)
    if (
        reading.dimensions[:1] != ("employee",)
        or measure.table != "employee"
        or measure.fact is None
        or measure.aggregation not in ("avg", "min", "max")
    ):
        return reading
    # the extreme the ranking asks for: "the lowest level" is the lowest, "the longest" the most
    wanted = "min" if reading.order == "asc" else "max"
    own = [m for m in model.measures if m.fact == measure.fact and m.aggregation == wanted]
    return replace(reading, measure=own[0].name) if len(own) == 1 else reading


def _settle(reading: Reading, snapshot: bool) -> Reading:
    reading = _own_value(reading)
    model = semantic_model()
    measure = model.measure(reading.measure)
    language = reading.language
    if reading.listing and reading.top is not None and reading.sort is None:
        raise Stop(refusal(language, "top_without_ranking"))  # a ranked list has its sort
    if len(reading.dimensions) > 2:
        raise Stop(refusal(language, "too_many_dimensions"))
    if reading.order is not None and len(reading.dimensions) > 1:
        raise Stop(refusal(language, "ranking_two_groupings"))
    if reading.top is not None and not reading.dimensions and reading.sort is None:
        raise Stop(refusal(language, "ranking_without_groups"))
    if any(h.measure != reading.measure for h in reading.having):
        raise Stop(refusal(language, "several_measures"))
    if reading.having and not reading.dimensions:
        raise Stop(refusal(language, "ranking_without_groups"))
    model_table = measure.table
    paid = {"salary_amount", "pay_date"}
    if any(c.field in paid for c in reading.conditions) and model_table != "salary":
        raise Stop(refusal(language, "several_measures"))  # a payment filter needs payments
    if measure.aggregation == "gap":
        if len(reading.periods) > 1 or reading.change or reading.order:
            raise Stop(refusal(language, "unpaid_periods"))
        return reading
    if measure.aggregation == "rate":
        return _rate(reading)
    if measure.time_dimension is not None:
        return _event(reading, snapshot, measure.table == "salary")
    return _snapshot(reading, snapshot)


def _event(reading: Reading, snapshot: bool, salary: bool) -> Reading:
    language, periods = reading.language, reading.periods
    one_day = any(p.grain == "day" for p in periods)
    if snapshot or (one_day and salary):
        raise Stop(refusal(language, "event_on_a_day"))
    if not periods and reading.grain is None:
        raise Stop(clarify_period(language, known_of_reading(reading)))
    if reading.grain is not None and (len(periods) > 1 or reading.change):
        raise Stop(refusal(language, "grain_and_periods"))
    ordered = tuple(sorted(periods, key=lambda p: (p.start or date.min, p.end)))
    if len(ordered) > 1 and reading.listing:
        raise Stop(refusal(language, "list_one_period"))
    if reading.change is not None and len(ordered) != 2:
        raise Stop(clarify_period(language, known_of_reading(reading), pair=True))
    return replace(reading, periods=ordered, reference=None)


def _snapshot(reading: Reading, snapshot: bool) -> Reading:
    language, periods = reading.language, reading.periods
    if reading.grain is not None:
        return _series(reading)
    if not periods:
        return replace(reading, reference=reading.reference or reading.as_of)
    ranged = any(p.grain == "range" and not snapshot for p in periods)
    if ranged and len(periods) == 1 and reading.change is None:
        raise Stop(refusal(language, "snapshot_range"))
    if any(p.grain == "all" for p in periods):
        return replace(reading, periods=(), reference=reading.as_of)
    ordered = tuple(sorted(periods, key=lambda p: p.end))
    if len(ordered) == 1:
        return replace(reading, periods=ordered, reference=ordered[0].end)
    if reading.listing:
        raise Stop(refusal(language, "list_one_period"))
    return replace(reading, periods=ordered, reference=None)


def _series(reading: Reading) -> Reading:
    """Snapshots at the end of each month (quarter, year) of one span ("headcount by month over
    the last 12 months"; sql/series.py): the span is asked for when missing."""
    language, periods = reading.language, reading.periods
    if not periods:
        raise Stop(clarify_period(language, known_of_reading(reading)))
    if len(periods) > 1 or reading.change or reading.listing or reading.order or reading.having:
        raise Stop(refusal(language, "snapshot_over_time"))
    span = periods[0]
    if span.start is None or span.grain == "all":
        raise Stop(refusal(language, "snapshot_over_time"))
    return replace(reading, reference=None)


def _rate(reading: Reading) -> Reading:
    language = reading.language
    if reading.grain is not None or len(reading.periods) > 1 or reading.change:
        raise Stop(refusal(language, "grain_and_periods"))
    if not reading.periods or reading.periods[0].start is None:
        raise Stop(clarify_period(language, known_of_reading(reading)))
    return replace(reading, reference=None)
