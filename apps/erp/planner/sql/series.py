"""A series of snapshots: "headcount by month over the last 12 months", "average tenure at the
end of each quarter of 2025", "evolução do número de funcionários por ano desde 2022".

Headcount, level and tenure are taken on a day. A series takes them on the last day of each
month (quarter, year) of the asked span — the span's own last day for the bucket it cuts (the
as-of date for "the last 12 months") — in one query: a calendar of those days made with
GENERATE_SERIES, joined to the people, the snapshot's `:as_of` replaced by each day.

    SELECT <grain of c.day> AS month, COUNT(DISTINCT e.id) AS headcount
    FROM erp_employee AS e CROSS JOIN (<calendar>) AS c
    WHERE <active on c.day> [AND conditions]
    GROUP BY 1 ORDER BY 1
"""

from dataclasses import replace

from sqlglot import exp, parse_one

from apps.erp.planner.reading import Reading
from apps.erp.planner.sql.aggregate import (
    Query,
    aggregate,
    conditions,
    dimensions,
    finish,
)
from apps.erp.planner.sql.build import (
    CompiledQuery,
    CompileError,
    OutputColumn,
    PlannerDialect,
    compiled,
    expr,
    on_time,
    rounded,
)
from apps.erp.semantic import Measure, SemanticModel

CALENDAR = "c"
# Each grain's step (fixed words, never from the question).
STEPS = {"month": "1 month", "quarter": "3 months", "year": "1 year"}


def _calendar(q: Query, grain: str) -> exp.Expression:
    """The last day of each bucket of the span, the last one cut at the span's end."""
    period = q.reading.periods[0]
    if period.start is None:
        raise CompileError("a series of snapshots needs a span with a start")
    start = q.params.day("start", period.start).sql(dialect=PlannerDialect)
    end = q.params.day("end", period.end).sql(dialect=PlannerDialect)
    step = f"INTERVAL '{STEPS[grain]}'"
    text = (
        f"SELECT LEAST(CAST(g + {step} - INTERVAL '1 day' AS DATE), {end}) AS day "
        f"FROM GENERATE_SERIES(CAST(DATE_TRUNC('{grain}', {start}) AS DATE), {end}, {step}) AS g"
    )
    return parse_one(text, read=PlannerDialect).subquery(CALENDAR, copy=False)


def compile_series(reading: Reading, model: SemanticModel, measure: Measure) -> CompiledQuery:
    grain = reading.grain
    if grain is None or len(reading.periods) != 1 or measure.time_dimension is not None:
        raise CompileError("a series of snapshots is of one snapshot measure over one span")
    if reading.order is not None or reading.change is not None or reading.having:
        raise CompileError("a series of snapshots is not ranked, changed or filtered")
    rest = tuple(d for d in reading.dimensions if d != grain)
    q = Query(reading, model)
    day = exp.column("day", table=CALENDAR)
    label = on_time(model.time_grain(grain).expr, day)
    q.add(label, OutputColumn(grain, "dimension", grain))
    q.group.append(label.copy())
    q.order.append(label.copy())
    q.reading = replace(reading, dimensions=rest)  # the other groupings, as usual
    dimensions(q, measure, day)
    conditions(q, day, outer=False)
    population = reading.population or measure.population
    if population is not None:
        q.where.append(expr(model.filter(population).expr, day))
    node = aggregate(expr(model.measure_expr(measure), day), measure)
    unit = measure.unit or (model.fact(measure.fact).unit if measure.fact else None)
    q.add(
        rounded(node, measure.decimals),
        OutputColumn(measure.column, "measure", measure.name, unit, measure.decimals),
    )
    calendar = _calendar(q, grain)
    plain = finish(q, measure, node, outer=False)
    tree = plain.tree.copy().join(calendar, join_type="cross", copy=False)
    return compiled(tree, q.params.values, plain.columns)
