"""All WebSocket routes; each app contributes its own `websocket_urlpatterns`."""

from apps.workspace.routing import websocket_urlpatterns as workspace_routes

websocket_urlpatterns = [*workspace_routes]
