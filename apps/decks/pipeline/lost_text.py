"""Detectors for text that lost a part on its way from the PDF, or that is not the paper's prose.

A formula left as a bare "Eq." or as a gap ("If both and are fulfilled"), a sentence whose first
words were lost ("Far, we have …"), a fragment without a verb ("Fisher more than 70 years ago"),
an entry of the reference list read as a sentence. defects.text_defects runs them beside the
other classes; each returns the offending part, or None. Like defects.py, they look at the
shape of the text, never at a particular paper.
"""

from __future__ import annotations

import re

from apps.decks.pipeline import clause_shape as cs
from apps.decks.pipeline.fragments import OPENS_SUBORDINATE, opening_phrase
from apps.decks.pipeline.text import MATH_SPAN, STOPWORDS

# "Eq." with no number after it, or a capitalised "Equation" inside a sentence without one:
# the number (or the display it named) was set as a formula the text layer did not keep.
ORPHAN_EQUATION = re.compile(
    r"\bEqs?\.(?!\s*\(?\s*(?:\d|[A-Z]\.\d))|(?<=\s)Equations?\b(?!\s*\(?\d)"
)
# A conjunction with one side missing: "both and are", "either or", "Let be", "where is".
GAP = re.compile(
    r"\b(?:both|either|neither|between)\s+(?:and|or|nor)\b|"
    r"\b(?:let|where|whether|since|because|if)\s+(?:is|are|denotes?|be)\b|"
    r"\b(?:and|or)\s+(?:are|is)\s+(?:fulfilled|satisfied|met|true|given|known|equal)\b|"
    # a display cut out after its verb: "Its density function is [formula] with mean $\mu$ …"
    r"\b(?:is|are|reads|becomes|(?:is|are)\s+given\s+by)\s+with\s+(?:mean|means|variance|"
    r"parameters?|shape|scale|rate|probability|density|support|expectation)\b",
    re.I,
)
# A script without its base, inside a formula: "$(_{3}^{1})$", "$\exp(-_{2}^{1} x)$" (a
# fraction's or binomial's parts read as scripts).
BASELESS_SCRIPT = re.compile(r"(?:^|[\s(\[,=+\-−])[_^]\{")
# A prose word typeset as a formula with a mark after it: "$\mathrm{species}:^{6}$".
PROSE_IN_MATH = re.compile(r"\\mathrm\{[a-z]{3,}\}\s*[:;,.]?\s*\^|\\surd")
# A display's "where"-clause read as a sentence: "Where $\sigma$ is the variance", "7 where
# $\alpha_{0}$ are …" (after the display's number).
WHERE_CLAUSE = re.compile(
    r"^(?:\$[^$]+\$\s+|\(?\d{1,3}\)?\s+)?(?:where\s+\$|where\s+[A-Za-z]\s*,?\s*(?:is|are|denotes?)\b|"
    r"with\s+(?:\$[^$]+\$|[A-Za-z])\s*,?\s*(?:is|are|denotes?|being)\b)",
    re.I,
)
# A formula left after the sentence ended: "… a multivariate $t$ distribution. $c_{j}V$".
TRAILING_FORMULA = re.compile(r"[.!?]\s+\$[^$]+\$\s*$")


def lost_formula(text: str) -> str | None:
    """A formula lost from the sentence, leaving its trace: an orphan "Eq.", a conjunction
    with a side missing, a script without a base, a display's where-clause, a formula left
    after the sentence's end."""
    flat = MATH_SPAN.sub("X", text)
    match = ORPHAN_EQUATION.search(flat) or GAP.search(flat) or WHERE_CLAUSE.search(text.strip())
    if match:
        return match.group(0).strip()
    for span in MATH_SPAN.findall(text):
        inner = span.strip("$")
        if BASELESS_SCRIPT.search(inner) or PROSE_IN_MATH.search(inner):
            return span
    trailing = TRAILING_FORMULA.search(text)
    return trailing.group(0).strip(" .!?") if trailing else None


# The tail of an opening whose first word was lost: "Far, we have" (So far), "Order to"
# (In order to), "Long as" (As long as), "Addition, …" (In addition).
_OPENER_TAILS = (
    r"far|addition|contrast|particular|fact|summary|general|short|brief|turn|practice|"
    r"conclusion|other words|that end|this end|the other hand|other hand|the contrary|"
    r"the whole|sum|total|detail"
)
LOST_OPENING = re.compile(
    rf"^(?i:(?:{_OPENER_TAILS})\s*,|(?:long|well|soon|far)\s+as\b|order\s+to\b)|"
    # the end of a list whose head was lost: "Y, and $B$, it is convenient …"
    r"^(?:\$[^$]+\$|[A-Z]),\s+(?:and\s+)?(?:\$|[A-Z]\b)|"
    # "Hypothesis and permutation scheme, the test statistic …": the clause's head lost
    r"^[A-Z][a-z]+\s+and\s+[a-z]+(?:\s+[a-z]+)?,\s+(?:the|a|we|it|this)\s|"
    # authors' names glued to the sentence after them: "Ann Lee, Bo Ng and Al Roy Welcome to"
    r"^(?:[A-Z][a-z]+\s+[A-Z][a-z]+(?:,\s+|\s+and\s+)){1,6}[A-Z][a-z]+\s+[A-Z][a-z]+\s+[A-Z]",
)


def lost_opening(text: str) -> str | None:
    """The sentence's first words were lost: what is left does not open as a sentence."""
    match = LOST_OPENING.match(MATH_SPAN.sub("X", text.strip()))
    if match is None:
        return None
    part = match.group(0)
    if re.match(r"^[A-Z][a-z]+\s+and\s", part) and part.split()[0].lower() in _BOTH_SIDES:
        return None  # "Both and …" is GAP's; "Men and women, the …" keeps its head
    return part.strip(" ,")


_BOTH_SIDES = {"both", "men", "women", "boys", "girls", "males", "females"}

# Words that make a clause: auxiliaries, modals, common verbs in their base form, a verb's
# inflections (-ed, -es, -s after no determiner or number), a subject pronoun.
AUXILIARY = re.compile(
    r"\b(?:is|are|was|were|be|been|being|has|have|had|do|does|did|can|could|may|might|will|"
    r"would|shall|should|must|we|they|you|it|he|she|i|there|let)\b",
    re.I,
)
BASE_VERB = re.compile(
    r"\b(?:use|show|give|provide|propose|find|obtain|compute|estimate|fit|yield|require|allow|"
    r"lead|grow|remain|depend|increase|decrease|reduce|improve|perform|take|make|need|seem|"
    r"appear|follow|become|hold|occur|exist|apply|work|help|include|contain|consider|describe|"
    r"define|produce|present|introduce|implement|run|set|get|see|note|add|select|initialize|"
    r"install|type|check|save|start|go|load|plot|draw|read|write|call|choose|replace|remove|"
    r"differ|agree|fail|vary|tend|learn|predict|test|compare|combine|return|keep|put|try|"
    r"report|suggest|indicate|reject|accept|assume|argue|claim|observe|reach|outperform|"
    # irregular past forms
    r"found|made|took|taken|gave|given|went|gone|came|got|ran|saw|seen|held|led|left|kept|"
    r"shown|known|thought|brought|built|chose|chosen|drew|drawn|fell|grew|grown|knew|lost|"
    r"met|paid|said|sent|spent|stood|told|won|wrote|written|began|begun|became|done|felt)\b",
    re.I,
)
INFLECTED = re.compile(r"\b[a-z]{3,}(?:ed|es|s)\b(?!\s*[.?!]?$)|\b[a-z]{3,}ing\b")
_NOUN_BEFORE = re.compile(
    r"(?:\b(?:the|a|an|these|those|all|many|several|some|two|three|four|five|of|in|for|with|"
    r"by|and|its|their|our|each|both|more|few|other)|\d|"
    # an adjective: "secondary publications", "statistical methods"
    r"\b[a-z]{2,}(?:ary|al|ic|ive|ous|ible|able))\s*$",
    re.I,
)
# A word after a plural subject is its verb in the base form ("2.5 million people live …"),
# unless it is a function word, an adverb or "ago".
AFTER_PLURAL = re.compile(r"\b(?:[a-z]{3,}s|people|data|children|men|women)\s+([a-z]+)\b", re.I)
# A comparative before "than" ("greater than", "more than") and a participle after an
# intensifier ("more involved", "highly structured") describe a noun; neither is a verb.
COMPARATIVE = re.compile(r"[a-z]+\s+than\b", re.I)
INTENSIFIED = re.compile(r"\b(?:more|most|less|least|very|highly|fully|well|so|too)\s+$", re.I)
# Longer bullets without a verb this list knows are sentences with a verb it does not know.
MAX_FRAGMENT_WORDS = 9
SENTENCE_BREAK = re.compile(r"(?<=[a-z0-9)])\.\s+(?=[A-Z])")


def verbless_fragment(text: str) -> str | None:
    """A short bullet with no verb at all: a sentence split at an initial ("Fisher more than
    70 years ago"), or one whose verb went with a lost formula. A participle ("computed",
    "using") carries a list item, so it counts as a verb; a plural noun at the end does not.
    A bullet of two sentences is read one sentence at a time ("Either A4 or US letter paper.
    Single-spaced text in two columns …")."""
    flat = MATH_SPAN.sub("X", text).strip()
    parts = SENTENCE_BREAK.split(flat)
    if len(parts) > 1:
        return next((found for found in map(verbless_fragment, parts) if found), None)
    words = flat.split()
    if not 4 <= len(words) <= MAX_FRAGMENT_WORDS:
        return None
    if AUXILIARY.search(flat) or BASE_VERB.search(flat):
        return None
    for match in AFTER_PLURAL.finditer(flat):
        word = match.group(1).lower()
        if COMPARATIVE.match(flat, match.start(1)):
            continue  # "the values greater than 1": an adjective, not the plural's verb
        if word not in STOPWORDS and word != "ago" and not word.endswith("ly"):
            return None
    for match in INFLECTED.finditer(flat):
        if INTENSIFIED.search(flat[: match.start()]):
            continue  # "more involved models": a participle used as an adjective
        if match.group(0).endswith(("ed", "ing")) or not _NOUN_BEFORE.search(flat[: match.start()]):
            return None
    return " ".join(words[:6])


# A question ends in "?": on a slide a question is a title, its answer the bullets. A question
# left as a bullet (FAQ entries, a table of contents of questions) is asked and not answered.
QUESTION = re.compile(r"\?[\s\"'”’)]*$")


def unanswered_question(text: str) -> str | None:
    """The bullet asks a question instead of stating something."""
    flat = MATH_SPAN.sub("X", text.strip())
    return " ".join(flat.split()[:6]) if QUESTION.search(flat) else None


# An entry of the reference list: authors with initials, a year, and a venue or pages.
REFERENCE_AUTHOR = re.compile(
    r"^(?!(?:The|A|An|In|On|For|This|These)\s)(?:[A-Z][a-zà-ÿ'’-]+,?\s+(?:[A-Z]\.\s?){1,3}|[A-Z][a-zà-ÿ'’-]+\s+[A-Z]{1,2}\b[,(\s]|"
    # "Allen and D. Tildesley, …": the first author's initials were cut with the entry's number
    r"[A-Z][a-zà-ÿ'’-]+\s+and\s+(?:[A-Z]\.\s?){1,3}[A-Z][a-zà-ÿ'’-]+,|"
    # initials first, the list closed by its comma: "J. Smith and A. Jones, Phys. Rev. …"
    r"(?:[A-Z]\.\s?-?){1,3}[A-Z][a-zà-ÿ'’-]+(?:,\s*(?:[A-Z]\.\s?-?){1,3}[A-Z][a-zà-ÿ'’-]+)*"
    r"(?:,?\s+(?:and|&)\s+(?:[A-Z]\.\s?-?){1,3}[A-Z][a-zà-ÿ'’-]+)?,)"
)
REFERENCE_YEAR = re.compile(
    r"\(\s*(?:19|20)\d\d[a-z]?\s*\)|\b(?:19|20)\d\d[a-z]?\.|,\s*(?:19|20)\d\d[a-z]?\s*\)"
)
# A title in quotes closed by its comma ("“Acceleration of convergence …,” J. Chem"), a
# journal abbreviated ("J. Chem", "Phys. Rev"): the styles of physics and engineering lists.
REFERENCE_TITLE = re.compile(
    r"[“\"][^”\"]{8,},[”\"]|\b(?:J|Phys|Chem|Comput|Rev|Lett)\.\s+[A-Z][a-z]+"
)
REFERENCE_VENUE = re.compile(
    r"\b(?:pp\.|vol\.|Vol\.|Journal|Proceedings|Proc\.|Trans\.|Press|Springer|Wiley|doi|DOI|"
    r"URL|ISBN|R package version|Annals|Review|Statist\w*\.)|\b\d+\s*\(\d+\)|\b\d+\s*[–-]\s*\d+\b"
)


# An entry's own marks that prose never writes: a volume, its issue and pages ("30(1):36–48"),
# an author-year key in brackets before a surname and an initial ("[Okafor, 2029: 3] Okafor, A",
# as a list sorted by name prints it) or before the entry's authors ("[3: Okafor and Sato, 2029]
# Ann Okafor and …"), an edition after an author with initials.
VOLUME_ISSUE_PAGES = re.compile(r"\b\d{1,4}\s*\(\d{1,3}\)\s*:\s*\d+\s*[–-]\s*\d+")
KEYED_ENTRY = re.compile(
    r"\[[^\[\]]{0,60}\b(?:19|20)\d\d[a-z]?\b[^\[\]]{0,20}\]\s*"
    r"(?:[A-Z][\w'’-]+,\s+[A-Z]\.?(?=[\s,.]|$)|"
    r"(?:[A-Z][\w'’-]+\s+){1,3}(?:and|&)\s+[A-Z])"
)
EDITION = re.compile(r"\b\d+(?:st|nd|rd|th)\s+ed(?:ition|\.)", re.I)
# An entry whose authors were cut (or that names none) still ends as no sentence does: a
# journal, its volume and pages, the year in brackets ("Ecology 53, 997–1010 (1972).");
# medicine's "Lancet. 2005;365:123–9"; "vol. 54, pp. 151-166"; the volume and pages after a
# title's full stop ("… seed size. Journal of Ecology, 54, 151–166."); a DOI.
CITED_SOURCE = re.compile(
    r"\b[A-Z][\w.&]*\.?,?\s+\d{1,4}(?:\s*\(\d{1,3}\))?\s*[,:]\s*[A-Z]?\d{1,6}"
    r"(?:\s*[–-]\s*[A-Z]?\d{1,6})?\s*\(\s*(?:\w+\s+)?(?:19|20)\d\d[a-z]?\s*\)\s*[.;]?\s*$|"
    r"\b(?:19|20)\d\d(?:\s+[A-Z][a-z]{2}(?:\s+\d{1,2})?)?\s*;\s*\d{1,4}(?:\s*\(\d{1,3}\))?"
    r"\s*:\s*[A-Z]?\d+|"
    r"\bvol\.\s*\d+[^.]{0,24}\bpp\.\s*\d+|"
    # an entry's last piece, its pages: "… Congress Assoc. Goa., pp: 54-55."
    r"\bpp\s*[.:]\s*\d{1,5}\s*[–-]\s*\d{1,5}\s*\.?\s*$|"
    r"[.?]\s+[A-Z][\w&]*(?:\s+[\w&]+){0,7}\.?,\s*\d{1,4}(?:\s*\(\d{1,3}\))?,\s*"
    r"[A-Z]?\d{1,6}\s*[–-]\s*[A-Z]?\d{1,6}\s*\.?\s*$|"
    r"\b(?:doi\s*:\s*|https?://(?:dx\.)?doi\.org/)10\.\d{4,9}/\S+",
    re.I,
)


def reference_entry(text: str) -> str | None:
    """A bibliography entry read as a sentence ("Grün B, Leisch F (2008). FlexMix Version 2 …")."""
    stripped = text.strip()
    if (
        VOLUME_ISSUE_PAGES.search(stripped)
        or KEYED_ENTRY.search(stripped)
        or CITED_SOURCE.search(stripped)
    ):
        return stripped[:40]
    signs = [
        bool(REFERENCE_AUTHOR.match(stripped)),
        bool(REFERENCE_YEAR.search(stripped)),
        bool(REFERENCE_VENUE.search(stripped)),
    ]
    titled = bool(REFERENCE_TITLE.search(stripped) or EDITION.search(stripped))
    return stripped[:40] if signs[0] and (signs[1] or titled) else None


# Function words of the languages papers quote most (French, German, Spanish, Italian): a
# sentence made of them is a sample of a template's language support, not the deck's prose.
_FOREIGN_TEXT = """
le la les des du est une et dans pour que qui sur par au aux ses cet cette sont
der die das und ist nicht mit von zu den dem ein eine auf sich
el los las del y en por para con una es lo se al
il di che della delle per gli sono
"""
FOREIGN_WORDS = frozenset(_FOREIGN_TEXT.split())


def other_language(text: str) -> str | None:
    """A sentence in another language than English ("Le but de notre ouvrage est …")."""
    tokens = re.findall(r"[a-zà-ÿ]+", MATH_SPAN.sub(" ", text).lower().replace("et al", ""))
    if len(tokens) < 6:
        return None
    foreign = {t for t in tokens if t in FOREIGN_WORDS}
    english = sum(1 for t in tokens if t in STOPWORDS and t not in FOREIGN_WORDS)
    if len(foreign) >= 3 and english / len(tokens) < 0.12:
        return " ".join(text.split()[:5])
    return None


# A sentence that leads into code or a display the slide does not show, and says nothing
# without it, or tells the reader what to type: "Here's how to read shapefile data", "… can be set up using", "… forced out with
# the command", "… as an option, as e.g".
INTO_CODE = re.compile(
    r"^here(?:'s|’s|\s+is|\s+are)\s+(?:how|an?\s+example|the\s+code|what)\b|"
    # an instruction to type something: "To plot the curve, pass the result of the call to …"
    r"^to\s[^,]{3,60},\s+(?:pass|call|type|run|enter|load|install|invoke|supply)\s|"
    r"(?:\busing|\bvia|\bwith\s+the\s+(?:command|function|call|code|option|argument|macro|"
    r"environment)s?|\bthe\s+(?:command|function|call|code|macro)s?|(?:\bas\s+)?\be\.\s?g|"
    r"\bi\.\s?e|\bnamely|\bby\s+(?:typing|calling|running|entering))\s*[.:,]?$|"
    # an example that is code the slide does not show: "We fit the basic model as a first example"
    r"\bas\s+(?:a|an|our)\s+(?:first|second|simple|basic|short|small|toy|running)\s+"
    r"(?:example|illustration)\s*[.:]?$|"
    # printed output the slide does not show: "We just look at the first 10 cases"
    r"\blook\s+at\s+(?:the\s+)?(?:first|last|top)\s+\d+\s+(?:cases|rows|observations|lines|"
    r"entries|records|values|items)\b",
    re.I,
)


def into_code(text: str) -> str | None:
    """The sentence introduces code, a command or an example the slide does not show."""
    match = INTO_CODE.search(MATH_SPAN.sub("X", text.strip()))
    return match.group(0).strip() if match else None


# Words ending in -s that open a sentence without being its verb.
_NOT_VERBS = (
    r"sometimes|perhaps|thus|whereas|besides|towards|always|afterwards|upwards|downwards|"
    r"backwards|does|has|this|his|its|yes|plus|minus|versus|various|numerous|previous|"
    r"obvious|serious|analysis|basis|status|focus|census|bias|chaos|class|mass|loss|cross|"
    r"access|process|success|progress|unless|nevertheless|nonetheless|regardless|less|"
    r"statistics|mathematics|economics|physics|genetics|ethics|series|species|news|means"
)
# A sentence whose subject was lost (a function's name set as code, or a line of its own):
# what is left opens with its verb, "Controls the type I error rate …", "Returns a list of …".
SUBJECTLESS = re.compile(
    rf"^(?!(?i:{_NOT_VERBS})\b)[A-Z][a-z]{{2,}}[^suio\W]s\s+"
    r"(?:the|a|an|its|their|whether|how|all|each|both|one|two|several|many)\s|"
    # an auxiliary before its verb, not a question: "Does allow us to simplify …", "Is serving
    # as a demonstration of …" (its subject was a name set as code, or the line before); not
    # "May" or "Will", which are also names
    r"^(?:Does|Do|Did|Is|Are|Was|Were|Has|Have|Had|Can|Could|Would|Should|Must|Might)\s+(?:not\s+)?(?:also\s+)?[a-z]+\s(?!.*\?\s*$)|"
    # a plural verb no one says as an order: "Depend explicitly on the velocity" (its subject,
    # "the SPH expressions, Eqn. (16) and (17)", lost with the pointer)
    r"^(?:Depend|Rely|Consist|Correspond|Belong|Differ|Stem|Arise)\s+(?:[a-z]+ly\s+)?"
    r"(?:on|upon|of|to|in|from)\b",
)


def lost_subject(text: str) -> str | None:
    """The sentence opens with its verb: its subject was lost."""
    match = SUBJECTLESS.match(MATH_SPAN.sub("X", text.strip()))
    return match.group(0).strip() if match else None


# A subordinate clause standing alone ("If we express the percentages as proportions"): its main
# clause went with a display or a line of code. Short, with no comma or "then" to open a main
# clause after it.
LONE_CLAUSE = re.compile(
    r"^(?:if|when|whenever|although|though|because|since|unless|whereas|once|until|while)\s",
    re.I,
)
MAX_LONE_CLAUSE_WORDS = 12


def lost_main_clause(text: str) -> str | None:
    """A subordinate clause with no main clause."""
    flat = MATH_SPAN.sub("X", text.strip())
    if not LONE_CLAUSE.match(flat) or len(flat.split()) > MAX_LONE_CLAUSE_WORDS:
        return None
    # "Although a single index is often used, $Z_{j}$": what follows its comma is a formula
    # alone (the clause's own symbol), no main clause
    if re.fullmatch(r".*,\s*X\s*\.?", flat):
        return " ".join(flat.split()[:4])
    if re.search(r"[,;:]|\bthen\b", flat):
        return None
    return " ".join(flat.split()[:4])


# Sentences of a template or manual about the document itself: its pages ("The reference
# section on page 7 was produced …"), its sample file, the author's own presentation of it
# ("I try to give main computation details …").
ABOUT_THE_DOCUMENT = re.compile(
    r"\b(?:on|see|of)\s+pages?\s+\d+\b|\bthis\s+(?:sample|file|example\s+file|class\s+file)\b|"
    r"\bthe\s+(?:sample|template)\s+(?:file|document|paper|article)\b|"
    r"^I\s+(?:try|tried|have\s+tried|want|wanted|hope)\s+to\b|"
    # the state of the document itself: "The vignette is in progress and will be extended"
    r"\b(?:this|the)\s+(?:vignette|document|paper|manuscript|tutorial|guide|draft|text)\s+is\s+"
    r"(?:still\s+)?(?:in\s+progress|a\s+draft|under\s+(?:construction|development)|"
    r"(?:a\s+)?work\s+in\s+progress|incomplete|unfinished|not\s+(?:yet\s+)?(?:finished|complete))",
    re.I,
)


# A pointer to reading, not a finding: "Details about the theory can be found in Zeileis
# (2005)", "Overviews … are given by Höhle and Mazick (2010)".
_CITED = r"[A-Z][\w'’-]+(?:\s+et\s+al\.?)?(?:,?\s+(?:and\s+|&\s+)?[A-Z][\w'’-]+)*\s*\(\d{4}"
POINTER_TO_READING = re.compile(
    r"\b(?:is|are|was|were|can\s+be|may\s+be|has\s+been|have\s+been)\s+(?:also\s+)?"
    r"(?:given|provided|presented|described|discussed|found|reviewed|summari[sz]ed|available|"
    r"covered|treated|explained)\s+(?:in|by)\s+" + _CITED
)


def about_the_document(text: str) -> str | None:
    """The sentence is about the document (its pages, its sample file) or points to other
    reading, not the subject."""
    flat = MATH_SPAN.sub("X", text)
    match = ABOUT_THE_DOCUMENT.search(flat) or POINTER_TO_READING.search(flat)
    return match.group(0).strip() if match else None


# A pronoun as the subject right after a short opener: "By default, it uses the vcov method",
# "In practice, they are …". What it stands for was in the sentence before (its antecedent was
# lost with it); an expletive "it" ("In practice, it is common to …") stands.
PRONOUN_AFTER_OPENER = re.compile(
    r"^[A-Z][\w-]*(?:\s+[a-z][\w-]*){0,2},\s+(?:(?:it|they)\s+"
    r"(?!(?:is|was|seems|appears|follows|turns|remains|has\s+been|can\s+be\s+shown|"
    r"may\s+be|might\s+be|should\s+be\s+noted)\b)[a-z]+|"
    # "In precise arithmetic, its dimension is …": whose dimension was the sentence before
    r"(?:its|their)\s+[a-z][\w-]*)",
)


def pronoun_after_opener(text: str) -> str | None:
    """The sentence's subject, after its opener, is a pronoun with nothing to refer to."""
    match = PRONOUN_AFTER_OPENER.match(MATH_SPAN.sub("X", text.strip()))
    return match.group(0) if match else None


# A sentence the paper set as an aside, in brackets: "(For backward compatibility, glmnet can
# accept …)". On a slide the brackets say nothing.
WRAPPED_ASIDE = re.compile(r"^\((?P<inner>[A-Z][^()]*(?:\([^()]*\)[^()]*)*)\.?\)\.?$")


def wrapped_aside(text: str) -> str | None:
    """The bullet is one aside in brackets."""
    return "(" if WRAPPED_ASIDE.match(text.strip()) else None


def unwrap_aside(text: str) -> str:
    """The aside without its brackets."""
    match = WRAPPED_ASIDE.match(text.strip())
    return match.group("inner").strip().rstrip(".") if match else text


# A run-in heading read with its paragraph: "Sublabelling Sometimes it is required …", "AGU The
# main emphasis of AGU is …". A capitalised sentence opener inside a sentence, after one to
# three words, is where the paragraph began.
RUN_IN_HEADING = re.compile(
    r"^[A-Z][\w-]*(?:\s+[\w-]+){0,2}?\s+(?=(?:Sometimes|The|In|We|It|This|These|There|For|"
    r"When|If|Our|Each|Here|Now|Then)\s+[a-z])"
)


# A heading of a capitalised word and lower-case ones before a sentence that opens on "A" or
# "An" and a noun phrase ("Badly seeded chains A second family of samplers …", round 19). A
# letter that names something ("type A", "Group A streptococcus", "arm A was") follows a
# label's noun, or a verb or conjunction follows it.
HEADING_BEFORE_ARTICLE = re.compile(
    r"^[A-Z][a-z-]+(?:\s+[a-z][\w-]*){1,3}?\s+"
    r"(?=An?\s+(?!(?:and|or|to|with|vs|is|are|was|were|has|had|can|will)\b)[a-z]{3,}\s)"
)
LETTER_NOUNS = {
    *("type", "class", "group", "grade", "model", "series", "vitamin", "hepatitis", "arm"),
    *("plan", "part", "step", "phase", "case", "option", "item", "site", "strain", "category"),
}


def _run_in_match(text: str) -> re.Match | None:
    match = RUN_IN_HEADING.match(text)
    if match is not None:
        return match
    match = HEADING_BEFORE_ARTICLE.match(text)
    if match is None:
        return None
    last = match.group(0).split()[-1].lower()
    return None if last in LETTER_NOUNS else match  # "groups A and B": the letters go on


def run_in_heading(text: str) -> str | None:
    """The words of a run-in heading before the sentence."""
    match = _run_in_match(text.strip())
    return match.group(0).strip() if match else None


def without_run_in_heading(text: str) -> str:
    stripped = text.strip()
    match = _run_in_match(stripped)
    return stripped[match.end() :] if match else stripped


# Two sentences run together because the second opens in lower case (a code name or a word the
# PDF set small): "… the preprint or reprint style. reprint format mimics …". The first stands.
RUN_TOGETHER = re.compile(
    r"\b(?!(?:etc|approx|resp|incl|cf|vs)\.)[a-z]{3,}\.\s+(?=[a-z]{3,}\s+[a-z])"
)


def run_together(text: str) -> str | None:
    match = RUN_TOGETHER.search(MATH_SPAN.sub("X", text))
    return match.group(0).strip() if match else None


def first_of_run_together(text: str) -> str:
    """The first of two sentences run together (positions kept by masking formulas)."""
    masked = MATH_SPAN.sub(lambda m: "X" * len(m.group(0)), text)
    match = RUN_TOGETHER.search(masked)
    return text[: match.end()].strip().rstrip(".") if match else text


# Steps of a list read as one sentence, the list's marks lost: "Install R on your computer Go to
# r-project.org and …", "… in your R system Start R and type …". An instruction's verb, capitalised
# after a lower-case word, opens the next step.
GLUED_STEPS = re.compile(
    r"\b[a-z]{2,}[a-z)]\s+(?:Go|Start|Type|Install|Click|Open|Save|Run|Check|Select|Choose|Enter|"
    r"Press|Download|Load|Create|Add|Copy|Paste|Restart|Close|Quit|Exit|Navigate|Visit)\s+"
    r"(?:to|the|a|an|R|it|your|and|on|in|\w+\(|[a-z]+\.)"
)


def glued_steps(text: str) -> str | None:
    """Two steps of a list run together as one sentence."""
    match = GLUED_STEPS.search(MATH_SPAN.sub("X", text))
    return match.group(0) if match else None


# Holes a lost formula leaves in the order of subject and verb. A determiner meets a verb ("The
# arises in Bayesian …": the formula was the noun), a preposition meets "where" or a verb
# ("defined by where $N$ …", "the value of is"), a main verb follows an opener with no subject
# between them ("Considered as an unnormalized density (which it is), does not change").
# Verb forms that are never a noun after "the" (unlike "results", "estimates", "means").
_VERB_ONLY = (
    r"arises|becomes|denotes|satisfies|converges|diverges|exists|occurs|implies|depends|"
    r"follows|contains|involves|corresponds|belongs|consists|refers|tends|seems|appears|"
    r"behaves|differs|vanishes|equals|remains|yields|holds|lies|reduces\s+to|"
    r"can\s+be|could\s+be|may\s+be|might\s+be|will\s+be|would\s+be|should\s+be|must\s+be|"
    r"has|have|had|does|did|is|are|was|were"
)
DETERMINER_VERB = re.compile(rf"\b(?:the|an|its|their|our|every)\s+(?:{_VERB_ONLY})\b", re.I)
PREPOSITION_GAP = re.compile(
    # ("an example of where …", "back to where …", "from where …" are English)
    r"\b(?:in|with|by|on|at|into|via|over|under)\s+where\b|"
    # a formula cut out before a clause: "… represented as where …", "… as shown in since …"
    # ("as much as where …" is English)
    r"\b(?:represented|written|given|defined|expressed|computed|obtained|modell?ed)\s+as\s+"
    r"where\b|"
    r"\b(?:as|in|by|with|for|at)\s+(?:since|because|whereas)\b|"
    # an apposition that lost what it names: "the normal approximation, that is Eq. (8) where
    # …" once the pointer goes ("… that is where $\mu_S$ …")
    # (with a comma after it the apposition names the place: "…, that is, where the data …")
    r",\s*(?:that\s+is|i\.\s?e\.?|namely)\s+where\b|"
    # ("… than would be expected" is English)
    r"\b(?:of|in|for|with|by|from|on|at|into|via)\s+(?:has|have|had|can|could|will|would|"
    r"should|must|does|did)\b",
    re.I,
)


# A display lost between a sentence that leads into it and the next sentence: "The unnormalized
# density is Eq. (2) This joint distribution …" reads "… is This joint …" once the pointer goes.
# A verb or preposition that needs its complement meets a word that only opens sentences.
DISPLAY_GAP = re.compile(
    r"\b(?:is|are|was|were|be|becomes?|gives?|yields?|reads?|by|of|to|as|get|obtain)\s+"
    r"(?:This|These|Those|We|It|Then|Thus|Hence|Here|There|Suppose|Let|Note)\s+[a-z]"
)


# A display announced with a colon and lost, the sentence closing on the condition that
# followed it: "… then we write: when defined", "… the density becomes: for all x" (the display
# between the colon and the condition never reached the text). Only a short tail that ends the
# sentence: "… as follows: when the gauge is dry, it reads zero" goes on as a clause.
ANNOUNCED_GAP = re.compile(
    r"\b(?:write|writes|wrote|have|has|obtain|obtains|get|gets|find|finds|define|defines|is|"
    r"are|was|were|becomes?|gives?|yields?|reads?|follows|by|as)\s*:\s+"
    r"(?:when|where|if|for|provided|unless|whenever)\b(?:\s+[^\s,;:]+){0,3}\s*[.;]?\s*$",
    re.I,
)


def math_hole(text: str) -> str | None:
    """A hole where a formula was lost: the sentence's grammar breaks around it."""
    flat = MATH_SPAN.sub("X", text.strip())
    match = (
        DETERMINER_VERB.search(flat)
        or PREPOSITION_GAP.search(flat)
        or DISPLAY_GAP.search(flat)
        or ANNOUNCED_GAP.search(flat)
    )
    if match:
        return match.group(0)
    return subjectless_after_opener(text)


def subjectless_after_opener(text: str) -> str | None:
    """An opener (a participle, a prepositional phrase, a subordinate clause) and then, after
    its comma, a finite verb with no subject: the subject was a formula."""
    stripped = text.strip()
    if stripped.endswith("?"):
        return None
    s = cs.shape(stripped)
    if opening_phrase(s) is None and not OPENS_SUBORDINATE.match(stripped):
        return None
    parts = cs.chunks(s.tokens)
    if len(parts) < 2:
        return None
    start, end = parts[1]
    at = start
    while at < end and s.tokens[at] in ("also", "then", "still", "only", "thus", "not"):
        at += 1
    verb = s.tokens[at] if at < end else ""
    if verb not in cs.AUXILIARIES or re.search(r"['’](?:s|re|m|ve)$", verb):
        return None  # no verb first, or one with its subject in it ("it's", "we're")
    # "Since these tests were written long ago, are spread out …, and are not commented, we
    # will not describe them": the verbs go on the opening clause, and a main clause follows.
    if any(cs.main_verbs(s, a, b) for a, b in parts[2:] if s.tokens[a] not in cs.COORDINATORS):
        return None
    return " ".join(s.tokens[start : min(end, at + 3)])
