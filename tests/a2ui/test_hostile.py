"""The validator rejects every surface of the hostile corpus (v0.9 and v1.0)."""

import pytest

from apps.a2ui.validator import surface_validate
from tests.a2ui.hostile import CASES as CASES_V0_9
from tests.a2ui.hostile_v1_0 import CASES_V1

CASES = [*CASES_V0_9, *CASES_V1]


def test_the_corpus_is_large_enough():
    assert len(CASES_V0_9) >= 40 and len(CASES_V1) >= 12
    assert len({case.name for case in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_validator_rejects(case):
    found = surface_validate(case.messages)
    assert {problem.code for problem in found} & case.codes, [p.as_dict() for p in found][:5]
