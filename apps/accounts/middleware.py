from django.http import HttpResponseForbidden

from apps.accounts.access import AccessDenied, access_context_for_user, bound


class AccessContextMiddleware:
    """Attach `request.access` and run the view inside a transaction bound to it."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.access = None
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated:
            with bound(None):
                return self.get_response(request)
        try:
            request.access = access_context_for_user(user)
        except AccessDenied as exc:
            return HttpResponseForbidden(str(exc))
        with bound(request.access):
            return self.get_response(request)
