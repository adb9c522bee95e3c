"""`python manage.py deck PAPER.pdf --out DIR [--rounds N] [--json]`, as other checks call it."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from pypdf import PdfReader

pytestmark = [pytest.mark.slow, pytest.mark.browser]


@pytest.fixture(scope="module")
def command_run(generated_pdf, tmp_path_factory):
    out = tmp_path_factory.mktemp("command") / "deck"
    stdout = StringIO()
    call_command(
        "deck", str(generated_pdf), "--out", str(out), "--rounds", "3", "--json", stdout=stdout
    )
    return out, stdout.getvalue()


def test_json_summary_is_printed(command_run):
    out, printed = command_run
    summary = json.loads(printed)
    assert set(summary) == {"slides", "figures_used", "rounds", "open_issues", "title", "elapsed_s"}
    assert set(summary["open_issues"]) == {"high", "medium", "low"}
    assert summary == json.loads((out / "summary.json").read_text())
    assert summary["title"] == "Cache-Aware Scheduling Makes Graph Analytics Faster"
    assert 1 <= summary["rounds"] <= 3


def test_the_named_files_are_written(command_run):
    out, printed = command_run
    summary = json.loads(printed)
    assert (out / "slides.md").read_text().startswith("---\ntheme: default")
    assert len(list((out / "slides").glob("*.png"))) == summary["slides"]
    review = json.loads((out / "review.json").read_text())
    assert len(review["rounds"]) == summary["rounds"]
    assert all(
        set(i) == {"slide", "type", "severity", "message", "suggestion", "evidence"}
        for r in review["rounds"]
        for i in r["issues"]
    )
    pdf = out / "deck.pdf"
    assert pdf.read_bytes().startswith(b"%PDF-")
    assert len(PdfReader(pdf).pages) == summary["slides"]


def test_the_folder_reads_back_for_the_web_page(command_run):
    from apps.decks.selectors import deck_read

    out, printed = command_run
    view = deck_read(out)
    assert view.summary.model_dump() == json.loads(printed)
    assert view.pdf == "deck.pdf" and view.site == "site/index.html"
    final = view.round(view.final_round)
    assert len(final.slides) == view.summary.slides
    assert all((out / shot).exists() for shot in final.slides)
    assert final.counts == view.summary.open_issues
