"""Tessera's catalog: the basic catalog plus Table, Chart, SqlBlock, `visible`, equals, compare."""

import json

from django.test import RequestFactory, override_settings
from jsonschema import Draft202012Validator

from apps.a2ui import views
from apps.a2ui.catalog import (
    BASIC_COMPONENTS,
    BASIC_FUNCTIONS,
    CATALOG_ID,
    EXTENSION_COMPONENTS,
    EXTENSION_FUNCTIONS,
    basic_catalog,
    tessera_catalog,
)


def test_catalog_has_its_own_id():
    catalog = tessera_catalog()
    assert catalog["catalogId"] == CATALOG_ID == catalog["$id"]
    assert basic_catalog()["catalogId"] != CATALOG_ID


def test_catalog_lists_the_basic_components_and_the_extensions():
    catalog = tessera_catalog()
    assert list(catalog["components"]) == [*BASIC_COMPONENTS, *EXTENSION_COMPONENTS]
    assert len(BASIC_COMPONENTS) == 18
    assert set(catalog["functions"]) == {*BASIC_FUNCTIONS, *EXTENSION_FUNCTIONS}
    refs = [entry["$ref"] for entry in catalog["$defs"]["anyComponent"]["oneOf"]]
    assert refs == [f"#/components/{name}" for name in catalog["components"]]
    refs = [entry["$ref"] for entry in catalog["$defs"]["anyFunction"]["oneOf"]]
    assert refs == [f"#/functions/{name}" for name in catalog["functions"]]


def test_every_component_takes_visible():
    common = tessera_catalog()["$defs"]["CatalogComponentCommon"]["properties"]
    assert common["visible"]["$ref"].endswith("/DynamicBoolean")


def test_basic_components_are_unchanged():
    basic, tessera = basic_catalog(), tessera_catalog()
    for name in BASIC_COMPONENTS:
        assert tessera["components"][name] == basic["components"][name]
    for name in BASIC_FUNCTIONS:
        assert tessera["functions"][name] == basic["functions"][name]


def test_catalog_is_a_valid_json_schema():
    Draft202012Validator.check_schema(tessera_catalog())


def test_copies_are_independent():
    first = tessera_catalog()
    first["components"].clear()
    assert tessera_catalog()["components"]


def test_catalog_view_serves_the_catalog():
    response = views.catalog(RequestFactory().get("/a2ui/catalog.json"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert json.loads(response.content) == tessera_catalog()


def test_harness_is_served_only_with_debug():
    import pytest
    from django.http import Http404

    request = RequestFactory().get("/a2ui/harness/")
    with pytest.raises(Http404):
        views.harness(request)
    with override_settings(DEBUG=True):
        response = views.harness(request)
    assert response.status_code == 200
    assert b"a2ui/harness.js" in response.content
    assert b"<script>" not in response.content  # no inline script: the page works under CSP


def test_urls_route_to_the_views():
    from django.urls import resolve

    assert resolve("/a2ui/catalog.json").func is views.catalog
    assert resolve("/a2ui/harness/").func is views.harness
