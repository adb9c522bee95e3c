"""The demo seed: deterministic, and containing what the demo questions need."""

import random
from datetime import date

import pytest
from django.db import connections

from apps.erp.demo import generate
from tests.conftest import AS_OF, EMPLOYEES_PER_TENANT

pytestmark = pytest.mark.django_db(databases=["default", "owner"])


def _generated(seed: int, as_of: date):
    rng = random.Random(f"{seed}:0:{as_of.isoformat()}")
    people = generate.employees(rng, 200, as_of)
    pay = [list(generate.salaries(rng, person, as_of)) for person in people]
    return people, pay


def test_generation_is_deterministic_for_seed_and_as_of():
    assert _generated(3, date(2026, 1, 31)) == _generated(3, date(2026, 1, 31))
    assert _generated(3, date(2026, 1, 31)) != _generated(4, date(2026, 1, 31))
    assert _generated(3, date(2026, 1, 31)) != _generated(3, date(2026, 2, 28))


def _owner_rows(sql: str, params=None):
    with connections["owner"].cursor() as cursor:
        cursor.execute(
            "SELECT set_config('app.tenant_id', id::text, true) FROM accounts_tenant WHERE slug='acme'"
        )
        cursor.execute(sql, params)
        return cursor.fetchall()


def test_seeded_database_matches_a_fresh_generation():
    """Loading is faithful: the stored rows equal the generator's output for the same seed."""
    employees = _owner_rows(
        "SELECT name, level, hire_date, termination_date FROM erp_employee ORDER BY id"
    )
    rng = random.Random(f"11:0:{AS_OF.isoformat()}")
    people = generate.employees(rng, EMPLOYEES_PER_TENANT, AS_OF)
    assert employees == [(p.name, p.level, p.hire_date, p.termination_date) for p in people]


def test_seed_has_terminations_raises_and_unpaid_months():
    terminated = _owner_rows(
        "SELECT count(*) FROM erp_employee WHERE termination_date IS NOT NULL"
    )[0][0]
    assert 0 < terminated < EMPLOYEES_PER_TENANT
    hires = _owner_rows("SELECT min(hire_date), max(hire_date) FROM erp_employee")[0]
    assert (AS_OF - hires[0]).days > 365 * 5 and hires[1] <= AS_OF
    raised = _owner_rows(
        """SELECT count(DISTINCT employee_id) FROM erp_salary s
           WHERE amount > (SELECT min(amount) FROM erp_salary p WHERE p.employee_id = s.employee_id)"""
    )[0][0]
    assert raised > EMPLOYEES_PER_TENANT // 3
    unpaid = _owner_rows(
        """SELECT count(*) FROM erp_employee e
           CROSS JOIN LATERAL generate_series(
               date_trunc('month', e.hire_date),
               date_trunc('month', coalesce(e.termination_date, %s::date)),
               interval '1 month') AS m(month)
           WHERE NOT EXISTS (SELECT 1 FROM erp_salary s WHERE s.employee_id = e.id
                             AND date_trunc('month', s.pay_date) = m.month)""",
        [AS_OF],
    )[0][0]
    paid = _owner_rows("SELECT count(*) FROM erp_salary")[0][0]
    assert 0 < unpaid < paid * 0.03


def test_pay_dates_are_month_ends_and_amounts_positive():
    bad = _owner_rows(
        "SELECT count(*) FROM erp_salary WHERE pay_date <> (date_trunc('month', pay_date) "
        "+ interval '1 month - 1 day')::date OR amount <= 0"
    )[0][0]
    assert bad == 0


def test_demo_users_have_their_tenants_and_roles():
    rows = _owner_rows(
        "SELECT u.username, t.slug, m.role FROM accounts_membership m JOIN auth_user u ON u.id = m.user_id "
        "JOIN accounts_tenant t ON t.id = m.tenant_id ORDER BY 1"
    )
    # Bound to acme: the membership policy shows acme's memberships only.
    assert ("ana", "acme", "analyst") in rows and ("hugo", "acme", "hr_manager") in rows
    assert all(slug == "acme" for _, slug, _ in rows)
