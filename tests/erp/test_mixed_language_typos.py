"""A question in one language with words of the other, one of them mistyped ("… no lst year
vs o ano anterior"): each part is read by its own language's vocabulary and spelling, when the
reading is certain."""

import pytest

from tests.erp.conftest import ask_result, assert_rows, hand_rows

pytestmark = [pytest.mark.usefixtures("committed_db")]

HIRES = (
    "SELECT (SELECT count(*) FROM erp_employee e WHERE e.hire_date BETWEEN '2024-01-01' "
    "AND '2024-12-31'), (SELECT count(*) FROM erp_employee e WHERE e.hire_date BETWEEN "
    "'2025-01-01' AND '2025-12-31')"
)


@pytest.mark.parametrize(
    "question",
    [
        "quantas contratações no lst year vs o ano anterior",
        "quantas contratações last yaer vs 2024",
    ],
)
def test_an_english_slip_in_a_portuguese_question(question, acme_context):
    planned, _, rows = ask_result(question, acme_context)
    assert planned.reading.language == "pt"
    years = [p.start.year for p in planned.reading.periods]
    assert years == [2024, 2025]
    assert_rows(rows, hand_rows(HIRES, acme_context, {}), ordered=True)
