"""The loop-lag probe (apps/jobs/looplag.py): off unless asked, its percentiles are the
nearest-rank ones, and a loop blocked by sync work is reported late by at least as long."""

import asyncio
import logging
import time

import pytest

from apps.jobs import looplag


def test_off_unless_the_setting_is_given(monkeypatch):
    monkeypatch.delenv("TESSERA_LOOP_LAG_REPORT_SECONDS", raising=False)
    assert looplag.report_seconds() is None
    monkeypatch.setenv("TESSERA_LOOP_LAG_REPORT_SECONDS", "2.5")
    assert looplag.report_seconds() == 2.5
    monkeypatch.setenv("TESSERA_LOOP_LAG_REPORT_SECONDS", "soon")
    with pytest.raises(SystemExit, match="TESSERA_LOOP_LAG_REPORT_SECONDS"):
        looplag.report_seconds()


def test_summary_is_nearest_rank():
    lates = [float(n) for n in range(100, 0, -1)]
    assert looplag.summary(lates) == {"p50": 51.0, "p95": 96.0, "p99": 100.0, "max": 100.0}
    assert looplag.summary([3.0]) == {"p50": 3.0, "p95": 3.0, "p99": 3.0, "max": 3.0}


def test_a_loop_blocked_by_sync_work_is_reported_late(caplog):
    async def scenario():
        watch = asyncio.create_task(looplag.watch(0.05, tick=0.001))
        await asyncio.sleep(0.01)
        time.sleep(0.2)  # sync work on the loop: nothing else runs meanwhile
        await asyncio.sleep(0.1)
        watch.cancel()

    with caplog.at_level(logging.INFO, logger="tessera.looplag"):
        asyncio.run(scenario())
    reports = [r.getMessage() for r in caplog.records if r.name == "tessera.looplag"]
    assert reports, "no report was logged"
    worst = max(float(report.split("max ")[1].split(" ms")[0]) for report in reports)
    assert worst >= 190
