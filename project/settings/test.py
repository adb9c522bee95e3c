from project import database
from project.settings.base import *  # noqa: F403

# Tests use their own database on the same server; roles are shared (they are cluster-wide).
DB_NAME = f"{database.database_name()}_test"
DATABASES = {
    "default": database.django_database(database.APP, DB_NAME),
    "owner": database.django_database(database.OWNER, DB_NAME),
}
for _config in DATABASES.values():
    _config["CONN_MAX_AGE"] = 0

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
