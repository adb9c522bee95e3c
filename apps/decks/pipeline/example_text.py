"""Detectors for sentences that stand for something the slide does not show: an example the
paper set beside them, or the author block read as a sentence.

A template or a manual shows its examples (a lemma typeset as a lemma, a sample abstract, a
figure included as a demonstration) and talks about them: "This lemma does not have a name",
"For example, suppose that a Spanish abstract is desired" (the code after it did the rest). On
a slide without the example such a sentence points at nothing. defects.text_defects runs these
beside the other classes; each returns the offending part, or None.
"""

from __future__ import annotations

import re

from apps.decks.pipeline.text import MATH_SPAN

# What a template typesets as a specimen of itself. A bullet about "the lemma" (no number, no
# name) is about the one on the page.
SPECIMENS = (
    r"lemma|theorem|proposition|corollary|conjecture|definition|remark|example|listing|snippet|"
    r"abstract|paragraph|footnote|quotation"
)
SPECIMEN_SUBJECT = re.compile(
    rf"^(?:this|that|the|these|those)\s+(?:(?:above|following|last|next|present|sample|"
    rf"example)\s+)?(?:{SPECIMENS})s?\s+(?:(?:also|then|here|again|above|below)\s+)?"
    r"(?:is|are|was|were|has|have|had|does|do|did|can|will|shows?|illustrates?|demonstrates?|"
    r"uses?|contains?|gives?|ends?|starts?|begins?|reads?|looks?|lacks?)\b",
    re.I,
)
# A supposition that sets up an example the next lines (code, a display) carry out: "Suppose that
# a Spanish abstract is desired", "Imagine we want to …", "Say we need …".
SUPPOSITION = re.compile(
    r"^(?:for\s+example,?\s+|for\s+instance,?\s+)?(?:suppose|imagine|say)\b(?:\s+that)?\s|"
    # "Let us give some more examples …": an announcement of the examples that follow
    r"^let(?:'s|’s|\s+us)\s+(?:now\s+)?(?:give|see|look|show|try|consider|illustrate)\b",
    re.I,
)
# "For an example of how to include figures": a pointer whose main clause ("see …", the example
# itself) was lost. With a comma, a main clause follows and the sentence stands.
EXAMPLE_LEAD = re.compile(
    r"^for\s+(?:an?\s+|some\s+|more\s+|further\s+)?(?:examples?|illustrations?|demonstrations?|"
    r"samples?|details|information|instance)\b(?:\s+(?:of|on|about)\b)?[^,;:]*$",
    re.I,
)


def example_pointer(text: str) -> str | None:
    """The sentence talks about an example the paper showed beside it ("The lemma does not
    have a name", "Suppose that a Spanish abstract is desired", "For an example of how to
    include figures")."""
    flat = MATH_SPAN.sub("X", text.strip())
    match = SPECIMEN_SUBJECT.match(flat) or SUPPOSITION.match(flat) or EXAMPLE_LEAD.match(flat)
    return " ".join(match.group(0).split()[:6]) if match else None


# "Sam U. Llaun, Academy of Lagado, Lagado, Balnibarbi …": a person's name, a comma, and an
# institution — the author block read as a sentence.
_NAME = r"[A-Z][a-zà-ÿ'’-]+(?:\s+(?:[A-Z]\.\s*)+|\s+[A-Z][a-zà-ÿ'’-]+)*\s+[A-Z][a-zà-ÿ'’-]+"
_INSTITUTION = (
    r"(?:Academy|Universit\w*|Institut\w*|College|Laborator\w*|Department|Dept\.|School|"
    r"Faculty|Centre|Center|Hospital|Corporation|Inc\.|Ltd\.?|GmbH|Observatory|Foundation)"
)
AUTHOR_LINE = re.compile(rf"^{_NAME}\s*(?:\d|[*†‡])*,\s+(?:[\w'’&.-]+\s+){{0,4}}?{_INSTITUTION}\b")


def author_line(text: str) -> str | None:
    """The bullet is the paper's author block: names with their institutions."""
    match = AUTHOR_LINE.match(text.strip())
    return match.group(0)[:40] if match else None


# A report template's fields read as a sentence: "Author: …", "Date: 12 May 2031", "Version:
# 2.3", "Keywords: …", "Document number: TR-7", the head of a revision table ("Version Date
# Author Description"), and the filler of an empty page ("This page intentionally left blank").
# The paper's front matter, not its content. A field is a label and a colon (or a number sign):
# "Version 2 adds …" and "The authors date the samples …" are sentences.
_FIELD = (
    r"authors?|date|version|revision|release|keywords?|key\s?words|"
    r"(?:document|report|doc\.?)\s*(?:number|no\.?|id|identifier|reference)|"
    r"(?:prepared|approved|reviewed|checked|written)\s+by|prepared\s+for|"
    r"(?:revision|change|version|document)\s+(?:history|log|record)"
)
_COLUMN = r"version|rev\.?|revision|date|author|authors?|description|changes?|comments?|remarks"
TEMPLATE_FIELD = re.compile(
    # a field's label is capitalised, and its value is no definition ("version: the …" of a
    # manual's list of arguments describes a field; it does not fill one)
    rf"^(?-i:(?=[A-Z]))(?:{_FIELD})\s*(?::|#|No\.)(?!\s*(?:the|an?)\s)|"
    rf"^(?:{_COLUMN})(?:\s+(?:{_COLUMN})){{2,}}\b|"
    r"\bthis\s+page\s+(?:has\s+been\s+|is\s+|was\s+)?(?:intentionally|deliberately|"
    r"purposely)\s+(?:been\s+)?left\s+blank\b",
    re.I,
)


def template_field(text: str) -> str | None:
    """The bullet is a report template's field or filler, not the paper's content."""
    match = TEMPLATE_FIELD.search(text.strip())
    return match.group(0)[:40] if match else None


# "For 3, the working residuals …", "As for 1, the model matrix …", "Concerning 2, …": the
# sentence takes up an item of a numbered list the paper set just before it, by its number.
# ("In 2005, …" is a year: "in" is not among the openers, and the number has one or two digits.)
LIST_BACK_REFERENCE = re.compile(
    r"^(?:for|as\s+for|as\s+to|concerning|regarding|with\s+regard\s+to|turning\s+to)\s+"
    r"(?:(?:item|point|step|case|part)\s+)?\(?\d{1,2}\)?\s*,",
    re.I,
)


def list_back_reference(text: str) -> str | None:
    """The sentence names an item of a list the slide does not show by its number."""
    match = LIST_BACK_REFERENCE.match(text.strip())
    return match.group(0) if match else None


# "2.1 Discarded Since jpsj2.cls …": a subsection's number (and its run-in heading) read into
# the sentence after it. A decimal ("1.5 million") is followed by a word in lower case.
SECTION_NUMBER_LEAD = re.compile(r"^\d{1,2}(?:\.\d{1,2})+\.?\s+[A-Z]")


def section_number_lead(text: str) -> str | None:
    """The bullet opens with a section number."""
    match = SECTION_NUMBER_LEAD.match(text.strip())
    return match.group(0) if match else None
