"""Findings stated in words rather than with "than" or a verb of finding: a ranking ("X is
highest with A and lowest with B", "the best results are obtained with …", "performs best"), a
margin ("surpasses B by 4 %"), two measures set against each other ("93 % against 88 % for B"),
a gain over something named ("improves … over the baseline"), a verdict ("is superior to").

main_points reads these as a finding as plain as "we show that …" (`_strength`), so the
abstract's ranking or verdict can be the paper's headline. What stays out: a time span
("improved over the years"), a plan or a hypothetical (main_points' NOT_A_FINDING), another
study's claim (its citation).
"""

from __future__ import annotations

import re

_SUPERLATIVE = (
    r"(?:highest|lowest|best|worst|largest|smallest|greatest|fastest|slowest|strongest|"
    r"weakest|(?:most|least)\s+(?!common|frequent|popular|widely|used|important|prevalent|"
    r"studied|famous|known)[\w-]+)"
)
_AMOUNT = (
    r"(?:a\s+|the\s+)?(?:factor\s+(?:of\s+)?|about\s+|up\s+to\s+|over\s+|more\s+than\s+|"
    r"nearly\s+|almost\s+|approximately\s+|some\s+|around\s+)*\$?\d"
)
# what a gain "over" is a gain over: a rival, not a time span ("over the years")
_RIVAL = (
    r"(?:baselines?|methods?|approach(?:es)?|models?|algorithms?|systems?|classifiers?|"
    r"estimators?|schemes?|designs?|techniques?|tools?|competitors?|alternatives?|"
    r"state[-\s]of[-\s]the[-\s]art|(?:existing|previous|prior|standard|conventional|classical|"
    r"competing|current|original|plain|default|naive|reference)\b)"
)

WORDED_FINDING = re.compile(
    # a ranking across conditions: "is highest with A and lowest with B", "was the most
    # accurate in every test"
    rf"\b(?:is|are|was|were)\s+(?:(?:consistently|always|clearly|generally)\s+)?(?:the\s+)?"
    rf"{_SUPERLATIVE}\s+(?:(?:of\s+all|overall)\s+)?(?:with|for|in|when|under|among|at|on|"
    rf"across)\b|"
    # the best result named with what gives it: "the best results are obtained with …",
    # "the highest accuracy was achieved by …"
    rf"\bthe\s+{_SUPERLATIVE}\s+(?:[\w-]+\s+){{0,2}}?(?:is|are|was|were)\s+(?:obtained|"
    rf"achieved|found|reached|attained|given|produced|observed|seen)\s+(?:with|by|for|in|"
    rf"when|using)\b|"
    rf"\b(?:gives?|gave|yields?|yielded|provides?|provided|achieves?|achieved|obtains?|"
    rf"obtained|attains?|attained)\s+the\s+(?:best|highest|lowest|smallest)\s+[\w-]+|"
    # a ranking said of the subject: "performs best", "ranks first"
    r"\b(?:performs?|performed|works?|worked|does|did|scores?|scored)\s+(?:the\s+)?"
    r"(?:best|worst|better|worse)\b|\branks?\s+(?:first|highest|top|last)\b|"
    # a verdict: "is superior to", "is preferable to", "is on par with"
    r"\b(?:is|are|was|were)\s+(?:(?:clearly|consistently|significantly)\s+)?(?:superior|"
    r"inferior|preferable)\s+to\b|\bon\s+par\s+with\b|"
    # a margin: "surpasses B by 4 %", "exceeds the baseline by 12 points"
    r"\b(?:surpass|exceed|beat|outscor|outrank)\w*\b[^.;]{0,80}?\bby\s+" + _AMOUNT + "|"
    # two measures set against each other: "93 % against 88 % for B", "0.91 versus 0.85"
    r"\d+(?:\.\d+)?\s*(?:%|\\%|percent\b|points?\b)?\s*(?:\([^)]{0,20}\)\s*)?"
    r"(?:against|versus|vs\.?|compared\s+(?:to|with))\s+\d|"
    # a gain over a rival: "improves the recall over the baseline", "a gain of 4 points over
    # BM25" (an "improvement on the method" alone is what was built, not what was found)
    r"\bimprov(?:es|ed|ing)\b[^.;]{0,80}?\b(?:over|upon)\s+(?:the\s+|a\s+|an\s+|all\s+|"
    r"every\s+|both\s+)?(?:[\w-]+\s+){0,2}?" + _RIVAL + "|"
    r"\b(?:gains?|improvements?)\s+of\s+[^.;]{0,40}?\d[^.;]{0,40}?\bover\s+(?:the\s+)?"
    r"(?:[\w-]+\s+){0,2}?" + _RIVAL,
    re.I,
)


def states(sentence: str) -> bool:
    """Does the sentence state a finding in words (a ranking, margin, verdict or gain)?"""
    return bool(WORDED_FINDING.search(sentence))
