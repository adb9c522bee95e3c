"""What the deck pipeline says of a paper path that is no regular file: a folder, a device or
a pipe was told "no such file" (the CLI printed `/dev/zero: no such file.`)."""

import os

import pytest

from apps.decks import errors
from apps.decks.pipeline.ingest.checks import pdf_open_check


def _refused(path) -> str:
    with pytest.raises(errors.PaperError) as refused:
        pdf_open_check(path)
    return str(refused.value)


def test_a_folder_a_pipe_and_a_device_are_not_files(tmp_path):
    pipe = tmp_path / "paper.pdf"
    os.mkfifo(pipe)
    for path in (tmp_path, pipe):
        assert _refused(path) == errors.NOT_A_FILE.format(name=path)


def test_a_missing_path_is_no_such_file(tmp_path):
    missing = tmp_path / "gone.pdf"
    assert _refused(missing) == errors.NOT_FOUND.format(name=missing)
