"""Open a PDF and refuse, with a clear message, what a deck cannot be made from.

Checks run cheapest first, so a 300-page or 500 MB file is refused before anything is parsed.

    pdf_open_check   what costs the same for any file of its size: signature, size, the
                     document opened (encrypted, damaged), its page count and page sizes. No
                     stream is inflated and no page is loaded, so it answers in milliseconds:
                     the upload request runs it.
    pdf_check        that, then every drawing stream inflated within `max_drawing_mb` and every
                     image sized: up to ~7 s for a file just under the budget, so it runs in
                     the render job (the pipeline's first step), never inside a request.
"""

from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from pypdf import PdfReader
from pypdf.errors import LimitReachedError
from pypdf.filters import ZLIB_MAX_OUTPUT_LENGTH

from apps.decks import errors, limits
from apps.decks.pdf_probe import pdf_probe
from apps.decks.pipeline.ingest.drawn_streams import drawn_streams, holds_instructions, is_image

SIGNATURE_WINDOW = 1024  # PDF readers accept %PDF- anywhere in the first kilobyte


def pdf_open_check(path: Path, *, isolated: bool = False) -> int:
    """The checks whose cost does not depend on what the file's streams inflate to; returns the
    page count or raises PaperError. `isolated` opens the file in a child process under
    `max_open_s` (pdf_probe.py): the upload request's bound, since PDFium's time to open a
    crafted file is not bounded by its size."""
    name = path.name
    if not path.is_file():
        # a folder, /dev/zero or a pipe was told "no such file", which it plainly is
        message = errors.NOT_A_FILE if path.exists() else errors.NOT_FOUND
        raise errors.PaperError(message.format(name=path))
    size = path.stat().st_size
    limit_mb = limits.get("max_pdf_mb")
    if size > limit_mb * 1024 * 1024:
        raise errors.LimitExceeded(
            errors.TOO_LARGE.format(name=name, size_mb=size / 1024 / 1024, limit_mb=limit_mb)
        )
    with path.open("rb") as handle:
        head = handle.read(SIGNATURE_WINDOW)
    if b"%PDF-" not in head:
        raise errors.PaperError(errors.NOT_A_PDF.format(name=name))
    max_pages = limits.get_int("max_pages")
    pages, sizes = _measured_isolated(path, max_pages) if isolated else _measured(path, max_pages)
    if pages == 0:
        raise errors.PaperError(errors.NO_PAGES.format(name=name))
    if pages > max_pages:
        raise errors.LimitExceeded(
            errors.TOO_MANY_PAGES.format(name=name, pages=pages, limit=max_pages)
        )
    _check_page_sizes(sizes, name)
    return pages


def _measured(path: Path, max_pages: int) -> tuple[int, list[tuple[float, float]]]:
    """The page count and the sizes of up to `max_pages` + 1 pages: the cross-reference and
    the page tree are read, no page's contents."""
    document = _open(path)
    try:
        pages = len(document)
        return pages, [document.get_page_size(i) for i in range(min(pages, max_pages + 1))]
    finally:
        document.close()


def _measured_isolated(path: Path, max_pages: int) -> tuple[int, list[tuple[float, float]]]:
    seconds = limits.get("max_open_s")
    probe = pdf_probe(path, seconds=seconds, max_pages=max_pages)
    if probe.timed_out:
        raise errors.PaperError(errors.OPEN_TOO_SLOW.format(name=path.name, seconds=seconds))
    if probe.crashed:
        raise errors.PaperError(errors.CORRUPT.format(name=path.name, detail="the reader failed"))
    if probe.damaged:
        detail = "a page its page tree names cannot be read"
        raise errors.PaperError(errors.CORRUPT.format(name=path.name, detail=detail))
    if probe.unopenable:
        raise _diagnosis(path)
    return probe.pages, list(probe.sizes)


def pdf_check(path: Path) -> int:
    """Validate `path` as a paper PDF; returns its page count or raises PaperError."""
    pages = pdf_open_check(path)
    # Before PDFium loads a page: loading one parses every stream it draws from.
    _check_drawing_streams(path, path.name)
    document = _open(path)
    try:
        _check_page_images(document, path.name)
    finally:
        document.close()
    return pages


def _open(path: Path) -> pdfium.PdfDocument:
    try:
        return pdfium.PdfDocument(str(path))
    except pdfium.PdfiumError as exc:
        raise _diagnosis(path) from exc


def _diagnosis(path: Path) -> errors.PaperError:
    """Why PDFium refused the file. Its own error text is a process-wide "last error" that can
    be stale, so pypdf is asked instead."""
    try:
        reader = PdfReader(path)
        if reader.is_encrypted:
            return errors.PaperError(errors.ENCRYPTED.format(name=path.name))
        if len(reader.pages) == 0:
            return errors.PaperError(errors.NO_PAGES.format(name=path.name))
        detail = "PDFium cannot parse it"
    except Exception as reason:  # pypdf raises many types on damaged files
        detail = str(reason).strip().rstrip(".")[:120] or type(reason).__name__
    return errors.PaperError(errors.CORRUPT.format(name=path.name, detail=detail))


def _check_page_sizes(sizes: list[tuple[float, float]], name: str) -> None:
    """Page sizes from the page dictionaries (PDFium reads them without loading the page)."""
    side_limit = limits.get("max_page_side_pt")
    for index, (width, height) in enumerate(sizes):
        if max(width, height) > side_limit:
            raise errors.LimitExceeded(
                errors.PAGE_TOO_LARGE.format(
                    page=index + 1, name=name, width=width, height=height, limit=int(side_limit)
                )
            )


def _check_page_images(document: pdfium.PdfDocument, name: str) -> None:
    """The sizes of the images drawn on the page itself (inline ones too), read from the page
    objects (nothing decoded). Images inside form XObjects are sized from their dictionaries
    by `_check_drawing_streams`: descending into forms here made PDFium build every object of
    every form (20 s for a form of 20 MB of instructions)."""
    for index in range(len(document)):
        page = document[index]
        try:
            for image in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_IMAGE], max_depth=1):
                _check_image_size(*image.get_px_size(), page=index + 1, name=name)
        finally:
            page.close()


def _check_image_size(px_width: int, px_height: int, *, page: int, name: str) -> None:
    pixel_limit = limits.get("max_image_megapixels")
    megapixels = px_width * px_height / 1_000_000
    if megapixels > pixel_limit:
        raise errors.LimitExceeded(
            errors.IMAGE_TOO_LARGE.format(
                page=page,
                name=name,
                width=px_width,
                height=px_height,
                megapixels=megapixels,
                limit=int(pixel_limit),
            )
        )


def _whole(value) -> int:
    try:
        return max(0, int(value.get_object()))
    except (AttributeError, TypeError, ValueError):
        return 0


def _check_drawing_streams(path: Path, name: str) -> None:
    """Inflate every stream of drawing instructions the pages draw from (drawn_streams.py)
    under pypdf's bound per stream and `max_drawing_mb` in all, and size every image they
    draw from its dictionary: a small file whose page — or a form XObject the page draws —
    inflates to hundreds of megabytes (a compression bomb) is refused here in seconds,
    instead of costing PDFium and the text reader minutes and gigabytes."""
    budget = limits.get("max_drawing_mb") * 1_000_000
    total = 0
    try:
        streams = drawn_streams(PdfReader(path))
        for index, stream in streams:
            if is_image(stream):
                size = (_whole(stream.get("/Width")), _whole(stream.get("/Height")))
                _check_image_size(*size, page=index + 1, name=name)
                continue
            if not holds_instructions(stream):
                continue
            try:
                total += len(stream.get_data())
            except LimitReachedError as exc:
                raise errors.LimitExceeded(
                    errors.STREAM_TOO_LARGE.format(
                        page=index + 1, name=name, limit_mb=ZLIB_MAX_OUTPUT_LENGTH // 1_000_000
                    )
                ) from exc
            except Exception:  # noqa: BLE001 - a damaged stream is not a bomb
                continue
            if total > budget:
                limit_mb = limits.get("max_drawing_mb")
                raise errors.LimitExceeded(
                    errors.DRAWING_TOO_LARGE.format(name=name, limit_mb=limit_mb)
                )
    except errors.PaperError:
        raise
    except Exception:  # noqa: BLE001 - damage PDFium tolerated is the text reader's to judge
        return
