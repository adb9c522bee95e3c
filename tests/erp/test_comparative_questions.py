"""A comparative with nothing named to compare ("which is the department with more people?",
as Spanish and Portuguese speakers say "the most") asks for the one with the most; a
comparative with one department named ("more people than Finance") is refused, never read as
a filter on that department (the answer was Finance itself)."""

import pytest

from tests.conftest import AS_OF
from tests.erp.conftest import ask_json, assert_rows, hand_rows, norm_rows

pytestmark = [pytest.mark.usefixtures("committed_db")]

ACTIVE = (
    "e.hire_date <= %(as_of)s AND (e.termination_date IS NULL OR e.termination_date > %(as_of)s)"
)
MOST_PEOPLE = (
    "SELECT d.name, count(*) FROM erp_employee e JOIN erp_department d ON d.id = e.department_id "
    f"WHERE {ACTIVE} GROUP BY d.name ORDER BY 2 DESC LIMIT 1"
)
MOST_HIRES_2025 = (
    "SELECT d.name, count(*) FROM erp_employee e JOIN erp_department d ON d.id = e.department_id "
    "WHERE e.hire_date BETWEEN '2025-01-01' AND '2025-12-31' GROUP BY d.name ORDER BY 2 DESC LIMIT 1"
)


def _result(question: str, context) -> dict | None:
    outcome = ask_json(question, context)
    results = [a for a in outcome["artifacts"] if a["kind"] == "sql_result"]
    return results[0] if results else None


@pytest.mark.parametrize(
    ("question", "gold"),
    [
        ("which is the department with more people?", MOST_PEOPLE),
        ("which department has more staff?", MOST_PEOPLE),
        ("which department had more hires in 2025?", MOST_HIRES_2025),
    ],
)
def test_a_comparative_with_nothing_to_compare_asks_for_the_most(question, gold, acme_context):
    result = _result(question, acme_context)
    assert result is not None
    expected = hand_rows(gold, acme_context, {"as_of": AS_OF})
    assert_rows(norm_rows(result["rows"]), expected, ordered=True)


@pytest.mark.parametrize(
    "question",
    ["which department has more people than Finance?", "departments with more hires than Sales"],
)
def test_one_department_to_compare_with_is_not_a_filter(question, acme_context):
    assert _result(question, acme_context) is None


def test_two_named_departments_are_both_shown(acme_context):
    result = _result("which department has more employees, Sales or Finance?", acme_context)
    assert sorted(row[0] for row in result["rows"]) == ["Finance", "Sales"]
