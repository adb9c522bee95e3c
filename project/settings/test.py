import os

from project import database
from project.settings.base import *  # noqa: F403

# Tests use their own database on the same server; roles are shared (they are cluster-wide).
# Like the web settings, these name the run-time roles only; the test session adds the
# owner's connection itself (tests/conftest.py), and the servers it starts never see it.
DB_NAME = f"{database.database_name()}_test"
# The pytest process starts a new event loop for every async test, and the executor threads of
# a finished loop end without handing their connection back, which a pool counts as lent for
# ever (the suite ran out of the pool's 20 connections in its live-socket tests). So the pytest process keeps a connection per
# thread, closed after each use; the servers and workers the tests start are long-lived like
# the real ones and use the pool (TESSERA_TEST_POOLED=1, tests/support/live_server.py and
# tests/scale/processes.py).
POOLED = os.environ.get("TESSERA_TEST_POOLED") == "1"
DATABASES = {"default": database.django_database(database.APP, DB_NAME, pooled=POOLED)}
if not POOLED:
    DATABASES["default"]["CONN_MAX_AGE"] = 0
GATEWAY_DATABASE = database.connection_params(database.GATEWAY, DB_NAME)

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
