"""One mapping from gateway and workspace errors to HTTP statuses (issue 17, item 3)."""

import pytest

from apps.gateway.errors import ErrorCode, GatewayError
from apps.workspace import responses
from apps.workspace.services import WorkspaceError

QUERY_CODES = [
    code for code in ErrorCode if code not in (ErrorCode.PERMISSION_DENIED, ErrorCode.UNAVAILABLE)
]


@pytest.mark.parametrize("code", QUERY_CODES, ids=str)
def test_a_query_that_cannot_run_as_written_is_unprocessable(code):
    assert responses.status_of(GatewayError(code, "m")) == 422


@pytest.mark.parametrize(
    ("error", "status"),
    [
        (GatewayError(ErrorCode.PERMISSION_DENIED, "m"), 403),
        (GatewayError(ErrorCode.UNAVAILABLE, "m"), 503),
        (WorkspaceError("BAD_REQUEST", "m"), 400),
        (WorkspaceError("NOT_SQL", "m"), 400),
        (WorkspaceError("NOT_FOUND", "m"), 404),
    ],
    ids=["permission", "unavailable", "bad-request", "not-sql", "not-found"],
)
def test_other_failures_have_their_own_status(error, status):
    assert responses.status_of(error) == status


def test_the_json_body_keeps_the_shape_the_page_reads():
    response = responses.error_json(GatewayError(ErrorCode.UNKNOWN_COLUMN, "No such.", 8))
    assert response.status_code == 422
    assert response.content == (
        b'{"ok": false, "error": {"code": "UNKNOWN_COLUMN", "message": "No such.", "position": 8}}'
    )


def test_downloads_answer_in_plain_text():
    response = responses.error_text(GatewayError(ErrorCode.UNAVAILABLE, "Try again."))
    assert response.status_code == 503
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response.content.decode() == "The query could not be run again (UNAVAILABLE): Try again."
