"""Question shapes built on a plain measure: one average over periods ("hires per month on
average in 2025"), shares ("what percentage of employees are in Sales", "share of payroll by
department") and absence ("departments with no hires in 2025"). Each reads the frame and the
measure chosen and returns what the reading needs, or stops with a refusal naming why.
"""

from dataclasses import replace

from apps.erp.planner.frame import Frame
from apps.erp.planner.outcomes import Stop, refusal
from apps.erp.planner.reading import Condition, Having
from apps.erp.planner.sql.derived import complete_part
from apps.erp.semantic import Measure, semantic_model

GRAINS = ("month", "quarter", "year")
SHARE_FIELDS = ("department", "level")


def additive(measure: Measure) -> bool:
    """A total, or a count of rows of its own table (each hire, departure, payment is in one
    month): it adds up over months. Not "employees paid", counted once over many months."""
    if measure.time_dimension is None:
        return False
    alias = semantic_model().table(measure.table).alias
    own_rows = measure.aggregation == "count" or measure.expr == f"{alias}.id"
    return measure.aggregation == "sum" or (measure.is_count and own_rows)


def per_period_frame(frame: Frame) -> tuple[Frame, str | None]:
    """ "Average monthly payroll", "hires per month on average": the average names no measure
    of its own but how the period is cut. The frame without the average and the grain, and the
    grain; the frame unchanged and None when the question is not of this shape."""
    grains = [d for d in frame.group_dims if d in GRAINS]
    rate = frame.per_unit or frame.per_rate or frame.per_grain
    if "avg" not in frame.aggs or len(grains) != 1 or not rate:
        return frame, None
    aggs = tuple(a for a in frame.aggs if a != "avg")
    dims = tuple(d for d in frame.group_dims if d != grains[0])
    return replace(frame, aggs=aggs, group_dims=dims), grains[0]


def whole_periods(periods, grain: str, language: str):
    """The periods of an average per month, cut to their whole months (quarters, years)."""
    kept = []
    for period in periods:
        whole = complete_part(period, grain)
        if whole is None:
            raise Stop(refusal(language, "per_no_whole_period", grain=grain))
        kept.append(whole)
    return tuple(kept)


def share_of(frame: Frame, measure: Measure, dims, conditions, order, top, language: str):
    """What a percentage is of — each group in the total ("groups"), or the part one condition
    on a department or level picks in the whole without it; None when not asked — and the
    groupings left."""
    if not frame.pct or frame.change is not None:
        return None, dims
    if not (measure.is_count or measure.aggregation == "sum") or measure.aggregation == "rate":
        raise Stop(refusal(language, "share_of_average"))
    named = next((c for c in conditions if c.field == "department" and c.op == "in"), None)
    if list(dims) == ["department"] and named and not frame.group_dims:
        # "share of payroll of Sales and Marketing": the two together in the whole, not each
        # one's share of the two (the groups came from naming them, not from "by department")
        return "department", ()
    if dims:
        if top is not None or order is not None and len(dims) > 1:
            raise Stop(refusal(language, "share_ranked"))
        return "groups", dims
    fields = {c.field for c in conditions if c.field in SHARE_FIELDS}
    if len(fields) != 1:
        raise Stop(refusal(language, "percent_without_change"))
    return fields.pop(), dims


def absent_having(
    frame: Frame, measure: Measure, dims, having: tuple[Having, ...], top, language: str
) -> tuple[Having, ...]:
    """ "Departments with no hires in 2025": every department is listed with its count (0
    included), so those with none are the groups whose count is 0."""
    if not frame.absent:
        return having
    if list(dims) != ["department"] or not measure.is_count or having or top is not None:
        raise Stop(refusal(language, "absence_by_department"))
    return (Having("eq", (0,), measure.name),)


def lists_people(frame: Frame, measure: str, dims, conditions: tuple[Condition, ...]) -> bool:
    """ "Employees at level 8 or higher in Sales": people named with filters, nothing counted
    or measured — the people themselves."""
    asked = (
        frame.count or frame.pct or frame.measures or frame.facts or frame.aggs or frame.how_much
    )
    return (
        measure == "headcount"
        and frame.subject
        and not asked
        and set(dims) <= _implied_by_values(frame, conditions)
        and not frame.supers
        and frame.entity is None
        and any(c.field == "level" for c in conditions)
    )


def _implied_by_values(frame: Frame, conditions: tuple[Condition, ...]) -> set[str]:
    """ "Employees in Marketing or Finance …": two departments named group by department
    unless a list is meant; a grouping asked in words ("by department") is never dropped."""
    named = any(c.field == "department" and len(c.values) > 1 for c in conditions)
    return {"department"} if named and "department" not in frame.group_dims else set()
