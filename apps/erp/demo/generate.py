"""Deterministic demo ERP data: the same seed and as-of date always give the same rows.

Generation is pure (no database) so it can be tested and timed on its own; `load.py` writes
the rows with COPY.
"""

import calendar
import random
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

DEPARTMENTS = [
    ("ENG", "Engineering"),
    ("SAL", "Sales"),
    ("MKT", "Marketing"),
    ("FIN", "Finance"),
    ("OPS", "Operations"),
    ("HR", "Human Resources"),
]
# A tenant organized otherwise, so that department names cannot be assumed by any planner.
OTHER_DEPARTMENTS = [
    ("RND", "Research"),
    ("SUP", "Customer Support"),
    ("LOG", "Logistics"),
    ("LEG", "Legal"),
    ("PRD", "Product"),
]
# Relative department sizes and pay levels, so the demo has differences worth asking about.
DEPARTMENT_WEIGHT = {
    "ENG": 0.32, "SAL": 0.22, "MKT": 0.12, "FIN": 0.1, "OPS": 0.16, "HR": 0.08,
    "RND": 0.3, "SUP": 0.28, "LOG": 0.2, "LEG": 0.07, "PRD": 0.15,
}  # fmt: skip
DEPARTMENT_PAY = {
    "ENG": 1.12, "SAL": 1.0, "MKT": 0.97, "FIN": 1.05, "OPS": 0.9, "HR": 0.93,
    "RND": 1.15, "SUP": 0.82, "LOG": 0.88, "LEG": 1.2, "PRD": 1.08,
}  # fmt: skip

FIRST_NAMES = [
    "Ana",
    "Bruno",
    "Carla",
    "Diego",
    "Elena",
    "Farid",
    "Grace",
    "Hugo",
    "Ines",
    "Jonas",
    "Kaito",
    "Lena",
    "Marco",
    "Nadia",
    "Omar",
    "Paula",
    "Quentin",
    "Rosa",
    "Samir",
    "Tara",
    "Ugo",
    "Vera",
    "Wen",
    "Ximena",
    "Yusuf",
    "Zoe",
    "Amara",
    "Bilal",
    "Chiara",
    "Dmitri",
    "Esther",
    "Felix",
    "Giulia",
    "Hamid",
    "Irene",
    "Jakob",
    "Keiko",
    "Luis",
    "Maria",
    "Nikolai",
    "Olga",
    "Pedro",
    "Rania",
    "Sven",
    "Tomas",
    "Uma",
    "Viktor",
    "Yara",
]
LAST_NAMES = [
    "Silva",
    "Okafor",
    "Novak",
    "Berg",
    "Castillo",
    "Dubois",
    "Eriksen",
    "Fischer",
    "Garcia",
    "Haddad",
    "Ivanova",
    "Jensen",
    "Kowalski",
    "Larsen",
    "Moreau",
    "Nakamura",
    "Oliveira",
    "Petrov",
    "Quinn",
    "Rossi",
    "Sato",
    "Tanaka",
    "Usman",
    "Varga",
    "Weber",
    "Xu",
    "Yilmaz",
    "Zimmermann",
    "Andersen",
    "Bianchi",
    "Costa",
    "Delgado",
    "Esposito",
    "Ferreira",
    "Gomez",
    "Hoffmann",
    "Iyer",
    "Jovanovic",
    "Kim",
]

YEARS_OF_HISTORY = 6
TERMINATION_SHARE = 0.18
UNPAID_SHARE = 0.01


@dataclass(frozen=True)
class EmployeeRow:
    key: int
    name: str
    department_code: str
    level: int
    hire_date: date
    termination_date: date | None
    base_monthly: Decimal
    raise_rate: float


def month_end(year: int, month: int) -> date:
    return date(year, month, calendar.monthrange(year, month)[1])


def months_between(first: date, last: date) -> Iterator[date]:
    """Last day of every month from first's month to last's month, inclusive."""
    year, month = first.year, first.month
    while (year, month) <= (last.year, last.month):
        yield month_end(year, month)
        month += 1
        if month == 13:
            year, month = year + 1, 1


def _level(rng: random.Random) -> int:
    # Most people sit in the middle levels; few at the top.
    return min(10, max(1, round(rng.triangular(1, 10, 4))))


def employees(
    rng: random.Random, count: int, as_of: date, departments=DEPARTMENTS
) -> list[EmployeeRow]:
    codes = [code for code, _ in departments]
    weights = [DEPARTMENT_WEIGHT[code] for code in codes]
    start = as_of - timedelta(days=round(365.25 * YEARS_OF_HISTORY))
    span = (as_of - start).days
    rows = []
    for key in range(count):
        code = rng.choices(codes, weights)[0]
        level = _level(rng)
        hire = start + timedelta(days=rng.randrange(span + 1))
        termination = None
        if rng.random() < TERMINATION_SHARE and (as_of - hire).days > 60:
            termination = hire + timedelta(days=rng.randrange(30, (as_of - hire).days + 1))
        base = (2600 + level * 650) * DEPARTMENT_PAY[code] * rng.uniform(0.9, 1.1)
        rows.append(
            EmployeeRow(
                key=key,
                name=f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)}",
                department_code=code,
                level=level,
                hire_date=hire,
                termination_date=termination,
                base_monthly=Decimal(round(base, 2)).quantize(Decimal("0.01")),
                # Yearly raise varies by person and grows a little with level.
                raise_rate=rng.uniform(0.0, 0.05) + level * 0.002,
            )
        )
    return rows


def salaries(
    rng: random.Random, employee: EmployeeRow, as_of: date
) -> Iterator[tuple[date, Decimal]]:
    """(pay_date, amount) for every paid month; about 1% of months are left unpaid on purpose."""
    last = employee.termination_date or as_of
    amount = employee.base_monthly
    for pay_date in months_between(employee.hire_date, last):
        if pay_date.month == 1 and pay_date.year > employee.hire_date.year:
            amount = (amount * Decimal(1 + employee.raise_rate)).quantize(Decimal("0.01"))
        if rng.random() < UNPAID_SHARE:
            continue
        yield pay_date, amount
