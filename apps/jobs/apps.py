from django.apps import AppConfig


class JobsConfig(AppConfig):
    name = "apps.jobs"
    label = "jobs"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.tasks.signals import task_enqueued

        # settings declares the variables; routers hooks into migrate.
        from apps.jobs import routers, runner, settings  # noqa: F401

        task_enqueued.connect(runner.on_enqueued, dispatch_uid="tessera-jobs-enqueued")
