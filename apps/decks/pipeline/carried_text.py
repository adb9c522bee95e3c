"""Sentences that carry something on from the sentence before them in the paper.

A paper's sentence may go on with what the one before it said: another study ("In another
study, …", "Smith et al. also report …", "Using X, they achieve …"), a second claim after a
first ("There are also …", "The remark also applies to …", "… is also slightly higher"), a
set the paragraph named ("the two models", "both plots", "under all three genetic models",
"Either may fail"), or a place in a listing or example beside it ("the loop at line 4", "apply
Rule 1", "for article B we obtain"). Alone on a slide, each leans on what the slide does not
show. Like context_text.py, each detector looks at the shape of the text only and returns the
offending part, or None; slide-aware rules (review/context_rules.py) decide whether the slide
itself names what a count or a label refers to.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from apps.decks.pipeline.text import MATH_SPAN, sentences

# A named study: "Smith et al.", "Smith and Jones (2010)", "Smith [4]".
_CITED_NAME = (
    r"(?:[A-Z][\w'’-]+\s+et\s+al\.?(?:\s*(?:\(\d{4}[a-z]?\)|\[\d+(?:,\s*\d+)*\]))?|"
    r"[A-Z][\w'’-]+(?:\s+(?:and|&)\s+[A-Z][\w'’-]+)?\s*(?:\(\d{4}[a-z]?\)|\[\d+(?:,\s*\d+)*\]))"
)
_REPORTING = (
    r"(?:report|found|find|show|showed|shown|observe|observed|note|noted|demonstrate|"
    r"demonstrated|propose|proposed|suggest|suggested|conclude|concluded|achieve|achieved|"
    r"obtain|obtained|use|used|describe|described|present|presented|argue|argued|confirm|"
    r"confirmed|reach|reached|study|studied|investigate|investigated|develop|developed|"
    r"apply|applied|compare|compared|examine|examined|consider|considered|measure|measured|"
    r"introduce|introduced)(?:s|ed)?"
)
# "Smith et al. also report …": the first report was the sentence before. Only a named study
# is certain enough to rewrite (NAMED_ALSO drops the "also").
NAMED_ALSO = re.compile(rf"^(?P<name>{_CITED_NAME})\s+(?P<also>also|too|likewise|similarly)\s+")
STUDY_CARRIED = re.compile(
    # "In another study, …", "In a further trial …", "A separate experiment found …"
    r"^(?:in\s+)?(?:another|an?\s+(?:further|separate|second|later|follow-up|subsequent|"
    r"related|similar|companion|parallel))\s+(?:study|trial|experiment|paper|work|survey|"
    r"analysis|report|investigation|cohort|sample|evaluation|test|simulation)s?\b|"
    # "The authors also showed …", "They also found …" (a pronoun opening is
    # defects.unresolved_reference's; inside, after an opener, it is here)
    rf",\s+(?:they|he|she|the\s+authors)\s+(?:also\s+|then\s+|further\s+)?{_REPORTING}\b|"
    rf"^the\s+(?:same\s+)?authors\s+(?:also\s+|further\s+)?{_REPORTING}\b",
    re.I,
)
# A second claim whose first is the sentence before: "There are also some new features",
# "The remark also applies to …", "… is also slightly higher for …", "… is again not
# appropriate". "also known as", "can also be used", "we also …" stand: an aside, a further use
# the sentence itself states.
ALSO_CARRIED = re.compile(
    r"^there\s+(?:is|are|was|were|exists?|remains?)\s+also\b|"
    r"\balso\s+(?:applies|apply|applied|holds|hold|held|extends|carries\s+over)\s+(?:to|for|in)\b|"
    r"\b(?:is|are|was|were)\s+(?:also|again)\s+(?:\w+ly\s+|much\s+|somewhat\s+|a\s+bit\s+)?"
    r"(?:higher|lower|larger|smaller|greater|bigger|better|worse|faster|slower|longer|shorter|"
    r"stronger|weaker|more|less|fewer|wider|narrower)\b(?![^;]*\bthan\b)|"
    r"\b(?:is|are|was|were)\s+again\s+(?:not\s+)?[a-z]+|"
    r"\b(?:as\s+well|too)\s*[.!]?$|\bonce\s+again\b",
    re.I,
)


def carried_claim(text: str) -> str | None:
    """A study or a claim carried on from the sentence before: "In another study, …",
    "Smith et al. also report …", "There are also …", "… is also higher …". After a clause of
    the bullet's own ("…; there are also …") the first claim is on the slide."""
    flat = MATH_SPAN.sub("X", text.strip())
    first_clause = flat.split("; ", 1)[0]
    match = (
        NAMED_ALSO.match(first_clause)
        or STUDY_CARRIED.search(first_clause)
        or ALSO_CARRIED.search(first_clause)
    )
    if match is None:
        return None
    ends_too = match.group(0).lower().rstrip(".!").endswith(("too", "as well"))
    if ends_too and re.search(r"\b(?:both|and|or)\b", first_clause[: match.start()], re.I):
        return None  # "… for sparse and dense matrices as well": it names both sides itself
    return match.group(0).strip(" ,")


def without_named_also(text: str) -> str | None:
    """ "Smith et al. also report X" → "Smith et al. report X": a named study's finding stands on
    its own; the "also" only tied it to the study before. None for any other shape."""
    match = NAMED_ALSO.match(text.strip())
    if match is None:
        return None
    return text.strip()[: match.end("name")] + " " + text.strip()[match.end() :]


_NUMBER = r"(?:two|three|four|five|six|seven|eight|nine|ten|\d)"
# A determined set the sentence does not list: "the two models", "all three genetic models",
# "both plots", "the other two points", "these four cases".
COUNTED = re.compile(
    rf"\b(?:(?:the|all(?:\s+the)?|these|those|its|their)\s+(?:other\s+|remaining\s+|same\s+)?"
    rf"{_NUMBER}|(?:the\s+)?other\s+{_NUMBER}|both(?:\s+the)?)\s+"
    r"(?P<noun>(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*(?<!s)s)\b",
    re.I,
)
# The sentence names them itself: "both X and Y", "the two schemes: …", "(A and B)",
# "… X and Y …, the two matrices": coordination before the count.
NAMED_AFTER = re.compile(r"^\s*(?:[:(]|,?\s+namely\b|,?\s+(?:i\.e\.|e\.g\.))")
# "Either may fail", "If either has a root", "Neither converges": either/neither as the subject.
EITHER_SUBJECT = re.compile(
    r"(?:^|[,;]\s+|\b(?:if|when|unless|whether|since|because|that|and|but)\s+)"
    r"(?P<word>either|neither)(?:\s+of\s+(?:them|these|those|the\s+two))?\s+"
    r"(?:is|are|was|were|has|have|had|may|might|can|could|will|would|must|should|does|do|did|"
    r"[a-z]+s)\b(?!\s+(?:or|nor)\b)",
    re.I,
)


def counted_set(text: str) -> tuple[str, str] | None:
    """(part, noun) for a set the sentence counts or pairs without naming it ("compare the two
    models", "both plots", "Either may fail"): noun is what the slide must name for the
    sentence to stand ("" for either/neither, which no slide text can resolve here). A
    sentence merged with the one before it that names the set ("X and Y differ; either may
    fail") stands."""
    flat = MATH_SPAN.sub("X", text.strip())
    either = EITHER_SUBJECT.search(flat)
    if either and not re.search(r"\b(?:and|or|both)\b", flat[: either.start("word")], re.I):
        return either.group(0).strip(" ,;"), ""
    for match in COUNTED.finditer(flat):
        after = flat[match.end() :]
        noun = match.group("noun")
        if NAMED_AFTER.match(after):
            continue  # "the two schemes: the vector and the parallel schemes"
        if match.group(0).lower().startswith("both") and re.search(r"\band\b", after):
            continue  # "both substantial variation and a large number of zeros"
        if re.search(r"\b(?:most|least|first|last|next|best|worst|[a-z]{3,}est)\b", noun, re.I):
            continue  # "the ten most important parameters": the sentence says which
        head = noun.split()[-1].lower()
        before = flat[: match.start()].lower()
        if names_set(head, before) or re.search(r"\b\w+\s+and\s+\w+", before):
            continue  # "… appear in X and Y: … across the two matrices", named before it
        return match.group(0).strip(), head
    return None


# A sentence that announces a list and stops: "There are two differences between the
# versions", "The second step has two main approaches". In the paper the items follow it; on a
# slide without them the count promises what the reader never gets. Only nouns a list is made
# of ("approaches", "reasons"), not things counted as a measure ("We ran two experiments").
_LISTED = (
    r"approaches|differences|kinds|types|ways|steps|phases|stages|reasons|advantages|"
    r"disadvantages|drawbacks|limitations|components|parts|categories|classes|groups|modes|"
    r"strategies|methods|options|cases|aspects|properties|goals|objectives|contributions|issues|"
    r"problems|challenges|questions|features|elements|factors|variants|forms|principles|rules|"
    r"requirements|criteria|assumptions|conditions|scenarios|tasks|roles|benefits|purposes|"
    r"changes|improvements|ideas|concepts|points|lessons|findings|families|flavou?rs|levels"
)
ANNOUNCED = re.compile(
    r"^(?:there\s+(?:are|were|exist)|(?:[\w'’-]+\s+){1,6}?(?:has|have|had|comprises?|"
    r"consists\s+of|involves?|offers?|takes?|differs?\s+in|falls?\s+into|identif(?:y|ies|ied)|"
    r"distinguish(?:es)?|(?:can|may)\s+be\s+(?:divided|split|grouped|classified)\s+into))\s+"
    r"(?P<count>two|three|four|five|six|seven|several)\s+"
    r"(?:(?:main|major|key|basic|distinct|different|important|principal|broad|general|possible|"
    r"common)\s+)?(?P<noun>" + _LISTED + r")\b(?P<rest>[^:;,()\[\]—–-]*)$",
    re.I,
)
# The count closing the sentence after what it qualifies (round 18): "X is similar to Y except
# for two main differences", "… differs from the original in three ways", "… was dropped for
# two reasons". In the paper the items follow in the next sentences; only prepositions that
# announce them ("except for" differences, "for" reasons, "in" ways or respects), so "… in two
# phases" (a fact of its own) is not one.
ANNOUNCED_CLOSING = re.compile(
    r"\b(?:(?:except|apart|save)\s+(?:for|from)|but\s+for|other\s+than)\s+"
    r"(?P<count>two|three|four|five|six|seven|several)\s+"
    r"(?:(?:main|major|key|basic|important|notable|significant|small|minor)\s+)?"
    r"(?P<noun>" + _LISTED + r"|exceptions)$|"
    r"\bfor\s+(?P<count2>two|three|four|five|six|seven|several)\s+"
    r"(?:(?:main|major|key|basic|important|simple|good|different)\s+)?(?P<noun2>reasons)$|"
    r"\bin\s+(?P<count3>two|three|four|five|six|seven|several)\s+"
    r"(?:(?:main|major|key|basic|important|different|significant)\s+)?(?P<noun3>ways|respects|"
    r"aspects)$",
    re.I,
)
# What says, inside the rest of the sentence, which they are.
NAMES_ITEMS = re.compile(r"\b(?:namely|such\s+as|including|e\.g|i\.e|as\s+follows|below)\b", re.I)
_COUNT = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "several": 2}


def announced_set(text: str) -> tuple[str, int] | None:
    """(part, how many) for a sentence announcing a list it does not give ("There are two
    differences between the versions"); None when it names them or is not an announcement."""
    flat = MATH_SPAN.sub("X", text.strip()).rstrip(" .")
    match = ANNOUNCED.match(flat)
    if match is None:
        closing = ANNOUNCED_CLOSING.search(flat)
        if closing is None:
            return None
        count = next(g for g in ("count", "count2", "count3") if closing.group(g))
        return flat[closing.start(count) :], _COUNT[closing.group(count).lower()]
    rest = match.group("rest")
    if len(rest.split()) > 8 or NAMES_ITEMS.search(rest):
        return None
    return flat[match.start("count") : match.end("noun")], _COUNT[match.group("count").lower()]


def names_set(noun: str, shown: str) -> bool:
    """Does `shown` name the set the plural `noun` counts: the plural itself ("Two estimators
    …"), or its singular twice ("the lock-based model … the lock-free model")? One "the trained
    model" names one, not "the two models"."""
    shown = shown.lower()
    if re.search(rf"\b{re.escape(noun.lower())}\b", shown):
        return True
    return len(re.findall(rf"\b{re.escape(stem(noun))}", shown)) >= 2


def stem(noun: str) -> str:
    """The part of a plural noun its singular shares ("models" → "model", "analyses" →
    "analys")."""
    noun = noun.lower()
    for ending in ("ies", "es", "s"):
        if noun.endswith(ending) and len(noun) - len(ending) >= 3:
            return noun[: -len(ending)] if ending != "ies" else noun[:-3]
    return noun


# A numbered place in a listing, an algorithm or a list of rules the slide does not show: "the
# loop at line 4", "the call in step 2", "apply Rule 1".
PROGRAM_PLACE = re.compile(
    r"\b(?:at|on|in|of|from|to|after|before|reach(?:es|ed|ing)?|past)\s+lines?\s+\d+\b|"
    r"\b(?:in|at|of|from|after|before|during|by)\s+steps?\s+\d+\b|"
    r"\b(?:apply|applying|applies|applied|use|using|follow|following|by|of|from|with|under)\s+"
    r"rules?\s+\d+\b|^rules?\s+\d+\s+(?:will|would|can|is|does|introduces?|gives?)\b|"
    # a numbered line of a listing as the subject: "Line 5 checks …", "Lines 2 and 3 loop …"
    # (a step as the subject, "Step 2 merges the runs", says itself what the step is)
    r"^lines?\s+\d+(?:\s*(?:[-–]|and|to)\s*\d+)?(?=\s+(?:then\s+)?[a-z]+s\b|"
    r"\s+(?:is|are|was|were|can|will|must|may|does|do|run|repeat|loop|iterate)\b)",
    re.I,
)
# A state of a machine or diagram by its letter or number: "in state B", "enters state 2" (a
# state written as mathematics, "in state $s_t$", is a variable the text defines, not a label).
STATE_PLACE = re.compile(
    r"\b(?:in|at|from|to|into|enters?|entering|reach(?:es|ing)?|leaves?|leaving)\s+"
    r"state\s+(?-i:[A-Z]|\d+)\b(?![.\w§-])",
    re.I,
)
# A lettered instance of an example the paper drew: "for article B we obtain", "patient A's".
LETTERED = re.compile(
    r"\b(?P<noun>article|document|patient|subject|participant|user|player|agent|firm|company|"
    r"country|person|individual|respondent|customer|voter|candidate|product|store|city|site|"
    r"school|student|author|house|household|node|vertex|object|item|paper|text|image|sample)"
    r"\s+(?P<label>(?-i:[A-Z]))\b(?![.\w-])",
    re.I,
)


def program_place(text: str) -> tuple[str, str] | None:
    """(part, label) for a numbered line, step or rule, or a lettered instance ("article B"),
    the sentence points at; label is what a slide that shows it would name."""
    flat = MATH_SPAN.sub("X", text.strip())
    place = PROGRAM_PLACE.search(flat)
    if place:
        label = re.search(r"(?:line|step|rule)s?\s+\d+", place.group(0), re.I)
        return place.group(0).strip(), label.group(0).lower()
    unmathed = MATH_SPAN.sub("§", text.strip())  # "item $i$", "state $s$" are no labels
    state = STATE_PLACE.search(unmathed)
    if state:
        return state.group(0).strip(), re.sub(r"^\w+\s+", "", state.group(0)).lower()
    for lettered in LETTERED.finditer(unmathed):
        if not _pronoun_i(lettered, unmathed):
            return lettered.group(0), lettered.group(0).lower()
    return None


# "In this paper I show …": the writer's "I" after a common noun, read on by a lower-case word
# (a verb, an adverb), is no lettered instance; "Paper I" as a name is capitalised ("In Paper I
# we derived …"), and the pronoun is never read on by a determiner ("for patient I the dose …").
_READ_ON = re.compile(r"\s+(?!(?:the|a|an|this|these|its|their|each|every)\b)[a-z]|['’][a-z]")


def _pronoun_i(lettered: re.Match, text: str) -> bool:
    if lettered.group("label") != "I" or lettered.group("noun")[0].isupper():
        return False
    return bool(_READ_ON.match(text, lettered.end()))


# ----------------------------------------------------------------------------- another study's
# scope. "In our previous study [37], the cell was grown by MBE. We investigated … and obtained
# 9.13%." — the second sentence is still the previous study's: the opener's subject carries over
# the paragraph's next sentences until the paper turns to itself ("In this paper", "Here we",
# "We now", "the purpose of this research"). A bullet made of such a sentence states another
# study's work as the paper's own.

_STUDY_NOUN = (
    r"(?:study|studies|work|works|paper|papers|research|experiments?|investigations?|reports?|"
    r"analys[ie]s|articles?|publications?|trials?|survey|contribution)"
)
_EARLIER = r"(?:previous|earlier|prior|past|former|preceding|recent|pilot|own)"
# An opener that names a study by its kind: "In our previous study", "Our earlier work",
# "Previous studies", "In a prior paper [3]", "According to earlier research".
STUDY_OPENER = re.compile(
    rf"^(?:(?:in|from|according\s+to|following|based\s+on)\s+(?:the\s+light\s+of\s+)?)?"
    rf"(?:(?:our|an?|the|their|his|her|some|several|many)\s+)?(?:{_EARLIER}\s+)+"
    rf"(?:\w+\s+)?{_STUDY_NOUN}\b",
    re.I,
)
# An opener that names it by citation: "In [12], …", "In Smith et al. (2010), …", "Smith et al.
# [4] proposed …", "Smith and Jones (2003) found …" (case-sensitive: a name is capitalised).
CITED_OPENER = re.compile(
    rf"^(?:In\s+)?\[\d+(?:\s*[,–-]\s*\d+)*\]|^(?:In\s+)?{_CITED_NAME}(?=\s*,|\s+(?:\w+\s+)?"
    rf"(?i:{_REPORTING})\b)"
)
# The paper turning to itself ends the scope: "In this paper", "the purpose of this research",
# "Here we", "We now", "In contrast, we", "the proposed method".
OWN_WORK = re.compile(
    r"\b(?:this|the\s+present|the\s+current)\s+(?:paper|article|work|study|research|report|"
    r"thesis|note|manuscript|letter|chapter)\b|\bthe\s+proposed\b|"
    r"^(?:here|now|next|in\s+contrast|by\s+contrast|instead|unlike\s+(?:these|those|them|this|"
    r"that|previous|earlier|prior))\b|^we\s+(?:now|here|instead|then\s+turn)\b",
    re.I,
)
# The paper's own voice, which ends a third party's scope ("Smith et al. [4] proposed X. We
# extend X …") but not the authors' own earlier study's ("In our previous study … We found …").
FIRST_PERSON = re.compile(r"\b(?:(?i:we|our|us|my|me)|I)\b")


@dataclass(frozen=True)
class StudyScope:
    """Where a sentence of the paper stands with respect to another study."""

    opener: str  # the sentence that names the study
    lead: (
        str  # the opener's leading phrase, to name the study in a bullet ("In our previous study")
    )
    names_it: bool  # the sentence is the opener itself: it names the study


def study_opener(sentence: str) -> str | None:
    """The leading phrase by which a sentence names another study ("In our previous study",
    "Smith et al. (2010)", "In [12]"), or None."""
    flat = MATH_SPAN.sub("X", sentence.strip())
    if OWN_WORK.search(flat):
        return None
    match = STUDY_OPENER.match(flat) or CITED_OPENER.match(flat)
    return match.group(0).strip(" ,") if match else None


def study_scopes(
    sentences: list[str], carried: StudyScope | None = None
) -> list[StudyScope | None]:
    """For each sentence of a paragraph, the other study whose scope it is in (None: the
    paper's own). `carried`: the scope the paragraph before left open, when this paragraph goes
    on with its sentence (a figure cut it in two)."""
    scope = carried
    found: list[StudyScope | None] = []
    for sentence in sentences:
        flat = MATH_SPAN.sub("X", sentence.strip())
        lead = study_opener(sentence)
        if lead is not None:
            scope = StudyScope(opener=sentence, lead=_plain_lead(lead), names_it=True)
            found.append(scope)
            continue
        third_party = scope is not None and not FIRST_PERSON.search(scope.lead)
        if OWN_WORK.search(flat) or (third_party and FIRST_PERSON.search(flat)):
            scope = None  # the paper turns to itself
        found.append(
            StudyScope(scope.opener, scope.lead, names_it=False) if scope is not None else None
        )
    return found


def paper_scopes(paragraphs: list[str]) -> dict[str, StudyScope]:
    """Every sentence of these paragraphs that is inside another study's scope, by its text. A
    paragraph that opens in lower case goes on with the one before (cut by a figure)."""
    scopes: dict[str, StudyScope] = {}
    open_scope: StudyScope | None = None
    for paragraph in paragraphs:
        parts = sentences(paragraph)
        if not parts:
            continue
        continues = parts[0][:1].islower()
        found = study_scopes(parts, open_scope if continues else None)
        for sentence, scope in zip(parts, found, strict=True):
            if scope is not None:
                scopes.setdefault(sentence, scope)
        open_scope = found[-1] if found else None
    return scopes


def scopes_of(paper) -> dict[str, StudyScope]:
    """paper_scopes of a Paper's abstract and sections in order."""
    return reading_of(paper).scopes


def _plain_lead(lead: str) -> str:
    """ "In our previous study [37]" → "In our previous study": the bracket says nothing on a
    slide."""
    return re.sub(r"\s*\[\d+(?:\s*[,–-]\s*\d+)*\]", "", lead).strip(" ,")


def names_study(bullet: str, scope: StudyScope) -> bool:
    """Does the bullet itself say whose it is: the opener's phrase or a study word of it ("In
    our previous study, we …", "Smith et al. found …")?"""
    flat = MATH_SPAN.sub("X", bullet)
    if study_opener(flat) is not None:
        return True
    lead = scope.lead.lower().removeprefix("in ")
    return len(lead) > 2 and lead in flat.lower()


def names_cited(title: str, scope: StudyScope) -> bool:
    """Is the slide titled for the cited study's author ("Portnoy's estimator" over the scope of
    "Portnoy (2003)")? Then the title says whose the bullets are."""
    name = re.match(r"(?:In\s+)?([A-Z][\w'’-]{2,})", scope.lead)
    return bool(name) and re.search(rf"\b{re.escape(name.group(1))}\b", title) is not None


def attributed(bullet: str, scope: StudyScope) -> str | None:
    """The bullet with the study named before it: "We investigated …" in the scope of "In our
    previous study [37]" → "In our previous study, we investigated …". None when the opener is no
    prepositional phrase that can lead a sentence."""
    lead = scope.lead
    if not re.match(r"(?:in|according\s+to|following)\s", lead, re.I):
        return None
    first, _, rest = bullet.strip().partition(" ")
    if first.lower() in COMMON_OPENING_WORDS:
        first = first.lower()
    return f"{lead}, {first} {rest}".strip()


# Words a sentence opens with that are lower case inside one (a name keeps its capital).
COMMON_OPENING_WORDS = {
    "we", "the", "a", "an", "this", "these", "that", "those", "it", "they", "our", "its", "their",
    "in", "on", "for", "with", "by", "to", "from", "using", "both", "all", "each", "some", "no",
}  # fmt: skip


# ----------------------------------------------------------------------------- attribution
# across subjects. A sentence of a paragraph about one named method ("… estimated for the Cox
# proportional hazard model. Thus, covariates must either increase hazard …, or decrease it")
# says its claim of that method; under a slide titled for another ("Portnoy's estimator") it
# reads as the other's. Only names are compared — a capitalised word the paper never writes in
# lower case, or an acronym, before a method noun ("Cox … model", "Portnoy's estimator",
# "ARIMA models") — so the check holds only where the paper names both.

_METHOD_NOUN = (
    r"(?:model|method|estimator|algorithm|approach|procedure|regression|filter|scheme|"
    r"transform|classifier|sampler|test|network|architecture|solver|heuristic)s?"
)
# (a lookahead: "The Okafor estimator" must not let "The" consume the name)
NAMED_SUBJECT = re.compile(
    rf"(?P<name>\b[A-Z][\w'’-]*[A-Za-z0-9])"
    rf"(?=(?P<rest>(?:['’]s)?\s+(?:[\w-]+\s+){{0,3}}?(?i:{_METHOD_NOUN})\b))"
)
LOOK_BACK = 5  # sentences: a subject named further back no longer holds the reader


def proper_names(paragraphs: list[str]) -> set[str]:
    """Words the paper writes only capitalised, at least once inside a sentence (a name, not a
    sentence's first word), or in capitals (an acronym); lower-cased."""
    capital, lower = set(), set()
    for paragraph in paragraphs:
        for sentence in sentences(paragraph):
            words = re.findall(r"[A-Za-z][\w'’-]*", MATH_SPAN.sub(" ", sentence))
            for position, word in enumerate(words):
                word = re.sub(r"['’]s$", "", word)
                if word[0].islower():
                    lower.add(word.lower())
                elif position and (word[1:2].islower() or word.isupper() and len(word) > 1):
                    capital.add(word.lower())
    return capital - lower


def named_subjects(value: str, names: set[str]) -> dict[str, str]:
    """{name: phrase} of the named methods `value` speaks of ("Cox proportional hazard model")."""
    found: dict[str, str] = {}
    for match in NAMED_SUBJECT.finditer(MATH_SPAN.sub("X", value)):
        name = re.sub(r"['’]s$", "", match.group("name")).lower()
        if name in names:
            found.setdefault(name, match.group("name") + match.group("rest"))
    return found


def title_subjects(title: str, names: set[str]) -> set[str]:
    """The named methods a slide's title is for ("Portnoy's Censored Quantile Regression
    Estimator" → {"portnoy"}); empty for a title that names no method."""
    return set(named_subjects(title, names))


@dataclass(frozen=True)
class Attribution:
    name: str  # the method the sentence's paragraph is about ("cox")
    phrase: str  # how the paper names it ("Cox proportional hazard model")


def subject_before(
    sentence: str, before: list[str], names: set[str], titled: set[str] = frozenset()
) -> Attribution | None:
    """The named method the nearest sentence before `sentence` (its paragraph, newest last)
    that names one is about, when `sentence` names none itself and is not in the authors'
    voice ("we", "our", "the proposed": the paper's own method). A sentence on the way that
    names a `titled` method at all ("the global Powell solution") ends the search: the
    paragraph speaks of it."""
    flat = MATH_SPAN.sub("X", sentence)
    if named_subjects(flat, names) or FIRST_PERSON.search(flat) or OWN_WORK.search(flat):
        return None
    for earlier in reversed(before[-LOOK_BACK:]):
        words = {re.sub(r"['’]s$", "", w).lower() for w in re.findall(r"[\w'’-]+", earlier)}
        if words & titled:
            return None
        subjects = named_subjects(earlier, names)
        if subjects:
            if len(subjects) > 1:
                return None  # two methods compared: whose the next claim is, is not certain
            name, phrase = next(iter(subjects.items()))
            return Attribution(name, phrase)
    return None


def misattributed(
    bullet: str, sentence: str, before: list[str], title: str, names: set[str]
) -> Attribution | None:
    """The other method a bullet's claim belongs to, when its slide is titled for one named
    method and the paper says the claim of another (the paragraph's subject)."""
    titled = title_subjects(title, names)
    if not titled or named_subjects(bullet, names):
        return None
    found = subject_before(sentence, before, names, titled)
    if found is None or found.name in titled:
        return None
    return found


def with_subject(bullet: str, found: Attribution, names: set[str]) -> str:
    """ "Covariates must …" → "For the Cox proportional hazard model, covariates must …"."""
    phrase = found.phrase
    if not re.search(r"['’]s\s", phrase) and not phrase.lower().startswith("the "):
        phrase = "the " + phrase
    first, _, rest = bullet.strip().partition(" ")
    if first[:1].isupper() and first[1:].islower() and first.lower() not in names:
        first = first.lower()  # a name keeps its capital
    return f"For {phrase}, {first} {rest}".strip()


@dataclass(frozen=True)
class Reading:
    """What the carried-claim rules read of a paper once: the sentences in another study's
    scope, the sentences before each one in its paragraph, and the paper's proper names."""

    scopes: dict[str, StudyScope]
    before: dict[str, list[str]]
    names: set[str]


def read_paper(paragraphs: list[str]) -> Reading:
    before: dict[str, list[str]] = {}
    carried: list[str] = []
    for paragraph in paragraphs:
        parts = sentences(paragraph)
        if not parts:
            continue
        # a paragraph that opens in lower case goes on with the one before (a figure cut it)
        seen = carried if parts[0][:1].islower() else []
        for sentence in parts:
            before.setdefault(sentence, list(seen[-LOOK_BACK:]))
            seen = [*seen, sentence]
        carried = seen
    return Reading(paper_scopes(paragraphs), before, proper_names(paragraphs))


_READ: dict[int, tuple[object, Reading]] = {}


def reading_of(paper) -> Reading:
    """read_paper of a Paper's abstract and sections in order, once per paper object (every
    slide's rule asks)."""
    cached = _READ.get(id(paper))
    if cached is None or cached[0] is not paper:
        _READ.clear()
        paragraphs = [paper.abstract, *(p for s in paper.sections for p in s.paragraphs)]
        cached = (paper, read_paper([p for p in paragraphs if p]))
        _READ[id(paper)] = cached
    return cached[1]


# ----------------------------------------------------------------------------- a second claim
# by grammar: perhaps a fronted phrase ("For the survey, "), a subject, perhaps an auxiliary
# or a modal, then "also" and the predicate ("The estimator also gives …", "The bound is also
# tight", "Our index has also been ported …", "The table can also hold …", "For Y, Z has also
# published …"). The first claim is the paper's sentence before; whether the slide shows it is
# the slide rule's question (review/context_rules.second_claim). "also known as", "… and also
# …" (both claims in the sentence) stand; a pronoun subject is the pronoun rules' (defects).
_CLAUSE_WORD = (
    r"and|or|but|nor|which|that|who|whom|whose|when|where|while|if|because|since|although|"
    r"though|as|than|so|then"
)
_MODAL = r"can|could|may|might|shall"
# a prepositional phrase set before the subject and closed by a comma: "For Y, ", "In 2031, "
_FRONTED = (
    r"(?:(?:for|in|on|with|at|by|under|from|after|before|besides|beyond|like|unlike|"
    r"among|across|during|within|outside|inside)\s[^,;:]{1,60},\s+)"
)
SUBJECT_ALSO = re.compile(
    rf"^(?P<fronted>{_FRONTED})?"
    rf"(?P<subject>(?!(?:there|it|this|these|those|they|he|she|here|then)\b)"
    rf"(?:(?!(?:{_CLAUSE_WORD}|{_MODAL})\s)[^\s,;:]+\s+){{0,6}}?(?!(?:{_CLAUSE_WORD}|{_MODAL})\s)"
    r"[^\s,;:]+)\s+"
    rf"(?P<aux>(?:is|are|was|were|has|have|had|does|do|did|will|would|should|must|{_MODAL})\s+)?"
    r"(?P<also>also|likewise|similarly)\s+"
    r"(?!(?:known|called|referred|termed|denoted|named|written)\b)(?P<verb>[a-z][\w-]*)",
    re.I,
)


def subject_also(text: str) -> tuple[str, str] | None:
    """(part, subject) of a claim made after another by its grammar: "The estimator also gives
    …" → ("The estimator also gives", "The estimator"). None for any other shape."""
    flat = MATH_SPAN.sub("X", text.strip())
    first_clause = flat.split("; ", 1)[0]
    match = SUBJECT_ALSO.match(first_clause)
    if match is None:
        return None
    return match.group(0), match.group("subject")


def without_subject_also(text: str) -> str | None:
    """ "The estimator also gives X" → "The estimator gives X": the claim stands without the
    word that tied it to the one before. Not for "is also higher" (a comparison whose other
    side was the sentence before) nor a shape the text rules read as carried (carried_claim:
    merged or dropped)."""
    value = text.strip()
    if carried_claim(value) or MATH_SPAN.search(value.split(" also ", 1)[0]):
        return None
    match = SUBJECT_ALSO.match(value)
    if match is None or re.match(r"(?:is|are|was|were)\s", match.group("aux") or "", re.I):
        return None
    return value[: match.start("also")] + value[match.end("also") :].lstrip()
