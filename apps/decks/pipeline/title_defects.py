"""What makes a slide title a fragment rather than the slide's point, and the head of a title
that can stand ("Federal Copyright Notices" from "Federal Copyright Notices. Several types of").

The reviewer flags a fragment (review/text_rules.py, `title_fragment`); the proposer retitles
the slide (propose/repair.py), first with the title's own head when that head stands.
"""

from __future__ import annotations

import re

from apps.decks.pipeline import (
    clause_shape,
    cut_sentences,
    defects,
    function_words,
    lost_text,
    person_names,
    text,
)
from apps.decks.pipeline.caption_labels import LABEL_WORDS, REFERENCE_WORDS
from apps.decks.pipeline.text import MATH_SPAN

PANEL_FRAGMENT = re.compile(
    r"^\(?[a-hA-H](?:\)|\.\s)|^(?:and|or|of|with|for|to|in)\b|"
    # "Left panel", "Top row": where to look in a figure, not what it shows
    r"^(?:left|right|top|bottom|upper|lower|middle)(?:[\s-]+(?:left|right|hand))?\s+"
    r"(?:panels?|plots?|rows?|columns?|figures?|graphs?)\s*$",
    re.I,
)
# "Survival curves from a sample are shown as solid": a caption's sentence cut as a title
CAPTION_SENTENCE = re.compile(
    r"\b(?:is|are|was|were)\s+(?:shown|plotted|drawn|given|displayed|marked|depicted|"
    r"indicated|presented|represented|denoted)\s+(?:as|in|with|by|for|using)\b",
    re.I,
)
# A run-in heading read with the sentence after it ("… Paper Numbers. When the en-"), a word
# cut by a line break ("en-"), a line break inside a word pair ("regression/ canonical"), a
# number opening lower-case words ("3 regression …"), a code line ("Smooth(mypattern)"), a
# figure's label alone ("Figure 3"), a lone letter or a verb left at the end ("… a 400 m x",
# "… overlays require").
CUT_TITLE = re.compile(
    r"(?<!\bvs)(?<!\bal)(?<!\bcf)(?<!\betc)(?<=[a-z)])\.\s+[A-Z][a-z]+\s|[a-z]-$|\w/\s|^\d+\s+[a-z]|^[\w.]+\([^)]*\)$|"
    rf"^(?:{LABEL_WORDS})\s*\d+[a-z]?$|\s[a-wyz]$|\sx$|"
    # a caption cut inside its measure: a number after an article ("… values to a 400"), its
    # unit and what it measures lost ("… from 1990 to 2000" and "… on 64 threads" are whole)
    r"\b(?:an?|the)\s+[\d.,]*\d$|"
    # a range cut after its first bound ("… ranging from 1.5" of "… from 1.5 to 3.2 mm",
    # "… between 0.2" of "… between 0.2 and 0.8"); "Census data from 2010" is whole
    r"\b(?:between|(?:rang|vary|varie|increas|decreas|grow|go)\w*\s+from)\s+[-−+]?[\d.,]*\d"
    r"(?:\s*[A-Za-z%°µ]{1,3})?$|\bfrom\s+[-−+]?\d*[.,]\d+(?:\s*[A-Za-z%°µ]{1,3})?$|"
    # code as a title: an argument set to a value ("Pass se.bands = FALSE", "Use type = 'l'")
    # (a plain "k = 2" is mathematics)
    r"\b[A-Za-z]\w*[._][\w.]*\s*=|\b[A-Za-z]\w*\s*=\s*(?:TRUE|FALSE|NULL|NA|[\"'‘“])|"
    r"\b(?:requires?|contains?|includes?|provides?|gives?|uses?|allows?|returns?|needs?|"
    r"makes?|takes?|has|have|is|are|was|were)$"
)
# Words a title cannot end on: it was cut inside its phrase ("… changes in the presence of").
# One list for the reviewer (a title that ends on one is a fragment) and for the proposer's
# cuts of a caption (propose/captions.py strips them).
DANGLING_WORDS = (
    r"of|the|a|an|and|or|in|for|by|with|to|on|is|are|was|were|that|which|as|at|from|among|"
    r"between|across|into|per|via|versus|vs\.?|"
    # a comparison or a conjunction whose second term was cut ("Accuracy higher than",
    # "Scores of the items ranked according")
    r"than|according|whether|nor|but|also|either|neither|whose|thus|hence|"
    # a time or place whose reference was cut ("Mean pulse rate before"); "Walk-through" is whole
    r"before|after|during|within|without|against|toward|towards|through|upon|unlike|"
    # a condition, a place or a cited name whose clause was cut ("Drift when", "Cases where",
    # "Comparison with Smith et")
    r"when|whenever|where|if|unless|while|whereas|because|et|"
    # a preposition, a determiner or a subordinator whose phrase was cut ("Yield under",
    # "Effect of their", "Rates because"); "Turnover" and "Hand-over" are whole words
    r"under|about|onto|beyond|despite|its|their|our|these|those|although"
)
DANGLING_END = re.compile(rf"(?<![\w-])(?:{DANGLING_WORDS})$", re.I)
# Words that qualify a noun and never stand for one: a title that ends on one lost its noun
# ("Four different" from "The four different regions correspond …").
NOUNLESS_END = re.compile(
    r"\b(?:different|various|several|certain|respective|corresponding|same|such|following|"
    r"previous|few|many|both|each|every|two|three|four|five|six|seven|eight|nine|ten)$",
    re.I,
)
# A participle that takes an object, at a title's end: the object was cut ("Postage stamps
# showing" of "… showing the object's trail"); "Data cleaning", "Model fitting" are nouns.
OBJECTLESS_END = re.compile(
    r"\b(?:showing|comparing|using|including|containing|illustrating|depicting|representing|"
    r"indicating|demonstrating|displaying|describing|giving|having|making|involving|"
    r"requiring|highlighting|summari[sz]ing)$",
    re.I,
)
# An adverb in -ly at a title's end: what it qualifies was cut ("Mean pulse rate before and
# immediately", "… measured separately"); nouns in -ly ("Assembly", "Family", "Anomaly") have
# none of these endings.
ADVERB_END = re.compile(r"\b[a-z]{3,}(?:ately|ively|ally|ously|ently|antly|edly|arly|ibly|ably)$")
# A quantity named without what it counts: "Cumulative number", "Total amount" (of what is the
# point); "Reynolds number" names its quantity.
QUANTITY_WITHOUT_OBJECT = re.compile(
    r"^(?:the\s+|an?\s+)?(?:(?:cumulative|total|mean|average|relative|absolute|overall|"
    r"expected|median|maximum|minimum|estimated|observed|predicted|normali[sz]ed)\s+)?"
    r"(?:number|amount|fraction|proportion|percentage|share)$",
    re.I,
)
# One bare common noun with its article: "A tree", "The data", "A contourplot" says nothing of
# what the slide shows (a capitalised or hyphenated word after the article is a name: "The
# Beatles", "A Q-Faust"; two words already say which: "The Faust language").
BARE_NOUN_TITLE = re.compile(r"^(?:an?|the)\s+[a-z]+$", re.I)
DANGLING_TAIL = re.compile(rf"(?:\s+(?:{DANGLING_WORDS}))+$", re.I)  # all of them, to cut off
PREPOSITIONS = frozenset(
    [
        "of",
        "in",
        "for",
        "by",
        "with",
        "to",
        "on",
        "at",
        "from",
        "under",
        "over",
        "into",
        "between",
        "against",
    ]
)
# A generic word with its number or letter: the label of a case, not what the case is.
LABEL_WORD = (
    r"(?:an?\s+|the\s+)?(?:case|scenario|example|setting|type|variant|fact|rule|exercise|"
    r"problem|observation|remark|claim|item|question)\s+"
    r"(?:(?-i:[IVX]{1,4})|(?-i:[ivx]{1,4})|\d{1,2}(?:\.\d{1,2})?|(?-i:[A-H]))"
)
LABEL_TITLE = re.compile(rf"^{LABEL_WORD}$", re.I)
# A title that says nothing of its slide: a fallback word ("Key points"), a figure's bare label
# ("Figure"), a run-in label ("Software:"), a date read as a heading.
EMPTY_TITLE = re.compile(
    r"^(?:key points|main points|figure|fig\.|table|image|plot|graph|chart|output|code|"
    r"software|notes?|details|remarks?|more|continued|untitled)\s*$|"
    # a bare generic word, with its article or "(continued)": "Example", "The result"; which
    # example, what result, is the slide's point ("Results" heads a paper's results section)
    r"^(?:an?\s+|the\s+)?(?:examples?|illustrations?|result|case|instance|sample|demo)"
    r"(?:\s+\(continued\))*\s*$|"
    # a bare label: "Case I", "Example 2", "Scenario B" (which case, what it shows, is the point)
    rf"^{LABEL_WORD}(?:\s+\(continued\))*\s*$|"
    # a date set as a heading: "November 2022", "31 October 2022"
    r"^(?:\d{1,2}\s+)?(?:january|february|march|april|may|june|july|august|september|"
    r"october|november|december)(?:\s+\d{1,2},?)?\s+(?:19|20)\d\d\s*$",
    re.I,
)
# A fallback heading that names no subject: "Our approach", "Overview", "Details", "The
# proposed method". Only a finding when the slide has a subject the paper names
# (review/text_rules.py); never a retitle. "Method", "Results", "Discussion" name the part of
# a paper a slide plays (the last-resort role titles) and are no such heading.
GENERIC_TITLE = re.compile(
    r"^(?:(?:our|the|this|an?)\s+)?(?:(?:proposed|new|main|key|basic|general|overall)\s+)?"
    r"(?:approach|idea|solution|technique|framework|contributions?|overview|"
    r"(?:more\s+|further\s+|some\s+)?details)(?:\s+\(continued\))*\s*$|"
    r"^(?:our|the\s+proposed|the\s+new|proposed)\s+(?:method|methodology|model|system|work)"
    r"(?:\s+\(continued\))*\s*$",
    re.I,
)


def generic_title(title: str) -> bool:
    return bool(GENERIC_TITLE.match(title.strip()))


# The word for a part of a paper, alone: "Results", "Method", "Examples (continued)". The
# author's own heading of that name is the part's title; any other slide so titled (a
# fallback, a model's retitle) says only what kind of slide it is.
ROLE_WORD_TITLE = re.compile(
    r"^(?:results?|methods?|methodology|discussion|background|experiments?|evaluation|"
    r"examples?|analysis|findings|approach)$",
    re.I,
)


def bare_role_word(title: str, paper) -> bool:
    """Is the title a bare word for a part of a paper that is none of the paper's headings?"""
    base = base_title(title).strip().rstrip(".:")
    return bool(ROLE_WORD_TITLE.match(base)) and not author_heading(base, paper)


# A subordinate clause cut from the sentence that introduces a figure ("Once fit", "If newx is
# being passed", "As a sanity check"): the main clause, which says what is shown, was lost. A
# question ("When are robust errors needed?") is a heading.
SUBORDINATE_OPENING = re.compile(
    r"^(?:if|once|when|whenever|while|since|because|although|though|unless|until|whereas|as|"
    r"so that|in order to)\s(?!.*\?$)",
    re.I,
)


# "between" with one member, singular: the second was cut ("Difference between the old model"
# of "… between the old model and the new one"); "Interaction between species" names many
ONE_SIDED_BETWEEN = re.compile(
    r"\bbetween\s+(?![^,;:]*(?:\band\b|&|\bor\b|[–/]))(?:the\s+|an?\s+)?[^,;:()]*?\b\w*[^s\W]$",
    re.I,
)


# a possessive whose noun was cut ("TeX’s", "The authors’"): whose what is the point
# (a plural's "s’" only when no quotation opened before it: "The ‘genes’" is a quotation)
POSSESSIVE_END = re.compile(r"\w['’]s$|^[^‘']*\ws['’]$")


# A title ending on a dash that opens its second part ("Pacing – W′bal" read as "Pacing –",
# the symbol in a font the text layer lost): a dash between spaces, or an en or em dash. A
# word's own hyphen at a line's end ("lin-") is author_heading's.
TRAILING_DASH = re.compile(r"(?:\s[-‐‑‒–—―]|[–—―])\s*$")


def title_fragment(title: str) -> str | None:
    """A title that is a fragment ("A) and linear", "of the model", "(b)") rather than the
    slide's point."""
    stripped = title.strip()
    if not stripped:
        return "empty"
    if stripped.endswith(":") or EMPTY_TITLE.match(stripped):
        return stripped
    if stripped.endswith((",", ";")):
        return stripped[-1]  # "Comparison of runtime,": cut after a list's or clause's comma
    dash = TRAILING_DASH.search(base_title(stripped))
    if dash:
        return dash.group(0).strip()  # "Matches and pacing –": what the dash led into was lost
    if SUBORDINATE_OPENING.match(stripped):
        return stripped.split(" ", 1)[0]
    if PANEL_FRAGMENT.match(stripped):
        return stripped.split(" ", 1)[0]
    sentence = CAPTION_SENTENCE.search(stripped)
    if sentence:
        return sentence.group(0)
    if re.match(r"[a-z]", stripped):
        return stripped.split(" ", 1)[0]
    if stripped.count("(") != stripped.count(")"):
        return "("
    shortened = cut_sentences.cut_abbreviation(base_title(stripped))
    if shortened:
        return shortened  # "Readings from Jan.", "The method of Dr.": cut after a shortened word
    end = base_title(stripped).rstrip(".,;: ")
    if POSSESSIVE_END.search(end):
        return end.rsplit(" ", 1)[-1]
    if person_names.INITIALS_NAME.match(end):
        return end  # a person's name ("M. Schmidt"), not the slide's point
    if BARE_NOUN_TITLE.match(end) and end.split()[-1].islower():
        return end  # "A tree": which tree, what it shows, is the point
    if QUANTITY_WITHOUT_OBJECT.match(end):
        return end.rsplit(" ", 1)[-1]
    if (
        DANGLING_END.search(end)
        or NOUNLESS_END.search(end)
        or OBJECTLESS_END.search(end)
        or ADVERB_END.search(end)
    ):
        return end.rsplit(" ", 1)[-1]
    half = ONE_SIDED_BETWEEN.search(MATH_SPAN.sub("X", end))
    if half:
        return half.group(0)
    letters = re.sub(r"[^A-Za-z]", "", MATH_SPAN.sub("X", stripped))
    if len(letters) < 4:
        return stripped
    flat = MATH_SPAN.sub("X", stripped)
    for match in CUT_TITLE.finditer(flat):
        # "Sample display of the Mt. Si data": a shortened word's full stop ends no sentence
        if match.group(0).startswith(".") and _shortened_before(flat, match.start()):
            continue
        return match.group(0).strip()
    return None


def _shortened_before(value: str, dot: int) -> bool:
    """The word whose full stop is at `dot` is an abbreviation ("Mt.", "approx.", "U.S.")."""
    word = value[: dot + 1].rsplit(None, 1)[-1]
    return text.is_abbreviation(word)


def slide_title_fragment(title: str, paper) -> str | None:
    """`title_fragment` of a slide's title, except the paper's own section heading read as cut
    only by the word it ends on ("Some tools we use": "use" seems to want its object). A
    heading is what the author chose to call the part; a bare noun ("The model") or a heading
    a line break cut (`author_heading`) is still a fragment."""
    part = title_fragment(title)
    if part is None and paper is not None:
        # a word the paper's own language leads on with ("Résultats de la", "Modelle mit"):
        # the English list above knows only English
        part = function_words.leading_end(base_title(title), paper)
    base = base_title(title).strip().rstrip(".")
    # the last word of a longer heading: a heading that says nothing ("Output", "Software:")
    # is a fragment whoever chose it
    ends_on = bool(part) and " " not in part and part != base and base.endswith(" " + part)
    return None if ends_on and author_heading(title, paper) else part


def author_heading(title: str, paper) -> bool:
    """Is the title one of the paper's own section headings, word for word, and not one a line
    break cut inside its phrase ("… in the presence of", "… approach to lin-"), one that lost
    what its closing dash led into ("Pacing –") or that starts in lower case (the reader sees
    that cut)?"""
    base = base_title(title).strip()
    if paper is None or not base or re.match(r"[a-z]", base):
        return False
    end = base.rstrip(".,;: ")
    if (
        DANGLING_END.search(end)
        or NOUNLESS_END.search(end)
        or end.endswith("-")
        or TRAILING_DASH.search(end)
    ):
        return False
    return any(section.title.strip() == base for section in paper.sections)


# A past participle ending a caption's phrase ("… of the noise generator produced"): a reduced
# relative clause whose complement ("by the compiler") was cut. Words in -eed ("speed") and a
# few others in -ed are nouns.
PARTICIPLE = re.compile(
    r"^(?:(?![a-z]*eed$)(?!hundred$)[a-z]{3,}ed|made|built|drawn|shown|given|done|seen|taken|"
    r"written|chosen|found|kept|held|known|grown|spent|sent|brought|caught|bought|taught|"
    r"thrown|driven|hidden|broken|frozen|spoken|stolen|woven)$",
    re.I,
)


def title_head(title: str) -> str | None:
    """The part of a title before what ran into it or was cut: "Federal Copyright Notices"
    from "Federal Copyright Notices. Several types of", "Matches and pacing" from "Matches
    and pacing –", "Even more analysis" from "Even more
    analysis: Factoring, clustering, and more tuto-"; None when no such part stands."""
    stripped = title.strip()
    if stripped.endswith((",", ";")) and not title_fragment(stripped[:-1]):
        return stripped[:-1]  # "Solvers of the flow,": cut after its comma, whole before it
    dash = TRAILING_DASH.search(stripped)
    if dash and not title_fragment(stripped[: dash.start()].strip()):
        return stripped[: dash.start()].strip()  # "Matches and pacing –": whole before its dash
    for cut in (r"(?<=[a-z)])\.\s+(?=[A-Z])", r"/\s", r":\s"):
        head = re.split(cut, stripped, maxsplit=1)[0].strip(" .:")
        if head != stripped and not title_fragment(head):
            return head
    if DANGLING_END.search(stripped.rstrip(".,;: ")):
        # a heading whose line break lost its end: "… changes in the presence of" → the words
        # before the phrase it was cut in ("… changes")
        words = stripped.split()
        tail = max(2, len(words) - 5)
        cut = next((i for i in range(tail, len(words)) if words[i].lower() in PREPOSITIONS), None)
        head = " ".join(words[:cut]) if cut else ""
        if len(head.split()) >= 2 and not title_fragment(head):
            return head
    if re.search(r"\s[a-z]+-$", stripped):  # a heading cut at its line break: "… approach to lin-"
        head = stripped.rsplit(" ", 1)[0]
        while DANGLING_END.search(head):
            head = DANGLING_END.sub("", head).rstrip(" ,;:")
        if len(head.split()) >= 2 and not title_fragment(head):
            return head
    return None


_FUNCTION_WORD = (
    r"(?:of|in|on|at|and|or|is|are|was|were|be|to|for|with|by|from|as|that|which|the|an?|"
    r"this|these|its|their|our|we|it|not|no)"
)


def qualified_title(title: str, texts: list[str]) -> str | None:
    """A bare noun title ("The model") named as the slide's own words name it: the words that
    qualify that noun after an article in its bullets or notes ("We consider a dynamic
    nonlinear rational expectations model …" → "Dynamic nonlinear rational expectations
    model"); None when the title is no bare noun or no text qualifies it."""
    base = base_title(title).strip()
    if not BARE_NOUN_TITLE.match(base):
        return None
    noun = re.escape(base.split()[-1])
    pattern = re.compile(
        rf"\b(?:an?|the|our|this)\s+((?:(?!{_FUNCTION_WORD}\b)[A-Za-z][\w-]*\s+){{1,5}}){noun}\b",
        re.I,
    )
    for words in texts:
        match = pattern.search(MATH_SPAN.sub("X", words))
        if match:
            named = f"{match.group(1)}{base.split()[-1]}"
            named = named[:1].upper() + named[1:]
            if not title_fragment(named):
                return named
    return None


def unused_title(title: str, taken: set[str]) -> str:
    """The title, or "… (continued)" when another slide has it already; recorded as taken."""
    candidate = title if title not in taken else f"{title} (continued)"
    taken.add(candidate)
    return candidate


def subject_title(bullet: str) -> str:
    """What a bullet is about: its subject, the words before its verb, without the article
    ("The scheduler with the oscillator model is 31% faster" → "Scheduler with the oscillator
    model"); "" when that is not one to six words."""
    flat = re.sub(r"\bet al\.", "et al", MATH_SPAN.sub("X", bullet))
    verbs = [
        m.start()
        for pattern in (lost_text.AUXILIARY, lost_text.BASE_VERB)
        for m in pattern.finditer(flat)
    ] + [m.start() for m in lost_text.INFLECTED.finditer(flat) if _inflected_verb(flat, m)]
    # a verb in its base form after a plural subject ("… regions correspond to …"), read by
    # the sentence's shape
    shape = clause_shape.shape(flat)
    tokens = list(clause_shape.TOKEN.finditer(flat))
    verbs += [
        tokens[i].start()
        for i in shape.verbs
        if i < len(tokens) and not tokens[i].group(0).endswith(("s", "ed", "ing"))
    ]
    subject = (
        re.sub(r"^(?:the|a|an)\s+", "", flat[: min(verbs)].strip(" ,;:"), flags=re.I)
        if verbs
        else ""
    )
    # "X" in any form ("“X”", "X-axis") is a maths run the flattening replaced: no title
    placeholder = re.search(r"(?<![\w$\\])X(?![\w$])", subject)
    if not 1 <= len(subject.split()) <= 6 or placeholder or not subject[:1].isalpha():
        return ""
    if POSSESSIVE_END.search(subject):
        return ""  # "TeX’s" of "TeX’s programming facilities come …": cut before its noun
    return subject[:1].upper() + subject[1:]


# What follows a plural noun as often as a verb: a preposition ("the ATLAS acceptances with the
# ones …"), a conjunction, the sentence's end.
_AFTER_NOUN = re.compile(
    r"\s*(?:$|[,;:.)]|(?:with|of|in|on|for|from|at|by|and|or|than|as|to|into|across|"
    r"between|per|via|over|under)\b)",
    re.I,
)


def _inflected_verb(flat: str, match: re.Match) -> bool:
    """Is a word in -s, -ed or -ing the bullet's verb? Not a gerund or participle, and not a
    plural noun before a preposition: "Comparing the ATLAS acceptances with …" has no subject
    "Comparing the ATLAS" (a title cut there reads as a fragment)."""
    word = match.group(0)
    before = flat[: match.start()]
    if re.search(r"\b(?:the|an?|its|their|our|this|these)\s+$", before, re.I):
        return False  # after an article a word is a noun or its modifier ("the programming model")
    if NOUNLESS_END.search(before.rstrip()):
        return False  # the noun "four different" qualifies: "… different regions correspond …"
    if word.endswith("ing"):
        return True  # the opening check (title_fragment) judges a gerund's phrase
    if _VERB_NEXT.match(flat, match.end()) or _AUXILIARY_NEXT.match(flat, match.end()):
        # the verb is the next word: "Using bootstrap weights reduces the variance", "Several
        # standard integration routines can be applied" (a title cut before "routines" would
        # end on the noun's modifier: "Several standard integration")
        return False
    return not _AFTER_NOUN.match(flat, match.end())


# an auxiliary or modal after a word in -s: the word is the plural noun it follows
_AUXILIARY_NEXT = re.compile(
    r"\s+(?:is|are|was|were|has|have|had|do|does|did|can|could|may|might|will|would|shall|"
    r"should|must)\b",
    re.I,
)
_VERB_NEXT = re.compile(
    r"\s+[a-z]{3,}(?:s|ed)\s+(?:the|a|an|its|their|this|these|that|X|\d)\b", re.I
)


# A title is a heading, not a sentence: it needs no verb, may name an equation or a reference.
NOT_FOR_TITLES = {
    "table_as_text",
    "verbless_fragment",
    "lost_formula",
    "reference_entry",
    "other_language",
    "unanswered_question",  # a question is a title; its answer is the slide
    "fragment",  # a heading is a phrase ("Subscribing to the mailing list"), not a statement
}


def title_text_defects(title: str) -> list[tuple[str, str]]:
    """The text defect classes that apply to a title."""
    found = [(k, p) for k, p in defects.text_defects(title) if k not in NOT_FOR_TITLES]
    heading_cut = defects.broken_sentence(title, sentence=False)
    found = [(k, p) for k, p in found if k != "broken_sentence" or heading_cut]
    repeated = repeated_word(title)
    return found + ([("title_repeated_word", repeated)] if repeated else [])


# A heading joined to a caption or a sentence: "Results: results of …", "Weights — the weights …"
JOIN = re.compile(r":\s+|\s+[—–]\s+")
# Words that set a word against itself on purpose: "Model A versus model B", "Step by step",
# "Layer after layer", "From data to data products"
SELF_LINKS = frozenset(
    ["and", "or", "versus", "vs", "vs.", "by", "after", "to", "against", "than", "per"]
    + ["from", "with", "upon", "over", "into"]
)
# A title this short says a content word twice only by accident
SHORT_TITLE_WORDS = 6


def _stem(word: str) -> str:
    word = word.lower()
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _content_stems(part: str) -> list[tuple[str, str]]:
    """(stem, word as written) of each content word, maths, code and "(continued)" left out
    (a manual's "`klu_solve`: solve a linear system" names its function, then says what it
    does)."""
    words = re.findall(r"[A-Za-z][A-Za-z'’-]*", _without_code(MATH_SPAN.sub(" ", base_title(part))))
    return [(_stem(w), w) for w in words if len(w) >= 3 and w.lower() not in text.STOPWORDS]


def _without_code(value: str) -> str:
    """Code spans and identifiers ("`klu_solve`", "se.bands") out of a title's words."""
    return re.sub(r"`[^`]*`|\S*[_.]\w\S*", " ", value)


def repeated_word(title: str) -> str | None:
    """The content word a title says twice because a heading and a caption were joined
    ("Results: results of the survey", "Survey weights — the weights of …"), or twice in a
    title of a few words with nothing setting it against itself ("Error rates of the error
    model"; "Model A versus model B" and "Step by step" say it twice on purpose); None
    otherwise."""
    base = base_title(title).strip()
    joined = JOIN.search(base)
    if joined:
        head = {stem for stem, _ in _content_stems(base[: joined.start()])}
        for stem, word in _content_stems(base[joined.end() :]):
            if stem in head:
                return word
        return None
    tokens = re.findall(r"[A-Za-z][A-Za-z'’-]*\.?", _without_code(MATH_SPAN.sub(" ", base)))
    if len(tokens) > SHORT_TITLE_WORDS:
        return None
    seen: dict[str, int] = {}
    for index, token in enumerate(tokens):
        word = token.rstrip(".")
        if len(word) < 3 or word.lower() in text.STOPWORDS:
            continue
        stem = _stem(word)
        if stem in seen:
            between = {t.lower() for t in tokens[seen[stem] + 1 : index]}
            if index - seen[stem] > 1 and not between & SELF_LINKS:
                return word
        seen[stem] = index
    return None


def without_repeat(title: str) -> str | None:
    """A title joined from a heading and a caption that repeat a word, as the caption's part
    alone ("Results: results of the survey" → "Results of the survey"); None when the title
    repeats nothing, is no such join, or its second part does not stand as a title."""
    base = base_title(title).strip()
    joined = JOIN.search(base)
    if not joined or not repeated_word(base):
        return None
    tail = re.sub(r"^(?:the|an?)\s+", "", base[joined.end() :].strip(), flags=re.I)
    tail = tail[:1].upper() + tail[1:]
    if len(tail.split()) < 2 or title_fragment(tail) or repeated_word(tail):
        return None
    return tail


# ------------------------------------------------------------------- titles across the deck

CONTINUED = " (continued)"


def base_title(title: str) -> str:
    """The title without its "(continued)" marks."""
    while title.endswith(CONTINUED):
        title = title[: -len(CONTINUED)]
    return title


def repeated_title_runs(slides: list) -> list[list[int]]:
    """Runs of slides in a row (0-based indices) under one heading that read as one title
    repeated: three or more, two with the very same title, or a "(continued)" of a
    "(continued)". A heading and its "(continued)" once are fine."""
    runs: list[list[int]] = []
    index = 0
    while index < len(slides):
        end = index + 1
        base = base_title(slides[index].title)
        while (
            end < len(slides)
            and slides[end].kind != "title"
            and base_title(slides[end].title) == base
        ):
            end += 1
        titles = [slides[i].title for i in range(index, end)]
        doubled = any(t.endswith(CONTINUED * 2) for t in titles)
        if slides[index].kind != "title" and (
            len(titles) >= 3 or (len(titles) == 2 and titles[0] == titles[1]) or doubled
        ):
            runs.append(list(range(index, end)))
        index = end
    return runs


SOURCE_SHARE = 0.7  # of a bullet's content words a sentence holds when the bullet was made of it


class BulletSources:
    """Where in the paper a bullet was taken from: the section (or the abstract) holding the
    sentence that shares most of the bullet's words."""

    ABSTRACT = "the abstract"

    def __init__(self, paper):
        self.entries: list[tuple[str, set[str]]] = []
        # per entry, the term of the description list's item holding it when ingestion did
        # not read that term as a heading (run_in_term)
        self.terms: list[str | None] = []
        listed = term_headings(paper)
        for section in paper.sections:
            for paragraph in section.paragraphs:
                term = run_in_term(paragraph, section.title) if section.title in listed else None
                for sentence in text.sentences(paragraph):
                    self.entries.append((section.title, _content_words(sentence)))
                    self.terms.append(term)
        for sentence in text.sentences(paper.abstract or ""):
            self.entries.append((self.ABSTRACT, _content_words(sentence)))
            self.terms.append(None)

    def term(self, bullet: str) -> str | None:
        """The run-in term of the item the bullet's sentence belongs to, or None."""
        words = _content_words(bullet)
        if len(words) < 3:
            return None
        best, share = None, 0.0
        for (_, sentence), term in zip(self.entries, self.terms, strict=True):
            overlap = len(words & sentence) / len(words)
            if overlap > share:
                best, share = term, overlap
        return best if share >= SOURCE_SHARE else None

    def source(self, bullet: str) -> str | None:
        words = _content_words(bullet)
        if len(words) < 3:
            return None
        best, share = None, 0.0
        for where, sentence in self.entries:
            overlap = len(words & sentence) / len(words)
            if overlap > share:
                best, share = where, overlap
        return best if share >= SOURCE_SHARE else None

    def origin(self, bullet: str, claimed: list[str]) -> str | None:
        """Where the bullet comes from, as a title naming the `claimed` sections sees it: the
        term of the list's next item when its sentence is that item's, inside the title's own
        section (run_in_term); the title's section when it holds the sentence as well as any
        part does (held_by); else its source."""
        source = self.source(bullet)
        if source is None or not claimed:  # "Conclusions" of a paper without any
            return source
        if source == claimed[0] and (term := self.term(bullet)):
            return term
        if self.held_by(bullet, claimed):
            return claimed[0]
        return source

    def held_by(self, bullet: str, parts) -> bool:
        """Whether one of `parts` holds a sentence sharing as many of the bullet's words as
        its source does: a sentence two parts say alike (two files' same parameter, "The
        input should be an MPS file") belongs to both, not only to the one read first."""
        words = _content_words(bullet)
        if len(words) < 3:
            return False
        best = inside = 0.0
        for where, sentence in self.entries:
            overlap = len(words & sentence) / len(words)
            best = max(best, overlap)
            if where in parts:
                inside = max(inside, overlap)
        return inside >= SOURCE_SHARE and inside >= best


# A paragraph opening on one word and a colon ("LD: Compute …", "`lp.par`: the …")
RUN_IN = re.compile(r"^`?([A-Za-z][\w.]*)`?:\s+\S")


LIST_TERMS = 3  # one-word headings in a row, with nothing else at their level, read as a list


def term_headings(paper) -> set[str]:
    """The headings that are the terms of a description list ingestion read as headings
    ("HWE.chisq", "HWE.exact", "HWE.test", …): one word each, three or more side by side
    under one heading with no other heading at their level (a prose part's one-word
    heading among headings of several words is none, nor are the paper's top-level parts,
    "Abstract", "Methods", "Results", whose structured abstract opens on "Methods: …")."""
    found: set[str] = set()
    group: list[str] = []
    level = None
    for section in [*paper.sections, None]:
        if section is not None and section.level == level:
            group.append(section.title)
            continue
        if (
            len(group) >= LIST_TERMS
            and level is not None
            and level >= 2  # one-word parts of the paper ("Introduction", "Methods") are no list
            and all(len(t.split()) == 1 for t in group)
        ):
            found.update(group)
        if section is not None:
            group, level = [section.title], section.level
    return found


def run_in_term(paragraph: str, heading: str) -> str | None:
    """The term of a description list's item that ingestion left inside the item before it:
    under a heading that is itself a term of such a list ("HWE.test", term_headings), a
    paragraph that opens on another word and a colon ("LD: Compute pairwise …") is the next
    item, about another thing."""
    found = RUN_IN.match(paragraph)
    if not found or found.group(1).lower() == heading.strip("`").lower():
        return None
    return found.group(1)


def _content_words(sentence: str) -> set[str]:
    return set(text.words(MATH_SPAN.sub(" ", sentence))) - text.STOPWORDS


def claimed_sections(title: str, paper) -> list[str] | None:
    """The sections a slide's title names: a section's heading names it and its subsections;
    a closing word ("Conclusions", "Summary") names the paper's closing sections (its
    conclusions or discussion), which may be none. None when the title names no part."""
    from apps.decks.pipeline.propose.builtin import CONCLUSION, DISCUSSION  # no import cycle

    base = base_title(title).strip()
    sections = paper.sections
    for index, section in enumerate(sections):
        if base in (section.title, title_head(section.title)):
            names = [section.title]
            for child in sections[index + 1 :]:
                if child.level <= section.level:
                    break
                names.append(child.title)
            return names
    if CONCLUSION.fullmatch(base) or re.fullmatch(r"(?:conclusions?|summary)", base, re.I):
        return [
            s.title for s in sections if CONCLUSION.search(s.title) or DISCUSSION.search(s.title)
        ]
    return None


def title_mismatch(slide, paper, sources: BulletSources) -> tuple[list[str], list[str]] | None:
    """(the sections the title names, where its bullets come from) when a text slide's title
    names a part of the paper its bullets mostly do not come from; else None. The abstract
    sums the whole paper up: its sentences count against a title only when no bullet comes
    from the part the title names."""
    if slide.kind != "bullets" or slide.role in ("title", "motivation", "contributions"):
        return None
    claimed = claimed_sections(slide.title, paper)
    if claimed is None:
        return None
    from apps.decks.pipeline.title_quality import plot_label

    # a plot's label read as a heading is no part of the paper: bullets "from" it sit under
    # the heading before, and no title is wrong for leaving it out
    origins = [
        sources.origin(b, claimed)
        for b in slide.bullets
        if (o := sources.source(b)) is not None and not plot_label(o, paper)
    ]
    inside = sum(1 for o in origins if o in claimed)
    outside = [o for o in origins if o not in claimed and (o != sources.ABSTRACT or not inside)]
    if outside and len(outside) > inside:
        return claimed, origins
    if stray_bullets(slide, paper, sources):
        return claimed, origins
    return None


def closing_sections(paper) -> list[str]:
    """The headings of the paper's closing part: its conclusions and its discussion, not a
    section that reports results and discusses them ("Results and discussion" is the body)."""
    from apps.decks.pipeline.propose.builtin import RESULTS  # no import cycle

    named = claimed_sections("Conclusions", paper) or []
    return [title for title in named if not RESULTS.search(title)]


def enclosing_sections(title: str, paper) -> list[str]:
    """The headings of the sections that hold the section titled `title`, nearest first."""
    sections = paper.sections
    for index, section in enumerate(sections):
        if section.title == title:
            found, level = [], section.level
            for before in reversed(sections[:index]):
                if before.level < level:
                    found.append(before.title)
                    level = before.level
            return found
    return []


def stray_bullets(slide, paper, sources: BulletSources) -> list[int]:
    """The bullets (0-based) of a slide titled with a body section's heading that come from
    another part of the paper: the title must name what every bullet is about. A term of a
    description list titling a slide that also holds the next term's sentence names half of
    it; a conclusion's summing-up under a method's heading ("Closing the loop" holding "Our
    experiments show …") reads as a step of the method. Even one such bullet counts. Not
    strays: the abstract's sentences, which sum up every part, and the text of an enclosing
    section before its subsections. Bullets of the body under a closing title are left to the
    majority rule, since a conclusion restates the body in the body's words."""
    from apps.decks.pipeline.title_quality import plot_label

    claimed = claimed_sections(slide.title, paper)
    if not claimed or set(closing_sections(paper)) & set(claimed):
        return []
    enclosing = enclosing_sections(claimed[0], paper)
    closing = set(closing_sections(paper))
    listed = claimed[0] in term_headings(paper)
    strays = []
    for index, bullet in enumerate(slide.bullets):
        origin = sources.origin(bullet, claimed)
        if origin is None or origin in claimed or origin in enclosing:
            continue
        # a sentence of another body part may be what this part builds on (the model's
        # definition of a symbol its experiments use): only a conclusion, or the next term of a
        # description list, is another part's point
        if not (origin in closing or listed):
            continue
        if origin != sources.ABSTRACT and not plot_label(origin, paper):
            strays.append(index)
    if len(slide.bullets) - len(strays) < KEPT_AFTER_STRAYS:
        # taken off, they would leave a thin slide the loop then removes, and the deck thin
        # (a replication's "Results" lost to its figures): the majority rule decides there
        return []
    return strays


KEPT_AFTER_STRAYS = 2  # bullets a slide keeps when its strays go (a text slide's least)


def enclosing_home(slide, paper, sources: BulletSources) -> str | None:
    """The heading of the description list whose term titles the slide, when its part holds
    every bullet's sentence (the list's heading over two of its terms), or None."""
    claimed = claimed_sections(slide.title, paper)
    if not claimed or claimed[0] not in term_headings(paper):
        return None  # a prose part's parent says less than its own heading
    origins = {sources.source(b) for b in slide.bullets} - {None, sources.ABSTRACT}
    for heading in enclosing_sections(claimed[0], paper):
        if origins <= set(claimed_sections(heading, paper) or []):
            return heading
    return None


# ------------------------------------------------------------------ titles cut from a caption

# Words a caption's phrase may end before: what follows them adds to the phrase, and the head
# before them stands ("Scatter plot of the sample | with the fitted lines").
PHRASE_ENDS = frozenset(
    [
        "for",
        "by",
        "with",
        "using",
        "plotted",
        "against",
        "when",
        "where",
        "obtained",
        "computed",
        "measured",
        "from",
        "to",
        "on",
        "in",
        "at",
        "as",
        "that",
        "which",
        "because",
        "while",
        "of",
        "under",
        "over",
        "between",
        "across",
        "into",
        "after",
        "before",
        "during",
        "via",
        "per",
        "through",
        "within",
        "along",
        "showing",
        "consisting",
        "containing",
        "comprising",
        "including",
        "compared",
        "relative",
        "whose",
        "who",
        "whereas",
    ]
)
_LEADING_LABEL = re.compile(r"^(?:(?:figure|fig\.|table|tab\.)\s*\d+[a-z]?\s*[.:]?\s*)", re.I)
_PANEL_LEAD = re.compile(r"^\(?[a-hA-H]\)(?:\s*(?:and|,|&|–|-)\s*\(?[a-hA-H]\))*\s*(?:[:.]\s+)?")
# ", potential and thermal energy", ", potential, and thermal": the comma of a list, whose last
# item follows "and"/"or" within a few words
# (", with and without the initial placement" pairs two prepositions: a new phrase, no item)
LIST_COMMA = re.compile(
    r"^,\s*(?!(?:with|without|before|after|in|on|for|by|from|to)\s+(?:and|or)\s)"
    r"(?:[^\s,;:()]+\s+){0,3}?(?:and|or)\s+\S",
    re.I,
)
# " (left) and oxDNA2 (right)": a remark in parentheses inside a coordination that goes on
INSERT_THEN_AND = re.compile(r"^\s*\([^()]{1,40}\)\s*,?\s*(?:and|or|versus|vs\.?)\s", re.I)


# a short remark in parentheses inside a caption's sentence ("oxDNA (left) and oxDNA2 (right)",
# "Serum NO (U/ml) levels"): no part of a title made from it (propose/captions.py drops it)
INNER_REMARK = re.compile(r"(?<=\S)\s*\([^()\u27e6]{1,30}\)(?=[\s,;.]|$)")


def _opening_of(title: str, caption: str) -> str | None:
    """The caption (label and panel letter off) of which the title is the opening, as written
    or with its short remarks dropped as a title drops them; None when it is neither."""
    head = _flat(title).rstrip(" .")
    whole = _PANEL_LEAD.sub("", _LEADING_LABEL.sub("", _flat(caption)))
    for candidate in (whole, INNER_REMARK.sub("", whole)):
        if candidate.lower().startswith(head.lower()):
            return candidate
    return None


def _flat(value: str) -> str:
    return re.sub(r"\s+", " ", value).strip()


# Words that take two members: a title with one of them cut before "and" lost the second
# ("Distance between the old model | and the new model")
PAIRING = re.compile(r"\b(?:between|both|versus|vs\.?|compar\w*|differences?|ratios?)\b", re.I)


# The word that opens a comparison's second side: a caption's clause that goes on with one
# after a title's cut compares what the title names with what it lost
OTHER_SIDE = re.compile(
    r"\s(?:versus|vs\.?|compared\s+(?:with|to)|in\s+comparison\s+(?:with|to)|"
    r"as\s+opposed\s+to|relative\s+to)\s",
    re.I,
)
# a title that already holds its comparison (both sides, or the comparing word)
PAIRED = re.compile(r"\b(?:versus|vs\.?|compared|comparison|relative\s+to|against)\b", re.I)


# The rest of a caption that only points at another figure or table ("… of Fig. 1.", "(see
# Table 2)"): a title cut before it names its whole
POINTER_REST = re.compile(
    r"^\s*(?:\(\s*)?(?:(?:of|in|from|see|as in)\s+)?(?:the\s+(?:data\s+of\s+)?)?"
    rf"(?:{REFERENCE_WORDS})\s*\d+\s*\)?\s*\.?\s*$",
    re.I,
)


# A caption that is a sentence: it opens on a person as its subject and a verb ("We handle
# …", "Here we compare …", "One can see …"); a noun phrase ("Traces that …") is no sentence
SENTENCE_OPENING = re.compile(
    r"^(?:here\s+)?(?:we|i|you|they|one)\s+(?:can\s+|could\s+|may\s+|then\s+)?[a-z]+\b", re.I
)


def caption_cut(title: str, caption: str) -> str | None:
    """The words around the cut when a title is the opening of its figure's caption cut inside
    a phrase: before the phrase's last word ("… array of DNA | duplexes"), inside a list
    ("… into kinetic | , potential and thermal"), before the second member of a pair ("…
    between oxDNA | (left) and oxDNA2"); None when the title is no such opening or the caption
    goes on with a new phrase, a clause or a new sentence."""
    head = _flat(title).rstrip(" .")
    whole = _opening_of(title, caption)
    if len(head.split()) < 2 or whole is None:
        return None
    rest = whole[len(head) :]
    last = head.rsplit(" ", 1)[-1]
    if POINTER_REST.match(rest):
        return None  # "… of the data | of Fig. 1": what is cut only points at another figure
    if rest[:1] == "." and text.is_abbreviation(f"{last}."):
        # "Field map of the Mt | . Ko survey": cut at a shortened word's stop, not a sentence's
        return f"{last}{rest[:10]}".strip()
    if not rest or rest[0] in ".;:!?—–":
        return None
    # within the title's own clause: "… of being essential, for the original results versus
    # the reproduced values" compares in a clause of its own, the title is whole
    other_side = OTHER_SIDE.search(re.split(r"[.,;:]\s", rest, maxsplit=1)[0])
    if other_side and not PAIRED.search(head):
        # "Runtime of the serial solver | on eight nodes versus the parallel solver": the
        # title keeps one side of the comparison the caption makes
        return f"{last} … {other_side.group(0).strip()}"
    if INSERT_THEN_AND.match(rest) or LIST_COMMA.match(rest):
        return f"{last}{rest[:24]}".strip()
    if rest.lstrip()[:1] in ",(" or not rest[0].isspace():
        return None  # a clause or a remark begins; or the title ends inside a word
    following = rest.split(None, 1)[0].strip(",;:.()")
    if SENTENCE_OPENING.match(head):
        # "We handle loops by allowing traces to compile | that cannot loop back": a sentence
        # the caption goes on with in its own clause; as a title it stands only whole
        return f"{last} {following}"
    if _range_cut(head, following):
        return f"{last} {following}"  # "… from 1.5 | to 3.2 cm": one bound of a range
    if PARTICIPLE.match(last) and len(head.split()) > 2:
        # "… the noise generator produced | by the compiler": the participle lost its agent
        return f"{last} {following}"
    if coordination_cut(head, rest):
        # "… fitted by MLE | and by MGE", "… a gamma | or a Weibull distribution": the phrase
        # the title ends on has a second member, which the title loses
        return f"{last} {rest.split(None, 2)[0]} {rest.split(None, 2)[1]}"
    if (
        following.lower() in ("and", "or")
        and re.match(
            r"\s*(?:and|or)\s+(?:(?:the|an?|its|their|this|these)\s|[a-z]+(?<!ly)\s)", rest
        )
        and not PAIRING.search(" ".join(head.split()[-4:]))  # the member right before "and"
    ):
        # "… activities of the compiler | and the conditions that …", "… levels of education
        # | and associated p-values": a further member; the title names its own whole
        return None
    if following.lower() == "of":
        # what follows "of" completes the noun before it ("the major activities | of the
        # compiler", "the strategy | of Smith (2009)"): cut there, the title says which no more
        return f"{last} {following}"
    if PARTICIPLE.match(following) and _BARE_SECOND_SIDE.search(head):
        # "Comparison of A with the curves | based on B": the second side lost what tells it
        # from the first
        return f"{last} {following}"
    if following.lower() in PHRASE_ENDS or PARTICIPLE.match(following):
        return None  # a new phrase, or a participle's clause ("… generator | produced by …")
    if ING_CLAUSE.match(rest):
        return None  # "… plotted against $b$ | ranging from 1.5 to 3.2": a clause of its own
    return f"{last} {following}"


# A present participle that opens a clause with its preposition or article ("ranging from",
# "showing the", "using a"); "signal | processing pipeline" is a compound noun, cut
ING_CLAUSE = re.compile(r"\s+[a-z]{3,}ing\s+(?:from|between|the|an?|its|their)\b")


# the words that open a phrase: a second member of "and"/"or" opening with the same one as
# the title's last phrase is that phrase's co-member ("by MLE | and by MGE")
_PHRASE_OPENERS = frozenset(
    [
        "by",
        "of",
        "for",
        "with",
        "in",
        "on",
        "to",
        "from",
        "at",
        "under",
        "over",
        "using",
        "via",
        "into",
        "across",
        "between",
        "among",
        "a",
        "an",
        "the",
    ]
)
# an indefinite article before one word and the title's end: a modifier whose noun may come
# only after a co-member ("a gamma | or a Weibull distribution")
_LONE_MODIFIER = re.compile(r"\b(?:an?)\s+\S+$", re.I)


def coordination_cut(head: str, rest: str) -> bool:
    """Does the title end inside a coordination the caption goes on with: the caption's next
    words are "and"/"or" and a second member opening with the same preposition as the title's
    last phrase ("… fitted by MLE | and by MGE"), or with an article after a lone "a X" ("… a
    lognormal | and a loglogistic distribution"; with "or" any shared opener: "… of the
    model | or of the data"). A further member of a list ("… activities of the compiler | and
    the conditions …") opens with a word the title's last phrase does not end on."""
    match = re.match(r"\s*(and|or)\s+(\w+)\s", rest)
    if not match:
        return False
    joiner, opener = match.group(1).lower(), match.group(2).lower()
    if opener not in _PHRASE_OPENERS:
        return False
    tail = [w.lower() for w in head.split()[-4:]]
    if opener in ("a", "an", "the"):
        # an article: a co-member of a lone modifier, or any "or" alternative
        return (
            bool(_LONE_MODIFIER.search(head))
            and opener in ("a", "an")
            or (joiner == "or" and opener in tail[-3:-1])
        )
    return opener in tail[:-1]


def cut_in_coordination(head: str, whole: str) -> bool:
    """Is `head`, the opening of `whole`, cut inside a coordination (`coordination_cut`) or
    before what tells a comparison's bare second side from its first ("… with the curves |
    based on …")?"""
    if not whole.startswith(head):
        return False
    rest = whole[len(head) :]
    following = rest.split(None, 1)[0].strip(",;:.()") if rest.strip() else ""
    return coordination_cut(head, rest) or bool(
        rest[:1].isspace() and PARTICIPLE.match(following) and _BARE_SECOND_SIDE.search(head)
    )


# a comparison whose second side is the title's last one or two words ("Comparison of the
# adjusted curves with the curves"): a participle after it says which ones they are
_BARE_SECOND_SIDE = re.compile(
    r"\bcompar\w*\b.*\s(?:with|to|and|versus|vs\.?)\s+(?:the\s+|an?\s+)?\S+$", re.I
)

# a number (with a short unit) at the end of a title: a range's first bound when "to" follows
_NUMBER_END = re.compile(r"(?<![\w.])[-−+]?[\d.,]*\d(?:\s*[A-Za-z%°µ]{1,3})?$")


def _range_cut(head: str, following: str) -> bool:
    """The title ends on a range's first bound and the caption goes on to its second ("… from
    1.5 | to 3.2 cm", "… between 0.2 | and 0.8")."""
    word = following.lower()
    if not _NUMBER_END.search(head):
        return False
    return word in ("to", "through") or (word == "and" and " between " in f" {head.lower()}")


# ------------------------------------------------ titles that do not tell neighbours apart

# Figure slides this close (in slides) are neighbours a reader tells apart by their titles.
NEIGHBOURS = 2
# The most words of a caption's distinguishing part added to a title.
DISTINCT_WORDS = 7


def _caption_words(caption: str) -> list[str]:
    return _PANEL_LEAD.sub("", _LEADING_LABEL.sub("", _flat(caption))).split()


def _key_words(value: str) -> list[str]:
    return [w.lower().strip(".,;:") for w in value.split()]


def _content(key_words: list[str]) -> set[str]:
    return {w.strip("()") for w in key_words if w.strip("()") not in text.STOPWORDS} - {""}


def caption_difference(caption: str, other: str) -> str:
    """The words of `caption` after the words it shares with `other` from their start, to the
    end of its first sentence ("… obtained using | ARIMA models."), kept to a phrase of a few
    words that ends on no dangling word; "" when the captions share too little to be told
    apart by their openings, or the part does not read alone."""
    mine, theirs = _caption_words(caption), _caption_words(other)
    shared = 0
    for a, b in zip(_key_words(" ".join(mine)), _key_words(" ".join(theirs)), strict=False):
        if a != b:
            break
        shared += 1
    if shared < 3 or shared >= len(mine):
        return ""
    tail: list[str] = []
    for word in mine[shared:]:
        tail.append(word)
        if re.search(r"[;:]$", word) or (word.endswith(".") and not text.is_abbreviation(word)):
            break  # the sentence ends here; "Mt." or "vs." go on
    part = " ".join(tail[:DISTINCT_WORDS]).strip(" .,;:")
    part = DANGLING_TAIL.sub("", part).strip(" ,;:")
    if (
        not part
        or part.count("$") % 2
        or part.count("(") != part.count(")")
        or len(tail) > DISTINCT_WORDS + 3  # a long clause: a few words would be a cut
    ):
        return ""
    return part


def shared_head(title: str, other: str) -> str:
    """The words two titles share from their start, as a title that stands ("Four time series"
    of "Four time series" and "Four time series showing point forecasts …"); "" when none."""
    words = []
    for a, b in zip(base_title(title).split(), base_title(other).split(), strict=False):
        if a.lower().strip(".,;:") != b.lower().strip(".,;:"):
            break
        words.append(a)
    head = DANGLING_TAIL.sub("", " ".join(words)).strip(" ,;:")
    while len(head.split()) > 2 and title_fragment(head):
        head = DANGLING_TAIL.sub("", head.rsplit(" ", 1)[0]).strip(" ,;:")
    return head if len(head.split()) >= 2 and not title_fragment(head) else ""


def indistinct_title(slides: list, index: int, paper) -> tuple[int, str] | None:
    """(the neighbour's index, a title that tells them apart) when the figure slide at `index`
    (0-based) is titled with the opening of its caption that a neighbour figure slide's title
    repeats or extends, while their captions differ further on ("Four time series" over the
    exponential-smoothing forecasts, "Four time series showing point forecasts …" over the
    ARIMA ones): a reader cannot tell the two apart by what differs. None otherwise."""
    if not 0 <= index < len(slides):
        return None
    slide = slides[index]
    figure = paper.figure(slide.figure) if slide.kind == "figure" and slide.figure else None
    if figure is None or not figure.caption or slide.figure_pair:
        return None
    mine = _key_words(base_title(slide.title))
    low, high = max(1, index - NEIGHBOURS), min(len(slides), index + NEIGHBOURS + 1)
    for other_index in range(low, high):
        other = slides[other_index]
        if other_index == index or other.kind != "figure" or not other.figure:
            continue
        if other.figure == slide.figure or other.figure_pair:
            continue
        theirs = _key_words(base_title(other.title))
        short, long = sorted((mine, theirs), key=len)
        if long[: len(short)] != short:
            continue  # the titles differ already
        other_figure = paper.figure(other.figure)
        if other_figure is None or not other_figure.caption:
            continue
        part = caption_difference(figure.caption, other_figure.caption)
        if (
            part
            and len(mine) > len(theirs)
            and _content(_key_words(part)) & _content(mine[len(theirs) :])
        ):
            continue  # the title goes on with what its caption says apart: told apart already
        head = shared_head(slide.title, other.title)
        if not (
            part
            and head
            and _key_words(head)
            == _key_words(" ".join(_caption_words(figure.caption)))[: len(head.split())]
        ):
            continue
        whole = distinct_opening(figure.caption, other_figure.caption)
        if whole and _key_words(whole) != theirs[: len(whole.split())]:
            return other_index, whole
        # what differs comes late: the shared opening and the words that differ, apart
        return other_index, f"{head} ({part})"
    return None


# The most words of a caption's opening taken whole to tell it from a neighbour's.
DISTINCT_OPENING_WORDS = 16


def distinct_opening(caption: str, other: str) -> str:
    """The opening of `caption` through the first word where it parts from `other` and on to
    the end of that word's phrase ("Daily levels at the | upstream station", "Sample display
    of the Mt. | Si survey data"): a title made of the caption's own words, whole, that the
    neighbour's caption does not share; "" when that runs past `DISTINCT_OPENING_WORDS` or
    does not stand as a title."""
    first = text.first_sentence(_PANEL_LEAD.sub("", _LEADING_LABEL.sub("", _flat(caption))))
    first = INNER_REMARK.sub("", first).rstrip(" .")
    mine, theirs = first.split(), _caption_words(other)
    shared = 0
    for a, b in zip(_key_words(first), _key_words(" ".join(theirs)), strict=False):
        if a != b:
            break
        shared += 1
    if shared < 2 or shared >= len(mine):
        return ""
    end = shared + 1
    while end < len(mine) and text.is_abbreviation(mine[end - 1]):
        end += 1  # "Mt." or "Dr." goes with the name after it
    head = " ".join(mine[:end]).rstrip(",;:")
    # the phrase to its end, however long (a head cut inside it, "… using exponential" of "…
    # using exponential smoothing models", is no title); the head alone when a remark, a
    # clause or nothing follows it
    whole = completed_from_caption(head, first, len(first.split())) or head
    whole = DANGLING_TAIL.sub("", whole.rstrip(" ,;:.")).strip()
    whole = whole[:1].upper() + whole[1:]
    if (
        len(whole.split()) <= shared
        or len(whole.split()) > DISTINCT_OPENING_WORDS
        or whole.count("$") % 2
        or whole.count("(") != whole.count(")")
        or title_fragment(whole)
    ):
        return ""
    return whole


def completed_from_caption(title: str, caption: str, max_words: int = 16) -> str | None:
    """A title cut from its caption inside a phrase, completed to the phrase's end: through
    the "of" that completes its noun and the words after it, up to the next phrase, remark or
    coordinated clause ("… the major activities" → "… the major activities of the compiler",
    "… the strategy" → "… the strategy of Smith and Jones"); None when the title is no opening
    of the caption, nothing follows, or the completed title runs over `max_words`."""
    head = _flat(title).rstrip(" .")
    whole = _opening_of(title, caption)
    if len(head.split()) < 2 or whole is None:
        return None
    rest = whole[len(head) :]
    if rest[:1] == "." and text.is_abbreviation(f"{head.rsplit(' ', 1)[-1]}."):
        head, rest = f"{head}.", rest[1:]  # "… of the Mt." goes on with its name
    if not rest[:1].isspace() or rest.lstrip()[:1] in "(,;:.":
        return None  # a remark or a new clause follows: the head is whole, or cut otherwise
    taken: list[str] = []
    for word in rest.split():
        bare = word.strip(",;:.()").lower()
        so_far = f"{head} {' '.join(taken)}".rstrip(",;:. ")
        if (
            taken
            # "… before exercise and immediately | after exercise": a phrase left cut goes on
            and not title_fragment(so_far)
            and (
                bare in PHRASE_ENDS
                or word.startswith("(")
                # "… of the compiler | and the conditions …": a second member, not a name's
                # ("Smith and Jones")
                or (bare in ("and", "or") and not _capitalised_next(rest, word))
            )
        ):
            break
        taken.append(word)
        if re.search(r"[,;:]$", word) or (word.endswith(".") and not text.is_abbreviation(word)):
            break
    completed = DANGLING_TAIL.sub("", f"{head} {' '.join(taken)}".rstrip(",;:. ")).strip()
    if (
        not taken
        or len(completed.split()) > max_words
        or completed.count("$") % 2
        or completed == head
    ):
        return None
    return completed


def _capitalised_next(rest: str, word: str) -> bool:
    """The word after `word` (first occurrence) in `rest` opens with a capital: a name."""
    found = re.search(rf"\s{re.escape(word)}\s+(\S)", rest)
    return bool(found and found.group(1).isupper())
