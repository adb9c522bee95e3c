"""Figure slides' words from the paper: a title from the caption, the caption shown, and the
claims of the sentences that discuss the figure (without their pointers to it)."""

from __future__ import annotations

import re

from apps.decks.pipeline import (
    complement_cuts,
    defects,
    plotted_titles,
    sentence_titles,
    shown_objects,
    text,
    title_defects,
    title_style,
)
from apps.decks.pipeline.caption_labels import REFERENCE_WORDS
from apps.decks.pipeline.figure_findings import has_verb
from apps.decks.pipeline.garbled import without_cells
from apps.decks.pipeline.paper import Figure
from apps.decks.pipeline.plot_statements import plot_statement

# a caption with its legend kept whole stays within this (the slide takes at most 400)
MAX_LEGEND_CHARS = 320
_REF = rf"(?:our )?(?:{REFERENCE_WORDS}) \d+[a-z]?"
_SHOWS = r"(?:shows|presents|illustrates|displays|reports|depicts|indicates|confirms|demonstrates|reveals|suggests|highlights)"
# the part of a figure or table a pointer names before its comma: "In Table 4 rows (C), we see
# …", "In Figure 3 (left), …" (the pointer taken without it left "Rows (C), we see …")
_PART = (
    r"(?:\s+(?:rows?|columns?|cols?\.|panels?|lines?|entries|entry)\s+\(?[\w.]{1,6}\)?"
    r"(?:\s*(?:and|to|&|–|-)\s*\(?[\w.]{1,6}\)?)?|\s*\([\w .,&–-]{1,20}\))"
)
# the pointer a sentence opens with, before what it says the figure shows: "As shown in
# Figure 2, …", "Figure 2 shows that …", "In Figure 2, …", "As Figure 2 shows, …", "From
# Figure 2 we see that …"
FIGURE_LEAD = re.compile(
    r"^(?:as (?:shown|seen|reported|illustrated|displayed|depicted|described) in "
    rf"{_REF},?\s*|{_REF} {_SHOWS} that\s*|(?:in|from|on) {_REF}{_PART}?,\s*|as {_REF} {_SHOWS},\s*|"
    rf"(?:in|from) {_REF},? (?:we|one) (?:can )?(?:see|observe|notice|find|note) that\s*|"
    # the reader addressed: "As you can see in Figure 6, …" (the tail rule left "As you can see,")
    rf"as (?:you|we|one) can (?:see|observe|notice) (?:in|from|on) {_REF},\s*)",
    re.I,
)
# The figure itself named by a demonstrative the sentence opens with, before what it reads in
# it: "In this display style, the common peaks appear in yellow …", "From an inspection of this
# plot, we conclude that …". On the figure's own slide the phrase points at what the reader sees;
# the clause after it is the reading. Only a phrase that names a kind of picture: "In this case,"
# or "In this section," stays (the sentence then leans on text the slide lacks).
FIGURE_DEIXIS_LEAD = re.compile(
    r"^(?:in|from|on)\s+(?:an?\s+(?:inspection|look|glance)\s+(?:of|at)\s+)?(?:this|these)\s+"
    r"(?:[\w-]+\s+){0,2}?(?:plots?|figures?|displays?|views?|images?|pictures?|graphs?|charts?|"
    r"styles?|representations?|visuali[sz]ations?|diagrams?|maps?|renderings?)\s*,\s*"
    r"(?=[a-z])",
    re.I,
)
FIGURE_TAIL = re.compile(
    r",?\s*(?<![A-Za-z])(?:(?:as )?(?:shown|seen|reported|illustrated|described|displayed|plotted|depicted) )?"
    rf"(?:in|see) {_REF}"
    # the panels it names go with it: "… curves shown in Fig. 10(a1)–(a3)" left "shown(a1)–(a3)"
    rf"(?:{defects.PANEL_LABELS})?"
    # "…, see Table 1 for details": the pointer's purpose goes with it
    r"(?:\s+for\s+(?:more\s+|further\s+|full\s+|the\s+)?details)?|"
    rf"\s*\((?:see )?{_REF}\)",
    re.I,
)
# a pointer that is the predicate of its clause ("… was shown in Fig. 6", "… are given in
# Table 2"): taken off, it leaves a subject without its verb
POINTER_PREDICATE = re.compile(
    r"\b(?:is|are|was|were|be|been)\s+(?:\w+ly\s+)?(?:shown|seen|reported|illustrated|displayed|"
    rf"plotted|depicted|given|presented|summari[sz]ed|listed)\s+in\s+(?:our )?(?:{REFERENCE_WORDS})"
    r"\s*\d",
    re.I,
)
# where a long caption phrase may be cut: before a preposition, a participle or a clause
TITLE_CUT = re.compile(
    r"\s+(?:" + "|".join(sorted(title_defects.PHRASE_ENDS)) + r"|because|while)\s+", re.I
)
# a short remark in parentheses inside the caption's sentence ("oxDNA (left) and oxDNA2
# (right)", "the error (RMSE) of"): not where its phrase ends, and no part of a title
INNER_REMARK = title_defects.INNER_REMARK

# A leading panel label, with the colon some captions put after it ("(a): Schematic …"),
# which would otherwise be left before the caption's text.
PANEL_LABEL = re.compile(r"^\(?[a-hA-H]\)(?:\s*(?:and|,|&|–|-)\s*\(?[a-hA-H]\))*\s*(?:[:.]\s+)?")


def figure_title(figure: Figure, words: int = 10) -> str:
    """A short slide title from the caption: its first phrase, without references. A figure
    the paper gives no caption (a Sweave plot, whose "caption" is the sentence before it) is
    titled with its section's heading: a bare "Figure" or a clause of that sentence says
    nothing of it."""
    if not figure.captioned and figure.section:
        # the whole heading ("Example: the Karplus-Strong algorithm"); its head only when the
        # heading was cut ("… and more tuto-")
        heading = figure.section
        if title_defects.title_fragment(heading):
            heading = title_defects.title_head(heading) or heading
        if not title_defects.title_fragment(heading):
            return heading
    if not figure.captioned:  # the statement of what it shows, never "… as follows:"
        return _caption_title(plot_statement(figure.caption), figure.label, words)
    return _caption_title(figure.caption, figure.label, words)


@text.math_safe
def _caption_title(caption: str, label: str, words: int) -> str:
    first = PANEL_LABEL.sub("", text.first_sentence(caption)).rstrip(".")
    # a citation is no part of what the figure shows ("Observed incidence [12] of …")
    first = text.without_glued_quotes(INNER_REMARK.sub("", title_style.without_citations(first)))
    act = sentence_titles.act_title(first)
    if act and len(first.split()) > words:
        # "We handle type-unstable loops by allowing traces to …": a sentence cut anywhere
        # leaves a clause without its end; the act it opens with is what the figure is about
        return act
    clauses = [c.strip() for c in _clauses(first) if c.strip()]
    # a clause citing the model it shows keeps its words before the citation
    clauses = [plotted_titles.without_citation(c) or c for c in clauses]
    if len(clauses) > 1 and plotted_titles.qualified(clauses[0], clauses[1]):
        # "Rainfall, averaged to weekly medians": the bare noun says less than the figure
        clauses[:2] = [f"{clauses[0]}, {clauses[1]}"]
    clauses = [
        c
        for c in clauses
        if not re.search(r"\bet al\b|^(figure|fig\.|table)\b|^\w\)$", c, re.I)
        and not title_defects.PANEL_FRAGMENT.match(c)  # "Left panel: …"
        and len(c.split()) >= 2
    ] or [label]
    title = clauses[0]
    if title_defects.LABEL_TITLE.match(title) and len(clauses) > 1:
        # "Case I: (a) oscillating form …": the label with what it shows, never the label alone
        title = f"{title}: {clauses[1]}"
        if title_defects.repeated_word(title):  # "Example 2: example of …" says it once
            title = clauses[1]
    sentence = title_defects.CAPTION_SENTENCE.search(title)  # "Curves … are shown as solid lines"
    if sentence and len(title[: sentence.start()].split()) >= 2:
        title = title[: sentence.start()]
    if len(title.split()) > words:
        title = _both_sides(title, words) or _cut_at_a_phrase(title, words)
    if len(title.split()) > 2 and title_defects.OBJECTLESS_END.search(title):
        # "Postage stamps showing, from top to bottom, …": the participle's object is past the
        # comma; the noun it follows stands
        title = title.rsplit(" ", 1)[0]
    title = title.strip(" .")
    return title[:1].upper() + title[1:]


def _clauses(sentence: str) -> list[str]:
    """The sentence split at its semicolons, colons, parentheses and the commas that end a
    clause; never at the comma of a list ("into kinetic, potential and thermal energy")."""
    clauses, start = [], 0
    for mark in re.finditer(r"[,;:(]", sentence):
        if mark.group(0) == "," and title_defects.LIST_COMMA.match(sentence[mark.start() :]):
            continue
        clauses.append(sentence[start : mark.start()])
        start = mark.end()
    return [*clauses, sentence[start:]]


def _cut_at_a_phrase(title: str, words: int) -> str:
    """The longest head of a long caption phrase that ends before a preposition or a clause
    ("Balanced sample from the artificial example | with the two theoretical …"), so that a
    title is never cut in the middle of a phrase; the complete clause when it is a little
    long and no head stands; else the first `words` words."""
    heads = [
        _standing(_without_participle(title[: c.start()]))
        for c in TITLE_CUT.finditer(title)
        if not _inside_range(title, c)
    ]
    # a head that is itself a fragment ("The result", "A tree", "Cumulative number" of
    # "Cumulative number of implanted … NEOs") says less than the caption's whole clause
    heads = [h for h in heads if not title_defects.title_fragment(h[:1].upper() + h[1:])]
    # nor a head that ends inside a coordination or a comparison's side ("… fitted by MLE" of
    # "… fitted by MLE and by MGE"): it names one of the two things the figure shows
    heads = [h for h in heads if not title_defects.cut_in_coordination(h, title)]
    # nor one cut before the complement its last word needs ("Leaf area measured" of "Leaf
    # area measured | for each site", "… totals starting | from May"); without the paper
    # only a participle tells
    heads = [h for h in heads if not complement_cuts.needs_complement(h, title[len(h) :], None)]
    fitting = [h for h in heads if 3 <= len(h.split()) <= words] or [
        h for h in heads if len(h.split()) == 2
    ]
    if (
        not fitting
        and len(title.split()) <= words + 4
        and not title_defects.title_fragment(title[:1].upper() + title[1:])
        and not re.search(r"\d{5,}", title)  # a chain of digits is no part of a title
    ):
        return title  # the complete clause, a little long, rather than a phrase cut inside
    return fitting[-1] if fitting else _standing(" ".join(title.split()[:words]))


# "between A and B": a pair whose members a cut must both keep
_BETWEEN = re.compile(r"\bbetween\s+(?P<a>.+?)\s+and\s+(?P<b>.+)$", re.I)


def _both_sides(title: str, words: int) -> str | None:
    """A long comparison shortened on each side at a whole phrase, never to one side ("Runtime
    of the serial solver on eight nodes versus the parallel solver on 64 threads" → "Runtime
    of the serial solver versus the parallel solver", "Difference between the predicted yield
    of the full model and the observed yield …" → "Difference between the predicted yield and
    the observed yield"); None when the clause compares nothing."""
    side = title_defects.OTHER_SIDE.search(title)
    between = _BETWEEN.search(title)
    if between:
        head = title[: between.start("a")]
        half = max(3, (words - len(head.split())) // 2)
        a, b = _side(between.group("a"), half), _side(between.group("b"), half)
        made = f"{head}{a} and {b}" if a and b else None
        # a second side cut inside its phrase ("… and MLE when fitting" of "… when fitting a
        # lognormal or a Pareto distribution"): the title ends before that phrase instead
        if made and title.startswith(made) and title_defects.caption_cut(made, title):
            return None
        return made
    if side is None:
        return None
    joint = side.group(0).strip()
    half = max(3, words // 2)
    a, b = _side(title[: side.start()], half), _side(title[side.end() :], half)
    return f"{a} {joint} {b}" if a and b else None


def _side(phrase: str, words: int) -> str:
    """One side of a comparison, cut at a whole phrase when longer than `words`."""
    phrase = phrase.strip()
    if len(phrase.split()) <= words:
        return phrase
    cut = _cut_at_a_phrase(phrase, words)
    return "" if len(cut.split()) > words + 4 else cut


# a number, then the word that goes on to the range's other bound ("from 10 | to 100 runs",
# "between 0.2 | and 0.8"): no phrase ends between them
_RANGE_CUT = re.compile(r"[-−+]?[\d.,]*\d\s*(?:[A-Za-z%°µ]{1,3}\s*)?$")


def _inside_range(title: str, cut: re.Match) -> bool:
    """The cut falls between the two bounds of a range ("… from 1.5 | to 3.2 cm")."""
    joins = cut.group(0).strip().lower() in ("to", "and", "through")
    return joins and bool(_RANGE_CUT.search(title[: cut.start()]))


def _standing(head: str) -> str:
    """A head without the words it was cut after: a dangling word ("… before"), then, while it
    reads as a fragment (cut inside a measure, "… to a 400 m x", or after an adverb, "… and
    immediately"), its last words, keeping at least three; a participle left at its end ("…
    gauges ranked" of "… ranked according to …") goes too."""
    # "… of graphs, | with and without …": a head cut after a comma ends before it
    head = _without_participle(title_defects.DANGLING_TAIL.sub("", head.rstrip(" ,;:")))
    while len(head.split()) > 3 and title_defects.title_fragment(head[:1].upper() + head[1:]):
        head = title_defects.DANGLING_TAIL.sub("", head.rsplit(" ", 1)[0])
    return head


def _without_participle(head: str) -> str:
    """A caption's head without the participle it ends on ("… of the noise generator produced"
    | "by the compiler" → "… of the noise generator"): the participle's clause was cut."""
    words = head.split()
    if len(words) > 3 and title_defects.PARTICIPLE.match(words[-1]):
        return " ".join(words[:-1])
    return head


# A caption's sentence that says where the figure comes from, not what it shows ("Source:
# national accounts.", "Adapted from Lee et al. (2019).", "Reprinted with permission from …",
# "Photo: J. Doe.", "© 2020 The Authors."): a credit, nothing a reader of the slide needs. A
# sentence about sources ("Sources of error in …") has no colon and stays.
CREDIT_SENTENCE = re.compile(
    r"^\W*(?:(?:(?:data|image|photo|picture|figure|map)\s+)?(?:sources?|credits?)\s*:|"
    r"courtesy\s+of\b|(?:photo(?:graph)?|image|picture)\s*(?::|by\b|courtesy\b)|"
    r"(?:adapted|reprinted|reproduced|redrawn)\s+(?:\w+\s+){0,3}?from\b|"
    r"©|\(c\)\s*\d{4}|copyright\b)",
    re.I,
)
# The same credit as a remark inside a sentence ("… per year (Source: national accounts)",
# "… of the network (adapted from [12])").
_CREDIT_OPENER = (
    r"\s*(?:(?:data\s+)?(?:sources?|credits?)\s*:|courtesy\s+of\b|"
    r"(?:adapted|reprinted|reproduced|redrawn)\s+(?:\w+\s+){0,3}?from\b)"
)
CREDIT_ASIDE = re.compile(rf"\s*(?:\({_CREDIT_OPENER}[^()]*\)|\[{_CREDIT_OPENER}[^\[\]]*\])", re.I)


def without_credits(caption: str) -> str:
    """The caption without its source or credit: its credit sentences, and credit remarks in
    its other sentences. A caption that is nothing but a credit is left empty; one without
    any credit is returned as it is."""
    sentences = text.sentences(caption)
    if not CREDIT_ASIDE.search(caption) and not any(CREDIT_SENTENCE.match(s) for s in sentences):
        return caption
    kept = [
        CREDIT_ASIDE.sub("", sentence)
        for sentence in sentences
        if not CREDIT_SENTENCE.match(sentence)
    ]
    return " ".join(s.strip() for s in kept if s.strip())


# words that carry nothing of their own when a caption is compared with its slide's title:
# articles and the like, and the verbs that only say a figure is there ("The schematic diagram
# of the cell is represented.")
_FILLER_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "in",
        "on",
        "for",
        "and",
        "to",
        "with",
        "its",
        "this",
        "our",
        "here",
        "is",
        "are",
        "was",
        "were",
        "be",
        "shown",
        "represented",
        "presented",
        "depicted",
        "illustrated",
        "displayed",
        "given",
        "plotted",
        "drawn",
    ]
)


def _caption_words(words: str) -> set[str]:
    return {w for w in re.findall(r"[^\W_]+|\$[^$]*\$", words.lower()) if w not in _FILLER_WORDS}


def caption_filler(caption: str, title: str = "", label: str = "") -> bool:
    """A caption line that says nothing the slide does not already: empty, a credit, the
    figure's label alone ("Figure 3"), or the slide's title again ("Example output" under
    the title "Example output", a title made from that caption)."""
    words = _caption_words(without_credits(caption))
    if not words:
        return True
    return words <= _caption_words(f"{title} {label}")


def caption_beyond_title(figure: Figure, title: str, max_words: int = 28) -> str:
    """What a caption says beyond the slide's title: its first sentence that is no filler
    under that title and stands on its own (shortened), or "" when it says nothing more."""
    # a caption that read on into its table's cells shows its words before them
    shown = without_cells(without_credits(PANEL_LABEL.sub("", figure.caption)))
    shown = text.before_lost_opening(shown)  # never a sentence that lost its first words
    for sentence in (text.clean(s) for s in text.sentences(shown)):
        if caption_filler(sentence, title, figure.label):
            continue
        if defects.text_defects(sentence.rstrip(" .")) or text.FIGURE_REF.search(sentence):
            return ""  # not whole, or it points at another figure or listing
        if re.search(
            r"\b(?:listings?|algorithms?|sections?|eq(?:uation)?s?\.?)\s*\d", sentence, re.I
        ):
            return ""
        return text.shorten_whole(sentence, max_words)
    return ""


def caption_text(figure: Figure, max_words: int = 28) -> str:
    """The caption shown on the slide: its first sentence, with the second one too when the
    first is only a label ("Tuning window size."), cut at a clause if it is long. Its source
    or credit ("Source: …", "Adapted from …") is never shown."""
    if not figure.captioned:
        return plot_caption(figure.caption)
    # a caption that read on into its table's cells shows its words before them
    shown = without_cells(without_credits(PANEL_LABEL.sub("", figure.caption)))
    shown = text.before_lost_opening(shown)  # never a sentence that lost its first words
    parts = [text.clean(s) for s in text.sentences(shown)]
    if not parts:
        return shown
    caption = parts[0]
    if len(parts) > 1 and text.word_count(caption) <= 6:
        caption = f"{caption} {parts[1]}"
    else:
        # a short caption's next sentence often says what to see ("The red cells estimate the
        # median."): shown while the whole stays within the caption's length, and stands
        for extra in parts[1:]:
            whole = f"{caption} {extra}"
            if text.word_count(whole) > max_words or defects.text_defects(extra.rstrip(" .")):
                break
            caption = whole
    if text.word_count(caption) > max_words:
        # a parenthesis opened in one formula and closed in another ("$(m_{3}$, $f)$") is no
        # aside: cut there, the caption's `$` no longer pair up
        short = text.math_safe(text.without_asides)(caption)
        if shown_objects.bare_symbol_list(short):
            # the asides were a legend's meanings ("E (Events), R (Rooms)"): without them the
            # legend is a bare row of letters, so the legend is shown whole or not at all
            return legend_caption(caption, short, max_words)
        caption = short
    shortened = text.shorten_whole(caption, max_words)
    if shortened:
        return shortened
    # a first sentence too long to show whole and with no clause end to cut at: the caption's
    # next sentence that fits, never the first one cut inside a phrase
    for extra in parts[1:]:
        if text.word_count(extra) <= max_words and not defects.text_defects(extra.rstrip(" .")):
            return extra
    return ""


def legend_caption(caption: str, short: str, max_words: int) -> str:
    """A caption whose legend gives its symbols' meanings in asides: whole while it stays
    within twice the caption's length (the legend is what a reader of the table needs), else
    without the legend."""
    if text.word_count(caption) <= 2 * max_words and len(caption) <= MAX_LEGEND_CHARS:
        return caption
    return text.shorten_whole(shown_objects.without_symbol_list(short), max_words)


def plot_caption(sentence: str) -> str:
    """What a plot the paper gives no caption shows under it: the sentence that introduces
    it as a statement (`plot_statement`), or nothing when no statement is left of it, it is
    not whole, or it has no verb (a bare noun phrase names the plot, it says nothing of it)."""
    cleaned = plot_statement(sentence)
    if not cleaned or plot_caption_defect(cleaned):
        return ""
    if not has_verb(cleaned):  # "Residuals of the model.": a name, not what the plot shows
        return ""
    return text.shorten_whole(cleaned, 28)


def plot_caption_defect(sentence: str) -> tuple[str, str] | None:
    """(issue type, part) of what keeps a plot's introducing sentence from being its caption."""
    if sentence.rstrip().endswith(":"):
        return "dangling_pointer", ":"
    found = defects.text_defects(sentence.rstrip(" ."))
    return found[0] if found else None


def mention_bullet(sentence: str, max_words: int) -> str | None:
    """A claim from a sentence that discusses a figure, without the pointer to the figure."""
    if not text.usable(sentence):
        return None
    cleaned = text.clean(sentence)
    if POINTER_PREDICATE.search(cleaned):
        return None  # "… and the I–V curve was shown in Fig. 6": the pointer is what it says
    cleaned = FIGURE_LEAD.sub("", cleaned)
    cleaned = re.sub("\u2062\\s*,", "", FIGURE_TAIL.sub(_without_aside, cleaned))
    cleaned = re.sub(r"([:;,])\s*[,;]", r"\1", cleaned)
    cleaned = re.sub(r"\s+", " ", cleaned).strip()
    cleaned = FIGURE_DEIXIS_LEAD.sub("", cleaned)
    if text.FIGURE_REF.search(cleaned):
        return None  # still leans on a figure reference ("In Figure 6b, …"): not a claim
    bullet = text.condense(cleaned, max_words)
    claim = EVIDENCED_CLAIM.match(cleaned)
    if bullet is None and claim is not None and text.word_count(claim.group("claim")) >= 6:
        # too long whole: the finding its evidence states ("A benchmark converting 100 strings
        # 10,000 times shows that X is much closer to Y than to Z" → "X is much closer …"); the
        # figure's slide shows the evidence
        bullet = text.condense(claim.group("claim"), max_words)
    return bullet


# The comma closing a pointer set as an aside, unless a clause of its own follows it ("The
# surges grew, as shown in Fig. 3, and the walls …" keeps "grew, and").
_ASIDE_CLOSE = re.compile(
    r"\s*,(?!\s*(?:and|or|but|nor|which|who|whom|whose|where|while|whereas|although|though|"
    r"so|yet|then|because|since|as|if|when)\b)"
)


def _without_aside(match: re.Match) -> str:
    """Nothing for a pointer; for one set between commas its closing comma goes too: "The
    program, shown in Figure 1, computes …" left "The program, computes …" (garbled)."""
    if not match.group(0).startswith(","):
        return ""
    closing = _ASIDE_CLOSE.match(match.string, match.end())
    return "\u2062" if closing else ""


# The evidence as the subject of a finding stated in so many words: "A simple benchmark
# converting … shows that <claim>", "We can see that <claim>". Never a hedge ("suggests that",
# "may indicate that"): without its verb the claim would be stated more firmly than the paper does.
EVIDENCED_CLAIM = re.compile(
    r"^(?:(?:[^,;:]|(?<=\d),(?=\d)){0,160}?\b(?:shows?|showed|demonstrates?|demonstrated|reveals?|revealed|"
    r"confirms?|confirmed)|(?:we|one)\s+(?:can\s+)?(?:see|observe|notice))\s+that\s+"
    r"(?P<claim>[^;]+)$",
    re.I,
)


# "Figure 5", "Fig. 5", "Table 2" standing alone (not a range or a list: those are left)
ONE_REFERENCE = re.compile(
    r"\b(Figure|Fig\.|Table)\s*(\d+)\b(?!\s*(?:[,–-]|and\b|&|to\b)\s*\d)(?![.]\d)"
)


# What a caption's first sentence may go on with after the title that names its figure: a
# comma and a modifier of the whole (", showing the difference …"). Anything else — the rest
# of a noun phrase (" at the north gauge"), a list's next member (", log(…), and the two
# methods …") — means the title is a part of what the figure shows.
_MODIFIER_FOLLOWS = re.compile(
    r"^\s*,\s*(?:showing|with|where|which|that|as|using|plotted|shown|drawn|given|computed|"
    r"obtained|illustrating|comparing|highlighting)\b(?![^,]*,\s*(?:and|or)\b)",
    re.I,
)


def absent_references_named(words: str, paper, shown: set[str]) -> str:
    """A caption or title that points at a figure the deck does not show ("A repeat of
    Figure 5, with grid labels added", Figure 5 left out) names what that figure shows
    instead ("A repeat of two capillary surfaces, …"): the reader cannot look it up. A
    reference to a figure the paper's figures do not hold is left as printed, and so is one
    whose figure's title is only a part of what its caption's first sentence names: "A zoom of
    Figure 1" renamed by the head of Figure 1's caption ("relative errors of the default", cut
    before ", …, and the two methods …") said the zoom shows what it does not (a WRONG
    caption seen on an unseen paper). A reference a "see …" sends the reader to is a pointer, never renamed."""

    def named(match: re.Match) -> str:
        if re.search(r"\bsee\b[^.;:()]{0,30}$", words[: match.start()], re.I):
            return match.group(0)
        kind = "table" if match.group(1).lower().startswith("tab") else "figure"
        target = next(
            (f for f in paper.figures if f.kind == kind and f.number == int(match.group(2))),
            None,
        )
        if target is None or target.id in shown or not target.captioned:
            return match.group(0)
        title = figure_title(target)
        if not title or title == target.label or text.FIGURE_REF.search(title):
            return match.group(0)
        first = text.clean(PANEL_LABEL.sub("", text.first_sentence(target.caption)))
        rest = first[len(title) :] if first.lower().startswith(title.lower()) else None
        if rest is None or (rest.strip(" .") and not _MODIFIER_FOLLOWS.match(rest)):
            return match.group(0)  # a part of what the figure shows would misname it
        keep_capital = title[1:2].isupper() or (match.start() == 0)
        return title if keep_capital else title[:1].lower() + title[1:]

    return ONE_REFERENCE.sub(named, words)
