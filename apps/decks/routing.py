from django.urls import path

from apps.decks.consumers import DeckConsumer

websocket_urlpatterns = [path("ws/decks/<uuid:deck_id>/", DeckConsumer.as_asgi())]
