"""`python manage.py deck PAPER.pdf --out DIR [--rounds N] [--json]`, as other checks call it."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from pypdf import PdfReader

from tests.decks.conftest import SUMMARY_KEYS

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
    assert set(summary) == SUMMARY_KEYS
    assert [r["round"] for r in summary["per_round"]] == list(range(1, summary["rounds"] + 1))
    assert set(summary["open_issues"]) == {"high", "medium", "low"}
    assert summary == json.loads((out / "summary.json").read_text())
    assert summary["title"] == "Cache-Aware Scheduling Makes Graph Analytics Faster"
    assert 1 <= summary["rounds"] <= 3


def test_the_named_files_are_written(command_run):
    out, printed = command_run
    summary = json.loads(printed)
    assert (out / "slides.md").read_text().startswith("---\ntheme: default\n")
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


def test_slides_md_is_slidev_markdown_a_person_can_edit_and_rebuild(command_run, tmp_path):
    """Open slides.md, edit a bullet, `slidev build` it as it is: the edit is in the deck."""
    import re
    import shutil

    from apps.decks.pipeline.render import slidev

    out, _ = command_run
    markdown = (out / "slides.md").read_text()
    assert not re.search(r"<(div|ul|li|span|img|figure|p)\b|style=", markdown)
    assert re.search(r"^layout: two-cols-header$|^layout: default$", markdown, re.M)
    assert re.search(r"^<!--$", markdown, re.M)  # speaker notes as HTML comments
    project = tmp_path / "edited"
    project.mkdir()
    shutil.copy(out / "style.css", project / "style.css")
    shutil.copytree(out / "figures", project / "figures")
    first_bullet = re.search(r"^- (.+)$", markdown, re.M)
    edited = markdown.replace(first_bullet.group(0), "- Edited by hand: a bullet a person wrote", 1)
    (project / "slides.md").write_text(edited)
    site = slidev.build(project / "slides.md", tmp_path / "site")
    built = " ".join(p.read_text(errors="ignore") for p in site.rglob("*.js"))
    assert "Edited by hand: a bullet a person wrote" in built
    assert first_bullet.group(1)[:40] not in built or first_bullet.group(1)[:40] in edited
