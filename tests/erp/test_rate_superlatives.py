"""A superlative over departments or levels of a word that names departures and their rate
("which department had the lowest turnover", "que departamento teve a menor rotatividade")
ranks the groups by the attrition rate — departures alone would put the largest groups first —
answers with the first group only and says its rate. Checked against hand-written SQL on the
test data. The word alone, of the company or listed by group, still counts departures."""

import pytest

from apps.erp.semantic import vocabulary
from tests.erp.conftest import hand_rows, plan, planner_result

RATE_RANK = """
SELECT name, rate FROM (
  SELECT {group} AS name,
         round(100.0 * count(*) FILTER (WHERE e.termination_date BETWEEN %(start)s AND %(end)s)
           / nullif((count(*) FILTER (WHERE e.hire_date <= %(start)s
                       AND (e.termination_date IS NULL OR e.termination_date > %(start)s))
                   + count(*) FILTER (WHERE e.hire_date <= %(end)s
                       AND (e.termination_date IS NULL OR e.termination_date > %(end)s))) / 2.0, 0),
           2) AS rate,
         RANK() OVER (ORDER BY 100.0 * count(*) FILTER (WHERE e.termination_date BETWEEN %(start)s AND %(end)s)
           / nullif((count(*) FILTER (WHERE e.hire_date <= %(start)s
                       AND (e.termination_date IS NULL OR e.termination_date > %(start)s))
                   + count(*) FILTER (WHERE e.hire_date <= %(end)s
                       AND (e.termination_date IS NULL OR e.termination_date > %(end)s))) / 2.0, 0)
           {direction} NULLS LAST) AS rank
  FROM erp_employee e JOIN erp_department d ON d.id = e.department_id
  GROUP BY {group}
) ranked WHERE rank = 1
"""
YEAR_2025 = {"start": "2025-01-01", "end": "2025-12-31"}


@pytest.mark.parametrize(
    ("question", "group", "direction"),
    [
        ("which department had the lowest turnover in 2025", "d.name", "ASC"),
        ("what dept had the highest attrition in 2025?", "d.name", "DESC"),
        ("which level had the most churn in 2025", "e.level", "DESC"),
        ("que departamento teve a menor rotatividade em 2025?", "d.name", "ASC"),
        ("que departamento teve a menor taxa de rotatividade em 2025?", "d.name", "ASC"),
        ("qual departamento teve a maior rotatividade em 2025", "d.name", "DESC"),
    ],
)  # fmt: skip
def test_a_group_ranked_by_turnover_is_ranked_by_its_rate(acme, question, group, direction):
    planned, names, rows = planner_result(question, acme)
    assert planned.reading.measure == "attrition_rate"
    assert planned.reading.top == 1
    expected = hand_rows(RATE_RANK.format(group=group, direction=direction), acme, YEAR_2025)
    rate = names.index("attrition_rate_pct")
    assert sorted((row[0], row[rate]) for row in rows) == sorted(expected)


def test_the_answer_says_the_rate_of_the_first_group():
    from apps.erp.planner.narrative import narrative

    for question, said in (
        ("which department had the lowest turnover in 2025", "Sales has the lowest attrition rate: 2.50%"),
        ("que departamento teve a menor rotatividade em 2025?", "Sales tem a menor taxa de rotatividade: 2,50%"),
    ):  # fmt: skip
        planned = plan(question)
        columns = [{"name": c.name, "label": c.label, "type": "numeric"} for c in planned.columns]
        rows = [["Sales", 1, 40, 2.5]]
        assert narrative(planned.reading, columns, rows, planned.title).startswith(said)


@pytest.mark.parametrize(
    "question",
    [
        "what was the turnover in 2025",  # of the company: the departures
        "turnover by department in 2025",  # each group, no superlative: the departures
        "which department lost the most people in 2025",  # not a word of rates
        "which department had the most departures in 2025",
    ],
)
def test_departures_stay_departures_without_a_rate_word_ranking_groups(question):
    assert plan(question).reading.measure == "terminations"


@pytest.mark.parametrize("language", ["en", "pt"])
def test_every_size_word_is_also_a_superlative(language):
    """ "a menor taxa" was read as a size word only, and its direction was lost: the answer
    listed every department."""
    vocab = vocabulary(language)
    superlatives = set(vocab.directions.super_asc) | set(vocab.directions.super_desc)
    assert set(vocab.grammar.size_words) <= superlatives
