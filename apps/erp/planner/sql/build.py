"""The pieces every query is built from: parameters, the model's expressions, conditions on
the model's fields, and FROM/JOIN clauses derived from the model's relationships.

Everything is a sqlglot expression: the semantic model's trusted expressions are parsed and
composed; values that come from the question (department names, dates, levels, amounts, N)
enter only as placeholders whose values go in `params`, bound by the gateway. Date parameters
are ISO strings cast to DATE in the SQL, so the binding's type does not matter.
"""

from dataclasses import dataclass, field
from datetime import date
from typing import Literal

from sqlglot import exp
from sqlglot.dialects.postgres import Postgres

from apps.erp.planner.periods import Period
from apps.erp.planner.reading import Condition, Reading
from apps.erp.semantic import SemanticModel, parse_expression

ParamValue = str | int | float


class PlannerDialect(Postgres):
    """PostgreSQL, with parameters written as `:name` (the form the gateway binds)."""

    class Generator(Postgres.Generator):
        def placeholder_sql(self, expression: exp.Placeholder) -> str:
            return f":{expression.name}"


class CompileError(ValueError):
    """The reading has no SQL form (a combination the compiler does not support)."""


Role = Literal[
    "dimension", "measure", "change", "attribute", "rank", "key", "per", "share", "whole", "ratio"
]


@dataclass(frozen=True)
class OutputColumn:
    """One result column. `label` (words in the person's language) is added by describe.py
    from `role`, `key` (what the column shows) and `period`."""

    name: str
    role: Role
    key: str
    unit: str | None = None
    decimals: int | None = None
    period: Period | None = None
    label: str = ""
    grain: str | None = None  # role "per": the measure per month (quarter, year), averaged


@dataclass(frozen=True)
class CompiledQuery:
    """A query and its parameters. `text` is the tree's SQL, written once by
    `compile_reading` (sql/__init__.py) and carried by `dataclasses.replace`; a query built on
    the way (the inner part of a derived query) has none, and `sql` writes it when asked. The
    tree of a query `compile_reading` returned is shared with its cache: copy it to change it."""

    tree: exp.Expression
    params: dict[str, ParamValue]
    columns: tuple[OutputColumn, ...]
    text: str | None = field(default=None, compare=False, repr=False)

    @property
    def sql(self) -> str:
        return self.text if self.text is not None else tree_sql(self.tree)


def tree_sql(tree: exp.Expression) -> str:
    return tree.sql(dialect=PlannerDialect, pretty=True)


def compiled(
    tree: exp.Expression, params: dict[str, ParamValue], columns: tuple[OutputColumn, ...]
) -> CompiledQuery:
    """The final query, with exactly the parameters its SQL uses (the gateway rejects others)."""
    used = {node.name for node in tree.find_all(exp.Placeholder)}
    return CompiledQuery(tree, {k: v for k, v in params.items() if k in used}, columns)


@dataclass
class Params:
    values: dict[str, ParamValue] = field(default_factory=dict)

    def value(self, name: str, value: ParamValue) -> exp.Expression:
        if isinstance(value, float) and value == int(value):
            value = int(value)
        if self.values.get(name, value) != value:
            raise CompileError(f"parameter {name} bound twice with different values")
        self.values[name] = value
        return exp.Placeholder(this=name)

    def day(self, name: str, value: date | str) -> exp.Expression:
        text = value.isoformat() if isinstance(value, date) else value
        return exp.Cast(this=self.value(name, text), to=exp.DataType.build("date"))


def expr(text: str, ref: exp.Expression | None = None) -> exp.Expression:
    """A model expression, with its `:as_of` replaced by `ref`."""
    tree = parse_expression(text).copy()

    def swap(node: exp.Expression) -> exp.Expression:
        if isinstance(node, exp.Placeholder) and node.name == "as_of":
            if ref is None:
                raise CompileError(f"{text!r} needs a reference date")
            return ref.copy()
        return node

    return tree.transform(swap)


def on_time(text: str, column: exp.Expression) -> exp.Expression:
    """A time grain expression applied to `column` (the grain's `time`)."""

    def swap(node: exp.Expression) -> exp.Expression:
        if isinstance(node, exp.Column) and node.name == "time" and not node.table:
            return column.copy()
        return node

    return expr(text).transform(swap)


def aliases(*nodes: exp.Expression) -> set[str]:
    return {c.table for node in nodes for c in node.find_all(exp.Column) if c.table}


def and_all(conditions: list[exp.Expression]) -> exp.Expression | None:
    if not conditions:
        return None
    return exp.and_(*[c.copy() for c in conditions])


def rounded(node: exp.Expression, decimals: int | None) -> exp.Expression:
    if decimals is None:
        return node
    return exp.Anonymous(this="ROUND", expressions=[node, exp.Literal.number(decimals)])


def between(column: exp.Expression, period: Period, params: Params, prefix: str) -> exp.Expression:
    end = params.day(f"{prefix}end", period.end)
    if period.start is None:
        return exp.LTE(this=column.copy(), expression=end)
    start = params.day(f"{prefix}start", period.start)
    return exp.Between(this=column.copy(), low=start, high=end)


def field_expression(model: SemanticModel, name: str, ref: exp.Expression | None) -> exp.Expression:
    """The expression of a field a condition can name: a dimension, a fact or a time
    dimension of the model."""
    for dimension in model.dimensions:
        if dimension.name == name and dimension.expr:
            return expr(dimension.expr)
    for fact in model.facts:
        if fact.name == name:
            return expr(fact.expr, ref)
    for time in model.time_dimensions:
        if time.name == name:
            return expr(time.expr)
    raise CompileError(f"no field {name!r} to filter on")


DATE_FIELDS = {"hire_date", "termination_date", "pay_date"}


def condition_sql(
    model: SemanticModel, condition: Condition, params: Params, ref: exp.Expression | None
) -> exp.Expression:
    """A condition as SQL, its values bound as parameters named after the field."""
    column = field_expression(model, condition.field, ref)
    name = condition.field if condition.op != "not_in" else f"{condition.field}_excluded"
    dates = condition.field in DATE_FIELDS

    def bind(suffix: str, value) -> exp.Expression:
        key = f"{name}{suffix}"
        return params.day(key, value) if dates else params.value(key, value)

    op, values = condition.op, condition.values
    if op in ("in", "not_in"):
        if len(values) == 1:
            node: exp.Expression = exp.EQ(this=column, expression=bind("", values[0]))
            return exp.Not(this=node) if op == "not_in" else node
        items = [bind(f"_{i}", v) for i, v in enumerate(values, start=1)]
        node = exp.In(this=column, expressions=items)
        return exp.Not(this=node) if op == "not_in" else node
    if op == "between":
        return exp.Between(this=column, low=bind("_min", values[0]), high=bind("_max", values[1]))
    compare = {"eq": exp.EQ, "gt": exp.GT, "gte": exp.GTE, "lt": exp.LT, "lte": exp.LTE}[op]
    suffix = {"eq": "", "gt": "_min", "gte": "_min", "lt": "_max", "lte": "_max"}[op]
    return compare(this=column, expression=bind(suffix, values[0]))


def condition_table(model: SemanticModel, condition: Condition) -> str:
    """The table a condition's field lives on."""
    for section in (model.dimensions, model.facts, model.time_dimensions):
        for item in section:
            if item.name == condition.field and getattr(item, "table", None):
                return item.table  # type: ignore[return-value]
    raise CompileError(f"no field {condition.field!r}")


def select_from(
    model: SemanticModel,
    select: list[exp.Expression],
    base: str,
    nodes: list[exp.Expression],
    *,
    outer: bool = False,
    on_conditions: dict[str, list[exp.Expression]] | None = None,
) -> exp.Select:
    """SELECT … FROM base JOIN … for every table the nodes use, joined along the model's
    relationships. `outer`: LEFT JOINs (every row of the base is kept, e.g. every
    department), with each table's own conditions in its ON clause."""
    by_alias = {t.alias: t for t in model.tables}
    base_table = model.table(base)
    needed = {by_alias[a].name for a in aliases(*select, *nodes) if a in by_alias}
    for extra in on_conditions or {}:
        needed.add(extra)
    tree = exp.select(*select, copy=False).from_(
        exp.to_table(base_table.base_table).as_(base_table.alias), copy=False
    )
    for table, relationship in model.join_path(base, needed | {base}):
        joined = model.table(table)
        condition = parse_expression(relationship.on).copy()
        extra = (on_conditions or {}).get(table, [])
        if extra:
            condition = exp.and_(condition, *[c.copy() for c in extra])
        tree = tree.join(
            exp.to_table(joined.base_table).as_(joined.alias),
            on=condition,
            join_type="left" if outer else None,
            copy=False,
        )
    return tree


def reference(b_params: Params, reading: Reading) -> exp.Expression:
    """The day a snapshot is taken on: the as-of date or the end of the asked period."""
    if reading.reference is None or reading.reference == reading.as_of:
        return b_params.day("as_of", reading.as_of)
    return b_params.day("on_date", reading.reference)
