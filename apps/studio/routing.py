from django.urls import path

from apps.studio.consumers import StudioConsumer

websocket_urlpatterns = [path("ws/studio/", StudioConsumer.as_asgi())]
