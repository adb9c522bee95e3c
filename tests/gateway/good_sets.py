"""Good SQL, second half: set operations, subqueries, LATERAL, grouping sets, strings, arrays, JSON and parameters."""

from tests.gateway.good_cases import Good

SET_AND_ADVANCED_CASES: list[Good] = [
    Good(
        "union-distinct-levels",
        """
        SELECT level FROM erp_employee WHERE level <= 3
        UNION
        SELECT level FROM erp_employee WHERE level >= 8
        ORDER BY level
    """,
    ),
    Good(
        "intersect-paid-employees",
        """
        SELECT id FROM erp_employee
        INTERSECT
        SELECT employee_id FROM erp_salary
    """,
    ),
    Good(
        "except-never-paid",
        """
        SELECT id FROM erp_employee
        EXCEPT
        SELECT employee_id FROM erp_salary
    """,
        may_be_empty=True,
    ),
    Good(
        "exists-correlated",
        """
        SELECT e.name FROM erp_employee e
         WHERE EXISTS (SELECT 1 FROM erp_salary s WHERE s.employee_id = e.id AND s.amount > 9000)
    """,
        may_be_empty=True,
    ),
    Good(
        "not-exists-recent",
        """
        SELECT count(*) FROM erp_employee e
         WHERE NOT EXISTS (SELECT 1 FROM erp_salary s
                            WHERE s.employee_id = e.id AND s.pay_date >= DATE '2026-06-01')
    """,
    ),
    Good(
        "scalar-subquery-in-select",
        """
        SELECT d.code,
               (SELECT count(*) FROM erp_employee e WHERE e.department_id = d.id) AS staff
          FROM erp_department d ORDER BY d.code
    """,
    ),
    Good(
        "in-subquery",
        """
        SELECT name FROM erp_employee
         WHERE department_id IN (SELECT id FROM erp_department WHERE code IN ('ENG', 'SAL'))
    """,
    ),
    Good(
        "lateral-latest-salary",
        """
        SELECT e.id, e.name, last_pay.amount
          FROM erp_employee e
          CROSS JOIN LATERAL (SELECT amount FROM erp_salary s
                               WHERE s.employee_id = e.id ORDER BY pay_date DESC LIMIT 1) AS last_pay
    """,
    ),
    Good(
        "distinct-on-latest",
        """
        SELECT DISTINCT ON (employee_id) employee_id, pay_date, amount
          FROM erp_salary ORDER BY employee_id, pay_date DESC
    """,
    ),
    Good(
        "rollup-department-level",
        """
        SELECT d.code, e.level, count(*)
          FROM erp_employee e JOIN erp_department d ON d.id = e.department_id
         GROUP BY ROLLUP (d.code, e.level)
    """,
    ),
    Good(
        "grouping-sets",
        """
        SELECT d.code, EXTRACT(YEAR FROM e.hire_date) AS year, count(*), grouping(d.code) AS all_departments
          FROM erp_employee e JOIN erp_department d ON d.id = e.department_id
         GROUP BY GROUPING SETS ((d.code), (EXTRACT(YEAR FROM e.hire_date)), ())
    """,
    ),
    Good(
        "having-large-departments",
        """
        SELECT department_id, count(*) AS staff FROM erp_employee
         GROUP BY department_id HAVING count(*) > 5 ORDER BY staff DESC, department_id
    """,
    ),
    Good(
        "string-functions",
        """
        SELECT id, upper(left(name, 1)) || lower(substring(name FROM 2)) AS proper,
               length(name) AS len, split_part(name, ' ', 1) AS first_name,
               lpad(level::text, 3, '0') AS padded, replace(name, ' ', '_') AS slug,
               position(' ' IN name) AS space_at, initcap(lower(name)) AS titled,
               reverse(name) AS backwards, trim(BOTH ' ' FROM '  ' || name || '  ') AS trimmed
          FROM erp_employee
    """,
    ),
    Good(
        "ilike-and-regex",
        """
        SELECT name FROM erp_employee
         WHERE name ILIKE 'a%' OR name ~ '^[MN]' OR name SIMILAR TO '%(son|sen)'
    """,
    ),
    Good(
        "regexp-replace-and-concat-ws",
        """
        SELECT concat_ws(' / ', code, name) AS label, regexp_replace(name, '[aeiou]', '', 'g') AS consonants,
               strpos(name, 'e') AS first_e, right(code, 2) AS tail
          FROM erp_department
    """,
    ),
    Good(
        "string-agg-by-department",
        """
        SELECT d.code, string_agg(e.name, ', ' ORDER BY e.name) AS staff
          FROM erp_employee e JOIN erp_department d ON d.id = e.department_id
         WHERE e.level >= 8 GROUP BY d.code ORDER BY d.code
    """,
    ),
    Good(
        "array-agg-and-cardinality",
        """
        SELECT department_id, cardinality(array_agg(DISTINCT level)) AS distinct_levels,
               array_agg(DISTINCT level ORDER BY level) AS levels
          FROM erp_employee GROUP BY department_id
    """,
    ),
    Good(
        "json-build-object",
        """
        SELECT json_build_object('code', code, 'name', name)::text AS doc FROM erp_department ORDER BY code
    """,
    ),
    Good(
        "jsonb-agg-summary",
        """
        SELECT jsonb_agg(jsonb_build_object('level', level, 'n', n) ORDER BY level)::text AS summary
          FROM (SELECT level, count(*) AS n FROM erp_employee GROUP BY level) t
    """,
    ),
    Good(
        "coalesce-nullif-greatest",
        """
        SELECT id, coalesce(termination_date, DATE '2026-06-30') AS until,
               nullif(level, 1) AS level_or_null, greatest(level, 5) AS at_least_5,
               least(level, 5) AS at_most_5
          FROM erp_employee
    """,
    ),
    Good(
        "interval-arithmetic",
        """
        SELECT id, hire_date + interval '90 days' AS probation_end,
               (coalesce(termination_date, DATE '2026-06-30') - hire_date) AS days_employed,
               justify_days(make_interval(days => (coalesce(termination_date, DATE '2026-06-30') - hire_date))) AS tenure
          FROM erp_employee
    """,
    ),
    Good(
        "date-part-and-make-date",
        """
        SELECT date_part('year', hire_date) AS y, date_part('month', hire_date) AS m,
               make_date(date_part('year', hire_date)::int, 1, 1) AS year_start, count(*)
          FROM erp_employee GROUP BY 1, 2, 3
    """,
    ),
    Good(
        "date-bin-weeks",
        """
        SELECT date_bin('7 days', hire_date::timestamp, TIMESTAMP '2020-01-06') AS week, count(*)
          FROM erp_employee GROUP BY 1
    """,
    ),
    Good(
        "salary-window-role-relative",
        """
        SELECT count(*) FROM erp_salary WHERE pay_date >= current_date - interval '24 months'
    """,
    ),
    Good(
        "values-join",
        """
        SELECT v.code, v.target, count(e.id) AS actual
          FROM (VALUES ('ENG', 30), ('SAL', 20), ('HR', 5)) AS v(code, target)
          JOIN erp_department d ON d.code = v.code
          LEFT JOIN erp_employee e ON e.department_id = d.id AND e.termination_date IS NULL
         GROUP BY v.code, v.target ORDER BY v.code
    """,
    ),
    Good("values-root", "VALUES (1, 'one'), (2, 'two')"),
    Good(
        "any-array",
        """
        SELECT name FROM erp_employee WHERE level = ANY (ARRAY[1, 2, 3])
    """,
    ),
    Good(
        "recursive-cte-bounded",
        """
        WITH RECURSIVE years(y) AS (
          SELECT 2020 UNION ALL SELECT y + 1 FROM years WHERE y < 2026
        )
        SELECT y, (SELECT count(*) FROM erp_employee WHERE EXTRACT(YEAR FROM hire_date) = y) AS hires
          FROM years ORDER BY y
    """,
    ),
    Good(
        "between-and-cast",
        """
        SELECT id, amount::int AS whole, amount::float8 AS approx, amount::text AS txt
          FROM erp_salary WHERE pay_date BETWEEN DATE '2025-01-01' AND DATE '2025-03-31'
    """,
    ),
    Good(
        "parameters-dates-and-level",
        """
        SELECT name, hire_date FROM erp_employee
         WHERE hire_date >= :since AND level >= :min_level ORDER BY hire_date, name
    """,
        params={"since": "2024-01-01", "min_level": 5},
    ),
    Good(
        "parameter-list",
        """
        SELECT code FROM erp_department WHERE code = ANY (:codes) ORDER BY code
    """,
        params={"codes": ["ENG", "FIN"]},
    ),
    Good(
        "parameter-reused",
        """
        SELECT count(*) FILTER (WHERE hire_date < :cutoff) AS before,
               count(*) FILTER (WHERE hire_date >= :cutoff) AS after
          FROM erp_employee
    """,
        params={"cutoff": "2023-01-01"},
    ),
    Good("limit-offset-paging", "SELECT id, name FROM erp_employee ORDER BY id LIMIT 10 OFFSET 20"),
    Good("fetch-first", "SELECT id FROM erp_employee ORDER BY id FETCH FIRST 5 ROWS ONLY"),
    Good(
        "table-alias-and-quoted",
        """
        SELECT "E".name AS "Employee Name", "E".level AS "Level"
          FROM erp_employee AS "E" WHERE "E".level > 8
    """,
        may_be_empty=True,
    ),
    Good("schema-qualified-table", "SELECT count(*) FROM public.erp_department"),
    Good(
        "average-tenure-by-department",
        """
        SELECT d.name,
               round(avg(EXTRACT(EPOCH FROM age(coalesce(e.termination_date, DATE '2026-06-30'), e.hire_date)) / 86400 / 365.25)::numeric, 2) AS years
          FROM erp_employee e JOIN erp_department d ON d.id = e.department_id
         GROUP BY d.name ORDER BY d.name
    """,
    ),
    Good(
        "bool-and-every",
        """
        SELECT department_id, bool_and(level >= 1) AS all_valid, bool_or(level = 10) AS has_top
          FROM erp_employee GROUP BY department_id
    """,
    ),
    Good(
        "correlation-level-pay",
        """
        SELECT round(corr(e.level, s.amount)::numeric, 6) AS r,
               round(regr_slope(s.amount, e.level)::numeric, 4) AS slope
          FROM erp_salary s JOIN erp_employee e ON e.id = s.employee_id
    """,
    ),
]
