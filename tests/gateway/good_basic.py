"""Good SQL, first half: counts, groupings, dates, windows, percentiles and series over the ERP tables."""

from tests.gateway.good_cases import Good

BASIC_CASES: list[Good] = [
    Good(
        "headcount-by-department",
        """
        SELECT d.name AS department, count(*) AS active
          FROM erp_employee e JOIN erp_department d ON d.id = e.department_id
         WHERE e.termination_date IS NULL
         GROUP BY d.name ORDER BY active DESC, department
    """,
    ),
    Good("all-departments", "SELECT code, name FROM erp_department ORDER BY code"),
    Good("employee-count", "SELECT count(*) FROM erp_employee"),
    Good(
        "terminated-count-filter",
        """
        SELECT count(*) FILTER (WHERE termination_date IS NOT NULL) AS terminated,
               count(*) FILTER (WHERE termination_date IS NULL) AS active
          FROM erp_employee
    """,
    ),
    Good(
        "average-salary-by-department",
        """
        SELECT d.name, round(avg(s.amount), 2) AS avg_pay
          FROM erp_salary s
          JOIN erp_employee e ON e.id = s.employee_id
          JOIN erp_department d ON d.id = e.department_id
         GROUP BY d.name ORDER BY d.name
    """,
    ),
    Good(
        "monthly-payroll",
        """
        SELECT date_trunc('month', pay_date)::date AS month, sum(amount) AS payroll
          FROM erp_salary GROUP BY 1 ORDER BY 1
    """,
    ),
    Good(
        "payroll-last-12-months",
        """
        SELECT date_trunc('month', pay_date) AS month, sum(amount) AS payroll
          FROM erp_salary
         WHERE pay_date >= (SELECT max(pay_date) FROM erp_salary) - interval '12 months'
         GROUP BY 1 ORDER BY 1
    """,
    ),
    Good(
        "payroll-growth-lag",
        """
        WITH monthly AS (
          SELECT date_trunc('month', pay_date) AS month, sum(amount) AS total
            FROM erp_salary GROUP BY 1
        )
        SELECT month, total, total - lag(total) OVER (ORDER BY month) AS change,
               round(100.0 * (total / nullif(lag(total) OVER (ORDER BY month), 0) - 1), 2) AS pct
          FROM monthly ORDER BY month
    """,
    ),
    Good(
        "hires-per-year-extract",
        """
        SELECT EXTRACT(YEAR FROM hire_date) AS year, count(*) AS hires
          FROM erp_employee GROUP BY 1 ORDER BY 1
    """,
    ),
    Good(
        "hires-per-quarter-to-char",
        """
        SELECT to_char(hire_date, 'YYYY-"Q"Q') AS quarter, count(*)
          FROM erp_employee GROUP BY 1 ORDER BY 1
    """,
    ),
    Good(
        "tenure-buckets-case",
        """
        SELECT CASE
                 WHEN age(coalesce(termination_date, DATE '2026-06-30'), hire_date) < interval '1 year' THEN '< 1 year'
                 WHEN age(coalesce(termination_date, DATE '2026-06-30'), hire_date) < interval '3 years' THEN '1-3 years'
                 ELSE '3+ years'
               END AS tenure,
               count(*)
          FROM erp_employee GROUP BY 1 ORDER BY 1
    """,
    ),
    Good(
        "level-distribution-width-bucket",
        """
        SELECT width_bucket(level, 1, 11, 5) AS band, min(level), max(level), count(*)
          FROM erp_employee GROUP BY 1 ORDER BY 1
    """,
    ),
    Good(
        "top-earners-rank",
        """
        WITH latest AS (
          SELECT employee_id, amount,
                 row_number() OVER (PARTITION BY employee_id ORDER BY pay_date DESC) AS rn
            FROM erp_salary
        )
        SELECT e.name, l.amount, rank() OVER (ORDER BY l.amount DESC, e.id) AS rnk
          FROM latest l JOIN erp_employee e ON e.id = l.employee_id
         WHERE l.rn = 1
         ORDER BY rnk LIMIT 10
    """,
    ),
    Good(
        "salary-rank-within-department",
        """
        SELECT d.code, e.name, s.amount,
               dense_rank() OVER (PARTITION BY d.code ORDER BY s.amount DESC) AS dr
          FROM erp_salary s
          JOIN erp_employee e ON e.id = s.employee_id
          JOIN erp_department d ON d.id = e.department_id
         WHERE s.pay_date = (SELECT max(pay_date) FROM erp_salary)
    """,
    ),
    Good(
        "running-total",
        """
        SELECT pay_date, sum(amount) AS paid,
               sum(sum(amount)) OVER (ORDER BY pay_date ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS cumulative
          FROM erp_salary GROUP BY pay_date ORDER BY pay_date
    """,
    ),
    Good(
        "moving-average-3-months",
        """
        SELECT month, total,
               round(avg(total) OVER (ORDER BY month ROWS BETWEEN 2 PRECEDING AND CURRENT ROW), 2) AS ma3
          FROM (SELECT date_trunc('month', pay_date) AS month, sum(amount) AS total
                  FROM erp_salary GROUP BY 1) m
         ORDER BY month
    """,
    ),
    Good(
        "first-and-last-pay",
        """
        SELECT DISTINCT e.id,
               first_value(s.amount) OVER w AS first_pay,
               last_value(s.amount) OVER w AS last_pay
          FROM erp_salary s JOIN erp_employee e ON e.id = s.employee_id
        WINDOW w AS (PARTITION BY e.id ORDER BY s.pay_date
                     ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
    """,
    ),
    Good(
        "quartiles-ntile",
        """
        SELECT quartile, min(amount), max(amount), count(*)
          FROM (SELECT amount, ntile(4) OVER (ORDER BY amount) AS quartile
                  FROM erp_salary WHERE pay_date = (SELECT max(pay_date) FROM erp_salary)) q
         GROUP BY quartile ORDER BY quartile
    """,
    ),
    Good(
        "median-percentile-cont",
        """
        SELECT d.name, percentile_cont(0.5) WITHIN GROUP (ORDER BY s.amount) AS median
          FROM erp_salary s
          JOIN erp_employee e ON e.id = s.employee_id
          JOIN erp_department d ON d.id = e.department_id
         GROUP BY d.name ORDER BY d.name
    """,
    ),
    Good(
        "percentile-disc-and-mode",
        """
        SELECT percentile_disc(0.9) WITHIN GROUP (ORDER BY level) AS p90,
               mode() WITHIN GROUP (ORDER BY level) AS common_level
          FROM erp_employee
    """,
    ),
    Good(
        "stddev-by-level",
        """
        SELECT e.level, round(stddev_samp(s.amount), 2) AS sd, round(variance(s.amount), 2) AS var
          FROM erp_salary s JOIN erp_employee e ON e.id = s.employee_id
         GROUP BY e.level ORDER BY e.level
    """,
    ),
    Good(
        "percent-rank-and-cume-dist",
        """
        SELECT id, level, round(percent_rank() OVER (ORDER BY level)::numeric, 4) AS pr,
               round(cume_dist() OVER (ORDER BY level)::numeric, 4) AS cd
          FROM erp_employee
    """,
    ),
    Good(
        "lead-next-raise",
        """
        SELECT employee_id, pay_date, amount,
               lead(amount) OVER (PARTITION BY employee_id ORDER BY pay_date) - amount AS next_change
          FROM erp_salary
         WHERE employee_id = (SELECT min(id) FROM erp_employee)
         ORDER BY pay_date
    """,
    ),
    Good(
        "raises-detected",
        """
        WITH changes AS (
          SELECT employee_id, pay_date, amount,
                 lag(amount) OVER (PARTITION BY employee_id ORDER BY pay_date) AS previous
            FROM erp_salary
        )
        SELECT EXTRACT(YEAR FROM pay_date) AS year, count(*) AS raises
          FROM changes WHERE amount > previous GROUP BY 1 ORDER BY 1
    """,
    ),
    Good(
        "unpaid-months-gap",
        """
        WITH months AS (
          SELECT generate_series(date_trunc('month', min(pay_date)), date_trunc('month', max(pay_date)),
                                 interval '1 month') AS month
            FROM erp_salary
        )
        SELECT m.month, count(s.id) AS payments
          FROM months m LEFT JOIN erp_salary s ON date_trunc('month', s.pay_date) = m.month
         GROUP BY m.month ORDER BY m.month
    """,
    ),
    Good(
        "calendar-generate-series-from",
        """
        SELECT d::date AS day, EXTRACT(ISODOW FROM d) AS weekday
          FROM generate_series(DATE '2026-01-01', DATE '2026-01-31', interval '1 day') AS g(d)
         ORDER BY day
    """,
    ),
    Good(
        "bounded-series-numbers",
        "SELECT n, n * n AS square FROM generate_series(1, 20) AS n ORDER BY n",
    ),
    Good(
        "hires-by-month-with-zero-fill",
        """
        SELECT to_char(m, 'YYYY-MM') AS month, count(e.id) AS hires
          FROM generate_series(DATE '2025-01-01', DATE '2025-12-01', interval '1 month') AS m
          LEFT JOIN erp_employee e ON date_trunc('month', e.hire_date) = m
         GROUP BY m ORDER BY m
    """,
    ),
    Good(
        "union-all-hires-and-leavers",
        """
        SELECT 'hire' AS event, hire_date AS day FROM erp_employee
        UNION ALL
        SELECT 'termination', termination_date FROM erp_employee WHERE termination_date IS NOT NULL
        ORDER BY day, event
    """,
    ),
]
