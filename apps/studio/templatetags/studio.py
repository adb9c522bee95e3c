"""The person's preferences in the page as it is served, so nothing flashes on load: the
``data-*`` switches on <html>, the CSS custom properties as JSON that the blocking
static/studio/apply.js sets before the first paint (the strict CSP allows no inline style),
and the sidebar's shortcuts. static/studio/live.js keeps them current afterwards."""

from django import template
from django.middleware.csrf import get_token
from django.utils.html import format_html_join

from apps.studio import live, selectors

register = template.Library()


def _layers(context) -> selectors.Layers | None:
    request = context.get("request")
    access = getattr(request, "access", None)
    if access is None:
        return None
    cached = getattr(request, "_studio_layers", None)
    if cached is None:
        cached = selectors.layers_get(context=access, scope="user")
        request._studio_layers = cached
    return cached


@register.simple_tag(takes_context=True)
def studio_root_attributes(context) -> str:
    layers = _layers(context)
    if layers is None:
        return ""
    attributes = live.root_attributes(layers.preferences)
    attributes["data-studio"] = f"{layers.tenant_version}.{layers.version}"
    return format_html_join("", ' {}="{}"', attributes.items())


@register.simple_tag(takes_context=True)
def studio_preferences(context) -> dict | None:
    """The message /ws/studio/ would send, for the page to apply before its first paint
    (``{{ value|json_script }}`` + static/studio/apply.js: no inline style or script)."""
    layers = _layers(context)
    return live.live_payload(layers) if layers is not None else None


@register.inclusion_tag("studio/_shortcuts.html", takes_context=True)
def studio_shortcuts(context) -> dict:
    layers = _layers(context)
    request = context.get("request")
    if layers is None:
        return {"enabled": False}
    return {
        "enabled": True,
        "links": live.shortcut_links(layers.preferences),
        "csrf_token": get_token(request),
        "current": request.path,
    }
