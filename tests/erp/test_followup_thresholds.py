"""A follow-up that compares with a number ("only the ones above 30" after a count per
department) keeps the groups whose measure passes it; a number it cannot attach is refused,
never dropped (dropped, the turn would repeat the previous answer as if it were this one)."""

import pytest

from tests.conftest import AS_OF
from tests.erp.conftest import ask_json, assert_rows, hand_rows, norm_rows

pytestmark = [pytest.mark.usefixtures("committed_db")]

ACTIVE = (
    "e.hire_date <= %(as_of)s AND (e.termination_date IS NULL OR e.termination_date > %(as_of)s)"
)
BY_DEPARTMENT = (
    "SELECT d.name, count(*) FROM erp_employee e JOIN erp_department d ON d.id = e.department_id "
    f"WHERE {ACTIVE} GROUP BY d.name"
)


def _then(first: str, second: str, context) -> dict:
    opened = ask_json(first, context)
    assert opened["status"] == "finished", opened
    return ask_json(second, context, thread=opened["thread_id"])


@pytest.mark.parametrize(
    ("turn", "op", "more_than"),
    [
        ("only the ones above 30", "gt", True),
        ("just those with more than 30", "gt", True),
        ("only the ones below 30", "lt", False),
        ("e só os com mais de 30", "gt", True),
    ],
)
def test_a_threshold_keeps_the_groups_that_pass_it(turn, op, more_than, acme_context):
    outcome = _then("headcount by department", turn, acme_context)
    [result] = [a for a in outcome["artifacts"] if a["kind"] == "sql_result"]
    assert result["reading"]["having"] == [{"op": op, "values": [30.0], "measure": "headcount"}]
    sign = ">" if more_than else "<"
    gold = f"{BY_DEPARTMENT} HAVING count(*) {sign} 30"
    expected = hand_rows(gold, acme_context, {"as_of": AS_OF})
    assert expected, "the demo has departments on both sides of 30"
    assert_rows(norm_rows(result["rows"]), expected, ordered=False)


@pytest.mark.parametrize(
    ("first", "turn"),
    [
        ("how many employees are there?", "only the ones above 30"),
        ("headcount by department", "only those paid more than 9000 a month"),
    ],
)
def test_a_threshold_that_fits_nothing_is_refused(first, turn, acme_context):
    outcome = _then(first, turn, acme_context)
    assert not [a for a in outcome["artifacts"] if a["kind"] == "sql_result"], outcome
