from django.apps import AppConfig


class ErpConfig(AppConfig):
    name = "apps.erp"
    label = "erp"
    default_auto_field = "django.db.models.BigAutoField"
