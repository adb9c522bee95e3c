"""Open an untrusted PDF with PDFium in a child process with a time limit, for the upload
request: PDFium's cost of opening a file is not bounded by the file's size (a 68 kB file
whose cross-reference stream declares ten million entries and whose page tree is missing held
PDFium 32 s before it failed) and cannot be interrupted inside the calling thread.

    pdf_probe(path, seconds)   the page count and page sizes, or why the file cannot be opened
    python -m apps.decks.pdf_probe PATH   the child: prints them as JSON

The child imports PDFium only (the pipeline's imports take seconds on a busy machine); the
limits and the messages for the person stay with `pipeline.ingest.checks`.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Probe:
    pages: int = 0
    sizes: tuple[tuple[float, float], ...] = ()
    unopenable: bool = False  # PDFium refused the file (encrypted, damaged)
    damaged: bool = False  # it opened, but a page its page tree names cannot be read
    timed_out: bool = False
    crashed: bool = False  # the child died (a signal) or printed nothing readable


def pdf_probe(path: Path, *, seconds: float, max_pages: int) -> Probe:
    """Open `path` in a child; page sizes of at most `max_pages + 1` pages are read."""
    command = [sys.executable, "-m", "apps.decks.pdf_probe", str(path), str(max_pages + 1)]
    try:
        done = subprocess.run(
            command, capture_output=True, timeout=seconds, check=False, cwd=_project_root()
        )
    except subprocess.TimeoutExpired:
        return Probe(timed_out=True)
    try:
        answer = json.loads(done.stdout)
    except ValueError:
        return Probe(crashed=True)
    if done.returncode != 0 or not isinstance(answer, dict):
        return Probe(crashed=True)
    if answer.get("unopenable") or answer.get("damaged"):
        return Probe(unopenable=bool(answer.get("unopenable")), damaged=bool(answer.get("damaged")))
    sizes = tuple((float(w), float(h)) for w, h in answer.get("sizes", []))
    return Probe(pages=int(answer.get("pages", 0)), sizes=sizes)


def _project_root() -> Path:
    return Path(__file__).resolve().parents[2]


def _measure(path: str, most: int) -> dict:
    import pypdfium2 as pdfium

    try:
        document = pdfium.PdfDocument(path)
    except pdfium.PdfiumError:
        return {"unopenable": True}
    try:
        pages = len(document)
        sizes = [document.get_page_size(index) for index in range(min(pages, most))]
    except pdfium.PdfiumError:  # a page whose dictionary cannot be found
        return {"damaged": True}
    finally:
        document.close()
    return {"pages": pages, "sizes": sizes}


if __name__ == "__main__":
    print(json.dumps(_measure(sys.argv[1], int(sys.argv[2]))))
