"""Bullets and captions that lean on a displayed object or a cited source the slide does not
carry. A bullet that reads a table ("The last two columns report …", "The table shows …") or a
code listing ("A file such as this `configure.in` …", "We show it again …") says nothing on a
slide without it; a caption whose symbol list lost its meanings ("E, R, S, Ro.") is a bare row
of letters; a sentence the paper reports from earlier work (its citation marker shows it) reads,
without the marker, as the paper's own finding; a quotation with no one said to have said it is
nobody's words. The paper is the oracle where it can be: the table a bullet reads is the one its
own paragraph names, the citation is the one its own sentence carries."""

from __future__ import annotations

import re

from apps.decks.pipeline import defects, text
from apps.decks.pipeline.paper import Paper

# A table's parts as the subject of what they report: "The last two columns report …", "The
# table shows good agreement", "the rows give …". The verb is needed: "the rows of the matrix
# are …" is mathematics, not a table being read.
TABLE_READING = re.compile(
    r"\b(?:the|this|these|those)\s+(?:(?:first|last|second|third|next|previous|final|two|three|"
    r"four|other|remaining|left|right|leftmost|rightmost|bottom|top|above|following)\s+)*"
    r"(?:table|columns?|rows?)\s+(?:(?:also|then|clearly|above|below)\s+)?"
    r"(?:shows?|reports?|lists?|gives?|contains?|presents?|summari[sz]es|compares?|indicates?|"
    r"displays?|provides?|reveals?)\b|"
    r"\b(?:in|from)\s+the\s+(?:last|first|second|third|two|three|final|rightmost|leftmost)\s+"
    r"(?:\w+\s+)?(?:columns?|rows?)\b",
    re.I,
)
# A listing pointed at as if beside the bullet: "a source file such as this `configure.in`",
# "the listing above", "we show it again as …".
LISTING_READING = re.compile(
    r"\b(?:such\s+as|like)\s+this\s+(?=`|(?:\w+\s+)?(?:file|listing|script|snippet|code|"
    r"program|configuration|example)\b)|"
    r"\b(?:this|the\s+(?:above|following|previous|preceding))\s+(?:code\s+)?(?:listing|snippet|"
    r"code\s+(?:chunk|block|fragment)|script|configuration\s+file|source\s+file)\b|"
    r"\b(?:show|give|list|repeat|present)s?\s+(?:it|this|them|the\s+\w+)\s+again\b",
    re.I,
)
# A bullet that is one quotation and nothing else: “…” or "…", a full stop after at most.
BARE_QUOTATION = re.compile(r"^\s*[“\"«][^“”\"«»]{12,}[”\"»]\s*[.;,:]?\s*$")
# The marks of a citation in the paper's sentence: "[23]", "[4, 7–9]", "[3; 5]", "[Ames98]",
# "(Smith et al., 2020)", "(e.g., Smith 2020)", "Smith et al. [2021]", "Smith and Jones (2020)".
# "[0]" is an index ("the [0] element"), not a citation.
CITATION = re.compile(
    r"\[\s*(?!0\s*\])\d{1,3}(?:\s*[,;–-]\s*\d{1,3})*\s*\]|"
    r"\[\s*[A-Z][A-Za-z]+\+?\d{2}(?:\d{2})?[a-z]?(?:\s*[,;]\s*[A-Z][A-Za-z]+\+?\d{2,4}[a-z]?)*\s*\]|"
    r"\(\s*(?:see\s+(?:also\s+)?)?(?:e\.g\.,?\s*)?[A-Z][A-Za-z'’-]+"
    r"(?:\s+(?:et\s+al\.?|and|&)\s*[A-Za-z'’-]*)?,?\s*"
    r"(?:19|20)\d{2}[a-z]?(?:\s*[;,][^()]*)?\)|"
    r"\bet\s+al\.?\s*[\[(]\s*(?:19|20)\d{2}|"
    r"\b[A-Z][A-Za-z'’-]+(?:\s+(?:and|&)\s+[A-Z][A-Za-z'’-]+)?\s+\((?:19|20)\d{2}[a-z]?\)",
)
# Words that say the statement is someone else's: with them the bullet stands without its marker.
# A passive "was shown" names no one: under a results heading "X was shown to have no effect"
# reads as the paper's own finding, so it is not among them; "this study"/"our work" is the
# paper itself (THIS_WORK), not someone else's.
ATTRIBUTED = re.compile(
    r"\b(?:et\s+al|earlier|previous(?:ly)?|prior|literature|reported|has\s+been\s+shown|"
    r"have\s+been\s+shown|according\s+to|authors?|studies|study|"
    r"work|known|[A-Z][a-z]+\s+and\s+[A-Z][a-z]+)\b",
)
THIS_WORK = re.compile(
    r"\b(?:this|the\s+present|the\s+current|our|these)\s+(?:work|study|studies)\b", re.I
)
# A verb of reporting after a named source: "Berdyaev says …", "Ames (1998) found that …".
REPORTING = re.compile(
    r"\b(?:says?|said|argue[sd]?|found|finds?|show(?:s|ed)|report(?:s|ed)|observe[sd]|"
    r"propose[sd]|suggest(?:s|ed)|note[sd]|demonstrate[sd]|claim(?:s|ed)|describe[sd]|"
    r"conclude[sd]|estimate[sd]|define[sd]|writes|wrote)\b"
)
# One item of a symbol list: a short symbol ("E", "Ro", "Cgd", "SE", "x", "k_1"), nothing after
# it; a short word in lower case ("pear", "fig") is a thing named, not a symbol.
SYMBOL = re.compile(r"^(?:[A-Za-z]|[A-Z][A-Za-z0-9_]{1,3}|[a-z][0-9_][A-Za-z0-9_]{0,2})$")
TABLE_POINTER = re.compile(r"\bTab(?:le|\.)?s?\s*(\d+)", re.I)


def reads_table(bullet: str) -> str | None:
    """The words of `bullet` that read a table's columns or rows, or None."""
    match = TABLE_READING.search(bullet)
    return match.group(0) if match else None


def reads_listing(bullet: str) -> str | None:
    """The words of `bullet` that point at a code listing shown beside it, or None."""
    match = LISTING_READING.search(bullet)
    return match.group(0) if match else None


def bare_quotation(bullet: str) -> bool:
    """True for a bullet that is one quotation, with no one said to have said it."""
    return bool(BARE_QUOTATION.match(bullet))


def speaker_sentence(bullet: str, sentence: str) -> str | None:
    """The paper's sentence around the quotation, when it says who said it (words outside the
    quotation besides its citation); None when the paper, too, shows it bare."""
    if not sentence:
        return None
    outside = re.sub(r"[“\"«][^“”\"«»]*[”\"»]", " ", CITATION.sub(" ", sentence))
    if len(re.findall(r"[A-Za-z]{3,}", outside)) < 3:
        return None
    whole = text.clean(CITATION.sub("", sentence)).strip(" -;")
    return whole if len(whole.split()) <= 40 else None


# Headings under which a sentence reads as the paper's own finding: results, statistics,
# outcomes, and the discussion and conclusions that state what the paper found.
RESULT_TITLE = re.compile(
    r"\b(?:results?|findings?|evaluation|experiments?|outcomes?|statistics|performance|"
    r"discussion|conclusions?)\b",
    re.I,
)
FINDING_ROLES = ("result", "discussion", "conclusion")


def reads_as_finding(role: str, title: str) -> bool:
    """A slide of this role or title presents what the paper found: a sentence on it reads as
    the paper's own finding unless it says otherwise."""
    return role in FINDING_ROLES or bool(RESULT_TITLE.search(title))


def dropped_citation(
    bullet: str,
    sentence: str,
    paper_title: str = "",
    authors: list[str] | None = None,
    references: dict[str, str] | None = None,
) -> str | None:
    """The citation marker the paper's `sentence` carries and `bullet` (made from it) lost,
    when nothing left in the bullet says the statement is earlier work; None otherwise.

    A sentence in the paper's own voice ("we implement X [51] and compare …") or about the
    paper's own system, named by its title ("Ray's scheduler cut the cost by 4.5 [4]"), is the
    paper's finding: its citations name a method used or a source of a figure, not whose
    finding it is. So is a sentence citing the paper's own authors (their earlier work, their
    software) or the paper's own project's web page (`cites_own_project`): no "previous study"
    of someone else."""
    if not sentence:
        return None
    marker = CITATION.search(sentence)
    if marker is None or CITATION.search(bullet) or _attributed(bullet):
        return None
    if named_source(bullet, sentence, marker) or names_the_work(sentence):
        return None
    if SUGGESTION.search(bullet) or cites_own_work(sentence, authors or []):
        return None
    if cites_own_project(sentence, paper_title, references or {}):
        return None
    if (
        OWN_VOICE.search(bullet)
        or THIS_WORK.search(bullet)
        or own_names(paper_title) & set(re.findall(r"[\w-]+", bullet))
    ):
        return None
    return marker.group(0)


# A citation set right after the noun naming the cited work, inside the clause: "The
# replication of paper [1] shows …", "the original article [4] reported …". The noun stays when
# the marker goes and says whose work the sentence is about.
WORK_NOUN = re.compile(
    r"\b(?:paper|article|study|studies|work|publication|report|survey|review)\s*$", re.I
)


def names_the_work(sentence: str) -> bool:
    """Does every citation of the sentence follow a noun naming the cited work ("paper [1]")
    with the clause going on after it?"""
    markers = list(CITATION.finditer(sentence))
    return bool(markers) and all(
        WORK_NOUN.search(sentence[: m.start()]) and re.match(r"\s+[a-z]", sentence[m.end() :])
        for m in markers
    )


def _attributed(bullet: str) -> bool:
    """The bullet's words say the statement is earlier work ("Earlier studies found …")."""
    return bool(ATTRIBUTED.search(THIS_WORK.sub(" ", bullet)))


def named_source(bullet: str, sentence: str, marker: re.Match) -> str | None:
    """The name the paper's sentence sets before its citation marker ("Berdyaev [3] says …",
    "Ames (1998) found …") when the bullet kept it with a verb of reporting after it: the
    bullet says whose statement it is. A system's name ("Spark [64] is …") has no such verb."""
    before = re.search(r"([A-Z][\w'’-]+)(?:\s+et\s+al\.?)?\s*$", sentence[: marker.start()])
    inside = re.match(r"([A-Z][\w'’-]+)", marker.group(0))  # "Ames (1998)": the name is the mark's
    for name in (m.group(1) for m in (before, inside) if m):
        said = re.search(rf"\b{re.escape(name)}\b((?:\s+\S+){{1,5}})", bullet)
        if said and REPORTING.search(said.group(1)):
            return name
    return None


# Words that open a sentence and are written small inside one: after "Previous studies report
# that" they lose their capital. A sentence opening on any other word (a name, a term) is not
# rewritten: its capital may be its own.
SMALL_OPENERS = frozenset(
    [
        "a",
        "an",
        "the",
        "in",
        "on",
        "at",
        "for",
        "from",
        "with",
        "without",
        "under",
        "over",
        "during",
        "after",
        "before",
        "when",
        "while",
        "although",
        "though",
        "since",
        "if",
        "most",
        "many",
        "some",
        "several",
        "each",
        "every",
        "all",
        "both",
        "only",
        "about",
        "almost",
        "nearly",
        "among",
        "between",
        "within",
        "across",
        "by",
        "as",
        "to",
        "of",
        "higher",
        "lower",
        "more",
        "less",
        "no",
    ]
)
# "Earlier, …" would read as a connector and be dropped; one marker is one study.
ATTRIBUTION = ("A previous study reports that ", "Previous studies report that ")


def attributed(bullet: str, sentence: str, references: dict[str, str] | None = None) -> str | None:
    """`bullet` said to be the earlier work the paper's `sentence` cites ("Under stress, yields
    fall [3, 4]" → "Previous studies report that under stress, yields fall"), or None when its
    first word may be a name, or when what it cites is a web page with no author (a program's
    or a project's site: no study reports anything there)."""
    marker = CITATION.search(sentence)
    if marker is None or not _cites_a_statement(sentence) or defects.CONNECTOR.match(bullet):
        return None
    cited = cited_entries(sentence, references or {})
    if cited and all(unauthored_web_entry(entry) for entry in cited):
        return None
    several = len(CITATION.findall(sentence)) > 1 or _several(marker.group(0))
    lead = ATTRIBUTION[several]
    first = re.match(r"([A-Za-z]+)\b", bullet.strip())
    if first is None:
        return None
    word = first.group(1)
    if word.lower() in SMALL_OPENERS and (len(word) == 1 or word[1:].islower()):
        return lead + word.lower() + bullet.strip()[len(word) :]
    if re.fullmatch(r"[A-Z]{2,}|[A-Za-z]*[a-z][A-Z]\w*", word):  # "MRI", "PaSa": its own case
        return lead + bullet.strip()
    return None


def cites_own_work(sentence: str, authors: list[str]) -> bool:
    """A citation of the sentence names one of the paper's own authors ("(Rokeby et al.,
    2009)", "Rokeby and Ortiz (2010)", "[Rok09]"): the work cited is the authors' own earlier
    work or software, never "a previous study" of someone else."""
    surnames = {_surname(a) for a in authors} - {""}
    if not surnames:
        return False
    for marker in CITATION.finditer(sentence):
        cited = marker.group(0)
        for name in re.findall(r"[A-Z][A-Za-z'’-]+", cited):
            key = name.lower()
            if key in surnames:
                return True
            # a keyed marker shortens the name: "[Rok09]"
            if cited.startswith("[") and len(key) >= 3 and any(s.startswith(key) for s in surnames):
                return True
    return False


def cited_entries(sentence: str, references: dict[str, str]) -> list[str]:
    """The reference-list entries the sentence's bracketed markers cite ("[4, 7–9]" → entries
    4, 7, 8 and 9; "[BSD]" → that entry), those the list holds."""
    keys: list[str] = []
    for marker in re.finditer(r"\[([^\[\]]{1,60})\]", sentence):
        for part in re.split(r"\s*[,;]\s*", marker.group(1).strip()):
            span = re.fullmatch(r"(\d{1,3})\s*[–-]\s*(\d{1,3})", part)
            if span and int(span.group(1)) <= int(span.group(2)) <= int(span.group(1)) + 20:
                keys += [str(n) for n in range(int(span.group(1)), int(span.group(2)) + 1)]
            else:
                keys.append(part)
    return [references[k] for k in keys if k in references]


# An entry that opens with its authors: "B. A. Allan and …", "Ryan, A.J.", "Cox RW and …",
# "Aguirre GK, Zarahn E", "Smith, Anna." — a surname and initials, or initials and a surname.
AUTHORED_OPENING = re.compile(
    r"^(?:(?:[A-Z]\.\s*){1,3}(?:-[A-Z]\.\s*)?[A-Z][\w'’-]+"  # "B. A. Allan"
    r"|[A-Z][\w'’-]+,\s+(?:[A-Z]\.\s*)+"  # "Ryan, A.J."
    r"|[A-Z][\w'’-]+\s+[A-Z]{1,3}\b(?=\s*(?:,|and\b|&|\(|et\s+al))"  # "Cox RW and", "Poldrack R ("
    r"|[A-Z][\w'’-]+,\s+[A-Z][a-z]+(?:\s+[A-Z]\.)?[.,]"  # "Smith, Anna."
    r"|[A-Z][\w'’-]+\s+et\s+al)"
)
WEB_ADDRESS = re.compile(r"(?:https?://|www\.)\S+", re.I)


def unauthored_web_entry(entry: str) -> bool:
    """A reference to a web address that names no author: a program's, a project's or an
    organisation's site ("[11] Trac. http://trac.edgewall.org/, 2009."), cited as where it is
    found — not a study that reports a finding."""
    return bool(WEB_ADDRESS.search(entry)) and not AUTHORED_OPENING.match(entry.strip())


def cites_own_project(sentence: str, paper_title: str, references: dict[str, str]) -> bool:
    """A citation of the sentence is the web page of the paper's own project: an entry with no
    author whose name or address carries the name the paper's title gives its system ("[8]
    PyUtilib: A python utility library. http://…/pyutilib" in "The PyUtilib Component
    Architecture"). The work cited is the paper's own, never "a previous study"."""
    names = {n.lower() for n in own_names(paper_title)}
    if not names:
        return False
    for entry in cited_entries(sentence, references):
        if not unauthored_web_entry(entry):
            continue
        head = re.split(r"[.:]\s", entry, maxsplit=1)[0]
        words = {w.lower() for w in re.findall(r"[\w-]+", head)}
        address = " ".join(WEB_ADDRESS.findall(entry)).lower()
        if names & words or any(re.search(rf"\b{re.escape(n)}\b", address) for n in names):
            return True
    return False


def _surname(author: str) -> str:
    """The last word of an author's name that is a name ("Ada M. Rokeby" → "rokeby"); "" for
    a body ("European Centre for …" has no surname to cite)."""
    words = [w for w in re.findall(r"[A-Za-zÀ-ÿ'’-]+", author) if len(w) > 1]
    return words[-1].lower() if 1 < len(words) <= 4 else ""


def _several(marker: str) -> bool:
    """The marker cites more than one work: "[4, 7]", "[3–5]", "(Smith, 2001; Jones, 2003)" —
    not the comma between an author and a year, "(Smith et al., 2009)"."""
    if re.search(r"(?:19|20)\d{2}", marker):
        return ";" in marker or len(re.findall(r"(?:19|20)\d{2}", marker)) > 1
    return bool(re.search(r"[,;–-]", marker))


# Sections where the paper reports others' work rather than its own.
OTHERS_SECTION = re.compile(
    r"\b(?:introduction|background|related|discussion|literature|previous|prior|history|"
    r"motivation|state\s+of\s+the\s+art|overview)\b",
    re.I,
)


def reports_others(sentence: str, paper: Paper) -> bool:
    """The paper's `sentence` stands in a section that reports others' work (introduction,
    background, related work, discussion)."""
    for section in paper.sections:
        if any(sentence[:60] in paragraph for paragraph in section.paragraphs):
            return bool(OTHERS_SECTION.search(section.title))
    return False


def _cites_a_statement(sentence: str) -> bool:
    """Every citation of the paper's sentence closes a clause ("… fall early [8].", "…, as
    found [3, 4], …") and none follows a name: "Redis [44]", "dhSegment [22]" cite a tool or a
    system the sentence may be the paper's own use of, not whose statement it is."""
    for marker in CITATION.finditer(sentence):
        after = sentence[marker.end() :].lstrip()
        before = re.search(r"(\S+)\s*$", sentence[: marker.start()])
        if after and after[0] not in ".,;:)":
            return False
        if before and re.match(r"[A-Z0-9]|\w*[A-Z]", before.group(1)):
            return False
    return True


# A sentence that proposes rather than reports ("further methods could be applied [24]"): its
# citation names the methods, and it claims no finding for anyone.
SUGGESTION = re.compile(r"\b(?:could|would|should)\b", re.I)
# The paper speaking of its own work.
OWN_VOICE = re.compile(r"\b(?:we|our|ours|us)\b", re.I)


def own_names(paper_title: str) -> set[str]:
    """The names a paper gives its own system in its title: the head before a colon when it is
    one or two words ("Ray: A Distributed Framework …"), and words with a capital after their
    first letter and a small one ("PaSa", "SPsort")."""
    head, colon, _ = paper_title.partition(":")
    names = set(head.split()) if colon and len(head.split()) <= 2 else set()
    # mixed case only: an all-capital word of a title is as often the field's ("AI", "LLM")
    mixed = {w for w in re.findall(r"[\w-]+", paper_title) if re.search(r"^\w+[A-Z]", w)}
    names |= {w for w in mixed if re.search(r"[a-z]", w)}
    return {n for n in names if len(n) >= 2}


def bare_symbol_list(caption: str) -> str | None:
    """The sentence of a caption that is a bare list of three or more symbols ("E, R, S, Ro,
    Cgd."): a legend whose meanings were dropped. None when every sentence says something."""
    for sentence in re.split(r"(?<=[.:])\s+", caption.strip()):
        items = [i.strip() for i in sentence.rstrip(" .;:").split(",")]
        bare = _symbols(sentence)
        # one item may keep its meaning ("A (Area)") where a shortening kept a short aside
        if len(bare) >= 3 and len(bare) >= 0.75 * len(items):
            return sentence.strip()
    return None


def _symbols(sentence: str) -> list[str]:
    """The items of a comma-separated list that are bare symbols."""
    items = [i.strip() for i in sentence.rstrip(" .;:").split(",")]
    return [i for i in items if SYMBOL.match(i)]


def legend_restored(caption: str, paper_caption: str) -> str | None:
    """The paper's caption when it gives the symbols of `caption`'s bare list their meanings
    ("E (Events)", "E: events", "E = events"); None otherwise."""
    bare = bare_symbol_list(caption)
    if not bare or not paper_caption or bare_symbol_list(paper_caption):
        return None
    for symbol in _symbols(bare):
        if not re.search(rf"\b{re.escape(symbol)}\s*(?:\(|:|=|–|-)\s*\w", paper_caption):
            return None
    return text.clean(paper_caption)


def without_symbol_list(caption: str) -> str:
    """`caption` without its bare symbol list."""
    bare = bare_symbol_list(caption)
    return " ".join(caption.replace(bare, " ").split()) if bare else caption


def table_named(sentence: str, paper: Paper) -> int | None:
    """The number of the table the paper's paragraph of `sentence` names at or before it."""
    if not sentence:
        return None
    for section in paper.sections:
        for paragraph in section.paragraphs:
            at = paragraph.find(sentence[:60])
            if at < 0:
                continue
            named = TABLE_POINTER.findall(paragraph[: at + len(sentence)])
            return int(named[-1]) if named else None
    return None
