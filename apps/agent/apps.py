from django.apps import AppConfig


class AgentConfig(AppConfig):
    name = "apps.agent"
    label = "agent"
    default_auto_field = "django.db.models.BigAutoField"
