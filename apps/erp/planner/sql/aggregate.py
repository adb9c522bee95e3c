"""Readings that aggregate a measure: grouped or not, over one or several periods, with the
change between two periods, ranked (top N with ties) or filtered on the aggregate (HAVING)."""

from sqlglot import exp

from apps.erp.planner.periods import Period
from apps.erp.planner.reading import Band, Reading
from apps.erp.planner.sql.build import (
    CompiledQuery,
    CompileError,
    OutputColumn,
    Params,
    and_all,
    between,
    compiled,
    condition_sql,
    condition_table,
    expr,
    on_time,
    reference,
    rounded,
    select_from,
)
from apps.erp.planner.words import band_label
from apps.erp.semantic import Measure, SemanticModel

TIME_GRAINS = ("year", "quarter", "month")


class Query:
    """The pieces of one SELECT, collected while compiling a reading."""

    def __init__(self, reading: Reading, model: SemanticModel):
        self.reading, self.model = reading, model
        self.params = Params()
        self.select: list[exp.Expression] = []
        self.columns: list[OutputColumn] = []
        self.group: list[exp.Expression] = []
        self.order: list[exp.Expression] = []
        self.where: list[exp.Expression] = []
        self.having: list[exp.Expression] = []
        self.on: dict[str, list[exp.Expression]] = {}

    def add(self, node: exp.Expression, column: OutputColumn) -> None:
        self.select.append(exp.alias_(node, column.name, copy=False))
        self.columns.append(column)

    def as_of(self) -> exp.Expression:
        return self.params.day("as_of", self.reading.as_of)


def aggregate(node_row: exp.Expression, measure: Measure, condition=None) -> exp.Expression:
    agg = measure.aggregation
    node: exp.Expression
    if agg == "count":
        node = exp.Count(this=node_row)
    elif agg == "count_distinct":
        node = exp.Count(this=exp.Distinct(expressions=[node_row]))
    elif agg == "median":
        node = exp.WithinGroup(
            this=exp.Anonymous(this="PERCENTILE_CONT", expressions=[exp.Literal.number(0.5)]),
            expression=exp.Order(expressions=[exp.Ordered(this=node_row)]),
        )
    else:
        node = {"sum": exp.Sum, "avg": exp.Avg, "min": exp.Min, "max": exp.Max}[agg](this=node_row)
    if condition is not None:
        node = exp.Filter(this=node, expression=exp.Where(this=condition))
    if agg == "median":
        node = exp.Cast(this=node, to=exp.DataType.build("numeric"))
    return node


def time_column(model: SemanticModel, measure: Measure) -> exp.Expression | None:
    if measure.time_dimension is None:
        return None
    return expr(model.time_dimension(measure.time_dimension).expr)


def band_case(q: Query, fact: exp.Expression) -> tuple[exp.Expression, exp.Expression]:
    """CASE naming each tenure band (in the person's language) and the condition "inside
    one of the bands"."""
    reading, params = q.reading, q.params
    default = q.model.dimension("tenure_band").default_bands
    bands = sorted(
        reading.bands or [Band(low, high) for low, high in default], key=lambda band: band.low
    )
    contiguous = all(a.high == b.low for a, b in zip(bands, bands[1:], strict=False))
    ifs, ranges = [], []
    label = lambda band: exp.Literal.string(band_label(band, reading.language))  # noqa: E731
    if contiguous:
        for index, band in enumerate(bands, start=1):
            high = params.value(f"tenure_{index}_max", _plain(band.high))
            ifs.append(exp.If(this=exp.LT(this=fact.copy(), expression=high), true=label(band)))
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
            exp.GTE(this=fact.copy(), expression=low), exp.LT(this=fact.copy(), expression=high)
        )
        ifs.append(exp.If(this=inside, true=label(band)))
        ranges.append(exp.Paren(this=inside.copy()))
    return exp.Case(ifs=ifs), exp.or_(*ranges)


def _plain(value: float) -> int | float:
    return int(value) if value == int(value) else round(value, 4)


def dimensions(q: Query, measure: Measure, ref: exp.Expression | None) -> None:
    """SELECT, GROUP BY and default ORDER BY for the reading's dimensions."""
    reading, model = q.reading, q.model
    for name in reading.dimensions:
        if name == "employee":
            employee = model.dimension("employee")
            key, person = expr(employee.key or ""), expr(employee.expr or "")
            department = expr(model.dimension("department").expr or "")
            q.add(key, OutputColumn("employee_id", "key", "employee_id"))
            q.add(person, OutputColumn("employee", "dimension", "employee"))
            if "department" not in reading.dimensions:
                q.add(department, OutputColumn("department", "attribute", "department"))
                q.group.append(department.copy())
            q.group.extend([key.copy(), person.copy()])
            q.order.extend([person.copy(), key.copy()])
        elif name == "tenure_band":
            fact = model.fact(model.dimension("tenure_band").facts[measure.table])
            value = expr(fact.expr, ref)
            case, inside = band_case(q, value)
            q.add(case, OutputColumn("tenure", "dimension", "tenure"))
            q.where.append(inside)
            q.group.append(exp.column("tenure"))
            q.order.append(exp.Min(this=value))
        elif name in TIME_GRAINS:
            column = time_column(model, measure)
            if column is None:
                raise CompileError(f"{measure.name} has no time dimension")
            node = on_time(model.time_grain(name).expr, column)
            q.add(node, OutputColumn(name, "dimension", name))
            q.group.append(node.copy())
            q.order.append(node.copy())
        else:
            node = expr(model.dimension(name).expr or "")
            q.add(node, OutputColumn(name, "dimension", name))
            q.group.append(node.copy())
            q.order.append(node.copy())


def _period_prefixes(periods: tuple[Period, ...]) -> list[str]:
    return [""] if len(periods) == 1 else [f"p{i}_" for i in range(1, len(periods) + 1)]


def _period_suffixes(periods: tuple[Period, ...]) -> list[str]:
    suffixes: list[str] = []
    for index, period in enumerate(periods, start=1):
        suffix = period.slug or f"p{index}"
        if suffix in suffixes:
            suffix = f"{suffix}_p{index}"
        suffixes.append(suffix)
    return suffixes


def conditions(q: Query, ref: exp.Expression | None, outer: bool) -> None:
    """The reading's conditions, in WHERE or (every department listed) in the ON clause of
    the table each one is about."""
    model = q.model
    for condition in q.reading.conditions:
        node = condition_sql(model, condition, q.params, ref)
        table = condition_table(model, condition)
        if outer and table != "department":
            q.on.setdefault(table, []).append(node)
        else:
            q.where.append(node)


def compile_aggregate(reading: Reading, model: SemanticModel, measure: Measure) -> CompiledQuery:
    q = Query(reading, model)
    snapshot = measure.time_dimension is None
    times = time_column(model, measure)
    periods = reading.periods
    pivot = len(periods) > 1
    if reading.order is not None and pivot and reading.change is None:
        raise CompileError("ranking over several periods needs a change to rank by")
    # Grouped by department alone, every department is listed (0 or empty when it has no
    # rows); with a second grouping, empty combinations would only add noise.
    outer = reading.dimensions == ("department",) and measure.table != "department"
    single_ref = reference(q.params, reading) if snapshot and not pivot else None
    # an event counted by tenure ("leavers with under a year of service"): the tenure on the
    # as-of date, or on the day a leaver left — the tenure they left with
    dimensions(q, measure, single_ref if snapshot else q.as_of())
    conditions(q, single_ref or q.as_of(), outer)
    population = reading.population or (measure.population if snapshot else None)
    row_text = model.measure_expr(measure)
    unit = measure.unit or (model.fact(measure.fact).unit if measure.fact else None)

    def filtered(table: str, node: exp.Expression) -> None:
        (q.on.setdefault(table, []) if outer else q.where).append(node)

    aggregates: list[exp.Expression] = []
    if not pivot:
        if population is not None:
            ref = single_ref if snapshot else q.as_of()
            filtered(model.filter(population).table, expr(model.filter(population).expr, ref))
        if times is not None:
            period_condition = (
                between(times, periods[0], q.params, "")
                if periods
                else exp.LTE(this=times.copy(), expression=q.as_of())
            )
            filtered(measure.table, period_condition)
        node = aggregate(expr(row_text, single_ref), measure)
        aggregates.append(node)
        q.add(
            rounded(node, measure.decimals),
            OutputColumn(measure.column, "measure", measure.name, unit, measure.decimals),
        )
    else:
        if population is not None and not snapshot:
            filtered(model.filter(population).table, expr(model.filter(population).expr, q.as_of()))
        for period, prefix, suffix in zip(
            periods, _period_prefixes(periods), _period_suffixes(periods), strict=True
        ):
            if snapshot:
                ref = q.params.day(f"{prefix}end", period.end)
                condition = expr(model.filter(population).expr, ref) if population else None
                row = expr(row_text, ref)
            else:
                condition = between(times, period, q.params, prefix)  # type: ignore[arg-type]
                row = expr(row_text)
            node = aggregate(row, measure, condition)
            aggregates.append(node)
            column = OutputColumn(
                f"{measure.column}_{suffix}",
                "measure",
                measure.name,
                unit,
                measure.decimals,
                period,
            )
            q.add(rounded(node, measure.decimals), column)
    rank_by = _change(q, aggregates, measure, unit)
    _having(q, aggregates[0])
    return finish(q, measure, rank_by, outer)


def _change(q: Query, aggregates, measure: Measure, unit) -> exp.Expression:
    reading = q.reading
    if reading.change is None:
        return aggregates[0]
    if len(aggregates) != 2:
        raise CompileError("a change needs exactly two periods")
    before, after = aggregates
    difference = exp.Sub(this=after.copy(), expression=before.copy())
    name = reading.change_word
    rank_by = difference
    if reading.change == "percent":
        rank_by = exp.Div(
            this=exp.Mul(this=exp.Literal.number(100), expression=exp.Paren(this=difference)),
            expression=exp.Anonymous(
                this="NULLIF", expressions=[before.copy(), exp.Literal.number(0)]
            ),
            typed=True,  # PostgreSQL division as written (numeric), no cast to double
        )
        q.add(rounded(rank_by, 2), OutputColumn(f"{name}_pct", "change", f"{name}_pct", "%", 2))
    else:
        q.add(
            rounded(difference, measure.decimals),
            OutputColumn(name, "change", name, unit, measure.decimals),
        )
    if reading.top is not None or "employee" in reading.dimensions:
        q.having.extend(
            [exp.Not(this=exp.Is(this=a.copy(), expression=exp.Null())) for a in aggregates]
        )
    return rank_by


def _having(q: Query, node: exp.Expression) -> None:
    ops = {"gt": exp.GT, "gte": exp.GTE, "lt": exp.LT, "lte": exp.LTE, "eq": exp.EQ}
    for index, having in enumerate(q.reading.having, start=1):
        if having.op == "between":
            low = q.params.value(f"having_{index}_min", having.values[0])
            high = q.params.value(f"having_{index}_max", having.values[1])
            q.having.append(exp.Between(this=node.copy(), low=low, high=high))
        else:
            value = q.params.value(f"having_{index}", having.values[0])
            q.having.append(ops[having.op](this=node.copy(), expression=value))


def ordered(node: exp.Expression, direction: str) -> exp.Ordered:
    return exp.Ordered(this=node.copy(), desc=direction == "desc", nulls_first=False)


def _ids_last(q: Query) -> None:
    """Ids are for joining, not reading: they come after the columns asked about."""
    pairs = list(zip(q.select, q.columns, strict=True))
    pairs.sort(key=lambda pair: pair[1].role == "key")
    q.select, q.columns = [p[0] for p in pairs], [p[1] for p in pairs]


def finish(q: Query, measure: Measure, rank_by: exp.Expression, outer: bool) -> CompiledQuery:
    reading, model = q.reading, q.model
    _ids_last(q)
    ordering = q.order
    if reading.order is not None and reading.top is None:
        ordering = [ordered(rank_by, reading.order), *q.order]
    rank = None
    if reading.top is not None:
        rank = exp.Window(
            this=exp.Anonymous(this="RANK"),
            order=exp.Order(expressions=[ordered(rank_by, reading.order or "desc")]),
        )
        q.add(rank, OutputColumn("rank", "rank", "rank"))
    # Every department is listed: the query starts from the departments and joins the rest.
    base = model.dimension("department").table if outer else measure.table
    tree = select_from(
        model,
        q.select,
        base or measure.table,
        [*q.where, *q.group, *q.having],
        outer=outer,
        on_conditions=q.on,
    )
    if q.where:
        tree = tree.where(and_all(q.where), copy=False)
    if q.group:
        tree = tree.group_by(*q.group, copy=False)
    if q.having:
        tree = tree.having(and_all(q.having), copy=False)
    if rank is None:
        if ordering:
            tree = tree.order_by(*ordering, copy=False)
        return compiled(tree, q.params.values, tuple(q.columns))
    return ranked(tree, q)


def ranked(inner: exp.Select, q: Query) -> CompiledQuery:
    """Keep the rows ranked within the top N, ties included."""
    reading = q.reading
    keep = [c for c in q.columns if c.role != "rank" or (reading.top or 0) > 1]
    outer = exp.select(*[exp.column(c.name) for c in keep], copy=False).from_(
        exp.Subquery(this=inner, alias=exp.TableAlias(this=exp.to_identifier("ranked"))),
        copy=False,
    )
    outer = outer.where(
        exp.LTE(this=exp.column("rank"), expression=q.params.value("n", reading.top or 1)),
        copy=False,
    )
    names = [c.name for c in q.columns if c.role == "dimension"]
    names += [c.name for c in q.columns if c.role in ("attribute", "key")]
    outer = outer.order_by(exp.column("rank"), *[exp.column(n) for n in names], copy=False)
    return compiled(outer, q.params.values, tuple(keep))
