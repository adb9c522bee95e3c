"""A2UI's own conformance suites (tests/fixtures/a2ui/conformance, vendored with their source
commits): every step of every case runs through Tessera's server-side message processor
(apps/a2ui/processor.py) — `validate` cases with Tessera's validator, `process_messages` cases
with the processor's state — in order, with what earlier steps created, and must get the
suite's verdict (applied, or an error) and, where the suite says, its state.

Where Tessera deliberately differs, the step is listed in POLICY_DIFFERENCES with the reason
(also in docs/a2ui.md) and asserted to still differ, so a difference that disappears is
noticed. Cases that exercise a renderer rather than a validator or processor are listed in
RENDERER_ACTIONS with the reason. Nothing is skipped silently: a case that is neither run nor
listed fails.
"""

import pytest

from apps.a2ui.processor import ProcessingError, SurfaceProcessor
from tests.a2ui.conformance_cases import SUITE, cases, mapped, state_mismatches, steps

CUSTOM_CATALOG = (
    "Tessera renders only catalogs it ships (its own and A2UI's basic catalogs): the catalog "
    "is the security boundary, so a catalog an agent or client defines inline is refused."
)
PLAIN_HTTP = (
    "Tessera refuses the plain-http theme iconUrl 'http://img': only https: URLs and "
    "Tessera's artifact paths may be loaded (CSP and mixed content)."
)
LATER_DRAFT = (
    'A later v1.0 draft spells bindings and calls "@path" / "@call" (and reads a plain '
    '{"path": …} as data); Tessera implements the v1.0 of @a2ui/web_core 0.11, where "path" / '
    '"call" bind, so it refuses the "@" spelling with an error naming the draft (the two '
    "drafts cannot both hold under one version string)."
)
# (file, case, step) → why Tessera's verdict differs from the suite's.
POLICY_DIFFERENCES = {
    ("core/validator_v0_9.yaml", "test_validator_0_9", 0): PLAIN_HTTP,
    ("core/validator_v0_9.yaml", "test_custom_catalog_0_9", 0): CUSTOM_CATALOG,
    ("core/validator_v1_0.yaml", "test_custom_catalog_1_0", 0): CUSTOM_CATALOG,
    ("core/validator_v1_0.yaml", "test_validator_theme_schema", 0): CUSTOM_CATALOG,
    (
        "core/message_processor_v0_9.yaml",
        "test_topology_structured_array_child_ref_ignores_sibling_strings",
        0,
    ): CUSTOM_CATALOG,
    ("core/reserved_keys.yaml", "test_reserved_at_path_valid", 0): LATER_DRAFT,
    ("core/reserved_keys.yaml", "test_reserved_at_call_valid", 0): LATER_DRAFT,
    ("core/reserved_keys.yaml", "test_reserved_at_call_index", 0): LATER_DRAFT,
    ("core/reserved_keys.yaml", "test_plain_object_with_literal_path_and_call", 0): CUSTOM_CATALOG,
    ("core/reserved_keys.yaml", "test_plain_object_escaped_doubled_at_key", 0): CUSTOM_CATALOG,
    ("core/reserved_keys.yaml", "test_escaped_doubled_at_unescaping", 0): CUSTOM_CATALOG,
    ("core/message_processor_v1_0.yaml", "test_v10_rejects_v08_begin_rendering_action", 0): (
        "The suite (at this commit) lets a v1.0 processor ignore a v0.8 beginRendering "
        "message; Tessera refuses a message it does not understand with a clear error rather "
        "than drop it silently (later versions of the suite expect that error too)."
    ),
}

# action → why it is not a validator's or a processor's job in Tessera.
RENDERER_ACTIONS = {
    "get_renderer_capabilities": (
        "A renderer declares the catalogs it renders; Tessera's browser renderer does so "
        "(static/a2ui renderer.capabilities()), and the agent reads it (apps/a2ui/negotiation.py)."
    ),
    "get_renderer_data_model": (
        "The renderer sends its data model to the agent; Tessera's browser renderer does so "
        "(static/a2ui renderer.getClientDataModel(), tested in the browser)."
    ),
    "resolve_path": (
        "Relative paths are resolved against a template item by the renderer "
        "(static/a2ui/pointer.js resolveSegments, tested in the browser)."
    ),
}

VALIDATION = {  # action → (level outside strict mode, level in strict mode)
    "validate": ("schema", "strict"),
    "process_messages": ("permissive", "strict"),
}


def _params():
    return [
        pytest.param(relative, case, id=f"{relative}::{case['name']}") for relative, case in cases()
    ]


def test_the_suites_are_vendored_with_their_license_and_sources():
    assert (
        (SUITE / "LICENSE")
        .read_text()
        .startswith("\n                                 Apache License")
    )
    source = (SUITE / "SOURCE.txt").read_text()
    for path in sorted(SUITE.rglob("*.yaml")):
        line = next(line for line in source.splitlines() if str(path.relative_to(SUITE)) in line)
        assert len(line.split()[-1]) == 40, line  # a full commit hash per file
    counts = {}
    for relative, _ in cases():
        counts[relative] = counts.get(relative, 0) + 1
    assert counts == {
        "core/composition_constraints.yaml": 3,
        "core/data_deletion.yaml": 5,
        "core/data_model_pointers.yaml": 3,
        "core/message_processor_v0_9.yaml": 43,
        "core/message_processor_v1_0.yaml": 24,
        "core/reserved_keys.yaml": 8,
        "core/validator_v0_9.yaml": 12,
        "core/validator_v1_0.yaml": 14,
    }


def test_every_listed_difference_names_a_real_step():
    names = {(relative, case["name"]): len(steps(case)) for relative, case in cases()}
    for relative, name, index in POLICY_DIFFERENCES:
        assert index < names[(relative, name)], (relative, name, index)


@pytest.mark.parametrize(("relative", "case"), _params())
def test_each_case_gets_the_suites_verdict(relative, case):
    action = case["action"]
    if action in RENDERER_ACTIONS:
        assert RENDERER_ACTIONS[action]  # listed, with its reason
        return
    assert action in VALIDATION, f"no harness for action {action!r} and no reason listed"
    level = VALIDATION[action][bool(case.get("strictMode"))]
    processor = SurfaceProcessor(validation=level)
    for index, step in enumerate(steps(case)):
        suite_ok = not step["expectError"]
        try:
            processor.process(mapped(step["messages"], case))
            problems = []
        except ProcessingError as error:
            problems = error.as_dicts()
        difference = POLICY_DIFFERENCES.get((relative, case["name"], index))
        if difference:
            assert (problems == []) != suite_ok, f"step {index} no longer differs: {difference}"
            if difference is LATER_DRAFT:  # refused saying why, not only "no form matched"
                assert any("later A2UI v1.0 draft" in p["message"] for p in problems), problems
            continue
        assert (problems == []) == suite_ok, (
            f"step {index}: the suite says {'valid' if suite_ok else 'an error'}, "
            f"Tessera found {problems}"
        )
        if suite_ok:
            assert state_mismatches(processor.surfaces, step["expect"]) == [], f"step {index}"
