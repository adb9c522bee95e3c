"""Generated questions, in English and Portuguese: a measure, a filter, a grouping and a
period, each in one of several wordings. Each question's rows, run through the gateway, are
compared with the answer computed here in Python from the raw rows — so a wrong reading of
any part fails. Noise (random word salads) must never make the planner raise."""

import random
from collections import defaultdict
from dataclasses import dataclass
from datetime import date

import pytest

from apps.erp.planner import Planned, plan_question
from apps.gateway.services import run_sql
from tests.conftest import AS_OF
from tests.erp.conftest import DEMO, assert_rows, entities_of, norm_rows
from tests.erp.oracle import active_on, employees, payments

pytestmark = pytest.mark.django_db
COUNT = 160
PT_NAMES = {
    "Engineering": "Engenharia",
    "Sales": "Vendas",
    "Marketing": "Marketing",
    "Finance": "Finanças",
    "Operations": "Operações",
    "Human Resources": "Recursos Humanos",
}


@dataclass(frozen=True)
class Part:
    en: str
    pt: str


@dataclass(frozen=True)
class Measure:
    words: tuple[Part, ...]
    kind: str  # headcount, avg, sum, max, hires, departures


MEASURES = [
    Measure((Part("How many employees are there", "Quantos funcionários há"), Part("headcount", "número de funcionários"), Part("number of staff", "quantas pessoas trabalham")), "headcount"),
    Measure((Part("average salary", "salário médio"), Part("mean pay", "média salarial"), Part("avg salary", "salário médio")), "avg"),
    Measure((Part("total salary paid", "total de salários pagos"), Part("payroll", "folha de pagamento"), Part("wage bill", "massa salarial")), "sum"),
    Measure((Part("highest salary", "maior salário"), Part("maximum salary", "salário máximo")), "max"),
    Measure((Part("how many people were hired", "quantas pessoas foram contratadas"), Part("number of hires", "número de contratações"), Part("new hires", "contratações")), "hires"),
    Measure((Part("how many people left", "quantas pessoas saíram"), Part("number of leavers", "número de saídas"), Part("departures", "saídas")), "departures"),
]  # fmt: skip


@dataclass(frozen=True)
class Period:
    words: Part
    start: date
    end: date


PERIODS = [
    Period(Part("in 2024", "em 2024"), date(2024, 1, 1), date(2024, 12, 31)),
    Period(Part("last year", "no ano passado"), date(2025, 1, 1), date(2025, 12, 31)),
    Period(Part("in Q1 2025", "no primeiro trimestre de 2025"), date(2025, 1, 1), date(2025, 3, 31)),
    Period(Part("in March 2025", "em março de 2025"), date(2025, 3, 1), date(2025, 3, 31)),
    Period(Part("since January 2025", "desde janeiro de 2025"), date(2025, 1, 1), AS_OF),
    Period(Part("this year", "neste ano"), date(2026, 1, 1), AS_OF),
]  # fmt: skip


@dataclass(frozen=True)
class Question:
    text: str
    measure: str
    department: str | None
    excluded: str | None
    level: int | None
    group: str | None
    period: Period | None


def _filter(rng: random.Random, pt: bool):
    choice = rng.choice(["none", "none", "department", "level", "excluded"])
    department = rng.choice(list(PT_NAMES))
    name = PT_NAMES[department] if pt else department
    if choice == "department":
        return (
            (f"em {name}" if pt else rng.choice([f"in {name}", f"for the {name} department"])),
            department,
            None,
            None,
        )
    if choice == "excluded":
        return (
            (f"excluindo {name}" if pt else rng.choice([f"excluding {name}", f"not in {name}"])),
            None,
            department,
            None,
        )
    if choice == "level":
        level = rng.randint(3, 7)
        return (
            (
                f"no nível {level} ou acima"
                if pt
                else rng.choice([f"at level {level} or above", f"level {level} and above"])
            ),
            None,
            None,
            level,
        )
    return "", None, None, None


def generate(count: int, seed: int = 20260615) -> list[Question]:
    rng = random.Random(seed)
    questions = []
    for _ in range(count):
        pt = rng.random() < 0.4
        measure = rng.choice(MEASURES)
        words = rng.choice(measure.words)
        phrase, department, excluded, level = _filter(rng, pt)
        group = rng.choice([None, None, "department", "level"])
        if group == "department" and (department or excluded):
            group = None
        group_words = {
            "department": ("por departamento", "by department"),
            "level": ("por nível", "per level"),
        }
        period = None if measure.kind == "headcount" else rng.choice(PERIODS)
        parts = [words.pt if pt else words.en, phrase]
        if group:
            parts.append(group_words[group][0 if pt else 1])
        if period:
            parts.append(period.words.pt if pt else period.words.en)
        text = " ".join(p for p in parts if p) + "?"
        questions.append(Question(text, measure.kind, department, excluded, level, group, period))
    return questions


def expected(question: Question, people: list[dict], pay: list[tuple]) -> list[tuple]:
    """The answer, computed from the raw rows without the planner."""
    by_id = {p["id"]: p for p in people}

    def keep(person: dict) -> bool:
        if question.department and person["department"] != question.department:
            return False
        if question.excluded and person["department"] == question.excluded:
            return False
        return question.level is None or person["level"] >= question.level

    def key(person: dict):
        return person[question.group] if question.group else None

    groups: dict = defaultdict(list)
    period = question.period
    if question.measure == "headcount":
        for p in people:
            if keep(p) and active_on(p, AS_OF):
                groups[key(p)].append(1)
    elif question.measure in ("hires", "departures"):
        field = "hire" if question.measure == "hires" else "end"
        for p in people:
            day = p[field]
            if keep(p) and day is not None and period.start <= day <= period.end:
                groups[key(p)].append(1)
    else:
        for who, day, amount in pay:
            person = by_id[who]
            if keep(person) and period.start <= day <= period.end:
                groups[key(person)].append(amount)
    aggregate = {
        "headcount": len, "hires": len, "departures": len, "sum": sum, "max": max,
        "avg": lambda values: sum(values) / len(values),
    }[question.measure]  # fmt: skip
    rows = [(k, aggregate(v)) for k, v in groups.items() if v]
    if not question.group:
        return [
            (
                rows[0][1]
                if rows
                else (0 if question.measure in ("headcount", "hires", "departures") else None),
            )
        ]
    return rows


def _answer_rows(planned: Planned, context, group: str | None) -> list[tuple]:
    result = run_sql(planned.sql, context=context, params=planned.params)
    names = [c["name"] for c in result.columns]
    measure = next(c.name for c in planned.columns if c.role == "measure")
    wanted = [group, measure] if group else [measure]
    rows = norm_rows(result.rows)
    picked = [tuple(row[names.index(n)] for n in wanted) for row in rows]
    # Every department is listed, some with nothing: those are not in the expected rows.
    return [row for row in picked if not (group and row[-1] in (0, None))]


def test_generated_questions_are_answered_right(acme):
    people, pay = employees(acme), payments(acme)
    entities = entities_of(acme)
    checked = 0
    for question in generate(COUNT):
        planned = plan_question(question.text, as_of=AS_OF, entities=entities)
        assert isinstance(planned, Planned), f"{question.text!r}: {planned}"
        rows = _answer_rows(planned, acme, question.group)
        want = [
            r
            for r in expected(question, people, pay)
            if not (question.group and r[-1] in (0, None))
        ]
        try:
            assert_rows(rows, want, ordered=False)
        except AssertionError as error:
            raise AssertionError(f"{question.text!r}: {error}") from error
        checked += 1
    assert checked == COUNT


NOISE = ["What", "How many", "the", "salary", "Sales", "by", "per", "2024", "top", "5", "not", "level", "who", "average", "hired", "left", "e", "no", "de", "quantos", "salário", "mais", "?", "and", "than", "more", "between", "last", "year", "month", "department", "each", "only", "that"]  # fmt: skip


def test_noise_never_makes_the_planner_raise():
    rng = random.Random(7)
    for _ in range(400):
        words = [rng.choice(NOISE) for _ in range(rng.randint(1, 10))]
        plan_question(" ".join(words), as_of=AS_OF, entities=DEMO)  # any outcome, no exception


def test_the_generated_set_covers_every_part():
    questions = generate(COUNT)
    assert {q.measure for q in questions} == {m.kind for m in MEASURES}
    assert {q.group for q in questions} == {None, "department", "level"}
    assert any(q.excluded for q in questions) and any(q.level for q in questions)
    assert sum(1 for q in questions if not q.text.isascii()) > COUNT // 5  # Portuguese
