"""What each column of a gold SQL's result is, read from its select list: an AGGREGATE
(`count(*)`, `sum(amount)`, `avg(salary)`, traced through the CTEs and subqueries it is
selected from) is a measure; an IDENTIFIER (`id`, `department_id`) may be replaced by a label
such as the name; a GROUPING KEY (`GROUP BY` year, level) labels its row. apps/erp/eval/compare.py
requires a right answer to show every measure: the aggregates, and every other column of
numbers that is neither an identifier nor a grouping key (a salary, a tenure)."""

from dataclasses import dataclass

import sqlglot
from sqlglot import exp
from sqlglot.errors import SqlglotError

IDENTIFIER_SUFFIX = "_id"
KINDS = ("aggregate", "identifier", "key")  # the order of GoldColumns' fields


@dataclass(frozen=True)
class GoldColumns:
    aggregates: frozenset[int] = frozenset()
    identifiers: frozenset[int] = frozenset()
    keys: frozenset[int] = frozenset()


def gold_columns(sql: str | None) -> GoldColumns:
    """The aggregate, identifier and grouping-key columns (by position) of the SQL's result;
    none when the SQL cannot be read."""
    if not sql:
        return GoldColumns()
    try:
        tree = sqlglot.parse_one(sql, read="postgres")
    except SqlglotError:
        return GoldColumns()
    select = _first_select(tree)
    if select is None:
        return GoldColumns()
    kinds = [_kind(projection, select, depth=0) for projection in select.expressions]
    return GoldColumns(*(frozenset(i for i, k in enumerate(kinds) if k == kind) for kind in KINDS))


def _first_select(tree: exp.Expression) -> exp.Select | None:
    while isinstance(tree, exp.SetOperation | exp.Subquery):
        tree = tree.this if isinstance(tree, exp.Subquery) else tree.left
    return tree if isinstance(tree, exp.Select) else None


def _is_identifier(projection: exp.Expression) -> bool:
    inner = projection.unalias()
    if not isinstance(inner, exp.Column):
        return False
    names = {projection.alias_or_name.lower(), inner.name.lower()}
    return any(name == "id" or name.endswith(IDENTIFIER_SUFFIX) for name in names)


def _is_grouping_key(projection: exp.Expression, select: exp.Select, position: int) -> bool:
    group = select.args.get("group")
    if group is None:
        return False
    inner = projection.unalias()
    for key in group.expressions:
        if isinstance(key, exp.Literal) and key.is_int and int(key.this) == position:
            return True
        if isinstance(key, exp.Column) and not key.table and key.name == projection.alias:
            return True
        if key == inner:
            return True
    return False


def _kind(projection: exp.Expression, select: exp.Select, *, depth: int) -> str | None:
    """ "aggregate", "identifier", "key" or None (any other column)."""
    if _is_identifier(projection):
        return "identifier"
    if _is_grouping_key(projection, select, select.expressions.index(projection) + 1):
        return "key"
    inner = projection.unalias()
    if inner.find(exp.AggFunc) is not None:
        return "aggregate"
    if depth > 8:
        return None
    # A column selected from a CTE or subquery is what that query computed under its name.
    found = {
        _kind(source_projection, source, depth=depth + 1)
        for column in inner.find_all(exp.Column)
        for source, source_projection in _sources_of(column, select)
    }
    return next((kind for kind in KINDS if kind in found), None)


def _sources_of(column: exp.Column, select: exp.Select):
    """(query, projection) pairs of the CTEs / subqueries in FROM that give `column`."""
    tables = [select.args.get("from_")] + list(select.args.get("joins") or [])
    with_ = select.args.get("with_") or _outer_with(select)
    ctes = {cte.alias_or_name: cte.this for cte in (with_.expressions if with_ else [])}
    for table_ref in tables:
        if table_ref is None:
            continue
        source = table_ref.this
        alias = source.alias_or_name
        if column.table and column.table != alias:
            continue
        query = source.this if isinstance(source, exp.Subquery) else None
        if isinstance(source, exp.Table) and source.name in ctes:
            query = ctes[source.name]
        query = _first_select(query) if query is not None else None
        if query is None:
            continue
        for projection in query.expressions:
            if projection.alias_or_name == column.name:
                yield query, projection


def _outer_with(select: exp.Select) -> exp.With | None:
    node = select.parent
    while node is not None:
        if isinstance(node, exp.Select | exp.SetOperation) and node.args.get("with_"):
            return node.args["with_"]
        node = node.parent
    return None
