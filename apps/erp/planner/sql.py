"""StructuredQuery → a sqlglot tree → PostgreSQL text with `:name` parameters.

Everything is built as sqlglot expressions: the semantic model's trusted expressions are parsed
and composed; values that come from the question (department names, dates, levels, N, tenure
bounds) enter only as placeholders whose values go in `params`, bound by the gateway. Date
parameters are ISO strings cast to DATE in the SQL, so the binding's type does not matter.
"""

from dataclasses import dataclass, field
from datetime import date
from typing import Literal

from sqlglot import exp
from sqlglot.dialects.postgres import Postgres

from apps.erp.planner.dates import Period
from apps.erp.planner.query import Band, StructuredQuery
from apps.erp.semantic import Measure, SemanticModel, parse_expression, semantic_model

ParamValue = str | int | float


class PlannerDialect(Postgres):
    """PostgreSQL, with parameters written as `:name` (the form the gateway binds)."""

    class Generator(Postgres.Generator):
        def placeholder_sql(self, expression: exp.Placeholder) -> str:
            return f":{expression.name}"


class CompileError(ValueError):
    """The structured query has no SQL form (a combination the compiler does not support)."""


Role = Literal["dimension", "measure", "change", "attribute", "rank"]


@dataclass(frozen=True)
class OutputColumn:
    name: str
    role: Role
    label: str
    unit: str | None = None
    dimension: str | None = None
    decimals: int | None = None


@dataclass(frozen=True)
class CompiledQuery:
    tree: exp.Expression
    params: dict[str, ParamValue]
    columns: tuple[OutputColumn, ...]

    @property
    def sql(self) -> str:
        return self.tree.sql(dialect=PlannerDialect, pretty=True)


def _compiled(
    tree: exp.Expression, params: dict[str, ParamValue], columns: tuple[OutputColumn, ...]
) -> CompiledQuery:
    """The final query, with exactly the parameters its SQL uses (the gateway rejects others)."""
    used = {node.name for node in tree.find_all(exp.Placeholder)}
    return CompiledQuery(tree, {k: v for k, v in params.items() if k in used}, columns)


@dataclass
class _Params:
    values: dict[str, ParamValue] = field(default_factory=dict)

    def value(self, name: str, value: ParamValue) -> exp.Expression:
        if self.values.get(name, value) != value:
            raise CompileError(f"parameter {name} bound twice with different values")
        self.values[name] = value
        return exp.Placeholder(this=name)

    def day(self, name: str, value: date) -> exp.Expression:
        return exp.Cast(this=self.value(name, value.isoformat()), to=exp.DataType.build("date"))


def _expr(text: str, ref: exp.Expression | None = None) -> exp.Expression:
    """A model expression, with its `:as_of` replaced by `ref`."""
    tree = parse_expression(text).copy()

    def swap(node: exp.Expression) -> exp.Expression:
        if isinstance(node, exp.Placeholder) and node.name == "as_of":
            if ref is None:
                raise CompileError(f"{text!r} needs a reference date")
            return ref.copy()
        return node

    return tree.transform(swap)


def _on_time(text: str, column: exp.Expression) -> exp.Expression:
    """A time grain expression applied to `column` (the grain's `time`)."""

    def swap(node: exp.Expression) -> exp.Expression:
        if isinstance(node, exp.Column) and node.name == "time" and not node.table:
            return column.copy()
        return node

    return _expr(text).transform(swap)


def _aliases(*nodes: exp.Expression) -> set[str]:
    return {c.table for node in nodes for c in node.find_all(exp.Column) if c.table}


def _and(conditions: list[exp.Expression]) -> exp.Expression | None:
    if not conditions:
        return None
    return exp.and_(*[c.copy() for c in conditions])


def _round(node: exp.Expression, decimals: int | None) -> exp.Expression:
    if decimals is None:
        return node
    return exp.Anonymous(this="ROUND", expressions=[node, exp.Literal.number(decimals)])


def _aggregate(
    measure: Measure, row: exp.Expression, condition: exp.Expression | None
) -> exp.Expression:
    agg = measure.aggregation
    node: exp.Expression
    if agg == "count":
        node = exp.Count(this=row)
    elif agg == "count_distinct":
        node = exp.Count(this=exp.Distinct(expressions=[row]))
    elif agg == "median":
        node = exp.WithinGroup(
            this=exp.Anonymous(this="PERCENTILE_CONT", expressions=[exp.Literal.number(0.5)]),
            expression=exp.Order(expressions=[exp.Ordered(this=row)]),
        )
    else:
        node = {"sum": exp.Sum, "avg": exp.Avg, "min": exp.Min, "max": exp.Max}[agg](this=row)
    if condition is not None:
        node = exp.Filter(this=node, expression=exp.Where(this=condition))
    if agg == "median":
        node = exp.Cast(this=node, to=exp.DataType.build("numeric"))
    return node


def _between(
    column: exp.Expression, period: Period, params: _Params, prefix: str
) -> exp.Expression:
    end = params.day(f"{prefix}end", period.end)
    if period.start is None:
        return exp.LTE(this=column.copy(), expression=end)
    start = params.day(f"{prefix}start", period.start)
    return exp.Between(this=column.copy(), low=start, high=end)


def _period_prefixes(periods: tuple[Period, ...]) -> list[str]:
    if len(periods) == 1:
        return [""]
    return [f"p{index}_" for index in range(1, len(periods) + 1)]


def _period_suffixes(periods: tuple[Period, ...]) -> list[str]:
    suffixes = []
    for index, period in enumerate(periods, start=1):
        suffix = period.slug or f"p{index}"
        if suffix in suffixes:
            suffix = f"{suffix}_p{index}"
        suffixes.append(suffix)
    return suffixes


def _department_conditions(q: StructuredQuery, params: _Params) -> list[exp.Expression]:
    department = exp.column("name", "d")
    if len(q.departments) == 1:
        value = params.value("department", q.departments[0])
        return [exp.EQ(this=department, expression=value)]
    if q.departments:
        names = [
            params.value(f"department_{i}", name) for i, name in enumerate(q.departments, start=1)
        ]
        return [exp.In(this=department, expressions=names)]
    return []


def _level_conditions(q: StructuredQuery, params: _Params) -> list[exp.Expression]:
    if q.levels is None:
        return []
    level = exp.column("level", "e")
    if q.levels.low == q.levels.high:
        return [exp.EQ(this=level, expression=params.value("level", q.levels.low))]
    low = params.value("level_min", q.levels.low)
    high = params.value("level_max", q.levels.high)
    return [exp.Between(this=level, low=low, high=high)]


class _Builder:
    """Collects the pieces of one SELECT and assembles the FROM/JOIN clause."""

    def __init__(self, query: StructuredQuery, model: SemanticModel):
        self.query, self.model = query, model
        self.params = _Params()
        self.select: list[exp.Expression] = []
        self.columns: list[OutputColumn] = []
        self.group: list[exp.Expression] = []
        self.order: list[exp.Expression] = []
        self.conditions: list[exp.Expression] = []
        self.having: list[exp.Expression] = []

    # values bound from the question
    def as_of(self) -> exp.Expression:
        return self.params.day("as_of", self.query.as_of)

    def reference(self) -> exp.Expression:
        q = self.query
        if q.reference is None or q.reference == q.as_of:
            return self.as_of()
        return self.params.day("on_date", q.reference)

    def add(self, node: exp.Expression, column: OutputColumn) -> None:
        self.select.append(exp.alias_(node, column.name, copy=False))
        self.columns.append(column)

    def filters(self) -> None:
        self.conditions.extend(_department_conditions(self.query, self.params))
        self.conditions.extend(_level_conditions(self.query, self.params))

    def joins(self, base: str, outer_department: bool) -> exp.Select:
        """FROM and JOINs for the aliases used; conditions go to WHERE or, when every
        department is listed (outer_department), to the ON clause of the table they use."""
        model = self.model
        nodes = [*self.select, *self.conditions, *self.group, *self.order, *self.having]
        used = _aliases(*nodes) | {base}
        # The ERP's tables form one chain, salary → employee → department (the model's
        # relationships, keyed by their many side).
        on = {rel.from_table: parse_expression(rel.on) for rel in model.relationships}
        table = {t.alias: t.base_table for t in model.tables}
        if "s" in used:
            used.add("e")
        if outer_department:
            tree = exp.select(*self.select, copy=False).from_(
                exp.to_table(table["d"]).as_("d"), copy=False
            )
            where = []
            by_table: dict[str, list[exp.Expression]] = {"e": [], "s": []}
            for condition in self.conditions:
                refs = _aliases(condition)
                if "s" in refs:
                    by_table["s"].append(condition)
                elif "e" in refs:
                    by_table["e"].append(condition)
                else:
                    where.append(condition)
            for name, child in (("e", "employee"), ("s", "salary")):
                if name in used:
                    condition = _and([on[child], *by_table[name]])
                    tree = tree.join(
                        exp.to_table(table[name]).as_(name),
                        on=condition,
                        join_type="left",
                        copy=False,
                    )
            if where:
                tree = tree.where(_and(where), copy=False)
            return tree
        tree = exp.select(*self.select, copy=False).from_(
            exp.to_table(table[base]).as_(base), copy=False
        )
        path = {"s": ["e", "d"], "e": ["d"], "d": []}[base]
        needed = used - {base}
        if not needed <= set(path):
            raise CompileError(f"cannot reach {sorted(needed)} from {table[base]}")
        relationship = {"e": "salary", "d": "employee"}
        last = max((path.index(a) for a in needed), default=-1)
        for name in path[: last + 1]:
            tree = tree.join(
                exp.to_table(table[name]).as_(name), on=on[relationship[name]].copy(), copy=False
            )
        if self.conditions:
            tree = tree.where(_and(self.conditions), copy=False)
        return tree


def _band_case(query: StructuredQuery, fact: exp.Expression, params: _Params, model: SemanticModel):
    """CASE naming each tenure band, and the condition "inside one of the bands"."""
    bands = sorted(
        query.bands
        or [Band(low, high) for low, high in model.dimension("tenure_band").default_bands],
        key=lambda band: band.low,
    )
    contiguous = all(a.high == b.low for a, b in zip(bands, bands[1:], strict=False))
    ifs, ranges = [], []
    if contiguous:
        for index, band in enumerate(bands, start=1):
            high = params.value(f"tenure_{index}_max", _plain(band.high))
            below = exp.LT(this=fact.copy(), expression=high)
            ifs.append(exp.If(this=below, true=exp.Literal.string(band.label)))
        low = params.value("tenure_min", _plain(bands[0].low))
        inside = exp.and_(
            exp.GTE(this=fact.copy(), expression=low),
            exp.LT(this=fact.copy(), expression=ifs[-1].this.expression.copy()),
        )
        return exp.Case(ifs=ifs), inside
    for index, band in enumerate(bands, start=1):
        low = params.value(f"tenure_{index}_min", _plain(band.low))
        high = params.value(f"tenure_{index}_max", _plain(band.high))
        inside = exp.and_(
            exp.GTE(this=fact.copy(), expression=low),
            exp.LT(this=fact.copy(), expression=high),
        )
        ifs.append(exp.If(this=inside, true=exp.Literal.string(band.label)))
        ranges.append(exp.Paren(this=inside.copy()))
    return exp.Case(ifs=ifs), exp.or_(*ranges)


def _plain(value: float) -> int | float:
    return int(value) if value == int(value) else round(value, 4)


def compile_query(query: StructuredQuery, model: SemanticModel | None = None) -> CompiledQuery:
    model = model or semantic_model()
    measure = model.measure(query.measure)
    if measure.aggregation == "gap":
        return _compile_unpaid(query, model)
    if query.listing:
        return _compile_list(query, model, measure)
    return _compile_aggregate(query, model, measure)


def _time_column(model: SemanticModel, measure: Measure) -> exp.Expression | None:
    if measure.time_dimension is None:
        return None
    return _expr(model.time_dimension(measure.time_dimension).expr)


def _dimensions(b: _Builder, measure: Measure, ref: exp.Expression | None) -> None:
    """SELECT, GROUP BY and default ORDER BY for the query's dimensions."""
    q, model = b.query, b.model
    for name in q.dimensions:
        if name == "employee":
            key, person, department = (
                exp.column("id", "e"),
                exp.column("name", "e"),
                exp.column("name", "d"),
            )
            b.add(key, OutputColumn("employee_id", "attribute", "Employee id", dimension=name))
            b.add(person, OutputColumn("employee", "dimension", "Employee", dimension=name))
            if "department" not in q.dimensions:
                b.add(department, OutputColumn("department", "attribute", "Department"))
                b.group.append(department.copy())
            b.group.extend([key.copy(), person.copy()])
            b.order.extend([person.copy(), key.copy()])
        elif name == "tenure_band":
            dimension = model.dimension("tenure_band")
            fact = model.fact(dimension.facts[measure.table])
            value = _expr(fact.expr, ref)
            case, inside = _band_case(q, value, b.params, model)
            b.add(case, OutputColumn("tenure", "dimension", dimension.label, dimension=name))
            b.conditions.append(inside)
            b.group.append(exp.column("tenure"))
            b.order.append(exp.Min(this=value))
        elif name in ("year", "quarter", "month"):
            grain = model.time_grain(name)
            column = _time_column(model, measure)
            if column is None:
                raise CompileError(f"{measure.name} has no time dimension")
            node = _on_time(grain.expr, column)
            b.add(node, OutputColumn(name, "dimension", grain.label, dimension=name))
            b.group.append(node.copy())
            b.order.append(node.copy())
        else:
            dimension = model.dimension(name)
            node = _expr(dimension.expr or "")
            b.add(node, OutputColumn(name, "dimension", dimension.label, dimension=name))
            b.group.append(node.copy())
            b.order.append(node.copy())


def _compile_aggregate(
    query: StructuredQuery, model: SemanticModel, measure: Measure
) -> CompiledQuery:
    b = _Builder(query, model)
    q = query
    snapshot = measure.time_dimension is None
    time_column = _time_column(model, measure)
    periods = q.periods
    pivot = len(periods) > 1
    if q.order is not None and pivot and q.change is None:
        raise CompileError("ranking over several periods needs a change to rank by")

    # The reference date of a snapshot (headcount on a day) or of an explicit population.
    single_ref = b.reference() if snapshot and not pivot else None
    _dimensions(b, measure, single_ref if snapshot else None)
    b.filters()

    population = q.population or (measure.population if snapshot else None)
    row_text = model.measure_expr(measure)
    unit = measure.unit or (model.fact(measure.fact).unit if measure.fact else None)
    aggregates: list[exp.Expression] = []
    if not pivot:
        if population is not None:
            ref = single_ref if snapshot else b.as_of()
            b.conditions.append(_expr(model.filter(population).expr, ref))
        if time_column is not None:
            if periods:
                b.conditions.append(_between(time_column, periods[0], b.params, ""))
            else:
                b.conditions.append(exp.LTE(this=time_column.copy(), expression=b.as_of()))
        node = _aggregate(measure, _expr(row_text, single_ref), None)
        aggregates.append(node)
        b.add(
            _round(node, measure.decimals),
            OutputColumn(measure.column, "measure", measure.label, unit, decimals=measure.decimals),
        )
    else:
        prefixes, suffixes = _period_prefixes(periods), _period_suffixes(periods)
        if population is not None and not snapshot:
            b.conditions.append(_expr(model.filter(population).expr, b.as_of()))
        for period, prefix, suffix in zip(periods, prefixes, suffixes, strict=True):
            if snapshot:
                ref = b.params.day(f"{prefix}end", period.end)
                condition = _expr(model.filter(population).expr, ref) if population else None
                row = _expr(row_text, ref)
            else:
                condition = _between(time_column, period, b.params, prefix)
                row = _expr(row_text)
            node = _aggregate(measure, row, condition)
            aggregates.append(node)
            label = f"{measure.label}, {period.label}"
            b.add(
                _round(node, measure.decimals),
                OutputColumn(
                    f"{measure.column}_{suffix}", "measure", label, unit, decimals=measure.decimals
                ),
            )
    rank_by = aggregates[0]
    if q.change is not None:
        if len(aggregates) != 2:
            raise CompileError("a change needs exactly two periods")
        before, after = aggregates
        difference = exp.Sub(this=after.copy(), expression=before.copy())
        name = q.change_word
        if q.change == "percent":
            ratio = exp.Div(
                this=exp.Mul(this=exp.Literal.number(100), expression=exp.Paren(this=difference)),
                expression=exp.Anonymous(
                    this="NULLIF", expressions=[before.copy(), exp.Literal.number(0)]
                ),
                typed=True,  # PostgreSQL division as written (numeric), no cast to double
            )
            rank_by = ratio
            b.add(
                _round(ratio, 2),
                OutputColumn(f"{name}_pct", "change", f"{name.title()} (%)", "%", decimals=2),
            )
        else:
            rank_by = difference
            b.add(
                _round(difference, measure.decimals),
                OutputColumn(name, "change", name.title(), unit, decimals=measure.decimals),
            )
        if q.top is not None or "employee" in q.dimensions:
            b.having.extend(
                [exp.Not(this=exp.Is(this=a.copy(), expression=exp.Null())) for a in aggregates]
            )

    # Grouped by department alone, every department is listed (0 or empty when it has no
    # rows); with a second grouping, empty combinations would only add noise.
    outer_department = q.dimensions == ("department",) and measure.table != "department"
    base = model.table(measure.table).alias
    ordering = _ordering(b, rank_by) if q.order is not None and q.top is None else b.order
    rank = None
    if q.top is not None:
        rank = exp.Window(
            this=exp.Anonymous(this="RANK"),
            order=exp.Order(expressions=[_ordered(rank_by, q.order or "desc")]),
        )
        b.add(rank, OutputColumn("rank", "rank", "Rank"))
    b.order = ordering
    tree = b.joins(base, outer_department)
    if b.group:
        tree = tree.group_by(*b.group, copy=False)
    if b.having:
        tree = tree.having(_and(b.having), copy=False)
    if rank is None:
        if ordering:
            tree = tree.order_by(*ordering, copy=False)
        return _compiled(tree, b.params.values, tuple(b.columns))
    return _ranked(tree, b)


def _ordered(node: exp.Expression, direction: str) -> exp.Ordered:
    return exp.Ordered(this=node.copy(), desc=direction == "desc", nulls_first=False)


def _ordering(b: _Builder, rank_by: exp.Expression) -> list[exp.Expression]:
    return [_ordered(rank_by, b.query.order or "desc"), *b.order]


def _ranked(inner: exp.Select, b: _Builder) -> CompiledQuery:
    """Keep the rows ranked within the top N, ties included."""
    q = b.query
    keep = [c for c in b.columns if c.role != "rank" or (q.top or 0) > 1]
    outer = exp.select(*[exp.column(c.name) for c in keep], copy=False).from_(
        exp.Subquery(this=inner, alias=exp.TableAlias(this=exp.to_identifier("ranked"))), copy=False
    )
    outer = outer.where(
        exp.LTE(this=exp.column("rank"), expression=b.params.value("n", q.top or 1)), copy=False
    )
    names = [c.name for c in b.columns if c.role == "dimension"]
    names += [c.name for c in b.columns if c.role == "attribute"]
    outer = outer.order_by(exp.column("rank"), *[exp.column(n) for n in names], copy=False)
    return _compiled(outer, b.params.values, tuple(keep))


def _compile_list(query: StructuredQuery, model: SemanticModel, measure: Measure) -> CompiledQuery:
    """The people behind a count: who was hired / left / is employed."""
    b = _Builder(query, model)
    e = "e"
    for name, label in (
        ("id", "Employee id"),
        ("name", "Employee"),
    ):
        column = "employee_id" if name == "id" else "employee"
        b.add(
            exp.column(name, e),
            OutputColumn(column, "dimension" if name == "name" else "attribute", label),
        )
    b.add(exp.column("name", "d"), OutputColumn("department", "attribute", "Department"))
    for name, label in (
        ("level", "Level"),
        ("hire_date", "Hire date"),
        ("termination_date", "Termination date"),
    ):
        b.add(exp.column(name, e), OutputColumn(name, "attribute", label))
    b.filters()
    time_column = _time_column(model, measure)
    ref = b.reference() if time_column is None else b.as_of()
    for name in query.dimensions:
        if name == "tenure_band":
            fact = model.fact(model.dimension("tenure_band").facts["employee"])
            case, inside = _band_case(query, _expr(fact.expr, ref), b.params, model)
            b.add(case, OutputColumn("tenure", "attribute", "Tenure"))
            b.conditions.append(inside)
        else:
            raise CompileError(f"people are not listed by {name}")
    population = query.population or measure.population
    if population is not None:
        b.conditions.append(_expr(model.filter(population).expr, ref))
    order: list[exp.Expression] = []
    if time_column is not None:
        b.conditions.append(_between(time_column, query.periods[0], b.params, ""))
        order.append(time_column.copy())
    b.order = [*order, exp.column("name", e), exp.column("id", e)]
    tree = b.joins("e", False).order_by(*b.order, copy=False)
    return _compiled(tree, b.params.values, tuple(b.columns))


UNPAID_MONTHS = """
SELECT e.id AS employee_id, e.name AS employee, e.department_id AS department_id,
       e.level AS level, CAST(m.month_start AS DATE) AS month
FROM erp_employee AS e
CROSS JOIN LATERAL generate_series(
  DATE_TRUNC('month', e.hire_date),
  DATE_TRUNC('month', LEAST(COALESCE(e.termination_date, :as_of), :as_of)),
  INTERVAL '1 month'
) AS m(month_start)
WHERE CAST(m.month_start + INTERVAL '1 month' - INTERVAL '1 day' AS DATE) <= :as_of
  AND NOT EXISTS (
    SELECT 1 FROM erp_salary AS s
    WHERE s.employee_id = e.id
      AND s.pay_date >= m.month_start
      AND s.pay_date < m.month_start + INTERVAL '1 month'
  )
"""
MONTH_PAY_DATE = "CAST(m.month_start + INTERVAL '1 month' - INTERVAL '1 day' AS DATE)"


def _compile_unpaid(query: StructuredQuery, model: SemanticModel) -> CompiledQuery:
    """Employee-months with no salary row (see the unpaid_months measure)."""
    params = _Params()
    measure = model.measure("unpaid_months")
    as_of = params.day("as_of", query.as_of)
    months = _expr(UNPAID_MONTHS, as_of)
    extra = _level_conditions(query, params)
    if query.population is not None:
        extra.append(_expr(model.filter(query.population).expr, as_of))
    if query.periods:
        extra.append(_between(_expr(MONTH_PAY_DATE), query.periods[0], params, ""))
    if extra:
        months = months.where(_and(extra), append=True, copy=False)
    if query.dimensions or query.counting:
        tree, columns, order = _unpaid_counts(query, measure, model)
    else:
        u = "u"
        tree = exp.select(
            exp.alias_(exp.column("employee_id", u), "employee_id"),
            exp.alias_(exp.column("employee", u), "employee"),
            exp.alias_(exp.column("name", "d"), "department"),
            exp.alias_(exp.column("month", u), "month"),
            copy=False,
        ).from_(exp.to_table("unpaid").as_(u), copy=False)
        tree = tree.join(exp.to_table("erp_department").as_("d"), on=UNPAID_DEPARTMENT, copy=False)
        columns = [
            OutputColumn("employee_id", "attribute", "Employee id"),
            OutputColumn("employee", "dimension", "Employee"),
            OutputColumn("department", "attribute", "Department"),
            OutputColumn("month", "dimension", "Unpaid month"),
        ]
        order = [exp.column("month", u), exp.column("employee", u), exp.column("employee_id", u)]
    departments = _department_conditions(query, params)
    if departments:
        tree = tree.where(_and(departments), copy=False)
    if order:
        tree = tree.order_by(*order, copy=False)
    tree = tree.with_("unpaid", as_=months, copy=False)
    return _compiled(tree, params.values, tuple(columns))


UNPAID_DEPARTMENT = "u.department_id = d.id"


def _unpaid_counts(query: StructuredQuery, measure: Measure, model: SemanticModel):
    dims = query.dimensions
    count = exp.Count(this=exp.column("employee_id", "u"))
    if not dims:
        tree = exp.select(
            exp.alias_(exp.Count(this=exp.Star()), measure.column),
            exp.alias_(
                exp.Count(this=exp.Distinct(expressions=[exp.column("employee_id", "u")])),
                "employees",
            ),
            copy=False,
        ).from_(exp.to_table("unpaid").as_("u"), copy=False)
        tree = tree.join(exp.to_table("erp_department").as_("d"), on=UNPAID_DEPARTMENT, copy=False)
        columns = [
            OutputColumn(measure.column, "measure", measure.label),
            OutputColumn("employees", "measure", "Employees affected"),
        ]
        return tree, columns, []
    if len(dims) != 1:
        raise CompileError("unpaid months are counted by one thing at a time")
    dim = dims[0]
    if dim == "department":
        tree = exp.select(
            exp.alias_(exp.column("name", "d"), "department"),
            exp.alias_(count, measure.column),
            copy=False,
        ).from_(exp.to_table("erp_department").as_("d"), copy=False)
        tree = tree.join(
            exp.to_table("unpaid").as_("u"), on=UNPAID_DEPARTMENT, join_type="left", copy=False
        )
        tree = tree.group_by(exp.column("name", "d"), copy=False)
        columns = [
            OutputColumn("department", "dimension", "Department", dimension="department"),
            OutputColumn(measure.column, "measure", measure.label),
        ]
        return tree, columns, [exp.column("name", "d")]
    base = (
        exp.select()
        .from_(exp.to_table("unpaid").as_("u"), copy=False)
        .join(exp.to_table("erp_department").as_("d"), on=UNPAID_DEPARTMENT, copy=False)
    )
    if dim == "employee":
        keys = [
            exp.column("employee_id", "u"),
            exp.column("employee", "u"),
            exp.column("name", "d"),
        ]
        tree = base.select(
            exp.alias_(keys[0], "employee_id"),
            exp.alias_(keys[1], "employee"),
            exp.alias_(keys[2], "department"),
            exp.alias_(count, measure.column),
            copy=False,
        ).group_by(*keys, copy=False)
        columns = [
            OutputColumn("employee_id", "attribute", "Employee id"),
            OutputColumn("employee", "dimension", "Employee", dimension="employee"),
            OutputColumn("department", "attribute", "Department"),
            OutputColumn(measure.column, "measure", measure.label),
        ]
        order = [_ordered(count, "desc"), keys[1].copy(), keys[0].copy()]
        return tree, columns, order
    if dim == "level":
        node = exp.column("level", "u")
        label = "Level"
    elif dim in ("year", "quarter", "month"):
        grain = model.time_grain(dim)
        month = exp.column("month", "u")
        node = _on_time(grain.expr, month)
        label = grain.label
    else:
        raise CompileError(f"unpaid months are not counted by {dim}")
    tree = base.select(
        exp.alias_(node, dim), exp.alias_(count, measure.column), copy=False
    ).group_by(node.copy(), copy=False)
    columns = [
        OutputColumn(dim, "dimension", label, dimension=dim),
        OutputColumn(measure.column, "measure", measure.label),
    ]
    return tree, columns, [node.copy()]
