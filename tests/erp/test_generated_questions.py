"""Hundreds of generated questions, sensible or not: the planner never raises, and every SQL it
plans passes the gateway's validation with exactly the parameters it sends."""

import random

from apps.erp.planner import Planned, plan_question
from apps.gateway.policy import default_policy
from apps.gateway.validation import validate
from tests.conftest import AS_OF

PARTS = {
    "lead": ["What is the", "How many", "Which department has the", "Who are the", "Show", "List", ""],
    "top": ["", "", "top 5", "the ten"],
    "agg": ["average", "total", "highest", "lowest", "median", "max", "most", ""],
    "what": [
        "salary", "employees", "tenure", "level", "hires", "departures", "payroll",
        "unpaid months", "headcount", "salary increase", "raise",
    ],
    "filter": [
        "in Sales", "in Engineering and Marketing", "at level 5", "at levels 3 to 7",
        "for former employees", "of active staff", "with less than 2 years of tenure", "", "",
    ],
    "group": [
        "by department", "per level", "per month", "by year", "for each employee",
        "by tenure band", "per department and level", "", "",
    ],
    "time": [
        "this year", "last year", "in 2024", "between March two years ago and May last year",
        "from last year to this year", "in the most recent month", "this year and last year",
        "at the end of 2024", "in Q1 2025", "since January 2025", "over the last 12 months", "",
    ],
}  # fmt: skip
COUNT = 600


def _questions():
    rng = random.Random(20260615)
    for _ in range(COUNT):
        words = [rng.choice(options) for options in PARTS.values()]
        if rng.random() < 0.2:
            rng.shuffle(words)
        yield " ".join(word for word in words if word)


def test_generated_questions_plan_to_valid_sql_or_are_declined():
    policy = default_policy()
    planned = 0
    for question in _questions():
        outcome = plan_question(question, as_of=AS_OF)
        if isinstance(outcome, Planned):
            planned += 1
            validated = validate(outcome.sql, policy=policy)
            assert set(validated.parameters) == set(outcome.params), question
    assert planned > COUNT // 10
