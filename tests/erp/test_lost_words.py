"""A word the reading would lose is never dropped silently: a comparison with nothing to
compare against ("more than the median salary": the planner compares with numbers and the
average only) and a time word the time expressions did not take ("hire the year before":
"hire year" took "year") refuse the question naming the word — before, the answer was another
question's."""

import pytest

from apps.erp.planner import Planned, Refusal
from tests.erp.conftest import plan, refused


@pytest.mark.parametrize(
    ("question", "word"),
    [
        ("which people were paid more than the median salary in March 2025", "more than"),
        ("list the employees who earn less than the maximum pay last month", "less than"),
        ("employees with a level higher than the average level", "higher than average level"),
        ("quem ganhou mais do que o salário máximo no mês passado", "mais do que"),
        ("how many did we hire the year before", "before"),
        ("headcount of Sales after", "after"),
    ],
)
def test_a_word_the_reading_would_lose_refuses_the_question(question, word):
    outcome = refused(question)
    assert isinstance(outcome, Refusal) and f"“{word}”" in outcome.message, outcome


@pytest.mark.parametrize(
    "question",
    [
        "how many did we hire the month before last",
        "hires the year before last",
        "Quantos funcionários há em Finanças?",  # "há": there is, not "ago"
        "how many people work in Sales right now",
        "which employees earned more than 9000 in March 2025",
    ],
)
def test_time_words_and_comparisons_that_are_read_still_answer(question):
    assert isinstance(plan(question), Planned)


@pytest.mark.parametrize(
    "question",
    [
        "what does a Sales employee earn per month on average in 2025",
        "the mean salary per quarter last year",
        "qual o salário médio por mês no ano passado",
    ],
)
def test_an_average_per_month_is_not_silently_a_breakdown(question):
    # one average over the months, or each month's average? never one read as the other
    outcome = refused(question)
    assert "“per " in outcome.message or "“por " in outcome.message, outcome


@pytest.mark.parametrize(
    ("question", "dimensions"),
    [("the average salary by month in 2025", ("month",)), ("average monthly pay in 2025", ())],
)
def test_the_two_readings_asked_plainly_answer(question, dimensions):
    assert plan(question).reading.dimensions == dimensions
