"""Several measures on the same grain (planner/paired.py): each measure's query compiled as if
asked alone, joined on their group columns (FULL JOIN: a month with departures and no hires is
kept, its hires 0), or side by side when ungrouped (one row each: CROSS JOIN). A ratio
(planner/ratios.py) adds the first measure divided by the second after them: empty when the
second is 0, never a number made up."""

from collections.abc import Callable

from sqlglot import exp

from apps.erp.planner.paired import parts
from apps.erp.planner.reading import Reading
from apps.erp.planner.sql.build import CompiledQuery, CompileError, OutputColumn, compiled, rounded
from apps.erp.planner.sql.derived import merged_params
from apps.erp.semantic import SemanticModel

Compile = Callable[[Reading], CompiledQuery]
KEEPS = ("dimension", "attribute", "key")  # the columns that say which group a row is
RATIO, RATIO_DECIMALS = "ratio", 2


def compile_paired(reading: Reading, model: SemanticModel, base: Compile) -> CompiledQuery:
    queries = [base(part) for part in parts(reading)]
    keys = [c.name for c in queries[0].columns if c.role in KEEPS]
    for query in queries[1:]:
        if [c.name for c in query.columns if c.role in KEEPS] != keys:
            raise CompileError("the measures are not on the same groups")
    aliases = [f"m{index}" for index in range(1, len(queries) + 1)]
    select: list[exp.Expression] = []
    for key in keys:
        found = [exp.column(key, table=alias) for alias in aliases]
        select.append(exp.Coalesce(this=found[0], expressions=found[1:]).as_(key))
    columns = [c for c in queries[0].columns if c.role in KEEPS]
    measured: list[exp.Expression] = []  # each part's measure, as selected
    for part, query, alias in zip(parts(reading), queries, aliases, strict=True):
        counted = model.measure(part.measure).is_count
        own: exp.Expression | None = None
        for column in query.columns:
            if column.role in KEEPS:
                continue
            if any(column.name == c.name for c in columns):
                raise CompileError(f"two measures write the column {column.name}")
            node: exp.Expression = exp.column(column.name, table=alias)
            if counted and keys:
                node = exp.Coalesce(this=node, expressions=[exp.Literal.number(0)])
            if column.role == "measure" and own is None:
                own = node
            select.append(node.as_(column.name))
            columns.append(column)
        if own is not None:
            measured.append(own)
    if reading.ratio:
        select.append(_ratio(measured).as_(RATIO))
        key = "/".join(part.measure for part in parts(reading))
        columns.append(OutputColumn(RATIO, "ratio", key, None, RATIO_DECIMALS))
    tree = exp.select(*select).from_(_inner(queries[0], aliases[0]))
    for query, alias in zip(queries[1:], aliases[1:], strict=True):
        if keys:
            on = exp.and_(
                *[
                    exp.EQ(
                        this=exp.column(key, table=aliases[0]),
                        expression=exp.column(key, table=alias),
                    )
                    for key in keys
                ]
            )
            tree = tree.join(_inner(query, alias), on=on, join_type="full")
        else:
            tree = tree.join(_inner(query, alias), join_type="cross")
    if keys:
        tree = tree.order_by(*[exp.column(key) for key in keys])
    return compiled(tree, merged_params(*queries), tuple(columns))


def _inner(query: CompiledQuery, alias: str) -> exp.Subquery:
    return exp.Subquery(this=query.tree.copy(), alias=exp.TableAlias(this=exp.to_identifier(alias)))


def _ratio(measured: list[exp.Expression]) -> exp.Expression:
    """The first measure over the second, in decimals (a count over a count is no integer)."""
    if len(measured) != 2:
        raise CompileError("a ratio needs exactly two measures")
    first, second = (node.copy() for node in measured)
    over = exp.Anonymous(this="NULLIF", expressions=[second, exp.Literal.number(0)])
    numeric = exp.Cast(this=first, to=exp.DataType.build("numeric"))
    return rounded(exp.Div(this=numeric, expression=over, typed=False), RATIO_DECIMALS)
