from django.db import transaction
from django.http import HttpResponseForbidden, JsonResponse

from apps.accounts import bearer
from apps.accounts.access import AccessDenied, access_context_for_user, bind, bound

# Where `Authorization: Bearer` is honoured: the JSON API and its SSE streams (WebSockets
# authenticate in apps/agent/realtime_auth.py). Pages keep to the session.
API_PREFIX = "/api/"


def unauthorized(message: str) -> JsonResponse:
    response = JsonResponse({"ok": False, "error": "UNAUTHORIZED", "message": message}, status=401)
    response["WWW-Authenticate"] = 'Bearer realm="tessera"'
    return response


class AccessContextMiddleware:
    """Attach `request.access` and run the view inside a transaction bound to it. A request to
    the API with a Bearer token is that token's user (no session, no CSRF check)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.access = None
        request.api_token = None
        if request.path.startswith(API_PREFIX):
            try:
                token = bearer.bearer_from_header(request.headers.get("Authorization"))
                if token is not None:
                    request.api_token, request.access = bearer.authenticate(token)
            except bearer.TokenRefused as refused:
                return unauthorized(refused.message)
            if request.api_token is not None:
                request.user = request.api_token.user
                request._dont_enforce_csrf_checks = True
                with bound(request.access):
                    return self.get_response(request)
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated:
            if request.path.startswith(API_PREFIX):
                # No credentials to abuse: let the view say 401 rather than CSRF's 403 page.
                request._dont_enforce_csrf_checks = True
            with bound(None):
                return self.get_response(request)
        # The membership is read and the context bound in the view's own transaction: one
        # transaction per request, and the view sees the membership it was admitted with.
        with transaction.atomic():
            try:
                request.access = access_context_for_user(user)
            except AccessDenied as exc:
                return HttpResponseForbidden(str(exc))
            bind(request.access)
            return self.get_response(request)
