"""Reading → a sqlglot tree → PostgreSQL text with `:name` parameters (build.py has the
shared pieces; one module per kind of measure).

Compiling builds and copies sqlglot trees and writes their SQL: ~5% of the web process's CPU
under load, for readings that come back again and again (the same question from many people, a
chip pressed twice). What a reading compiles to depends only on the reading and the semantic
model, so the last compiled queries are kept, keyed by the model object and the reading's
`repr` — every field with its type (`1`, `1.0`, `True` and `"1"` are different keys, although a
dataclass compares and hashes them as equal), never by the question's words. A reading the
compiler refuses is refused afresh each time.
"""

import threading
from collections import OrderedDict
from dataclasses import replace

from apps.erp.planner.reading import Reading
from apps.erp.planner.sql.aggregate import compile_aggregate
from apps.erp.planner.sql.build import (
    CompiledQuery,
    CompileError,
    OutputColumn,
    PlannerDialect,
    tree_sql,
)
from apps.erp.planner.sql.derived import (
    compares_with_average,
    compile_against_average,
    compile_per_period,
    compile_share,
)
from apps.erp.planner.sql.listing import compile_listing
from apps.erp.planner.sql.paired import compile_paired
from apps.erp.planner.sql.rate import compile_rate
from apps.erp.planner.sql.series import compile_series
from apps.erp.planner.sql.unpaid import compile_unpaid
from apps.erp.semantic import SemanticModel, semantic_model

__all__ = ["CompileError", "CompiledQuery", "OutputColumn", "PlannerDialect", "compile_reading"]


# A compiled query holds its tree and text (a few kB): 1,024 stay within a few MB.
QUERIES_KEPT = 1024
_queries: OrderedDict[tuple[int, str], tuple[SemanticModel, CompiledQuery]] = OrderedDict()
_queries_lock = threading.Lock()


def compile_reading(reading: Reading, model: SemanticModel | None = None) -> CompiledQuery:
    """The query of a reading (raises CompileError), with its SQL text written. Each caller
    gets its own `params` dict; the tree is shared with the cache (see CompiledQuery)."""
    model = model or semantic_model()
    key = (id(model), repr(reading))
    with _queries_lock:
        found = _queries.get(key)
        if found is not None and found[0] is model:
            _queries.move_to_end(key)
            return replace(found[1], params=dict(found[1].params))
    query = _compile(reading, model)
    query = replace(query, text=tree_sql(query.tree))
    with _queries_lock:
        # The model is kept with its entry, so that its id cannot be another model's.
        _queries[key] = (model, query)
        _queries.move_to_end(key)
        while len(_queries) > QUERIES_KEPT:
            _queries.popitem(last=False)
    return replace(query, params=dict(query.params))


def _compile(reading: Reading, model: SemanticModel) -> CompiledQuery:
    def base(changed: Reading) -> CompiledQuery:
        return _compile(changed, model)

    if reading.also:
        return compile_paired(reading, model, base)
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
    if measure.time_dimension is None and reading.grain is not None:
        return compile_series(reading, model, measure)  # snapshots at each month's end
    return compile_aggregate(reading, model, measure)
