"""A stock compared at two points in time: "headcount now vs a year ago", "how many active
employees compared with 6 months ago", "funcionarios ativos agora vs ha um ano".

A stock (headcount, departments: a measure with no time dimension) is taken on a day. "A year
ago" said of it is the day one year before the as-of date, not the calendar year before (whose
last day is a different point), and "now" beside it is the as-of date itself — two points, not
a flow over a period nor a figure "per year". Events keep their calendar periods ("hires a year
ago" counts last year's hires)."""

from dataclasses import replace
from datetime import date

from apps.erp.planner.lexicon import Term
from apps.erp.planner.periods import day_period
from apps.erp.planner.timeexpr import TimeExpression
from apps.erp.semantic import semantic_model

COMPARE_WORDS = ("and",)  # the time grammar's joiner: "vs", "compared with", "against"


def stock_points(
    times: tuple[TimeExpression, ...], terms: tuple[Term, ...], as_of: date, measure: str
) -> tuple[TimeExpression, ...]:
    """The time expressions of a stock question with each "N years/months ago" read as its
    day, and "now" (said, or implied by "compared with N months ago" alone) as the as-of
    date; the expressions unchanged for any other question."""
    model = semantic_model().measure(measure)
    if model.time_dimension is not None or model.aggregation in ("rate", "gap"):
        return times
    if not any(point is not None for t in times for point in t.points):
        return times
    today = day_period(as_of)
    read = tuple(_on_days(t, today) for t in times)
    if len(times) == 1 and len(times[0].periods) == 1 and _compared(terms, times[0]):
        read += (TimeExpression((today,), "single", frozenset()),)
    return read


def _on_days(expression: TimeExpression, today) -> TimeExpression:
    if expression.kind == "now":
        return replace(expression, kind="single", periods=(today,))
    if len(expression.points) != len(expression.periods):
        return expression
    days = tuple(
        day_period(point) if point is not None else period
        for period, point in zip(expression.periods, expression.points, strict=True)
    )
    return replace(expression, periods=days)


def _compared(terms: tuple[Term, ...], expression: TimeExpression) -> bool:
    """ "… compared with 6 months ago": a comparison word right before the only point."""
    first = min(expression.terms, default=0)
    return first > 0 and any(("time", word) in terms[first - 1].tags for word in COMPARE_WORDS)
