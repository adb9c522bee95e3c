"""A figure's reading key: the parts of its caption a reader needs to read the plot.

A caption opens by naming what the figure is ("The likelihood and support of each partition.");
its later sentences often say how to read it: what the colours, line styles, markers, arrows or
reference lines mean, and what each panel shows ("Blue curves are men, red women.", "The
horizontal line shows two units of support below the maximum.", "Left, the gel of (15)(24)(3).").
A slide that shows the caption cut to its first sentence shows a plot nobody can read. So does
one whose opening sentence is word for word another figure's: three slides of "Years of life
lost" look like one figure three times unless the sentence that tells them apart is shown.

`reading_keys` finds those parts (a key sentence's clauses that name a mark and what it means,
each shortened at a clause's end), `distinguishing_sentence` the sentence that tells a figure
from one whose caption opens alike, and `keyed_caption` adds them to the caption a slide shows,
in the caption's order, while it stays within the caption's room. `missing_keys` is what the
reviewer's `caption_key_dropped` reports: the key parts a slide's caption and bullets lack.
"""

from __future__ import annotations

import re

from apps.decks.pipeline import defects, text

# The caption a slide shows, its key included, stays within these: the side column beside a
# tall figure has room for them, and a wide figure loses at most two short lines of height.
KEYED_CAPTION_WORDS = 60  # `density` flags a caption over limits' caption_words (64)
KEYED_CAPTION_CHARS = 390  # Slide.caption holds 400
# one key part (a clause) shown at most this long, cut where a clause ends
KEY_PART_WORDS = 26

_COLOUR = (
    r"red|blue|green|black|white|gr[ae]y|orange|purple|violet|yellow|cyan|magenta|pink|brown|"
    r"hues?|saturation|brightness|shad(?:ed|ing|es?)|colou?r(?:s|ed|ing)?|light|dark"
)
_MARK = (
    r"lines?|curves?|markers?|symbols?|circles?|squares?|triangles?|diamonds?|stars?|crosses|"
    r"cross|dots?|ticks?|check\s*marks?|arrows?|arrowheads?|bars?|error\s*bars?|boxes|boxplots?|"
    r"whiskers?|points?|contours?|bands?|envelopes?|areas?|regions?|outlines?|edges?|nodes?|"
    r"cells?|bubbles?|histograms?|insets?|legends?|grid"
)
_STYLE = r"solid|dashed|dotted|dash-dotted|broken|thick|thin|bold|heavy|open|filled|hollow"
_PLACE = (
    r"(?:top|bottom|upper|lower|left|right|middle|centre|center)(?:[- ](?:left|right))?\s+"
    rf"(?:panels?|plots?|graphs?|rows?|columns?|figures?|images?|gels?|maps?|{_MARK})|"
    # a caption part opening on its panel's place: "Left, the gel of …", "Top: …"
    r"panels?\s+\(?[a-h]\)?|\([a-h]\)|^(?:top|bottom|left|right|upper|lower|inset)\s*[,:]|"
    r"\bon\s+the\s+(?:left|right|top|bottom)\b|\b(?:at|in)\s+the\s+(?:top|bottom)\b|"
    r"\b(?:x|y|horizontal|vertical)[- ]?ax(?:is|es)\b|\baxis\b|\baxes\b"
)
# A part names a mark of the plot: a colour, a line style, a kind of mark, a panel's place.
MARK = re.compile(
    rf"\b(?:{_COLOUR})\b|\b(?:{_STYLE})\s+(?:\w+\s+)?(?:{_MARK})\b|"
    rf"\b(?:horizontal|vertical|diagonal|reference|grey|gray)\s+(?:{_MARK})\b|"
    # "the top lines", "a cross", "each dot": a mark named as a thing of the plot
    rf"\b(?:each|every|the|a|an|these|those)\s+(?:[\w-]+\s+)?(?:{_MARK})\b|{_PLACE}",
    re.I,
)
# ... and says what it means or shows: "indicates", "corresponds to", "are men", "refer to".
MEANS = re.compile(
    r"\b(?:indicat|denot|correspond|represent|show|mark|refer|stand|depict|plot|give|mean|"
    r"encod|label|highlight|signal|display|trac|connect|separat|enclos|span|note|is\b|are\b|"
    r"were\b|was\b)\w*|,\s*(?:and\s+)?(?:red|blue|green|black|gr[ae]y|orange|dashed|dotted)\b",
    re.I,
)
# a part that is about the method rather than the figure: "the algorithm prunes such
# configurations" has no mark; a part naming an equation or section reads from text not shown
_ELSEWHERE = re.compile(r"\b(?:eq(?:uation)?s?\.?|sections?|listings?|algorithms?)\s*\(?\d", re.I)


# What keeps a caption part off the slide: text that came out of the PDF garbled, or that
# points at something the slide does not show. A caption's elliptical grammar ("Left, the upper
# gauge.", "Red dots are the daily means.") is no defect there, so the bullet's grammar checks
# (fragment, broken sentence, lost opening) do not apply to it.
_UNFIT = frozenset(
    {
        "lost_glyph",
        "stray_glyph",
        "stray_output",
        "glued_text",
        "glued_words",
        "equation_number",
        "broken_math",
        "lost_formula",
        "table_as_text",
        "dangling_pointer",
        "unresolved_reference",
        "reference_entry",
        "other_language",
        "meta_text",
        "draft_note",
    }
)


def _unfit(part: str) -> bool:
    return any(kind in _UNFIT for kind, _ in defects.text_defects(part.rstrip(" .")))


def _said(part: str, shown: str) -> bool:
    """The part's content words are (nearly all) already in the shown text."""
    own = {w for w in re.findall(r"[^\W_]{3,}", part.lower()) if w not in text.STOPWORDS}
    if not own:
        return True
    seen = set(re.findall(r"[^\W_]{3,}", shown.lower()))
    return len(own - seen) <= max(0, len(own) // 5)


def _as_sentence(part: str) -> str:
    part = part.strip().rstrip(",;: ")
    if not part:
        return ""
    if part[-1] not in ".!?":
        part += "."
    return text.capitalised(part)


def _clauses(sentence: str) -> list[str]:
    """A caption sentence's clauses split at semicolons (their own statements)."""
    return [c.strip() for c in re.split(r";\s+", sentence) if c.strip()]


# A part that opens on the panel it describes says what that panel shows, verb or not:
# "Left, the upper gauge", "(b) after dredging", "Top: daily means".
PANEL_OPENING = re.compile(
    r"^(?:(?:top|bottom|upper|lower|left|right|middle|centre|center|inset)(?:[- ](?:left|right))?"
    r"\s*[,:]|\(?[a-h]\)\s|panels?\s+\(?[a-h]\)?\s*[,:])",
    re.I,
)


def is_key(part: str) -> bool:
    """A caption part that says how to read the plot: it names a mark and what it means, or
    opens on the panel it describes."""
    if _ELSEWHERE.search(part):
        return False
    return bool(PANEL_OPENING.match(part)) or (bool(MARK.search(part)) and bool(MEANS.search(part)))


def _caption_sentences(caption: str) -> list[str]:
    from apps.decks.pipeline.propose.captions import PANEL_LABEL, without_credits

    shown = without_credits(PANEL_LABEL.sub("", caption))
    return [text.clean(s) for s in text.sentences(text.before_lost_opening(shown))]


def reading_keys(caption: str) -> list[str]:
    """The caption's key parts after its opening sentence, each a whole sentence of at most
    KEY_PART_WORDS words (a clause cut where it ends; a part with no clean cut is left out)."""
    keys: list[list[str]] = []  # per sentence, its key clauses in a row
    for sentence in _caption_sentences(caption)[1:]:
        if text.FIGURE_REF.search(sentence):
            continue  # it reads another figure or a listing, not this one
        parts: list[str] = []
        for clause in _clauses(sentence):
            if not is_key(clause):
                if parts:
                    keys.append(parts)
                    parts = []
                continue
            part = text.shorten_whole(clause, KEY_PART_WORDS, longest=KEY_PART_WORDS)
            if part and not _unfit(_as_sentence(part)):
                parts.append(part)
            elif parts:  # a key clause left out: the next one is no longer its neighbour
                keys.append(parts)
                parts = []
        if parts:
            keys.append(parts)
    # the key clauses of one sentence stay one sentence ("The lines refer to the date; the top
    # lines to 1996."), within one part's length when they can
    joined = []
    for parts in keys:
        whole = "; ".join(parts)
        if text.word_count(whole) <= KEY_PART_WORDS:
            joined.append(_as_sentence(whole))
        else:
            joined.extend(_as_sentence(p) for p in parts)
    return joined


def _words(value: str) -> list[str]:
    return re.findall(r"[^\W_]+", value.lower())


def distinguishing_sentence(caption: str, others: list[str]) -> str:
    """When the caption's opening sentence says nothing another figure's caption does not open
    with (its words are that caption's first words), the first later sentence of it no other
    caption has: what tells this figure apart. "" otherwise."""
    sentences = _caption_sentences(caption)
    if len(sentences) < 2:
        return ""
    opening = _words(sentences[0])
    alike = [o for o in others if o.strip() and _words(o)[: len(opening)] == opening]
    if not opening or not alike:
        return ""
    for sentence in sentences[1:]:
        if is_key(sentence) or any(_said(sentence, o) for o in alike):
            continue  # a key is added as a key; a sentence the others share tells nothing apart
        if text.FIGURE_REF.search(sentence) or _unfit(sentence):
            continue
        part = text.shorten_whole(sentence, KEY_PART_WORDS, longest=KEY_PART_WORDS)
        if part:
            return _as_sentence(part)
    return ""


def other_captions(figure, paper) -> list[str]:
    """The captions of the paper's other figures of the figure's kind (none without a paper)."""
    if paper is None:
        return []
    return [f.caption for f in paper.figures if f.id != figure.id and f.kind == figure.kind]


def wanted_parts(caption: str, others: list[str] = ()) -> list[str]:
    """What a slide showing this figure should say beyond the caption's opening, in order:
    the sentence that tells it from a figure whose caption opens alike, then its key."""
    apart = distinguishing_sentence(caption, list(others))
    return ([apart] if apart else []) + reading_keys(caption)


def keyed_caption(
    figure_caption: str,
    shown: str,
    others: list[str] = (),
    *,
    said: str = "",
    max_words: int = KEYED_CAPTION_WORDS,
    max_chars: int = KEYED_CAPTION_CHARS,
) -> str:
    """The shown caption with the parts it lacks added (`wanted_parts`), each while the whole
    stays within the room; a part that does not fit is left out and a shorter later one may
    still go in; a part the slide `said` already (its title, a bullet) is not said twice. A
    shown caption that is empty stays empty (the slide chose no caption)."""
    if not shown.strip():
        return shown
    caption = shown.strip()
    for part in wanted_parts(figure_caption, others):
        if _said(part, f"{caption} {said}"):
            continue
        whole = f"{caption} {part}"
        if text.word_count(whole) > max_words or len(whole) > max_chars:
            continue
        caption = whole
    return caption


def missing_keys(figure_caption: str, shown: str, others: list[str] = ()) -> list[str]:
    """The wanted parts the slide's shown text (caption and bullets) does not say."""
    return [p for p in wanted_parts(figure_caption, others) if not _said(p, shown)]
