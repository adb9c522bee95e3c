"""The validator rejects every surface of the hostile corpus, and quickly."""

import time

import pytest

from apps.a2ui.validator import surface_validate
from tests.a2ui.hostile import CASES


def test_the_corpus_is_large_enough():
    assert len(CASES) >= 40
    assert len({case.name for case in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_validator_rejects(case):
    started = time.monotonic()
    found = surface_validate(case.messages)
    assert time.monotonic() - started < 5
    assert {problem.code for problem in found} & case.codes, [p.as_dict() for p in found][:5]
