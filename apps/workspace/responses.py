"""The one place where gateway and workspace errors become HTTP responses.

The body keeps the shape the page reads, `{"ok": false, "error": {"code", "message",
"position"?}}`; the status says what kind of failure it was:

- 400 the request itself is malformed (not JSON, wrong fields, not a query result);
- 403 the database refused (privileges, read-only);
- 404 no such artifact for this person;
- 422 the SQL cannot run as written: refused by the validator, or failed in the database
  (type errors, division by zero, timeouts, too large) — edit the query;
- 503 the database cannot be reached right now — try again.

File downloads answer the same statuses with a plain-text message, readable in a browser tab.
"""

from collections.abc import Callable, Iterator
from functools import wraps

from asgiref.sync import sync_to_async
from django.http import HttpResponse, JsonResponse, StreamingHttpResponse
from django.utils.http import content_disposition_header

from apps.gateway.errors import ErrorCode, GatewayError
from apps.workspace.services import WorkspaceError

GATEWAY_STATUS = {
    ErrorCode.PERMISSION_DENIED: 403,
    ErrorCode.UNAVAILABLE: 503,
}
# Every other gateway code is about the query as written.
QUERY_STATUS = 422
WORKSPACE_STATUS = {"BAD_REQUEST": 400, "NOT_SQL": 400, "NOT_FOUND": 404}
DOWNLOAD_FAILED = "The query could not be run again ({code}): {message}"
# Tells a script (or the page) the most rows a CSV download may hold.
CSV_MAX_ROWS_HEADER = "X-Tessera-Csv-Max-Rows"


def status_of(error: GatewayError | WorkspaceError) -> int:
    if isinstance(error, GatewayError):
        return GATEWAY_STATUS.get(error.code, QUERY_STATUS)
    return WORKSPACE_STATUS[error.code]


def error_json(error: GatewayError | WorkspaceError) -> JsonResponse:
    return JsonResponse({"ok": False, "error": error.as_dict()}, status=status_of(error))


def error_text(error: GatewayError | WorkspaceError) -> HttpResponse:
    message = DOWNLOAD_FAILED.format(code=error.code, message=error.message)
    return HttpResponse(message, status=status_of(error), content_type="text/plain; charset=utf-8")


def answers_errors(render: Callable = error_json):
    """Decorate a view so that the errors its services raise are answered by `render`."""

    def decorate(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            try:
                return view(request, *args, **kwargs)
            except (GatewayError, WorkspaceError) as error:
                return render(error)

        return wrapped

    return decorate


def streaming_csv(lines: Iterator[str], *, filename: str, max_rows: int) -> StreamingHttpResponse:
    """A CSV download from a generator of text chunks. Its first chunk is taken here, so an
    error the query raises before any row (refused, unavailable) becomes an error response;
    later chunks are pulled one at a time while the file is sent."""
    first = next(lines)
    response = StreamingHttpResponse(
        _AsyncChunks(first, lines), content_type="text/csv; charset=utf-8"
    )
    # filename*= (RFC 6266) for a name beyond ASCII; Django MIME-encoded the whole header.
    response["Content-Disposition"] = content_disposition_header(True, f"{filename}.csv")
    response[CSV_MAX_ROWS_HEADER] = str(max_rows)
    return response


class _AsyncChunks:
    """A sync generator served to ASGI chunk by chunk. Under ASGI, Django reads a sync
    iterator into a list before sending it, which would hold a million rows in memory; an
    async iterator is streamed. Each chunk is pulled in the request's own sync thread
    (`sync_to_async`, thread-sensitive), where the generator's database session lives."""

    def __init__(self, first: str, rest: Iterator[str]):
        self._first: str | None = first
        self._rest = rest

    def __aiter__(self):
        return self

    async def __anext__(self) -> str:
        if self._first is not None:
            chunk, self._first = self._first, None
            return chunk
        chunk = await sync_to_async(next)(self._rest, None)
        if chunk is None:
            raise StopAsyncIteration
        return chunk

    def close(self) -> None:
        # Django calls this when the response ends, also when the client went away: it
        # ends the generator, which cleans its gateway session and returns it to the pool.
        self._rest.close()
