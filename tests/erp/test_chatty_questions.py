"""A chatty question is read without its courtesies ("hope all is well", "no rush", "many
thanks"), each dropped only as a whole phrase; a verb followed by "in"/"of" is a noun ("change
in payroll"), not a request to change data."""

import pytest

from apps.erp.planner import Refusal
from tests.erp.conftest import plan, refused


@pytest.mark.parametrize(
    ("chatty", "plain"),
    [
        ("Good morning! Hope all is well. How many hires did we make in 2025? Many thanks",
         "How many hires did we make in 2025?"),
        ("no rush, but when you have a moment could you list everyone in Sales at level 9?",
         "list everyone in Sales at level 9"),
        ("hmm, I guess I need total salary by department for 2024, that would be great",
         "total salary by department for 2024"),
    ],
)  # fmt: skip
def test_courtesies_do_not_change_the_reading(chatty, plain):
    assert plan(chatty).reading == plan(plain).reading


def test_a_word_of_a_courtesy_alone_still_counts():
    # "much" of "thanks so much" is dropped only inside the whole phrase
    assert plan("how much did we pay in salaries in 2025").reading.measure == "total_salary"
    outcome = refused("how many employees are great")
    assert "great" in outcome.message


@pytest.mark.parametrize(
    "question",
    ["change in headcount from 2024 to 2025", "increase of payroll between 2024 and 2025"],
)
def test_a_change_in_something_is_a_question(question):
    assert plan(question).reading.change is not None


@pytest.mark.parametrize(
    "question", ["change the level of Ana Weber to 5", "increase salaries by 5%"]
)
def test_a_change_request_is_still_refused_as_a_write(question):
    outcome = refused(question)
    assert isinstance(outcome, Refusal) and outcome.kind == "read_only"
