"""What a plot the paper gives no caption shows, in the words of the sentence that introduces
it (ingest/drawings.py finds that sentence, propose/captions.py shows it under the plot)."""

from __future__ import annotations

import re

from apps.decks.pipeline import text

# what a sentence must name to say what a plot shows: the plot itself or drawing it
PLOT_WORD = re.compile(
    r"\b(?:plot|plots|plotted|plotting|graph|graphs|graphic|graphics|figure|figures|map|maps|"
    r"mapped|chart|charts|diagram|diagrams|histogram|histograms|boxplots?|scatterplots?|"
    r"curves?|draws?|drawn|drawing|displays?|displayed|shows?|shown|depicts?|depicted|"
    r"illustrates?|illustrated|visuali[sz](?:e|es|ed|ation)|picture|image)\b",
    re.I,
)
# the words a sentence leads into the code with, at its end: "… is produced by:", "… are
# drawn as follows:", "We can plot the two densities,", "… with the following code:"
LEAD_IN_TAIL = re.compile(
    r"(?:\s*[,;:]|\s+(?:as follows|(?:with|using|by|via) the (?:following|next) "
    r"(?:code|command|commands|call|calls|lines?|chunk|function)|by|with|using|via|from|"
    r"calling|running|typing|(?:is|are|can be|will be) (?:produced|created|drawn|made|"
    r"obtained|generated|plotted|shown|displayed)))+\s*$",
    re.I,
)
# a pointer to the place on the page ("The map below shows …", "… are shown below.", "The
# plot above shows …"): a slide has no "below"; "values below zero" is no pointer
PLACE_POINTER = re.compile(
    r"\s+(?:just |immediately )?(?:below|above)(?=\s*(?:[,.:;]|$)|\s+(?:shows?|illustrates?|"
    r"displays?|depicts?|gives?|presents?|is|are|was|were)\b)|\s+here\b(?=[\s,.:;]|$)",
    re.I,
)
# the pointer as a whole clause ("…, as shown below:"): "as shown" alone would point nowhere
AS_SHOWN = re.compile(
    r",?\s*as (?:shown|illustrated|plotted|drawn|displayed|seen|depicted)\s+(?:below|above)\b",
    re.I,
)
FOLLOWING = re.compile(r"\b(the|The) following\b(?=\s+\w)")


def plot_statement(sentence: str) -> str:
    """The sentence introducing a plot the paper gives no caption, as a statement of what the
    plot shows: without the words that lead into its code ("… is produced by:", "… as
    follows:") and without pointers to the page ("below", "the following"); "" when it does
    not name a plot or drawing (it says nothing of what is shown) or is left too short. A
    sentence that leads into code says what the plot shows only when it names the plot or
    drawing it ("An sts object … is created as follows:" leads into the data's code); a
    whole sentence ("The incidence is highest in the east.") stands as printed."""
    cleaned = text.clean(sentence).strip().rstrip(".")
    stated = FOLLOWING.sub(r"\1", PLACE_POINTER.sub("", AS_SHOWN.sub("", cleaned)))
    stated = LEAD_IN_TAIL.sub("", stated).strip()
    if stated != cleaned and not PLOT_WORD.search(cleaned):
        return ""
    cleaned = stated
    if len(cleaned.split()) < 2:
        return ""
    return cleaned[:1].upper() + cleaned[1:] + "."
