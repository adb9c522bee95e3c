from django.apps import AppConfig


class A2UIConfig(AppConfig):
    name = "apps.a2ui"
    label = "a2ui"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from apps.a2ui import planner, tools

        tools.register()
        planner.register()
