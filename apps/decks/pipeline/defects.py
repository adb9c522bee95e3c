"""What a reader sees wrong in a bullet or a title: one detector per defect class.

The reviewer reports these (review/text_rules.py) and the builtin proposer rewrites text until
none of them applies (propose/bullets.py), so both sides use the same definitions. Each
detector looks at plain text in which `$…$` is mathematics; it returns the offending part, or
None. Thresholds are deliberately about the text, never about a particular paper.
"""

from __future__ import annotations

import re

from apps.decks.pipeline import (
    abbreviations,
    acknowledgements,
    back_matter,
    carried_text,
    context_text,
    cut_sentences,
    document_text,
    example_text,
    fragments,
    glued_text,
    lost_text,
    lowercase_names,
)
from apps.decks.pipeline.caption_labels import OTHER_REFERENCE_WORDS, reference_number, series
from apps.decks.pipeline.garbled import (
    broken_math,
    glued_words,
    lost_glyph,
    plain,
    stray_glyph,
    table_cells,
)

CONNECTOR_WORDS = (
    "however|but|and|or|so|thus|hence|therefore|moreover|furthermore|also|still|yet|"
    "similarly|likewise|conversely|nevertheless|nonetheless|consequently|accordingly|instead|"
    "otherwise|meanwhile|then|finally|first|firstly|second|secondly|third|thirdly|lastly|"
    "indeed|again|further|rather|alternatively|additionally|notably|importantly|interestingly|"
    "surprisingly|unfortunately|fortunately|overall|altogether|specifically|namely|"
    "particularly|subsequently|afterwards|next|here|now|thereby|thereafter|previously|earlier|"
    "inevitably|clearly|obviously|naturally|admittedly|ironically|unsurprisingly|actually|"
    "incidentally|anyway|anyhow"
)
# "Although…", "Because of…", "Since…", "While…" open a clause of the same sentence: they lean
# on nothing before it, so they are not connectors here.
CONNECTOR_PHRASES = (
    r"in contrast|on the other hand|on the contrary|in addition|as a result|as a consequence|"
    r"for this reason|to this end|in other words|that is|in particular|in summary|in short|"
    r"in turn|in practice|in fact|of course|note that|notice that|recall that|as such|"
    r"in what follows|in the following|"
    # a relation to the sentence before, by an adverb or an idiom that a comma closes
    # ("Coincidentally, …", "Equally, …", "For short, …", "Put differently, …", "Say, …");
    # without the comma they modify the next word ("Equally weighted …", "For short runs …")
    r"(?:coincidentally|correspondingly|equivalently|relatedly|comparably|equally|contrarily|"
    r"contrastingly|for short|say|put differently|put another way|(?:said|stated) differently|"
    r"by the same token|along (?:the same|similar) lines|in (?:the same|a similar) vein|"
    r"on top of (?:that|this)|what is more|more to the point)(?=\s*,)|"
    r"in (?:a|the) (?:similar|same|analogous|like) (?:manner|way|fashion)(?! (?:as|that|than)\b)|"
    r"as expected|as mentioned|as noted|as discussed|as shown|as seen|as before|at the same time|"
    r"for example|for instance|by contrast|even so|after all|above all|in this case|"
    r"in that case|to summari[sz]e|to conclude|in conclusion|all in all|by doing so|in brief|"
    r"even (?:worse|better|more|so|easier|simpler|faster)|worse still|better still|"
    r"more (?:generally|specifically|precisely|formally|importantly)|most importantly|"
    # a demonstrative with its noun after it ("Despite these promising results, …") is
    # DESPITE_CLAUSE's whole: dropped alone it left "Promising results, the scheme …"
    r"with this in mind|despite (?:this|that|these|those|it)(?!\s+[\w$])|"
    r"apart from this(?!\s+[\w$])|besides this(?!\s+[\w$])|"
    # "Besides, …" leans on what came before; "Besides further extensions we focus …" is a
    # preposition with its object, and the sentence stands
    r"besides(?=\s*,)|"
    r"as (?:stated|described|explained|argued|outlined|indicated|illustrated|demonstrated|"
    r"pointed out|already|we have seen|we saw|we have shown)(?: (?:above|before|earlier))?"
)
# A phrase that opens a prepositional clause ("In addition to these methods, …") is not a
# connector on its own: the whole clause is (DESPITE_CLAUSE).
# An example opened by its abbreviation ("E.g., a hive …", "I.e. the …") or "As an example,":
# an example of what the sentence before said, like "For example, …".
EXAMPLE_OPENER = r"(?:e\.\s?g\.|i\.\s?e\.)(?=[\s,])|as\s+an?\s+(?:example|illustration)\b(?=\s*,)"
# A reply to a question the slide does not ask: "Yes, the model …", "No: the scales …".
REPLY_OPENER = r"(?:yes|no)(?=\s*[,;:!])"
CONNECTOR = re.compile(
    rf"^(?:(?:{CONNECTOR_PHRASES})\b(?!\s+(?:to|of|from)\b)|(?:{CONNECTOR_WORDS})\b(?=[\s,;:])"
    rf"(?!\s+(?:to|of|with|from)\b)|{EXAMPLE_OPENER}|{REPLY_OPENER})[,;:!]?\s*",
    re.I,
)
# A whole sentence in parentheses before the bullet's own: an aside on what came before.
ASIDE_LEAD = re.compile(r"^\([A-Z][^()]{10,}?[.!?]?\)\.?\s+(?=[A-Z])")
TRAILING_CONNECTOR = re.compile(r",?\s+(?:though|however|instead)[.!]?$", re.I)
# "When comparing curves across groups, however, the weights …": a contrast with a sentence before.
INNER_CONNECTOR = re.compile(
    r"^[^,;]{0,80},\s*(?:however|though|therefore|thus|hence|in turn|in contrast|instead|"
    r"nevertheless|nonetheless|conversely|moreover|furthermore|too)\s*,",
    re.I,
)
# "Despite the missing values, …", "In addition to these methods, …": a clause that leans on
# something said before.
DESPITE_CLAUSE = re.compile(
    r"^(?:despite|in spite of|unlike|like|as with|in addition to|as a result of|"
    r"in contrast to|contrary to|instead of|apart from|besides)\b[^,;]{2,80},\s*",
    re.I,
)
PRONOUN_START = re.compile(
    r"^(?:this|these|that|those|it|its|they|them|their|theirs|he|she|his|her|such|both|"
    r"the latter|the former|the same|the above|the following|the previous|the next|"
    r"the aforementioned|the abovementioned|said|another|others|all others|the others|"
    r"the rest|(?:all|each|some|most|one|none|many|several|both) of (?:them|these|those|this|its|"
    r"their)|"
    # "The three options should make …": a counted set the slide never listed
    r"the (?:two|three|four|five|six) (?:different |distinct |main |other |remaining )?"
    r"[a-z][\w-]*s|"
    r"(?:with|given|for|from|in|using|after|of) (?:these|those|such)|"
    # "If that doesn't work, …": the step before it the slide does not show
    r"(?:if|when|unless) (?:this|that|it) (?:does(?:n['’]t| not)|did(?:n['’]t| not)|fails|failed|"
    r"works|worked|is(?:n['’]t| not)|happens)|"
    # "The first class includes …", "The second issue is …": one of a list the slide lacks
    r"in (?:either|each|both|any|this|that) cases?|"
    # "In the first situation, …": one of cases the slide does not show
    r"(?:in|for|under|with|from) the (?:first|second|third|former|latter|last|other) "
    r"(?:situation|case|setting|scenario|approach|option|alternative|variant|instance)s?|"
    # "A third but more minor choice …": the next of a list the slide lacks
    r"an?\s+(?:second|third|fourth|fifth|final|last|further)|"
    r"the (?:first|second|third|fourth|fifth|other|remaining) (?:one|two|three|issue|class|"
    r"type|kind|case|problem|approach|step|point|option|reason|group|part|variant|"
    r"alternative)s?)\b",
    re.I,
)
# "This is", "These results", "It shows": a pronoun, or a demonstrative with its noun.
DEMONSTRATIVE_NOUN = re.compile(r"^(?:this|these|that|those|such)\s+([a-z][\w-]*)", re.I)
# "(18) G(r, t) …", also a chapter-numbered one read as a formula: "$(1.2)$ Here $x_{1}$ …"
LEADING_EQUATION_NUMBER = re.compile(r"^\$?\(\s*\d{1,3}(?:\.\d{1,2})?[a-z]?\s*\)\$?\s*")
EQUATION_TAG = re.compile(r"(?:^|\s)\(\d{1,3}[a-z]?\)(?=\s|$|[.,;])")
POINTED = re.compile(r"(?:Eqs?\.|Equations?|and|,)\s*$", re.I)
POINTER = re.compile(
    r"\b(?P<kind>Eqs?\.|Equations?|Figs?\.|Figures?|Tables?|Tab\.|Sections?|Sec\.|Appendix|"
    r"Appendices|Algorithm|Listing|Lemma|Theorem|Proposition|Corollary|Definition|"
    rf"{OTHER_REFERENCE_WORDS})"
    r"\s*\(?(?P<number>\d+[a-z]?\b|(?-i:[A-Z])\.\d+)\)?",
    re.I,
)
# "2", "3.7", "A.1" (an appendix letter is upper case even where the rest ignores case)
# "IV": a section numbered in roman numerals (physics papers)
SECTION_NUMBER = r"(?:\d+|(?-i:[IVX]{1,5}\b)|(?-i:[A-Z]))(?:\.\d+)*"
SECTION_NUMBERS = rf"{SECTION_NUMBER}(?:\s*(?:,|and|&|–|-)\s*{SECTION_NUMBER})*"
META = re.compile(
    rf"\b(?:(?:sections?|chapters?|appendix|appendices)\s+{SECTION_NUMBERS}\s+(?:\w+\s+){{0,3}}?"
    r"(?:describes?|presents?|lists?|introduces?|discusses|details?|summari[sz]es?|reports?|"
    r"gives?|shows?|explains?|covers?|contains?|concludes?|provides?|outlines?|reviews?)|"
    r"(?:are|is|were|was)\s+(?:summari[sz]ed|described|presented|given|discussed|detailed|"
    r"listed|reported|provided|outlined|shown)\s+in\s+(?:sections?|chapters?|appendix)\s*\d*|"
    r"(?:the\s+)?(?:rest|remainder|structure|outline)\s+of\s+(?:this|the)\s+(?:paper|article|"
    r"report|work|document)|this\s+(?:paper|article|report|section|chapter)\s+is\s+"
    r"(?:organi[sz]ed|structured)|in\s+(?:this|the\s+next|the\s+following|the\s+previous)\s+"
    r"(?:section|chapter|subsection)|(?:see|cf\.)\s+(?:sections?|chapters?|appendix)\b|"
    # "In the fourth section we describe …", "Section we describe …" (its number lost)
    r"\bthe\s+(?:first|second|third|fourth|fifth|sixth|seventh|last|final)\s+(?:section|chapter)"
    r"\s*,?\s+(?:we|I)\b|^(?:in\s+)?(?:sections?|chapters?)\s+(?:we|I)\b|"
    # where and how the document itself was published: "a (slightly) modified version of",
    # "has been published in the Journal of …", its keywords
    r"(?:modified|revised|updated|extended|shortened|adapted)\s+version\s+of|"
    r"(?:has\s+been|was|is|been)\s+published\s+(?:online\s+)?(?:in|by|as)|"
    r"^\s*(?:key\s?words|index\s+terms)\s*:|"
    # what the document itself does: "In this vignette we illustrate…", "The paper describes…",
    # "An appendix provides…"
    r"^(?:in\s+)?(?:this|the|our)(?:\s+present)?\s+(?:paper|article|vignette|note|report|"
    r"document|tutorial|manuscript|chapter|section)\s*,?\s+(?:we\s+)?(?:(?:also|first|then|"
    r"briefly|further)\s+)?(?:describes?|presents?|introduces?|discuss(?:es)?|illustrates?|"
    r"explains?|reviews?|outlines?|summari[sz]es?|gives?|provides?|offers?|focus(?:es)?|considers?|"
    r"(?:shows?|demonstrates?)\s+how)\b|"
    r"\b(?:an?|the)\s+appendix\s+(?:\w+\s+){0,2}?(?:provides?|gives?|contains?|lists?|presents?|"
    r"describes?|shows?|reports?)|\bwe\s+refer\s+(?:the\s+reader\s+)?to\b|"
    # the same said of the reader: "the reader is referred to the classic literature"
    r"\b(?:the|interested)\s+readers?\s+(?:is|are|may\s+be|can\s+be)\s+(?:referred|directed|"
    r"pointed)\s+to\b|"
    r"^(?:see|cf\.)\s|\b(?:this|the)\s+(?:document|vignette|paper|article)\s+will\s+(?:be|help)\b|"
    # the document itself, wherever the sentence names it: "the code in this vignette", "The
    # article was originally published as …", "For further details …, see …", "… are also
    # discussed", "I only demonstrate …", "Please ensure that your document …"
    r"\bthis\s+(?:vignette|document|tutorial|template|manual|guide)\b|"
    r"\b(?:originally|first|previously)\s+published\b|\bfor\s+(?:further|more)\s+(?:details|"
    r"information)\b|,\s*see\s|\b(?:is|are)\s+(?:also\s+)?(?:discussed|described|introduced|"
    r"explained|demonstrated|illustrated)(?:\s+(?:here|below|later|briefly))?\s*\.?$|"
    r"^I\s+(?:only\s+|will\s+|also\s+)?(?:demonstrate|show|use|describe|discuss|illustrate|"
    r"present)\b|^please\b|\byour\s+(?:document|paper|manuscript|submission|article)\b|"
    # an announcement of what the text will do: "We will state some goals in advance"
    r"\bwe\s+(?:will|shall)\s+(?:first\s+|now\s+|briefly\s+|then\s+)?(?:state|describe|discuss|"
    r"present|give|introduce|outline|illustrate|explain|review|consider|look\s+at)\b|"
    # where the text starts: "so we begin by providing some definitions", "We will start by
    # defining the system", "Let us begin with a review of …" (the order of the paper's parts)
    r"\b(?:we|let\s+us|let's)\s+(?:will\s+|shall\s+|first\s+|now\s+)*(?:begin|start)\s+"
    r"(?:by\s+(?:providing|giving|defining|introducing|reviewing|recalling|describing|"
    r"presenting|outlining|summari[sz]ing|stating|explaining)|with\s+(?:an?\s+)?(?:brief\s+|short\s+)?"
    r"(?:review|overview|summary|introduction|definitions?|description|recap)\b)|"
    # an author's address: "Department of Mathematics, … 1081 HV Amsterdam"
    r"\b(?:Department|Institut\w*|Universit\w*|Faculty|School|Laborator\w*)\b[^.]{0,80},\s*"
    r"(?:[A-Z]{1,2}-)?\d{4,5}\b)",
    re.I,
)
# What the slide never shows: the list a sentence announces, a place in the paper's flow.
ABSENT_POINTER = re.compile(
    r"\b(?:the\s+following|as\s+follows|(?:shown|given|listed|described|presented|defined|"
    r"seen|discussed|mentioned|introduced|derived|explained|stated)\s+(?:above|below|earlier|"
    r"previously|before)|see\s+(?:above|below)|the\s+above)\b|"
    # "the examples above", "the model below": an object the reader saw on an earlier page
    r"\bas\s+(?:above|below)\b|\blike\s+(?:previously|before|above)\b|"
    r"\bas\s+(?:we\s+)?(?:did|done|noted|seen|saw)\s+(?:before|above|earlier|previously)\b|"
    r"\b(?:the|these|those)\s+(?:[\w-]+\s+){1,2}?(?:above|below)"
    r"(?=\s*(?:$|[,.;:)]|(?:that|and|or|is|are|was|were|shows?|can|we|it)\b))",
    re.I,
)
# What only a figure shows: "In this plot …", "the left panel", "the dark blue cell". Fine beside
# the figure, a pointer at nothing on a slide without one.
FIGURE_DEIXIS = re.compile(
    r"\b(?:in|on|from)\s+(?:this|the|our)\s+(?:plot|figure|graph|diagram|display|panel|picture)\b|"
    r"\bthe\s+(?:left|right|upper|lower|top|bottom)(?:[\s-]+(?:left|right|hand))?\s+"
    r"(?:panel|plot|box|graph|corner)\b|"
    # "On the right side of the figure you see …"
    r"\b(?:side|part|half|corner)\s+of\s+the\s+(?:figure|plot|graph|diagram|picture|"
    r"screenshot)\b|"
    # "The bottom row of graphics gives …": a row or column of a figure's panels (round 23)
    r"\bthe\s+(?:top|bottom|upper|lower|middle|first|second|third|last|left|right)\s+"
    r"(?:rows?|columns?)\s+of\s+(?:graphics|plots|panels|graphs|figures|the\s+(?:figure|plot))\b|"
    r"\bthe\s+(?:dark|light)?\s*(?:red|blue|green|grey|gray|black|dashed|dotted|solid)\s+"
    r"(?:cells?|lines?|curves?|bars?|dots?|points?|areas?|regions?|tiles?)\b|"
    # the figure as the sentence's subject, or a plot or panel by its place: "The figure shows
    # …", "The second plot shows …", "Upper left: …" say what a figure shows
    r"^(?:the|this)\s+(?:(?:first|second|third|fourth|last|next|following|top|bottom|left|"
    r"right|lower|upper)\s+)?(?:figure|plot|diagram|picture|screenshot|panel)s?\s+"
    r"(?:below\s+|above\s+)?(?:shows?|illustrates?|displays?|depicts?|compares?)\b|"
    r"^(?:upper|lower|top|bottom)[\s-](?:left|right|middle|cent(?:er|re))\b(?:\s+panel)?\s*[:,]",
    re.I,
)
# A word or formula gone from the sentence: a preposition or article followed by a conjunction,
# punctuation or a verb ("as in and", "the type of denoted as", "the ,").
_LEADS_ON = r"\b(?:of|in|to|for|with|by|from|on|at|than|into|the|an)"  # needs a word after it
LOST_WORD = re.compile(
    rf"{_LEADS_ON}\s+(?:and|or|but|is|are|was|were|denoted)\b|{_LEADS_ON}\s*[,;:.)](?!\w)|"
    # a preposition or article meeting another: "for any set of to determine", "the of"
    r"\b(?:of|the|an|into|via)\s+(?:to|of|for|with|by|from|at|into)\b|"
    # "we can use the fact that to relate …": the fact, a formula, was lost
    r"\bthe\s+fact\s+that\s+to\b",
    re.I,
)
# Panel labels after a figure's number: "(a1)–(a3)", "(b)", "(c1, c2)".
PANEL_RUN = r"\((?-i:[a-h])\d{0,2}(?:\s*,\s*(?-i:[a-h])\d{0,2})*\)(?:\s*(?:–|-|,|and)\s*\((?-i:[a-h])\d{0,2}\))*"
PANEL_LABELS = rf"\s*{PANEL_RUN}"
# Panel labels left where the figure they named was removed from the sentence: glued to a word
# ("curves shown(a1)–(a3)", "are plotted(b1)–(b3)").
PANEL_LEFTOVER = re.compile(rf"(?<=[a-z]{{3}}){PANEL_RUN}(?=[\s.,;]|$)")
# "in in", "the the": a word the line break repeated, or the formula between them lost.
DOUBLED_WORD = re.compile(
    r"\b(of|in|to|for|with|by|from|on|at|the|a|an|and|or|is|(?!(?:that|had)\b)[a-z]{3,})\s+\1\b",
    re.I,
)
# "We also set $w = 0$. where …": a sentence ends and the next goes on in lower case (the
# display between them lost).
RUN_ON = re.compile(
    r"(?:\bX|\b[a-z]{3,})\.\s+(?:where|which|and|or|with|is|are)\b|"
    # "using al- where ternatively": a word the line break split, with another word between
    r"\b[a-z]{2,}-\s+(?!(?:and|or|to|nor|as)\b)[a-z]+\s+[a-z]"
)
SENTENCE_CUT = re.compile(
    r"\b(?:the|an|of|in|for|by|with|to|on|into|from|than|via|is|are|be|been|would be|"
    # "… can be informed to the authors through": an address, a list or a clause lost after it
    r"through|about|across|among|amongst|against|towards?|onto|upon|within|including|"
    r"such\s+as|and|or|but|nor|whose|whether|because|although|whereas|unless|"
    r"can be|given by|as follows|gives|yields|becomes|reads|eqs?|:\s*[a-z]+|"
    # cut where the PDF went on with a display or code: "… of the form", "… type something
    # like", "…, then", "… class attributes contains"
    r"(?:of\s+)?the\s+form|defined\s+(?:as|by)|written\s+as|such\s+that|something\s+like|"
    r"(?:[,;]|then|simply|just|could|can|should|must|may)\s+(?:(?:instead|also|then|simply|"
    r"just)\s+)?(?:type|enter|run|write|call|add|put|insert)|"
    # "… load the package by putting": what is put was the code after it
    r"by\s+(?:putting|adding|typing|writing|calling|running|inserting|entering)|,\s*then|"
    r"contains?|requires?|includes?|provides?|returns?|needs?|"
    # "… the permutation matrix $P$ we have": what we have was the display after it
    r"(?:we|one)\s+(?:have|get|obtain|find|see))$",
    re.I,
)
# A sentence that stops at a verb of saying what something is ("The event columns indicate"):
# what they indicate was a list, a display or code. "…, as the table indicates" is whole.
CUT_AT_VERB = re.compile(
    r"\b(?:indicates?|denotes?|represents?|specif(?:y|ies)|describes?|lists?|stores?|means?|"
    # "A stable simulation should therefore fulfil": the condition was the display after it
    r"fulfill?s?|satisf(?:y|ies)|obeys?)$",
    re.I,
)
WHOLE_BEFORE_VERB = re.compile(r"\b(?:as|what|which|that|how|whatever)\b(?:\s+\S+){0,3}$", re.I)
# "… reverts to its mean", "… adds it to the list": after a determiner the word is a noun
DETERMINER_BEFORE = re.compile(
    r"\b(?:the|a|an|its|their|our|his|her|your|this|these|those|each|every|whose)$", re.I
)
# Pairs where a preposition meets a conjunction in plain English ("with and without covariates").
IDIOM = re.compile(
    r"\b(?:in and out|to and fro|to and from|by and large|on and on|on and off|up and down|"
    r"(?:with|for|in|on|to) (?:and|or) (?:without|against|out|off|from))\b",
    re.I,
)


def dangling_connector(text: str) -> str | None:
    """An opening that leans on a sentence the slide does not show: "However, …", "So, …",
    ", the model …", "and then …", "Despite the missing values, …"."""
    stripped = text.strip()
    if stripped[:1] in ",;:).]}":
        return stripped[:1]
    if re.match(r"\([^()]*\)\s*[a-z]", stripped):
        return stripped.split(")", 1)[0] + ")"  # "(unlike the situation for data frames) the …"
    aside = ASIDE_LEAD.match(stripped)
    if aside:
        return aside.group(0).strip()  # "(The environment reverts to …) Note that …": an aside
    trailing = TRAILING_CONNECTOR.search(stripped) or INNER_CONNECTOR.search(stripped)
    if trailing:
        return trailing.group(0).strip(" ,")[-40:]  # "… is different though": from what?
    if re.match(r"[a-z]", stripped) and not lowercase_names.opening_name(stripped):
        return stripped.split(" ", 1)[0]  # the paper's lower-case name ("xts is …") opens one
    match = CONNECTOR.match(stripped) or DESPITE_CLAUSE.match(stripped)
    return match.group(0).strip() if match else None


def unresolved_reference(text: str) -> str | None:
    """Opens with a pronoun or a demonstrative whose referent is not on the slide: "This
    motivated us…", "It is …", "These results …"."""
    match = PRONOUN_START.match(text.strip())
    if match and THE_DOCUMENT_ITSELF.match(text.strip()):
        return None  # "This paper studies …": the reader holds the paper itself
    return match.group(0) if match else None


# "This paper", "This thesis": the document the deck presents, never a referent the slide lacks
THE_DOCUMENT_ITSELF = re.compile(
    r"^(?:this|the\s+present)\s+(?:paper|article|vignette|thesis|manuscript|report|document|"
    r"study)\b",
    re.I,
)


# The document itself is no antecedent a reader lacks: "this paper", "this package".
_DOCUMENT = (
    r"paper|article|vignette|work|note|study|package|chapter|section|document|report|thesis|"
    r"manuscript|tutorial|book|talk|presentation|deck|slide"
)
# "…for these five species", "…such a partition", "…the analyses below aim to correct this": a
# demonstrative inside the sentence naming what an earlier sentence said.
LEANING = re.compile(
    rf"\b(?P<det>this|these|such(?:\s+an?)?)\s+(?!(?:as|that|{_DOCUMENT})\b)"
    r"(?P<words>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})|"
    r"\b(?P<bare>this|these|both)(?=\s*(?:[.;:,!?]|$))|\bthe\s+(?:former|latter)\b",
    re.I,
)


# what "this …" names when it is the size the bullet itself measured ("a problem of this size")
MEASURE_NOUNS = {"magnitude", "size", "scale"}


CLAUSE_PRONOUN = re.compile(
    r"(?:is|was|are|were|means|meant|makes|made|gives|gave|leads|led|allows|explains|implies|"
    r"shows|suggests|can|could|will|would|may|might|has|had)$"
)


# "Read them into the clipboard", "We can think of them as": a plural pronoun among the first
# words, after no plural noun it could stand for.
EARLY_PRONOUN = re.compile(r"^((?:[\w'’-]+\s+){1,4}?)(them|they|their)\b", re.I)


def leaning_reference(text: str) -> str | None:
    """A demonstrative inside the bullet whose antecedent is not in it: "the correlation among
    these five species", "tries to find such a partition", "aim to correct this". One whose noun
    the bullet named before it ("a linear model …; this model …") refers to the bullet itself."""
    flat = plain(text)
    early = EARLY_PRONOUN.match(flat)
    if early and not any(len(w) >= 4 and w.endswith("s") for w in early.group(1).split()):
        return early.group(2)
    for match in LEANING.finditer(flat):
        if match.start() == 0:
            continue  # an opening demonstrative is unresolved_reference's
        before = flat[: match.start()].lower()
        words = (match.group("words") or "").lower().split()
        clause_before = len(before.split()) >= 4 and re.search(r"(?:;|,\s+and)\s*$", before)
        if words and CLAUSE_PRONOUN.match(words[0]) and clause_before:
            continue  # "…heteroskedasticity; this is why …": the clause before in the bullet
        if any(len(w) >= 4 and w[:5] in before for w in words):
            continue
        if words and words[0] in MEASURE_NOUNS and re.search(r"\d", before):
            continue  # "sorted 1 TB in 9 minutes — a record for a problem of this size": the
            # measure the bullet states
        return match.group(0).strip()
    return None


def equation_number(text: str) -> str | None:
    """An equation's number left in the text: "(18) G(r, t) can then be computed" (a pointer
    such as "Eq. (18)" is another class: dangling_pointer)."""
    match = LEADING_EQUATION_NUMBER.match(text.strip())
    if match:
        return match.group(0).strip()
    flat = plain(text)
    for tag in EQUATION_TAG.finditer(flat):
        if not POINTED.search(flat[: tag.start() + 1]):
            return tag.group(0).strip()
    return None


def pointers(text: str) -> list[tuple[str, str]]:
    """(kind, number) of every equation, figure, table or section the text points at."""
    found = []
    for match in POINTER.finditer(plain(text)):
        kind = match.group("kind").lower()
        kind = (
            "equation"
            if kind.startswith("eq")
            else "figure"
            if kind.startswith("fig") or series(kind)[1]
            else "table"
            if kind.startswith("tab")
            else "section"
            if kind.startswith(("sec", "app"))
            else "other"
        )
        found.append((kind, reference_number(match.group("kind"), match.group("number"))))
    return found


def absent_pointer(text: str) -> str | None:
    """Points at what no slide shows: "the steps are the following", "as shown above"."""
    match = ABSENT_POINTER.search(plain(text))
    return match.group(0) if match else None


def figure_deixis(text: str) -> str | None:
    """Points into a figure ("in this plot", "the left panel"): a defect where none is shown."""
    match = FIGURE_DEIXIS.search(plain(text))
    return match.group(0) if match else None


def broken_sentence(text: str, *, sentence: bool = True) -> str | None:
    """A word or formula missing from the sentence ("rather than [0, 1] as in and"). A heading
    (`sentence=False`) is not read for a sentence's cut end: "Mailing List", "Stock Returns"
    end in nouns (title_defects has its own checks of a heading's end)."""
    flat = IDIOM.sub("idiom", plain(text))
    match = (
        LOST_WORD.search(flat)
        or DOUBLED_WORD.search(flat)
        or RUN_ON.search(flat)
        or PANEL_LEFTOVER.search(flat)
    )
    if match is None and not sentence:
        return None
    if match is None:
        # The sentence stopped where the PDF went on with a display or code: "… would be".
        match = SENTENCE_CUT.search(flat.rstrip(" .;:,"))
    if match is None:
        last = re.split(r"[.;:]\s+", flat.rstrip(" .;:,"))[-1]
        match = CUT_AT_VERB.search(last)
        before = last[: match.start()].rstrip() if match else ""
        if match and (WHOLE_BEFORE_VERB.search(before) or DETERMINER_BEFORE.search(before)):
            match = None
    return match.group(0) if match else None


def meta_text(text: str) -> str | None:
    """About the paper's own structure: "Section 3 lists…", "…summarized in Section 5"."""
    match = META.search(plain(text))
    return match.group(0) if match else None


# The classes read off a sentence's grammar, which a gloss in brackets interrupts (a doubled
# gloss, "(ETA) (estimated)", is read off the brackets themselves: glued_text).
READ_BY_GRAMMAR = frozenset(
    ["verbless_fragment", "fragment", "broken_sentence", "lost_opening", "lost_formula"]
)


def text_defects(text: str) -> list[tuple[str, str]]:
    """Every defect class the text shows, as (issue type, offending part)."""
    found = []
    # an abbreviation glossed after its long form ("Graph neural networks (GNNs) aggregate …")
    # is no part of the sentence's grammar: a defect only the bracket makes is no defect
    unglossed = abbreviations.without_expansions(text)
    for kind, detector in (
        ("lost_glyph", lost_glyph),  # first: no other fix may strip the glyph from its number
        ("stray_glyph", stray_glyph),
        ("stray_glyph", lost_text.wrapped_aside),
        ("stray_glyph", lost_text.run_in_heading),
        ("stray_glyph", lost_text.run_together),
        ("stray_glyph", example_text.section_number_lead),
        ("stray_glyph", cut_sentences.trailing_mark),
        ("stray_output", fragments.stray_output),
        ("glued_text", glued_text.glued_part),
        ("equation_number", equation_number),
        # before the connector: "Now, we describe …" without its "Now," hides the announcement
        ("meta_text", document_text.announcement),
        ("dangling_connector", dangling_connector),
        ("unresolved_reference", unresolved_reference),
        ("leaning_reference", leaning_reference),
        ("leaning_reference", lost_text.pronoun_after_opener),
        ("meta_text", meta_text),
        ("draft_note", context_text.draft_note),
        ("leaning_reference", context_text.comparison_without_antecedent),
        ("leaning_reference", context_text.case_without_antecedent),
        ("leaning_reference", context_text.relation_without_antecedent),
        ("leaning_reference", context_text.inverted_comparison),
        ("leaning_reference", context_text.moment_without_antecedent),
        ("leaning_reference", carried_text.carried_claim),
        ("dangling_pointer", context_text.lost_pointer_number),
        ("broken_sentence", context_text.cut_second_half),
        ("meta_text", lost_text.about_the_document),
        ("meta_text", document_text.about_the_document),
        ("meta_text", document_text.document_status),
        ("meta_text", example_text.author_line),
        ("meta_text", example_text.template_field),
        ("meta_text", acknowledgements.acknowledgement),
        ("meta_text", back_matter.back_matter),
        ("dangling_pointer", absent_pointer),
        ("dangling_pointer", lost_text.into_code),
        ("dangling_pointer", example_text.example_pointer),
        ("dangling_pointer", example_text.list_back_reference),
        ("broken_math", broken_math),
        ("broken_sentence", broken_sentence),
        ("glued_words", glued_words),
        ("lost_formula", lost_text.lost_formula),
        ("lost_formula", lost_text.math_hole),
        ("lost_opening", lost_text.lost_opening),
        ("lost_opening", lost_text.lost_subject),
        ("lost_opening", cut_sentences.cut_opening),
        ("broken_sentence", lost_text.lost_main_clause),
        ("broken_sentence", lost_text.glued_steps),
        ("broken_sentence", cut_sentences.glued_across_display),
        ("broken_sentence", cut_sentences.possessive_hole),
        ("broken_sentence", cut_sentences.cut_ending),
        ("broken_sentence", cut_sentences.cut_list),
        ("broken_sentence", cut_sentences.unclosed_bracket),
        ("broken_sentence", cut_sentences.cut_abbreviation),
        ("broken_sentence", cut_sentences.cut_lead_word),
        ("verbless_fragment", lost_text.verbless_fragment),
        ("fragment", fragments.fragment),
        ("code_pointer", fragments.code_narration),
        ("reference_entry", lost_text.reference_entry),
        ("other_language", lost_text.other_language),
        ("unanswered_question", lost_text.unanswered_question),
    ):
        part = detector(text)
        if part and kind in READ_BY_GRAMMAR and unglossed != text and not detector(unglossed):
            continue  # only the gloss broke the sentence's shape
        if part:
            found.append((kind, part))
    if table_cells(text):
        found.append(("table_as_text", text[:40]))
    return found
