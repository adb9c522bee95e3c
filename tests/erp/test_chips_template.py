"""The chips surface is built and checked once per layout (what the chips show) and given
each run's surface id: every surface is still the one its reading and entities call for, a
fresh copy, and content the validator refuses is refused every time, never remembered."""

import json

import pytest

from apps.a2ui.problems import SurfaceInvalid
from apps.a2ui.validator import surface_validate
from apps.erp.entities import Department, Entities
from apps.erp.planner.chips import chips_surface
from tests.erp.conftest import DEMO, DEMO_DEPARTMENTS, components, plan

QUESTION = "What did the Sales department cost in salaries in 2025?"


def _department_labels(messages) -> list[str]:
    found = components(messages)
    return [
        found[f"{c['id']}-label"]["text"]
        for c in found.values()
        if c["id"].startswith("department-option-") and c["component"] == "Button"
    ]


def test_the_same_reading_under_two_ids_differs_only_by_the_id():
    reading = plan(QUESTION).reading
    first = chips_surface("reading-a", reading, DEMO)
    second = chips_surface("reading-b", reading, DEMO)
    assert surface_validate(first) == [] and surface_validate(second) == []
    assert json.dumps(second) == json.dumps(first).replace('"reading-a"', '"reading-b"')
    first[1]["updateComponents"]["components"].clear()
    assert components(chips_surface("reading-c", reading, DEMO))


def test_new_entities_and_another_language_give_their_own_surface():
    reading = plan(QUESTION).reading
    renamed = Entities("renamed", (*DEMO_DEPARTMENTS[:-1], Department(99, "NEW", "Research")))
    before = _department_labels(chips_surface("reading-1", reading, DEMO))
    after = _department_labels(chips_surface("reading-1", reading, renamed))
    assert "Research" in after and "Research" not in before
    assert DEMO_DEPARTMENTS[-1].name in before and DEMO_DEPARTMENTS[-1].name not in after
    portuguese = plan("Qual foi o custo salarial de Vendas em 2025?").reading
    texts = json.dumps(chips_surface("reading-1", portuguese, DEMO))
    assert "Todos os departamentos" in texts and "All departments" not in texts


def test_a_name_the_validator_refuses_is_refused_every_time():
    reading = plan(QUESTION).reading
    hostile = Entities("hostile", (*DEMO_DEPARTMENTS, Department(98, "X", "<img src=x onerror=1>")))
    for _ in range(2):
        with pytest.raises(SurfaceInvalid):
            chips_surface("reading-1", reading, hostile)


def test_a_surface_id_the_validator_refuses_is_refused():
    reading = plan(QUESTION).reading
    chips_surface("reading-1", reading, DEMO)
    with pytest.raises(SurfaceInvalid):
        chips_surface("<b>reading</b>", reading, DEMO)
