"""The unpaid-months measure (aggregation "gap"): employee-months that were due and have no
salary row, listed or counted (see the measure in model.toml).

The months an employee was due pay are generated from the hire month to the termination (or
as-of) month; a month whose pay date (its last day) is after the as-of date is not due yet.
"""

from sqlglot import exp

from apps.erp.planner.reading import Reading
from apps.erp.planner.sql.aggregate import ordered
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
)
from apps.erp.semantic import SemanticModel

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
UNPAID_DEPARTMENT = "u.department_id = d.id"
U = "u"


def compile_unpaid(reading: Reading, model: SemanticModel) -> CompiledQuery:
    params = Params()
    measure = model.measure(reading.measure)
    as_of = params.day("as_of", reading.as_of)
    months = expr(UNPAID_MONTHS, as_of)
    inside, outside = [], []
    for condition in reading.conditions:
        node = condition_sql(model, condition, params, as_of)
        (outside if condition_table(model, condition) == "department" else inside).append(node)
    if reading.population is not None:
        inside.append(expr(model.filter(reading.population).expr, as_of))
    if reading.periods:
        inside.append(between(expr(MONTH_PAY_DATE), reading.periods[0], params, ""))
    if inside:
        months = months.where(and_all(inside), append=True, copy=False)
    if reading.dimensions or reading.counting:
        tree, columns, order = _counts(reading, model, measure.column)
    else:
        tree = _from_unpaid().select(
            exp.alias_(exp.column("employee", U), "employee"),
            exp.alias_(exp.column("name", "d"), "department"),
            exp.alias_(exp.column("month", U), "month"),
            exp.alias_(exp.column("employee_id", U), "employee_id"),
            copy=False,
        )
        columns = [
            OutputColumn("employee", "dimension", "employee"),
            OutputColumn("department", "attribute", "department"),
            OutputColumn("month", "dimension", "unpaid_month"),
            OutputColumn("employee_id", "key", "employee_id"),
        ]
        order = [exp.column("month", U), exp.column("employee", U), exp.column("employee_id", U)]
    if outside:
        tree = tree.where(and_all(outside), copy=False)
    if order:
        tree = tree.order_by(*order, copy=False)
    tree = tree.with_("unpaid", as_=months, copy=False)
    return compiled(tree, params.values, tuple(columns))


def _from_unpaid(*, from_department: bool = False) -> exp.Select:
    if from_department:
        return (
            exp.select()
            .from_(exp.to_table("erp_department").as_("d"), copy=False)
            .join(exp.to_table("unpaid").as_(U), on=UNPAID_DEPARTMENT, join_type="left", copy=False)
        )
    return (
        exp.select()
        .from_(exp.to_table("unpaid").as_(U), copy=False)
        .join(exp.to_table("erp_department").as_("d"), on=UNPAID_DEPARTMENT, copy=False)
    )


def _counts(reading: Reading, model: SemanticModel, column: str):
    dims = reading.dimensions
    count = exp.Count(this=exp.column("employee_id", U))
    measure_column = OutputColumn(column, "measure", reading.measure)
    if not dims:
        tree = _from_unpaid().select(
            exp.alias_(exp.Count(this=exp.Star()), column),
            exp.alias_(
                exp.Count(this=exp.Distinct(expressions=[exp.column("employee_id", U)])),
                "employees",
            ),
            copy=False,
        )
        affected = OutputColumn("employees", "measure", "employees_affected")
        return tree, [measure_column, affected], []
    if len(dims) != 1:
        raise CompileError("unpaid months are counted by one thing at a time")
    dim = dims[0]
    if dim == "department":
        name = exp.column("name", "d")
        tree = _from_unpaid(from_department=True).select(
            exp.alias_(name, "department"), exp.alias_(count, column), copy=False
        )
        tree = tree.group_by(name.copy(), copy=False)
        return tree, [OutputColumn("department", "dimension", "department"), measure_column], [name]
    if dim == "employee":
        keys = [exp.column("employee", U), exp.column("name", "d"), exp.column("employee_id", U)]
        tree = (
            _from_unpaid()
            .select(
                exp.alias_(keys[0], "employee"),
                exp.alias_(keys[1], "department"),
                exp.alias_(count, column),
                exp.alias_(keys[2], "employee_id"),
                copy=False,
            )
            .group_by(*keys, copy=False)
        )
        columns = [
            OutputColumn("employee", "dimension", "employee"),
            OutputColumn("department", "attribute", "department"),
            measure_column,
            OutputColumn("employee_id", "key", "employee_id"),
        ]
        return tree, columns, [ordered(count, "desc"), keys[0].copy(), keys[2].copy()]
    if dim == "level":
        node: exp.Expression = exp.column("level", U)
    elif dim in ("year", "quarter", "month"):
        node = on_time(model.time_grain(dim).expr, exp.column("month", U))
    else:
        raise CompileError(f"unpaid months are not counted by {dim}")
    tree = (
        _from_unpaid()
        .select(exp.alias_(node, dim), exp.alias_(count, column), copy=False)
        .group_by(node.copy(), copy=False)
    )
    return tree, [OutputColumn(dim, "dimension", dim), measure_column], [node.copy()]
