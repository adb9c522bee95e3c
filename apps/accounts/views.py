"""The API tokens page: list the person's tokens, create one (shown once), revoke one."""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST

from apps.accounts import selectors, services

EXPIRY_CHOICES = [("30", "30 days"), ("90", "90 days"), ("365", "1 year"), ("", "Never")]


def _page(request, *, created=None, token=None, error="", status=200):
    return render(
        request,
        "accounts/tokens.html",
        {
            "tokens": selectors.tokens_of_user(context=request.access),
            "created": created,
            "token": token,
            "error": error,
            "expiry_choices": EXPIRY_CHOICES,
            "api_url": request.build_absolute_uri("/api/ag-ui/"),
            "now": timezone.now(),
        },
        status=status,
    )


@login_required
@require_http_methods(["GET", "POST"])
def tokens(request):
    if request.method == "GET":
        return _page(request)
    expiry = request.POST.get("expires_days", "")
    try:
        created, token = services.token_create(
            context=request.access,
            name=request.POST.get("name", ""),
            expires_days=int(expiry) if expiry else None,
        )
    except (ValueError, services.TokenInvalid) as error:
        message = str(error) if isinstance(error, services.TokenInvalid) else "Choose an expiry."
        return _page(request, error=message, status=400)
    # Rendered, not redirected: the token exists only in this response.
    response = _page(request, created=created, token=token)
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_POST
def token_revoke(request, token_id):
    if services.token_revoke(context=request.access, token_id=token_id) is None:
        raise Http404("No such token")
    return redirect("api_tokens")
