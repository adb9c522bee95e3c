"""What a bullet's definite phrases and pronouns lean on, with the paper as the oracle.

A bullet is a sentence of the paper. When it says "the process", "this estimator", "the option"
or "it", the paper's reader knows what is meant from the sentences just before it; the deck's
reader knows only what the slides showed. So each definite phrase (the/this/these/those/such +
noun) and each pronoun (it/its/they/them/their) inside the bullet is looked up:

- in the paper: is its noun in the sentences before the bullet's own sentence, in the same
  paragraph (or at the end of the paragraph before)? If not, the phrase is a first mention (the
  paper introduces it with this very sentence) or generic, and stands;
- on the deck: does the slide (title, caption, bullets before it) or an earlier slide name it
  (its noun, and the words the paper introduced it with)? If so, it stands.

A phrase the paper introduced just before and the deck never did is dangling (`Dangling`, with
the paper's antecedent sentence as evidence). How sure that is (`Dangling.certain`) depends on
how the sentence before names the thing (measured on the flags of sets 9 and 10: 9 audited
dangling, 17 fine):

- certain: the phrase points back by its own words ("those years", "the original model", "the
  two models", "the different structures") or the sentence before introduces the thing as a term — a name
  with its abbreviation or reference in brackets ("Motion History Images (MHI)", "the rsm
  (Andrich 1978)") or capitalised where the bullet writes it in lower case. 6 of the 9 dangling
  phrases, 2 of the 17 fine ones;
- not certain (reported low, repaired only by naming the thing or bringing the sentence in):
  the sentence before merely uses the noun — "a/an X" there did not separate (1 dangling, 5
  fine: "a control", "a candidate allele" are introductions in the field's own words);
- not reported: an uncertain phrase whose noun is the paper's working vocabulary — the paper
  used it in ESTABLISHED_SENTENCES sentences over at least two sections before the sentence
  said to introduce it ("the interpreter" of a JIT paper, "the empirical variogram" of a
  kriging paper): that sentence is not where a reader meets it. 5 of the 17 fine, none of the
  9 dangling. The shape-only detectors (defects.py,
context_text.py, carried_text.py) find demonstratives and pronouns at fixed places; this reads
any definite phrase, and only with the paper.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from apps.decks.pipeline import text
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.propose import bullets

# Sentences of the paragraph before the bullet's that still count as "just before" it.
PREVIOUS_PARAGRAPH_TAIL = 2
# A noun the paper used in this many sentences, over two sections or more, before the sentence
# that would introduce it is the paper's working vocabulary, not that sentence's thing.
ESTABLISHED_SENTENCES = 8
ESTABLISHED_SECTIONS = 2


def _word_set(words: str) -> frozenset[str]:
    return frozenset(words.split())


# Share of a bullet's words a sentence of the paper must have for the bullet to be made of it.
MIN_SHARED_WORDS = 0.8

DETERMINERS = {"the", "this", "these", "those", "such"}
# Words that end a noun phrase: the verb, a preposition or a conjunction that follows it.
ENDS_PHRASE = _word_set(
    """is are was were be been being has have had can could may might will would shall should must
    does do did and or but nor so yet if then than as at by for from in into of on onto to with
    within without via per over under between among across through during after before since
    until while when where which who whom whose that what how why not also only just both either
    neither each every all any some no its their his her our your my it they them we you he she
    one i up down out off about against along around beyond near upon the a an this these those
    such
    """
)
# After the noun, what makes the phrase identify its thing itself ("the variance of X", "the
# model we fit", "the option selected by …", "the estimates in Table 2").
RESTRICTIVE = _word_set(
    """of that which who whose where whereby between among from for in on at with we i you they
    used given obtained proposed defined described introduced shown called known named derived
    based associated corresponding considered presented studied reported listed available
    """
)
# Heads that are the paper itself, its apparatus or the world everyone shares: "the data" in a
# data paper, "the user", "the literature", "the case", "the time".
GENERIC_HEADS = _word_set(
    """paper article work study author authors reader readers user users literature field world
    data dataset case cases time times way ways fact end beginning start number numbers amount
    figure figures table tables section sections equation equations appendix chapter left right
    top bottom rest other others same former latter following above below first last next
    result results example examples question purpose aim goal context presence absence
    use usage help default hand side part order level levels type types kind kinds form forms
    package software code program value values course idea reason
    """
)
# "the first", "the best", "the following": an order or a degree, not something said before.
ORDINAL = re.compile(
    r"^(?:first|second|third|fourth|last|next|following|final|initial|latter|former|same|"
    r"other|only|main|whole|entire|total|overall|present|current|proposed|new|\w+est|most|"
    r"least|more|less)$"
)
# Words the paper would use for the thing, which say nothing the deck must repeat.
PLAIN_MODIFIERS = {"original", "above", "previous", "preceding", "aforementioned", "foregoing"}
# … of which these point back by their shape: the sentence before is the antecedent even when
# it names the thing otherwise ("the foregoing methods" after "… approaches …").
POINTING_BACK = PLAIN_MODIFIERS - {"original"}
# A count or a contrast says which of the things said before, not what they are ("the two
# models", "the different structures"): no description of its own.
COUNTING_MODIFIERS = _word_set(
    """two three four five six seven eight nine ten several both different various respective
    individual separate"""
)
PRONOUNS = {"it", "its", "they", "them", "their"}
# "it is worth …", "it is easy to …", "it follows that …", "makes it possible": no antecedent.
EXPLETIVE_AFTER = re.compile(
    r"^(?:is|was|becomes|became|seems|seemed|appears|appeared|turns\s+out|follows|remains|"
    r"would\s+be|will\s+be|can\s+be|could\s+be|may\s+be|might\s+be|has\s+been|is\s+not|"
    r"should\s+be|must\s+be|shall\s+be|is\s+to\s+be|"
    r"was\s+not)\b(?:\s+\w+){0,4}?\s+(?:to|that|whether|if|how|what)\b|"
    r"^(?:follows|turns\s+out|seems|appears)\b",
    re.I,
)
EXPLETIVE_BEFORE = re.compile(
    r"\b(?:make|makes|made|making|find|finds|found|consider|considers|deem|take|takes)\s*$", re.I
)
# A word a pronoun may stand for, named in the bullet before it.
_SINGULAR_NAMED = re.compile(
    r"\b(?i:a|an|the|this|that|our|no|each|every|any|one|its|their|his|her)\s+[A-Za-z]|"
    r"(?<=\s)[A-Z][\w-]*|\bX\b|`[^`]+`|"
    # a name written as code without its backticks: "call sfInit() if it …", "fit_model",
    # "readTable"
    r"\b[A-Za-z][\w.]*\(\)|\b[a-z][a-z0-9]*_[\w]+|\b[a-z]+[A-Z][A-Za-z0-9]*",
)
_PLURAL_NAMED = re.compile(
    r"\b(?!(?:this|thus|was|has|is|as|us|its|does|less|across|always|perhaps|various|previous|"
    r"numerous|whereas|unless|plus|besides|yes)\b)[a-z][\w-]{2,}s\b|\bX\b|\b(?:and|both|two|"
    r"three|several|many|all|these|those|people|data|criteria|phenomena)\b",
    re.I,
)
# A subject at the opening of the sentence before, that "it"/"they" may stand for.
SUBJECT = re.compile(
    r"^(?P<det>the|this|these|our|a|an)\s+(?P<words>(?:[a-z][\w-]*\s+){0,3}?[a-z][\w-]*)\s+"
    r"(?=(?:is|are|was|were|has|have|had|can|could|may|might|will|would|should|must|does|do|"
    r"did|[a-z]+(?:s|ed))\b)",
    re.I,
)


def lemma(word: str) -> str:
    """A noun's singular, well enough to match "methods" with "method", "studies" with "study"."""
    w = word.lower().strip("'’")
    if len(w) <= 3 or w.endswith(("ss", "us", "is", "ics")):
        return w
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith(("sses", "xes", "ches", "shes", "zes")):
        return w[:-2]
    if w.endswith("s"):
        return w[:-1]
    return w


def _stem(word: str) -> str:
    """A verb's stem, for a modifier made of it: "spreading" and "spreads" are "spread"."""
    for ending in ("ing", "ed", "s"):
        if word.endswith(ending) and len(word) - len(ending) >= 4:
            return word[: -len(ending)]
    return word


def lemmas(value: str) -> set[str]:
    return {lemma(w) for w in re.findall(r"[A-Za-z][\w-]*", text.MATH_SPAN.sub(" ", value))}


@dataclass(frozen=True)
class Dangling:
    """A phrase of the bullet (`part`) whose thing the paper introduced in `antecedent`, a
    sentence before the bullet's own, and the deck never did. `head` is the noun it names
    (the pronoun itself for a pronoun)."""

    part: str
    head: str
    antecedent: str
    pronoun: bool
    start: int  # where `part` starts in the bullet as written
    # the phrase points back by its words, or the sentence before introduces it as a term
    # (module docstring); an uncertain one is reported low and never costs the bullet
    certain: bool = True
    # what found it: "phrase" and "pronoun" (a thing the bullet names, that the fixer may name
    # as the paper did), "opener" (pointing_opener), "sequence" (sequence_adverb), "shell"
    # (shell_subject): the bullet's shape points back; only the paper's sentence answers it
    kind: str = "phrase"
    # the antecedent's noun with the name it gave the thing ("function makePoly", "`nobreak`
    # option"): a slide showing the noun alone ("functions") did not introduce this one
    named: str = ""


class PaperContext:
    """The sentences that come just before each sentence of the paper."""

    def __init__(self, paper: Paper):
        self.paper = paper
        self.before: dict[str, list[str]] = {}
        self.section_of: dict[str, int] = {}
        for number, section in enumerate(paper.sections):
            tail: list[str] = []
            for paragraph in section.paragraphs:
                sentences = text.sentences(paragraph)
                for position, sentence in enumerate(sentences):
                    self.before.setdefault(sentence, [*tail, *sentences[:position]])
                    self.section_of.setdefault(sentence, number)
                tail = sentences[-PREVIOUS_PARAGRAPH_TAIL:]

    def established(self, head: str, sentence: str) -> bool:
        """Whether the paper used the noun `head` (a lemma) in ESTABLISHED_SENTENCES sentences,
        over ESTABLISHED_SECTIONS sections or more, before `sentence`: its working vocabulary."""
        count, sections = 0, set()
        for candidate, words in self._words:
            if candidate == sentence:
                break
            if head in words:
                count += 1
                sections.add(self.section_of.get(candidate))
        return count >= ESTABLISHED_SENTENCES and len(sections) >= ESTABLISHED_SECTIONS

    @cached_property
    def subject(self) -> set[str]:
        """The words of the paper's title: what the paper is about is known to
        its deck's reader ("the compiler" in a paper on a compiler)."""
        return lemmas(self.paper.title)

    @cached_property
    def index(self) -> bullets.SentenceIndex:
        return bullets.SentenceIndex(self.paper)

    @cached_property
    def _words(self) -> list[tuple[str, set[str]]]:
        return [(sentence, lemmas(sentence)) for sentence in self.before]

    def sentence_of(self, bullet: str) -> str:
        """The paper's sentence the bullet was made from: found as written (bullets.SentenceIndex)
        or, when the bullet's formulas or code are written otherwise than the paper's text layer
        ("$\\tau$" for "τ"), the sentence sharing most of its words."""
        sentence = self.index.source(bullet).sentence
        if sentence:
            return sentence
        words = lemmas(bullet)
        if len(words) < 6:
            return ""
        best, score = "", (0.0, 0.0)
        for candidate, theirs in self._words:
            shared = len(words & theirs)
            found = (shared / len(words), shared / len(words | theirs))
            if found > score:
                best, score = candidate, found
        return best if score[0] >= MIN_SHARED_WORDS else ""

    def window(self, bullet: str) -> tuple[str, list[str]]:
        """The bullet's sentence in the paper and the sentences just before it (nearest last)."""
        sentence = self.sentence_of(bullet)
        return sentence, self.before.get(sentence, []) if sentence else []


_CONTEXTS: dict[int, tuple[Paper, PaperContext]] = {}


def paper_context(paper: Paper) -> PaperContext:
    """One PaperContext per paper object (every slide's rule asks)."""
    cached = _CONTEXTS.get(id(paper))
    if cached is None or cached[0] is not paper:
        _CONTEXTS.clear()
        cached = (paper, PaperContext(paper))
        _CONTEXTS[id(paper)] = cached
    return cached[1]


_TOKEN = re.compile(r"\$[^$]*\$|`[^`]*`|[A-Za-z][\w'’-]*|\S")


def _tokens(value: str) -> list[re.Match]:
    return list(_TOKEN.finditer(value))


def _is_word(token: str) -> bool:
    return bool(re.fullmatch(r"[a-z][\w-]*", token))


def _nearest(sentences: list[str], word: str) -> str | None:
    for sentence in reversed(sentences):
        if word in lemmas(sentence):
            return sentence
    return None


# Marks around a noun that name it as a term ("the different “modes”", "the *slots*").
OPENING_MARKS = {"“": "”", '"': '"', "‘": "’", "'": "'", "*": "*", "_": "_"}


def _marked_words(tokens: list[re.Match], j: int) -> int | None:
    """Where the marks tokens[j] opens close, around one to three words ("“modes”", "*load
    balancing*"); None when they do not."""
    closing = OPENING_MARKS[tokens[j].group(0)]
    for k in range(j + 2, min(j + 5, len(tokens))):
        if tokens[k].group(0) == closing:
            inside = tokens[j + 1 : k]
            return k if all(re.fullmatch(r"[A-Za-z][\w'’-]*", t.group(0)) for t in inside) else None
    return None


def _phrases(bullet: str):
    """(start, determiner, words after it, the token that follows them, end) of each definite
    phrase of the bullet (an opening demonstrative is the text rules': unresolved_reference)."""
    tokens = _tokens(bullet)
    for i, token in enumerate(tokens):
        det = token.group(0).lower()
        if det not in DETERMINERS or (i == 0 and det != "the"):
            continue  # an opening "This …" is the text rules' (unresolved_reference)
        words: list[str] = []
        j = i + 1
        end = token.end()
        while j < len(tokens) and len(words) < 4:
            word = tokens[j].group(0)
            closing = _marked_words(tokens, j) if word in OPENING_MARKS else None
            if closing is not None:
                # "the different “modes”": the marked noun is the phrase's head, not the
                # adjective before it
                words += [t.group(0) for t in tokens[j + 1 : closing]][: 4 - len(words)]
                j, end = closing + 1, tokens[closing].end()
                break
            if not _is_word(word) or word.lower() in ENDS_PHRASE:
                break
            if words and (word.endswith("ed") or re.fullmatch(r"\w{3,}ly", word)):
                break  # "the option selected by …", "the function ideally …": after the noun
            words.append(word)
            end = tokens[j].end()
            j += 1
        if not words:
            continue
        after = tokens[j].group(0) if j < len(tokens) else ""
        yield token.start(), det, words, after, end


def introduced_as_term(antecedent: str, words: list[str]) -> bool:
    """Whether `antecedent` introduces the thing `words` (a phrase's words after its determiner)
    name as a term: followed by its abbreviation or a reference in brackets ("Motion History
    Images (MHI)", "the rsm (Andrich 1978)"), or capitalised where the phrase is lower case."""
    head = lemma(words[-1])
    # the text as written: text.clean would drop the reference in brackets
    tokens = re.findall(r"[A-Za-z][\w-]*|\d+|\S", antecedent)
    for i, token in enumerate(tokens):
        if lemma(token) != head:
            continue
        bracket = tokens[i + 1 : i + 3]
        if len(bracket) == 2 and bracket[0] == "(" and re.match(r"[A-Z0-9]", bracket[1]):
            return True  # "(MHI", "(Andrich 1978": not "(that is …"
        if token[:1].isupper() and words[-1][:1].islower() and i > 0:
            return True  # "… classifiers: Random Forests …" for "the random forests"
    return False


# Quantifiers that make a noun stand for any one of its kind: "the ability of each team is
# modelled …" introduces no team, so a later "the team" is any team too (a generic definite).
DISTRIBUTIVE = re.compile(
    r"\b(?:each|every|any|either|a\s+given|any\s+given)\s+([A-Za-z][\w-]*)", re.I
)


def generic_definite(det: str, words: list[str], antecedent: str) -> bool:
    """Whether "the X" (singular, nothing counting or pointing back before X) stands for any X:
    the sentence said to introduce it names X only under a distributive quantifier ("each
    team", "any given node"), so it introduced no one X for the bullet to lean on. "the three
    groups" after "each group" counts the groups the paper named: not generic."""
    head = words[-1].lower()
    if det != "the" or lemma(head) != head:
        return False
    if {w.lower() for w in words[:-1]} & (PLAIN_MODIFIERS | COUNTING_MODIFIERS):
        return False
    return any(lemma(m.group(1)) == head for m in DISTRIBUTIVE.finditer(antecedent))


# The shape of an adjective or a participle: what a phrase's last word before a comma is when
# the comma joins adjectives of one noun ("the individual, unadjusted tests").
ADJECTIVE_SHAPE = re.compile(
    r"^[a-z]{3,}(?:al|ive|ous|ible|able|ic|ful|less|ent|ant|ary|ed|ing)$", re.I
)


def coordinated_adjective(bullet: str, end: int, head: str) -> bool:
    """Whether the phrase's last word (`head`, ending at `end`) is an adjective joined by a
    comma to another that goes on to the noun: "the individual, unadjusted tests" names tests,
    not an individual. Both words must have an adjective's shape and a word must follow."""
    following = re.match(r"\s*,\s*([A-Za-z][\w-]*)\s+([A-Za-z][\w-]*)", bullet[end:])
    return bool(
        following
        and ADJECTIVE_SHAPE.match(head)
        and ADJECTIVE_SHAPE.match(following.group(1))
        and following.group(2).lower() not in ENDS_PHRASE
    )


def dangling_phrase(
    bullet: str,
    shown: set[str],
    before: list[str],
    known: set[str] = frozenset(),
    established=None,
    near: set[str] | None = None,
) -> Dangling | None:
    """The first definite phrase of `bullet` whose noun the paper's sentences `before` it
    introduced and the deck (`shown`: the lemmas of what it showed so far, with `known`, the
    words of what the paper is about) never did. `established(head, antecedent)` says whether
    the noun is the paper's working vocabulary by then: such a phrase is reported only when
    certain (module docstring). A thing the paper named ("the function makePoly") must be
    named in `near` (the lemmas of the bullet's own slide; all of `shown` when not given):
    "the function" two slides after a name is any function of the deck."""
    for start, det, words, after, end in _phrases(bullet):
        if (
            after.lower() in RESTRICTIVE
            or after[:1].isupper()
            or _is_code_name(after)  # "the function makePoly", "the option `keep`": it says which
            or not (
                after[:1].isalpha() or after in {"", ",", ".", ";", ":", ")", "“", "”", "!", "?"}
            )
        ):
            continue  # "the variance of …", "the matrix $A$", "the tone~ object": it says what
        if ORDINAL.match(words[0].lower()) and words[0].lower() not in PLAIN_MODIFIERS:
            continue
        earlier = lemmas(bullet[:start])
        # the noun is the phrase's last word ("the fitted model": "model")
        for k in (len(words) - 1,):
            head = lemma(words[k])
            if head in GENERIC_HEADS or len(head) < 3:
                break
            antecedent = _nearest(before, head)
            if antecedent is None and POINTING_BACK & {w.lower() for w in words[:k]}:
                antecedent = before[-1]
            if antecedent is None:
                break
            if coordinated_adjective(bullet, end, head):
                break  # "the individual, unadjusted tests": the noun is after the comma
            if generic_definite(det, words, antecedent):
                break  # "the team" after "each team …": any team
            if head in earlier:
                break  # the bullet names it before the phrase
            introduced_by = {_stem(w) for w in lemmas(antecedent)}
            if any(
                _stem(lemma(w)) not in introduced_by
                and w.lower() not in PLAIN_MODIFIERS
                and w.lower() not in COUNTING_MODIFIERS
                for w in words[:k]
            ):
                break  # "the treated plots" after "… the plots …": it describes itself
            pointing = PLAIN_MODIFIERS & {w.lower() for w in words[:k]}
            if not pointing and any(re.fullmatch(r"[a-z]+-[a-z]+", w) for w in words[:k]):
                break  # "the lower-bound method": a compound says which, as the paper named it
            if head in known and not pointing:
                break  # "the compiler" in a paper about one
            name_given = thing_name(antecedent, words[k])
            if name_given:
                # the deck may say "functions", never which one the paper named: the name
                # must be on it (on the bullet's own slide, when that is given)
                if named_shown(name_given, head, shown if near is None else near):
                    break
            elif head in shown:
                modifiers = [w.lower() for w in words[:k]]
                named = lemmas(antecedent)
                # the words the paper introduced it with must be on the deck too ("the
                # original model" is not any model the deck showed)
                wanted = [lemma(w) for w in modifiers if w in PLAIN_MODIFIERS or lemma(w) in named]
                if all(w in shown for w in wanted):
                    break
            modifiers = {w.lower() for w in words[:k]}
            certain = bool(
                name_given  # "The function makePoly …" before "The function is only …"
                or det != "the"  # "those years", "these gauges": the determiner points back
                or modifiers & (PLAIN_MODIFIERS | COUNTING_MODIFIERS)
                or introduced_as_term(antecedent, words[: k + 1])
            )
            if not certain and established is not None and established(head, antecedent):
                break  # the paper's working vocabulary ("the interpreter" of a JIT paper)
            part = bullet[start:end]
            return Dangling(part, words[k], antecedent, False, start, certain, named=name_given)
    return None


def _is_code_name(token: str) -> bool:
    """Whether a word of the paper can only be a name of code: written as code, a command, or a
    word no language has ("makePoly", "fit_model", "glm.nb", "ci95")."""
    from apps.decks.pipeline.code_context import mentioned  # no import cycle

    return bool(
        re.fullmatch(r"`[^`\s][^`]{0,40}`|\\[A-Za-z@]+", token)
        or (re.fullmatch(r"[A-Za-z_][\w.]*\w(?:\(\))?", token) and mentioned([token]))
    )


_NAME_TOKEN = re.compile(r"`[^`]{1,40}`|\\[A-Za-z@]+|[A-Za-z_][\w.]*\w(?:\(\))?|\S")


def thing_name(antecedent: str, noun: str) -> str:
    """The `noun` (as the bullet writes it) as the sentence `antecedent` names its thing with a
    name of code beside it: "function makePoly", "command \\foo", "`keep` option" ("" when it
    gives no such name). "the function makePoly" introduces one function, not functions in
    general; "the functions" are not that one."""
    tokens = _NAME_TOKEN.findall(antecedent)
    for i, token in enumerate(tokens):
        if token.lower() != noun.lower():
            continue
        after = i + 1
        if after < len(tokens) and tokens[after].lower() in {"called", "named"}:
            after += 1
        names = _names_at(tokens, after, 1)
        if names:
            return f"{token} {names}"
        names = _names_at(tokens, i - 1, -1)
        if names:
            return f"{names} {token}"
    return ""


def _names_at(tokens: list[str], at: int, step: int) -> str:
    """The names of code from tokens[at] on (step 1) or back (step -1), with the others joined
    to it by "and" or a comma ("`floor` and `ceiling`", "xscale, yscale and zscale"): a plural
    noun names all of them."""
    found: list[str] = []
    while 0 <= at < len(tokens) and _is_code_name(tokens[at]):
        found.append(tokens[at])
        joint = at + step
        if 0 <= joint < len(tokens) and tokens[joint] in {"and", ","}:
            found.append(tokens[joint])
            at = joint + step
        else:
            break
    while found and found[-1] in {"and", ","}:
        found.pop()
    if step < 0:
        found.reverse()
    return re.sub(r" ,", ",", " ".join(found))


def named_shown(named: str, head: str, shown: set[str]) -> bool:
    """Whether the deck's words (`shown`, lemmas) include the name `named` gives the thing."""
    wanted = lemmas(named) - {head}
    return bool(wanted) and wanted <= shown


# A subordinate clause opening the sentence (or following a comma), up to the pronoun: "Since it
# works on names, …" — its pronoun may stand for what the main clause after the comma names.
SUBORDINATE_OPENING = re.compile(
    r"(?:^|[,;]\s*)(?:since|although|though|when|whenever|if|because(?:\s+of)?|while|as|once|"
    r"unless|whereas|even\s+(?:though|if))\b[^,;:]*$",
    re.I,
)
# What may open the main clause before its subject: "note that", "it should be noted that".
MAIN_CLAUSE_LEAD = re.compile(
    r"^(?:(?:it\s+(?:\w+\s+){0,2}(?:noted|seen|clear|evident|observed|remembered|stressed|"
    r"emphasi[sz]ed|mentioned)|(?:please\s+)?note|notice|recall|observe|remember|"
    r"we\s+(?:\w+\s+)?(?:note|see|find|observe|recall|stress))\s+that\s+|"
    r"(?:then|thus|so|here|also|however|therefore)\s*,?\s+)",
    re.I,
)
# People: what "it" never stands for ("If it fails, the user restarts the job").
PERSON_HEADS = _word_set(
    """user author reader researcher developer person people participant student respondent
    patient analyst practitioner programmer team group scientist engineer observer worker staff
    manager owner member expert teacher child man woman employee customer client player
    annotator rater volunteer farmer doctor nurse physician clinician investigator interviewer
    interviewee we you"""
)
_OPENING_DETERMINERS = r"the|this|that|these|those|our|its|their|a|an|each|every|such|any"


def _noun_phrase_at(value: str) -> tuple[str, bool] | None:
    """(head, is code) of the noun phrase `value` opens with — code, a name, or a determiner and
    its words up to the verb or preposition that ends them ("the `prune()` function": code)."""
    value = value.lstrip(" (")
    code = re.match(r"`[^`]+`", value)
    if code:
        return code.group(0), True
    det = re.match(rf"(?:{_OPENING_DETERMINERS})\s+", value, re.I)
    if det is None:
        name = re.match(r"[A-Z][\w.-]*", value)
        if name and name.group(0).lower() not in ENDS_PHRASE | DETERMINERS:
            return name.group(0), False
        return None
    words: list[str] = []
    code_seen = False
    for token in _tokens(value[det.end() :])[:5]:
        word = token.group(0)
        if word.startswith("`"):
            code_seen = True
            continue
        if not re.fullmatch(r"[A-Za-z][\w-]*", word) or word.lower() in ENDS_PHRASE:
            break
        if words and re.search(r"(?<!s)(?:s|ed)$", word) and words[-1][-1:] != "s":
            break  # "the language compiles": the verb after its subject
        words.append(word)
    return (words[-1], code_seen) if words else None


def _agrees(pronoun: str, head: str, code: bool) -> bool:
    """Whether `head` (a noun phrase's last word, or code) may be what `pronoun` stands for: the
    same number, and a thing for "it"."""
    if code and head.startswith("`"):
        return pronoun not in {"they", "them", "their"}
    plural = lemma(head) != head.lower()
    if pronoun in {"they", "them", "their"}:
        return plural
    return not plural and lemma(head) not in PERSON_HEADS


def referent_after(bullet: str, start: int, pronoun: str) -> str | None:
    """The noun phrase or code the pronoun at `start` stands for when the bullet names it after
    the pronoun (cataphora): in an appositive ("it, the `prune()` function, removes …") or as the
    subject of the main clause after a subordinate opening holding the pronoun ("Since it works
    on names, note that `prune()` removes …"). None when it names nothing there that agrees."""
    following = bullet[start + len(pronoun) :]
    appositive = re.match(r"\s*,\s*", following)
    if appositive:
        found = _noun_phrase_at(following[appositive.end() :])
        if found and _agrees(pronoun, *found):
            return found[0]
    if not SUBORDINATE_OPENING.search(bullet[:start]):
        return None
    clause_end = re.search(r"[,;]\s*", following)
    if clause_end is None:
        return None  # "Before the model is fitted they are averaged": no main clause after it
    main = following[clause_end.end() :]
    lead = MAIN_CLAUSE_LEAD.match(main)
    if lead:
        main = main[lead.end() :]
    found = _noun_phrase_at(main)
    if found and _agrees(pronoun, *found):
        return found[0]
    return None


_CLAUSE_SUBJECT = re.compile(
    rf"(?:[,;]\s*|\b(?:and|but|that|so)\s+)(?=(?:{_OPENING_DETERMINERS})\s)", re.I
)


def own_candidate(bullet: str, start: int, pronoun: str) -> str | None:
    """Something the bullet names after its pronoun at `start` that the pronoun may stand for,
    though no clause structure says it does: code ("… it returns `trim`"), or the subject of a
    later clause that agrees with it. The paper's sentence before is then not certainly what the
    pronoun means, and never the name put in its place."""
    following = bullet[start + len(pronoun) :]
    if pronoun not in {"they", "them", "their"}:
        code = re.search(r"`[^`]+`", following)
        if code:
            return code.group(0)
    for clause in _CLAUSE_SUBJECT.finditer(following):
        found = _noun_phrase_at(following[clause.end() :])
        if found and _agrees(pronoun, *found) and lemma(found[0]) not in GENERIC_HEADS:
            return found[0]
    return None


def dangling_pronoun(bullet: str, before: list[str]) -> Dangling | None:
    """A pronoun inside `bullet` with nothing before it in the bullet that it can stand for,
    whose sentence in the paper followed another (its antecedent's)."""
    if not before:
        return None
    flat = text.MATH_SPAN.sub("X", bullet)
    for token in _tokens(flat):
        word = token.group(0)
        if word not in PRONOUNS or token.start() == 0:
            continue
        preceding, following = flat[: token.start()], flat[token.end() :].strip()
        if word == "it" and (
            EXPLETIVE_AFTER.match(following) or EXPLETIVE_BEFORE.search(preceding)
        ):
            continue
        plural = word in {"they", "them", "their"}
        named = (_PLURAL_NAMED if plural else _SINGULAR_NAMED).search(preceding)
        if named or (not plural and _PLURAL_NAMED.search(preceding) and "X" in preceding):
            continue  # something before it in the bullet it may stand for
        if referent_after(flat, token.start(), word):
            continue  # … or after it, in its own sentence (cataphora)
        # a thing of its own named later in the bullet: the sentence before may not be the
        # antecedent — reported low, never named by that sentence's subject
        certain = own_candidate(flat, token.start(), word) is None
        return Dangling(word, word, before[-1], True, token.start(), certain, "pronoun")
    return None


# ------------------------------------------------------------------ the shape that points back
# A sentence can lean on the one before it without a noun to match: by comparing with it
# ("Other functions …", "A more cumbersome method …", "Of the three, …"), by continuing its
# steps or its reasoning ("… may then be performed", "You would therefore …"), or by summing it
# up in a shell noun ("The approach is not viable", "The behaviour is fine"). With the paper
# as the oracle — the bullet's sentence follows another of its paragraph, that the deck does
# not show — these are certain: the reader of the slide has only half of the comparison, the
# step or the thing summed up.

_COUNT = r"(?:two|three|four|five|six|seven|eight|nine|ten|several|many)"
# At the bullet's opening: "Other methods …", "Another option …", "The remaining cases …",
# "No other object …", "One more option …", "Of the three, …", "Both of these …", "As a
# second example, …".
POINTING_OPENER = re.compile(
    rf"^(?:(?:other(?!\s+than\b)|another|no\s+other|one\s+(?:other|more)|"
    rf"the\s+(?:other|remaining|latter|former)|these\s+{_COUNT})\s+[a-z][\w-]*|"
    rf"(?:of|among|between)\s+(?:the|these|those)\s+{_COUNT}\b(?!\s+[a-z][\w-]*\s+(?:of|in)\b)|"
    rf"both\s+of\s+(?:them|these|those)\b|the\s+latter\b|the\s+former\b|"
    # "As a second example, …", "A further option …": the first one was before
    rf"(?:as\s+|in\s+)?an?\s+(?:second|third|fourth|fifth|further)\s+[a-z][\w-]*|"
    # a relative clause set as a sentence: "Which is a pity, as …", "Which means that …" (not
    # the question's "Which method …")
    rf"which\s+(?:is|was|are|were|means|meant|makes|made|gives|gave|leads|led|explains|"
    rf"shows|would|will|can|could|may|might|has|had)\b(?![^?]*\?\s*$))",
    re.I,
)
# Inside it: "There is one other mechanism …", "… such a structure", "no other object".
POINTING_INSIDE = re.compile(
    r"\b(?:there\s+(?:is|are|exists?)\s+(?:also\s+)?(?:one|two|three)\s+(?:other|more)\s+"
    r"[a-z][\w-]*|no\s+other\s+[a-z][\w-]*|such\s+an?\s+(?:[a-z][\w-]*\s+){0,2}?"
    r"[a-z][\w-]*(?![\w-])(?!\s+(?:[a-z][\w-]*\s+){0,3}?(?:that|as)\b))",
    re.I,
)
# A comparative with nothing to compare with: "A more cumbersome (but faster) method is …"
# with no "than" in the sentence.
COMPARATIVE_OPENER = re.compile(
    r"^(?:an?|the)\s+(?:more|less)\s+[a-z][\w-]*(?:\s+\([^)]*\))?\s+[a-z][\w-]*", re.I
)
# A step or a consequence of what the sentence before said: "… may then be performed",
# "You would therefore use …", "…, then, …". Not after the bullet's own condition or first
# step ("If …, then …", "After fitting, the model is then …").
SEQUENCE_ADVERB = re.compile(
    r"\b(?:may|can|could|would|will|must|should|might|is|are|was|were|be|been|we|you|one|"
    r"they)\s+(?P<adverb>then|therefore|thus|hence|consequently|accordingly)\b|"
    # between a definite subject and its verb: "The algorithm then performs …"
    r"^(?:the|this|these)\s+(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*\s+"
    r"(?P<subject_adverb>then|therefore|thus|hence)\s+[a-z]+(?:s|ed)\b",
    re.I,
)
OWN_CONDITION = re.compile(
    r"\b(?:if|when|whenever|once|after|given|since|because|as\s+soon\s+as|first|firstly|"
    r"before|until|unless|where|so\s+that|in\s+order)\b",
    re.I,
)
# Shell nouns: a definite subject that sums up what the sentences before described ("The
# approach …", "The behaviour …", "The cases …"), without a word of its own to say which.
AUXILIARIES = _word_set(
    """is are was were has have had can could may might will would should must does do did also
    then thus therefore cannot"""
)
# A clause between the subject and its verb: "The device when used with … gives …".
CLAUSE_AFTER_SUBJECT = {"when", "if", "while", "once", "unless"}
SHELL_NOUNS = _word_set(
    """approach behavior behaviour case combination device result row method procedure
    technique strategy scheme mechanism arrangement setting situation trick solution option
    step process problem issue change modification difference effect idea feature limitation
    drawback advantage alternative construction remedy workaround treatment phenomenon outcome
    consequence restriction assumption observation finding property characteristic benefit
    optimization optimisation"""
)
# "The approach is …", "The spreading process is repeated …", "The rows contribute …": the
# shell noun (after at most two modifiers) and the verb of the sentence.
SHELL_SUBJECT = re.compile(
    r"^the\s+(?P<words>(?:[a-z][\w-]*\s+){0,2}?)(?P<head>[a-z][\w-]*)\s+"
    r"(?P<verb>(?:is|are|was|were|has|have|had|can|could|may|might|will|would|should|must|"
    r"does|do|did|also|then|thus|therefore|[a-z]+(?<!s)s)\b|[a-z][\w-]*)",
    re.I,
)


def _number_word(word: str) -> bool:
    return bool(re.fullmatch(_COUNT, word, re.I))


def pointing_opener(bullet: str, before: list[str]) -> Dangling | None:
    """The bullet compares with or picks among what the sentence before it named ("Other
    functions …", "Of the three, …", "such a class", "A more cumbersome method" without a
    "than")."""
    if not before:
        return None
    flat = text.MATH_SPAN.sub("X", bullet)
    match = POINTING_OPENER.match(flat) or POINTING_INSIDE.search(flat)
    if match is None:
        comparative = COMPARATIVE_OPENER.match(flat)
        if comparative and not re.search(r"\bthan\b", flat, re.I):
            match = comparative
    if match is None:
        return None
    part = match.group(0)
    if re.search(r"\bother\s+(?:hand|words|things|side)\b", part, re.I):
        return None  # idioms
    head = part.split()[-1]
    return Dangling(part, head, before[-1], False, match.start(), True, "opener")


def sequence_adverb(bullet: str, before: list[str]) -> Dangling | None:
    """The bullet is a step or a consequence of the sentence before it ("… may then be
    performed", "You would therefore use …") and states no condition or step of its own."""
    if not before:
        return None
    flat = text.MATH_SPAN.sub("X", bullet)
    match = SEQUENCE_ADVERB.search(flat)
    if match is None:
        return None
    group = "adverb" if match.group("adverb") else "subject_adverb"
    if OWN_CONDITION.search(flat[: match.start(group)]):
        return None
    word = match.group(group)
    return Dangling(word, word, before[-1], False, match.start(group), True, "sequence")


def shell_subject(bullet: str, before: list[str], shown: set[str]) -> Dangling | None:
    """The bullet opens on a shell noun as its subject ("The approach is not viable …", "The
    rows contribute nothing") that sums up, or names again, what the sentences before it
    described, and the deck (`shown`) never used the noun."""
    if not before:
        return None
    match = SHELL_SUBJECT.match(bullet)
    if match is None:
        return None
    head = lemma(match.group("head"))
    verb = match.group("verb").lower()
    plural = head != match.group("head").lower()
    if verb not in CLAUSE_AFTER_SUBJECT and (
        verb in ENDS_PHRASE - AUXILIARIES
        or verb in RESTRICTIVE
        or (not plural and not re.fullmatch(r"[a-z]+(?<!s)s|" + "|".join(AUXILIARIES), verb))
    ):
        return None  # "the approach of …", "the case study …": not the sentence's subject
    modifiers = {lemma(w) for w in match.group("words").split()}
    if head not in SHELL_NOUNS or head in shown or modifiers & (ENDS_PHRASE | DETERMINERS):
        return None
    part = match.group(0).strip()
    return Dangling(part, match.group("head"), before[-1], False, 0, True, "shell")


_ORDINAL_WORD = r"(?:first|second|third|fourth|fifth|sixth|last|final|remaining)"
# A part named by its place in a whole the sentence before announced ("There are two things to
# note. The first is that …", "The third argument is the colour", "The second and third
# arguments give …", "In the second case, …"): the whole is not on the slide. The nouns are
# those a whole is made of; "the second half of May", "the first author" are no such part.
PART_NOUNS = _word_set(
    """argument arguments parameter parameters part parts case cases step steps type types kind
    kinds component components element elements item items option options pattern patterns
    one ones column columns row rows field fields entry entries term terms approach method
    variant reason condition rule stage phase point block blocks"""
)
ORDINAL_PART = re.compile(
    rf"\bthe\s+(?P<ordinal>{_ORDINAL_WORD}(?:\s+(?:and|or)\s+{_ORDINAL_WORD})?)"
    r"(?:\s+(?P<noun>[a-z][\w-]*))?",
    re.I,
)
# "The first is that …", "The second was …": an ordinal as the subject, its noun left to the
# sentence before.
_BARE_ORDINAL_VERB = _word_set("is are was were has have can will would may")


def ordinal_part(bullet: str, before: list[str]) -> Dangling | None:
    """The bullet names a part by its place in a whole ("The first is that …", "the third
    argument", "the second case") that only the paper's sentences before it announced, and
    counts nothing of its own ("the second of the two …" says the whole)."""
    if not before:
        return None
    flat = text.MATH_SPAN.sub("X", bullet)
    for match in ORDINAL_PART.finditer(flat):
        noun = (match.group("noun") or "").lower()
        after = flat[match.end() :].lstrip()
        bare = noun in _BARE_ORDINAL_VERB or (not noun and after[:1] in {",", ":"})
        if noun == "of" or (not bare and noun not in PART_NOUNS):
            continue  # "the second of the two", "the first author", "the last decade"
        if noun in PART_NOUNS and re.match(r"(?:X\s+|`[^`]*`\s+)?(?:of|in)\b|X\b|`", after):
            continue  # "the first step of the method", "the first column $Q_0$": it says which
        bare_end = match.start("ordinal") + len(match.group("ordinal"))
        part = match.group(0) if noun in PART_NOUNS else flat[match.start() : bare_end]
        head = noun if noun in PART_NOUNS else match.group("ordinal")
        return Dangling(part, head, before[-1], False, match.start(), True, "part")
    return None


# A particle that continues the sentence before: "… in the square either." (as the thing said
# before), "If so, …", "If not, …". Certain: the sentence says nothing of its own for them.
CONTINUING_PARTICLE = re.compile(
    r"(?<![,;]\s)(?<!\bor\s)\beither\s*[.!]?$|^(?:if|when)\s+(?:so|not)\b|"
    r"^(?:even\s+so|if\s+this\s+is\s+the\s+case)\b",
    re.I,
)
# "also", "too", "now" mid-sentence continue too, but as often say something of their own
# ("The package also reads CSV files" reads alone): never reported; bullet selection prefers a
# sentence without them.
SOFT_PARTICLE = re.compile(
    r"^(?:[\w$`.-]+\s+){1,4}?(?P<word>also|now)\b|\b(?P<end>too)\s*[.!]?$",
    re.I,
)


def continuing_particle(bullet: str, before: list[str], *, soft: bool = False) -> Dangling | None:
    """The bullet goes on from the sentence before by a particle ("either" at its end, "If
    so, …"; with `soft`, less surely, "also", "now", "too": bullet selection only)."""
    if not before:
        return None
    flat = text.MATH_SPAN.sub("X", bullet).rstrip()
    match = CONTINUING_PARTICLE.search(flat)
    certain = match is not None
    if match is None and soft:
        match = SOFT_PARTICLE.search(flat)
    if match is None:
        return None
    if certain:
        word, start = match.group(0).strip(" .!"), match.start()
    else:
        group = "word" if match.group("word") else "end"
        word, start = match.group(group), match.start(group)
    return Dangling(word, word, before[-1], False, start, certain, "particle")


# What the reader of the paper sees beside the sentence — an example, a display, code, a
# table — pointed at as seen ("As you can see, …", "As can be seen, …", "… the macros you see
# here", "… shown here"): on a slide with none of these it points at nothing. The pointer is
# words the sentence can lose ("As you can see," is no part of the statement).
SEEING_POINTER = re.compile(
    r"^as\s+(?:you|we|one)\s+(?:can\s+|could\s+|may\s+|will\s+)?(?:see|notice|observe)\s*,|"
    r"^as\s+(?:can|could|may)\s+be\s+(?:seen|observed)\s*,|"
    r"(?:,?\s+(?:that\s+|which\s+)?(?:you|we)\s+(?:can\s+)?see|,?\s+(?:shown|given|listed|"
    r"illustrated|displayed))\s+here(?=\s*[.,;:]?\s*$)|"
    # "… the functions illustrated below to find …": the place on the page, mid-sentence
    r"\s+(?:shown|given|listed|illustrated|displayed|plotted|depicted)\s+(?:below|above)\b",
    re.I,
)


# A display of the paper as the subject of what it shows ("The drawing shows the basis vectors
# …", "This figure compares …", "The diagram illustrates …") or an equation as the subject of
# what is done with it ("The equation can be solved …", "This formula gives …"): the reader of
# the paper has it beside the sentence, a slide without a figure, table or display points at
# nothing (round 23: a drawing's caption, its "This drawing shows" made "The drawing shows", on
# a slide of bullets). "Figure 3 shows …" is dangling_pointer's; "the figure of merit", "the
# equation of state" say what they are.
DISPLAY_POINTER = re.compile(
    r"^(?:the|this|these|that|those)\s+(?:above\s+|following\s+|previous\s+|preceding\s+)?"
    r"(?P<head>figures?|drawings?|sketch(?:es)?|diagrams?|plots?|graphs?|charts?|tables?|"
    r"illustrations?|schematics?)\s+(?:also\s+|clearly\s+|here\s+)?"
    r"(?:shows?|depicts?|illustrates?|displays?|presents?|compares?|lists?|summari[sz]es|"
    r"plots?|highlights?|demonstrates?|gives?|reports?)\b(?P<that>\s+that\b)?|"
    r"^(?:the|this|these)\s+(?P<math>equations?|formulae?|formulas)\s+(?:then\s+|also\s+)?"
    r"(?:can|could|may|must|is|are|gives?|yields?|shows?|reads?|becomes?|holds?|leads?|"
    r"describes?|relates?|defines?|states?|has|have|will)\b",
    re.I,
)


def display_pointer(bullet: str) -> Dangling | None:
    """The bullet's subject is a display of the paper by its kind ("The drawing shows …", "The
    equation can be solved …"): kind "seeing", its head the display's noun. Its `part` is what
    the statement can lose only when a clause follows ("The figure shows that …")."""
    match = DISPLAY_POINTER.match(text.MATH_SPAN.sub("X", bullet.strip()))
    if match is None:
        return None
    from apps.decks.pipeline.defects import figure_deixis

    if figure_deixis(bullet):
        return None  # "The figure shows …": dangling_pointer's already (one finding a bullet)
    head = match.group("head") or match.group("math")
    # "The equation can be solved …": the subject is what points (the verb is the statement's)
    part = match.group(0) if match.group("head") else bullet.strip()[: match.end("math")]
    return Dangling(part, head.lower(), "", False, 0, True, "seeing")


def loses_pointer_cleanly(found: Dangling) -> bool:
    """Whether the statement stands with `found.part` cut out: "As you can see, …", "… shown
    here", "The figure shows that …" — not "The drawing shows the vectors" (no verb left)."""
    return found.head == "see" or found.part.lower().rstrip().endswith(" that")


def seeing_pointer(bullet: str) -> Dangling | None:
    """The bullet points at what its reader sees beside it in the paper ("As you can see, …",
    "… the macros you see here", "The drawing shows …"): kind "seeing", its `part` the words
    the statement loses."""
    match = SEEING_POINTER.search(bullet)
    if match is None:
        return display_pointer(bullet)
    part = match.group(0)
    return Dangling(part, "see", "", False, match.start(), True, "seeing")


_TIMES = r"(?:twice|thrice|half|(?:\d+(?:\.\d+)?|two|three|four|five|six|seven|eight|nine|ten|several|many)\s+times)"
_COMPARATIVE = (
    r"(?:faster|slower|larger|smaller|higher|lower|more|less|fewer|bigger|greater|better|worse|"
    r"longer|shorter|cheaper|wider|narrower)"
)
# A comparison whose base the sentence before named ("The load cell performs better in the
# rain", "… is three times as accurate", "… runs 3 times faster"): better, faster than what?
# The base said in the sentence ("than …", "as … as …", "compared with …", "over …") stands.
COMPARISON_WITHOUT_BASE = re.compile(
    rf"\b{_TIMES}\s+as\s+(?:(?:many|much)\s+)?(?!as\b)[a-z][\w-]*\b|"
    rf"\b(?:\d+(?:\.\d+)?|two|three|four|five|six|ten|several|many)\s*(?:times|x|×|-fold|fold)\s+"
    rf"{_COMPARATIVE}\b|"
    r"\b(?:performs?|performed|works?|worked|does|did|fares?|fared|scales?|scaled|converges?|"
    r"converged|runs?|ran)\s+(?:(?:much|slightly|significantly|considerably|substantially|"
    r"somewhat|far|even|markedly|consistently|noticeably|clearly)\s+)?"
    r"(?:better|worse|faster|slower)\b",
    re.I,
)
_BASE_NAMED = re.compile(
    r"\b(?:than|as|compared\s+(?:to|with)|relative\s+to|over|versus|vs\.?|against|"
    r"in\s+comparison)\b",
    re.I,
)
# "if we cluster the nodes, the caches … run faster", "by sorting the edges, it runs faster":
# the bullet states its own change, which is the base of the comparison
_OWN_CHANGE = re.compile(r"\b(?:if|when|whenever|once|after|by\s+[a-z]+ing)\b", re.I)


def comparison_without_base(bullet: str, before: list[str]) -> Dangling | None:
    """The bullet compares with what the sentence before it named and does not say with what
    ("performs better", "is twice as large", "5 times faster" with no "than"/"as …")."""
    if not before:
        return None
    flat = text.MATH_SPAN.sub("X", bullet)
    for match in COMPARISON_WITHOUT_BASE.finditer(flat):
        if _BASE_NAMED.search(flat[match.end() :]) or _OWN_CHANGE.search(flat[: match.start()]):
            continue
        part = match.group(0)
        return Dangling(
            part, part.split()[-1], before[-1], False, match.start(), True, "comparison"
        )
    return None


def pointing_back(bullet: str, before: list[str], shown: set[str]) -> Dangling | None:
    """What the bullet's shape leans on in the sentence before it (the checks above, and round
    17's in referent_shapes)."""
    from apps.decks.pipeline import linked_clauses, referent_shapes  # they build on this module

    return (
        pointing_opener(bullet, before)
        or shell_subject(bullet, before, shown)
        or sequence_adverb(bullet, before)
        or ordinal_part(bullet, before)
        or continuing_particle(bullet, before)
        or comparison_without_base(bullet, before)
        or referent_shapes.relation_without_base(bullet, before)
        or referent_shapes.demonstrative_pronoun(bullet, before)
        or referent_shapes.continued_list(bullet, before)
        or referent_shapes.unshown_example(bullet, before, shown)
        or linked_clauses.linked_clause(bullet, before)
    )


# The bullet says what a code name is: "the function `fit2`", "`fit2` is a wrapper …".
_NAME_SAID = (
    r"(?:{nouns})\s+(?:called\s+|named\s+)?`?{name}\b|^`?{name}`?\s+(?:is|are)\s+(?:a|an|the)\b"
)
_NAME_NOUNS = (
    r"commands?|functions?|methods?|programs?|packages?|scripts?|classe?s?|objects?|vectors?|"
    r"variables?|arguments?|options?|parameters?|fields?|files?|matri(?:x|ces)|data\s+sets?|"
    r"tables?|lists?|data\s+frames?|calls?|called|named"
)


def unintroduced_name(bullet: str, before: list[str], shown_texts: list[str]) -> Dangling | None:
    """A code name the bullet uses as known ("If we compare `fit` and `fit2` …", "The call
    `read_log()` then …") that the paper's sentences just before it introduced and no slide
    names; not when the bullet says what it is ("the vector `fit2`", "`fit2` is a …"). Bullet
    selection only: on the set 8–12 decks, as a reviewer's finding, 8 of its 22 flags were
    product names ("Glimmer3", "TraceMonkey") a reader takes as names, or abbreviations
    ("e.g") — now left out; the rest is not measured enough to be a reviewer's finding."""
    from apps.decks.pipeline.code_context import mentioned  # no import cycle

    if not before:
        return None
    names = {
        name
        for name in mentioned([bullet]) - mentioned(shown_texts)
        # a capitalised "Glimmer3", "TraceMonkey" is a product's name a reader takes as one;
        # "e.g", "i.e" are abbreviations
        if not name[:1].isupper() and not re.fullmatch(r"(?:[a-z]\.)+[a-z]?", name)
    }
    for name in sorted(names, key=lambda n: bullet.find(n)):
        said = _NAME_SAID.format(nouns=_NAME_NOUNS, name=re.escape(name))
        if re.search(said, bullet, re.I):
            continue
        introduced = next((b for b in reversed(before) if name in mentioned([b])), None)
        if introduced is None:
            continue  # a first mention, or one from far before: not this sentence's lean
        start = max(bullet.find(name), 0)
        return Dangling(name, name, introduced, False, start, True, "name")
    return None


def leaning(
    bullet: str, before: list[str], shown: set[str], shown_texts: list[str] = ()
) -> Dangling | None:
    """Whether a candidate bullet leans on the paper's sentences `before` it, judged before any
    slide exists (bullet selection): the reviewer's detectors, with `shown` the lemmas of what
    earlier slides say. Uncertain findings count too — a selection that prefers another sentence
    of the same paragraph loses little when they are wrong."""
    if not before:
        return None
    from apps.decks.pipeline.introduced_anchors import shape_anchor  # it builds on this module

    return (
        dangling_phrase(bullet, shown, before)
        or dangling_pronoun(bullet, before)
        or pointing_back(bullet, before, shown)
        or continuing_particle(bullet, before, soft=True)
        or unintroduced_name(bullet, before, list(shown_texts))
        or shape_anchor(bullet, before, shown)
    )


def leans_on_paper(used: set[str]):
    """A bullet selection's "stands alone" judgement (text.key_sentences `leans`): the
    reviewer's own detectors (leaning) on the candidate and the paper's sentences just before
    it, with what earlier slides say (`used`) as shown: "certain", "maybe" or "" (it stands).
    A candidate whose sentence before is shown already leans on nothing hidden. Given the
    paper's `sentence` the bullet was made from, a demonstrative the rewrite turned into "the"
    ("This pattern …" → "The pattern …") is read too (linked_clauses.rewritten_demonstrative)."""
    texts = sorted(used)
    shown = shown_lemmas(texts)
    keys = {u.lower().rstrip(" .") for u in used}  # compared with lower-cased sentences

    def leans(bullet: str, before: list[str], sentence: str = "") -> str:
        from apps.decks.pipeline.linked_clauses import rewritten_demonstrative  # builds on this

        found = leaning(bullet, before, shown, texts) or rewritten_demonstrative(
            bullet, sentence, before, shown
        )
        if found is None:
            return ""
        if before[-1].lower().rstrip(" .") in keys and not (
            found.named and found.antecedent.lower().rstrip(" .") not in keys
        ):
            return ""  # its sentence before is shown (a thing named earlier must be too)
        # what the reviewer would report medium is certain; an uncertain phrase or pronoun, a
        # soft particle ("also") and a code name may well be known to the reader
        return "certain" if found.certain and found.kind != "name" else "maybe"

    return leans


def _key(value: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.clean(value).lower()).strip()


# Words of a bullet that, found inside the sentence before, make it that sentence as the deck
# wrote it ("For example, if you wish …" shown as "If you wish …").
SHOWN_PART_WORDS = 6


def _shows(shown: str, sentence: str) -> bool:
    """Whether a text the deck shows (a key) is `sentence` (a key), whole or cut to a bullet."""
    return sentence in shown or (len(shown.split()) >= SHOWN_PART_WORDS and shown in sentence)


def _on_deck(sentence: str, shown_texts: list[str]) -> bool:
    """Whether the deck shows the paper's `sentence` (whole or cut to a bullet)."""
    key = _key(sentence)
    return bool(key) and any(_shows(_key(t), key) for t in shown_texts)


def shown_lemmas(texts: list[str]) -> set[str]:
    found: set[str] = set()
    for value in texts:
        found |= lemmas(value)
    return found


def dangling(
    bullet: str,
    shown_texts: list[str],
    context: PaperContext,
    slide_texts: list[str] | None = None,
) -> Dangling | None:
    """What of `bullet` leans on a sentence of the paper the deck (`shown_texts`: the slide's
    title, caption and bullets before it, and every earlier slide's) does not show.
    `slide_texts`, when given, are the bullet's own slide's texts before it: where a thing the
    paper gave a name ("the function makePoly") must be named."""
    sentence, before = context.window(bullet)
    if not sentence:
        return None  # not a sentence of the paper
    if not before:
        # its section's first: nothing before it to lean on, but what it points at as seen
        return seeing_pointer(bullet)
    shown = shown_lemmas(shown_texts)
    near = None if slide_texts is None else shown_lemmas(slide_texts)
    phrase = dangling_phrase(bullet, shown, before, context.subject, context.established, near=near)
    if _on_deck(before[-1], shown_texts):
        # the sentence before it is on the deck: its antecedent is shown — unless the thing
        # was named by a sentence before that one, which the deck left out ("The function
        # makePoly inserts …", then "Vertices are inserted …" shown, then "The function is …")
        own = shown_texts if slide_texts is None else slide_texts
        if phrase and phrase.named and not _on_deck(phrase.antecedent, own):
            return phrase
        # what the bullet points at as seen is a display or an example, not that sentence
        return seeing_pointer(bullet)
    found = phrase or dangling_pronoun(bullet, before)
    if found is not None and found.certain:
        return found
    # the shape that points back is certain where the noun's use before was not
    from apps.decks.pipeline.definite_subjects import definite_subject
    from apps.decks.pipeline.introduced_anchors import introduced_anchor
    from apps.decks.pipeline.referent_shapes import unshown_component

    return (
        pointing_back(bullet, before, shown)
        or unshown_component(bullet, before, shown_texts, context, sentence)
        or definite_subject(bullet, before, shown_texts, context, sentence)
        or introduced_anchor(bullet, before, shown, context, sentence, near)
        or seeing_pointer(bullet)
        or found
    )


def shown_texts(slides) -> list[str]:
    """What the slides show a reader, in order: each one's title, caption and bullets."""
    return [t for s in slides for t in (s.title, s.caption, *s.bullets) if t]
