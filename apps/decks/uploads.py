"""What the Decks page accepts as an upload: a non-empty PDF (by its bytes, not its name) under
the size limit. Messages are written for the person at the upload field; tests reuse them."""

from __future__ import annotations

import logging
from pathlib import Path

from django.core.exceptions import SuspiciousFileOperation
from django.core.files.uploadhandler import FileUploadHandler, SkipFile
from django.utils.text import get_valid_filename

from apps.agent import limits as upload_limits  # declares TESSERA_UPLOAD_MAX_MB
from apps.decks import errors, limits
from apps.decks.pipeline.ingest.checks import SIGNATURE_WINDOW, pdf_open_check
from project import env

log = logging.getLogger(__name__)

env.declare(
    "TESSERA_DECK_MAX_UPLOAD_MB",
    "25",
    "Largest PDF the Decks page accepts, in megabytes (also capped by TESSERA_UPLOAD_MAX_MB "
    "and the pipeline's 50).",
)

NO_FILE = "Choose the paper's PDF file to upload."
EMPTY = "{name} is empty (0 bytes). Choose the paper's PDF file."
TOO_LARGE = (
    "{name} is larger than {limit_mb:g} MB, the upload limit. Compress the PDF or leave out "
    "supplementary material, then try again."
)
BAD_ROUNDS = "Choose between 1 and {limit} review rounds."
MAX_FILENAME = 120


class UploadError(Exception):
    """The upload cannot become a deck; the message is shown next to the upload field."""

    def __init__(self, message: str, *, status: int = 400):
        super().__init__(message)
        self.status = status


def max_upload_bytes() -> int:
    """The smallest of the Decks page's limit, the limit on every upload and the pipeline's."""
    megabytes = min(
        env.read_int("TESSERA_DECK_MAX_UPLOAD_MB"),
        env.read_int("TESSERA_UPLOAD_MAX_MB"),
        limits.get("max_pdf_mb"),
    )
    return int(megabytes * 1024 * 1024)


def max_upload_mb() -> float:
    return max_upload_bytes() / 1024 / 1024


def rounds_check(raw: str | None) -> int:
    limit = limits.get_int("max_rounds")
    try:
        rounds = int(raw) if raw not in (None, "") else limits.get_int("default_rounds")
    except ValueError:
        raise UploadError(BAD_ROUNDS.format(limit=limit)) from None
    if not 1 <= rounds <= limit:
        raise UploadError(BAD_ROUNDS.format(limit=limit))
    return rounds


def upload_check(upload, *, too_large: str | None = None) -> None:
    """Refuse a missing, empty, oversized or non-PDF upload (an UploadedFile or None).

    `too_large` is the name of a file the size guard skipped while it was being received.
    """
    if too_large is not None:
        raise UploadError(TOO_LARGE.format(name=too_large, limit_mb=max_upload_mb()))
    if upload is None:
        raise UploadError(NO_FILE)
    name = display_name(upload.name)
    if upload.size == 0:
        raise UploadError(EMPTY.format(name=name))
    if upload.size > max_upload_bytes():
        raise UploadError(TOO_LARGE.format(name=name, limit_mb=max_upload_mb()))
    upload.seek(0)
    head = upload.read(SIGNATURE_WINDOW)
    upload.seek(0)
    if b"%PDF-" not in head:
        raise UploadError(errors.NOT_A_PDF.format(name=name))


def structure_check(path: Path, name: str) -> None:
    """The pipeline's structural checks whose cost does not grow with what the file inflates
    to (encrypted, no pages, too many, huge pages) on the stored upload, as the field's
    message. Inflating the drawing streams and sizing images (a compression bomb) waits for
    the render job, which fails the deck with the same message: a file just under the
    drawing budget held the upload request ~7 s. A file a PDF library chokes on (a page tree
    that contains itself raises pypdfium2's PdfiumError) cannot be read either: the same
    message as a damaged file, not a server error."""
    try:
        pdf_open_check(path, isolated=True)
    except errors.PaperError as exc:
        raise UploadError(str(exc)) from exc
    except Exception as exc:  # untrusted bytes: any reader failure means "not readable"
        log.warning("upload %s: the PDF reader failed: %r", name, exc)
        detail = type(exc).__name__
        raise UploadError(errors.CORRUPT.format(name=name, detail=detail)) from exc


def upload_admit(*, context, size_bytes: int) -> None:
    """The per-person upload rate (TESSERA_UPLOADS_PER_HOUR, apps/agent/limits.py)."""
    try:
        upload_limits.upload_admit(context=context, size_bytes=size_bytes)
    except upload_limits.LimitExceeded as exc:
        status = 429 if exc.code == upload_limits.RATE_LIMITED else 400
        raise UploadError(exc.message, status=status) from exc


def display_name(name: str | None) -> str:
    return Path(name or "").name or "The file"


def stored_name(name: str | None) -> str:
    """A safe file name for the upload on disk that still reads like the person's file (the
    pipeline's messages name it)."""
    try:
        stem = get_valid_filename(Path(name or "").stem.strip()) if name else ""
    except SuspiciousFileOperation:  # no character of the name is safe on disk: "★.pdf"
        stem = ""
    stem = stem[: MAX_FILENAME - 4] or "paper"
    return f"{stem}.pdf"


class SizeGuard(FileUploadHandler):
    """Stops receiving a file as soon as it passes the limit, so an oversized upload is never
    written to disk in full. The view reads `skipped` to say which file was too large."""

    def __init__(self, request=None):
        super().__init__(request)
        self.limit = max_upload_bytes()
        self.skipped: str | None = None

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes:
        if start + len(raw_data) > self.limit:
            self.skipped = display_name(self.file_name)
            raise SkipFile
        return raw_data

    def file_complete(self, file_size: int):
        return None
