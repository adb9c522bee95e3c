"""HTTP method confusion on every route: no method or content type made a 500. Two pages
answered PUT, PATCH and DELETE with the page itself (200), as if the method meant nothing:
the decks list (which takes GET and the upload's POST) and the studio's history (GET only).
They answer 405 naming the methods they take; their own methods still work."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

pytestmark = [pytest.mark.usefixtures("committed_db")]


@pytest.mark.parametrize(
    ("url", "allowed"), [("/decks/", "GET, HEAD, POST"), ("/studio/history/", "GET, HEAD")]
)
def test_pages_refuse_methods_they_do_not_take(url, allowed):
    client = Client()
    client.force_login(get_user_model().objects.get(username="ana"))
    for method in ("put", "patch", "delete"):
        response = getattr(client, method)(url, data="{}", content_type="application/json")
        assert response.status_code == 405, (method, url)
        assert response["Allow"] == allowed
    assert client.get(url).status_code == 200
