from django.apps import AppConfig


class ErpConfig(AppConfig):
    name = "apps.erp"
    label = "erp"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from apps.agent.context import register_section
        from apps.erp import llm_context, planner, tools

        # Builtin provider: the deterministic ERP planner and the tools it reads through.
        tools.register()
        planner.register()
        # Network models: schema, semantic model and verified queries in the system message.
        register_section("ERP data", lambda access, as_of: llm_context.erp_context(as_of=as_of))
