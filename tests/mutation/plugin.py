"""pytest plugin for the mutation harness's child runs: `-p tests.mutation.plugin` with the
mutant in TESSERA_MUTANT (JSON). It breaks the rule once the session's database is set up
(provisioning would otherwise restore revoked grants), before the first test runs."""

import os
from pathlib import Path

import psycopg
import pytest
from django.conf import settings

from tests.gateway.conftest import admin_conninfo
from tests.mutation.harness import APPLIED_VARIABLE, SCRATCH_DB
from tests.mutation.mutants import Mutant

MUTANT_VARIABLE = "TESSERA_MUTANT"


@pytest.fixture(scope="session", autouse=True)
def _apply_mutant(django_db_setup):
    raw = os.environ.get(MUTANT_VARIABLE)
    if not raw:
        yield
        return
    mutant = Mutant.from_json(raw)
    assert settings.DB_NAME == SCRATCH_DB, "mutants only go into the scratch database"
    with psycopg.connect(admin_conninfo(), autocommit=True) as conn:
        for statement in mutant.statements:
            conn.execute(statement)
    # Tells the harness the rule is broken: a failure before this line catches nothing.
    Path(os.environ[APPLIED_VARIABLE]).write_text(mutant.id)
    yield
