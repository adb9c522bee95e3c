"""Readings that list people: who was hired, who left, who is employed, or named people and
what was asked about them ("when was Hugo Tanaka hired?"). The asked column comes right after
the name; the id comes last."""

from sqlglot import exp

from apps.erp.planner.reading import Reading
from apps.erp.planner.sql.aggregate import (
    Query,
    band_case,
    conditions,
    ordered,
    ranked,
    time_column,
)
from apps.erp.planner.sql.build import (
    CompiledQuery,
    CompileError,
    OutputColumn,
    and_all,
    between,
    compiled,
    expr,
    reference,
    rounded,
    select_from,
)
from apps.erp.semantic import Measure, SemanticModel

TENURE_DECIMALS = 2


def compile_listing(reading: Reading, model: SemanticModel, measure: Measure) -> CompiledQuery:
    q = Query(reading, model)
    employee = model.dimension("employee")
    times = time_column(model, measure)
    ref = reference(q.params, reading) if times is None else q.as_of()
    attributes = {a.name: a for a in employee.attributes}
    asked = [name for name in reading.show if name in attributes or name == "tenure_years"]
    rest = [name for name in attributes if name not in asked]
    q.add(expr(employee.expr or ""), OutputColumn("employee", "dimension", "employee"))
    for name in [*asked, *rest]:
        if name == "tenure_years":
            fact = model.fact("tenure_years")
            node = rounded(expr(fact.expr, ref), TENURE_DECIMALS)
            q.add(node, OutputColumn(name, "attribute", name, "years", TENURE_DECIMALS))
        else:
            q.add(expr(attributes[name].expr), OutputColumn(name, "attribute", name))
    for name in reading.dimensions:
        if name != "tenure_band":
            raise CompileError(f"people are not listed by {name}")
        fact = model.fact(model.dimension("tenure_band").facts["employee"])
        case, inside = band_case(q, expr(fact.expr, ref))
        q.add(case, OutputColumn("tenure", "attribute", "tenure"))
        q.where.append(inside)
    q.add(expr(employee.key or ""), OutputColumn("employee_id", "key", "employee_id"))
    conditions(q, ref, outer=False)
    population = reading.population or measure.population
    if population is not None:
        q.where.append(expr(model.filter(population).expr, ref))
    order: list[exp.Expression] = []
    if times is not None:
        q.where.append(between(times, reading.periods[0], q.params, ""))
        order.append(times.copy())
    sort = _sorted_by(reading, attributes, q)
    order = ([sort] if sort is not None else []) + order
    order += [expr(employee.expr or ""), expr(employee.key or "")]
    tree = select_from(model, q.select, employee.table or "employee", q.where)
    if q.where:
        tree = tree.where(and_all(q.where), copy=False)
    if sort is not None and reading.top is not None:
        return ranked(tree, q)  # "the 5 most recent hires": ties at the cut included
    tree = tree.order_by(*order, copy=False)
    return compiled(tree, q.params.values, tuple(q.columns))


def _sorted_by(reading: Reading, attributes, q: Query) -> exp.Ordered | None:
    """The order of a list ranked by a date ("the 5 most recent hires"), and with a top N its
    RANK() column (the ids stay last: the rank is added after them and dropped for N = 1)."""
    if reading.sort is None:
        return None
    if reading.sort not in attributes:
        raise CompileError(f"people are not ranked by {reading.sort}")
    sort = ordered(expr(attributes[reading.sort].expr), reading.order or "desc")
    if reading.top is not None:
        rank = exp.Window(this=exp.Anonymous(this="RANK"), order=exp.Order(expressions=[sort]))
        q.add(rank, OutputColumn("rank", "rank", "rank"))
    return sort
