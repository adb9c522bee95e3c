"""PDF → Paper: validation, layout, structure, figures with captions and mentions."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pypdfium2 as pdfium

from apps.decks import errors, limits
from apps.decks.pipeline import figure_findings, text
from apps.decks.pipeline.ingest.captions import captions_find
from apps.decks.pipeline.ingest.cells import cells_mark
from apps.decks.pipeline.ingest.checks import pdf_check
from apps.decks.pipeline.ingest.code import code_mark
from apps.decks.pipeline.ingest.contents_lines import contents_mark
from apps.decks.pipeline.ingest.cover_text import readable_authors, readable_headings, text_read
from apps.decks.pipeline.ingest.cut_at_display import lines_cut_at_displays, mark_cut_paragraphs
from apps.decks.pipeline.ingest.drawings import drawings_extract
from apps.decks.pipeline.ingest.equations import equations_find
from apps.decks.pipeline.ingest.figure_headings import merged_figure_headings
from apps.decks.pipeline.ingest.figures import figures_extract
from apps.decks.pipeline.ingest.inline_code import inline_code_joined
from apps.decks.pipeline.ingest.layout import column_of, layout_read, reading_order, vocabulary_of
from apps.decks.pipeline.ingest.letterspaced import letterspaced_joined
from apps.decks.pipeline.ingest.list_items import items_mark
from apps.decks.pipeline.ingest.published_version import published_venue
from apps.decks.pipeline.ingest.references import references_read
from apps.decks.pipeline.ingest.runin import run_in_split
from apps.decks.pipeline.ingest.set_aside import body_words, set_aside_words
from apps.decks.pipeline.ingest.sideways import opened_upright
from apps.decks.pipeline.ingest.split_words import rejoined, word_counts
from apps.decks.pipeline.ingest.structure import (
    UNTITLED,
    abstract_find,
    authors_find,
    doi_find,
    heading_of,
    looks_like_name,
    metadata_title_read,
    printed_year,
    readable_captions,
    recased_title,
    sections_read,
    title_find,
    venue_find,
)
from apps.decks.pipeline.ingest.table_captions import table_captions_cut
from apps.decks.pipeline.ingest.tex_markup import tex_markup_removed
from apps.decks.pipeline.ingest.title_byline import byline_split
from apps.decks.pipeline.ingest.usage_lines import usage_lines_mark
from apps.decks.pipeline.paper import Figure, Mention, Paper, Section

logger = logging.getLogger("tessera.decks")


def paper_read(pdf_path: Path, figures_dir: Path) -> Paper:
    """Read a paper; figure images are written to `figures_dir`. Raises PaperError."""
    pages = pdf_check(pdf_path)
    name = pdf_path.name
    try:
        with opened_upright(pdf_path) as (plumber, source):
            metadata = dict(plumber.metadata or {})
            layout = layout_read(plumber)
            letterspaced_joined(layout)  # a title set letter-spaced, read whole
            run_in_split(layout)
            contents_mark(layout)  # before code: a dot leader is no line of code
            code_mark(layout)
            usage_lines_mark(layout)
            inline_code_joined(layout)
            cells_mark(layout)
            equations = equations_find(layout)
            items_mark(layout)
            lost_math = lines_cut_at_displays(layout, equations)
            total_words = sum(len(s.text.split()) for s in layout.segments(None))
            if total_words == 0:
                raise errors.PaperError(errors.NO_TEXT.format(name=name))
            if total_words < limits.get("min_words"):
                raise errors.PaperError(
                    errors.TOO_LITTLE_TEXT.format(
                        name=name, words=total_words, limit=limits.get_int("min_words")
                    )
                )
            # The deck folder always has its figures folder, even for a paper without figures.
            figures_dir.mkdir(parents=True, exist_ok=True)
            document = pdfium.PdfDocument(str(source))
            try:
                captions = table_captions_cut(plumber, layout, captions_find(layout))
                figures, covered = figures_extract(plumber, document, layout, figures_dir, captions)
                drawn, drawn_covered = drawings_extract(
                    plumber, document, layout, figures_dir, figures, captions
                )
                figures += drawn
                covered |= drawn_covered
            finally:
                document.close()
    except errors.DeckError:
        raise
    except Exception as exc:  # pdfminer raises many unrelated types on damaged content
        logger.exception("reading %s failed", name)
        raise errors.PaperError(
            errors.CORRUPT.format(name=name, detail=type(exc).__name__)
        ) from exc

    title, title_segment = title_find(layout, str(metadata.get("Title", "")))
    vocabulary = vocabulary_of(layout)
    authors = authors_find(layout, title_segment) or _metadata_authors(metadata)
    # the cover's first words: a ligature the font left unnamed read whole, or the name shortened
    authors = readable_authors(authors, vocabulary, _metadata_authors(metadata))
    metadata_title = metadata_title_read(str(metadata.get("Title") or ""))
    title = text_read(title, vocabulary) or text_read(metadata_title, vocabulary) or title
    # an author line set in the title's size right under it, read as the title's last words:
    # its e-mail address says where the byline starts and whose name it is
    byline = byline_split(title)
    if byline:
        title, authors = byline[0], authors or byline[1]
    sections, first_heading, placed = sections_read(
        layout, covered, vocabulary, title_segment, equations, authors
    )
    if not sections:
        # No heading at all (a note, a memo): its text read the same way, as one untitled
        # section, so that its sentences, displays and listings are read as a paper's are
        sections, first_heading, placed = sections_read(
            layout, covered, vocabulary, title_segment, equations, authors, untitled=True
        )
    abstract = abstract_find(layout, first_heading, title_segment)
    if not sections:
        sections = [
            Section(title=UNTITLED, paragraphs=_all_paragraphs(layout, covered), untitled=True)
        ]
    mark_cut_paragraphs(sections, lost_math)
    counts = word_counts([abstract, *(p for s in sections for p in s.paragraphs)])
    abstract = rejoined(abstract, counts)
    for section in sections:
        section.paragraphs = [rejoined(p, counts) for p in section.paragraphs]
    readable_headings(sections, vocabulary)
    # a title set large is kerned wide: a gap inside a word read as a space ("Dev elopment")
    title = recased_title(rejoined(title, counts), title_segment, sections)
    venue, year = venue_find(layout, title, title_segment)
    if not venue:
        # no masthead: a vignette's or preprint's own words say where it was published
        venue, named_year = _published_version(layout, abstract, sections, title)
        year = year or named_year
    # The year printed on page 1, else none: the file's CreationDate is when it was made.
    year = year or printed_year(layout, title_segment)
    readable_captions(figures)
    # a panel's title or an axis label read as a heading: its section is the one it interrupts
    sections = merged_figure_headings(sections, figures)
    _attach_mentions(figures, sections)
    _place_in_order(layout, figures, sections)
    return Paper(
        title=title or Path(name).stem,
        authors=authors,
        doi=doi_find(layout, metadata),
        venue=venue,
        year=year,
        abstract=abstract,
        sections=sections,
        figures=figures,
        equations=placed,
        lost_math=lost_math,
        pages=pages,
        source_name=name,
        text_layer=layout.unread,
        body_words=body_words(layout),
        set_aside=set_aside_words(layout, covered),
        references=references_read(layout),
    )


def _published_version(
    layout, abstract: str, sections: list[Section], title: str
) -> tuple[str, str]:
    """The venue and year the paper's front says it is a version of: its abstract, its first
    section and page 1's every line (a footnote there, "This document is an updated version of
    the paper published in …"); a cited version by its entry in the whole text's references."""
    front = [abstract, *(sections[0].paragraphs if sections else [])]
    if layout.pages:
        front.append(" ".join(segment.text for segment in layout.pages[0]))
    sentences = [s for paragraph in front if paragraph for s in text.sentences(paragraph)]
    everything = " ".join(s.text for s in layout.segments(role=None))
    return published_venue(sentences, title, everything)


def _metadata_authors(metadata: dict) -> list[str]:
    raw = tex_markup_removed(str(metadata.get("Author", "")))  # "A.~Rokeby \\and B.~Ortiz"
    if not raw:
        return []
    names = [a.strip() for a in re.split(r",|\band\b|;", raw.replace("\\and", ",")) if a.strip()]
    # a user or publisher name ("tubitak", "jsmith") is no author to put on the cover
    return [n for n in names if looks_like_name(n)]


def _all_paragraphs(layout, covered: set[int]) -> list[str]:
    lines = [s.text for s in layout.segments() if id(s) not in covered and layout.is_body(s)]
    chunk = 12
    return [" ".join(lines[i : i + chunk]) for i in range(0, len(lines), chunk)]


def _attach_mentions(figures: list[Figure], sections: list[Section]) -> None:
    by_key = {(f.kind, f.number): f for f in figures}
    for section in sections:
        for paragraph in section.paragraphs:
            sentences = text.sentences(paragraph)
            for index, sentence in enumerate(sentences):
                for key in dict.fromkeys(text.figure_refs(sentence)):
                    figure = by_key.get(key)
                    if figure is None:
                        continue
                    # a bare pointer ("See Figure 5 for a visual comparison.") reads the
                    # sentences before it: they say what the figure shows
                    for reading in figure_findings.pointed_readings(sentences, index):
                        figure.mentions.append(Mention(text=reading, section=section.title))
                    figure.mentions.append(Mention(text=sentence, section=section.title))
                    if not figure.section:
                        figure.section = section.title


def _place_in_order(layout, figures: list[Figure], sections: list[Section]) -> None:
    """Each figure's section, so that slides show figures in the paper's order: a figure
    without a mention is in the section it is printed in (an uncaptioned one is introduced by
    the sentence above it), and no figure's section comes before the previous figure's."""
    titles = [s.title for s in sections]
    # a heading set in capitals got its names' case back once the text was read (structure.py)
    by_lower = {t.lower(): t for t in titles}
    headings = []  # (page, column, top, title) of each section's heading, in reading order
    for page in range(1, len(layout.pages) + 1):
        for segment in reading_order(layout, page):
            heading = heading_of(layout, segment)
            if heading is not None and heading.title.lower() in by_lower:
                title = by_lower[heading.title.lower()]
                headings.append((page, segment.column, segment.top, title))
    printed = sorted(figures, key=lambda f: (f.page, column_of(layout, f.bbox[0]), f.bbox[1]))
    latest = -1
    for figure in printed:
        where = (figure.page, column_of(layout, figure.bbox[0]), figure.bbox[1])
        own = next((h[3] for h in reversed(headings) if h[:3] <= where), "")
        if not figure.captioned and figure.caption and own:
            figure.mentions.append(Mention(text=figure.caption, section=own))
        section = figure.section or own
        index = titles.index(section) if section in titles else -1
        if index < latest:
            index, section = latest, titles[latest]
        latest = max(latest, index)
        if section:
            figure.section = section
    figures.sort(key=lambda f: (f.kind != "figure", f.number))
