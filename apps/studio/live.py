"""What a page needs to apply a preferences document: CSS custom properties, the ``data-*``
switches on <html> and the sidebar's shortcuts as links. The same values are rendered into
the page on load (templatetags/studio.py) and pushed over /ws/studio/ on every change
(consumers.py), where static/studio/live.js applies them. Nothing here is agent text turned
into CSS or HTML: values come from a validated document and are checked again here.
"""

import re
from typing import Any

from django.urls import reverse

from apps.studio.preferences import Preferences, to_css_variables, to_root_attributes
from apps.studio.selectors import Layers

# Defence in depth: a value that could end a declaration or a <style> element never leaves.
SAFE_CSS_VALUE = re.compile(r'[#\w\s",.-]+')
SAFE_ATTRIBUTE_VALUE = re.compile(r"[a-z ]*")
# Pages whose route only accepts POST (it creates something).
POST_PAGES = frozenset({"/threads/new"})


def css_variables(preferences: Preferences) -> dict[str, str]:
    return {
        name: value
        for name, value in to_css_variables(preferences).items()
        if SAFE_CSS_VALUE.fullmatch(value)
    }


def root_attributes(preferences: Preferences) -> dict[str, str]:
    return {
        name: value
        for name, value in to_root_attributes(preferences).items()
        if SAFE_ATTRIBUTE_VALUE.fullmatch(value)
    }


def shortcut_links(preferences: Preferences) -> list[dict[str, str]]:
    """Each shortcut as {id, label, kind, href, method}: questions are asked in a new thread
    (POST), pages, threads and decks open (GET)."""
    links = []
    for shortcut in preferences.shortcuts:
        method = "get"
        if shortcut.kind == "question":
            href = reverse("studio_shortcut_ask", kwargs={"shortcut_id": shortcut.id})
            method = "post"
        elif shortcut.kind == "page":
            href = shortcut.target
            method = "post" if href in POST_PAGES else "get"
        elif shortcut.kind == "thread":
            href = f"/threads/{shortcut.target}/"
        else:
            href = f"/decks/{shortcut.target}/"
        links.append(
            {
                "id": shortcut.id,
                "label": shortcut.label,
                "kind": shortcut.kind,
                "href": href,
                "method": method,
                "title": shortcut.target if shortcut.kind == "question" else shortcut.label,
            }
        )
    return links


def live_payload(layers: Layers) -> dict[str, Any]:
    """The message /ws/studio/ sends: everything a page applies, and the versions it reflects."""
    preferences = layers.preferences
    return {
        "type": "preferences",
        "version": layers.version,
        "tenantVersion": layers.tenant_version,
        "variables": css_variables(preferences),
        "attributes": root_attributes(preferences),
        "shortcuts": shortcut_links(preferences),
    }
