from django.apps import AppConfig


class WorkspaceConfig(AppConfig):
    name = "apps.workspace"
    label = "workspace"
    default_auto_field = "django.db.models.BigAutoField"
