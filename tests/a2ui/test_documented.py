"""docs/a2ui.md documents every limit and every problem code."""

from dataclasses import fields
from pathlib import Path

import pytest

from apps.a2ui.limits import HELP, Limits
from apps.a2ui.problems import CODES

DOC = (Path(__file__).resolve().parents[2] / "docs" / "a2ui.md").read_text()


@pytest.mark.parametrize("limit", [f.name for f in fields(Limits)])
def test_limit_has_help_and_is_documented(limit):
    assert HELP[limit]
    assert f"`{limit}`" in DOC


@pytest.mark.parametrize("code", CODES)
def test_problem_code_is_documented(code):
    assert f"`{code}`" in DOC


def test_limits_can_be_overridden_in_settings(settings):
    from apps.a2ui.limits import limits

    settings.A2UI_LIMITS = {"max_components": 10}
    assert limits().max_components == 10
    settings.A2UI_LIMITS = {"max_widgets": 1}
    with pytest.raises(ValueError, match="max_widgets"):
        limits()
