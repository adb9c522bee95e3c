"""The schemas the app validates with are the official ones, unchanged: the same files as the
vendored copy of the specification the tests read (tests/fixtures/a2ui/v0_9)."""

import json

import pytest

from apps.a2ui.catalog import SPEC_DIR
from tests.a2ui.conftest import OFFICIAL_SPEC

VENDORED = sorted(p.relative_to(SPEC_DIR) for p in SPEC_DIR.rglob("*.json"))


def test_vendored_files_are_the_official_schemas():
    assert len(VENDORED) == 9


@pytest.mark.parametrize("relative", VENDORED, ids=str)
def test_app_schema_matches_the_specification_copy(relative):
    official = OFFICIAL_SPEC / relative
    assert json.loads((SPEC_DIR / relative).read_text()) == json.loads(official.read_text())
