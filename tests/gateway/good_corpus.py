"""Realistic analytical SQL over the ERP tables: the gateway must accept every one and return
the same rows PostgreSQL returns for the SQL as written (a false rejection is a defect)."""

from tests.gateway.good_basic import BASIC_CASES
from tests.gateway.good_cases import Good
from tests.gateway.good_sets import SET_AND_ADVANCED_CASES

GOOD: list[Good] = [*BASIC_CASES, *SET_AND_ADVANCED_CASES]
