"""Round 19: anchors a bullet needs that the paper introduced only in the sentences just before
its own, read with the paper. The context-lost class was the largest on every unseen set, and
most of it was out of reach of the earlier shapes: the reader of the paper met the thing one
sentence earlier, the reader of the deck never did.

Read, like the shapes of `referent_shapes` and `definite_subjects`, only when the bullet's
sentence follows another of its paragraph that no slide shows (antecedents.dangling calls
them). Each anchor is looked up in the paper (where it was first used) and on the deck (the
slides up to this one: titles, captions, bullets):

- a result of a step the bullet does not state: "the resulting/resultant N" with no clause of
  the bullet's own before it (kind "result");
- a back-reference to the paper's text inside the sentence: "the weights reported above", "as
  noted earlier", "the estimates given previously", "already described" (kind "backref");
- a later member of a series the sentences before began: "the second pass", "in the final
  round", "the third layer" (ordinal + a noun the paper used in the two sentences before, and
  no slide uses); "Step 3", "phase 2" (a numbered part after its earlier members, and no slide
  names the series) (kind "part");
- a definite compound the paper introduced with "a/an" in one of the two sentences before ("The
  dummy tray holds …" after "A dummy tray is placed …"): its first use in the paper is there,
  no slide uses its noun (or, when the noun is the paper's working vocabulary, no slide uses
  the compound's other words: "the dummy city" of a routing paper whose slides all say "city"),
  and neither word is in the paper's title or headings (kind "phrase", so the fixer may name it
  as the paper did).

Field terms the title or headings name, a phrase the bullet itself explains and generic nouns
stand. Every finding is a `Dangling`, certain: the paper's sentence before is the answer
(context_fix brings it onto the slide, names the thing, or another sentence of the part takes
the bullet's place).
"""

from __future__ import annotations

import re

from apps.decks.pipeline import antecedents, linked_clauses, text

# How far back the paper's first use may be for the sentence to introduce the thing.
INTRODUCED_WITHIN = 2

# "the resulting weights": the result of a step; the bullet must state the step itself.
RESULTING = re.compile(
    r"\bthe\s+(?P<mod>resulting|resultant)\s+(?:[a-z][\w-]*\s+){0,2}?(?P<head>[a-z][\w-]*)"
    r"(?=\s|[,.;:)]|$)",
    re.I,
)
# What states a step in the bullet before "the resulting …": a finite verb or a gerund.
_STEP_STATED = re.compile(
    r"\b(?:[a-z]{2,}(?:ed|ing)|is|are|was|were|has|have|fit|fits|run|runs|set|sets|put|puts)\b",
    re.I,
)

_PARTICIPLES = (
    r"reported|mentioned|noted|described|discussed|explained|presented|introduced|defined|"
    r"given|listed|shown|seen|stated|outlined|derived|computed|obtained|argued|observed"
)
# Verbs of the text itself: "described previously" is the paper's own text, "reported
# previously" may well be the literature's.
_TEXT_PARTICIPLES = (
    r"mentioned|noted|described|discussed|explained|introduced|defined|stated|outlined|argued"
)
# "reported above", "as noted earlier", "described previously", "As discussed,": the sentence
# points at the paper's own text before it. Not "as shown in Figure 2", "described in [3]" (a
# display or a source: other rules'), "never seen before", "the year before", nor "previously
# reported results" (the literature's).
BACK_REFERENCE = re.compile(
    rf"(?<!never\s)\b(?:{_PARTICIPLES})\s+above(?![\w-])|"
    rf"(?<!never\s)\b(?:{_TEXT_PARTICIPLES})\s+(?:earlier(?!\s+than)|previously)(?![\w-])|"
    rf"(?<!never\s)\b(?:{_TEXT_PARTICIPLES})\s+before(?=\s*[,.;:)]|$)|"
    rf"\bas\s+(?:we\s+|I\s+)?(?:have\s+|has\s+|had\s+)?(?:already\s+)?(?:{_PARTICIPLES})"
    rf"(?=\s*,)|\babove-(?:{_PARTICIPLES})\b",
    re.I,
)

_ORDINALS = (
    r"second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|next|final|last|"
    r"penultimate|subsequent"
)
# "the second pass", "in the final round", "a third layer": a later member of a series.
ORDINAL_MEMBER = re.compile(
    rf"\b(?P<det>the|a|an|this|each)\s+(?P<ord>{_ORDINALS})\s+(?P<head>[a-z][\w-]*)"
    r"(?=\s|[,.;:)]|$)",
    re.I,
)
# Nouns after an ordinal that name a time or an order of the world, not a part of the paper's
# procedure: "the next day", "the last decade", "the final answer".
TIME_HEADS = antecedents._word_set(
    """day days week weeks month months year years decade decades century hour hours minute
    minutes second seconds time times author authors version versions edition release
    answer word words resort chapter section sections paper papers letter place"""
)
# A series the bullet itself begins before its later member.
_ORDINAL_BEFORE = re.compile(r"\b(?:first|one|former|initial)\b", re.I)
# "a second pass", "a third layer" count on from one before; "a final score" does not.
_COUNTED = {"second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"}
# After the noun, what says which member it is.
_SAYS_WHICH = antecedents._word_set("before after where when whose than")
# "Step 3", "phase 2", "Stage II": a numbered part of a procedure.
NUMBERED_PART = re.compile(
    r"\b(?P<noun>step|stage|phase|pass|iteration|round|tier|layer)\s+"
    r"(?P<number>[2-9]|1[0-9]|II|III|IV|V|VI|two|three|four|five|six)\b",
    re.I,
)

# A definite subject of one or two modifiers: "The dummy tray holds …".
COMPOUND_SUBJECT = re.compile(
    r"^(?:(?P<opener>[^,;:]{1,40}),\s+)?(?P<det>the|each|every)\s+"
    r"(?P<mods>(?:[a-z][a-z-]+\s+){1,2})(?P<head>[a-z][a-z-]+)\s+"
    r"(?P<verb>is|are|was|were|has|have|had|can|cannot|could|may|might|will|would|should|must|"
    r"does|do|did|also|then|[a-z]+(?<!s)s|[a-z]+ed)\b",
    re.I,
)
# Heads every paper uses for its own whole or its parts' doing: "the hit counter
# implementation" is the hit counter's.
FIELD_HEADS = antecedents._word_set(
    "system approach framework implementation method technique scheme procedure design"
)
# Words that cannot be a noun's modifier in such a subject: a degree, an order, a quantity.
_NOT_MODIFIERS = antecedents._word_set(
    """same other first second third last next final whole entire total overall main only new
    most least more less two three four five several many few all both such very"""
)


def _headings(context: antecedents.PaperContext) -> set[str]:
    found = set(context.subject)
    for section in context.paper.sections:
        found |= antecedents.lemmas(section.title or "")
    return found


# Words before "the resulting …" that make a clause of the bullet's own ("Using a smaller window
# accelerates the sort but worsens the resulting order").
OWN_CLAUSE_WORDS = 4


def _bullet_states_step(flat: str, at: int) -> bool:
    return bool(_STEP_STATED.search(flat[:at])) or len(flat[:at].split()) > OWN_CLAUSE_WORDS


def resulting_thing(bullet: str, before: list[str], near: set[str]) -> antecedents.Dangling | None:
    """ "The resulting weights …": the result of a step the paper's sentence before did, which
    neither the bullet nor its slide (`near`: the lemmas of the slide's texts before it) says."""
    flat = text.MATH_SPAN.sub("X", bullet)
    for match in RESULTING.finditer(flat):
        if _bullet_states_step(flat, match.start()):
            continue  # "We reweight the sample; the resulting weights …": its own step
        words = re.findall(r"[a-z][\w-]*", match.group(0)[len("the ") :], re.I)[1:]
        if any(len(w) > 3 and antecedents.lemma(w) in near for w in words):
            continue  # "compute survival curves …", then "the resultant survival object"
        part = match.group(0)
        return antecedents.Dangling(
            part, match.group("head"), before[-1], False, match.start(), True, "result"
        )
    return None


def back_reference(bullet: str, before: list[str]) -> antecedents.Dangling | None:
    """ "… the weights reported above", "As noted earlier, …": the text the sentence points at is
    the paper's, before it."""
    flat = text.MATH_SPAN.sub("X", bullet)
    match = BACK_REFERENCE.search(flat)
    if match is None:
        return None
    part = match.group(0)
    return antecedents.Dangling(
        part, part.split()[-1], before[-1], False, match.start(), True, "backref"
    )


def _series_shown(head: str, shown: set[str], bullet_before: str) -> bool:
    return head in shown or head in antecedents.lemmas(bullet_before)


def later_member(
    bullet: str,
    before: list[str],
    shown: set[str],
    context: antecedents.PaperContext | None,
    sentence: str,
) -> antecedents.Dangling | None:
    """ "In the second pass …", "Step 3 …": a later member of a series the paper began before
    the bullet's sentence, whose series no slide names (a numbered part only with the paper's
    `context`, which says whether the paper numbered such parts before)."""
    flat = text.MATH_SPAN.sub("X", bullet)
    near = antecedents.lemmas(" ".join(before[-INTRODUCED_WITHIN:]))
    for match in ORDINAL_MEMBER.finditer(flat):
        word = match.group("head")
        head = antecedents.lemma(word)
        after = flat[match.end() :].lstrip()
        following = re.match(r"[a-z][\w-]*", after)
        if (
            word.lower() in antecedents.ENDS_PHRASE
            or word.lower() in _NOT_MODIFIERS
            or head in TIME_HEADS
            or head in antecedents.GENERIC_HEADS
            or (
                match.group("det").lower() in {"a", "an"}
                and match.group("ord").lower() not in _COUNTED
            )
        ):
            continue  # "the next most …", "a final score": no member of a series
        if following and (
            following.group(0).lower() in antecedents.RESTRICTIVE | _SAYS_WHICH
            or (
                following.group(0).lower() not in antecedents.ENDS_PHRASE
                and not re.fullmatch(r"[a-z]+(?:s|ed)", following.group(0))
            )
        ):
            continue  # "the second pass of the sort", "the last point where …" say which;
            # "the fifth instar larvae": a noun follows, the ordinal's word only qualifies it
        if _ORDINAL_BEFORE.search(flat[: match.start()]):
            continue  # "the first and the second moments": the bullet begins the series
        if head not in near or _series_shown(head, shown, flat[: match.start()]):
            continue  # a first mention, or the slide names the series
        part = match.group(0)
        antecedent = next(
            (b for b in reversed(before) if head in antecedents.lemmas(b)), before[-1]
        )
        return antecedents.Dangling(part, word, antecedent, False, match.start(), True, "part")
    for match in NUMBERED_PART.finditer(flat) if context is not None else ():
        noun = antecedents.lemma(match.group("noun"))
        if _series_shown(noun, shown, flat[: match.start()]):
            continue
        if re.match(r"\s*(?:of|in)\b", flat[match.end() :], re.I):
            continue  # "step 3 of Algorithm 2": it says which procedure
        earlier = _earlier_use(context, noun, sentence)
        if earlier is None:
            continue  # the paper numbers no such part before: a first mention
        part = match.group(0)
        return antecedents.Dangling(part, noun, earlier, False, match.start(), True, "step")
    return None


def _earlier_use(context: antecedents.PaperContext, head: str, sentence: str) -> str | None:
    """The paper's last sentence before `sentence` that uses the noun `head` (a lemma)."""
    found = None
    for candidate, words in context._words:
        if candidate == sentence:
            return found
        if head in words:
            found = candidate
    return None


def _first_use(context: antecedents.PaperContext, words: list[str], sentence: str) -> str | None:
    """The paper's first sentence before `sentence` that writes the lemmas `words` in a row."""
    pattern = re.compile(
        r"\b" + r"\s+".join(re.escape(w) + r"(?:s|es)?" for w in words) + r"\b", re.I
    )
    singular = [antecedents.lemma(w) for w in words]
    for candidate in context.before:
        if candidate == sentence:
            return None
        flat = text.MATH_SPAN.sub(" ", candidate)
        if pattern.search(flat) or re.search(
            r"\b" + r"\s+".join(re.escape(w) + r"(?:s|es)?" for w in singular) + r"\b", flat, re.I
        ):
            return candidate
    return None


# An item of a list ("two scales: a spring balance and a load cell"): the sentence names kinds
# the reader knows by their names, not a thing of its own the bullet leans on.
LISTED_BEFORE = re.compile(r"(?:[,:;]|\band|\bor|\bversus|\bvs\.?)\s*$", re.I)
LISTED_AFTER = re.compile(r"\s*(?:,|\band\b|\bor\b|\bversus\b)", re.I)


def _introduces(sentence: str, words: list[str]) -> bool:
    """Whether `sentence` brings the compound `words` in as a new thing: after "a/an/one/some"
    or a number ("A dummy tray is placed …"), or as the last words of a longer name ("the loop
    hit counter"); not as an item of a list."""
    compound = r"\s+".join(re.escape(antecedents.lemma(w)) + r"(?:s|es)?" for w in words)
    flat = text.MATH_SPAN.sub(" ", sentence)
    for found in re.finditer(
        rf"\b(?:(?:an?|one|some|two|three|several|\d+)|(?:the|this|our|its)\s+[a-z][\w-]*)"
        rf"\s+{compound}\b",
        flat,
        re.I,
    ):
        if LISTED_BEFORE.search(flat[: found.start()]) or LISTED_AFTER.match(flat[found.end() :]):
            continue  # "a spring balance and a load cell": kinds named as a list, known by name
        return True
    return False


_PAPER_WORDS: dict[int, tuple[object, str]] = {}


def _noun_in_paper(context: antecedents.PaperContext, word: str) -> bool:
    """Whether the paper writes `word` after an article somewhere ("the probabilities"): a noun,
    not the verb of a subject before it."""
    cached = _PAPER_WORDS.get(id(context))
    if cached is None or cached[0] is not context:
        _PAPER_WORDS.clear()
        cached = (context, " ".join(context.before).lower())
        _PAPER_WORDS[id(context)] = cached
    return bool(re.search(rf"\b(?:the|a|an)\s+{re.escape(word.lower())}\b", cached[1]))


def _shown_as_head(
    head: str, words: list[str], shown: set[str], context: antecedents.PaperContext, sentence: str
) -> bool:
    """Whether the deck's words may already show the compound's thing: its head on a slide ("an
    empty tray" for "the dummy tray") — unless the head is the paper's working vocabulary (the
    cities of a routing paper, the ferries of a harbour's): a slide using it then says nothing
    of the one thing the compound names ("the dummy city"), and only the compound's other words
    on the deck would."""
    if head not in shown:
        return False
    if not context.established(head, sentence):
        return True
    return all(antecedents.lemma(w) in shown for w in words)


def introduced_compound(
    bullet: str,
    before: list[str],
    shown: set[str],
    context: antecedents.PaperContext,
    sentence: str,
) -> antecedents.Dangling | None:
    """ "The dummy tray holds …" after "A dummy tray is placed …", "The hit counter
    implementation could …" after "… the loop hit counter …": a definite compound subject whose
    words (its modifiers, when its head is a generic or a field head) the paper first wrote in
    one of the two sentences before the bullet's own."""
    flat = text.MATH_SPAN.sub("X", bullet)
    match = COMPOUND_SUBJECT.match(flat)
    if match is None:
        return None
    opener = match.group("opener") or ""
    if opener and (len(opener.split()) > 6 or re.search(r"\b(?:if|when|where)\b", opener, re.I)):
        return None  # a condition of its own may say which
    mods = match.group("mods").split()
    word = match.group("head")
    verb = match.group("verb").lower()
    if verb in antecedents.RESTRICTIVE or verb in antecedents.ENDS_PHRASE - antecedents.AUXILIARIES:
        return None
    if any(w.lower() in _NOT_MODIFIERS or w.lower() in antecedents.ENDS_PHRASE for w in mods):
        return None  # "the same tray", "the first tray": an order, not a thing introduced
    if word.lower() in antecedents.ENDS_PHRASE or _noun_in_paper(context, verb):
        return None  # "the percent posterior probabilities differ": the noun is further on
    head = antecedents.lemma(word)
    words = [*mods, word]
    if head in antecedents.GENERIC_HEADS | FIELD_HEADS:
        # "the hit counter implementation": the thing is what the modifiers name
        if len(mods) < 2:
            return None  # "the rgenoud package": a name says which
        words = mods
        head = antecedents.lemma(mods[-1])
    named = _headings(context)
    if (
        head in antecedents.GENERIC_HEADS
        or head in antecedents.PERSON_HEADS
        or len(head) < 4
        or any(antecedents.lemma(w) in named for w in words)
        or _shown_as_head(head, words, shown, context, sentence)
        or any(m[:1].isupper() for m in mods[1:])
    ):
        return None  # a field term the headings name, a generic noun, a name, or the deck has it
    first = _first_use(context, words, sentence)
    if first is None or first not in before[-INTRODUCED_WITHIN:]:
        return None  # a first mention here, or the paper's vocabulary long before
    if not _introduces(first, words):
        return None  # "the wall clock time" there too: a term the field knows, used as known
    start = match.start("det")
    part = flat[start : match.end("head")]
    return antecedents.Dangling(part, word, first, False, start, True, "phrase")


def introduced_anchor(
    bullet: str,
    before: list[str],
    shown: set[str],
    context: antecedents.PaperContext,
    sentence: str,
    near: set[str] | None = None,
) -> antecedents.Dangling | None:
    """What of the bullet the paper introduced only in the sentences just before it (above).
    `shown`: the lemmas of what the deck shows up to the bullet; `near`: of its own slide's
    texts before it (all of `shown` when not given)."""
    if not before:
        return None
    return (
        resulting_thing(bullet, before, shown if near is None else near)
        or back_reference(bullet, before)
        or later_member(bullet, before, shown, context, sentence)
        or introduced_compound(bullet, before, shown, context, sentence)
        or linked_clauses.modifier_from_before(bullet, before, shown, context, sentence)
        or linked_clauses.rewritten_demonstrative(
            bullet, sentence, before, shown if near is None else near
        )
    )


def shape_anchor(bullet: str, before: list[str], shown: set[str]) -> antecedents.Dangling | None:
    """The anchors read without the paper's other sentences (bullet selection, before any slide
    exists: antecedents.leaning): a result, a back-reference, a later member of a series."""
    if not before:
        return None
    return (
        resulting_thing(bullet, before, shown)
        or back_reference(bullet, before)
        or later_member(bullet, before, shown, None, "")
    )
