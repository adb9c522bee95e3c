"""The streams a PDF's pages are drawn from: each page's contents and, through the resources,
the XObjects it draws (forms, images), its tiling patterns and its Type 3 fonts' glyph
procedures — each stream once. Every reader (PDFium, pdfminer) parses the drawing
instructions of all of them when it opens a page; a form XObject is where a compression bomb
hides from a check of the pages' own contents, and an image inside a form from a check of the
page's images (checks.py)."""

from collections.abc import Iterator

from pypdf import PdfReader
from pypdf.generic import IndirectObject, StreamObject

RESOURCE_GROUPS = ("/XObject", "/Pattern")
TILING_PATTERN = 1


def _key(reference) -> object:
    if isinstance(reference, IndirectObject):
        return (reference.idnum, reference.generation)
    return id(reference)


def _resource_children(resources) -> Iterator:
    """What a /Resources dictionary points at that may hold drawing instructions."""
    if resources is None:
        return
    resources = resources.get_object()
    for group in RESOURCE_GROUPS:
        if (entries := resources.get(group)) is not None:
            yield from entries.get_object().values()
    if (fonts := resources.get("/Font")) is not None:
        for reference in fonts.get_object().values():
            font = reference.get_object()
            if (procedures := font.get("/CharProcs")) is not None:
                yield from procedures.get_object().values()
            if (own := font.get("/Resources")) is not None:
                yield from _resource_children(own)


def is_image(stream: StreamObject) -> bool:
    return stream.get("/Subtype") == "/Image"


def holds_instructions(stream: StreamObject) -> bool:
    """Whether the stream is drawing instructions (not an image's pixels, not a shading)."""
    pattern = stream.get("/PatternType")
    return not is_image(stream) and (pattern is None or pattern == TILING_PATTERN)


def drawn_streams(reader: PdfReader) -> Iterator[tuple[int, StreamObject]]:
    """(page index, stream) for every stream a page draws from, first reached first."""
    seen: set = set()
    for index, page in enumerate(reader.pages):
        pending = []
        if (contents := page.get("/Contents")) is not None:
            resolved = contents.get_object()
            pending.extend(resolved if isinstance(resolved, list) else [contents])
        pending.extend(_resource_children(page.get("/Resources")))
        while pending:
            reference = pending.pop()
            if (key := _key(reference)) in seen:
                continue
            seen.add(key)
            stream = reference.get_object()
            if not isinstance(stream, StreamObject):
                continue
            yield index, stream
            if holds_instructions(stream):
                pending.extend(_resource_children(stream.get("/Resources")))
