"""A figure slide's title that says what the figure shows, where the usual title would not.

- **A plot the paper gives no caption** (a vignette's plot after "We can plot the residuals
  with the plot method:") is titled by its section's heading; when another slide already has
  that heading the figure slide would read "<heading> (continued)", which says nothing of the
  plot. The sentence that leads into the plot names what it shows: "We can plot the
  residuals …" → "Plot of the residuals", "we can view the fitted curves for each site …" →
  "Fitted curves for each site".
- **A caption whose first clause cites a model or method** ("Rainfall with the fitted values
  of the Okafor et al. model") keeps its words up to the cited phrase ("Rainfall with the
  fitted values"), instead of losing the whole clause to the citation and falling back on a
  bare "Figure 3".
- **A caption opening on a bare noun and how it was treated** ("Rainfall, averaged to weekly
  medians of daily totals") keeps the treatment: "Rainfall" alone names what several figures
  of the paper show, and says nothing of this one.
"""

from __future__ import annotations

import re

# "we can plot X", "one may view X", "we can get X": the reader's act on what the plot shows
_SUBJECT = r"(?:we|you|one|the user)\s+(?:can|could|may|might|will|then)?\s*"
PLOTTED = re.compile(
    rf"\b{_SUBJECT}(?P<verb>plot|draw|graph|view|visuali[sz]e|see|get|obtain|display|show)\s+"
    r"(?P<what>.+)",
    re.I,
)
# where what is shown ends: the means, the purpose, a clause after it
WHAT_ENDS = re.compile(
    r"\s+(?:with|using|via|through|by|from|to help|in order to|so that|which|that|when|where|"
    r"as|against)\b|[,;:(]",
    re.I,
)
CLAUSE_OBJECT = re.compile(r"(?:that|how|whether|if|what|why|where|when)\b", re.I)
LEADING_ARTICLE = re.compile(r"^(?:the|a|an|some|our)\s+", re.I)
CITED = re.compile(r"\bet al\b", re.I)
CITATION_PHRASE = re.compile(
    r"\s+(?:of|for|from|by|in|after|following|as in)\s+(?:the\s+)?\S+\s*$", re.I
)
MAX_WORDS = 10  # with its article: a title of nine words at most


def plotted_title(statement: str) -> str:
    """What the sentence leading into an uncaptioned plot says the plot shows, as a title;
    "" when it names no act of plotting or viewing, or what it names is not two to nine words."""
    match = PLOTTED.search(statement)
    if match is None:
        return ""
    if CLAUSE_OBJECT.match(match.group("what")):
        return ""  # "we can see that the fit improves": a finding, not what is drawn
    what = WHAT_ENDS.split(match.group("what"), maxsplit=1)[0].strip(" .")
    if not 1 <= len(what.split()) <= MAX_WORDS:
        return ""
    if match.group("verb").lower() in {"plot", "draw", "graph"}:
        title = f"Plot of {what}"
    else:
        title = LEADING_ARTICLE.sub("", what)
    if len(title.split()) < 2:
        return ""
    return title[:1].upper() + title[1:]


def without_citation(clause: str) -> str:
    """The clause up to the phrase that cites ("… values for the Okafor et al. model" → "…
    values"), or "" when it cites nothing or too little is left."""
    cited = CITED.search(clause)
    if cited is None:
        return ""
    before = clause[: cited.start()].rstrip()
    kept = CITATION_PHRASE.sub("", before)
    if kept == before or len(kept.split()) < 2:
        return ""
    return kept.strip(" ,")


# a past participle that says how the quantity was treated: "averaged", "aggregated", "taken"
PARTICIPLE = re.compile(r"^(?:\w+ed|taken|drawn|shown|given|grown|seen)\s", re.I)


def qualified(head: str, treatment: str) -> bool:
    """Whether a caption's first clause of at most two words takes the clause after it, a
    participle phrase of three to eight words saying how what it names was treated."""
    return (
        len(head.split()) <= 2
        and PARTICIPLE.match(treatment) is not None
        and 3 <= len(treatment.split()) <= 8
    )
