"""Round 20: a sentence tied to the one before it by a word inside its own clause, read with the
paper. The context-lost class stayed the largest on every unseen set; what the earlier shapes
(antecedents.pointing_back, referent_shapes, definite_subjects, introduced_anchors) left was a
sentence whose *opening* is plain but that is a consequence or a contrast of the sentence before
by a word in the middle, or names a thing by what the sentence before did to it:

- a discourse adverb inside the clause, after its subject or its auxiliary ("Gorder therefore
  reduces …", "The heap is, in contrast, rebuilt …", "We instead sort …", "The cost is as a
  result lower", "Memory use in turn drops"), or set between commas after a phrase of the
  bullet's own ("For large graphs, the sorter, however, needs …") — a consequence of what, in
  contrast to what? Not after the bullet's own condition or other side ("If …", "… but …",
  "whereas", "than"), not "instead of …", "in contrast to …", "as a result of …" (they name
  their base), not "thus" before a gerund ("…, thus reducing …": the consequence of its own
  clause) (kind "link");
- a definite phrase whose modifier is a participle or a comparative that only the sentences just
  before make sense of ("the delayed reading" after "… the second reading was delayed by …",
  "the larger sample" after two samples were named): the participle's verb was first written in
  the paper in one of the two sentences before, beside the same noun, and no slide and no
  heading uses it; the comparative's noun is there too, and the bullet says no "than" (kind
  "modifier");
- the paper's demonstrative the bullet turned into "the" ("The contrasted pattern is …" of the
  paper's "This contrasted pattern is …", "The delayed blooms …" of "Such delayed blooms …"):
  the proposer's rewrite (bullets.resolve_reference) hides the lean from the text rules, which
  read "this/such + noun"; reported when a word of the phrase is on no text of its own slide and
  the bullet does not say which ("the person we called …") (kind "demonstrative").

"The same N" with nothing it is the same as is context_text.comparison_without_antecedent's (a
text rule). The first form is a shape (read without the paper's other sentences: bullet
selection avoids it too, antecedents.leaning); the others read the paper (where the verb was
first used, what the paper's sentence wrote). Like the other shapes, all are read only when the
bullet's sentence follows another of its paragraph that no slide shows, and each finding is
certain: the paper's sentence before is the answer (context_fix brings it onto the slide, merged
when short, else another sentence of the part, else the bullet goes — never an invented
referent; a link adverb alone goes when the sentence before does not fit).
"""

from __future__ import annotations

import re

from apps.decks.pipeline import antecedents, text

# Adverbs that make a clause a consequence, a contrast or an alternative of the sentence before.
# "instead of", "in contrast to/with", "as a result of" name their base and are left out.
LINK_ADVERBS = (
    r"therefore|thus|hence|consequently|accordingly|conversely|nevertheless|nonetheless|"
    r"however|alternatively|instead(?!\s+of\b)|in\s+turn|in\s+contrast(?!\s+(?:to|with)\b)|"
    r"by\s+contrast(?!\s+(?:to|with)\b)|as\s+a\s+(?:result|consequence)(?!\s+of\b)|"
    r"on\s+the\s+(?:other\s+hand|contrary)"
)
_AFTER_AUXILIARY = re.compile(
    r"\b(?:is|are|was|were|be|been|has|have|had|can|could|may|might|will|would|should|must|"
    r"do|does|did|we|you|they|one|it)\s*,?\s*(?P<adverb>" + LINK_ADVERBS + r")\b(?!\s*[.;]?$)",
    re.I,
)
# Between a subject of at most eight words at the opening (after at most a short opener closed by
# a comma; no auxiliary in it, so no clause of its own) and its verb: "Gorder therefore reduces
# …", "The new heap, however, needs …", "The regional rise from ice melt hence depends …".
_AFTER_SUBJECT = re.compile(
    r"^(?:[^,;:]{1,40},\s+)?(?P<subject>(?:[\w$`'’-]+\s+){0,7}?[\w$`'’-]+)\s*,?\s*"
    r"(?P<adverb>" + LINK_ADVERBS + r")\s*,?\s+(?P<verb>[a-z][\w-]*)\b",
    re.I,
)
# Set between commas further on: "For large graphs, the sorter, in contrast, needs …".
_BETWEEN_COMMAS = re.compile(r",\s*(?P<adverb>" + LINK_ADVERBS + r")\s*,", re.I)
# The bullet's own other side, condition or cause before the adverb: then it leans on nothing.
OWN_SIDE = re.compile(
    r"\b(?:if|when|whenever|once|after|given|since|because|as\s+soon\s+as|before|until|unless|"
    r"where|so\s+that|in\s+order|but|whereas|while|whilst|although|though|and|or|so|than|"
    r"unlike|compared|versus|vs|which|that|who)\b|[;:]",
    re.I,
)
_VERB_LIKE = re.compile(
    r"(?:[a-z]+(?<!s)s|[a-z]+ed|is|are|was|were|has|have|had|can|could|may|might|will|would|"
    r"should|must|does|do|did|cannot|need|needs|use|uses|run|runs|put|set|cut|get|make|take)",
    re.I,
)
_SUBJECT_HEAD = re.compile(r"^(?:the|this|these|that|those|our|its|their|a|an)?\b", re.I)
_NOT_SUBJECT_WORDS = antecedents._word_set(
    "if when since because although though while whereas unless after before once and or but so"
)


def _dangling(part: str, start: int, before: list[str], kind: str) -> antecedents.Dangling:
    return antecedents.Dangling(part, part.split()[-1], before[-1], False, start, True, kind)


def inner_link(bullet: str, before: list[str]) -> antecedents.Dangling | None:
    """A consequence, contrast or alternative adverb inside the bullet's clause ("X therefore
    needs …", "X is, in contrast, …", "We instead …") with nothing of the bullet's own before it
    that it links to (kind "link")."""
    if not before:
        return None
    flat = text.MATH_SPAN.sub("X", bullet)
    found = []
    match = _AFTER_AUXILIARY.search(flat)
    if match is not None:
        found.append((match.start("adverb"), match.group("adverb")))
    match = _AFTER_SUBJECT.match(flat)
    if (
        match is not None
        and (
            _VERB_LIKE.fullmatch(match.group("verb"))
            # "Some aspects of this work however involve …": a plural verb in its base form
            or match.group("verb").lower() not in antecedents.ENDS_PHRASE | antecedents.DETERMINERS
        )
        and not re.search(r"ing$", match.group("verb"), re.I)
        and not set(match.group("subject").lower().split()) & _NOT_SUBJECT_WORDS
        and not set(match.group("subject").lower().split()) & antecedents.AUXILIARIES
    ):
        found.append((match.start("adverb"), match.group("adverb")))
    for match in _BETWEEN_COMMAS.finditer(flat):
        if set(re.findall(r"[a-z]+", flat[: match.start()].lower())) & antecedents.AUXILIARIES:
            continue  # "… can be used, however, note that …": its own clause is before it
        found.append((match.start("adverb"), match.group("adverb")))
    for start, adverb in sorted(found):
        if start == 0 or OWN_SIDE.search(flat[:start]):
            continue  # an opening connector (the text rules'), or the bullet's own other side
        following = flat[start + len(adverb) :].lstrip(" ,")
        if re.match(r"[a-z]+ing\b", following, re.I):
            continue  # "…, thus reducing the misses": the consequence of its own clause
        return _dangling(adverb, start, before, "link")
    return None


def linked_clause(bullet: str, before: list[str]) -> antecedents.Dangling | None:
    """The shape above (antecedents.pointing_back reads it, for the reviewer and selection)."""
    return inner_link(bullet, before)


_COMPARATIVES = (
    r"larger|smaller|higher|lower|faster|slower|bigger|greater|better|worse|longer|shorter|"
    r"cheaper|wider|narrower|stronger|weaker|heavier|lighter|older|younger|earlier|later"
)
# "the delayed reading", "the contrasted pattern", "the larger sample": a definite phrase whose
# modifier is a past participle (what was done to it) or a comparative (a noun, perhaps one more
# word, after it). Not "-ing": "the training data", "the sampling scheme" are compounds.
MODIFIED = re.compile(
    r"\bthe\s+(?P<mod>[a-z]{3,}ed|" + _COMPARATIVES + r")\s+"
    r"(?:(?P<mid>[a-z][\w-]*)\s+)?(?P<head>[a-z][\w-]*)(?=\s|[,.;:)]|$)",
    re.I,
)
# Participles that say whose the thing is or where the text puts it, not what the sentence
# before did to it: "the proposed method" is the paper's own; the other shapes read "the
# resulting", "the remaining", "the following", "described above".
_OWN_PARTICIPLES = antecedents._word_set(
    """proposed presented following remaining resulting resultant corresponding underlying
    given aforementioned mentioned described so-called"""
)
# A comparative's noun that makes a fixed phrase: "the lower bound", "the higher order terms".
_COMPARATIVE_IDIOMS = antecedents._word_set(
    """bound bounds order orders level levels limit limits part half end extent hand tail tails
    degree the case cases"""
)


def _phrase(match: re.Match, word: str) -> str:
    """ "The delayed batch" of "The delayed batch is …": the match up to its noun."""
    whole = match.group(0)
    return whole[: whole.index(word, len(match.group("mod")) + 4) + len(word)]


def _forms(stem: str) -> re.Pattern:
    return re.compile(rf"\b{re.escape(stem)}(?:e|es|s|ed|d|ing|ion|ions)?\b", re.I)


def _stem(participle: str) -> str:
    word = participle.lower()
    stem = re.sub(r"(?:ed|ing)$", "", word)
    if len(stem) > 3 and stem[-1] == stem[-2] and stem[-1] not in "ls":
        stem = stem[:-1]  # "scanned" → "scan"
    return stem


def _first_written(context: antecedents.PaperContext, pattern: re.Pattern, sentence: str):
    """The paper's first sentence before `sentence` that matches `pattern` (None if none)."""
    for candidate in context.before:
        if candidate == sentence:
            return None
        if pattern.search(text.MATH_SPAN.sub(" ", candidate)):
            return candidate
    return None


def modifier_from_before(
    bullet: str,
    before: list[str],
    shown: set[str],
    context: antecedents.PaperContext,
    sentence: str,
) -> antecedents.Dangling | None:
    """ "The delayed reading …" after "… the second reading was delayed by an hour": a
    participle whose verb the paper first wrote in one of the two sentences before the bullet's
    own; "the larger sample" after two samples, with no "than" (kind "modifier")."""
    if not before:
        return None
    flat = text.MATH_SPAN.sub("X", bullet)
    near = before[-2:]
    named = set(context.subject)
    for section in context.paper.sections:
        named |= antecedents.lemmas(section.title or "")
    for match in MODIFIED.finditer(flat):
        mod = match.group("mod").lower()
        mid, word = (match.group("mid") or ""), match.group("head")
        if mid and (word.lower() in antecedents.ENDS_PHRASE or _VERB_LIKE.fullmatch(word)):
            mid, word = "", mid  # "the delayed batch is …": the noun is the first word
        if mid.lower() in antecedents.ENDS_PHRASE or word.lower() in antecedents.ENDS_PHRASE:
            continue
        if any(w[:1].isupper() for w in (match.group("mod"), mid, word)):
            continue  # "the Chained Lin-Kernighan heuristic": a name
        head = antecedents.lemma(word)
        if re.match(r"\s+of\b", flat[match.start() + len(_phrase(match, word)) :]):
            continue  # "the weighted mean of the proportions": it says what it is of
        if head in antecedents.GENERIC_HEADS or head in shown:
            continue  # a generic noun, or one the deck already carries
        if re.fullmatch(_COMPARATIVES, mod):
            if re.search(r"\bthan\b", flat, re.I) or head in _COMPARATIVE_IDIOMS:
                continue
            if mid:
                continue  # "the larger sample size": keep to the plain "the larger sample"
            antecedent = next((b for b in reversed(near) if head in antecedents.lemmas(b)), None)
            if antecedent is None:
                continue  # its noun was not just named: larger than what the bullet says
            return antecedents.Dangling(
                _phrase(match, word),
                word,
                antecedent,
                False,
                match.start(),
                True,
                "modifier",
            )
        if mod in _OWN_PARTICIPLES or len(_stem(mod)) < 4:
            continue
        stem = _stem(mod)
        forms = _forms(stem)
        if antecedents.lemma(stem) in named or stem in named or mod in named:
            continue  # a heading's or the title's word: the field's term
        if any(word.startswith(stem) for word in shown):
            continue  # the deck wrote the verb
        first = _first_written(context, forms, sentence)
        if first is None or first not in near or head not in antecedents.lemmas(first):
            continue  # a first use here, the paper's working vocabulary long before, or a
            # verb the sentence before did not do to this noun ("the weighted mean" is a term)
        return antecedents.Dangling(
            _phrase(match, word), word, first, False, match.start(), True, "modifier"
        )
    return None


# The paper's sentence opens on a demonstrative and a noun ("This contrasted pattern is …",
# "Such delayed blooms occur …"), after at most a short opener closed by a comma.
DEMONSTRATIVE_OPENING = re.compile(
    r"^(?:(?P<lead>[^,;:]{1,40}),\s+)?(?P<det>this|these|that|those|such)\s+"
    r"(?P<rest>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})",
    re.I,
)
_DOCUMENT_NOUNS = antecedents._word_set(
    """paper article vignette work note study package chapter section document report thesis
    manuscript tutorial book talk presentation appendix figure table equation manual guide
    handbook documentation text letter essay review"""
)


def _noun_phrase(words: list[str]) -> list[str]:
    """The words of "contrasted pattern is mostly …" up to its noun: before an auxiliary, an
    adverb, a word that ends the phrase or a verb after a singular noun."""
    kept = []
    for word in words:
        lower = word.lower()
        if lower in antecedents.ENDS_PHRASE | antecedents.AUXILIARIES or lower.endswith("ly"):
            break
        if kept and _VERB_LIKE.fullmatch(word) and not re.search(r"(?:s|ed|ing)$", kept[-1]):
            break  # "sticky crust keeps …": a verb after a singular noun
        kept.append(word)
    return kept


def rewritten_demonstrative(
    bullet: str, sentence: str, before: list[str], near: set[str]
) -> antecedents.Dangling | None:
    """ "The contrasted pattern is mostly due to …" of the paper's "This contrasted pattern is
    …": the paper pointed back by a demonstrative, the bullet writes "the" (or drops "such"), so
    no text rule sees the lean; certain when a word of the phrase is on no text of the bullet's
    own slide (`near`, lemmas), the bullet does not say which, and the phrase is not the
    document's own ("this paper") (kind "demonstrative")."""
    if not before or not sentence:
        return None
    paper = DEMONSTRATIVE_OPENING.match(text.clean(sentence))
    if paper is None:
        return None
    phrase = _noun_phrase(paper.group("rest").split())
    if not phrase or antecedents.lemma(phrase[-1]) in _DOCUMENT_NOUNS:
        return None
    if antecedents.lemma(phrase[-1]) in {"time", "way", "point", "stage", "moment"}:
        return None  # "This time, …", "This way, …": an adverbial (the moment rule's), no thing
    if len(phrase) == 1 and antecedents.lemma(phrase[0]) in antecedents.GENERIC_HEADS:
        return None  # "The data are available …": a generic head reads as the paper's own
    flat = text.MATH_SPAN.sub("X", bullet)
    words = r"\s+".join(re.escape(w) for w in phrase)
    written = re.search(rf"\bthe\s+{words}\b", flat, re.I) or re.match(rf"{words}\b", flat, re.I)
    if written is None:
        return None  # the bullet kept the demonstrative (the text rules'), or says it otherwise
    if re.match(
        r"\s*(?:we|who|whom|that|which|whose|called|named|known)\b", flat[written.end() :], re.I
    ):
        return None  # "The person we called the barbarian …": the bullet says which
    if all(antecedents.lemma(w) in near for w in phrase if len(w) > 3):
        return None  # its own slide names it, modifiers and all
    return antecedents.Dangling(
        written.group(0), phrase[-1], before[-1], False, written.start(), True, "demonstrative"
    )
