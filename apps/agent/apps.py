from django.apps import AppConfig


class AgentConfig(AppConfig):
    name = "apps.agent"
    label = "agent"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Declares the agent's environment variables (documented in the README).
        from apps.agent import config  # noqa: F401
