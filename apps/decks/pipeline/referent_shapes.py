"""Round 17's shapes of a bullet whose referent is in a sentence of the paper the slide does not
carry: read, like antecedents.pointing_back, only when the bullet's sentence follows another of
its paragraph that no slide shows (antecedents.dangling calls them).

- a relation without what it relates to ("An immediate consequence is that …", "… provides a
  faster alternative which …", "A natural extension is …"): a consequence of what, an
  alternative to what? Not when the sentence says it ("an alternative to `lm()`", "the
  improvement over …", "a consequence of the sampling");
- a demonstrative standing for a noun the sentence before named ("We chose to annotate these
  as …", "Among those, …", "Both are fitted …"): not "those of …", "those who …", "these
  methods";
- a list continued from the sentence before ("Some authors include also other notions", "…
  other criteria as well"): "other" after "also", or closed by "as well";
- a component named as known before any slide introduces it ("the Crawler can …" after "X
  consists of two agents: the Crawler and the Selector"): a capitalised name after "the" that
  the sentences just before introduced, that no slide names and that the paper had not made its
  working vocabulary.

Each is a `Dangling` of its own kind ("relation", "demonstrative", "list", "component"),
always certain: the shape itself points back, and the paper's sentence before is the answer
(context_fix brings it onto the slide, or another sentence of the part takes the bullet's
place). Measured on the set-15 decks and six seen papers (docs/decks.md)."""

from __future__ import annotations

import re

from apps.decks.pipeline import antecedents, text

# Nouns that name a thing by its relation to another: a consequence *of*, an alternative *to*.
RELATION_NOUNS = (
    r"consequences?|corollar(?:y|ies)|alternatives?|improvements?|extensions?|"
    r"generali[sz]ations?|variants?|counterparts?|refinements?|simplifications?|analog(?:ue)?s?"
)
# What names the base after the noun: "an alternative to …", "the extension of …".
BASE_AFTER = (
    r"of|to|over|on|upon|from|for|in|than|between|with|relative|compared|versus|vs|against|"
    r"that\s+(?:of|to)"
)
# "An immediate consequence is …", "a faster alternative which …": the determiner, at most two
# words before the noun (an adjective: "immediate", "faster", "natural"), then no base. A noun
# after it makes it an adjective ("the alternative hypothesis", "an extension cable").
# Only adjectives may stand between ("the finger extension" is a movement, no relation).
_ADJECTIVE = (
    r"(?:[a-z]{3,}(?:al|ive|ous|ible|able|ic|ful|ent|ant|ate|ary)|faster|slower|simpler|cheaper|"
    r"better|easier|quicker|safer|more|less|direct|obvious|simple|similar|further|possible|"
    r"immediate|natural|useful|good|nice|interesting|important|popular|common|recent)"
)
RELATION_WITHOUT_BASE = re.compile(
    rf"\b(?:an?|the|one|this)\s+(?:{_ADJECTIVE}\s+){{0,2}}?"
    rf"(?P<noun>{RELATION_NOUNS})\b(?=\s*(?:[,.;:()]|$|(?!(?:{BASE_AFTER})\b)"
    r"(?:is|are|was|were|be|been|which|that|can|could|may|might|will|would|should|must|has|"
    r"have|had|does|do|did|follows|arises|holds|exists|[a-z]+s\s+(?:the|a|an|to|that)\b)))",
    re.I,
)


def relation_without_base(bullet: str, before: list[str]) -> antecedents.Dangling | None:
    """The bullet names a consequence, an alternative, an improvement … without saying of
    what, and its sentence before (which does) is not on the deck."""
    if not before:
        return None
    flat = text.MATH_SPAN.sub("X", bullet)
    for match in RELATION_WITHOUT_BASE.finditer(flat):
        if re.search(r"\b(?:as|in)\s*$", flat[: match.start()], re.I):
            continue  # "As a consequence, …": a connector (dangling_connector's when it opens)
        if match.start() > 0 and not re.match(r"an?\b", match.group(0), re.I):
            continue  # "…, although the improvement is small": the bullet said what changed
        part = match.group(0)
        return antecedents.Dangling(
            part, match.group("noun"), before[-1], False, match.start(), True, "relation"
        )
    return None


# "these"/"those"/"both" standing alone for a noun: after a verb or a preposition, before what
# cannot be their noun (a stop, "as", a verb). "those of …", "those who …", "these methods",
# "those used …" say what they are.
DEMONSTRATIVE_PRONOUN = re.compile(
    r"(?<=\s)(?P<word>these|those)(?=\s*(?:[,.;:)]|$)|\s+(?:as|are|were|is|was|can|could|will|"
    r"would|may|might|must|should|have|had|and|or|but|together|again|too|all|both)\b)|"
    r"^(?:among|of|between|from|for\s+(?:all|each|both)\s+of)\s+(?P<opening>these|those|them)\s*,|"
    r"^(?P<both>both)\s+(?=(?:are|were|is|have|had|can|could|will|would|may|might|must|"
    r"should|use|uses|give|gives|show|shows|require|requires|yield|yields|lead|assume)\b)",
    re.I,
)


def demonstrative_pronoun(bullet: str, before: list[str]) -> antecedents.Dangling | None:
    """The bullet uses "these", "those" or "both" for what the sentence before it named ("We
    chose to annotate these as …", "Among those, …", "Both are …")."""
    if not before:
        return None
    flat = text.MATH_SPAN.sub("X", bullet)
    match = DEMONSTRATIVE_PRONOUN.search(flat)
    if match is None:
        return None
    if re.search(r"\b[a-z][\w-]{2,}s\b", flat[: match.start()]) and not match.group("opening"):
        return None  # "actions and initiatives …, and these have …": a plural it may stand for
    group = next(g for g in ("word", "opening", "both") if match.group(g))
    word = match.group(group)
    part = match.group(0).strip(" ,") if group == "opening" else word
    return antecedents.Dangling(part, word, before[-1], True, match.start(), True, "demonstrative")


# A list the sentence before gave, continued: "… include also other notions", "… other
# criteria as well". "other than", "each other", "in other words" are no list.
CONTINUED_LIST = re.compile(
    r"\balso\s+(?:[a-z][\w-]*\s+){0,2}?(?<!each\s)other\s+(?!than\b|hand\b|words\b)[a-z][\w-]*|"
    r"\b(?<!each\s)other\s+(?!than\b|hand\b|words\b)[a-z][\w-]*\s+as\s+well\b",
    re.I,
)


def continued_list(bullet: str, before: list[str]) -> antecedents.Dangling | None:
    """The bullet adds "other" things to a list only the sentence before gave ("Some authors
    include also other notions")."""
    if not before:
        return None
    flat = text.MATH_SPAN.sub("X", bullet)
    match = CONTINUED_LIST.search(flat)
    if match is None or re.search(r"\b(?:such\s+as|like|including|e\.g)\b", flat[match.end() :]):
        return None  # "… also other methods, such as `na.fill`": it names them
    part = match.group(0)
    return antecedents.Dangling(
        part, part.split()[-1], before[-1], False, match.start(), True, "list"
    )


# "the Crawler", "the Selector": a part of a system named by a capitalised word, followed by
# what cannot continue its name (a verb, a stop, a lower-case function word).
# The name is an agent noun ("Crawler", "Selector", "Planner", "Client"), not a surname that
# names a distribution or a test ("the Pareto", "the Weibull").
COMPONENT = re.compile(
    r"\b[Tt]he\s+(?P<name>[A-Z][a-z]{2,}(?:er|or|ar|ent|ant))(?=\s*[,.;:)]|\s+[a-z]|$)"
)


def unshown_component(
    bullet: str,
    before: list[str],
    shown_texts: list[str],
    context: antecedents.PaperContext,
    sentence: str,
) -> antecedents.Dangling | None:
    """The bullet uses a part of the system by its capitalised name ("the Crawler can …") that
    the paper's sentences just before introduced and no slide names yet."""
    if not before:
        return None
    for match in COMPONENT.finditer(bullet):
        name = match.group("name")
        after = bullet[match.end() :].lstrip()
        first = after.split(" ", 1)[0].lower() if after else ""
        if (
            first[:1].isalpha()
            and first not in antecedents.ENDS_PHRASE
            and not re.fullmatch(r"[a-z]+(?:s|ed)", first)
        ):
            continue  # "the Fisher information": a noun follows, the name qualifies it
        if first in antecedents.RESTRICTIVE:
            continue  # "the Crawler of …", "the Selector we trained": it says which
        word = re.compile(rf"\b{re.escape(name)}s?\b")
        if not any(word.search(b) for b in before):
            continue  # a first mention, or a name the paper gave long before
        if name.lower() in context.subject or any(word.search(t) for t in shown_texts):
            continue
        if context.established(antecedents.lemma(name), sentence):
            continue  # the paper's working vocabulary by then
        antecedent = next(b for b in reversed(before) if word.search(b))
        return antecedents.Dangling(
            match.group(0), name, antecedent, False, match.start(), True, "component"
        )
    return None


# "To make the example more interesting, …", "In this example …": the paper's example (a
# problem, a listing, a data set) that its sentences just before set up. "the example of …",
# "the example below/given in …" say which.
EXAMPLE = re.compile(
    r"\b(?:the|this|that|our)\s+(?:(?:above|previous|preceding|same|first|second|last|"
    r"earlier|simple|small|running)\s+)?examples?\b"
    r"(?!\s+(?:of|in|from|on|with|for|given|shown|below|above|at|where|that|which)\b)",
    re.I,
)


ADVERBS_AFTER = antecedents._word_set("more less very too so even still again here already")


def unshown_example(bullet: str, before: list[str], shown: set[str]) -> antecedents.Dangling | None:
    """The bullet speaks of "the example" the paper's sentences just before set up, and no
    slide has shown an example (`shown`: the lemmas of what the deck shows). A slide with a
    figure, a display or code may show it (the rule skips those)."""
    if not before or "example" in shown:
        return None
    flat = text.MATH_SPAN.sub("X", bullet)
    match = EXAMPLE.search(flat)
    if match is None:
        return None
    following = re.match(r"\s+([a-z][\w-]*)", flat[match.end() :])
    if (
        following
        and following.group(1) not in antecedents.ENDS_PHRASE
        and not re.fullmatch(r"[a-z]+(?:s|ed)", following.group(1))  # "the example shows"
        and following.group(1) not in ADVERBS_AFTER  # "make the example more readable"
    ):
        return None  # "the example package": a noun follows, "example" only qualifies it
    antecedent = next((b for b in reversed(before) if "example" in antecedents.lemmas(b)), None)
    if antecedent is None:
        return None
    return antecedents.Dangling(
        match.group(0), "example", antecedent, False, match.start(), True, "example"
    )
