from django.apps import AppConfig


class DecksConfig(AppConfig):
    name = "apps.decks"
    label = "decks"
    default_auto_field = "django.db.models.BigAutoField"
