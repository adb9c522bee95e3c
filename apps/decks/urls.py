from django.urls import path

from apps.decks import files, views

urlpatterns = [
    path("decks/", views.deck_list, name="decks"),
    path("decks/<uuid:deck_id>/", views.deck_detail, name="deck"),
    path("decks/<uuid:deck_id>/deck.pdf", files.deck_pdf, name="deck_pdf"),
    path("decks/<uuid:deck_id>/files/<path:path>", files.deck_file, name="deck_file"),
    path("decks/<uuid:deck_id>/site/", files.deck_site, name="deck_site"),
    path("decks/<uuid:deck_id>/site/<path:path>", files.deck_site, name="deck_site_file"),
]
