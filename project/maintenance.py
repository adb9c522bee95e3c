"""The owner role's connection, for maintenance only.

No settings module names the owner: web processes, workers and the gateway never hold its
secret. The commands that need it (`provision_db`'s migrations, `seed_demo`,
`seed_pipeline`, `gateway window`, `act`'s thread lookup) open it for their own duration:

    with owner_database() as alias:
        call_command("migrate", database=alias)
"""

from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections

from project import database

OWNER_ALIAS = "owner"


@contextmanager
def owner_database() -> Iterator[str]:
    """Add the `owner` database alias (the owner role on this process's database) for the
    block, then close its connection and remove it. Nested blocks share the outer one."""
    if OWNER_ALIAS in connections.settings:
        yield OWNER_ALIAS
        return
    config = database.django_database(database.OWNER, settings.DB_NAME)
    config["CONN_MAX_AGE"] = 0
    # Django's own defaults for a database entry (it fills them for DATABASES at start-up).
    with_defaults = connections.configure_settings({DEFAULT_DB_ALIAS: config})
    connections.settings[OWNER_ALIAS] = with_defaults[DEFAULT_DB_ALIAS]
    try:
        yield OWNER_ALIAS
    finally:
        connections[OWNER_ALIAS].close()
        del connections[OWNER_ALIAS]
        del connections.settings[OWNER_ALIAS]
