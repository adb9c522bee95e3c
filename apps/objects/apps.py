from django.apps import AppConfig


class ObjectsConfig(AppConfig):
    name = "apps.objects"
    label = "objects"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The hiring pipeline's agent tools and builtin planner.
        from apps.objects import agent_tools, planner

        agent_tools.register_tools()
        planner.register()
