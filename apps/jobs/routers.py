"""Keeps django-tasks-db's migrations on the connection that migrates.

Its migration 0016 updates rows through the default connection instead of the migrating one.
Tessera migrates as the owner role (`migrate --database owner`) inside a transaction that has
just altered the table, so that update waits for a lock its own process holds, for ever. While
`migrate` runs, this router sends the app's writes to the migrating database.
"""

from django.db.models.signals import post_migrate, pre_migrate

APP_LABEL = "django_tasks_database"
_migrating: str | None = None


class TasksMigrationRouter:
    def db_for_write(self, model, **hints):
        if _migrating and model._meta.app_label == APP_LABEL:
            return _migrating
        return None


def _started(sender, using, **kwargs):
    global _migrating
    _migrating = using


def _ended(sender, using, **kwargs):
    global _migrating
    _migrating = None


pre_migrate.connect(_started, dispatch_uid="tessera-jobs-migrating")
post_migrate.connect(_ended, dispatch_uid="tessera-jobs-migrated")
