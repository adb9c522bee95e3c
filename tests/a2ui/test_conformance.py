"""A2UI's own conformance suite (tests/fixtures/a2ui/conformance, vendored with its source
commit): every step of every `validate` case runs through Tessera's validator, in order and
with the surfaces earlier steps created, and must get the suite's verdict (valid, or an
error) — except where Tessera deliberately differs. Those steps are listed in
POLICY_DIFFERENCES with the reason (also in docs/a2ui.md); they are asserted to still differ,
so a difference that disappears is noticed, and none is skipped silently.
"""

from pathlib import Path

import pytest
import yaml

from apps.a2ui.catalog import BASIC_CATALOG_ID
from apps.a2ui.validator import surface_validate

SUITE = Path(__file__).resolve().parents[1] / "fixtures" / "a2ui" / "conformance"
BASIC_CATALOG_PATH = "specification/v0_9/catalogs/basic/catalog.json"

# (file, case, step) → why Tessera's verdict differs from the suite's.
POLICY_DIFFERENCES = {
    ("core/validator_v0_9.yaml", "test_validator_0_9", 0): (
        "Tessera refuses the plain-http theme iconUrl 'http://img': only https: URLs and "
        "Tessera's artifact paths may be loaded (CSP and mixed content)."
    ),
    ("core/validator_v0_9.yaml", "test_custom_catalog_0_9", 0): (
        "Tessera renders only catalogs it ships (its own and A2UI's basic catalog): the "
        "catalog is the security boundary, so a catalog an agent or client names is refused."
    ),
}


def _cases():
    for path in sorted(SUITE.rglob("*.yaml")):
        relative = str(path.relative_to(SUITE))
        for case in yaml.safe_load(path.read_text()):
            yield relative, case


def _steps():
    found = []
    for relative, case in _cases():
        steps = case.get("steps") or [case]
        found.append(pytest.param(relative, case, steps, id=f"{relative}::{case['name']}"))
    return found


def _with_catalog(messages, case) -> list:
    """The suite names the basic catalog by any id when `catalogPaths` points at it; Tessera
    knows it by its official id."""
    if BASIC_CATALOG_PATH not in case.get("catalogPaths", []):
        return messages
    mapped = []
    for message in messages:
        body = message.get("createSurface") if isinstance(message, dict) else None
        if isinstance(body, dict) and "catalogId" in body:
            message = {**message, "createSurface": {**body, "catalogId": BASIC_CATALOG_ID}}
        mapped.append(message)
    return mapped


def _apply(active: dict[str, str], messages: list) -> None:
    for message in messages:
        if not isinstance(message, dict):
            continue
        created, deleted = message.get("createSurface"), message.get("deleteSurface")
        if isinstance(created, dict) and isinstance(created.get("surfaceId"), str):
            active[created["surfaceId"]] = str(created.get("catalogId", ""))
        if isinstance(deleted, dict):
            active.pop(deleted.get("surfaceId"), None)


def test_the_suite_is_vendored_with_its_license_and_source():
    assert (
        (SUITE / "LICENSE")
        .read_text()
        .startswith("\n                                 Apache License")
    )
    assert "c05d9bfa8c70374e031c01e6182a19a687f9cf47" in (SUITE / "SOURCE.txt").read_text()
    assert sum(1 for _ in _cases()) == 12


@pytest.mark.parametrize(("relative", "case", "steps"), _steps())
def test_each_step_gets_the_suites_verdict(relative, case, steps):
    assert case["action"] == "validate", f"a harness for {case['action']!r} is missing"
    active: dict[str, str] = {}
    for index, step in enumerate(steps):
        messages = _with_catalog(step["messages"], case)
        problems = surface_validate(
            messages, known_surfaces=dict(active), strict=bool(case.get("strictMode"))
        )
        suite_valid = "expectError" not in step
        tessera_valid = problems == []
        difference = POLICY_DIFFERENCES.get((relative, case["name"], index))
        if difference:
            assert tessera_valid != suite_valid, f"step {index} no longer differs: {difference}"
        else:
            assert tessera_valid == suite_valid, (
                f"step {index}: the suite says {'valid' if suite_valid else 'an error'}, "
                f"Tessera found {[p.as_dict() for p in problems]}"
            )
        if suite_valid:
            _apply(active, messages)
