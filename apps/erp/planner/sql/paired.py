"""Several measures on the same grain (planner/paired.py): each measure's query compiled as if
asked alone, joined on their group columns (FULL JOIN: a month with departures and no hires is
kept, its hires 0), or side by side when ungrouped (one row each: CROSS JOIN)."""

from collections.abc import Callable

from sqlglot import exp

from apps.erp.planner.paired import parts
from apps.erp.planner.reading import Reading
from apps.erp.planner.sql.build import CompiledQuery, CompileError, compiled
from apps.erp.planner.sql.derived import merged_params
from apps.erp.semantic import SemanticModel

Compile = Callable[[Reading], CompiledQuery]
KEEPS = ("dimension", "attribute", "key")  # the columns that say which group a row is


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
    for part, query, alias in zip(parts(reading), queries, aliases, strict=True):
        counted = model.measure(part.measure).is_count
        for column in query.columns:
            if column.role in KEEPS:
                continue
            if any(column.name == c.name for c in columns):
                raise CompileError(f"two measures write the column {column.name}")
            node: exp.Expression = exp.column(column.name, table=alias)
            if counted and keys:
                node = exp.Coalesce(this=node, expressions=[exp.Literal.number(0)])
            select.append(node.as_(column.name))
            columns.append(column)
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
