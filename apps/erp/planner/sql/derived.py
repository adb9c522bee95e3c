"""Queries computed from another reading's query: one average over periods (the measure of the
whole period divided by its number of months, quarters or years) and shares (a percentage of
each group in the total, or of a part — the rows meeting one condition — in the whole).

The base query is compiled as any reading is; this module only wraps it, so the measure,
its population, joins and conditions are exactly those of the plain question.
"""

from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta

from sqlglot import exp

from apps.erp.planner.periods import Period, month_end, shift_months
from apps.erp.planner.reading import AVERAGE, Reading
from apps.erp.planner.sql.build import CompiledQuery, CompileError, OutputColumn, compiled, rounded
from apps.erp.semantic import SemanticModel

Compile = Callable[[Reading], CompiledQuery]
MONTHS = {"month": 1, "quarter": 3, "year": 12}
SHARE_DECIMALS = 2
SALARY = "salary_amount"


def periods_in(period: Period, grain: str) -> int:
    """How many whole months (quarters, years) the period spans; CompileError when it does
    not span a whole number of them (an average per month of 10 days has no meaning)."""
    if period.start is None:
        raise CompileError("an average per period needs a period with a start")
    after = period.end.toordinal() + 1
    months = 0
    while shift_months(period.start, months + 1).toordinal() <= after:
        months += 1
    whole = shift_months(period.start, months).toordinal() == after
    if months == 0 or not whole or months % MONTHS[grain]:
        raise CompileError(f"the period is not a whole number of {grain}s")
    return months // MONTHS[grain]


def complete_part(period: Period, grain: str) -> Period | None:
    """A period cut at the as-of date, without its unfinished month (quarter, year): an
    average per month counts whole months only. None when no whole one is left."""
    if not period.clipped or period.start is None:
        return period
    end = period.end
    if end != month_end(end.year, end.month):
        end = end.replace(day=1) - timedelta(days=1)
    months = (end.year - period.start.year) * 12 + end.month - period.start.month + 1
    whole = months - months % MONTHS[grain]
    if whole <= 0:
        return None
    last = shift_months(period.start, whole - 1)
    return replace(period, end=month_end(last.year, last.month))


def _inner(query: CompiledQuery, alias: str) -> exp.Subquery:
    return exp.Subquery(this=query.tree.copy(), alias=exp.TableAlias(this=exp.to_identifier(alias)))


def _column(name: str, table: str) -> exp.Column:
    return exp.column(name, table=table)


def _numeric(node: exp.Expression) -> exp.Expression:
    return exp.Cast(this=node, to=exp.DataType.build("numeric"))


def _percent(part: exp.Expression, whole: exp.Expression) -> exp.Expression:
    share = exp.Div(
        this=exp.Mul(this=exp.Literal.number(100), expression=_numeric(part)),
        expression=exp.Anonymous(this="NULLIF", expressions=[whole, exp.Literal.number(0)]),
        typed=True,
    )
    return rounded(share, SHARE_DECIMALS)


def merged_params(*queries: CompiledQuery) -> dict:
    params: dict = {}
    for query in queries:
        for name, value in query.params.items():
            if params.get(name, value) != value:
                raise CompileError(f"parameter {name} bound twice with different values")
            params[name] = value
    return params


def compile_per_period(reading: Reading, base: Compile) -> CompiledQuery:
    grain = reading.per or "month"
    if len(reading.periods) != 1 or reading.change is not None:
        raise CompileError("an average per period needs exactly one period")
    count = periods_in(reading.periods[0], grain)
    inner = base(replace(reading, per=None))
    select, columns = [], []
    for column in inner.columns:
        node: exp.Expression = _column(column.name, "t")
        if column.role == "measure":
            node = rounded(exp.Div(this=_numeric(node), expression=exp.Literal.number(count)), 2)
            column = replace(column, name=f"{column.name}_per_{grain}", role="per", grain=grain)
        select.append(node.as_(column.name))
        columns.append(column)
    tree = exp.select(*select).from_(_inner(inner, "t"))
    order = [_column(c.name, "t") for c in inner.columns if c.role == "dimension"]
    if order:
        tree = tree.order_by(*order)
    return compiled(tree, dict(inner.params), tuple(columns))


def compile_share(reading: Reading, model: SemanticModel, base: Compile) -> CompiledQuery:
    measure = model.measure(reading.measure)
    if not (measure.is_count or measure.aggregation == "sum") or reading.listing:
        raise CompileError("a share needs a count or a total")
    plain = replace(reading, share=None)
    if reading.share == "groups":
        return _group_shares(base(plain))
    whole_reading = replace(plain, conditions=plain.without(reading.share or ""))
    if whole_reading.conditions == plain.conditions or plain.dimensions:
        raise CompileError("a share needs one condition for its part and no grouping")
    part, whole = base(plain), base(whole_reading)
    value = next(c for c in part.columns if c.role == "measure")
    select = [
        _percent(_column(value.name, "part"), _column(value.name, "whole")).as_("share_pct"),
        _column(value.name, "part").as_(value.name),
        _column(value.name, "whole").as_(f"{value.name}_all"),
    ]
    tree = (
        exp.select(*select)
        .from_(_inner(part, "part"))
        .join(_inner(whole, "whole"), join_type="cross")
    )
    columns = (
        OutputColumn("share_pct", "share", "share", "%", SHARE_DECIMALS),
        value,
        replace(value, name=f"{value.name}_all", role="whole"),
    )
    return compiled(tree, merged_params(part, whole), columns)


def _group_shares(inner: CompiledQuery) -> CompiledQuery:
    values = [c for c in inner.columns if c.role == "measure"]
    if len(values) != 1:
        raise CompileError("a share of each group needs one measure")
    value = values[0]
    total = exp.Window(this=exp.Sum(this=_column(value.name, "t")), partition_by=[])
    select = [_column(c.name, "t").as_(c.name) for c in inner.columns]
    select.append(_percent(_column(value.name, "t"), total).as_("share_pct"))
    columns = (*inner.columns, OutputColumn("share_pct", "share", "share", "%", SHARE_DECIMALS))
    tree = exp.select(*select).from_(_inner(inner, "t"))
    order = [_column(c.name, "t") for c in inner.columns if c.role == "dimension"]
    if order:
        tree = tree.order_by(*order)
    return compiled(tree, dict(inner.params), columns)


def compares_with_average(reading: Reading) -> bool:
    return any(h.against == AVERAGE for h in reading.having) or any(
        AVERAGE in c.values for c in reading.conditions if c.field == SALARY
    )


def compile_against_average(
    reading: Reading, model: SemanticModel, base: Compile, measured: Compile
) -> CompiledQuery:
    """ "Departments above the company average", "who earned more than the average salary":
    the plain query with the number replaced by the average, as a scalar subquery (`measured`
    compiles the plain query, whose payment condition still holds the word "average")."""
    if reading.top is not None or reading.change is not None:
        raise CompileError("a comparison with the average cannot be ranked")
    if any(h.against == AVERAGE for h in reading.having):
        return _groups_against_average(reading, model, base)
    query = measured(reading)
    average = base(
        Reading(reading.language, "average_salary", reading.as_of, periods=reading.periods)
    )
    names = [k for k, v in query.params.items() if v == AVERAGE]
    scalar = exp.Subquery(this=average.tree.copy())

    def swap(node: exp.Expression) -> exp.Expression:
        if isinstance(node, exp.Placeholder) and node.name in names:
            return scalar.copy()
        return node

    tree = query.tree.transform(swap)
    params = {k: v for k, v in query.params.items() if k not in names}
    return compiled(tree, merged_params(CompiledQuery(tree, params, ()), average), query.columns)


def _groups_against_average(reading: Reading, model: SemanticModel, base: Compile) -> CompiledQuery:
    measure = model.measure(reading.measure)
    averaged = [h for h in reading.having if h.against == AVERAGE]
    plain = replace(reading, having=tuple(h for h in reading.having if h.against != AVERAGE))
    inner = base(plain)
    value = next(c for c in inner.columns if c.role == "measure")
    if measure.aggregation == "avg":
        # "the company average": the average over every row, not the mean of the groups'
        whole = base(replace(plain, dimensions=(), having=(), order=None))
        scalar: exp.Expression = exp.Subquery(this=whole.tree.copy())
    elif measure.is_count or measure.aggregation == "sum":
        whole = base(replace(plain, having=(), order=None))
        mean = exp.select(exp.Avg(this=_column(value.name, "g"))).from_(_inner(whole, "g"))
        scalar = exp.Subquery(this=mean)
    else:
        raise CompileError("a comparison with the average needs an average, a count or a total")
    ops = {"gt": exp.GT, "gte": exp.GTE, "lt": exp.LT, "lte": exp.LTE}
    if any(h.op not in ops for h in averaged):
        raise CompileError("a comparison with the average is more or less than it")
    where = [ops[h.op](this=_column(value.name, "t"), expression=scalar.copy()) for h in averaged]
    tree = exp.select(*[_column(c.name, "t").as_(c.name) for c in inner.columns])
    tree = tree.from_(_inner(inner, "t")).where(exp.and_(*where))
    if reading.order is not None:
        tree = tree.order_by(
            exp.Ordered(this=_column(value.name, "t"), desc=reading.order == "desc")
        )
    else:
        order = [_column(c.name, "t") for c in inner.columns if c.role == "dimension"]
        tree = tree.order_by(*order) if order else tree
    return compiled(tree, merged_params(inner, whole), inner.columns)
