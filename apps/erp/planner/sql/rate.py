"""Rate measures (aggregation "rate"): an event measure over the period divided by the mean of
a snapshot measure on the period's first and last day, in percent — e.g. the attrition rate,
departures ÷ average headcount. The three numbers are all shown."""

from sqlglot import exp

from apps.erp.planner.reading import Reading
from apps.erp.planner.sql.aggregate import Query, aggregate, conditions, dimensions, finish
from apps.erp.planner.sql.build import (
    CompiledQuery,
    CompileError,
    OutputColumn,
    between,
    expr,
    rounded,
)
from apps.erp.semantic import Measure, SemanticModel

AVERAGE_DECIMALS = 2


def compile_rate(reading: Reading, model: SemanticModel, measure: Measure) -> CompiledQuery:
    if len(reading.periods) != 1 or reading.periods[0].start is None:
        raise CompileError("a rate needs one period")
    period = reading.periods[0]
    numerator = model.measure(measure.numerator or "")
    denominator = model.measure(measure.denominator or "")
    q = Query(reading, model)
    outer = reading.dimensions == ("department",)
    dimensions(q, measure, None)
    conditions(q, q.as_of(), outer)
    times = expr(model.time_dimension(numerator.time_dimension or "").expr)
    events = aggregate(
        expr(model.measure_expr(numerator)),
        numerator,
        between(times, period, q.params, ""),
    )
    population = model.filter(denominator.population or "")
    row = model.measure_expr(denominator)
    on_start = aggregate(
        expr(row), denominator, expr(population.expr, q.params.day("start", period.start))
    )
    on_end = aggregate(
        expr(row), denominator, expr(population.expr, q.params.day("end", period.end))
    )
    average = exp.Div(
        this=exp.Paren(this=exp.Add(this=on_start, expression=on_end)),
        expression=exp.Literal.number("2.0"),
        typed=True,
    )
    rate = exp.Div(
        this=exp.Mul(this=exp.Literal.number("100.0"), expression=events.copy()),
        expression=exp.Anonymous(
            this="NULLIF", expressions=[average.copy(), exp.Literal.number(0)]
        ),
        typed=True,
    )
    q.add(events, OutputColumn(numerator.column, "measure", numerator.name))
    q.add(
        rounded(average, AVERAGE_DECIMALS),
        OutputColumn("average_headcount", "measure", "average_headcount", None, AVERAGE_DECIMALS),
    )
    q.add(
        rounded(rate, measure.decimals),
        OutputColumn(measure.column, "measure", measure.name, measure.unit, measure.decimals),
    )
    return finish(q, measure, rate, outer)
