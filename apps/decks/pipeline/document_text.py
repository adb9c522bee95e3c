"""Sentences about the document rather than its subject: where a part of it is ("at the end of
the section", "as in the previous section"), what the text will do next ("We will also
describe …", "… end the paper with some remarks"), what the document has shown ("This note
has shown how to …").

defects.META finds the plainest of these ("Section 3 presents …"); this module finds the ones
that name the document's parts by their place instead of their number. The reviewer reports
both as `meta_text`; the builtin proposer keeps the sentence when the pointer is only an aside
before its main clause ("As explained in the previous section, the gauges …" → "The gauges
…"), and else leaves the sentence out.
"""

from __future__ import annotations

import re

from apps.decks.pipeline.garbled import plain
from apps.decks.pipeline.text import code_first

PART = r"(?:sub)?(?:sections?|chapters?|paragraphs?|appendix|appendices)"
DOCUMENT = r"(?:paper|article|report|note|chapter|thesis|manuscript)"
# the place of a part relative to the sentence: "the previous section", "the following
# paragraphs" ("the first section" and "the same section" may be a pipe's or a road's)
PLACE = r"(?:previous|preceding|next|following|above|below|earlier|later|subsequent|foregoing)"
ABOUT_THE_DOCUMENT = re.compile(
    # "as in previous section", "in the preceding section", "of the following subsections"
    rf"\b(?:in|at|from|of|to|into|throughout|as\s+in)\s+(?:the\s+|this\s+)?{PLACE}\s+{PART}\b|"
    # "at the end of the section", "at the beginning of this chapter"
    r"\b(?:at|towards?|near)\s+the\s+(?:very\s+)?(?:end|beginning|start)\s+of\s+"
    rf"(?:the|this)\s+(?:{DOCUMENT}|{PART}|document|vignette)\b|"
    # "we will end the paper with …", "this chapter closes with …"
    rf"\b(?:end|close|conclude)s?\s+(?:the|this|our)\s+{DOCUMENT}\b|"
    rf"\b(?:the|this|our)\s+{DOCUMENT}\s+(?:ends|closes|concludes)\s+with\b|"
    # an announcement: "We will also describe …", "We shall finally discuss …"
    r"\bwe\s+(?:will|shall|are\s+going\s+to)\s+(?:(?:also|now|then|first|next|finally|briefly|"
    r"further|later|here|only)\s+)*(?:describe|discuss|present|give|introduce|outline|"
    r"illustrate|explain|review|detail|summari[sz]e|end|close|conclude|turn\s+to|look\s+at|"
    r"return\s+to|come\s+back\s+to)\b|"
    # "… several steps that we describe briefly here", "we discuss below": the text's own flow
    # ("We present here a method …" is the paper's aim, and stays)
    r"\bwe\s+(?:\w+ly\s+)?(?:describe|discuss|explain|detail|outline|review|summari[sz]e|"
    r"list)\s+(?:\w+ly\s+)?(?:here|below|above|next|later|in\s+what\s+"
    r"follows)\b|"
    # "we are giving a short introduction …", "we give here a brief overview …"
    r"\bwe\s+(?:are\s+giving|give\s+here)\s+(?:a|an)\s+(?:\w+\s+){0,3}?(?:introduction|"
    r"overview|summary|outline|description|presentation)\b|"
    # what a how-to text has shown of itself: "This note has shown how to …"
    r"\b(?:this|the(?:\s+present)?)\s+(?:note|chapter|section|appendix)\s+(?:(?:has|have)\s+)?"
    r"(?:shown|shows|showed|illustrated|illustrates|demonstrated|demonstrates|explained|"
    r"explains)\s+how\b|"
    # the authors on how they wrote the text: "The author has tried to make this paper as
    # independent as possible of the manual", "We have tried to keep the paper self-contained"
    r"\b(?:the\s+authors?|we|I)\s+(?:(?:has|have|had)\s+)?(?:tried|attempted|aimed|sought|"
    rf"try|tries)\s+to\s+(?:make|keep|write)\s+(?:this|the|our)\s+{DOCUMENT}\b|"
    rf"\b(?:this|the|our)\s+{DOCUMENT}\s+(?:is|was|has\s+been)\s+(?:\w+\s+)?"
    r"(?:self-contained|written\s+(?:for|to\s+be)|independent\s+of)\b|"
    # a cut announcement whose opening was lost: "Subsections we are giving …"
    rf"^{PART}\s+(?:we|I)\b|"
    # where a thing is presented, not what it is: "… is described in further detail below",
    # "… are given in the appendix", "… will be discussed later" — a pointer into the text
    r"\b(?:is|are|was|were|be|been)\s+(?:\w+ly\s+)?(?:described|explained|discussed|detailed|"
    r"given|presented|treated|covered|documented|outlined|elaborated|specified|defined|listed)\s+"
    r"(?:(?:in|at)\s+(?:\w+\s+){0,2}?(?:detail|length)\s+)?(?:below|later|above|hereafter|"
    r"elsewhere|separately|in\s+what\s+follows|in\s+the\s+(?:sequel|appendix|appendices|"
    r"remainder|rest))\b(?!\s*(?::|as\b))",  # not "… given below:" (its display), "… below as …"
    re.I,
)
# The document's own upkeep and standing, a notice to its readers rather than its subject: "This
# page is no longer maintained", "This package is maintained by …", "This is a preliminary
# draft; comments are welcome", "The manual is updated with every release". A sentence whose
# subject is the document (or "this"), with a predicate of upkeep or standing.
_DOCUMENT_ITSELF = (
    r"(?:this|the\s+present|the|our)\s+(?:\w+\s+)?(?:page|package|document|documentation|"
    r"manual|guide|vignette|version|release|site|website|repository|file|note|report|paper|"
    r"text|draft|tutorial|readme|software|project|library|tool|code)|this"
)
DOCUMENT_STATUS = re.compile(
    rf"^(?:{_DOCUMENT_ITSELF})\s+(?:is|has\s+been|was|will\s+be|may\s+be|are)\s+(?:(?:no\s+"
    r"longer|not|still|now|currently|actively|only|being|regularly|partly)\s+)*(?:maintained|"
    r"updated|supported|deprecated|superseded|obsolete|unmaintained|archived|frozen|"
    r"discontinued|abandoned|incomplete|under\s+(?:construction|development|revision)|"
    r"(?:a\s+)?(?:preliminary|draft|work[\s-]+in[\s-]+progress|beta|pre-?release)\b|"
    r"(?:a\s+|the\s+)?(?:draft|preprint)\b|"
    r"moved|mirrored|distributed\s+under|licen[cs]ed\s+under|released\s+under)|"
    # its upkeep named as the subject, its successor: "The maintenance of the package is
    # winding down", "The new foo package will soon replace this package"
    r"^(?:the\s+)?(?:maintenance|development|support|upkeep)\s+of\s+(?:this|the|our)\s+"
    r"(?:package|software|library|document|code|project|tool|manual)\b|"
    r"\bwill\s+(?:soon\s+|eventually\s+|shortly\s+)?(?:replace|supersede)\s+(?:the|this)\s+"
    r"(?:\w+\s+)?(?:package|library|software|version|manual|document)\b|"
    r"\b(?:package|library|software|manual|document)\s+(?:is|will\s+be)\s+(?:soon\s+)?"
    r"(?:replaced|superseded)\s+by\b|"
    # the files the text comes with: "The files here are …", "The file INSTALL contains
    # information on how to build", "The directory src contains the sources"
    r"^the\s+files?\s+(?:here|in\s+this\s+\w+|included|provided|distributed)\s+(?:are|is)\b|"
    r"\b(?:we|I)\s+(?:\w+ly\s+)?(?:describe|list|explain|document)\s+(?:the\s+)?(?:files?|"
    r"directories|directory|folders?)\b|"
    r"^the\s+(?:file|directory|folder|readme)\s+(?:`[^`]+`|\S+)\s+contains?\s+(?:the\s+)?"
    r"(?:information|instructions|details|notes|sources?|code|documentation)\b|"
    # "comments (and corrections) are welcome", "please report bugs to …"
    r"\b(?:comments|corrections|suggestions|feedback|bug\s+reports)\s+(?:\w+\s+){0,3}?"
    r"(?:are|is)\s+(?:very\s+)?(?:welcome|appreciated)\b|"
    r"^please\s+(?:report|send|direct|address|e-?mail)\b",
    re.I,
)


def document_status(text: str) -> str | None:
    """The part of the sentence that is a notice about the document's upkeep or standing."""
    match = DOCUMENT_STATUS.search(plain(text).strip())
    return match.group(0).strip() if match else None


# The text announcing what it does next: "Now, we describe the main stages …", "Next we
# discuss …", "We now turn to …", "In what follows, we outline …". Its adverb of the text's
# own order is what makes it an announcement: "We describe a sorter that …" (an abstract's aim)
# and "Here we show that …" (a finding) stay. The adverb is a connector too: dropped, the
# sentence would read as a statement of the paper's subject ("We describe the main stages").
_ANNOUNCING = (
    r"(?:describe|discuss|explain|detail|outline|review|summari[sz]e|list|present|introduce|"
    r"turn\s+to|consider|examine|look\s+at|give|illustrate|show\s+how|sketch|address)"
)
ANNOUNCEMENT = re.compile(
    r"^(?:(?:now|next|below|then|finally|in\s+what\s+follows|in\s+the\s+(?:following|sequel|"
    r"remainder))\s*,?\s+we\s+(?:(?:will|shall|now|briefly|also|first)\s+)*|"
    r"we\s+(?:(?:will|shall|also|briefly)\s+)*(?:now|next|then|finally)\s+(?:\w+ly\s+)?)"
    rf"{_ANNOUNCING}\b",
    re.I,
)


def announcement(text: str) -> str | None:
    """The sentence's opening when it announces what the text does next, or None."""
    match = ANNOUNCEMENT.search(plain(text).strip())
    return match.group(0) if match else None


# The pointer as an aside before the sentence's main clause: "As explained in the previous
# section, …", "Following the notation of the preceding chapter, …", "Using the same notation as
# in the previous section, …". Its comma ends it; the main clause after it stands alone.
ASIDE = re.compile(
    r"^(?:as|following|using|with|like|in|recall(?:ing)?|similarly|adopting|keeping|"
    r"continuing)\b[^,;:.]{0,100}?,\s+",
    re.I,
)
# What cannot open a main clause (a conjunction, a relative, a verb), and the document's own
# announcement left behind by a forward pointer ("In the next section, we describe …").
NO_MAIN_CLAUSE = re.compile(
    r"^(?:and|or|but|nor|which|that|who|whom|whose|where|when|while|is|are|was|were|has|have|"
    r"had|then|so|thus|hence|i\.e\.|e\.g\.)\b|^(?:we|I)\s+(?:\w+ly\s+)?(?:describe|present|"
    r"discuss|show|introduce|give|explain|illustrate|review|outline|summari[sz]e|detail|"
    r"report|list|turn|focus|consider|look)\b",
    re.I,
)


def about_the_document(text: str) -> str | None:
    """The part of the sentence that is about the document itself, or None."""
    match = ABOUT_THE_DOCUMENT.search(plain(text))
    return match.group(0).strip() if match else None


def without_document_aside(text: str, *others: re.Pattern) -> str | None:
    """The sentence without the aside that points into the document, when that aside is all it
    says about the document and a main clause follows it ("As explained in the previous
    section, the gauges …" → "The gauges …"); None otherwise. `others` are further patterns of
    pointers into the document ("As shown in Section 3")."""
    stripped = text.strip()
    aside = ASIDE.match(stripped)
    if aside is None or not any(
        p.search(plain(aside.group(0))) for p in (ABOUT_THE_DOCUMENT, *others)
    ):
        return None
    rest = stripped[aside.end() :]
    if NO_MAIN_CLAUSE.match(rest) or about_the_document(rest) or len(rest.split()) < 4:
        return None
    return rest if code_first(rest) else rest[:1].upper() + rest[1:]
