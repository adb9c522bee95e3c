"""Load and check the ERP semantic model (semantic_model.toml).

The file is read once per process. Every expression in it is parsed with sqlglot and checked
against the declared tables, so a typo fails at load time (and in tests), not in a planner.
"""

import tomllib
from datetime import date
from functools import cache
from pathlib import Path
from typing import Annotated, Literal, Self

import sqlglot
from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator
from sqlglot import exp

MODEL_PATH = Path(__file__).with_name("semantic_model.toml")
DIALECT = "postgres"

Name = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$", max_length=63)]
Synonym = Annotated[str, StringConstraints(strip_whitespace=True, to_lower=True, min_length=1)]


class SemanticModelError(ValueError):
    """The semantic model file is invalid; the message names the entry and the problem."""


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
    synonyms: list[Synonym] = []
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
    label: str
    unit: str | None = None
    description: str
    synonyms: list[Synonym] = []


class DimensionValue(_Entry):
    value: str
    synonyms: list[Synonym] = []


class Dimension(_Entry):
    name: Name
    label: str
    kind: Literal["category", "bands"] = "category"
    table: Name | None = None
    expr: str | None = None
    key: str | None = None
    data_type: Literal["text", "integer"]
    description: str
    synonyms: list[Synonym] = []
    values: list[DimensionValue] = []
    facts: dict[Name, Name] = {}
    default_bands: list[tuple[float, float]] = []

    @model_validator(mode="after")
    def _kind_fields(self) -> Self:
        if self.kind == "category" and (self.expr is None or self.table is None):
            raise ValueError(f"dimension {self.name!r} needs table and expr")
        if self.kind == "bands" and (not self.facts or not self.default_bands):
            raise ValueError(f"band dimension {self.name!r} needs facts and default_bands")
        return self


class TimeDimension(_Entry):
    name: Name
    table: Name
    expr: str
    description: str
    synonyms: list[Synonym] = []


class TimeGrain(_Entry):
    name: Literal["year", "quarter", "month"]
    label: str
    expr: str
    synonyms: list[Synonym] = []


class Filter(_Entry):
    name: Name
    table: Name
    expr: str
    description: str
    synonyms: list[Synonym] = []


Aggregation = Literal["count", "count_distinct", "sum", "avg", "min", "max", "median", "gap"]


class Measure(_Entry):
    name: Name
    label: str
    column: Name
    table: Name
    aggregation: Aggregation
    fact: Name | None = None
    expr: str | None = None
    population: Name | None = None
    time_dimension: Name | None = None
    decimals: int | None = Field(default=None, ge=0, le=6)
    unit: str | None = None
    description: str
    synonyms: list[Synonym] = []

    @model_validator(mode="after")
    def _one_source(self) -> Self:
        if self.aggregation != "gap" and (self.fact is None) == (self.expr is None):
            raise ValueError(f"measure {self.name!r} aggregates either a fact or an expr")
        return self


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

    def time_dimension(self, name: str) -> TimeDimension:
        return _find(self.time_dimensions, name, "time dimension")

    def time_grain(self, name: str) -> TimeGrain:
        return _find(self.time_grains, name, "time grain")

    def filter(self, name: str) -> Filter:
        return _find(self.filters, name, "filter")

    def measure(self, name: str) -> Measure:
        return _find(self.measures, name, "measure")

    def measure_expr(self, measure: Measure) -> str:
        """The row-level expression a measure aggregates."""
        if measure.fact is not None:
            return self.fact(measure.fact).expr
        if measure.expr is None:
            raise SemanticModelError(f"measure {measure.name!r} has no row expression")
        return measure.expr

    def verified_query(self, name: str) -> VerifiedQuery:
        return _find(self.verified_queries, name, "verified query")


def _find[T: BaseModel](items: list[T], name: str, what: str) -> T:
    for item in items:
        if item.name == name:  # type: ignore[attr-defined]
            return item
    raise SemanticModelError(f"the semantic model has no {what} named {name!r}")


@cache
def parse_expression(text: str) -> exp.Expression:
    """Parse a trusted expression of the model (cached). Callers must copy before changing it."""
    return sqlglot.parse_one(text, read=DIALECT)


def _check_expression(model: SemanticModel, where: str, text: str, tables: set[str]) -> None:
    try:
        tree = parse_expression(text)
    except sqlglot.ParseError as error:
        raise SemanticModelError(f"{where}: cannot parse {text!r}: {error}") from None
    aliases = {t.alias: t for t in model.tables}
    for column in tree.find_all(exp.Column):
        if column.table == "" and column.name == "time":
            continue  # the date column a time grain is applied to
        table = aliases.get(column.table)
        if table is None:
            raise SemanticModelError(f"{where}: {column.sql()} does not use a table alias")
        if table.column(column.name) is None:
            raise SemanticModelError(f"{where}: {table.base_table} has no column {column.name}")
        if table.name not in tables:
            raise SemanticModelError(f"{where}: {column.sql()} is outside {sorted(tables)}")


def _check_unique(model: SemanticModel) -> None:
    sections = {
        "tables": model.tables,
        "relationships": model.relationships,
        "facts": model.facts,
        "dimensions": model.dimensions,
        "time_dimensions": model.time_dimensions,
        "time_grains": model.time_grains,
        "filters": model.filters,
        "measures": model.measures,
        "verified_queries": model.verified_queries,
    }
    for section, items in sections.items():
        names = [item.name for item in items]  # type: ignore[attr-defined]
        duplicates = {n for n in names if names.count(n) > 1}
        if duplicates:
            raise SemanticModelError(f"{section}: duplicate names {sorted(duplicates)}")
    columns = [m.column for m in model.measures]
    if len(set(columns)) != len(columns):
        raise SemanticModelError("measures: two measures share an output column name")


def _reachable(model: SemanticModel, table: str) -> set[str]:
    """Tables reachable from `table` along many-to-one relationships (itself included)."""
    seen, todo = {table}, [table]
    while todo:
        current = todo.pop()
        for rel in model.relationships:
            if rel.from_table == current and rel.to_table not in seen:
                seen.add(rel.to_table)
                todo.append(rel.to_table)
    return seen


def validate_model(model: SemanticModel) -> SemanticModel:
    """Cross-reference checks pydantic cannot do alone. Raises SemanticModelError."""
    _check_unique(model)
    everything = {t.name for t in model.tables}
    for rel in model.relationships:
        model.table(rel.from_table), model.table(rel.to_table)
        _check_expression(model, f"relationship {rel.name}", rel.on, {rel.from_table, rel.to_table})
    for fact in model.facts:
        _check_expression(model, f"fact {fact.name}", fact.expr, _reachable(model, fact.table))
    for dim in model.dimensions:
        if dim.kind == "category":
            reach = _reachable(model, dim.table or "")
            for text in (dim.expr, dim.key):
                if text is not None:
                    _check_expression(model, f"dimension {dim.name}", text, reach)
        for table, fact in dim.facts.items():
            if model.fact(fact).table != table:
                raise SemanticModelError(f"dimension {dim.name}: fact {fact} is not on {table}")
        for low, high in dim.default_bands:
            if not 0 <= low < high:
                raise SemanticModelError(f"dimension {dim.name}: bad band [{low}, {high})")
    for td in model.time_dimensions:
        _check_expression(model, f"time dimension {td.name}", td.expr, {td.table})
    for grain in model.time_grains:
        _check_expression(model, f"time grain {grain.name}", grain.expr, everything)
    for flt in model.filters:
        _check_expression(model, f"filter {flt.name}", flt.expr, {flt.table})
    for measure in model.measures:
        model.table(measure.table)
        reach = _reachable(model, measure.table)
        if measure.fact is not None and model.fact(measure.fact).table != measure.table:
            raise SemanticModelError(f"measure {measure.name}: fact is on another table")
        if measure.expr is not None:
            _check_expression(model, f"measure {measure.name}", measure.expr, reach)
        if measure.population is not None and model.filter(measure.population).table not in reach:
            raise SemanticModelError(f"measure {measure.name}: population filter out of reach")
        if measure.time_dimension is not None:
            td = model.time_dimension(measure.time_dimension)
            if td.table != measure.table:
                raise SemanticModelError(f"measure {measure.name}: time dimension on other table")
    for query in model.verified_queries:
        try:
            tree = sqlglot.parse_one(query.sql, read=DIALECT)
        except sqlglot.ParseError as error:
            raise SemanticModelError(f"verified query {query.name}: {error}") from None
        used = {p.name for p in tree.find_all(exp.Placeholder)}
        if used != set(query.params):
            raise SemanticModelError(
                f"verified query {query.name}: parameters {sorted(used)} "
                f"but params gives {sorted(query.params)}"
            )
    return model


def load_model(path: Path = MODEL_PATH) -> SemanticModel:
    """Read, parse and check a semantic model file."""
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    return validate_model(SemanticModel.model_validate(data))


@cache
def semantic_model() -> SemanticModel:
    """The ERP semantic model, loaded once per process."""
    return load_model()
