from django.apps import AppConfig


class StudioConfig(AppConfig):
    name = "apps.studio"
    label = "studio"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Registers update_ui, ui_history, ask_ui_choice and read_ui_preferences with the
        # agent's tool registry, and the builtin planner for UI requests.
        from apps.studio import agent_planner, tools  # noqa: F401

        agent_planner.register()
