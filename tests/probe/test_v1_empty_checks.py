"""B4: the v1.0 translation carried v0.9's "is empty", `not(required(x))`, which is ill-typed
by the vendored v1.0 catalog's own return types (`required` returns a validationResult, `not`
takes a DynamicBoolean): another v1.0 renderer may not run it. v1.0 gets a boolean
`equals(x, "")` instead; v0.9 is unchanged."""

import json

from apps.a2ui.catalog import catalog_for
from apps.a2ui.forms import flight_booking_form
from apps.a2ui.translate import messages_for_version


def _calls(node, found):
    if isinstance(node, list):
        for item in node:
            _calls(item, found)
    elif isinstance(node, dict):
        if isinstance(node.get("call"), str):
            found.append(node)
        for value in node.values():
            _calls(value, found)
    return found


def test_v1_has_no_not_of_a_validation_result():
    v1 = messages_for_version(flight_booking_form(surface_id="f", destination="Rome"), "v1.0")
    calls = _calls(v1, [])
    catalog_id = v1[0]["createSurface"]["catalogId"]
    functions = catalog_for(catalog_id)["functions"]
    for node in calls:
        if node["call"] != "not":
            continue
        inner = node["args"]["value"]
        if isinstance(inner, dict) and "call" in inner:
            returned = functions[inner["call"]].get("returnType")
            assert returned == "boolean", json.dumps(node)
    empties = [n for n in calls if n["call"] == "equals" and n["args"].get("b") == ""]
    pointers = {n["args"]["a"]["path"] for n in empties}
    assert pointers == {"/flight/departureDate", "/flight/returnDate"}


def test_v0_9_keeps_its_own_empty_check():
    v09 = flight_booking_form(surface_id="f", destination="Rome")
    nots = [n for n in _calls(v09, []) if n["call"] == "not"]
    assert nots and all(n["args"]["value"]["call"] == "required" for n in nots)
