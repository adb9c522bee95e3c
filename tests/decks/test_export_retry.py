"""`slidev export` on a loaded machine: Slidev's print page waits for "networkidle" and gives up
after its --timeout, so the deck command failed on a plain paper (rc 1, TimeoutError) while the
same export passed a minute later. One retry with a longer wait; other failures are not retried."""

from __future__ import annotations

import logging

import pytest
from pypdf import PdfReader

from apps.decks import errors, limits
from apps.decks.pipeline.render import slidev

MARKDOWN = """---
theme: default
title: Export retry
fonts:
  provider: none
routerMode: hash
---

# Export retry

- A first slide with a bullet that says something

---

# Second slide

- Another bullet, so the PDF has two pages
"""

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_a_print_page_that_times_out_is_exported_on_the_retry(tmp_path, monkeypatch, caplog):
    (tmp_path / "figures").mkdir()
    entry = slidev.workspace_write(tmp_path / "deck", MARKDOWN, tmp_path / "figures")
    # A first wait too short for any machine: the page times out as on a loaded one.
    monkeypatch.setattr(slidev, "PAGE_TIMEOUT_MS", 1)
    with caplog.at_level(logging.WARNING, logger=slidev.__name__):
        pdf = slidev.export(entry, tmp_path / "deck.pdf")
    assert len(PdfReader(pdf).pages) == 2
    assert "timed out once" in caplog.text


def test_a_failure_that_is_not_a_timeout_is_not_retried(tmp_path, monkeypatch):
    calls = []
    real = slidev._export

    def counting(*args):
        calls.append(args)
        return real(*args)

    monkeypatch.setattr(slidev, "_export", counting)
    with pytest.raises(errors.RendererError):
        slidev.export(tmp_path / "absent.md", tmp_path / "deck.pdf")  # no such deck
    assert len(calls) == 1


def test_an_export_that_writes_nothing_is_tried_again_then_refused(tmp_path, monkeypatch, caplog):
    # on a machine under load the command once exited 0 with no file written (bench/decks.py
    # found a png folder empty): the deck would have had no deck.pdf and said nothing
    (tmp_path / "figures").mkdir()
    entry = slidev.workspace_write(tmp_path / "deck", MARKDOWN, tmp_path / "figures")
    real = slidev._export
    calls = []

    def losing_the_first(*args):
        calls.append(args)
        written = real(*args)
        if len(calls) == 1:
            written.unlink()  # the first export leaves nothing behind
        return written

    monkeypatch.setattr(slidev, "_export", losing_the_first)
    with caplog.at_level(logging.WARNING, logger=slidev.__name__):
        pdf = slidev.export(entry, tmp_path / "deck.pdf")
    assert len(calls) == 2 and len(PdfReader(pdf).pages) == 2
    assert "wrote nothing" in caplog.text

    def losing_all(*args):
        written = real(*args)
        written.unlink()
        return written

    monkeypatch.setattr(slidev, "_export", losing_all)
    with pytest.raises(errors.RendererError, match="wrote nothing"):
        slidev.export(entry, tmp_path / "again.pdf")


def test_a_build_over_its_time_limit_fails_with_a_clear_error(tmp_path, monkeypatch):
    """The build's limit is read from limits.py at each run (a loaded server may need more than
    a quiet one); a real `slidev build` over it raises the renderer's own message."""
    (tmp_path / "figures").mkdir()
    entry = slidev.workspace_write(tmp_path / "deck", MARKDOWN, tmp_path / "figures")
    monkeypatch.setitem(
        limits.LIMITS,
        "slidev_build_timeout_s",
        limits.Limit("slidev_build_timeout_s", 0.2, "test limit"),
    )
    with pytest.raises(errors.RendererError, match="Slidev build did not finish within 0 s"):
        slidev.build(entry, tmp_path / "site")


def test_the_renderer_limits_allow_a_loaded_machine():
    # A 15-slide build took over 180 s at a load of 22 on two cores: the old limit failed decks.
    assert limits.get("slidev_build_timeout_s") >= 600
    assert limits.get("slidev_export_timeout_s") >= limits.get("slidev_build_timeout_s")
