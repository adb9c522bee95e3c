"""Reading → a sqlglot tree → PostgreSQL text with `:name` parameters (build.py has the
shared pieces; one module per kind of measure)."""

from apps.erp.planner.reading import Reading
from apps.erp.planner.sql.aggregate import compile_aggregate
from apps.erp.planner.sql.build import CompiledQuery, CompileError, OutputColumn, PlannerDialect
from apps.erp.planner.sql.derived import (
    compares_with_average,
    compile_against_average,
    compile_per_period,
    compile_share,
)
from apps.erp.planner.sql.listing import compile_listing
from apps.erp.planner.sql.rate import compile_rate
from apps.erp.planner.sql.unpaid import compile_unpaid
from apps.erp.semantic import SemanticModel, semantic_model

__all__ = ["CompileError", "CompiledQuery", "OutputColumn", "PlannerDialect", "compile_reading"]


def compile_reading(reading: Reading, model: SemanticModel | None = None) -> CompiledQuery:
    model = model or semantic_model()

    def base(changed: Reading) -> CompiledQuery:
        return compile_reading(changed, model)

    if reading.per is not None:
        return compile_per_period(reading, base)
    if compares_with_average(reading):
        return compile_against_average(reading, model, base, lambda r: _measured(r, model))
    if reading.share is not None:
        return compile_share(reading, model, base)
    return _measured(reading, model)


def _measured(reading: Reading, model: SemanticModel) -> CompiledQuery:
    measure = model.measure(reading.measure)
    if measure.aggregation == "gap":
        return compile_unpaid(reading, model)
    if measure.aggregation == "rate":
        return compile_rate(reading, model, measure)
    if reading.listing:
        return compile_listing(reading, model, measure)
    return compile_aggregate(reading, model, measure)
