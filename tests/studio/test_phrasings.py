"""Classes of UI requests (tests/studio/phrasings.py): every phrasing of a class makes the same
checked change, asks the same kind of question, or leaves the request to others."""

import pytest

from apps.studio.patches import patch_apply
from apps.studio.planner import ui_request_plan
from apps.studio.preferences import DEFAULT_LIGHT
from tests.studio.phrasings import CLASSES, NOT_UI

CASES = [(expected, text) for expected, phrasings in CLASSES for text in phrasings]


@pytest.mark.parametrize(("expected", "text"), CASES, ids=[text for _, text in CASES])
def test_every_phrasing_of_a_class(expected, text):
    plan = ui_request_plan(text, DEFAULT_LIGHT)
    assert plan is not None, text
    assert plan.kind == expected.kind, plan
    if expected.intent:
        assert plan.intent == expected.intent, plan
    if expected.kind == "patch":
        changed = {op["path"]: op.get("value") for op in plan.ops if op["op"] != "test"}
        assert changed == expected.changes
        patch_apply(DEFAULT_LIGHT, plan.ops)  # checked: it applies, contrast guard included


def test_the_corpus_covers_each_class_in_several_ways():
    assert len(CASES) >= 200
    assert all(len(phrasings) >= 3 for _, phrasings in CLASSES)


@pytest.mark.parametrize("text", NOT_UI)
def test_requests_for_other_planners_are_left_to_them(text):
    assert ui_request_plan(text, DEFAULT_LIGHT) is None
