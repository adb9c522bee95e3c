from project import database
from project.settings.base import *  # noqa: F403

# Tests use their own database on the same server; roles are shared (they are cluster-wide).
# Like the web settings, these name the run-time roles only; the test session adds the
# owner's connection itself (tests/conftest.py), and the servers it starts never see it.
DB_NAME = f"{database.database_name()}_test"
DATABASES = {"default": database.django_database(database.APP, DB_NAME, pooled=True)}
GATEWAY_DATABASE = database.connection_params(database.GATEWAY, DB_NAME)

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
