"""Django answers an unknown API path or id (Http404), a wrong method (require_GET/POST) and a
failed CSRF check with its own HTML page, which a script cannot read. Under /api/ those answers
become the API's refusal shape (docs/agent-api.md), with the same status and `Allow` header."""

from asgiref.sync import iscoroutinefunction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.decorators import sync_and_async_middleware
from django.views import csrf

from apps.accounts.middleware import API_PREFIX
from apps.agent.refusals import REQUEST_REFUSED

NOT_FOUND = "NOT_FOUND"
METHOD_NOT_ALLOWED = "METHOD_NOT_ALLOWED"
CSRF_FAILED = "CSRF_FAILED"
CSRF_MESSAGE = (
    "The CSRF check failed ({reason}). A signed-in page sends its CSRF token in the "
    "X-CSRFToken header; a script authenticates with `Authorization: Bearer <token>` instead."
)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """settings.CSRF_FAILURE_VIEW: under /api/ a JSON refusal (403), elsewhere Django's page."""
    if not request.path.startswith(API_PREFIX):
        return csrf.csrf_failure(request, reason=reason)
    return JsonResponse(
        {
            "type": REQUEST_REFUSED,
            "code": CSRF_FAILED,
            "message": CSRF_MESSAGE.format(reason=reason),
        },
        status=403,
    )


def as_api_refusal(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    if not request.path.startswith(API_PREFIX) or response.status_code not in (404, 405):
        return response
    if response.get("Content-Type", "").startswith("application/json"):
        return response  # a view's own refusal, already in the API's shape
    if response.status_code == 404:
        code, message = NOT_FOUND, f"Not found: {request.path}"
    else:
        allowed = response.get("Allow", "")
        code, message = METHOD_NOT_ALLOWED, f"{request.method} is not allowed here; use {allowed}"
    refusal = JsonResponse(
        {"type": REQUEST_REFUSED, "code": code, "message": message}, status=response.status_code
    )
    if response.has_header("Allow"):
        refusal["Allow"] = response["Allow"]
    return refusal


@sync_and_async_middleware
def api_errors_middleware(get_response):
    # Both modes, so that it adds no thread hop to the ASGI request path.
    if iscoroutinefunction(get_response):

        async def middleware(request):
            return as_api_refusal(request, await get_response(request))

    else:

        def middleware(request):
            return as_api_refusal(request, get_response(request))

    return middleware
