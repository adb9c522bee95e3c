"""Inputs a deck cannot be made from: a clear error or a stated limit, and nothing written."""

import re
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from apps.decks import errors, limits
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.run import deck_generate
from tests.decks import paperfactory


def fragment(template: str) -> str:
    """The longest literal part of a message template (placeholders removed)."""
    return max(re.split(r"\{[^}]*\}", template), key=len).strip()


BAD_INPUTS = [
    (
        "text renamed .pdf",
        lambda d, src: paperfactory.text_renamed_pdf(d / "notes.pdf"),
        errors.NOT_A_PDF,
    ),
    (
        "encrypted",
        lambda d, src: paperfactory.encrypted_pdf(d / "locked.pdf", src),
        errors.ENCRYPTED,
    ),
    ("zero pages", lambda d, src: paperfactory.zero_page_pdf(d / "empty.pdf"), errors.NO_PAGES),
    (
        "one page, no text",
        lambda d, src: paperfactory.blank_page_pdf(d / "scan.pdf"),
        errors.NO_TEXT,
    ),
    (
        "300 pages",
        lambda d, src: paperfactory.many_pages_pdf(d / "long.pdf"),
        errors.TOO_MANY_PAGES,
    ),
    (
        "oversized image",
        lambda d, src: paperfactory.oversized_image_pdf(d / "poster.pdf"),
        errors.IMAGE_TOO_LARGE,
    ),
    ("truncated", lambda d, src: paperfactory.truncated_pdf(d / "cut.pdf", src), errors.CORRUPT),
]


@pytest.mark.parametrize(
    "make, message", [b[1:] for b in BAD_INPUTS], ids=[b[0] for b in BAD_INPUTS]
)
def test_bad_input_is_refused_with_a_clear_message(tmp_path, generated_pdf, make, message):
    pdf = make(tmp_path, generated_pdf)
    with pytest.raises(errors.PaperError) as caught:
        paper_read(pdf, tmp_path / "figures")
    assert fragment(message) in str(caught.value)
    assert pdf.name in str(caught.value)


@pytest.mark.parametrize(
    "make, message", [b[1:] for b in BAD_INPUTS], ids=[b[0] for b in BAD_INPUTS]
)
def test_bad_input_leaves_nothing_half_written(tmp_path, generated_pdf, make, message):
    source = tmp_path / "in"
    source.mkdir()
    pdf = make(source, generated_pdf)
    out = tmp_path / "out" / "deck"
    with pytest.raises(errors.DeckError):
        deck_generate(pdf=pdf, out_dir=out, export_pdf=False)
    assert not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in"]  # no staging folder left


def test_a_failed_run_keeps_an_existing_output_folder_as_it_was(tmp_path):
    pdf = paperfactory.text_renamed_pdf(tmp_path / "notes.pdf")
    out = tmp_path / "out"
    out.mkdir()
    (out / "summary.json").write_text("{}")
    with pytest.raises(errors.DeckError):
        deck_generate(pdf=pdf, out_dir=out, export_pdf=False)
    assert [p.name for p in out.iterdir()] == ["summary.json"]
    assert (out / "summary.json").read_text() == "{}"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.pdf", "out"]


def test_file_size_limit_is_stated(tmp_path, generated_pdf, monkeypatch):
    monkeypatch.setitem(
        limits.LIMITS, "max_pdf_mb", limits.Limit("max_pdf_mb", 0.001, "test limit")
    )
    with pytest.raises(errors.LimitExceeded) as caught:
        paper_read(generated_pdf, tmp_path / "figures")
    assert "the limit is 0.001 MB" in str(caught.value)


def test_missing_file(tmp_path):
    with pytest.raises(errors.PaperError, match="no such file"):
        paper_read(tmp_path / "absent.pdf", tmp_path / "figures")


def test_output_path_that_is_a_file_is_refused(tmp_path, generated_pdf):
    out = tmp_path / "taken"
    out.write_text("not a folder")
    with pytest.raises(errors.DeckError, match="is not a folder"):
        deck_generate(pdf=generated_pdf, out_dir=out)
    assert out.read_text() == "not a folder"


def test_an_output_path_under_a_file_is_refused(tmp_path, generated_pdf):
    notes = tmp_path / "notes.txt"
    notes.write_text("mine")
    with pytest.raises(errors.DeckError, match=re.escape(f"{notes} is a file")):
        deck_generate(pdf=generated_pdf, out_dir=notes / "deck")
    assert notes.read_text() == "mine"


def test_an_output_folder_that_cannot_be_written_is_refused_before_any_work(generated_pdf):
    # procfs refuses new folders to anyone, root included (it raised FileNotFoundError, a
    # traceback from the command, out of tempfile.mkdtemp).
    with pytest.raises(errors.DeckError, match=r"Cannot write into /proc \("):
        deck_generate(pdf=generated_pdf, out_dir=Path("/proc/tessera-deck"))


def test_an_output_folder_holding_other_files_named_like_a_decks_is_refused(
    tmp_path, generated_pdf
):
    # `--out ~`: publishing replaces slides/, site/, slides.md… — here the person's own.
    home = tmp_path / "home"
    (home / "site").mkdir(parents=True)
    (home / "site" / "index.html").write_text("my site")
    (home / "slides.md").write_text("my talk")
    with pytest.raises(errors.DeckError, match="already holds slides.md, site, not from a deck"):
        deck_generate(pdf=generated_pdf, out_dir=home)
    assert (home / "site" / "index.html").read_text() == "my site"
    assert (home / "slides.md").read_text() == "my talk"
    assert sorted(p.name for p in home.iterdir()) == ["site", "slides.md"]


def test_the_command_states_an_unusable_output_folder_without_a_traceback(tmp_path, generated_pdf):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(CommandError, match="is a file; choose another output folder"):
        call_command("deck", str(generated_pdf), "--out", str(tmp_path / "notes.txt" / "deck"))
    with pytest.raises(CommandError, match="Cannot write into /proc"):
        call_command("deck", str(generated_pdf), "--out", "/proc/tessera-deck")


@pytest.mark.parametrize("rounds", [0, limits.get_int("max_rounds") + 1])
def test_round_limit_is_stated(tmp_path, generated_pdf, rounds):
    with pytest.raises(errors.DeckError, match="between 1 and"):
        deck_generate(pdf=generated_pdf, out_dir=tmp_path / "out", rounds=rounds)


def test_command_reports_the_error_and_writes_nothing(tmp_path):
    pdf = paperfactory.encrypted_pdf(
        tmp_path / "locked.pdf", paperfactory.paper_pdf(tmp_path / "p.pdf")
    )
    out = tmp_path / "out"
    with pytest.raises(CommandError, match="encrypted with a password"):
        call_command("deck", str(pdf), "--out", str(out))
    assert not out.exists()
    assert sorted(p.name for p in Path(tmp_path).iterdir()) == ["locked.pdf", "p.pdf"]


def test_a_paper_without_figures_still_gets_its_figures_folder(tmp_path):
    """A deck's folder always holds figures/ (the Slidev workspace copies it)."""
    pdf = paperfactory.text_only_pdf(tmp_path / "prose.pdf")
    paper = paper_read(pdf, tmp_path / "deck" / "figures")
    assert paper.figures == [] and paper.sections
    assert (tmp_path / "deck" / "figures").is_dir()
