"""An item of an enumerated list shown alone as a bullet ("(iv) Trays were rotated daily").

Its label promises a list — items before it and after it — that the slide does not show, and
a reader looks for items i to iii. Shown with its sibling items, or with the whole list in
its own sentence ("(i) … and (ii) …"), the label is the list's and stands.
"""

from __future__ import annotations

import re

# "(iv) ", "iv) ", "(c) ", "c) ", "3) ", "3. " (not "3.5"), "Step 3: ", "Item 3 — ", a coded
# item of a long list, "(T13) ", "(H2) " ("(3) " may be an equation's number:
# defects.equation_number answers those)
LABEL = re.compile(
    r"^(?P<label>\((?:[ivx]{1,5}|[a-h]|[A-Z]\d{1,3})\)|(?:[ivx]{1,5}|[a-h]|\d{1,2})\)|"
    r"\d{1,2}\.(?=\s)|(?:step|item|point|rule|stage|phase)\s+\d{1,2}\s*[:.—–-])\s+",
    re.I,
)
# a further label inside the sentence: the list is written out in it
INNER_LABEL = re.compile(r"(?:^|[\s,;:])\((?:[ivx]{1,5}|[a-h]|\d{1,2}|[A-Z]\d{1,3})\)\s")


def item_label(text: str) -> str | None:
    """The list label the bullet opens with, when the bullet does not go on to other items."""
    match = LABEL.match(text.strip())
    if match is None or INNER_LABEL.search(text.strip()[match.end() :]):
        return None
    return match["label"]


def lone_items(bullets: list[str]) -> list[int]:
    """The bullets that are an item of a list with no other item of it on the slide."""
    labelled = [i for i, b in enumerate(bullets) if item_label(b)]
    return labelled if len(labelled) == 1 else []


def without_label(text: str) -> str | None:
    """The item as a sentence of its own, its label dropped; None when what is left is no
    sentence (it went on from the list's lead: "(c) the delay grows with seed mass")."""
    match = LABEL.match(text.strip())
    if match is None:
        return None
    rest = text.strip()[match.end() :]
    if not rest[:1].isupper() or not rest.rstrip().endswith((".", "!", "?")):
        return None
    return rest


# A bulleted item that goes on from its list's lead: the bullet sign, then a word in lower case
# ("including • starting processes on many nodes, • collecting …"). Without its lead the item
# is no sentence ("Controlling and displaying the state …" said nothing of what does it).
ITEM_OF_LEAD = re.compile(r"^\s*[•◦▪‣∙]\s*(?P<rest>[a-z]\S*)")


def item_of_lead(sentence: str) -> str | None:
    """The item's first word when the paper's sentence is a bulleted item that goes on from
    its list's lead (a gerund, or a phrase without a verb), or None. A name the paper writes in lower case ("• xts objects keep …",
    "• `lm()` fits …") opens a sentence of its own."""
    from apps.decks.pipeline import lowercase_names, text

    match = ITEM_OF_LEAD.match(sentence)
    if match is None:
        return None
    rest = sentence[match.start("rest") :]
    if text.code_first(rest) or lowercase_names.opening_name(rest):
        return None
    from apps.decks.pipeline.figure_findings import has_verb

    if not match["rest"].endswith("ing") and has_verb(rest):
        return None  # "• the model is fitted by …": a clause of its own, capitalised it stands
    return match["rest"]
