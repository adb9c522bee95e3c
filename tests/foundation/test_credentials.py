"""No owner credentials at run time (issue 16, item 3): the settings web processes, workers
and the gateway load name tessera_app and tessera_gateway only, each login role has its own
secret, and those credentials reach those roles and no other."""

import json
import os
import stat
import subprocess
import sys

import psycopg
import pytest
from django.conf import settings
from django.db import connections

from project import database, env
from project.maintenance import OWNER_ALIAS, owner_database

# Loads a settings module in a fresh interpreter, like a web process or a worker, and reports
# every database credential it holds.
PROBE = """
import json, django
django.setup()
from django.conf import settings
from django.db import connections
values = []
for name in dir(settings):
    if name.isupper():
        values.append(repr(getattr(settings, name)))
print(json.dumps({
    "aliases": {alias: connections.settings[alias]["USER"] for alias in connections},
    "passwords": {alias: connections.settings[alias]["PASSWORD"] for alias in connections},
    "gateway": settings.GATEWAY_DATABASE,
    "values": values,
}))
"""

WEB_SETTINGS = ["project.settings.dev", "project.settings.production", "project.settings.test"]


def load_settings(module: str) -> dict:
    probe_env = {
        **{k: v for k, v in os.environ.items() if k not in database.PASSWORD_VARIABLES.values()},
        "DJANGO_SETTINGS_MODULE": module,
        "TESSERA_SECRET_KEY": "probe-secret-key-for-the-production-settings",
    }
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=env.BASE_DIR,
        env=probe_env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


@pytest.fixture(scope="module", params=WEB_SETTINGS)
def web_settings(request) -> dict:
    return load_settings(request.param)


def test_web_settings_name_only_the_runtime_roles(web_settings):
    assert web_settings["aliases"] == {"default": database.APP}
    assert web_settings["gateway"]["user"] == database.GATEWAY
    assert set(database.RUNTIME_ROLES) == {database.APP, database.GATEWAY}


def test_web_settings_hold_no_owner_secret(web_settings):
    owner_secret = database.role_password(database.OWNER)
    assert len(owner_secret) >= 32
    assert not [value for value in web_settings["values"] if owner_secret in value]
    assert database.OWNER not in json.dumps(web_settings["aliases"])


def test_each_login_role_has_its_own_secret_kept_private():
    secrets = {role: database.role_password(role) for role in database.LOGIN_ROLES}
    assert len(set(secrets.values())) == len(database.LOGIN_ROLES)
    for role in database.LOGIN_ROLES:
        path = database.SECRETS_DIR / role
        if os.environ.get(database.PASSWORD_VARIABLES[role]):
            continue  # given by the environment, not kept in a file
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    assert stat.S_IMODE(database.SECRETS_DIR.stat().st_mode) == 0o700


def _connect(role: str, password: str) -> psycopg.Connection:
    params = database.connection_params(role, settings.DB_NAME)
    params["password"] = password
    return psycopg.connect(**params, autocommit=True)


def test_the_web_credentials_reach_their_roles_and_no_other(django_db_setup):
    web = load_settings("project.settings.test")
    app_password = web["passwords"]["default"]
    gateway_password = web["gateway"]["password"]
    for role, password in [(database.APP, app_password), (database.GATEWAY, gateway_password)]:
        with _connect(role, password) as conn:
            assert conn.execute("SELECT current_user").fetchone() == (role,)
            assert conn.execute(
                "SELECT pg_has_role(current_user, %s, 'MEMBER')", [database.OWNER]
            ).fetchone() == (False,)
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(f"SET ROLE {database.OWNER}")
    # Neither secret opens the owner role, nor the other run-time role.
    for role, password in [
        (database.OWNER, app_password),
        (database.OWNER, gateway_password),
        (database.GATEWAY, app_password),
        (database.APP, gateway_password),
    ]:
        with pytest.raises(psycopg.OperationalError, match="password authentication failed"):
            _connect(role, password)


def test_without_a_password_no_role_logs_in(django_db_setup):
    for role in database.LOGIN_ROLES:
        params = database.connection_params(role, settings.DB_NAME)
        del params["password"]
        with pytest.raises(psycopg.OperationalError):
            psycopg.connect(**params, connect_timeout=5)


@pytest.mark.django_db(databases=["default", OWNER_ALIAS])
def test_the_owner_alias_lives_only_inside_a_maintenance_block():
    # The test session itself holds one (tests/conftest.py); a nested block reuses it and
    # leaves it in place.
    assert OWNER_ALIAS in connections.settings
    with owner_database() as alias, connections[alias].cursor() as cursor:
        cursor.execute("SELECT current_user")
        assert cursor.fetchone() == (database.OWNER,)
    assert OWNER_ALIAS in connections.settings


PROBE_MAINTENANCE = """
import django
django.setup()
from django.db import connections
from project.maintenance import OWNER_ALIAS, owner_database
assert OWNER_ALIAS not in connections.settings
with owner_database() as alias:
    with connections[alias].cursor() as cursor:
        cursor.execute("SELECT current_user")
        print(cursor.fetchone()[0])
print(OWNER_ALIAS in connections.settings)
"""


def test_a_maintenance_block_adds_the_owner_and_removes_it(django_db_setup):
    done = subprocess.run(
        [sys.executable, "-c", PROBE_MAINTENANCE],
        cwd=env.BASE_DIR,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "project.settings.test"},
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.split() == [database.OWNER, "False"]
