"""All WebSocket routes; each app contributes its own `websocket_urlpatterns`."""

from importlib import import_module

APPS_WITH_SOCKETS = ["workspace", "agent", "decks", "studio"]

websocket_urlpatterns = [
    route
    for app in APPS_WITH_SOCKETS
    for route in import_module(f"apps.{app}.routing").websocket_urlpatterns
]
