"""Cross-reference checks of the semantic model that pydantic cannot do alone: every expression
parses and names only columns of tables it can reach, names are unique, references resolve."""

import sqlglot
from sqlglot import exp

from apps.erp.semantic.model import DIALECT, SemanticModel, SemanticModelError, parse_expression


def _check_expression(model: SemanticModel, where: str, text: str, tables: set[str]) -> None:
    try:
        tree = parse_expression(text)
    except sqlglot.ParseError as error:
        raise SemanticModelError(f"{where}: cannot parse {text!r}: {error}") from None
    aliases = {t.alias: t for t in model.tables}
    local = _local_aliases(model, where, tree)
    for column in tree.find_all(exp.Column):
        if column.table == "" and column.name == "time":
            continue  # the date column a time grain is applied to
        if column.table in local:
            table = local[column.table]
            if table is not None and table.column(column.name) is None:
                raise SemanticModelError(f"{where}: {table.base_table} has no column {column.name}")
            continue
        table = aliases.get(column.table)
        if table is None:
            raise SemanticModelError(f"{where}: {column.sql()} does not use a table alias")
        if table.column(column.name) is None:
            raise SemanticModelError(f"{where}: {table.base_table} has no column {column.name}")
        if table.name not in tables:
            raise SemanticModelError(f"{where}: {column.sql()} is outside {sorted(tables)}")


def _local_aliases(model: SemanticModel, where: str, tree: exp.Expression) -> dict:
    """Aliases an expression's own subqueries define ("FROM erp_salary AS r", "(…) AS steps"):
    a table of the model (its columns checked), or a derived table (None). A subquery reads
    only the model's tables."""
    by_base = {t.base_table: t for t in model.tables}
    local: dict = {}
    for table in tree.find_all(exp.Table):
        found = by_base.get(table.name)
        if found is None:
            raise SemanticModelError(f"{where}: {table.name} is no table of the model")
        if table.alias and table.alias not in {t.alias for t in model.tables}:
            local[table.alias] = found
    for subquery in tree.find_all(exp.Subquery):
        if subquery.alias:
            local[subquery.alias] = None
    return local


def _check_unique(model: SemanticModel) -> None:
    sections = {
        "tables": model.tables,
        "relationships": model.relationships,
        "facts": model.facts,
        "dimensions": model.dimensions,
        "entities": model.entities,
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


def _check_measures(model: SemanticModel) -> None:
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
        if measure.aggregation == "rate":
            numerator = model.measure(measure.numerator or "")
            denominator = model.measure(measure.denominator or "")
            if numerator.time_dimension is None or denominator.time_dimension is not None:
                raise SemanticModelError(
                    f"measure {measure.name}: a rate divides an event measure by a snapshot one"
                )


def _check_dimensions(model: SemanticModel) -> None:
    for dim in model.dimensions:
        if dim.kind == "category":
            reach = _reachable(model, dim.table or "")
            for text in (dim.expr, dim.key, *(a.expr for a in dim.attributes)):
                if text is not None:
                    _check_expression(model, f"dimension {dim.name}", text, reach)
        for table, fact in dim.facts.items():
            if model.fact(fact).table != table:
                raise SemanticModelError(f"dimension {dim.name}: fact {fact} is not on {table}")
        for low, high in dim.default_bands:
            if not 0 <= low < high:
                raise SemanticModelError(f"dimension {dim.name}: bad band [{low}, {high})")
    for entity in model.entities:
        model.dimension(entity.dimension)
        for text in (entity.key, entity.label, entity.code):
            if text is not None:
                _check_expression(model, f"entity {entity.name}", text, {entity.table})


def _check_verified_queries(model: SemanticModel) -> None:
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


def validate_model(model: SemanticModel) -> SemanticModel:
    """All cross-reference checks. Raises SemanticModelError."""
    _check_unique(model)
    everything = {t.name for t in model.tables}
    for rel in model.relationships:
        model.table(rel.from_table), model.table(rel.to_table)
        _check_expression(model, f"relationship {rel.name}", rel.on, {rel.from_table, rel.to_table})
    for fact in model.facts:
        _check_expression(model, f"fact {fact.name}", fact.expr, _reachable(model, fact.table))
    _check_dimensions(model)
    for td in model.time_dimensions:
        _check_expression(model, f"time dimension {td.name}", td.expr, {td.table})
    for grain in model.time_grains:
        _check_expression(model, f"time grain {grain.name}", grain.expr, everything)
    for flt in model.filters:
        _check_expression(model, f"filter {flt.name}", flt.expr, {flt.table})
    _check_measures(model)
    _check_verified_queries(model)
    return model
