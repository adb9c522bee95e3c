"""Files of a deck, served to its owner only and only from inside the deck's folder.

- screenshots: an allow-list of names (slides/NN.png, rounds/NN/slides/NN.png)
- deck.pdf: as a download named after the paper
- the built Slidev site: any regular file under site/ (and the paper's figures, which the
  built deck asks for as site/figures/…), with a Content-Security-Policy of its own
"""

from __future__ import annotations

import base64
import hashlib
import mimetypes
import re
from pathlib import Path

from django.contrib.auth.decorators import login_required
from django.core.exceptions import SuspiciousFileOperation
from django.http import FileResponse, Http404
from django.urls import reverse
from django.utils.csp import CSP, build_policy
from django.utils.text import get_valid_filename
from django.views.decorators.http import require_GET

from apps.decks import selectors
from apps.decks.models import Deck, DeckStatus
from apps.decks.pipeline.render.markdown import FIGURES_DIR

SCREENSHOT = re.compile(r"^(?:rounds/\d{2}/)?slides/\d{2}\.png$")
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".webp": "image/webp",
    ".woff2": "font/woff2",
    ".woff": "font/woff",
    ".pdf": "application/pdf",
}
NOT_FOUND = "No such file in this deck."

# The built deck is Slidev's single-page app. It runs under a policy of its own, as strict as it
# works: scripts, styles, images, fonts and requests only from this deck's site folder, no eval,
# no other origin. Two inline <style> elements are allowed by hash: the rule Slidev adds for a
# moment while it switches the colour scheme, and the empty element VueUse's useStyleTag
# inserts. Images also come as data: URLs (the icon set's SVG masks). A new Slidev version that
# needs more fails the browser test that opens the deck (tests/decks/test_web_browser.py).
SLIDEV_INLINE_STYLES = (
    "*,*::before,*::after{-webkit-transition:none!important;-moz-transition:none!important;"
    "-o-transition:none!important;-ms-transition:none!important;transition:none!important}",
    "",
)


def _style_hash(text: str) -> str:
    digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
    return f"'sha256-{digest}'"


def site_policy(site_url: str) -> str:
    return build_policy(
        {
            "default-src": [CSP.NONE],
            "script-src": [site_url],
            "style-src": [site_url, *(_style_hash(s) for s in SLIDEV_INLINE_STYLES)],
            "img-src": [site_url, "data:"],
            "font-src": [site_url],
            "connect-src": [site_url],
            "object-src": [CSP.NONE],
            "base-uri": [CSP.NONE],
            "form-action": [CSP.NONE],
            "frame-ancestors": [CSP.NONE],
        }
    )


def _deck(request, deck_id) -> Deck:
    deck = selectors.deck_get(context=request.access, deck_id=deck_id)
    if deck is None or deck.status != DeckStatus.DONE:
        raise Http404(NOT_FOUND)
    return deck


def _inside(root: Path, relative: str) -> Path | None:
    """The regular file `relative` names under `root`, or None (also for ../, links out, dot
    files and folders)."""
    parts = Path(relative).parts
    if not parts or any(part.startswith(".") or part in ("", "/") for part in parts):
        return None
    root = root.resolve()
    path = (root / relative).resolve()
    if not path.is_relative_to(root) or not path.is_file():
        return None
    return path


def _file_response(path: Path, **kwargs) -> FileResponse:
    content_type = CONTENT_TYPES.get(path.suffix.lower()) or (
        mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    )
    response = FileResponse(path.open("rb"), content_type=content_type, **kwargs)
    response["Cache-Control"] = "private, max-age=3600"
    return response


@login_required
@require_GET
def deck_file(request, deck_id, path: str):
    deck = _deck(request, deck_id)
    found = _inside(deck.folder, path) if SCREENSHOT.match(path) else None
    if found is None:
        raise Http404(NOT_FOUND)
    return _file_response(found)


@login_required
@require_GET
def deck_pdf(request, deck_id):
    deck = _deck(request, deck_id)
    found = _inside(deck.folder, "deck.pdf")
    if found is None:
        raise Http404(NOT_FOUND)
    try:
        name = get_valid_filename(deck.title)[:120] or "deck"
    except SuspiciousFileOperation:  # no character of the title is safe on disk: "★", ".."
        name = "deck"
    return _file_response(found, as_attachment=True, filename=f"{name}.pdf")


@login_required
@require_GET
def deck_site(request, deck_id, path: str = "index.html"):
    deck = _deck(request, deck_id)
    site = deck.folder / "site"
    found = _inside(site, path)
    if found is None and path.startswith(f"{FIGURES_DIR}/"):
        found = _inside(deck.folder / FIGURES_DIR, path.removeprefix(f"{FIGURES_DIR}/"))
    if found is None:
        raise Http404(NOT_FOUND)
    response = _file_response(found)
    site_url = request.build_absolute_uri(reverse("deck_site", args=[deck.id]))
    response["Content-Security-Policy"] = site_policy(site_url)
    return response
