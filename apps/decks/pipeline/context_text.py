"""Detectors for sentences that need a context the slide does not give them.

A paper's sentence leans on the sentences before it ("… in a similar manner", "The situation
can be improved …", "We use for that …"), on a figure, table or formula beside it ("affect A1,
A2, and A3", "the formula is satisfiable"), or on a second half the extraction lost ("not just
in typing per se" without its "but also …", "We compared the standard integrator" without what
it was compared to). A bullet is read alone, so each of these is a defect. Like lost_text.py,
each detector returns the offending part or None and looks at the shape of the text only.
"""

from __future__ import annotations

import re

from apps.decks.pipeline.text import MATH_SPAN

# A comparison with something said before: "in a similar manner", "in the same way" (unless
# the sentence says with what: "in the same way as …", "similar to …"), "likewise", "as before".
COMPARISON = re.compile(
    r"\bin\s+(?:a|an|the)\s+(?:similar|same|analogous|like|comparable|corresponding)\s+"
    r"(?:manner|way|fashion|vein)\b(?!\s+(?:as|to|that|than)\b)|"
    r"\b(?:similarly|analogously|likewise|correspondingly)\b(?!\s+(?:to|as)\b)|"
    r"\bas\s+(?:before|previously)\b|"
    # "… use the same convention": the same as what? ("the same as …", "the same … as" say it)
    r"\bthe\s+same\s+(?!(?:time|way|manner|fashion|as|for|to)\b)[a-z][\w-]*\b"
    r"(?![^;]*\b(?:as|than)\b)",
    re.I,
)
# A sentence that names both sides itself: "both models use the same kernel"
SAME_BETWEEN = re.compile(r"\b(?:both|all|each|every|share[sd]?|sharing|between|among|two)\b", re.I)
# "We use for that an all electron calculation", "For this, we …": the purpose named before.
FOR_THAT = re.compile(
    r"\b(?:for|with|by|after|besides|despite|apart\s+from)\s+(?:that|this)"
    r"(?=\s*[,.;:]|\s*$|\s+(?:a|an|the|we|one|it|they|is|are|was|were|can|one)\b)",
    re.I,
)
# "The situation can be improved …", "The drawback is …": an abstract noun opening the bullet
# whose content was the paragraph before (a problem stated there).
SITUATION = re.compile(
    r"^the\s+(?:situation|difficulty|drawback|shortcoming|remedy|cure|trick|caveat|catch)\b"
    r"(?!\s+(?:of|with|that|where|in\s+which|when|for)\b)|"
    r"^the\s+(?:problem|issue|limitation|weakness)\s+(?:can|could|may|might|is|was|will)\s+"
    r"(?:be\s+)?(?:easily\s+|partly\s+|largely\s+)?(?:improved|solved|avoided|overcome|remedied|"
    r"alleviated|fixed|addressed|mitigated|resolved|circumvented|reduced|worse|even\s+worse)\b",
    re.I,
)


# "One can think of this as all group A atoms …": what "this" is was the sentence before.
SEEN_AS = re.compile(
    r"\b(?:think|thought|view|viewed|regard|regarded|interpret|interpreted)\s+(?:of\s+)?"
    r"(?:this|these|that|those|it|them)\s+as\b",
    re.I,
)


# A noun that names a relation to, or a part of, something ("the effect", "the main difference",
# "the correspondence", "the most complicated part") opening the bullet as its subject without
# saying of what ("the effect of …", "the difference between …"): the paper's sentence before
# said it. Its verb follows at once, so "The setup of the survey …" or "The effect size …" stand.
RELATION_NOUN = (
    r"effect|correspondence|difference|distinction|similarity|analogy|tension|discrepancy|"
    r"mismatch|disagreement|agreement|setup|set-up|part|remainder|rest|latter|former|converse|"
    r"opposite|reverse|advantage|disadvantage|benefit|gain|improvement|consequence|outcome|"
    r"alternative|counterpart|analogue|analog|connection|relation|"
    r"relationship|contrast|comparison|interplay|trade-off|tradeoff|"
    # "The answer is no": to a question the slide does not ask
    r"answer|reply"
)
RELATION_SUBJECT = re.compile(
    r"^the\s+(?:(?:main|key|major|only|chief|principal|crucial|essential|important|real|"
    r"net|overall|other|same|first|second|last|final|remaining|biggest|largest|"
    r"most\s+\w+|least\s+\w+|\w+est)\s+)?"
    # "The difference here can be ascribed to …": "here" points into the paragraph before too
    rf"(?P<noun>{RELATION_NOUN})s?\s+(?:here\s+|in\s+this\s+case\s+)?"
    r"(?=(?:is|are|was|were|can|could|may|might|will|would|has|have|had|lies|lie|vanishes|"
    r"disappears|remains|becomes|holds|occurs|arises|comes|misses|lacks|seems|appears|"
    r"consists|reads|follows|stems|goes|increases|decreases|grows|shrinks|changes)\b)",
    re.I,
)
# "The similar segment …", "the corresponding mean …", "the aforementioned model": an adjective
# whose comparison or pointer is with the sentence before.
POINTING_ADJECTIVE = re.compile(
    r"^the\s+(?:similar|analogous|corresponding|respective|aforementioned|above-mentioned|"
    r"abovementioned|said)\s+[a-z][\w-]*|"
    # "A similar approach is to introduce …": similar to what the sentence before said
    r"^an?\s+(?:similar|analogous|comparable)\s+[a-z][\w-]*\s+(?=(?:is|was|can|could|holds?|"
    r"applies|works|follows|exists|appears)\b)",
    re.I,
)


# An inverted comparison whose first side was the sentence before: "As likely is that …",
# "Equally important is the …", "More striking is that …", "Just as important, the …". The
# adjective is one of judgement (it has an adjective's ending), and the subject comes after the
# verb as a clause or a noun phrase, so "More data is needed" or "Less training is required"
# (a noun before the verb, a participle after it) stand.
INVERTED_COMPARISON = re.compile(
    r"^(?:(?:just|equally|every\s+bit|also|even)\s+)?(?:as|more|less|equally|also)\s+"
    r"(?P<adjective>[a-z]+(?:ly|ant|ent|ing|ive|ful|ous|able|ible|al|ic|ar))"
    r"(?:\s+(?:is|are|was|were)\s+(?:that|the|a|an|whether|how|what|why|its|their|this|these)\b"
    r"|\s*,)",
    re.I,
)


def inverted_comparison(text: str) -> str | None:
    """An inverted comparison opening the bullet ("As likely is that …", "Equally important is
    the …"): as likely as what the sentence before said."""
    match = INVERTED_COMPARISON.match(text.strip())
    return match.group(0).rstrip(" ,") if match else None


def relation_without_antecedent(text: str) -> str | None:
    """The bullet opens on a relation or a part of something it does not name ("The effect
    vanishes …", "The main difference is that …", "The similar segment is …")."""
    flat = MATH_SPAN.sub("X", text.strip())
    match = RELATION_SUBJECT.match(flat) or POINTING_ADJECTIVE.match(flat)
    return match.group(0).strip() if match else None


def comparison_without_antecedent(text: str) -> str | None:
    """A sentence that compares with, or refers to, a part of the paper the bullet lacks."""
    flat = MATH_SPAN.sub("X", text.strip())
    match = SITUATION.search(flat) or SEEN_AS.search(flat)
    if match:
        return match.group(0).strip()
    # After a semicolon the clause follows its antecedent: the proposer's merge of a bullet with
    # the sentence before it ("…factors; in the PPPM method … in a similar manner").
    first_clause = flat.split("; ", 1)[0]
    for match in (*COMPARISON.finditer(first_clause), *FOR_THAT.finditer(first_clause)):
        before = first_clause[: match.start()]
        if not before.strip():
            continue  # an opening "Similarly, …" is a connector (defects.dangling_connector)
        if len(before.split()) >= 4 and re.search(r"(?:[,;]|\band)\s*$", before):
            continue  # "… of $X_i$ and similarly for the next block": the antecedent is before it
        if match.group(0).lower().startswith("the") and SAME_BETWEEN.search(before):
            continue  # "both runs use the same seed": the sentence names what is the same
        return match.group(0).strip()
    return None


# A pointer whose number the text layer lost: "using Eqn", "shown in Figure.", "Table and".
LOST_NUMBER = re.compile(
    r"\b(?:Eqns?|Figs?|Tabs?|Refs?)\b\.?+(?!\s*\(?\s*(?:\d|[A-Z]\.?\d|[IVX]+\b))|"
    r"(?<=\s)(?:Figures?|Tables?|Sections?|Appendix)(?=\s*(?:[,;:)]|\.\s|\.?$|\s+(?:and|or|"
    r"shows?|gives?|lists?|summari[sz]es?|presents?)\b))",
)


# "The idea is illustrated, where roman capitals mark …": "in Figure 3" lost after the verb.
LOST_PLACE = re.compile(
    r"\b(?:is|are|was|were)\s+(?:illustrated|shown|depicted|plotted|sketched|displayed)"
    r"(?=\s*(?:,\s*where\b|[.;:]?[a-z]?$))",  # "… is shown.d": a footnote mark glued on
    re.I,
)


# A statement of the paper pointed at without its number: "it is invertible because of
# assumption", "under Lemma." ("by assumption" is an idiom: as assumed).
LOST_STATEMENT = re.compile(
    r"\b(?:because\s+of|due\s+to|under|from|using|see|in|of|with)\s+(?:assumption|lemma|theorem|"
    r"proposition|corollary|condition|definition|property|remark|hypothesis)"
    r"(?=\s*(?:[.,;:)]|$|and\b|or\b))",
    re.I,
)
# An equation pointed at by its lost number: "The form given in equation makes …"
LOST_EQUATION = re.compile(
    r"\b(?:given|shown|defined|written|stated|introduced|described)\s+(?:in|by)\s+equations?\b"
    r"(?!\s*\(?\s*\d)",
    re.I,
)
# A cross-reference LaTeX could not resolve, printed as "??" ("found in equation ??", "see
# Section ??", "follows from ??"): the draft was typeset without its labels, so the number the
# sentence points at is no number at all. Prose never sets "??" between spaces; code does
# ("a ?? b" in C#, JavaScript), so a code span is taken out before looking.
UNRESOLVED_LABEL = re.compile(
    r"(?:\b(?:Eqs?\.|Eqns?\.?|Equations?|Figs?\.|Figures?|Tables?|Tab\.|Sections?|Sec\.|"
    r"Appendix|Chapter|Algorithm|Listing|Lemma|Theorem|Proposition|Corollary|Definition)\s*|"
    r"(?<![?\w]))\(?\?\?\)?(?![?\w])",
    re.I,
)
CODE_SPAN = re.compile(r"`[^`]*`")
# A work of the reference list pointed at by a bare "reference" whose number was lost ("it uses
# the algorithm described in reference.", "Reference presents one recurrence relation …"):
# the reader cannot tell which work, and no slide shows it.
LOST_REFERENCE = re.compile(
    r"\b(?:in|from|of|see|by)\s+references?(?=\s*(?:[,;:.)]|$))|"
    r"^References?\s+(?=(?:also\s+)?(?:presents|shows|gives|describes|proposes|derives|uses|"
    r"reports|provides|introduces|discusses|defines|considers|explains|suggests|demonstrates|"
    r"states|applies|compares)\b)",
    re.I,
)
# Items of a list the slide does not show: "as in cases 2. and 3.", "for case 2".
LIST_ITEMS = re.compile(
    r"\b(?:cases|items|points|steps)\s+\d+\.?\s*(?:,|and|or|&)\s*\d+\b|"
    r"\b(?:in|for|under)\s+case\s+\d+\b",
    re.I,
)


def lost_pointer_number(text: str) -> str | None:
    """A pointer to an equation, figure, table or stated assumption that lost its number (or
    whose number LaTeX printed as "??"), a figure's "is illustrated" that lost where, or
    numbered items of a list: no slide can show what it pointed at."""
    flat = MATH_SPAN.sub("X", text.strip())
    match = (
        UNRESOLVED_LABEL.search(CODE_SPAN.sub("", flat))
        or LOST_REFERENCE.search(flat)
        or LOST_NUMBER.search(flat)
        or LOST_PLACE.search(flat)
        or LOST_STATEMENT.search(flat)
        or LOST_EQUATION.search(flat)
        or LIST_ITEMS.search(flat)
    )
    return match.group(0).strip() if match else None


# Labels that exist only in a figure: three or more of one letter and a number ("A1, A2, and
# A3" are the figure's; the text names them only to point at it). Two are often a field's own
# names ("L1 and L2 norms", "T1 and T2 relaxation", "H0 and H1").
FIGURE_LABELS = re.compile(
    r"\b([A-Z])\d{1,2}\b(?:\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+)\1\d{1,2}\b){2,}"
)
# A formula the sentence talks about: "the formula is satisfiable", "the general form of the
# energy", "the above expression". Named by a formula in the bullet, it is shown.
UNSHOWN_FORMULA = re.compile(
    r"\bthe\s+(?:general|explicit|following|usual|standard|matrix|closed|final|full|"
    r"resulting|compact)\s+form\s+of\b|"
    # the formula as the subject of what it does, or the object the sentence ends on ("… use
    # the identity"); "the formula specifying the model", "the formulas implemented" name theirs
    r"\bthe\s+(?:above\s+|following\s+|previous\s+|last\s+|resulting\s+)?(?:formula|"
    r"equation|identity|inequality)s?(?:\s+\(\d[^)]*\))?(?=\s+(?:is|are|holds?|reads?|becomes?|"
    r"gives?|yields?|implies|shows?|can|could|may|must|has|have)\b)|"
    r"\b(?:use|using|apply|applying|obtain|get|derive|recall|have)\s+the\s+(?:above\s+|following\s+|"
    r"previous\s+|last\s+|resulting\s+)?(?:formula|equation|identity|inequality)s?\s*[.;:]?$",
    re.I,
)


# What a table's or figure's own sentence says about it: "The timings refer to user time on …"
# (timings of what?), "The graph was extracted from a C program database" (which graph?).
ABOUT_A_TABLE = re.compile(
    r"^the\s+(?:timings?|run\s*times|running\s+times|numbers|values|entries|columns|rows|"
    r"measurements|figures)\s+(?:refer|correspond|denote|represent|include|exclude|are\s+"
    r"(?:given|listed|measured|reported|averaged)|were\s+(?:measured|obtained|taken|averaged))\b",
    re.I,
)
ABOUT_A_FIGURE = re.compile(
    r"^the\s+(?:graph|plot|picture|diagram|drawing|image|layout|map|network|tree|mesh)\s+"
    r"(?:was|is|were|are|has\s+been)\s+(?:extracted|taken|obtained|generated|derived|adapted|"
    r"reproduced|borrowed)\s+from\b|"
    # "In the example, the '@' sign is used as …": the example the paper drew beside it
    r"^in\s+(?:the|this|that)\s+(?:example|listing|drawing|picture)s?\s*,",
    re.I,
)


def unshown_object(text: str) -> tuple[str, str] | None:
    """("figure" | "table" | "equation", part) when the sentence points into a figure, a table
    or at a formula that only a slide showing it would make readable; None otherwise."""
    flat = MATH_SPAN.sub("X", text.strip())
    labels = FIGURE_LABELS.search(flat)
    if labels:
        return "figure", labels.group(0)
    about = ABOUT_A_FIGURE.search(flat)
    if about:
        return "figure", about.group(0)
    about = ABOUT_A_TABLE.search(flat)
    if about:
        return "table", about.group(0)
    if MATH_SPAN.search(text):
        return None  # the formula is in the bullet itself
    formula = UNSHOWN_FORMULA.search(flat)
    return ("equation", formula.group(0)) if formula else None


# The first half of a correlative pair whose second half was cut: "saved not just in typing
# per se" ("but also …" lost). After "and" or a comma the phrase stands alone ("…, and not
# just leaves").
OPEN_CORRELATIVE = re.compile(
    r"(?<!\band\s)(?<!,\s)(?<!\bor\s)\bnot\s+(?:just|only|merely|solely)\b"
    r"(?!.*\b(?:but|also)\b)(?![^:;—]*[:;—])",
    re.I,
)
# "We compared the standard fix nve/asphere integrator": compared, with nothing to compare to.
COMPARED = re.compile(r"\bcompar(?:e|ed|es|ing)\s+(?P<object>[^,;:]+)$", re.I)
COMPARED_WITH = re.compile(
    r"\b(?:with|to|against|and|versus|vs|between|among|across|over|on|in|for|by|using|from|"
    r"whether|how|which|what|two|three|four|several|all|both|various|different)\b",
    re.I,
)


def cut_second_half(text: str) -> str | None:
    """A sentence whose second half the extraction lost: an open "not just …", a comparison
    with one side."""
    flat = MATH_SPAN.sub("X", text.strip()).rstrip(" .")
    pair = OPEN_CORRELATIVE.search(flat)
    if pair:
        return pair.group(0)
    compared = COMPARED.search(flat)
    if compared:
        words = compared.group("object").split()
        plural = words and (words[-1].endswith("s") and not words[-1].endswith("ss"))
        if words and not plural and not COMPARED_WITH.search(compared.group("object")):
            return compared.group(0)
    return None


# An author's note to self left in the text: "TO BE COMPLETED FOR THE CASE …", "TODO: …".
DRAFT_MARK = re.compile(r"\b(?:TODO|FIXME|TBD|XXX|TO\s+BE\s+(?:COMPLETED|DONE|WRITTEN|CHECKED))\b")


def draft_note(text: str) -> str | None:
    """A note the author left for themselves: a marker, or a sentence set in capitals (most of
    its words, not an acronym or two)."""
    flat = MATH_SPAN.sub(" ", text)
    mark = DRAFT_MARK.search(flat)
    if mark:
        return mark.group(0)
    words = re.findall(r"[A-Za-z]{2,}", flat)
    capitals = [w for w in words if w.isupper()]
    if len(words) >= 4 and len(capitals) >= 0.7 * len(words):
        return " ".join(flat.split()[:6])
    return None


def unshown_on(text: str, *, figure: bool, equation: bool) -> str | None:
    """The part of the sentence that points at what a slide without a figure (`figure` False)
    or without a display equation (`equation` False) does not show; None when it stands."""
    found = unshown_object(text)
    if found is None:
        return None
    kind, part = found
    shown = equation if kind == "equation" else figure
    return None if shown else part


# A case the sentence before stated, named by the sentence: "… in that case", "In such a case
# the user …", "if so". Cut from that sentence, the bullet states its instruction for no case.
CASE_REFERENCE = re.compile(
    r"\b(?:in|for|under)\s+(?:that|this|such\s+an?|these|those|such|either|each)\s+"
    r"(?:cases?|situations?|events?|circumstances?|settings?)\b|\bif\s+(?:so|not)\b(?=\s*[,.;:]|$)",
    re.I,
)


def case_without_antecedent(text: str) -> str | None:
    """A reference, inside the sentence, to the case the sentence before it stated ("One needs
    to increase either option in that case"). At the opening it is a connector (defects), and
    after a clause of the bullet's own ("…; in that case …") it has its antecedent."""
    first_clause = MATH_SPAN.sub("X", text.strip()).split("; ", 1)[0]
    match = CASE_REFERENCE.search(first_clause)
    if match is None or match.start() == 0:
        return None
    return match.group(0)


# An instruction to the reader: "The user needs to increase …", "one must set …".
INSTRUCTION = re.compile(
    # (what the authors had to do, "we have to keep in mind …", is theirs, not the reader's)
    r"(?<![Ww]e\s)(?<!\bI\s)(?<![Ww]e\sstill\s)\b(?:needs?\s+to|must|should|ha(?:s|ve)\s+to|"
    r"(?:is|are)\s+required\s+to|"
    r"it\s+is\s+(?:necessary|advisable|recommended)\s+to)\b",
    re.I,
)
# … that carries its own condition.
OWN_CONDITION = re.compile(
    r"\b(?:if|when|whenever|unless|otherwise|in\s+case|provided|as\s+long\s+as|only\s+if)\b",
    re.I,
)
# A sentence that states a case an instruction after it answers: it opens with one ("If …",
# "When …") or says that something failed ("the condition is not met", "… does not converge").
CASE_STATED = re.compile(
    r"^(?:if|when|whenever|unless|in\s+case|suppose|assume)\b|"
    r"\b(?:is|are|was|were)\s+not\s+(?:necessarily\s+)?(?:met|satisfied|fulfilled|verified|"
    r"reached|possible|enough|sufficient|available|found|defined|invertible|positive)\b|"
    r"\b(?:fails?|failed)\b|\b(?:does|do|did)\s+not\s+(?:converge|hold|exist|work|suffice)\b|"
    r"\btoo\s+(?:small|large|big|few|many|low|high|short|long)\b",
    re.I,
)


def condition_left_behind(text: str, previous: str) -> str | None:
    """An instruction without a condition of its own, whose sentence before it in the paper
    stated the case it is for ("When the flat prior is used, the condition is not met. The user
    needs to increase …"): alone on a slide, it tells every reader to do what only that case
    needs. Returns the instruction's verb, or None."""
    if not previous:
        return None
    flat = MATH_SPAN.sub("X", text.strip())
    instruction = INSTRUCTION.search(flat)
    if instruction is None or OWN_CONDITION.search(flat):
        return None
    if "; " in flat and CASE_STATED.search(flat.split("; ", 1)[0]):
        return None  # merged with the sentence that states its case already
    return (
        instruction.group(0) if CASE_STATED.search(MATH_SPAN.sub("X", previous.strip())) else None
    )


# An opener that places the sentence after a moment, a reason or a way the sentence before it
# stated: "At that point, …", "For that reason …", "By then …", "From then on …", "That way, …".
# The this/these forms are leaning_reference's (defects.LEANING); "that" and "then" were read as
# a bullet's own. A bullet opening so says when, why or how, but not after what.
MOMENT_OPENER = re.compile(
    r"^(?:(?:at|from|after|before|until|up\s+to|by|since)\s+(?:that|those)\s+"
    r"(?:point|time|stage|moment|step|instant|phase|date|juncture)s?|"
    r"(?:for|with)\s+(?:that|those)\s+(?:reasons?|purposes?|aims?|goals?|ends?)|"
    r"(?:in\s+)?that\s+(?:way|manner|fashion)|"
    r"(?:by|until|since|from)\s+then(?:\s+on(?:wards?)?)?|"
    r"(?:at\s+)?(?:that|which)\s+(?:point|time|stage))\b(?!\s+(?:of|in\s+which|when|where|that)\b)",
    re.I,
)
# "do so" stands for the verb phrase of the sentence before: "We do so when …", "To do so, …",
# "Doing so halves …", "By doing so …" (inside a clause of the bullet's own, "we fit the model
# and do so twice", it has its antecedent).
DO_SO = re.compile(
    r"^(?:(?:to|by|in|after|before|when|while|without)\s+)?(?:doing|do|did|does)\s+so\b(?!-)|"
    r"^(?:we|they|one|it|this|the\s+\w+)\s+(?:\w+ly\s+)?(?:(?:can|could|may|might|will|would|"
    r"must|should)\s+)?(?:do|does|did)\s+so\b(?!-)",
    re.I,
)


def moment_without_antecedent(text: str) -> str | None:
    """An opener leaning on the moment, reason or act the sentence before stated ("At that
    point, the solver restarts", "We do so when the queue is empty"); None when it stands."""
    flat = MATH_SPAN.sub("X", text.strip())
    match = MOMENT_OPENER.match(flat) or DO_SO.match(flat)
    return match.group(0) if match else None
