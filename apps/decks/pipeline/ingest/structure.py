"""Title, authors, DOI, abstract and the section hierarchy from a page layout."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from apps.decks.pipeline.acknowledgements import acknowledgement
from apps.decks.pipeline.back_matter import back_matter
from apps.decks.pipeline.caption_labels import LABEL_WORDS
from apps.decks.pipeline.garbled import UNREADABLE_BY_NUMBER, UNREADABLE_IN_WORD
from apps.decks.pipeline.ingest import author_block, contents, masthead_zone
from apps.decks.pipeline.ingest.cover_labels import without_type_labels
from apps.decks.pipeline.ingest.display_stops import display_ends_sentence, sentence_after_display
from apps.decks.pipeline.ingest.equations import DisplayEquation
from apps.decks.pipeline.ingest.heading_lines import heading_faces, standalone_bold
from apps.decks.pipeline.ingest.layout import (
    BOLD_FONT,
    MONO_FONT,
    Layout,
    Segment,
    join_lines,
    reading_order,
    vocabulary_of,
)
from apps.decks.pipeline.ingest.list_items import mark_set_apart, term_separated
from apps.decks.pipeline.ingest.listings import ListingCollector
from apps.decks.pipeline.ingest.numbered_headings import outline_headings
from apps.decks.pipeline.ingest.percent_signs import percent_spaced
from apps.decks.pipeline.ingest.running import running_key
from apps.decks.pipeline.ingest.scanned import scanned_heading
from apps.decks.pipeline.ingest.tex_markup import formulas_as_text, tex_markup_removed
from apps.decks.pipeline.ingest.tex_words import LOGO_WORD
from apps.decks.pipeline.ingest.url_lines import address_continued
from apps.decks.pipeline.ingest.venue_band import band_venue, running_venue
from apps.decks.pipeline.ingest.venue_text import VENUE_NOUNS, venue_tidied
from apps.decks.pipeline.lost_text import reference_entry
from apps.decks.pipeline.paper import Equation, Section
from apps.decks.pipeline.person_names import names_a_person
from apps.decks.pipeline.text import sentences as text_sentences
from apps.decks.pipeline.title_style import proper_nouns, sentence_case, without_footnote_marks

DOI = re.compile(r"\b(10\.\d{4,9}/[^\s\"<>]+[^\s\"<>.,;)\]])")
DOI_LABEL = re.compile(r"\bdoi\b\s*[:.]?\s*$|doi\.org/?$", re.I)
YEAR = re.compile(r"\b(19[5-9]\d|20\d\d)\b")
# a section's number has one or two digits a level ("21027 Ispra (VA) Italy" is an address)
NUMBERED = re.compile(r"^((?:\d{1,2}\.)*\d{1,2}|[IVX]+|[A-H])\.?\s+([A-Z].{1,90})$")
# a manual's subsection titled by a program's or a function's name in typewriter, which may
# open in lower case: "6.4.2 fit-model Program"
CODE_NUMBERED = re.compile(r"^((?:\d{1,2}\.)+\d{1,2})\.?\s+(\S.{1,90})$")
CAPTION = re.compile(rf"^({LABEL_WORDS})\s*(\d+)\s*[.:|—–-]")
KNOWN_HEADINGS = {
    "abstract",
    "introduction",
    "background",
    "related work",
    "method",
    "methods",
    "methodology",
    "materials and methods",
    "model",
    "approach",
    "implementation",
    "experiments",
    "experimental setup",
    "evaluation",
    "results",
    "results and discussion",
    "discussion",
    "conclusion",
    "conclusions",
    "summary",
    "limitations",
    "future work",
    "references",
    "bibliography",
    "acknowledgements",
    "acknowledgments",
    "appendix",
    "supplementary material",
}
KEYWORDS = re.compile(
    r"\b(?:Key\s?words|Index\s+Terms|JEL\s+(?:classification|codes?)|"
    r"(?:AMS|MSC)\s+(?:\d{4}\s+)?(?:subject\s+)?classification)\b\s*[:.—–-]",
    re.I,
)
END_OF_BODY = re.compile(
    r"^(?:references?(?: and notes| list| cited)?|notes and references|bibliography|"
    r"(?:works|literature) cited|cited (?:works|literature)|literature|works consulted|"
    r"sources consulted|literatur|bibliografia|bibliografía|références|referencias|referências)$",
    re.I,
)
# A numbered reference list whose heading was not found ("… with their time. [1] J. Smith,
# “Title.” …"): entries "[1] " and then "[2] " each opening a sentence. The body ends there.
# The entries may also be paragraphs of their own.
REFERENCE_LIST = re.compile(
    r"(?:^|(?<=[.!?]\s))\[1\]\s+(?=[A-Z“\"])(?=.*(?<=[.!?]\s)\[2\]\s+[A-Z“\"])", re.S
)
REFERENCE_ENTRY = re.compile(r"\[([12])\]\s+[A-Z“\"]")
# The back matter: thanks, funding, and what a journal asks its authors to declare
SKIPPED = re.compile(
    r"^(?:ac?knowledge?ments?|funding|financial (?:support|disclosures?)|"
    r"(?:the )?authors?(?:'|’|'s|’s)? contributions?|credit authorship|competing interests?|"
    r"conflicts? of interests?|declarations?\b|disclosures?\b|"
    r"(?:data|code|software)(?: and (?:code|data|materials?|software))? availability|"
    r"availability of (?:data|code|materials)|ethics (?:approval|statement|declarations?)|"
    r"ethical (?:approval|statement)|consent (?:for|to) (?:publication|participate)|"
    # the document's licence: "Copying", "License", "Copyright notice"
    r"(?:copying|licen[cs]es?|licensing|copyright(?: notice)?|terms of use)\s*$)",
    re.I,
)
AFFILIATION = re.compile(
    r"universit|institut|academ|department|dept\.|laborator|school|college|faculty|centre|center|"
    r"cnrs|inria|@|\bcorrespond|\bemail\b|hospital|research|gmbh|\binc\b|ltd|\bllc\b|"
    r"\bdivision\b|\blabs?\b|\bnational\b|\bcorporation\b|\bfoundation\b|\bagency\b|\bministry\b|"
    # public bodies an author may work for: "Marco Ratto, European Commission"
    r"\bcommission\b|\bcouncil\b|\bcommittee\b|\bgovernment\b|\bconsortium\b|\bobservatory\b|"
    r"\bdirectorate\b|\bbureau\b|polytechn|politecnico|\b[ée]cole\b|universidad",
    re.I,
)


MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
DATE = re.compile(rf"(?:(?:\d{{1,2}}\s+)?(?:{MONTHS})\.?\s+(?:\d{{1,2}},?\s+)?)?(?:19|20)\d\d")
EMAIL = re.compile(r"<?[\w.+-]+@[\w-]+(?:\.[\w-]+)+>?")
CHAPTER_LABEL = re.compile(r"^(?:Chapter|Part|Appendix)\s+([\dIVXA-Z]{1,4})\.?$", re.I)
AUTHOR_LABEL = re.compile(r"^\s*(?:authors?|by)\s*:?\s+", re.I)
LIST_ITEM = re.compile(r"(?:\d{1,2}[.)]|\([a-z\d]\)|[–-])\s+[A-Z]")
BULLET = re.compile(r"[•◦▪‣∙]\s")
# Two spans of code with only a line's end between them are one name broken over two lines
CODE_BROKEN = re.compile(r"(?<=\S)` `(?=\S)")
LONE_SYMBOL = re.compile(r"\$?\s*[()\[\]{}|+\-−=·]\s*\$?")
SMALL_CAPS_FONT = re.compile(r"(?:^|\+)(?:cmcsc|lmcsc|sfcc|eccc)\d|smallcaps|[-_]sc\b", re.I)
ITALIC_FONT = re.compile(r"italic|oblique|(?:^|\+)(?:cmti|cmsl|sfti|lmri)\d", re.I)
FILE_NAME = re.compile(
    r"\.(?:dvi|tex|pdf|docx?|odt|rtf|ps|eps|indd|qxd)\s*$|^Microsoft Word\b", re.I
)


@dataclass
class Heading:
    segment: Segment
    number: str
    title: str
    level: int


def title_find(layout: Layout, metadata_title: str) -> tuple[str, Segment | None]:
    """The largest text near the top of page 1 (falls back to the PDF's metadata title); a
    journal's masthead above the title is not it."""
    candidates = (
        [
            s
            for s in layout.pages[0]
            if s.role in ("text", "margin")
            and s.top < 0.5 * layout.page_sizes[0][1]
            # LaTeX's \large over a 10 pt body is only 2 pt larger: centred, it is the title
            and s.size >= layout.body_size + (1.5 if s.bold or _centred(layout, s) else 2.5)
            and len(s.text) > 3
        ]
        if layout.pages
        else []
    )
    below_masthead = [s for s in candidates if not masthead(s.text, layout.running)]
    if len(below_masthead) < len(candidates) and any(
        len(s.text.split()) >= 3 for s in below_masthead
    ):
        candidates = below_masthead
    # the journal's name among its ISSN, volume and issue lines (no running line may name it)
    candidates = masthead_zone.below_masthead(layout, candidates)
    # a numbered section heading set large in the other column (a title at the body's size)
    candidates = [s for s in candidates if not _numbered_heading(layout, s)]
    # a report's type or series label above the title ("Working Paper No. 14")
    candidates = without_type_labels(candidates)
    # an author's name set larger than the title (an essay's byline in a display font): the
    # title is the largest text that is no person
    persons = display_name_lines(layout)
    not_persons = [s for s in candidates if s not in persons]
    if persons and not_persons and any(len(s.text.split()) >= 2 for s in not_persons):
        candidates = not_persons
    candidates = _without_title_echoes(candidates)
    metadata_title = metadata_title_read(metadata_title)
    if not candidates and not metadata_title.strip() and layout.pages:
        candidates = _bold_title_lines(layout)  # a title set bold at the body's size
    if not candidates:
        return metadata_title.strip(), None
    biggest = max(s.size for s in candidates)
    lines = sorted((s for s in candidates if abs(s.size - biggest) < 0.6), key=lambda s: s.top)
    block = [lines[0]]
    for segment in lines[1:]:
        if segment.top - block[-1].bottom < 1.2 * biggest:
            block.append(segment)
    title = _sentence_case(without_footnote_marks(join_lines([s.text for s in block])))
    title = title_accents_joined(title)
    if len(title.split()) < 2 and metadata_title:
        return metadata_title.strip(), block[-1]
    subtitle = _named_subtitle(layout, title, block[-1])
    if subtitle is not None:
        return f"{title}: {join_lines([subtitle.text])}", subtitle
    return title, block[-1]


def _named_subtitle(layout: Layout, title: str, end: Segment) -> Segment | None:
    """A title that is only a name ("CASSBEAM") over the line that says what it names
    ("Software for Cassegrain antenna modelling"), set right under it at the body's size or
    larger: that line is the title's second half. Alone, the cover said a name and nothing of
    the work. A line of names, an address, a date or version, or a heading is none."""
    if len(title.split()) != 1:
        return None
    under = sorted(
        (s for s in layout.pages[0] if s.role == "text" and s.top > end.bottom - 1),
        key=lambda s: s.top,
    )
    if not under or under[0].top - end.bottom > 2.5 * end.size:
        return None
    line = under[0]
    text = line.text.strip()
    words = text.split()
    if (
        len(words) < 3
        or line.size < layout.body_size - 0.5
        or not any(w[:1].islower() for w in words)
        or re.search(r"\d", text)
        or AFFILIATION.search(text)
        or looks_like_name(text)
        or _split_names(text)
        and all(looks_like_name(n) for n in _split_names(text))
        or _heading_text(text)
        or text.lower().startswith("abstract")
    ):
        return None
    return line


def _without_title_echoes(candidates: list[Segment]) -> list[Segment]:
    """Without a phrase set larger than a line above it whose words it repeats in their order (a
    figure's or a logo's label under the title: "Paper Search" under "PaSa: an agent for
    academic paper search"): the longer line is the title, the phrase only echoes it."""

    def words(segment: Segment) -> list[str]:
        return re.findall(r"[^\W_]+", segment.text.lower())

    def echoes(segment: Segment, other: Segment) -> bool:
        short, long = words(segment), words(other)
        return (
            other.top < segment.top
            and segment.size > other.size
            and 0 < len(short) < len(long)
            and any(long[i : i + len(short)] == short for i in range(len(long) - len(short) + 1))
        )

    kept = [s for s in candidates if not any(echoes(s, o) for o in candidates if o is not s)]
    return kept or candidates


# What a tool writes when nobody set a title: a template's placeholder, a LaTeX job's name.
PLACEHOLDER_TITLE = re.compile(
    r"^(?:untitled(?:\s*\d*)?|no title|title|document\d*|paper|main|manuscript|article|draft|ms|"
    r"template|slides?|thesis|report)$",
    re.I,
)


def metadata_title_read(raw: str) -> str:
    """The PDF's metadata Title when it reads as a title, else "": a file's name ("apssamp.dvi",
    "Microsoft Word - draft.docx"), a placeholder ("untitled") or a single word with no space
    (a LaTeX job's name: "octavo", "jss4172", "paper_v3") is none."""
    title = tex_markup_removed(raw)  # hyperref's pdftitle copies the source's markup
    if FILE_NAME.search(title) or PLACEHOLDER_TITLE.match(title) or " " not in title:
        return ""
    return title


VENUE_WORD = re.compile(rf"\b(?:{VENUE_NOUNS}|reports?)\b", re.I)
# what a journal's running line adds to its name: authors "et al.", a volume, a year, pages
VENUE_DETAIL = re.compile(
    r"\bet al\b|\b(?:vol|volume|no|issue|pp)\b|\b(?:19|20)\d\d\b|\d+\s*[–-]\s*\d+"
)


def masthead(text: str, running: list[str]) -> bool:
    """A journal's name set large at the top of page 1 ("Journal of Statistical Software",
    "Solar Energy Materials & Solar Cells"): the same words stand in the running headers or
    footers of the other pages, where they read as a venue — a venue's word, or beside the
    authors' "et al.", a volume, a year or a page range. A paper's own title repeated as its
    running header (a TUGboat preprint) is neither."""
    name = " ".join(re.findall(r"\w+", text.lower()))
    if len(name) < 6:
        return False
    for line in running:
        words = " ".join(re.findall(r"\w+", line.lower()))
        if not re.search(rf"(?:^|\s){re.escape(name)}(?:\s|$)", words):
            continue
        rest = line.lower().replace(text.lower(), " ")
        if VENUE_WORD.search(text) or VENUE_DETAIL.search(rest):
            return True
    return False


def _in_capitals(text: str) -> bool:
    """A line set in capitals ("CALCULATING PER-ATOM QUANTITIES"), as old reports set their
    title at the body's size without bold."""
    letters = [c for c in text if c.isalpha()]
    return len(text.split()) >= 3 and len(letters) >= 12 and all(c.isupper() for c in letters)


def _centred(layout: Layout, segment: Segment) -> bool:
    """Set in the middle of page 1, away from both margins (an old-style article's title)."""
    width = layout.page_sizes[0][0]
    middle = (segment.x0 + segment.x1) / 2
    return abs(middle - width / 2) < 0.04 * width and segment.x0 > 0.15 * width


def _numbered_heading(layout: Layout, segment: Segment) -> bool:
    """A numbered line ("4 Discussion") whose font and size another numbered line of the paper
    shares with another number: the style of its section headings, never its title."""
    match = NUMBERED.match(segment.text.strip())
    if not match:
        return False
    return any(
        other is not segment
        and other.font == segment.font
        and abs(other.size - segment.size) < 0.3
        and (found := NUMBERED.match(other.text.strip())) is not None
        and found.group(1) != match.group(1)
        for page in layout.pages
        for other in page
    )


def display_name_lines(layout: Layout) -> list[Segment]:
    """Lines of page 1's upper half set larger than the text that hold only persons' names
    ("Jean Dupont", "Ann Okafor and Ben Sato"): a name line with its author's e-mail set just
    under it (within three lines, before any other line of names). A title in title case
    ("Deep Residual Learning") has none."""
    if not layout.pages:
        return []
    page = layout.pages[0]
    height = layout.page_sizes[0][1]
    found = []
    for segment in page:
        if segment.role not in ("text", "margin") or segment.top > 0.5 * height:
            continue
        if segment.size < layout.body_size + 1.5 or AFFILIATION.search(segment.text):
            continue
        names = _split_names(segment.text)
        if not names or not all(looks_like_name(n) for n in names):
            continue
        under = sorted(
            (
                s
                for s in page
                if s is not segment and 0 <= s.top - segment.bottom < 3 * max(s.size, segment.size)
            ),
            key=lambda s: s.top,
        )
        for line in under:
            if _signs_a_person(line.text, names):
                found.append(segment)
                break
            parts = _split_names(line.text)
            if parts and all(looks_like_name(p) for p in parts):
                break  # a line of names under it: it is a title over its authors
    return found


def _signs_a_person(text: str, names: list[str]) -> bool:
    """An e-mail address whose name part holds one of the names' words ("jdupont@…"): what an
    author line has under it (an affiliation may be under a title's last line too, with the
    byline that names the author)."""
    words = {w for n in names for w in re.findall(r"[a-z]{3,}", _ascii(n).lower())}
    return any(
        any(w in address.split("@")[0].lower() for w in words) for address in EMAIL.findall(text)
    )


def _ascii(text: str) -> str:
    flat = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in flat if not unicodedata.combining(ch))


def _bold_title_lines(layout: Layout) -> list[Segment]:
    """The first bold lines of page 1's upper third that are no heading or caption (AMS and
    some journals set the title bold, in capitals, at the body's size), or lines in capitals
    (an old report's title, set in the body's font)."""
    top = 0.35 * layout.page_sizes[0][1]
    lines = sorted(
        (
            s
            for s in layout.pages[0]
            if (s.role in ("text", "margin") or _own_running_title(layout, s))
            and s.top < top
            and (s.bold or s.role == "text" and _in_capitals(s.text))
            and len(s.text.split()) >= 2
            and not CAPTION.match(s.text)
            and not _heading_text(s.text)
            and not NUMBERED.match(s.text)
        ),
        key=lambda s: s.top,
    )
    return lines[:1] + [s for s in lines[1:] if s.size == lines[0].size][:2] if lines else []


def _own_running_title(layout: Layout, segment: Segment) -> bool:
    """A bold line of page 1 read as a running header because the later pages repeat it over
    their text (a preprint set in a journal's class: its title, at the body's size, is its
    running title), under the page's own header line: the paper's title, never a venue."""
    if segment.role != "header" or not segment.bold or len(segment.text.split()) < 2:
        return False
    if masthead(segment.text, layout.running) or VENUE_DETAIL.search(segment.text):
        return False
    above = [s for s in layout.pages[0] if s.role == "header" and s.bottom < segment.top]
    return bool(above) and segment.text.strip() in {line.strip() for line in layout.running}


def beside_column_title(layout: Layout, title: Segment, segment: Segment) -> bool:
    """A line of the right column beside a title set in the left one (a preprint in a journal's
    two-column class): the paper's text, never its title block or its authors."""
    in_left_column = bool(layout.page_sizes) and title.x1 < 0.5 * layout.page_sizes[0][0]
    return in_left_column and segment.x0 > title.x1 and _text_beside(layout, title)


def _text_beside(layout: Layout, title: Segment) -> bool:
    """Whether text is set beside the title, on its own lines, right of it: a title whose last
    line is merely short (a one-column page) has nothing there, and the author line under it
    runs past its end without being another column."""
    return any(
        s.role == "text" and s.x0 > title.x1 and s.top < title.bottom and s.bottom > title.top
        for s in layout.pages[0]
        if s is not title
    )


LONE_AND = re.compile(r"\s*(?:and|&)\s*", re.I)
# What a document class sets under the title to say what the document is ("A PREPRINT" of the
# arXiv template, "Draft", "Technical Report", "Accepted Manuscript"): it reads like a name
# (capitalised words) but is never an author, and the authors follow it
STATUS_TAG = re.compile(
    r"(?:an?\s+)?(?:(?:author'?s'?\s+)?(?:accepted\s+)?manuscript|e-?print|pre-?print|"
    r"post-?print|(?:working|white|discussion)\s+paper|technical\s+(?:report|note)|"
    r"(?:first\s+|final\s+)?draft|under\s+review|submitted(?:\s+manuscript)?)"
    r"(?:\s+(?:version|copy))?\s*[.:]?",
    re.I,
)


def authors_find(layout: Layout, title_segment: Segment | None) -> list[str]:
    """Names on the lines just below the title, before the abstract, in reading order. A
    REVTeX block sets each author over their own affiliations: a line again in the first
    name's size after affiliations, with names only, is the next author; lines set smaller
    than the names are addresses."""
    if title_segment is None:
        return []
    title_segment = _subtitle_end(layout, title_segment)
    below = _in_lines(
        s
        for s in layout.pages[0]
        if s.role == "text"
        and s.top > title_segment.bottom - 1
        and s.top < title_segment.bottom + author_block.GRID_REACH
        and not beside_column_title(layout, title_segment, s)
    )
    names: list[str] = []
    previous: Segment | None = None
    name_size: float | None = None
    name_segment: Segment | None = None  # the first line of names: their face and size
    address_size: float | None = None  # addresses set above any name (an institute's block)
    in_addresses = False
    last_names: tuple[Segment, int] | None = None  # the line of names just read, its count
    taken_to = -1  # the lines of a byline read with the line above it (`_semicolon_byline`)
    for number, segment in enumerate(below):
        if number <= taken_to:
            continue
        text = segment.text
        # past a byline's reach only a grid of author blocks goes on: its addresses, and
        # names in the names' face
        past_reach = author_block.past_reach(segment, title_segment.bottom)
        if previous is not None and segment.top - previous.bottom > 2.2 * segment.size:
            break
        if CAPTION.match(text) or _heading_text(text):
            break
        if id(segment) in outline_headings(layout):
            break  # the outline's first heading ("I. Introduction"): an initial and a name
        if text.lower().startswith("abstract") or len(text.split()) > 40:
            break
        if not any(c.isalpha() for c in text):
            continue  # a line of marks only ("$,^{*}$" over the names)
        if not names and STATUS_TAG.fullmatch(text.strip()):
            previous = None  # the document's status ("A PREPRINT"): the names come under it
            continue
        if names and LONE_AND.fullmatch(text):
            # "and" on a line of its own between one author's address and the next author:
            # the line after it is a name, never the address going on
            previous = None
            continue
        smaller = name_size is not None and segment.size < name_size - 1
        smaller = smaller or author_block.address_by_face(segment, name_segment)
        if not names and author_block.logo_word(text, _split_names(text)):
            continue  # an institute's logo word over its address, above the byline
        byline = _semicolon_byline(below, number) if not smaller else None
        if byline is not None:
            found, taken_to = byline
            names.extend(found)
            name_size = name_size or segment.size
            previous = below[taken_to]
            continue
        if AFFILIATION.search(text) or smaller:
            # "Sam U. Llaun, Academy of Lagado, …": one author's byline, the name first.
            lead = _split_names(text)[0] if _split_names(text) else ""
            # "Ann Lee (ann@lagado.edu) – Academy of Lagado": the dash ends the name
            lead = re.split(r"\s+[–—]\s+|\s+-\s+", lead)[0].strip()
            if smaller or not (looks_like_name(lead) and not AFFILIATION.search(lead)):
                if not names and (address_size or segment.size) != segment.size:
                    break
                if not names:
                    # an institute's address above the byline: the name comes under it
                    address_size = segment.size
                    in_addresses = True
                    previous = segment
                    continue
                in_addresses = True  # the next author may follow their addresses
                previous, last_names = segment, None
                continue
            if past_reach:
                break
            names.append(lead)
            name_size = name_size or segment.size
            previous = segment
            continue
        found = _split_names(text)
        if (
            in_addresses
            and _address_goes_on(previous, segment)
            and not _author_over_address(segment, below[number + 1 : number + 2])
        ):
            previous = segment  # "Norway", "The Netherlands": the address's last line
            continue
        if in_addresses:
            # after addresses, only a line of names in the names' size is another author
            if not found or not all(looks_like_name(n) for n in found):
                break
            if name_size is None:
                # under an institute's address: the byline is set larger than the address
                if address_size is None or segment.size < address_size + 1:
                    break
            elif abs(segment.size - name_size) > 0.5:
                break
        if past_reach and not (
            found
            and all(looks_like_name(n) for n in found)
            and author_block.in_names_face(segment, name_segment)
        ):
            break
        if last_names and names and author_block.name_goes_on(*last_names, segment, found):
            names[-1] = f"{names[-1]} {found.pop(0)}"  # a name wrapped at the line's end
        names.extend(found)
        if found and name_size is None:
            name_size = segment.size
            name_segment = segment
        last_names = (segment, len(found)) if found else None
        previous = segment
    names = [n.title() if n.isupper() else n for n in names]  # "ROGER KOENKER"
    names = [n for n in names if looks_like_name(n) and not STATUS_TAG.fullmatch(n)]
    if not names and (body := _corporate_author(below)):
        return [body]
    if not names:
        # a byline set in a display font away from the title (an essay's author, large)
        names = [
            n
            for s in display_name_lines(layout)
            if s is not title_segment
            for n in _split_names(s.text)
        ]
    return [n for n in names if looks_like_name(n)][:30]


ISO_DATE = re.compile(r"(?:19|20)\d\d-\d\d-\d\d")


def body_author(authors: list[str]) -> bool:
    """Is the author line one organisation alone: the body that wrote the document (an
    agency's report)? The ingest reads such a cover so (`_corporate_author`) and the cover
    rule keeps it (review/title_rules.cover_author_not_person): one definition for both, or
    the rule took off what the ingest read."""
    entries = {a.strip() for a in authors}
    return len(authors) == 1 and len(entries) == 1 and bool(AFFILIATION.search(authors[0]))


def _corporate_author(below: list[Segment]) -> str | None:
    """A report written by a body, not a person: the line under the title names an
    organisation, and only the date follows it ("European Centre for Disease Prevention and
    Control (ECDC)" / "2018-06-05"). Read as an address over a byline that never came, the
    cover had no author at all."""
    if not below:
        return None
    line = below[0].text.strip()
    after = below[1].text.strip() if len(below) > 1 else ""
    dated = not after or DATE.fullmatch(after) or ISO_DATE.fullmatch(after)
    if (
        not dated
        or not body_author([line])
        or "," in line
        or re.search(r"\d|@", line)
        or not 2 <= len(line.split()) <= 12
        or not line[:1].isupper()
    ):
        return None
    return line


def _semicolon_byline(lines: list[Segment], number: int) -> tuple[list[str], int] | None:
    """A byline of "Name, Affiliation" entries a semicolon apart, run on over lines ("Ann
    Okafor, University of Lagado; Ben Sato," / "Lagado Institute; Cy Diaz, …"), as USENIX's
    cover page sets it: each entry's name, and the index of the byline's last line. Read as
    one author's name and address, the other authors were lost."""
    first = lines[number]
    if ";" not in first.text or not AFFILIATION.search(first.text):
        return None
    text, last = first.text.strip(), number
    while text.endswith((",", ";")) and last + 1 < len(lines):
        following = lines[last + 1]
        if abs(following.size - first.size) > 0.5 or not AFFILIATION.search(following.text):
            break
        text, last = f"{text} {following.text.strip()}", last + 1
    names = []
    for entry in text.split(";"):
        name, _, affiliation = entry.partition(",")
        name = _split_names(name)[0] if _split_names(name) else ""
        if not affiliation.strip() or not looks_like_name(name) or AFFILIATION.search(name):
            return None  # not every entry a name and its affiliation: some other line
        names.append(name)
    return (names, last) if len(names) >= 2 else None


def _author_over_address(segment: Segment, following: list[Segment]) -> bool:
    """A line of names set right under an address with an address of its own under it, all in
    one size ("Ann Okafor" / "University of Lagado" / "Ben Sato" / "Lagado Institute"): the
    next author over their address, never the first address going on ("Norway" ends one)."""
    names = _split_names(segment.text)
    return (
        bool(names)
        and all(looks_like_name(n) for n in names)
        and not AFFILIATION.search(segment.text)
        and bool(following)
        and abs(following[0].size - segment.size) <= 0.5
        and bool(AFFILIATION.search(following[0].text))
    )


def _address_goes_on(previous: Segment | None, segment: Segment) -> bool:
    """A line set right under an address line, in its size, with no more than a line's
    spacing between them, goes on with that address (its town or country: "Norway", "The
    Netherlands", which read like a name); the next author's name follows a wider gap or
    is set in the names' own size, larger than the addresses'."""
    if previous is None or abs(segment.size - previous.size) > 0.5:
        return False
    return (
        segment.top - previous.bottom < 0.5 * segment.size and abs(segment.top - previous.top) > 1
    )


def _in_lines(segments) -> list[Segment]:
    """Segments in reading order: those on one printed line (a name raised by its mark sits a
    little higher than its neighbours) from left to right, the lines from top to bottom."""
    lines: list[list[Segment]] = []
    for segment in sorted(segments, key=lambda s: s.top):
        if lines and segment.top - lines[-1][0].top < 0.5 * segment.size:
            lines[-1].append(segment)
        else:
            lines.append([segment])
    return [s for line in lines for s in sorted(line, key=lambda s: s.x0)]


# A spacing accent TeX drew apart from its letter ("Aur ́elien"): the combining mark it stands for.
SPACING_ACCENTS = {
    "´": "\u0301",
    "`": "\u0300",
    "¨": "\u0308",
    "ˆ": "\u0302",
    "˜": "\u0303",
    "¸": "\u0327",
    "ˇ": "\u030c",
    "˚": "\u030a",
    "¯": "\u0304",
    "˘": "\u0306",
}


def accents_joined(text: str) -> str:
    """ "Aur ́elien" → "Aurélien": a name's accent, read before its letter and apart from it (a
    spacing accent or a lone combining mark), set on its letter again."""
    marks = "".join(SPACING_ACCENTS) + "\u0300-\u036f"
    # a vowel's accent read after it, before a consonant ("Se ́bastien"): a consonant takes no
    # acute, grave, umlaut or circumflex
    text = re.sub(
        "([AEIOUYaeiouy])\\s?([´`¨ˆ\u0300\u0301\u0302\u0308])(?=[B-DF-HJ-NP-TV-Zb-df-hj-np-tv-z])",
        lambda m: unicodedata.normalize(
            "NFC", m.group(1) + SPACING_ACCENTS.get(m.group(2), m.group(2))
        ),
        text,
    )
    joined = re.sub(
        f"\\s?([{marks}])([A-Za-z])",
        lambda m: m.group(2) + SPACING_ACCENTS.get(m.group(1), m.group(1)),
        text,
    )
    return unicodedata.normalize("NFC", joined)


PROSE_MARKS = "´¨¸ˇ˚˘\u0300-\u036f"  # never a character of prose on their own
PROSE_ACCENT = re.compile(f"\\s?([{PROSE_MARKS}])([A-Za-z])")
MATH_SPAN = re.compile(r"(?<!\\)\$[^$]*(?<!\\)\$")


def prose_accents_joined(paragraph: str) -> str:
    """Outside formulas, an accent read apart before its letter ("Niklas E ́en", "M¨uller")
    set on it ("Eén", "Müller"); a slide would show the mark loose, and the reviewer strip it
    to "Een"."""
    if not PROSE_ACCENT.search(paragraph):
        return paragraph
    parts, last = [], 0
    for math in MATH_SPAN.finditer(paragraph):
        parts.append(_joined_prose(paragraph[last : math.start()]))
        parts.append(math.group(0))
        last = math.end()
    parts.append(_joined_prose(paragraph[last:]))
    return "".join(parts)


# TeX's grave accent drawn apart before its vowel ("“`a la Sims”", "Poincar`e"): in prose a
# backquote is a quotation mark TeX prints as "‘", never a lone "`"
GRAVE_APART = re.compile(r"`\s?([AEIOUaeiou])|(?<=[AEIOUaeiou])`")


def title_accents_joined(title: str) -> str:
    """A title's accents read apart from their letters set on them ("“`a la Sims”" → "“à la
    Sims”", "M¨uller" → "Müller"), outside its formulas."""
    joined = prose_accents_joined(title)
    if "`" not in joined or "$" in joined:
        return joined
    return unicodedata.normalize(
        "NFC", GRAVE_APART.sub(lambda m: (m.group(1) or "") + "\u0300", joined)
    )


def _joined_prose(text: str) -> str:
    joined = PROSE_ACCENT.sub(
        lambda m: m.group(2) + SPACING_ACCENTS.get(m.group(1), m.group(1)), text
    )
    return unicodedata.normalize("NFC", joined)


# A word of prose whose accented letter the glyph reader took for mathematics:
# "$\mathrm{Ganzenm}\ddot{u}\mathrm{ller}$", "$f\ddot{u}r$". Only accents of writing (an
# umlaut, a caron, a breve), never \hat, \bar or \tilde, which mathematics puts on letters.
TEXT_ACCENT_TEX = {"ddot": "\u0308", "check": "\u030c", "breve": "\u0306"}
ACCENTED_WORD = re.compile(
    r"(?<!\\)\$((?:\\mathrm\{[A-Za-z]+\}|\\(?:ddot|check|breve)\{[A-Za-z]\}|[A-Za-z])+)\$"
)


def accented_words(text: str) -> str:
    """ "$f\\ddot{u}r$" → "für": a word of three letters or more with a writing accent."""

    def word(match: re.Match) -> str:
        tex = match.group(1)
        if "\\" not in tex.replace("\\mathrm", ""):
            return match.group(0)  # no accent in it
        plain = re.sub(r"\\mathrm\{([A-Za-z]+)\}", r"\1", tex)
        plain = re.sub(
            r"\\(ddot|check|breve)\{([A-Za-z])\}",
            lambda m: m.group(2) + TEXT_ACCENT_TEX[m.group(1)],
            plain,
        )
        letters = unicodedata.normalize("NFC", plain)
        return letters if len(letters) >= 3 and letters.isalpha() else match.group(0)

    return ACCENTED_WORD.sub(word, text)


def _subtitle_end(layout: Layout, title: Segment) -> Segment:
    """The last line of a subtitle set in the title's size a little under it ("A guide to the
    SPH-USER package."): the authors are under that, not under the title."""
    end = title
    if title.size < layout.body_size + 1.5:
        return title  # a title at the body's size: the lines under it are the authors'
    for segment in sorted(layout.pages[0], key=lambda s: s.top):
        if segment.top <= end.bottom or segment.role != "text":
            continue
        if segment.top - end.bottom >= 6 * title.size or abs(segment.size - title.size) >= 0.6:
            break  # the next line is no subtitle: the authors (or the abstract) follow the title
        if _heading_text(segment.text) or NUMBERED.match(segment.text):
            break
        end = segment
    return end


# A footnote or affiliation mark the glyph reader set as a script on a name ("Lena
# $\mathrm{Okafor},^{}$", "Ann Lee$^{a,1}$"), and a remark in parentheses after it ("Fabrice
# Collard (GREMAQ, University of Toulouse)"): neither is part of the name.
NAME_MARK = re.compile(r"[\^_]\{[^{}]*\}|[\^_][*†‡§¶\d]")
NAME_REMARK = re.compile(r"\([^()]*\)")


def _split_names(text: str) -> list[str]:
    text = accents_joined(accented_words(text))
    text = NAME_REMARK.sub(" ", NAME_MARK.sub("", text))
    text = re.sub(r"\\mathrm\{([^{}]*)\}", r"\1", text).replace("$", "")
    text = AUTHOR_LABEL.sub("", DATE.sub("", text))  # "Author: …", "…, October 2007"
    text = EMAIL.sub("", text)  # "Andrew Makhorin <mao@gnu.org>"
    text = re.sub(r"[\d*†‡§¶]+", "", text)
    # a mark set apart after a name, as some classes print affiliations: "Ann Lee +", "Bo Sun #"
    text = re.sub(r"(?<=\w)\s+[+#]+(?=\s*(?:,|;|&|\band\b|$))", "", text)
    parts = re.split(r",|;|\band\b|&", text)
    return [re.sub(r"\s+", " ", p).strip(" .") for p in parts if p.strip(" .")]


def _names_authors(text: str, names: set[str]) -> bool:
    """A line of page 1 that holds only authors' names ("Barış Kınacı, Süleyman Özçelik"):
    never a heading, though it is set larger than the text."""
    line = accents_joined(accented_words(text.strip())).lower()
    if not names or line in names:
        return bool(names)
    parts = [p.lower() for p in _split_names(text)]
    return bool(parts) and all(p in names for p in parts)


# The small words inside a name ("Flores das Seixas", "Vincent van Gogh", "Luis de la Cruz").
NAME_PARTICLES = frozenset(
    [
        "da",
        "das",
        "de",
        "del",
        "della",
        "der",
        "di",
        "do",
        "dos",
        "du",
        "la",
        "le",
        "van",
        "von",
        "zu",
        "y",
        "bin",
        "ibn",
        "al",
        "ter",
        "ten",
    ]
)


def looks_like_name(text: str) -> bool:
    words = text.split()
    return (
        1 < len(words) <= 5
        and all(w[:1].isupper() or w[:1] in "'’-" for w in (words[0], words[-1]))
        and all(w[:1].isupper() or w[:1] in "'’-" or w in NAME_PARTICLES for w in words[1:-1])
    )


# a DOI broken after a hyphen or slash inside one printed line (a URL package's break point,
# read with a space: "10.47397/tb/43- 1/tb133chernoff- widows")
DOI_BROKEN = re.compile(r"(\b10\.\d{4,9}/\S*[-/])\s+(?=[\w])")


def _doi_rejoined(text: str) -> str:
    while (joined := DOI_BROKEN.sub(r"\1", text, count=1)) != text:
        text = joined
    return text


def doi_find(layout: Layout, metadata: dict) -> str:
    """The paper's own DOI on page 1: one under or beside a "DOI" label first, then an inline
    "doi:" one, then any other; DOIs of code or data deposits come last."""
    if not layout.pages:
        return ""
    segments = layout.pages[0]
    labels = [s for s in segments if s.text.strip().rstrip(":").lower() == "doi"]
    best: tuple[int, float, str] | None = None
    for segment in segments:
        line = _doi_rejoined(segment.text)
        match = DOI.search(line)
        if not match:
            continue
        before = line[: match.start()]
        if re.search(r"\b(code|data|software|repository|dataset|archive)\b", before, re.I):
            priority = 3
        elif any(
            0 <= segment.top - label.bottom < 25 or abs(segment.top - label.top) < 3
            for label in labels
            if label.x0 < segment.x1 + 5 and segment.x0 < label.x1 + 60
        ):
            priority = 0
        elif DOI_LABEL.search(before) or re.search(r"\bdoi\b", before, re.I):
            priority = 1
        else:
            priority = 2
        candidate = (priority, segment.top, match.group(1))
        if best is None or candidate < best:
            best = candidate
    if best is not None:
        return best[2]
    for key in ("doi", "DOI"):
        if metadata.get(key):
            return str(metadata[key])
    return ""


# A running footer that is only when the file was made: "July 1, 2004 12:21", "2004-07-01 12:21"
TIMESTAMP = re.compile(
    rf"(?:{DATE.pattern}|(?:19|20)\d\d-\d\d-\d\d)(?:,?\s+\d{{1,2}}:\d\d(?::\d\d)?(?:\s*[ap]\.?m\.?)?)?",
    re.I,
)


# a date with a time of day, as a draft's header stamps it when it is typeset
CLOCK_STAMP = re.compile(rf"(?:{DATE.pattern}|(?:19|20)\d\d-\d\d-\d\d),?\s+\d{{1,2}}:\d\d\b", re.I)


# A running header's authors before its citation, as journals set it: "A. Author et al. /",
# "A. Author, B. Other /", "A. Author and B. Other /" (names with initials or surnames).
CAPITAL = r"[A-ZÀ-ÖØ-ÞĀ-Ž]"
NAME = rf"(?:{CAPITAL}\.(?:\s?-?{CAPITAL}\.)*\s?)*{CAPITAL}[\w'’-]+(?:\s+{CAPITAL}[\w'’-]+)?"
INITIALLED = rf"{CAPITAL}\.(?:\s?-?{CAPITAL}\.)*\s?{CAPITAL}[\w'’-]+"
AUTHORS_HEAD = re.compile(
    rf"^\s*(?:{NAME}\s+et\s+al\.?|{INITIALLED}(?:\s*,\s*{INITIALLED})*"
    rf"(?:,?\s+(?:and|&)\s+{INITIALLED})?)\s*[/|]\s+"
)
# Only who wrote it and when ("Holt et al. 2031", "Holt et al. (2031)"): a short citation, no
# venue ("Holt and Lunde 2031" could be "Science and Society 2031": kept).
AUTHORS_YEAR = re.compile(rf"^\s*{NAME}\s+et\s+al\.?,?\s*\(?(?:19|20)\d\d\)?\s*$")


# A journal's citation line as page 1 prints it under or over its masthead: "Journal of X 137
# (2015) 1–5", "Journal of X 12(3) (2031) 101–119".
CITATION_LINE = re.compile(
    r"^(?P<journal>[A-Z][\w&.,:'’ -]{3,90}?)\s+\d{1,4}(?:\s*\(\d{1,3}\))?\s*"
    r"\((?P<year>(?:19|20)\d\d)\)\s*(?:[A-Z]?\d{1,6}(?:\s*[–-]\s*[A-Z]?\d{1,6})?)$"
)
# A journal's header line over page 1 naming its volume, year and issue, which may go on with
# pages and a DOI: "Journal of Island Fauna, Volume 12 (2031), No. 3, pp. 45–58": the venue is
# the line up to its issue, whole.
JOURNAL_HEADER = re.compile(
    r"^(?P<journal>[A-Z][\w&.:'’ -]{3,90}?),?\s+(?:Vol\.|Volume)\s*\d{1,4},?\s*"
    r"\((?P<year>(?:19|20)\d\d)\)(?:,?\s*(?:No\.|Nr\.|Issue|Number)\s*\d{1,4})?"
)
AUTHORS_ONLY = re.compile(rf"^\s*{NAME}\s+et\s+al\.?\s*$")
CITATION_BAND = 0.25  # of page 1's height, from its top


def venue_find(layout: Layout, title: str, title_segment: Segment | None = None) -> tuple[str, str]:
    """The venue and year (`_venue_found`), the venue without the stray punctuation cutting a
    running line apart left at its ends ("Quokka Quarterly 7 (2031),")."""
    venue, year = _venue_found(layout, title, title_segment)
    return venue_tidied(venue), year


def _venue_found(layout: Layout, title: str, title_segment: Segment | None) -> tuple[str, str]:
    """The venue and year: a journal's citation line at the top of page 1, else a running
    header/footer naming them, e.g. "ReScience C 6.3 (#5) – 2020"; of "A. Author et al. /
    Journal 137 (2015) 1–5" the citation without its authors."""
    citation = _citation_line(layout, title_segment)
    if citation is not None and not _placeholder_issue(citation.group(0)):
        # printed as the venue: a running line may be anything else
        return citation.group(0).strip(), citation.group("year")
    dated = ""
    for line in layout.running:
        # a bar or a digit drawn in a maths font made a formula of it: "Aug $2015 |$ Volume 1"
        text = formulas_as_text(line)
        if not _paper_running_line(layout, line):
            continue  # a reference's line at the top of two pages names another paper's venue
        if _placeholder_issue(text):
            continue  # a class file's draft header ("Volume 0 (2060), No. 0"): no venue, no year
        year = YEAR.search(text)
        if year and (TIMESTAMP.fullmatch(text.strip()) or CLOCK_STAMP.search(text)):
            # a footer's date and time, or a draft's stamp ("preliminary draft, May 3, 2031
            # 9:24"): a journal prints no time of day — no venue, only a year
            dated = dated or year.group(1)
            continue
        if year and AUTHORS_YEAR.match(text):
            dated = dated or year.group(1)  # "Holt et al. 2031": the year, no venue
            continue
        if year and text.strip() != title.strip() and len(text) < 120:
            venue = AUTHORS_HEAD.sub("", text).strip()
            if FIELD_BAR.search(venue):
                venue = _barred_venue(venue)
                if not venue:
                    dated = dated or year.group(1)  # "Pkg Vignette | May 2, 2031 | 3": a footer
                    continue
            venue = _without_page_number(venue) if venue == text.strip() else venue
            head = re.split(r"\s+[–—]\s+|\s+-\s+", venue)[0].strip()
            if head and not YEAR.fullmatch(head):
                venue = head  # "ReScience C 6.3 (#5) – Dansereau et al. 2020" → the journal
            if AUTHORS_ONLY.match(venue):
                dated = dated or year.group(1)  # "Holt et al. — Film thermometers 2031"
                continue
            return venue, year.group(1)
    # a venue line printed in page one's header or footer band only (a conference's footer)
    venue, year = band_venue(layout)
    if venue:
        return venue, year
    # a running footer naming the conference with no year ("15th … Conference on …"): the
    # venue; the year is the one page 1 prints, if any
    named = running_venue(_footers_of_most_pages(layout), title)
    return named, dated or year


def _footers_of_most_pages(layout: Layout) -> list[str]:
    """The running lines' texts without their page numbers that page 1 or most pages print:
    a footer that alternates sides ("60 15th … Conference" on even pages, "15th … Conference"
    beside "59" on odd ones) is one line on every page."""
    pages: dict[str, set[int]] = {}
    for number, page in enumerate(layout.pages, start=1):
        for segment in page:
            if segment.role == "header":
                text = re.sub(r"^\d{1,4}\s+|\s+\d{1,4}$", "", segment.text.strip())
                pages.setdefault(text, set()).add(number)
    most = max(3, (len(layout.pages) + 1) // 2)
    return [t for t, seen in pages.items() if 1 in seen or len(seen) >= most]


def _paper_running_line(layout: Layout, text: str) -> bool:
    """A running line that speaks for the paper itself: printed on page 1 (its running head
    or a footnote of its front matter), or repeated at the edge of most pages. A line that
    came to stand at the top or foot of two later pages, with other numbers ("Workshop on
    Glacier Sensing, pages 11-19, 2019." as two entries of the reference list run over a
    page), cites another work: its venue is not the paper's."""
    key = running_key(text)
    pages = {
        number
        for number, page in enumerate(layout.pages, start=1)
        for segment in page
        if segment.role == "header" and running_key(segment.text) == key
    }
    if not pages:
        return True  # no line of the pages holds it any more: nothing says it is a citation
    return 1 in pages or len(pages) >= max(3, (len(layout.pages) + 1) // 2)


# A journal class's header before the paper is given an issue: volume or issue number 0
# ("TUGboat, Volume 0 (2060), No. 0"), a draft's, never the paper's venue.
ZERO_ISSUE = re.compile(r"\b(?:Vol\.|Volume|No\.|Nr\.|Issue|Number)\s*0\b", re.I)


def _placeholder_issue(line: str) -> bool:
    return bool(ZERO_ISSUE.search(line))


# an issue's or volume's label whose number ends a running line: "TUGboat, Volume 32 (2011), No. 2"
ISSUE_LABEL = re.compile(r"\b(?:No|Nr|Vol|Volume|Issue|Number|Heft)\.?$", re.I)


def _without_page_number(line: str) -> str:
    """A running line without the page number at its end; an issue's number ("No. 2") is
    the venue's, never cut off to leave "No." hanging."""
    number = re.search(r"\s+\d+$", line)
    if number is None or ISSUE_LABEL.search(line[: number.start()]):
        return line.strip()
    return line[: number.start()].strip()


# A running line in fields ("Pkg Vignette | January 11, 2031 | 3", "3 | https://…"): a package's
# or a preprint server's footer, whose fields are a page number, an address, a date, a name.
FIELD_BAR = re.compile(r"\s\|\s|\s\|$|^\|\s")


def _barred_venue(line: str) -> str:
    """The venue among a running line's barred fields: the fields that are no page number,
    address or date, when they read as a venue (a venue's word, a volume or pages: "Annals of
    Glacier Flow 40 (2029) 273–284"); a footer that only names a document series and its date
    ("Pkg Vignette | January 11, 2031 |") is no venue — its date gives the year."""
    fields = [f.strip() for f in line.split("|")]
    named = [
        f
        for f in fields
        if f
        and not re.fullmatch(r"\d{1,4}", f)
        and not re.match(r"(?:https?://|www\.)", f)
        and not DATE.fullmatch(f.rstrip("."))
        and not SHORT_DATE.fullmatch(f.rstrip("."))
    ]
    venue = " ".join(named)
    if not ISSUE_FIELDS.sub("", venue).strip():
        return ""  # "Aug 2015 | Volume 1 | Issue 1": an issue of a journal the line does not name
    return venue if VENUE_WORD.search(venue) or VENUE_DETAIL.search(venue) else ""


# A date with its month shortened ("Aug 2015", "Aug 14, 2015").
SHORT_DATE = re.compile(
    r"(?:\d{1,2}\s+)?(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.?\s+"
    r"(?:\d{1,2},?\s+)?(?:19|20)\d\d"
)
# The fields that number an issue and name no journal: "Volume 1", "Issue 1", "No. 3", "pp. 4–9".
ISSUE_FIELDS = re.compile(r"\b(?:vol(?:ume)?|issue|no|number|pp?)\.?\s*[\d–-]+", re.I)


def _citation_line(layout: Layout, title_segment: Segment | None = None) -> re.Match | None:
    """The journal's citation line of page 1's masthead. It is printed over the title: a line
    of the same form under the title is the body's or the front matter's citing another work
    ("… builds on / Journal of X 17 (1994) 211–230"), whose year and pages are not the paper's."""
    if not layout.pages or not layout.page_sizes:
        return None
    height = layout.page_sizes[0][1]
    limit = CITATION_BAND * height
    if title_segment is not None and title_segment.page == 1:
        limit = min(limit, title_segment.top)
    for segment in layout.pages[0]:
        if segment.top < limit:
            match = CITATION_LINE.match(segment.text.strip()) or JOURNAL_HEADER.match(
                segment.text.strip()
            )
            if match and not AUTHORS_HEAD.match(segment.text):
                return match
    return None


PRINTED_DATE = re.compile(
    rf"\b(?:{MONTHS}|(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.)\s+(?:\d{{1,2}},?\s+)?"
    r"((?:19|20)\d\d)\b"
)
# a date in numbers: ISO's "2031-06-05" or "2031/06/05", a day and month before the year
# ("05/06/2031", "5.6.2031"); a real month and day, never inside a longer run of numbers (a
# DOI's, an ISSN's, a version's)
NUMERIC_DATE = re.compile(
    r"(?<![\w/.-])(?:((?:19|20)\d\d)([-/.])(?:0?[1-9]|1[0-2])\2(?:0?[1-9]|[12]\d|3[01])"
    r"|(?:0?[1-9]|[12]\d|3[01])([-/.])(?:0?[1-9]|1[0-2]|[12]\d|3[01])\3((?:19|20)\d\d))"
    r"(?![\w/-]|\.\d)"
)


def _printed_date_year(text: str) -> str:
    """The year of a date the line prints in words or in numbers, else ""."""
    if match := PRINTED_DATE.search(text):
        return match.group(1)
    if match := NUMERIC_DATE.search(text):
        return match.group(1) or match.group(4)
    return ""


REVISED = re.compile(
    rf"\b(?:updated|revised|last\s+(?:modified|revised|updated)|this\s+version)\s*:?\s+"
    rf"(?:in\s+|on\s+)?(?:(?:{MONTHS})\.?\s+)?(?:\d{{1,2}},?\s+)?((?:19|20)\d\d)\b",
    re.I,
)


def printed_year(layout: Layout, title_segment: Segment | None = None) -> str:
    """The year of the date printed in page 1's title block ("August 2011", "Mike Brown, …,
    October 2007", "May 5, 1999"): the upper half of the page or the lines just under the
    title, and never a sentence (an abstract's date). The PDF's creation date is no substitute: it is when the file
    was made (a conversion, a rebuild), often years after the paper."""
    if not layout.pages:
        return ""
    half = 0.5 * layout.page_sizes[0][1]
    if title_segment is not None:  # a report's title page sets its title block lower
        half = max(half, title_segment.bottom + 150)
    if not any(s.role == "text" and len(s.text.split()) > 12 for s in layout.pages[0]):
        # a title page with no sentence on it (a report's, a manual's): its date may stand
        # anywhere under the issuer's address
        half = layout.page_sizes[0][1]
    lines = sorted(layout.pages[0], key=lambda s: (s.top, s.x0))
    for segment in lines:
        if segment.top > half or segment.role not in ("text", "margin"):
            continue
        if len(segment.text.split()) > 12:
            continue  # a sentence of the abstract that names a date is not the paper's date
        if year := _printed_date_year(segment.text):
            return year
    for segment in lines:  # a revision noted anywhere on page 1 ("‡Updated 2014 by …")
        # its mark may have made it a formula: "$‡\mathrm{Updated} 2014$ by …"
        plain = re.sub(r"\\mathrm\{([^}]*)\}", r"\1", segment.text).replace("$", " ")
        if len(plain.split()) <= 12 and (match := REVISED.search(plain)):
            return match.group(1)
    return ""


def _heading_text(text: str) -> bool:
    return text.strip().rstrip(".:").lower() in KNOWN_HEADINGS


def _article_as_letter(layout: Layout, segment: Segment, match: re.Match) -> bool:
    """Is the heading's letter "A" (no stop after it) the article of its first words, not an
    appendix's letter: no other line set in its font and size is lettered B to H ("B Proofs")?
    An appendix "A Proofs" comes with its "B …"; "A Tagger That Reads Twice" comes alone."""
    if match.group(1) != "A" or segment.text.strip().startswith("A."):
        return False
    return not any(
        other is not segment
        and other.font == segment.font
        and abs(other.size - segment.size) < 0.3
        and (found := NUMBERED.match(other.text.strip())) is not None
        and found.group(1) in "BCDEFGH"
        for page in layout.pages
        for other in page
    )


def heading_of(layout: Layout, segment: Segment) -> Heading | None:
    """Is this segment a section heading? Larger or bold short text, numbered or well known."""
    text = segment.text.strip()
    words = text.split()
    if segment.contents:
        return None  # a contents entry names a heading; it is none
    if not words or len(words) > 14 or CAPTION.match(text) or text.endswith((",", ";")):
        return None
    if DATE.fullmatch(text) or (segment.page == 1 and AFFILIATION.search(text)):
        return None  # the title block's date or affiliation, set large like a heading
    larger = segment.size >= layout.body_size + 0.9
    code_titled = _code_titled(segment)
    match = NUMBERED.match(text) or (CODE_NUMBERED.match(text) if code_titled else None)
    if match and _article_as_letter(layout, segment, match):
        match = None  # "A Tagger That Reads Twice": the article opens the heading's words
    # A numbered bold heading may be set a size smaller than the body (REVTeX's "I. INTRODUCTION")
    smallest = layout.body_size - (1.3 if match else 0.6)
    # AMS sets headings in small capitals at the body's size: "1. Introduction", "References"
    small_caps = bool((match or _heading_text(text)) and SMALL_CAPS_FONT.search(segment.font))
    bold = segment.bold or code_titled
    # a word processor's heading at the text's size and weight: its number in the outline
    outlined = match is not None and id(segment) in outline_headings(layout)
    # or in a face of its own at the text's size: a word processor's heading style
    faced = not match and segment.font in heading_faces(layout)
    emphasised = larger or ((bold or small_caps) and segment.size >= smallest) or outlined or faced
    # a scan's OCR sets no heading in bold or larger: short, in capitals or numbered apart
    ocr_heading = not emphasised and scanned_heading(
        layout, segment, match is not None, _heading_text(text)
    )
    if not emphasised and not segment.run_in and not ocr_heading:
        return None
    if match:
        number, title = match.group(1), match.group(2).strip()
        if code_titled and not NUMBERED.match(text):
            # the name keeps its code font, so that no title rule capitalises it or takes
            # its lower-case opening for a fragment: "`fit-model` Program"
            title = Segment(segment.page, segment.words[1:], column=segment.column).prose_text
        if re.fullmatch(r"[\d.]+", title) or len(title) < 3:
            return None
        level = number.count(".") + 1 if number[0].isdigit() else 1
        return Heading(segment, number, _sentence_case(title.rstrip(".:")), level)
    if ocr_heading:
        return Heading(segment, "", _sentence_case(text.rstrip(".:")), 1)
    if _heading_text(text):
        return Heading(segment, "", text.rstrip(".:"), 1)
    if not re.search(r"[^\W\d_]{2}", text):
        return None  # a lone letter or symbol set large: a display's glyph (CMEX's ∑ read "X")
    if segment.run_in:
        return Heading(segment, "", _sentence_case(text.rstrip(".:")), 2)
    if larger and segment.size >= layout.body_size + 2 and len(words) <= 8 and text[0].isupper():
        return Heading(segment, "", text, 1)
    if standalone_bold(layout, segment):
        return Heading(segment, "", text, 2)
    return None


def _code_titled(segment: Segment) -> bool:
    """A numbered heading whose title opens with a name in typewriter: its number set in bold,
    every word bold or typewriter (a name longer than the heading's bold words makes the
    line's main font the typewriter's, not bold)."""
    words = [w for w in segment.words if w.text.strip()]
    return (
        len(words) >= 2
        and bool(BOLD_FONT.search(words[0].font))
        and bool(MONO_FONT.search(words[1].font))
        and all(BOLD_FONT.search(w.font) or MONO_FONT.search(w.font) for w in words)
    )


def _sentence_case(title: str) -> str:
    """ "FIRST-LEVEL HEADING" → "First-level heading": capitals are the heading's typography
    (title_style.sentence_case, before the text is read: abbreviations keep their capitals;
    `recased_headings` gives names theirs back once it is)."""
    return sentence_case(title) if set_in_capitals(title) else title


def set_in_capitals(title: str) -> bool:
    """Every letter of the heading, its TeX logos aside, is a capital ("INTRODUCTION TO GAUSS",
    "NON-LATIN SCRIPTS UNDER PDFLaTeX")."""
    letters = [c for c in LOGO_WORD.sub("", title) if c.isalpha()]
    return len(letters) >= 4 and not any(c.islower() for c in letters)


def abstract_find(
    layout: Layout, first_heading: Segment | None, title_segment: Segment | None
) -> str:
    """Text after an "Abstract" label on page 1, up to the first section heading; without a
    label, the unlabelled paragraph between the title block and the first heading. Keywords
    and what follows them (classification codes, publication notes) are not the abstract."""
    if not layout.pages:
        return ""
    return KEYWORDS.split(_abstract_text(layout, first_heading, title_segment), 1)[0].strip()


def _abstract_text(
    layout: Layout, first_heading: Segment | None, title_segment: Segment | None
) -> str:
    labelled = _labelled_abstract(layout, first_heading)
    if labelled or title_segment is None:
        return labelled
    lines: list[Segment] = []
    for segment in sorted(
        (s for s in layout.pages[0] if s.role == "text"), key=lambda s: (s.column, s.top, s.x0)
    ):
        if first_heading is not None and segment.top >= first_heading.top - 1:
            break
        if segment.top <= title_segment.bottom + 1 or AFFILIATION.search(segment.text):
            continue
        if ITALIC_FONT.search(segment.font) and not _goes_on(layout, lines, segment):
            continue  # addresses and affiliations set in italics (REVTeX, many journals)
        if segment.size < layout.body_size - 2.5:
            continue  # a footnote's size; an abstract is often set smaller (\footnotesize)
        # a short line is a block's own only where it goes on from the line above (a
        # sentence's or a list item's last words: "wher-" / "ever possible")
        if len(segment.text.split()) >= 5 or _goes_on(layout, lines, segment):
            lines.append(segment)
    # the paper's words tell a compound's hyphen from a split word's ("scores-specific")
    text = _listed_lines(layout, lines, vocabulary_of(layout))
    return text if len(text.split()) >= 40 else ""


def _after_label(segment: Segment) -> float:
    """Where an item's text starts, right of its label (its next lines start there)."""
    return segment.words[1].x0 if len(segment.words) > 1 else segment.x0


def _goes_on(layout: Layout, lines: list[Segment], segment: Segment) -> bool:
    """The segment is the line right under the last one kept, in its column and size, and
    that line ran to its column's edge: the text goes on here."""
    if not lines:
        return False
    above = lines[-1]
    return (
        above.column == segment.column
        and abs(above.size - segment.size) <= 0.5
        and 0 < segment.top - above.top <= 2.5 * segment.size
        and _full(layout, above)
    )


def _full(layout: Layout, line: Segment | None) -> bool:
    """The line runs to its column's right edge (it broke there: its text goes on)."""
    if line is None:
        return False
    right = layout.columns[line.column][1] if line.column < len(layout.columns) else line.x1
    return line.x1 >= right - 2 * line.size


def _listed_lines(layout: Layout, lines: list[Segment], vocabulary: set[str]) -> str:
    """The lines' text, each item of a list ("1. Reduce …", "• Export …") a sentence of its
    own without its label: read as one run, the next item's number ended the item before
    ("… is several-fold: 1", "… code wher-3")."""
    blocks: list[tuple[bool, list[str]]] = []  # (an item?, its lines)
    item_start = None  # where the current item's first line starts
    for previous, segment in zip([None, *lines], lines, strict=False):
        text = segment.text.strip()
        # a number opens an item after a line that ended ("… several:", an item's last
        # line): after a full line it is the sentence's own ("… in model" / "2. The …")
        opens = previous is None or not _full(layout, previous) or previous.text.endswith(":")
        if opens and (label := LIST_ITEM.match(text)):
            # the pattern takes the item's first letter too: it stays
            blocks.append((True, [text[label.end() - 1 :]]))
            item_start = _after_label(segment)
        elif label := BULLET.match(text):
            blocks.append((True, [text[label.end() :]]))
            item_start = _after_label(segment)
        elif (
            item_start is not None
            and abs(segment.x0 - item_start) <= 0.5 * segment.size
            and _full(layout, previous)
        ):
            blocks[-1][1].append(text)  # the item's next line, set under its text after a full one
        else:
            item_start = None
            if blocks and not blocks[-1][0]:
                blocks[-1][1].append(text)
            else:
                blocks.append((False, [text]))
    parts = []
    for item, block in blocks:
        joined = join_lines(block, vocabulary)
        if item and not joined.endswith((".", "!", "?", ":", ";")):
            joined += "."
        parts.append(joined)
    return " ".join(parts)


def _labelled_abstract(layout: Layout, first_heading: Segment | None) -> str:
    segments = sorted(
        (s for s in layout.pages[0] if s.role == "text"), key=lambda s: (s.column, s.top, s.x0)
    )
    # without an "Abstract" label, a structured abstract ("Aim: … Materials and Methods: …
    # Results: … Conclusions: …", as medical journals set it) opens on its first part's label
    opening = ABSTRACT_OPENING
    if not any(ABSTRACT_OPENING.match(s.text) for s in segments):
        opening = STRUCTURED_OPENING
    lines: list[str] = []
    collecting: Segment | None = None
    left = 0.0  # where the abstract's lines start: a block set beside it is not the abstract
    starts: list[float] = []  # where the abstract's own lines began
    for segment in segments:
        text = segment.text
        if first_heading is not None and segment is first_heading:
            break
        if collecting is None:
            match = opening.match(text)
            if match:
                collecting = segment
                left = _abstract_left(layout, segment)
                if match.group(1):
                    lines.append(match.group(1))
            continue
        if segment.x1 <= left and not _starts_with(segment, starts, layout.body_size):
            # the "article info" block beside the abstract (Elsevier), its dates; a short last
            # line set where the abstract's lines start is the abstract's ("… of the three" /
            # "methods." under a centred label): dropped, the abstract ended cut
            continue
        if opening is STRUCTURED_OPENING and abs(segment.size - collecting.size) > 0.3:
            continue  # the affiliations and dates set beside it in another size
        if heading_of(layout, segment) or CAPTION.match(text):
            break
        lines.append(text)
        starts.append(segment.x0)
    joined = join_lines(lines, vocabulary_of(layout))
    return STRUCTURED_LABEL.sub("", joined) if opening is STRUCTURED_OPENING else joined


def _starts_with(segment: Segment, starts: list[float], body_size: float) -> bool:
    """The line begins where a line of the abstract already read began (within a fraction of
    the text size), so it is one of the abstract's lines however short."""
    return any(abs(segment.x0 - x0) <= 0.3 * body_size for x0 in starts)


def _abstract_left(layout: Layout, label: Segment) -> float:
    """The left edge of an abstract whose label stands well inside its column (Elsevier sets
    "a b s t r a c t" over a block right of the article's history and keywords): lines ending
    left of it are that other block's. 0 for a label at its column's edge."""
    column = layout.columns[label.column] if label.column < len(layout.columns) else None
    if column is None or label.x0 - column[0] < 4 * layout.body_size:
        return 0.0
    return label.x0 - 0.5 * layout.body_size


# The title of the one section of a paper without headings (the proposer titles its slides by
# their bullets: apps/decks/pipeline/role_titles.content_title).
UNTITLED = "Paper"


def sections_read(
    layout: Layout,
    skip: set[int],
    vocabulary: set[str],
    title_segment: Segment | None,
    equations: list[DisplayEquation] = (),
    authors: list[str] = (),
    untitled: bool = False,
) -> tuple[list[Section], Segment | None, list[Equation]]:
    """Sections with their paragraphs, in reading order, up to the references, and the display
    equations with the section each is in.

    `skip` holds ids of segments that belong to figures or captions; lines that name the
    authors are never headings. `untitled`: the text before the first heading is read too, as
    an untitled section (a note, a memo or a letter has no heading at all).
    """
    by_segment = {id(s): e for e in equations for s in e.segments}
    placed: list[Equation] = []
    names = {a.lower() for a in authors}
    sections: list[Section] = []
    first_heading: Segment | None = None
    current: Section | None = None
    if untitled:
        current = Section(title=UNTITLED, level=1, untitled=True)
        sections.append(current)
    paragraph: list[str] = []
    last_heading: Segment | None = None  # the line of the current section's heading
    column_right = {i: x1 for i, (_, x1) in enumerate(layout.columns)}
    ends_short = False  # the last line of text stopped short of its column's right edge

    references_reached = False
    capitals: set[int] = set()  # ids of the sections whose heading was set in capitals
    abstract_top = _abstract_label_top(layout)
    # a paragraph flushed at its closing colon: it announces the display that comes next
    announcing = ""
    listings = ListingCollector()  # the code blocks, kept where they stand (listings.py)

    def flush() -> None:
        nonlocal references_reached, announcing
        announcing = ""
        if current is not None and paragraph:
            text = join_lines(paragraph, vocabulary)
            if listed := REFERENCE_LIST.search(text):
                text, references_reached = text[: listed.start()].rstrip(), True
            elif (entry := REFERENCE_ENTRY.match(text)) and entry[1] == "2":
                last = sections[-1].paragraphs if sections and sections[-1].paragraphs else []
                if last and REFERENCE_ENTRY.match(last[-1]) and last[-1].startswith("[1]"):
                    last.pop()  # the list's first entry, a paragraph of its own
                    text, references_reached = "", True
            elif entries_began(current.paragraphs, text):
                # an author-year list under a heading not found: its entries, each a paragraph
                del current.paragraphs[-(ENTRIES_IN_A_ROW - 1) :]
                text, references_reached = "", True
                if not current.paragraphs and current.title and current is sections[-1]:
                    sections.pop()  # the list's own heading ("Reading List"): no section
            text = accented_words(prose_accents_joined(_without_unreadable_words(text)))
            text = CODE_BROKEN.sub(" ", text)  # one name of code broken over two lines
            text = percent_spaced(sentence_after_display(text))
            text = contents.without_contents(text)  # a contents page's entries are no text
            text = mark_set_apart(text)  # "1.Couch the sheet": the item's mark apart
            if len(text.split()) >= 4:
                current.paragraphs.append(text)
                announcing = text if text.rstrip().endswith(":") else ""
        paragraph.clear()

    for page in range(1, len(layout.pages) + 1):
        for segment in reading_order(layout, page):
            if references_reached:
                listings.close()
                return _recased(_kept(sections), placed, capitals), first_heading, placed
            if id(segment) in skip:
                continue
            if (
                title_segment is not None
                and page == 1
                and segment.bottom <= title_segment.bottom
                and not beside_column_title(layout, title_segment, segment)
            ):
                continue
            if segment.role == "equation":
                equation = by_segment.get(id(segment))
                if equation is not None and equation.segments[0] is segment and equation.tex:
                    section = current.title if current else ""
                    placed.append(
                        Equation(
                            number=equation.number,
                            tex=equation.tex,
                            section=section,
                            page=page,
                            levels=equation.levels or [],
                            lead=display_lead(
                                join_lines(paragraph, vocabulary) if paragraph else announcing
                            ),
                        )
                    )
                    if equation.number and _sentence_open(paragraph):
                        # the sentence goes on through it: "The state obeys Eq. (1), where…"
                        stop = "." if display_ends_sentence(equation.segments) else ""
                        paragraph.append(f"Eq. ({equation.number}){stop}")
                    else:  # the text before and after it are not one sentence
                        flush()
                elif equation is not None and equation.segments[0] is segment:
                    # a display that could not be read is shown nowhere: the text before it and
                    # after it are still not one sentence ("… the speed of the water, [F = …],
                    # and a frond breaks when F …" read as "… water, and a frond breaks …")
                    flush()
                if equation is not None and equation.segments[0] is segment:
                    announcing = ""  # the next display of a run has a sentence of its own
                continue
            if page == 1 and _names_authors(segment.text, names):
                continue
            if segment.contents:
                flush()  # a contents entry is no text, and its words end no paragraph's sentence
                continue
            if _heading_goes_on(layout, current, paragraph, last_heading, segment):
                rest = segment.text.strip()
                if label := CHAPTER_LABEL.match(current.title):  # "Chapter 1" / its title
                    current.number, current.title = label.group(1), rest.rstrip(".")
                    last_heading = segment
                    continue
                if rest.isupper() and not current.title.isupper():
                    rest = _sentence_case(rest).lower()  # the first line was set in capitals too
                current.title = join_lines([current.title, rest], vocabulary)
                last_heading = segment
                continue
            if not paragraph and segment.role == "text" and _names_reference_list(segment.text):
                # "References" alone on its line at the text's size and weight: no heading
                # by its looks, but the list begins there, in the middle of a column
                flush()
                listings.close()
                return _recased(_kept(sections), placed, capitals), first_heading, placed
            heading = heading_of(layout, segment)
            if heading is not None and _in_title_block(heading, segment, abstract_top):
                heading = None  # an affiliation under each author's name, set like a heading
            if heading is not None and names_a_person(heading.title, authors, initials=False):
                continue  # an author's name on a later page (a biography, a signature)
            if heading is not None:
                flush()
                listings.close()
                announcing = ""
                if END_OF_BODY.match(heading.title):
                    return _recased(_kept(sections), placed, capitals), first_heading, placed
                label = CHAPTER_LABEL.match(current.title) if current is not None else None
                if label and not current.paragraphs and not CHAPTER_LABEL.match(heading.title):
                    # "Chapter 1" over "Test on an isolated H atom.": one heading, numbered
                    current.number, current.title = label.group(1), heading.title.rstrip(".")
                    if set_in_capitals(segment.text):
                        capitals.add(id(current))
                    last_heading = segment
                    continue
                if not ABSTRACT_LABEL.match(heading.title):
                    # the abstract's own label does not end it (abstract_find reads under it)
                    first_heading = first_heading or segment
                current = Section(number=heading.number, title=heading.title, level=heading.level)
                if set_in_capitals(segment.text):
                    capitals.add(id(current))
                sections.append(current)
                last_heading = segment
                continue
            if paragraph and segment.code and layout.is_body(segment):
                joined = address_continued(paragraph[-1], segment.text)
                if joined is not None:  # a web address's rest, alone on its line: not code
                    paragraph[-1] = joined
                    if joined.endswith((".", "?", "!")):
                        flush()  # the rest ended the sentence on a short line
                    continue
            if current is not None and segment.code:
                # kept as a listing (often set smaller than the text), after the paragraph
                # being read, which a listing set inside it interrupts
                listings.add(current, segment, len(current.paragraphs) + bool(paragraph))
            if current is None or not layout.is_body(segment):
                continue
            if segment.code or segment.cell:
                # program code or its output, a table's cell: not a sentence of the paper
                flush()
                continue
            listings.close()  # a line of prose ends the listing before it
            if not paragraph and LONE_SYMBOL.fullmatch(segment.text):
                continue  # a bracket or sign left over from a display, not a paragraph's start
            if paragraph and (
                segment.item
                or BULLET.match(segment.text)
                # a numbered item after a line that ended or announced it ("… must be asked:"
                # / "1. Does …"): read on, the sentence ended on the item's number
                or (ends_short or paragraph[-1].rstrip().endswith(":"))
                and LIST_ITEM.match(segment.text)
            ):
                flush()  # an item of a list starts its own paragraph ("Then" / "1. Enter …")
            # a description list's term opening a paragraph is set off from its description
            paragraph.append(segment.prose_text if paragraph else term_separated(segment))
            right = column_right.get(segment.column, segment.x1)
            ends_short = segment.x1 < right - 2.5 * segment.size
            if ends_short and segment.text.rstrip().endswith((".", ":", "?", "!")):
                flush()
    flush()
    listings.close()
    return _recased(_kept(sections), placed, capitals), first_heading, placed


# "Abstract", also letter-spaced as some journals set it ("a b s t r a c t"), or "Summary" as
# a label of its own ("Summary." run in, "Summary" alone on its line), never a sentence that
# opens with the word ("Summary statistics are …")
ABSTRACT_WORD = r"(?:abstract|a\s*b\s*s\s*t\s*r\s*a\s*c\s*t|summary(?=\s*[.:—–]|\s*$))"
ABSTRACT_LABEL = re.compile(rf"^{ABSTRACT_WORD}\b", re.I)
ABSTRACT_OPENING = re.compile(rf"^{ABSTRACT_WORD}\b[.:—–-]?\s*(.*)$", re.I)
# A structured abstract's parts, each under its run-in label: its first part opens it, and the
# labels go from its text (its sentences read on without them).
_STRUCTURED_PARTS = (
    r"(?:background|aims?|objectives?|purpose|context|introduction|rationale|"
    r"(?:materials\s+and\s+)?methods?|design|setting|participants|patients|interventions?|"
    r"measurements|main\s+outcome\s+measures?|results?|findings|conclusions?|interpretation)"
)
STRUCTURED_OPENING = re.compile(
    r"^(?:background|aims?|objectives?|purpose|context|rationale)\s*:\s*(.*)$", re.I
)
STRUCTURED_LABEL = re.compile(rf"(?:^|(?<=[.!?]\s)){_STRUCTURED_PARTS}\s*:\s+", re.I)


def _abstract_label_top(layout: Layout) -> float | None:
    """Where page 1's "Abstract" label is: the title block (authors, affiliations) is above it."""
    labels = [
        s.top
        for s in (layout.pages[0] if layout.pages else [])
        if s.role == "text" and ABSTRACT_LABEL.match(s.text.strip()) and len(s.text.split()) <= 40
    ]
    return min(labels) if labels else None


def _in_title_block(heading: Heading, segment: Segment, abstract_top: float | None) -> bool:
    """A line of page 1 above the "Abstract" label, neither numbered nor a known heading: the
    title block's affiliation ("Grame" under each author's name), set larger than the text."""
    return (
        abstract_top is not None
        and segment.page == 1
        and segment.bottom <= abstract_top + 1
        and not heading.number
        and not _heading_text(heading.title)
    )


def recased_title(title: str, title_segment: Segment | None, sections: list[Section]) -> str:
    """A paper's title set in capitals, read in sentence case before the text was: the names
    its text writes capitalised get their case back ("… with dynare" → "… with DYNARE")."""
    if title_segment is None or not set_in_capitals(title_segment.text):
        return title
    return proper_nouns(title, " ".join(p for s in sections for p in s.paragraphs))


def _recased(sections: list[Section], equations: list[Equation], capitals: set[int]):
    """The headings that were set in capitals, with the names the text writes capitalised
    given back their case ("Introduction to gauss" → "Introduction to Gauss"); the displays
    under them name them so."""
    body = " ".join(p for s in sections for p in s.paragraphs)
    renamed = {}
    for section in sections:
        if id(section) in capitals:
            recased = proper_nouns(section.title, body)
            renamed[section.title] = recased
            section.title = recased
    for equation in equations:
        equation.section = renamed.get(equation.section, equation.section)
    return sections


def _heading_goes_on(
    layout: Layout,
    current: Section | None,
    paragraph: list[str],
    heading: Segment | None,
    segment: Segment,
) -> bool:
    """The second line of a heading too long for one ("… approach to lin-" / "ear mixed
    models"): right after the heading, in its font and size, right under it, not a numbered
    heading of its own."""
    if current is None or current.paragraphs or paragraph or heading is None:
        return False
    if segment.page != heading.page or segment.font != heading.font or NUMBERED.match(segment.text):
        return False
    if abs(segment.size - heading.size) > 0.3 or not (
        heading.bold or heading.size >= layout.body_size + 0.9
    ):
        return False
    gap = segment.top - heading.bottom
    if not -1 <= gap <= 0.6 * segment.size:
        return False
    # flush left under it, or centred under it as REVTeX sets a heading ("IV. LANGEVIN-TYPE
    # RIGID-BODY" / "INTEGRATORS"): the same middle, a line no wider than the first. LaTeX
    # hangs a numbered heading's later lines after its number, which moves their middle right
    # by half the number's width and its space (under an em).
    shift = (segment.x0 + segment.x1) / 2 - (heading.x0 + heading.x1) / 2
    hang = segment.size if NUMBERED.match(heading.text.strip()) else 0.0
    centred = (
        -CENTRED_PT <= shift <= CENTRED_PT + hang
        and segment.x1 - segment.x0 <= heading.x1 - heading.x0 + CENTRED_PT
    )
    return centred or heading.x0 - 3 <= segment.x0 <= heading.x0 + 40


CENTRED_PT = 3.0  # two lines whose middles are this close are set centred one under the other


def readable_captions(figures: list) -> None:
    """Captions keep only their sentences whose words all read, as paragraphs do: a caption
    is shown on its slide, where "CapØr\ufffda-Fougères" is as wrong as in a bullet."""
    for figure in figures:
        figure.caption = _without_unreadable_words(figure.caption, numbers=True)


def _without_unreadable_words(paragraph: str, numbers: bool = False) -> str:
    """The paragraph without its sentences that hold a word with a glyph no reading names
    (encodings.py marks it U+FFFD): without the glyph the word would be another word or none
    ("speci?es" → "species"), and a wrong statement is worse than a dropped one. With
    `numbers`, a sentence with such a glyph beside a number too (lost_glyphs.py: a caption is
    shown as it is, no reviewer's rule drops it)."""
    if "\ufffd" not in paragraph:
        return paragraph
    kept = [
        s
        for s in text_sentences(paragraph)
        if not UNREADABLE_IN_WORD.search(s) and not (numbers and UNREADABLE_BY_NUMBER.search(s))
    ]
    return " ".join(kept)


# The most words of a display's introducing sentence: it stands on the slide as a bullet.
LEAD_MAX_WORDS = 40


def display_lead(text: str) -> str:
    """The sentence a display goes on from, with a colon: the last of the text set right before
    it, when that sentence is left open ("… requires", "… is given by:") and opens as a
    sentence does; "" when the text before the display ended its sentence or is none."""
    last = text_sentences(text)[-1] if text.strip() else ""
    # a sentence announcing an earlier display that was not read stays before its colon
    # nor does one after a display set in its text ("… as Eq. (4) The quantity … as")
    last = re.split(r":\s+(?=[A-Z])|Eq\. \(\w+\)\s+(?=[A-Z])", last.rstrip())[-1]
    if not last or last.endswith((".", "?", "!")) or re.search(r"Eq\. \(\w+\)", last):
        return ""
    if not last[0].isupper() or len(last.split()) < 4 or last.count("$") % 2:
        return ""
    if len(last.split()) > LEAD_MAX_WORDS:
        return ""  # no sentence of a slide: a table's cells or a paragraph run together
    if ":" in last.rstrip(" :"):
        return ""  # "Total extension: $e(Y)$": a label and a formula, not a sentence
    return re.sub(r"[,;:]*$", "", last) + ":"


def _sentence_open(paragraph: list[str]) -> bool:
    """The paragraph's last line leaves its sentence open, for a display to go on with: not
    ended by a full stop, and not a display's placeholder already (a run of displays between
    two sentences gets none, or "Eq. (2) Eq. (3) Eq. (4)" would stand in the text)."""
    if not paragraph:
        return False
    last = paragraph[-1].rstrip()
    return not last.endswith((".", "?", "!")) and not re.fullmatch(r"Eq\. \(\w+\)\.?", last)


# "References", "5 REFERENCES", "Literature Cited:": the whole line names the list
_NUMBERED_NAME = re.compile(r"^(?:\d{1,2}\.?|[IVX]{1,4}\.)?\s*(?P<name>[A-Z][A-Za-z ]+?)\s*:?$")


def _names_reference_list(line: str) -> bool:
    """A line that only names the reference list, capitalised as a heading is (a sentence's
    word wrapped alone onto a line, "references.", is in lower case or ends with its stop)."""
    match = _NUMBERED_NAME.match(line.strip())
    return bool(match and END_OF_BODY.match(match["name"]))


# Three paragraphs in a row that are each an entry ("Baker, H. G. (1972). Seed weight …"):
# prose that opens with a citation does so once, not three times running.
ENTRIES_IN_A_ROW = 3


def entries_began(paragraphs: list[str], text: str) -> bool:
    """The paragraph being read is the third entry of a reference list in a row."""
    run = [*paragraphs[-(ENTRIES_IN_A_ROW - 1) :], text]
    return len(run) == ENTRIES_IN_A_ROW and all(reference_entry(p) for p in run)


def _kept(sections: list[Section]) -> list[Section]:
    for section in sections:
        section.paragraphs = [p for p in section.paragraphs if not declaration(p)]
    kept = [s for s in sections if not SKIPPED.match(s.title) and not reference_list(s)]
    if len(kept) > 1 and re.fullmatch(r"summary\.?", kept[0].title.strip(), re.I):
        # the paper's first section titled "Summary" is its abstract (abstract_find reads it):
        # a "Summary" that closes the paper is its conclusions and stays
        kept = kept[1:]
    return kept


def declaration(paragraph: str) -> bool:
    """Every sentence of the paragraph thanks, names a funder, or declares interests, data,
    contributions or an approval: the back matter, run on under the last section."""
    sentences = text_sentences(paragraph)
    return bool(sentences) and all(acknowledgement(s) or back_matter(s) for s in sentences)


def reference_list(section: Section) -> bool:
    """A section made mostly of citations — authors with initials, a year, a journal or pages
    — under a heading no rule knows ("Sources", "Further Reading"): a reference list, never
    slides. Its paragraphs are entries, or its entries were read as one paragraph."""
    paragraphs = section.paragraphs
    entries = sum(1 for p in paragraphs if reference_entry(p))
    if len(paragraphs) >= 2 and entries >= 0.6 * len(paragraphs):
        return True
    sentences = [s for p in paragraphs for s in text_sentences(p)]
    cited = sum(1 for s in sentences if reference_entry(s))
    return cited >= 3 and cited >= 0.3 * len(sentences)
