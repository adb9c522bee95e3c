"""Scanned papers made in the test: each page one picture, its text an invisible OCR layer
placed word by word (as OCR tools lay it), with the OCR's misreadings in it."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image, ImageDraw
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, NameObject, NumberObject
from reportlab.lib.pagesizes import letter
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen import canvas

WIDTH, HEIGHT = letter


def page_picture(lines: list[tuple[float, str]], plates: list[tuple] = ()) -> ImageReader:
    """The scan: paper-grey specks, the lines drawn where the layer puts them, dark plates."""
    image = Image.new("L", (850, 1100), 255)
    draw = ImageDraw.Draw(image)
    for i in range(3000):
        draw.point(((i * 7919) % 850, (i * 104729) % 1100), fill=200)
    scale = 1100 / HEIGHT
    for top, line in lines:
        draw.text((80, top * scale), line, fill=0)
    for x0, top, x1, bottom in plates:
        draw.rectangle([x0 * scale, top * scale, x1 * scale, bottom * scale], fill=90)
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    buffer.seek(0)
    return ImageReader(buffer)


def invisible_line(
    pdf: canvas.Canvas, x: float, baseline: float, line: str, size: float, font: str
) -> None:
    text = pdf.beginText()
    text.setTextRenderMode(3)  # OCR's layer: there to be read, never drawn
    text.setFont(font, size)
    for word in line.split():
        text.setTextOrigin(x, baseline)
        # OCR tools stretch each word of their one-width font over the word's printed box
        printed = pdf.stringWidth(word, "Times-Roman", size)
        text.setHorizScale(100 * printed / pdf.stringWidth(word, font, size))
        text.textOut(word)
        x += pdf.stringWidth(word + " ", "Times-Roman", size)
    pdf.drawText(text)


def glyphless(path: Path) -> None:
    """The layer's font renamed as OCR tools name theirs ("GlyphLessFont"), every glyph one
    width: a font that says nothing of the print's letters, neither its face nor its widths."""
    reader = PdfReader(str(path))
    writer = PdfWriter()
    for page in reader.pages:
        fonts = page["/Resources"]["/Font"]
        for key in fonts:
            font = fonts[key].get_object()
            if str(font["/BaseFont"]).startswith("/Courier"):
                font[NameObject("/BaseFont")] = NameObject("/GlyphLessFont")
                font[NameObject("/FirstChar")] = NumberObject(32)
                font[NameObject("/LastChar")] = NumberObject(126)
                font[NameObject("/Widths")] = ArrayObject([NumberObject(600)] * 95)
        writer.add_page(page)
    writer.write(str(path))


def photo(shade: int) -> ImageReader:
    """A plate's photograph: a gradient, so that no two plates are one picture."""
    image = Image.new("L", (240, 160), shade)
    draw = ImageDraw.Draw(image)
    for x in range(0, 240, 6):
        draw.line([(x, 0), (x, 160)], fill=(shade + 3 * x) % 256)
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    buffer.seek(0)
    return ImageReader(buffer)


def scanned_pdf(
    path: Path,
    pages: list[list[tuple[float, str, float]]],
    plates=None,
    photos=None,
    *,
    glyphless_layer: bool = False,
) -> Path:
    """`pages`: per page its lines as (top, text, size); `plates`: per page dark boxes
    (x0, top, x1, bottom) the scan shows (a plate of figures), none by default; `photos`: per
    page boxes where a photograph is laid as a picture of its own over the scan (as scanners
    that keep photographs apart from the page's text write them); `glyphless_layer`: the text
    in a font of one width per glyph with no face's name, as OCR tools write it."""
    font = "Courier" if glyphless_layer else "Times-Roman"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    for number, lines in enumerate(pages):
        boxes = plates[number] if plates else []
        picture = page_picture([(top, line) for top, line, _ in lines], boxes)
        pdf.drawImage(picture, 0, 0, WIDTH, HEIGHT)
        for index, (x0, top, x1, bottom) in enumerate(photos[number] if photos else []):
            pdf.drawImage(photo(60 + 50 * index), x0, HEIGHT - bottom, x1 - x0, bottom - top)
        for top, line, size in lines:
            invisible_line(pdf, 72, HEIGHT - top - size, line, size, font)
        pdf.showPage()
    pdf.save()
    if glyphless_layer:
        glyphless(path)
    return path
