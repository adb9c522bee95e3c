"""An answer's title never names its noun twice: a population whose noun the measure's label
already ends with is folded into it ("Número de funcionários ativos", never "Número de
funcionários, funcionários ativos"), in both languages and with other qualifiers after it."""

import re

import pytest

from tests.erp.conftest import plan

QUESTIONS = [
    "numero de funcionarios",
    "número de funcionários por departamento",
    "quantos funcionários temos em vendas",
    "quantos funcionários de nível 3 em vendas",
    "quantos funcionários havia no fim de 2025",
    "quantos funcionários por nível",
    "nível médio por departamento",
    "tempo médio de casa",
    "headcount by department",
    "number of employees at the end of 2025",
    "how many employees per level",
    "average level in sales",
]


def _doubled(title: str) -> set[str]:
    words = [w for w in re.findall(r"[^\W\d]+", title.lower()) if len(w) > 3]
    return {w for w in words if words.count(w) > 1}


@pytest.mark.parametrize("question", QUESTIONS)
def test_a_title_names_its_noun_once(question):
    title = plan(question).title
    assert not _doubled(title), title


def test_the_folded_population_keeps_what_follows_it():
    assert plan("quantos funcionários temos em vendas").title == (
        "Número de funcionários ativos em Sales"
    )


@pytest.mark.parametrize(
    ("question", "title"),
    [
        (
            "which department had the most employees at the end of 2024",
            "Department with the most employees on 31 Dec 2024",
        ),
        (
            "the 2 departments with the fewest people at the end of 2025",
            "The 2 departments with the fewest employees on 31 Dec 2025",
        ),
        (
            "qual departamento tinha mais funcionários no fim de 2024",
            "Departamento com mais funcionários em 31 dez 2024",
        ),
    ],
)
def test_a_ranking_on_a_past_day_keeps_its_day_and_is_not_current(question, title):
    assert plan(question).title == title
