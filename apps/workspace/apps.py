from django.apps import AppConfig


class WorkspaceConfig(AppConfig):
    name = "apps.workspace"
    label = "workspace"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Registers the run_sql tool with the agent's tool registry.
        from apps.workspace import tools  # noqa: F401
