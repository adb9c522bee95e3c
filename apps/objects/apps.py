from django.apps import AppConfig


class ObjectsConfig(AppConfig):
    name = "apps.objects"
    label = "objects"
    default_auto_field = "django.db.models.BigAutoField"
