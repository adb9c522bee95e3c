from django.urls import path

from apps.workspace.consumers import PingConsumer

websocket_urlpatterns = [path("ws/ping/", PingConsumer.as_asgi())]
