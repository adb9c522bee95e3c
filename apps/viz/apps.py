from django.apps import AppConfig


class VizConfig(AppConfig):
    name = "apps.viz"
    label = "viz"
    default_auto_field = "django.db.models.BigAutoField"
