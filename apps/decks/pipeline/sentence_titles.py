"""A title for a figure whose caption is a sentence about what the authors do ("We handle
type-unstable loops by allowing traces to compile that …"): the act and its object, as a
heading names it ("Handling type-unstable loops").

A caption written as a sentence cannot be cut to a title: any cut leaves a clause without its
end (`title_defects.caption_cut` reports it), and the whole sentence is too long for a title.
The act the sentence opens with says what the figure is about; the means ("by …", "using
…") and the clauses after it are the detail the caption keeps under the figure.
"""

from __future__ import annotations

import re

# "We handle …", "Here we compare …": the authors as subject, a verb in its plain form
AUTHORS_ACT = re.compile(r"^(?:here\s+)?we\s+(?P<verb>[a-z]{3,})\s+(?P<rest>.+)$", re.I)
# Where the object of the act ends: the means, a purpose, a clause, a remark
OBJECT_ENDS = re.compile(
    r"\s+(?:by|using|via|through|with|so\s+that|in\s+order|to\s+(?=[a-z]+\s)|that|which|"
    r"where|when|as|because|since|while|for\s+each)\b|[,;:(.]",
    re.I,
)
# A verb in the plain form of a "we" sentence; an adverb or an auxiliary is no act
NOT_AN_ACT = re.compile(
    r"^(?:are|were|have|had|also|then|now|first|next|can|could|may|might|will|would|should|"
    r"must|do|did|see|note|observe|find|found|show|shows)$",
    re.I,
)
VOWELS = "aeiou"
MIN_OBJECT_WORDS, MAX_TITLE_WORDS = 2, 9


def gerund(verb: str) -> str:
    """The -ing form of a verb in its plain form ("handle" → "handling", "fit" → "fitting",
    "compare" → "comparing", "show" → "showing")."""
    verb = verb.lower()
    if verb.endswith("ie"):
        return verb[:-2] + "ying"
    if verb.endswith("e") and not verb.endswith(("ee", "ye", "oe")):
        return verb[:-1] + "ing"
    vowel_groups = re.findall(r"[aeiou]+", verb)
    if (
        len(vowel_groups) == 1
        and len(verb) >= 3
        and verb[-1] not in VOWELS + "wxy"
        and verb[-2] in VOWELS
        and verb[-3] not in VOWELS
    ):
        return verb + verb[-1] + "ing"  # one syllable, consonant-vowel-consonant: "fit"
    return verb + "ing"


def act_title(sentence: str) -> str:
    """ "Handling type-unstable loops" from "We handle type-unstable loops by allowing …";
    "" when the sentence does not open on the authors' act or its object is not two to eight
    words."""
    found = AUTHORS_ACT.match(sentence.strip())
    if found is None or NOT_AN_ACT.match(found.group("verb")):
        return ""
    verb = found.group("verb")
    if verb.endswith("s") and not verb.endswith("ss"):
        return ""  # "we uses" is no plain form: the text is read wrong
    what = OBJECT_ENDS.split(found.group("rest"), maxsplit=1)[0].strip()
    words = what.split()
    if not MIN_OBJECT_WORDS <= len(words) < MAX_TITLE_WORDS or what.count("$") % 2:
        return ""
    title = f"{gerund(verb)} {what}"
    return title[:1].upper() + title[1:]
