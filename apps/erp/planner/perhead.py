"""A total per head ("payroll per employee", "salary cost per head in Sales"): the total paid
divided by the number of distinct people paid, in the same period, groups and conditions. Both
parts are shown next to the ratio, so the reader sees what was divided by what.

The two parts are the plain readings of the same question (total_salary, paid_employees),
compiled as any reading is and joined on their groups; nothing else is read differently."""

from dataclasses import replace

from sqlglot import exp

from apps.erp.planner.outcomes import Stop, refusal
from apps.erp.planner.reading import Reading
from apps.erp.planner.sql import CompiledQuery, CompileError, OutputColumn, compile_reading
from apps.erp.planner.sql.build import compiled, rounded

TOTAL, HEADS = "total_salary", "paid_employees"
PER_HEAD = "salary_per_head"  # the ratio's column and label key
SALARY_MEASURES = {"total_salary", "average_salary"}  # "pay per person" averages a total too
DECIMALS = 2


def per_head_reading(reading: Reading) -> Reading:
    """The reading of a question with "per head": its total, marked per head; a refusal when
    the measure is not pay or the question also ranks, compares or lists."""
    shaped = (
        reading.order or reading.top or reading.change or reading.share or reading.per
    ) is not None
    if reading.measure not in SALARY_MEASURES or shaped or reading.listing or reading.having:
        raise Stop(refusal(reading.language, "per_head"))
    dims = tuple(d for d in reading.dimensions if d != "employee")  # "per employee" is no group
    return replace(reading, measure=TOTAL, dimensions=dims, per_head=True)


def _sub(query: CompiledQuery, alias: str) -> exp.Subquery:
    return exp.Subquery(this=query.tree.copy(), alias=exp.TableAlias(this=exp.to_identifier(alias)))


def compile_per_head(reading: Reading) -> CompiledQuery:
    plain = replace(reading, per_head=False)
    total, heads = compile_reading(plain), compile_reading(replace(plain, measure=HEADS))
    shared = set(total.params) & set(heads.params)
    if any(total.params[k] != heads.params[k] for k in shared):
        raise CompileError("the total and the people paid were read with different parameters")
    dims = [c for c in total.columns if c.role == "dimension"]
    total_col = next(c for c in total.columns if c.role == "measure")
    heads_col = next(c for c in heads.columns if c.role == "measure")
    ratio = exp.Div(
        this=exp.column(total_col.name, table="t"),
        expression=exp.Anonymous(
            this="NULLIF",
            expressions=[exp.column(heads_col.name, table="h"), exp.Literal.number(0)],
        ),
        typed=True,
    )
    select = [exp.column(c.name, table="t").as_(c.name) for c in dims]
    select += [
        exp.column(total_col.name, table="t").as_(total_col.name),
        exp.column(heads_col.name, table="h").as_(heads_col.name),
        rounded(ratio, DECIMALS).as_(PER_HEAD),
    ]
    on = [
        exp.NullSafeEQ(this=exp.column(c.name, table="t"), expression=exp.column(c.name, table="h"))
        for c in dims
    ]
    tree = exp.select(*select).from_(_sub(total, "t"))
    if on:
        tree = tree.join(_sub(heads, "h"), on=exp.and_(*on)).order_by(
            *[exp.column(c.name, table="t") for c in dims]
        )
    else:
        tree = tree.join(_sub(heads, "h"), join_type="cross")
    unit = OutputColumn(PER_HEAD, "measure", PER_HEAD, total_col.unit, DECIMALS)
    columns = (*dims, total_col, heads_col, unit)
    return compiled(tree, {**total.params, **heads.params}, columns)
