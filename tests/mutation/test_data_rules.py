"""Every data rule is guarded by a test (issue 16, item 6): the mutation harness breaks each
one in a scratch database and the rules tests must catch every mutant. The report is printed
at the end of the run (tests/mutation/conftest.py)."""

import pytest

from tests.mutation import harness
from tests.mutation.conftest import REPORT_KEY

pytestmark = pytest.mark.slow


def test_every_data_rule_mutant_is_caught(request, django_db_setup):
    report = harness.run(echo=lambda line: None)
    request.config.stash[REPORT_KEY] = report.text()
    kinds = {verdict.mutant.kind for verdict in report.verdicts}
    assert {
        "drop policy",
        "loosen policy",
        "disable row security",
        "grant a revoked function to PUBLIC",
        "disable trigger",
        "drop check",
        "drop tenant-safe key",
    } <= kinds
    assert report.survivors == [], report.text()
    assert report.score == 1.0
