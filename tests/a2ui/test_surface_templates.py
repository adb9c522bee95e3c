"""Surface templates: content built and checked once, given a new id for each surface. What
comes out must be what `surface_build` gives for that id, byte for byte, and an id that
`surface_build` would refuse is refused."""

import json

import pytest

from apps.a2ui.models import Column, Text, TextField, path
from apps.a2ui.problems import SurfaceInvalid
from apps.a2ui.surfaces import TEMPLATE_ID, surface_build, surface_from_template, surface_template
from apps.a2ui.validator import surface_validate


def _components():
    return [
        Column(id="root", children=["title", "name"]),
        Text(id="title", text="Who is asking?", variant="h3"),
        TextField(id="name", label="Name", value=path("/name")),
    ]


def test_a_surface_from_a_template_is_the_surface_built_for_its_id():
    template = surface_template(_components(), data={"name": "Ana"})
    for surface_id in ("answer-1", "x", "a" * 128, "erp:reading_2.b-3"):
        built = surface_build(surface_id, _components(), data={"name": "Ana"})
        made = surface_from_template(template, surface_id)
        assert json.dumps(made) == json.dumps(built)
        assert surface_validate(made) == []
        assert TEMPLATE_ID not in json.dumps(made)


def test_each_surface_is_its_own_copy():
    template = surface_template(_components())
    first = surface_from_template(template, "one")
    first[1]["updateComponents"]["components"][1]["text"] = "changed"
    second = surface_from_template(template, "two")
    assert second[1]["updateComponents"]["components"][1]["text"] == "Who is asking?"
    assert template[0]["createSurface"]["surfaceId"] == TEMPLATE_ID


@pytest.mark.parametrize(
    "surface_id", ["", "a" * 129, "<b>x</b>", "with space", "answer/1", "\u202eevil"]
)
def test_an_id_that_surface_build_refuses_is_refused(surface_id):
    with pytest.raises(SurfaceInvalid) as built:
        surface_build(surface_id, _components())
    with pytest.raises(SurfaceInvalid) as made:
        surface_from_template(surface_template(_components()), surface_id)
    assert {p.code for p in made.value.problems} == {p.code for p in built.value.problems}
