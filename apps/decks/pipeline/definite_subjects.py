"""A bullet whose subject is a definite noun phrase naming what the paper's sentence just
before introduced (round 18): "Each descriptor contains …" after "… an array of record
descriptors", "The optimization cannot be ported …" after a sentence describing it, "The table
shows good agreement" after "Table 2 lists …". The paper's reader met the thing one sentence
earlier; the deck's reader asks "which descriptor? which optimization? which table?".

antecedents.dangling_phrase reads such phrases too, but reports them low (the sentence before
merely uses the noun) and not at all when the noun is anywhere on the deck. These shapes are
surer, and are read only when the bullet's sentence follows another of its paragraph that no
slide shows (antecedents.dangling calls them):

- an introduced subject (kind "phrase", so the fixer may name it as the paper did): the
  bullet's subject is "the/each/every [up to two words] NOUN" and the paper's *first* use of
  NOUN is in one of the two sentences right before the bullet's own — the paper introduced it
  there, so no reader of the deck knows it unless a slide says the noun. Not a word of the
  paper's title, nor a generic head ("the data", "the results");
- a shell noun the deck wrote only inside a capitalised name ("The optimization cannot …" on a
  deck whose only "optimization" is "Proximal Policy Optimization"): antecedents.shell_subject
  read with the deck's common words, and "the effect/impact on …", which says what is
  affected, not what acts;
- a display pointed at by its kind ("The table shows …", "The figure compares …") after a
  sentence naming it ("Table 2 lists …"): kind "display", which the rule leaves alone on a
  slide that shows a figure, a table, a display or code.
"""

from __future__ import annotations

import re

from apps.decks.pipeline import antecedents, text

# How far back the paper's first use of the noun may be for the sentence to introduce it.
INTRODUCED_WITHIN = 2

_VERB = (
    r"(?:is|are|was|were|has|have|had|can|cannot|could|may|might|will|would|should|must|does|"
    r"do|did|also|then|thus|therefore|[a-z]+(?<!s)s|[a-z]+ed)"
)
# The bullet's opening up to its subject: an optional short opener closed by a comma ("In
# practice, …"), then "the/each/every" and the words after it.
SUBJECT_START = re.compile(r"^(?:(?P<opener>[^,;:]{1,40}),\s+)?(?P<det>the|each|every)\s+", re.I)
_WORD = re.compile(r"[a-z][\w-]*", re.I)
# Words that are no verb although they end like one: "the record bytes", "the positional
# encodings" are nouns; an auxiliary after the noun is the surest verb.
MAX_MODIFIERS = 2
# Heads every paper of a kind uses for its own whole: "the system" of a systems paper.
FIELD_HEADS = {"system", "approach", "framework", "paper", "tool", "toolkit", "implementation"}


def subject(flat: str) -> tuple[int, list[str], str, str] | None:
    """(where the determiner starts, the words before the noun, the noun, the verb) of the
    bullet's subject, or None. The noun is the word before the first auxiliary among the next
    MAX_MODIFIERS + 2 words ("The hard constraints must …"), else the word before the first
    word shaped as a verb ("Each descriptor contains …")."""
    start = SUBJECT_START.match(flat)
    if start is None:
        return None
    words = []
    for match in _WORD.finditer(flat, start.end()):
        if flat[words[-1].end() if words else start.end() : match.start()].strip():
            break  # a comma, a bracket, a formula: the phrase ends
        words.append(match)
        if len(words) > MAX_MODIFIERS + 2:
            break
    tokens = [w.group(0) for w in words]
    for k in range(1, len(tokens)):
        if tokens[k].lower() in antecedents.AUXILIARIES | {"cannot"}:
            return start.start("det"), tokens[: k - 1], tokens[k - 1], tokens[k].lower()
    for k in range(1, len(tokens)):
        if re.fullmatch(_VERB, tokens[k].lower()) or tokens[k].lower() in antecedents.ENDS_PHRASE:
            return start.start("det"), tokens[: k - 1], tokens[k - 1], tokens[k].lower()
    return None


# Apparatus a sentence points at by number and a bullet by its kind.
DISPLAY_SUBJECT = re.compile(
    r"^the\s+(?P<head>tables?|figures?|plots?|graphs?|diagrams?|listings?|charts?|maps?)\s+"
    r"(?:also\s+|clearly\s+)?(?P<verb>shows?|lists?|gives?|reports?|summari[sz]es|compares?|"
    r"presents?|illustrates?|depicts?|displays?|contains?|indicates?|reveals?|suggests?|"
    r"demonstrates?|confirms?|highlights?|includes?)\b",
    re.I,
)
# "the effect on performance": what is affected is said, not what acts.
AFFECTED_SUBJECT = re.compile(
    r"^the\s+(?:(?:[a-z][\w-]*)\s+)?(?P<head>effect|impact|influence)s?\s+on\b", re.I
)


def _titled(words: list[str]) -> bool:
    long = [w for w in words if len(w) > 3]
    return len(long) > 1 and sum(w[:1].isupper() for w in long) * 4 >= len(long) * 3


def common_lemmas(texts: list[str]) -> set[str]:
    """The lemmas of the words the texts use as common words: a word capitalised inside a
    sentence is part of a name ("Proximal Policy Optimization") and does not introduce the
    thing its lower-case noun names. A Title Cased title capitalises its common words too: there
    only the words some sentence capitalises as a name's are left out."""
    texts = [re.findall(r"[A-Za-z][\w-]*", text.MATH_SPAN.sub(" ", t or "")) for t in texts]
    names = {w for words in texts if not _titled(words) for w in words[1:] if w[:1].isupper()}
    found: set[str] = set()
    for words in texts:
        titled = _titled(words)
        for position, word in enumerate(words):
            if word in names if titled else position and word[:1].isupper():
                continue
            found.add(antecedents.lemma(word))
    return found


def _first_use(context: antecedents.PaperContext, head: str, sentence: str) -> str | None:
    """The paper's first sentence before `sentence` that uses the noun `head` (a lemma)."""
    for candidate, words in context._words:
        if candidate == sentence:
            return None
        if head in words:
            return candidate
    return None


def introduced_subject(
    bullet: str,
    before: list[str],
    shown_texts: list[str],
    context: antecedents.PaperContext,
    sentence: str,
) -> antecedents.Dangling | None:
    """The bullet's subject is a definite phrase whose noun the paper first used in one of the
    sentences right before the bullet's own, and no slide uses."""
    flat = text.MATH_SPAN.sub("X", bullet)
    found = subject(flat)
    if found is None:
        return None
    opener = SUBJECT_START.match(flat).group("opener") or ""
    if opener and (len(opener.split()) > 6 or re.search(r"\b(?:if|when|where)\b", opener, re.I)):
        return None  # a condition of its own may say which
    start, modifiers, word, verb = found
    head = antecedents.lemma(word)
    plural = head != word.lower()
    if verb in antecedents.RESTRICTIVE or (
        verb in antecedents.ENDS_PHRASE - antecedents.AUXILIARIES
    ):
        return None  # "the descriptor of …", "the array we sort": it says which
    if not plural and not re.fullmatch(_VERB, verb):
        return None  # "the record key field …": the noun is further on
    if plural and verb not in antecedents.AUXILIARIES and not re.fullmatch(r"[a-z]{3,}", verb):
        return None
    if modifiers or word[:1].isupper() or antecedents.ORDINAL.match(word.lower()):
        # "the load cell", "the male moths", "the Cox model", "the Sorter": a compound, an
        # adjective or a name says which of its kind (a name is unshown_component's); "the
        # first …" is an order (ordinal_part's)
        return None
    if (
        head in antecedents.GENERIC_HEADS
        or head in antecedents.PERSON_HEADS
        or head in FIELD_HEADS
        or len(head) < 4
        or head in context.subject
        or head in common_lemmas(shown_texts)
    ):
        return None
    first = _first_use(context, head, sentence)
    if first is None or first not in before[-INTRODUCED_WITHIN:]:
        return None  # a first mention, or the paper's vocabulary long before
    end = flat.index(word, start) + len(word)
    part = flat[start:end]
    return antecedents.Dangling(part, word, first, False, start, True, "phrase")


def shell_named_otherwise(
    bullet: str, before: list[str], shown_texts: list[str]
) -> antecedents.Dangling | None:
    """A shell subject ("The optimization cannot …", "The effect on performance would be …")
    whose noun the deck wrote only inside a capitalised name, or that says only what it
    affects."""
    common = common_lemmas(shown_texts)
    found = antecedents.shell_subject(bullet, before, common)
    if found is not None:
        return found
    match = AFFECTED_SUBJECT.match(text.MATH_SPAN.sub("X", bullet))
    if match is None or antecedents.lemma(match.group("head")) in common:
        return None
    part = match.group(0)[: -len("on")].strip()
    return antecedents.Dangling(part, match.group("head"), before[-1], False, 0, True, "shell")


def unshown_display(bullet: str, before: list[str]) -> antecedents.Dangling | None:
    """The bullet's subject is a display by its kind ("The table shows …") that the sentences
    just before named ("Table 2 lists …", "… in the table below")."""
    match = DISPLAY_SUBJECT.match(text.MATH_SPAN.sub("X", bullet))
    if match is None:
        return None
    head = antecedents.lemma(match.group("head"))
    named = re.compile(rf"\b{head}s?\b", re.I)
    antecedent = next((b for b in reversed(before[-INTRODUCED_WITHIN:]) if named.search(b)), None)
    if antecedent is None:
        return None
    part = bullet[: match.end("head")]
    return antecedents.Dangling(part, match.group("head"), antecedent, False, 0, True, "display")


def definite_subject(
    bullet: str,
    before: list[str],
    shown_texts: list[str],
    context: antecedents.PaperContext,
    sentence: str,
) -> antecedents.Dangling | None:
    """What the bullet's definite subject leans on in the sentences just before it (above)."""
    if not before:
        return None
    return (
        unshown_display(bullet, before)
        or introduced_subject(bullet, before, shown_texts, context, sentence)
        or shell_named_otherwise(bullet, before, shown_texts)
    )
