"""Where the paper was published, when it says so in words rather than in a masthead.

A vignette, a preprint or an author's copy often carries no journal line at the top of page 1,
but says in its abstract, its first paragraph or a footnote what it is a version of: "This
document is an updated version of the paper published in R News 1(2)", "This introduction is
a modified version of Mebane and Sekhon (2011), published in the Journal of X", "This is the
accepted version of an article published in Y", or only "This vignette is based on Hankin
(2007a)" — whose entry in the reference list, under the paper's own title, names the journal.
The cover then says where and when the work appeared, as the paper itself does.

Only a sentence whose subject is the document itself counts ("This paper …", "This vignette
…", "This is …"): "the model published in Z" names someone else's work. A cited version counts
only when its reference entry carries the paper's title.
"""

from __future__ import annotations

import re

# The document as its own subject.
DOCUMENT = (
    r"(?:this|the\s+present)\s+(?:document|vignette|paper|article|introduction|report|note|"
    r"manuscript|chapter|tutorial|text|version|work|preprint)|this(?=\s+is\b)"
)
# What the document is of another: a version, a reprint, based on it.
VERSION_OF = (
    r"(?:an?\s+|the\s+)?(?:(?:updated|modified|revised|extended|shortened|abridged|expanded|"
    r"corrected|earlier|later|longer|shorter|preprint|accepted|author'?s|authors'|final|"
    r"slightly|lightly|substantially|\w+ly)\s+)*(?:version|reprint|copy|edition)\s+of|"
    r"based\s+on|adapted\s+from|derived\s+from"
)
SAYS_PUBLISHED = re.compile(
    rf"^(?:{DOCUMENT})\b[^.;]{{0,80}}?\b(?:is|was|has\s+been|will\s+be)\s+"
    rf"(?:(?:{VERSION_OF})\s+(?P<what>[^;]*?),?\s+(?:which\s+(?:was|has\s+been)\s+|as\s+|and\s+)?"
    r"(?:published|printed|appeared)|published|accepted\s+for\s+publication|to\s+appear)\s+"
    r"in\s+(?:the\s+)?(?P<venue>[A-Z][^;]{2,90}?)\s*\.?$",
    re.I,
)
# "This vignette is based on Hankin (2007a)": the version is a citation, resolved by its entry
NAME = r"[A-Z][\w'’-]+"
CITED_VERSION = re.compile(
    rf"^(?i:{DOCUMENT})\b[^.;]{{0,60}}?\b(?:is|was)\s+(?i:{VERSION_OF})\s+"
    rf"(?P<authors>{NAME}(?:\s+(?:and|&)\s+{NAME}|\s+et\s+al\.?)?)\s*"
    r"\((?P<year>(?:19|20)\d\d)(?P<letter>[a-z]?)\)\s*\.?$",
)
YEAR = re.compile(r"\((?P<year>(?:19|20)\d\d)[a-z]?\)")
# The venue as a reference entry prints it after the title: up to its URL, DOI or pages' end
ENTRY_VENUE = re.compile(
    r"^[\s.,”\"']*(?P<venue>[A-Z][^“\"]{2,100}?)(?:[.,]?\s*(?:URL|doi|https?:)|\.\s|\.?$)"
)
MAX_VENUE_WORDS = 14


def _words(value: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", value.lower())


def _venue(value: str) -> str:
    venue = re.sub(r"^(?:the)\s+", "", value.strip(" .,;:"), flags=re.I)
    venue = re.sub(r",?\s*(?:pp\.\s*)?\d+\s*[–-]\s*\d+$", "", venue)  # its pages: no venue's
    if not venue[:1].isupper() or len(venue.split()) > MAX_VENUE_WORDS:
        return ""
    return venue


def _entry_venue(authors: str, year: str, letter: str, title: str, references: str) -> str:
    """The venue of the reference entry by `authors` of `year` whose title is the paper's."""
    surname = authors.split()[0]
    wanted = _words(title)
    pattern = re.compile(
        rf"{re.escape(surname)}\b[^()]{{0,80}}\(\s*{year}{letter}\s*\)\.?\s*[“\"]?(?P<title>[^”\"]"
        r"{5,200}?)[.?!]?[”\"]\.?\s*(?P<rest>.{0,160})"
    )
    for match in pattern.finditer(references):
        if _words(match.group("title")) != wanted:
            continue  # another work of the authors: not this paper's version
        rest = ENTRY_VENUE.match(match.group("rest"))
        return _venue(rest.group("venue")) if rest else ""
    return ""


def published_venue(sentences: list[str], title: str, references: str) -> tuple[str, str]:
    """(venue, year) of the published version the paper's own sentences name, else ("", "")."""
    for sentence in sentences:
        for flat in _openings(" ".join(sentence.split())):
            found = _version_named(flat, title, references)
            if found[0]:
                return found
    return "", ""


# A sentence of its own inside a longer one: a footnote or a page's last line that the reading
# order glued after a display's remains ("… 1 3 This document is an updated version of …")
GLUED_OPENING = re.compile(r"\s(?=(?:This|The\s+present)\s)")


def _openings(flat: str) -> list[str]:
    """The sentence, and each glued-in sentence opening on a capitalised "This" inside it."""
    return [flat, *(flat[m.end() :] for m in GLUED_OPENING.finditer(flat))]


def _version_named(flat: str, title: str, references: str) -> tuple[str, str]:
    """(venue, year) when this one sentence says what the paper is a published version of."""
    said = SAYS_PUBLISHED.match(flat)
    if said:
        venue = _venue(said.group("venue"))
        year = YEAR.search(said.group("what") or "")
        if venue:
            return venue, year.group("year") if year else ""
    cited = CITED_VERSION.match(flat)
    if cited and title:
        venue = _entry_venue(
            cited.group("authors"),
            cited.group("year"),
            cited.group("letter"),
            title,
            references,
        )
        if venue:
            return venue, cited.group("year")
    return "", ""
