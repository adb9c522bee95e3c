"""The grammar shape of a sentence, read without a tagger: its tokens, where its clauses start,
and which words are finite verbs.

A bullet has to be a statement: a main clause with a finite verb. Fragments torn from a paper
lack one ("If $W$ and $C$ are independent and each follow …", "With taxonomic levels where …"),
and holes left by a lost formula break the order of subject and verb ("The arises in …", "…,
does not change at all"). The detectors in fragments.py and lost_text.py judge by this shape.

Reading leans towards verbs: a word is taken for a finite verb whenever its neighbours allow
it (an auxiliary, a word after a subject pronoun, a verb form after a subject and before what a
verb takes). A sentence is called a fragment only when no finite verb is left outside its
subordinate clauses, so a misread word more often lets a fragment pass than fails a statement
(a dropped finding is a failure too; test_fragments.py holds both kinds).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from apps.decks.pipeline.text import MATH_SPAN


def words(text: str) -> frozenset[str]:
    """A word list written as one string."""
    return frozenset(text.split())


_AUXILIARY_TEXT = (
    "is are was were am has have had do does did can could may might will would shall should "
    "must isn't aren't wasn't weren't hasn't haven't hadn't doesn't don't didn't can't cannot "
    "couldn't won't wouldn't shouldn't it's that's there's here's what's he's she's we're "
    "they're you're i'm we've they've i've"
)
# (with the typographic apostrophe too: "it’s")
AUXILIARIES = words(_AUXILIARY_TEXT) | words(_AUXILIARY_TEXT.replace("'", "’"))
SUBJECT_PRONOUNS = words("i we you they he she it one")
RELATIVES = words("which who whom whose where that")
# Words that open a subordinate or relative clause: the first verb after them is that clause's.
# ("as", "after", "before", "so" are prepositions or adverbs as often: not counted.)
SUBORDINATORS = words(
    "if when whenever although though because since unless whereas once until while whether "
    "where which who whom whose"
)
# Openers of a sentence that are subordinate clauses: they need a main clause after them.
CLAUSE_OPENERS = (
    r"if|when|whenever|although|though|even\s+though|even\s+if|because|since|unless|whereas|"
    r"once|until|while|as\s+long\s+as|provided(?:\s+that)?|given\s+that|in\s+case|so\s+that|"
    r"now\s+that|whether"
)
PREPOSITIONS = words(
    "with without within in on at by for from under over among amongst between after before "
    "during via through across along against beyond upon into onto towards toward throughout "
    "despite regarding concerning considering beside besides around behind below above near "
    "than of to per unlike like"
)
DETERMINERS = words(
    "the a an this these those that its their our his her each every all some any no both "
    "either neither such another other many several few most more"
)
COORDINATORS = words("and or but nor")
# Function words and adverbs that are never a finite verb.
NOT_VERBS = (
    PREPOSITIONS
    | DETERMINERS
    | COORDINATORS
    | RELATIVES
    | SUBJECT_PRONOUNS
    | words(
        "not also only then thus hence very so too as than there here now just even still "
        "yet well however therefore often always never usually sometimes again further "
        "rather quite almost much less least more most same different first second third "
        "last next new two three four five six seven eight nine ten us them him me whether "
        "how what why whose"
    )
)
# Plural nouns and other words ending in -s that are no verb's -s form.
S_NOUN_ENDINGS = ("ss", "us", "is", "ics", "ous", "ies'", "'s", "’s")
# Words a verb takes right after it: its object's opening.
OBJECT_WORDS = words("that how whether what it them us him her X")

# A formula with a relation in it ("$n = 803$", "$a > 1$") is a clause of its own: its
# relation is its verb ("If $n = 803$ it will be necessary …").
RELATION = re.compile(
    r"=|<|>|≤|≥|≠|≈|∼|\\(?:le|ge|leq|geq|neq|ne|approx|sim|in|notin|subset|equiv)\b"
)
# Verbs that end in -ly like an adverb.
LY_VERBS = words("apply applies supply multiply reply rely comply imply ally tally rally")


def adverb(token: str) -> bool:
    return token.endswith("ly") and token not in LY_VERBS


TOKEN = re.compile(
    r"(?<![A-Za-z])XR?(?![A-Za-z])|[A-Za-z][\w'’\-]*|\d+(?:\.\d+)?%?|[,;:()\[\]—–?!.]"
)


@dataclass(frozen=True)
class Shape:
    """A sentence as tokens (lower case; formulas "X", or "XR" with a relation) and the indices
    of its finite verbs."""

    tokens: tuple[str, ...]
    verbs: frozenset[int]


def _raw_tokens(text: str) -> list[str]:
    """The sentence's words and punctuation, each formula one token: "XR" when it states a
    relation, "X" otherwise."""
    flat = MATH_SPAN.sub(lambda m: " XR " if RELATION.search(m.group(0)) else " X ", text)
    flat = re.sub(r"\bet al\.", "et al", flat)  # "Zeileis et al. (2007) use …": a name, no stop
    return TOKEN.findall(flat)


def wordlike(token: str) -> bool:
    return token[:1].isalpha() and token not in ("X", "XR")


# Adverbs that stand between a subject and its verb ("the model also fits …").
MID_ADVERBS = words(
    "also then thus only still often always never usually sometimes again further rather "
    "quite almost just even not now first"
)
# Numbers and quantifiers: a word after one is a noun ("two days before …").
QUANTIFIERS = words("two three four five six seven eight nine ten many several few more most less")


def _index_before(tokens: list[str], i: int) -> int:
    """The index of the word before i, over a bracketed aside ("all functions (except …) use")
    and over adverbs ("the model also fits"); -1 at the start."""
    j, depth = i - 1, 0
    while j >= 0:
        if tokens[j] in ")]":
            depth += 1
        elif tokens[j] in "([":
            depth -= 1
        elif depth == 0 and not (tokens[j] in MID_ADVERBS or adverb(tokens[j])):
            return j
        j -= 1
    return -1


def _word_before(tokens: list[str], i: int) -> str:
    j = _index_before(tokens, i)
    return tokens[j] if j >= 0 else "."


def _is_verb(tokens: list[str], i: int, proper: frozenset[int] = frozenset()) -> bool:
    """Can the word at i be a finite verb here?"""
    token = tokens[i]
    if token in AUXILIARIES:
        return True
    if token == "XR":
        # a relation is a clause's verb, unless a preposition or a participle governs it ("for
        # $x > 0$", "assuming $N(0) = 0$")
        j = _index_before(tokens, i)
        while j > 0 and tokens[j] in COORDINATORS and tokens[j - 1] in ("X", "XR"):
            j = _index_before(tokens, j - 1)  # "assuming $a = 0$ and $b = 0$": both governed
        before = tokens[j] if j >= 0 else "."
        return i == 0 or not (before in PREPOSITIONS or before.endswith("ing"))
    if not wordlike(token) or token in NOT_VERBS or adverb(token) or i == 0:
        return False
    if len(token) > 6 and token.endswith("ing"):
        return False  # a participle is never finite alone ("tasks with $T_i$ requiring …")
    before = _word_before(tokens, i)
    after = tokens[i + 1] if i + 1 < len(tokens) else "."
    if before in SUBJECT_PRONOUNS or before in ("which", "who", "that"):
        return True  # "we define", "which follows", "that gives"
    if before == "," and token.endswith("s") and after in DETERMINERS:
        return True  # its subject before an aside: "Viewing the design …, as proposed, gives a …"
    demonstrative = before in ("this", "that", "these", "those")
    if not (wordlike(before) or before in ("X", "XR")) or before in PREPOSITIONS:
        return False  # after a preposition a word is a noun or an adjective
    if before in DETERMINERS and not demonstrative:
        return False  # so it is after a determiner
    if before in QUANTIFIERS or before in COORDINATORS:
        return False  # "two days", "trees and dates": a noun
    if before in NOT_VERBS and before not in ("there", "here", "this", "that", "these", "those"):
        return False  # "as long as", "the same model": after a function word, no verb
    # An object after the word ("fits the data", "shows that") makes it a verb. Otherwise it
    # needs a subject before it: a noun phrase that opens with a determiner, a quantifier, a
    # name at the clause's start or a formula ("the incomplete beta function admits …",
    # "manipulation of grouped data becomes …"), not one governed by a preposition ("at sixty
    # degrees for …", "with phylogenetic distances among …": a plural noun, not a verb).
    object_after = (
        after in DETERMINERS or after in OBJECT_WORDS or after in QUANTIFIERS or after[:1].isdigit()
    )
    demonstrative = before in ("this", "that", "these", "those")
    subject = demonstrative or _subject_before(tokens, _index_before(tokens, i), proper)
    takes = object_after or (subject and after not in AUXILIARIES)
    if token.endswith("s") and not token.endswith(S_NOUN_ENDINGS) and len(token) > 3:
        return takes  # "the sum follows a …", "the model fits the data"
    if token.endswith("ed") and len(token) > 4:
        return takes  # "the authors used the …" (a reduced relative passes too: generous)
    # a base form after a plural subject: "the estimators converge to …", "Geyer and Thompson
    # call …"
    plural = (
        (before.endswith("s") and not before.endswith(S_NOUN_ENDINGS) and len(before) > 3)
        or before in ("data", "people", "X", "al")  # "Zeileis et al. use": authors
        or subject == "plural"
    )
    return takes and plural and not demonstrative


# Particles of a phrasal verb: "brings out the …", "sets up the …".
PARTICLES = words("out up down off back")


def _takes_object(tokens: list[str], i: int, proper: frozenset[int]) -> bool:
    """Is the word at i a verb (or the particle after one) whose object opens after it? A
    noun phrase there is that verb's object, no subject of a verb of its own."""
    if i <= 0:
        return False  # a sentence's opening gerund: its phrase is the subject ("Fitting X is …")
    if tokens[i] in PARTICLES:
        i -= 1
    return i > 0 and tokens[i] not in AUXILIARIES and _is_verb(tokens, i, proper)


def _subject_before(tokens: list[str], j: int, proper: frozenset[int]) -> bool | str:
    """Does the noun at j end a noun phrase that can be a subject? Walks back over the phrase
    (adjectives, nouns, "of" inside it) to what opens it. "plural" when it joins two nouns with
    "and"."""
    if j < 0:
        return False
    if tokens[j] in ("X", "XR"):
        return True
    joined = False
    for k in range(j - 1, max(-1, j - 7), -1):
        word = tokens[k]
        if word in DETERMINERS or word in QUANTIFIERS:
            opener = tokens[k - 1] if k > 0 else "."
            opens_clause = k < 2 or not wordlike(tokens[k - 2])
            if opener in PREPOSITIONS and opener != "of" and opens_clause:
                return False  # "With the step size halved": the object of the opening phrase
            if _takes_object(tokens, k - 1, proper):
                return False  # "… which brings out the extremely large counts": its object
            joined = joined or opener == "and"  # "the branch and the package provide"
            return "plural" if joined else True
        if word == "and":
            joined = True
            continue
        if k in proper and (k == 0 or tokens[k - 1] != "and") and k - 1 not in proper:
            return "plural" if joined else True  # a name opens the subject: "Geyer and Thompson"
        if word in PREPOSITIONS and word != "of":
            return False
        if not (wordlike(word) or word in ("X", "XR")) or word in SUBORDINATORS:
            return "plural" if joined else True  # the clause's start: "actuar gives …"
        if word in AUXILIARIES or word in SUBJECT_PRONOUNS:
            return False
    if j <= 6:
        return "plural" if joined else True  # the sentence's start: "Unconstrained ordination uses"
    return False


def shape(text: str) -> Shape:
    raw = _raw_tokens(text)
    tokens = [t if t in ("X", "XR") else t.lower() for t in raw]
    # capitalised words inside the sentence are names: they open a subject
    proper = frozenset(i for i, t in enumerate(raw) if i and t[:1].isupper() and t[1:2].islower())
    verbs = frozenset(i for i in range(len(tokens)) if _is_verb(tokens, i, proper))
    return Shape(tuple(tokens), verbs)


def chunks(tokens: tuple[str, ...] | list[str]) -> list[tuple[int, int]]:
    """(start, end) of the parts between top-level commas, semicolons and dashes (a comma
    inside brackets does not split)."""
    spans, depth, start = [], 0, 0
    for i, token in enumerate(tokens):
        if token in "([":
            depth += 1
        elif token in ")]":
            depth = max(0, depth - 1)
        elif depth == 0 and token in (",", ";", "—", "–", ":"):
            spans.append((start, i))
            start = i + 1
    spans.append((start, len(tokens)))
    return [(a, b) for a, b in spans if b > a]


def main_verbs(s: Shape, start: int, end: int, *, pending: int = 0) -> list[int]:
    """The finite verbs of tokens[start:end] outside subordinate and relative clauses and
    outside brackets. A subordinate clause takes the first verb after its opening word (and
    verbs joined to that one by "and"/"or"); a verb after it that stands alone is the main
    clause's ("When $n$ is small the bootstrap is biased"). `pending` counts subordinate
    clauses opened before `start` (a sentence that opens with "If …")."""
    found, depth, last_subordinate = [], 0, False
    previous_verb = False
    for i in range(start, end):
        token = s.tokens[i]
        if token in "([":
            depth += 1
        elif token in ")]":
            depth = max(0, depth - 1)
        elif depth:
            continue
        elif token in SUBORDINATORS or _opens_clause(s.tokens, i):
            following = s.tokens[i + 1] if i + 1 < end else ""
            if not following.endswith(("ing", "ed")):
                pending += 1  # "when doing MCMC", "once fitted": a clause with no verb to take
        elif i in s.verbs:
            if previous_verb:
                pass  # the same verb group ("will be", "can then be")
            elif pending:
                pending -= 1
                last_subordinate = True
            elif last_subordinate and coordinated(s, i, start):
                pass  # "… are independent and each follow …": still the subordinate clause
            elif i > start and s.tokens[i - 1] in ("which", "that", "who"):
                pass
            else:
                found.append(i)
                last_subordinate = False
        if depth == 0 and token not in "([])":
            previous_verb = i in s.verbs or (previous_verb and token in ("not", "also", "then"))
    return found


def _opens_clause(tokens: tuple[str, ...], i: int) -> bool:
    """ "that" before a clause ("the assumption that the errors are …", not "that case"), the
    second "as" of "as long as" / "as soon as"."""
    after = tokens[i + 1] if i + 1 < len(tokens) else ""
    if tokens[i] == "that":
        before = tokens[i - 1] if i else ""
        if before in DETERMINERS or before in QUANTIFIERS:
            return False  # "with all that it is …": a pronoun
        return after in DETERMINERS or after in SUBJECT_PRONOUNS or after in ("X", "XR", "there")
    return (
        tokens[i] == "as"
        and i >= 2
        and tokens[i - 2] == "as"
        and tokens[i - 1]
        in (
            "long",
            "soon",
            "far",
        )
    )


def coordinated(s: Shape, verb: int, start: int) -> bool:
    """Is the verb the second of a pair joined by "and"/"or" ("… are independent and each
    follow …")? A new subject after the coordinator would be a clause of its own, which the
    shape cannot tell apart: both count as coordinated."""
    window = s.tokens[max(start, verb - 3) : verb]
    return any(t in COORDINATORS for t in window)
