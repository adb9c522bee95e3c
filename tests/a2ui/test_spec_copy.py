"""The vendored schemas are the official ones, unchanged."""

import json

import pytest

from apps.a2ui.catalog import SPEC_DIR
from tests.a2ui.conftest import SHARED_SPEC

VENDORED = sorted(p.relative_to(SPEC_DIR) for p in SPEC_DIR.rglob("*.json"))


def test_vendored_files_are_the_official_schemas():
    assert len(VENDORED) == 9


@pytest.mark.parametrize("relative", VENDORED, ids=str)
def test_vendored_file_matches_shared_copy(relative):
    shared = SHARED_SPEC / relative
    if not shared.exists():
        pytest.skip(f"{shared} not present on this machine")
    assert json.loads((SPEC_DIR / relative).read_text()) == json.loads(shared.read_text())
