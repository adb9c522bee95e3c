"""The Decks pages: the list with the upload form, and one deck's live progress and results.

Views are thin: parse, call `jobs` or `selectors`, render. Another person's deck is not found
(row-level security), so every deck URL answers 404 for it, like a deck that does not exist.
"""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_http_methods

from apps.decks import limits, selectors
from apps.decks.page import deck_page_context
from apps.decks.services import deck_create
from apps.decks.uploads import SizeGuard, UploadError, max_upload_mb, rounds_check

NOT_FOUND = "No such deck."


@login_required
@require_http_methods(["GET", "HEAD", "POST"])  # a PUT or DELETE rendered the page as a 200
@csrf_exempt  # checked below, once the size guard is in place (it must see the body first)
def deck_list(request):
    if request.method == "POST":
        guard = SizeGuard(request)
        request.upload_handlers.insert(0, guard)
        return _upload(request, guard)
    return _list_page(request)


@csrf_protect
def _upload(request, guard: SizeGuard):
    try:
        rounds = rounds_check(request.POST.get("rounds"))
        deck = deck_create(
            context=request.access,
            upload=request.FILES.get("paper"),
            rounds=rounds,
            too_large=guard.skipped,
        )
    except UploadError as error:
        return _list_page(request, error=str(error), status=error.status)
    return redirect("deck", deck_id=deck.id)


def _list_page(request, *, error: str | None = None, status: int = 200):
    decks = selectors.deck_list(context=request.access)
    default_rounds = limits.get_int("default_rounds")
    chosen = request.POST.get("rounds") if request.method == "POST" else None
    return render(
        request,
        "decks/list.html",
        {
            "decks": [(deck, selectors.deck_state(deck)["view"]) for deck in decks],
            "error": error,
            "max_upload_mb": max_upload_mb(),
            "max_pages": limits.get_int("max_pages"),
            "round_choices": range(1, limits.get_int("max_rounds") + 1),
            "rounds_selected": str(chosen or default_rounds),
        },
        status=status,
    )


@login_required
def deck_detail(request, deck_id):
    deck = selectors.deck_get(context=request.access, deck_id=deck_id)
    if deck is None:
        raise Http404(NOT_FOUND)
    return render(request, "decks/detail.html", deck_page_context(request, deck))
