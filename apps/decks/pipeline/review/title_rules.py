"""Rules on a slide's title that the fragment checks do not see (title_quality.py): a plot's
label taken as a title, a title pointing at a figure the slide does not show, a title whose
mathematics became placeholders, a cover title run on into its subtitle, a cover title that is
the file's name, the authors' names or the journal's masthead, a cover author line that is the
document's status ("A Preprint") or no person (an affiliation read as a name)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from apps.decks.pipeline import title_quality
from apps.decks.pipeline.ingest.masthead_zone import masthead_line
from apps.decks.pipeline.ingest.structure import AFFILIATION, STATUS_TAG, body_author
from apps.decks.pipeline.ingest.title_byline import byline_split
from apps.decks.pipeline.review.registry import SlideContext, slide_rule

MESSAGES = {
    "title_plot_label": "is a label set inside a figure (an axis, legend or panel label), "
    "not a heading",
    "title_foreign_figure": "points at {part}, which this slide does not show",
    "title_fragment": "is a word that only counts or points, not what the slide shows",
    "title_placeholder": "lost its mathematics: a placeholder “X” stands where a symbol was",
    "title_figure_label": "opens on the figure's number “{part}”, which says nothing on a slide",
    "title_math_word": "sets a word in maths' font (“{part}”), not in the title's",
}


@slide_rule
def misleading_title(c: SlideContext):
    if c.slide is None:
        return
    for kind, part in title_quality.problems(c.slide.title, c.slide, c.paper):
        yield c.issue(
            kind,
            "medium",
            f"the title “{c.slide.title[:60]}” " + MESSAGES[kind].format(part=part[:30]),
            "title the slide with its subject: the heading of its section or its figure's caption",
            where="title",
            text=c.slide.title,
            part=part[:80],
        )


@slide_rule
def cover_glued_subtitle(c: SlideContext):
    """The cover's title run on into its subtitle, read as one title of two sizes."""
    if not c.is_title:
        return
    subtitle = title_quality.glued_subtitle(c.slide.title)
    if subtitle:
        yield c.issue(
            "cover_glued_subtitle",
            "medium",
            f"the cover's title runs on into its subtitle (“{subtitle[:60]}”)",
            "title the cover with the paper's title alone",
            where="title",
            text=c.slide.title,
            part=subtitle[:80],
        )


@slide_rule
def cover_title_byline(c: SlideContext):
    """The cover's title run on into its byline: an author's name and e-mail address read as
    the title's last words (an author line set in the title's size). An address is never part
    of a title; the byline starts where the name it spells begins."""
    if not c.is_title:
        return
    split = byline_split(c.slide.title)
    if split:
        part = c.slide.title[len(split[0]) :].strip()
        yield c.issue(
            "cover_title_byline",
            "medium",
            f"the cover's title runs on into its byline (“{part[:60]}”)",
            "title the cover with the paper's title alone; the names are its authors",
            where="title",
            text=c.slide.title,
            part=part[:80],
            authors=split[1],
        )


@slide_rule
def cover_title_unread(c: SlideContext):
    """The cover titled by what stands in for an unread title (the paper is the oracle): the
    PDF's file name ("paper-v3", "octavo.dvi"), the authors' names (the author line taken
    for the title), or the journal's masthead (its name, which the venue line holds, or a line
    with its ISSN or volume and issue). Reported: no rule can read the title the page sets instead."""
    if not c.is_title:
        return
    title = c.slide.title.strip()
    part = _unread_title_part(title, c.paper.source_name, c.paper.authors, c.paper.venue)
    if part:
        yield c.issue(
            "cover_title_unread",
            "medium",
            f"the cover's title “{title[:60]}” is {part}, not the paper's title",
            "title the cover with the title page 1 sets (its largest text near the top)",
            where="title",
            text=title,
            part=part,
        )


@slide_rule
def cover_author_tag(c: SlideContext):
    """The cover's author line holding what a document class sets under the title to say what
    the document is ("A Preprint", "Draft", "Technical Report"): no author, and the real
    authors are missing or follow it. Repaired by leaving it off the cover."""
    if not c.is_title:
        return
    tags = [a for a in c.deck.authors if STATUS_TAG.fullmatch(a.strip())]
    if tags:
        yield c.issue(
            "cover_author_tag",
            "medium",
            f"the cover's author line holds “{tags[0]}”, the document's status, not an author",
            "leave the status off the author line; the authors are the names under it on page 1",
            where="authors",
            tags=tags,
        )


@slide_rule
def cover_author_not_person(c: SlideContext):
    """An entry of the cover's author line that is no person: an organisation beside persons
    (its words say so, `structure.AFFILIATION`; alone, it is the body that wrote the document)
    or an entry printed twice (two authors' shared affiliation,
    "Lagado Brain, Lagado Brain", read as names). Repaired by leaving them off the cover."""
    if not c.is_title:
        return
    counts = Counter(a.strip() for a in c.deck.authors)
    # a body alone on the line wrote the document (an agency's report): it is the author
    alone = body_author(list(c.deck.authors))
    strays = [
        a
        for a in dict.fromkeys(a.strip() for a in c.deck.authors)
        if counts[a] > 1 or AFFILIATION.search(a) and not alone
    ]
    if strays:
        yield c.issue(
            "cover_author_not_person",
            "medium",
            f"the cover's author line holds “{strays[0]}”, which is no person "
            + ("(printed twice: an affiliation)" if counts[strays[0]] > 1 else "(an organisation)"),
            "leave it off the author line; the authors are the names on page 1",
            where="authors",
            tags=strays,
        )


def _words(text: str) -> list[str]:
    return re.findall(r"[^\W_]+", text.lower())


def _unread_title_part(title: str, source_name: str, authors: list[str], venue: str = "") -> str:
    words = _words(title)
    if not words:
        return ""
    if masthead_line(title):
        return "a line of the journal's masthead"  # an ISSN, "Volume 7, Issue 3"
    # the journal's name set large over the title: every word of it stands in the venue line
    if venue and len(words) >= 2 and set(words) <= set(_words(venue)):
        return "the journal's name"
    if words in (_words(source_name), _words(Path(source_name).stem)):
        return "the PDF's file name"
    named = {w for a in authors for w in _words(a)} | {"and", "et", "und"}
    if len(words) >= 2 and set(words) <= named and not set(words) <= {"and", "et", "und"}:
        return "the authors' names"
    return ""
