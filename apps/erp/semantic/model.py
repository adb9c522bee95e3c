"""The ERP semantic model's structure (model.toml): tables, relationships, facts, dimensions,
entities, time, filters, measures and verified queries, as pydantic models.

The file is read once per process. Every expression in it is parsed with sqlglot and checked
against the declared tables (checks.py), so a typo fails at load time (and in tests), not in a
planner. Words and labels are per language, in vocabulary.py.
"""

from datetime import date
from functools import cache
from typing import Annotated, Literal, Self

import sqlglot
from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator
from sqlglot import exp

DIALECT = "postgres"

Name = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$", max_length=63)]


class SemanticModelError(ValueError):
    """The semantic model is invalid; the message names the entry and the problem."""


class _Entry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Column(_Entry):
    name: Name
    data_type: str
    description: str
    sample_values: list[str] = []


class Table(_Entry):
    name: Name
    base_table: Name
    alias: Name
    description: str
    primary_key: Name
    columns: list[Column]

    def column(self, name: str) -> Column | None:
        return next((c for c in self.columns if c.name == name), None)


class Relationship(_Entry):
    name: Name
    from_table: Name
    to_table: Name
    type: Literal["many_to_one", "one_to_one"]
    on: str


class Fact(_Entry):
    name: Name
    table: Name
    expr: str
    unit: str | None = None
    description: str


DataType = Literal["text", "integer", "date"]


class Attribute(_Entry):
    """A value shown next to a dimension's members (an employee's department, hire date…)."""

    name: Name
    expr: str
    data_type: DataType


class Dimension(_Entry):
    name: Name
    kind: Literal["category", "bands"] = "category"
    table: Name | None = None
    expr: str | None = None
    key: str | None = None
    data_type: DataType
    description: str
    attributes: list[Attribute] = []
    facts: dict[Name, Name] = {}
    default_bands: list[tuple[float, float]] = []

    @model_validator(mode="after")
    def _kind_fields(self) -> Self:
        if self.kind == "category" and (self.expr is None or self.table is None):
            raise ValueError(f"dimension {self.name!r} needs table and expr")
        if self.kind == "bands" and (not self.facts or not self.default_bands):
            raise ValueError(f"band dimension {self.name!r} needs facts and default_bands")
        return self


class Entity(_Entry):
    """A dimension whose values are the tenant's data, looked up so questions can name them."""

    name: Name
    dimension: Name
    table: Name
    key: str
    label: str
    code: str | None = None


class TimeDimension(_Entry):
    name: Name
    table: Name
    expr: str
    description: str


class TimeGrain(_Entry):
    name: Literal["year", "quarter", "month"]
    expr: str


class Filter(_Entry):
    name: Name
    table: Name
    expr: str
    description: str


Aggregation = Literal[
    "count", "count_distinct", "sum", "avg", "min", "max", "median", "gap", "rate"
]


class Measure(_Entry):
    name: Name
    column: Name
    table: Name
    aggregation: Aggregation
    fact: Name | None = None
    expr: str | None = None
    population: Name | None = None
    time_dimension: Name | None = None
    numerator: Name | None = None
    denominator: Name | None = None
    decimals: int | None = Field(default=None, ge=0, le=6)
    unit: str | None = None
    # the groups' values add up to the whole's (people, payments, pay); false for a count of
    # values the groups share (the levels in use: each department may use level 5)
    additive: bool = True
    description: str

    @model_validator(mode="after")
    def _one_source(self) -> Self:
        if self.aggregation == "rate":
            if self.numerator is None or self.denominator is None:
                raise ValueError(f"rate measure {self.name!r} needs numerator and denominator")
        elif self.aggregation != "gap" and (self.fact is None) == (self.expr is None):
            raise ValueError(f"measure {self.name!r} aggregates either a fact or an expr")
        return self

    @property
    def is_count(self) -> bool:
        return self.aggregation in ("count", "count_distinct")


ParamValue = str | int | float | date


class VerifiedQuery(_Entry):
    name: Name
    question: str
    as_of: date
    params: dict[Name, ParamValue] = {}
    verified_by: str
    notes: str = ""
    sql: str


class SemanticModel(_Entry):
    name: Name
    description: str
    tables: list[Table]
    relationships: list[Relationship]
    facts: list[Fact]
    dimensions: list[Dimension]
    entities: list[Entity]
    time_dimensions: list[TimeDimension]
    time_grains: list[TimeGrain]
    filters: list[Filter]
    measures: list[Measure]
    verified_queries: list[VerifiedQuery]

    def table(self, name: str) -> Table:
        return _find(self.tables, name, "table")

    def table_by_alias(self, alias: str) -> Table:
        return next(t for t in self.tables if t.alias == alias)

    def fact(self, name: str) -> Fact:
        return _find(self.facts, name, "fact")

    def dimension(self, name: str) -> Dimension:
        return _find(self.dimensions, name, "dimension")

    def entity(self, name: str) -> Entity:
        return _find(self.entities, name, "entity")

    def time_dimension(self, name: str) -> TimeDimension:
        return _find(self.time_dimensions, name, "time dimension")

    def time_grain(self, name: str) -> TimeGrain:
        return _find(self.time_grains, name, "time grain")

    def filter(self, name: str) -> Filter:
        return _find(self.filters, name, "filter")

    def measure(self, name: str) -> Measure:
        return _find(self.measures, name, "measure")

    def has_measure(self, name: str) -> bool:
        return any(m.name == name for m in self.measures)

    def measure_expr(self, measure: Measure) -> str:
        """The row-level expression a measure aggregates."""
        if measure.fact is not None:
            return self.fact(measure.fact).expr
        if measure.expr is None:
            raise SemanticModelError(f"measure {measure.name!r} has no row expression")
        return measure.expr

    def measure_for(self, fact: str, aggregation: str) -> Measure | None:
        """The measure aggregating `fact` with `aggregation`, if the model has one."""
        return next(
            (m for m in self.measures if m.fact == fact and m.aggregation == aggregation), None
        )

    def verified_query(self, name: str) -> VerifiedQuery:
        return _find(self.verified_queries, name, "verified query")

    def join_path(self, base: str, needed: set[str]) -> list[tuple[str, Relationship]]:
        """Tables to join, in order, to reach every table in `needed` from `base`, each with
        the relationship that joins it: a breadth-first walk over the relationships (in
        either direction), so joins come from the model, never from planner code."""
        parents: dict[str, tuple[str, Relationship] | None] = {base: None}
        frontier = [base]
        while frontier:
            following = []
            for table in frontier:
                for rel in self.relationships:
                    for near, far in (
                        (rel.from_table, rel.to_table),
                        (rel.to_table, rel.from_table),
                    ):
                        if near == table and far not in parents:
                            parents[far] = (table, rel)
                            following.append(far)
            frontier = following
        missing = needed - set(parents)
        if missing:
            raise SemanticModelError(f"no relationship path from {base} to {sorted(missing)}")
        order: list[tuple[str, Relationship]] = []
        for table in sorted(needed - {base}, key=lambda name: _depth(parents, name)):
            chain = []
            current = table
            while parents[current] is not None:
                parent, rel = parents[current]  # type: ignore[misc]
                chain.append((current, rel))
                current = parent
            for step in reversed(chain):
                if step not in order:
                    order.append(step)
        return order


def _depth(parents: dict, table: str) -> int:
    depth = 0
    while parents[table] is not None:
        table = parents[table][0]
        depth += 1
    return depth


def _find[T: BaseModel](items: list[T], name: str, what: str) -> T:
    for item in items:
        if item.name == name:  # type: ignore[attr-defined]
            return item
    raise SemanticModelError(f"the semantic model has no {what} named {name!r}")


@cache
def parse_expression(text: str) -> exp.Expression:
    """Parse a trusted expression of the model (cached). Callers must copy before changing it."""
    return sqlglot.parse_one(text, read=DIALECT)
