"""Sentences of the paper → bullets that stand on their own, and the fix for each text defect.

The reviewer finds defects with pipeline/defects.py; `fix(kind, text, source)` answers one of
them for one bullet, and `rewrite` applies every fix a drafted bullet needs. A fix either makes
the text whole (drop the connector, resolve the pronoun, remove a pointer) or says it cannot
(None): the bullet is then replaced by another sentence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from apps.decks.pipeline import (
    carried_text,
    context_text,
    cut_sentences,
    defects,
    document_text,
    fragments,
    garbled,
    glued_text,
    lone_items,
    lost_text,
    lowercase_names,
    shown_objects,
    text,
    wordy_math,
)
from apps.decks.pipeline.caption_labels import OTHER_REFERENCE_WORDS
from apps.decks.pipeline.paper import Paper

MAX_MERGED_WORDS = 30
# Verbs that follow a bare pronoun ("This motivated us…"): then the pronoun is the subject and
# has to be resolved; otherwise "This visualisation…" names its own noun.
PRONOUN_VERBS = re.compile(
    r"^(?:is|was|are|were|has|have|had|can|could|may|might|will|would|should|must|does|did|"
    r"do|means?|meant|allows?|allowed|leads?|led|motivated?|motivates|gives?|gave|makes?|made|"
    r"suggests?|suggested|indicates?|indicated|implies|implied|ensures?|requires?|explains?|"
    r"results?|yields?|enables?|provides?|shows?|showed|shown|helps?|helped|happens?|occurs?|"
    r"seems?|appears?|remains?|becomes?|became|includes?|involves?|reduces?|increases?|"
    r"improves?|causes?|caused|confirms?|demonstrates?|highlights?|contrasts?|differs?|"
    r"corresponds?|depends?|relies|reflects?|represents?|comes?|came|also|thus|then|not|only)\b",
    re.I,
)
# "These simply tell us", "This parallels the operation": the word after the pronoun is an
# adverb or a verb (an object follows it), not a noun the pronoun qualifies.
VERB_NEXT = re.compile(r"^(?:\w+ly\b|\w+\s+(?:the|a|an|us|them|which|what|how|whether|to)\b)", re.I)
DEMONSTRATIVES = re.compile(r"^(this|these|that|those|such)\s+", re.I)
# Verbs that are no noun in a paper's prose, in any form: after "This" such a word makes the
# demonstrative the subject, even where the paper slipped on the verb's ending ("This avoid
# false overlaps", "This allow users to …"); "The avoid …" would be no English. Words that are
# nouns as often ("use", "increase", "result", "mean", "report") are not listed.
_VERB_ONLY_STEMS = (
    "avoid allow enable ensure prevent permit guarantee imply require facilitate simplify "
    "eliminate achieve obtain produce generate introduce involve include contain consist "
    "depend rely emphasize emphasise illustrate confirm reveal resemble affect alter hinder "
    "accelerate exploit explain suggest indicate demonstrate motivate become seem appear "
    "remain let give provide reduce improve occur happen differ reflect represent "
    "correspond determine describe define derive assume remove replace retain preserve "
    "maintain deliver render accomplish perform prove enhance mitigate"
)


def _verb_forms(stem: str) -> list[str]:
    if stem.endswith("y") and stem[-2:-1] not in "aeiou":
        return [stem, stem[:-1] + "ies", stem[:-1] + "ied"]
    if stem.endswith("e"):
        return [stem, stem + "s", stem + "d"]
    return [stem, stem + "s", stem + "es", stem + "ed"]


VERB_ONLY_NEXT = re.compile(
    r"^(?:"
    + "|".join(sorted({f for stem in _VERB_ONLY_STEMS.split() for f in _verb_forms(stem)}))
    + r"|gave|made|became|led|let|proved|proven)\b",
    re.I,
)
# "Such an interface…": the demonstrative leans on an article, and "The an …" is no English.
ARTICLE_NEXT = re.compile(r"^(?:a|an|the)\b", re.I)
# After a singular "This"/"That" a word ending in -s is a verb ("This agrees with …", "This
# holds for …", "That matches …": "The agrees with …" is no English), unless it is a singular
# noun ending in -s ("This analysis", "This process", "This bias", "This series", "This lens").
SINGULAR_DEMONSTRATIVE = re.compile(r"^(?:this|that)\s+$", re.I)
S_VERB_NEXT = re.compile(
    r"^(?![a-z]*(?:ss|us|is|ics|as|os|ens|series|species|news)\b)[a-z]+s\b", re.I
)
POINTER_NOUN = (
    rf"(?:Eqs?\.|Equations?|Figs?\.|Figures?|Tables?|Tab\.|Sections?|Sec\.|Appendix|"
    rf"{OTHER_REFERENCE_WORDS})"
)
POINTER_PHRASE = re.compile(
    r",?\s*\(?(?:see\s+|cf\.\s+)?(?:(?:as\s+)?(?:shown|seen|given|reported|illustrated|"
    r"described|defined|derived|listed|summari[sz]ed|presented|plotted)\s+)?(?:in|of|from|by|"
    rf"using|with|to|on)?\s*{POINTER_NOUN}\s*\(?(?:(?:\d+|(?-i:[A-Z]))(?:\.\d+)*[a-z]?(?![A-Za-z])|\?\?(?!\?))\)?"
    # a label is a number or one capital, never a word's first letters: "our Figure 4 and
    # Hastings' diagram" lost "Figure 4 and Ha" ("ourstings"); or "??", the number LaTeX could
    # not resolve ("shown in Section ??"), which goes with its noun
    r"(?:\s*(?:and|,|–|-)\s*\(?(?:\d+|(?-i:[A-Z]))(?:\.\d+)*[a-z]?(?![A-Za-z])\)?)*\)?"
    # the panels it names go with it: "shown in Fig. 10(a1)–(a3)" left "shown(a1)–(a3)"
    rf"(?:{defects.PANEL_LABELS})?",
    re.I,
)


@dataclass
class Source:
    """Where a bullet's sentence came from: the sentence before it in its paragraph."""

    previous: str = ""
    sentence: str = ""  # the paper's sentence itself, as the paper has it
    following: str = ""  # the sentence after it in its paragraph


class SentenceIndex:
    """Find the paper sentence a bullet was made from, and the sentence before it."""

    def __init__(self, paper: Paper):
        self.entries: list[tuple[str, str, str]] = []  # (key, sentence, previous)
        self.following: dict[str, str] = {}  # sentence → the next one in its paragraph
        for section in paper.sections:
            for paragraph in section.paragraphs:
                previous = ""
                for sentence in text.sentences(paragraph):
                    self.entries.append((_key(sentence), sentence, previous))
                    if previous:
                        self.following.setdefault(previous, sentence)
                    previous = sentence

    def source(self, bullet: str) -> Source:
        key = _key(bullet)[:60]
        if len(key) < 12:
            return Source()
        for entry_key, sentence, previous in self.entries:
            if key in entry_key:
                return Source(previous, sentence, self.following.get(sentence, ""))
        # a bullet is the sentence without its citations: "… Huang we see" of "… Huang [12] we
        # see" is found in the sentence cleaned as the bullet was
        for clean_key, sentence, previous in self._cleaned:
            if key in clean_key:
                return Source(previous, sentence, self.following.get(sentence, ""))
        return Source()

    @cached_property
    def _cleaned(self) -> list[tuple[str, str, str]]:
        return [(_key(text.clean(s)), s, previous) for _, s, previous in self.entries]


def _key(sentence: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", sentence.lower()).strip()


def _capitalise(value: str) -> str:
    return text.capitalised(value)  # "tobit() fits …", "xts is …" keep their case


# Connectors that state the case the sentence is for: dropped, the sentence would say for every
# case what the paper says for one ("In that case, the user must …" → "The user must …").
CONDITIONAL_CONNECTOR = re.compile(
    r"^(?:in\s+(?:that|this|such\s+an?|which)\s+(?:case|event|situation)|if\s+so|"
    r"if\s+not|otherwise)\b",
    re.I,
)


# A formula that opens on its relation ("$\le 0.5$ nm", "$= 4$"): the left side was cut off.
RELATION_FIRST = re.compile(r"\$\s*(?:[<>=≤≥≈~]|\\(?:le|ge|leq|geq|approx|sim|ll|gg|neq)\b)")


def drop_connector(value: str) -> str | None:
    stripped = defects.ASIDE_LEAD.sub("", value.strip(), count=1)
    stripped = stripped.lstrip(",;:) ").strip()
    if re.match(r"[a-z]", stripped) or defects.TRAILING_CONNECTOR.search(stripped):
        return None  # the middle of a sentence, or a contrast with what came before
    for _ in range(3):
        match = defects.CONNECTOR.match(stripped) or defects.DESPITE_CLAUSE.match(stripped)
        if not match:
            break
        stripped = stripped[match.end() :].lstrip(",;: ")
    if not stripped or (text.code_first(stripped) and not lowercase_names.opening_name(stripped)):
        return None  # nothing left, or a code name that cannot be capitalised (the paper's
        # lower-case name, "snowfall is …", opens a sentence as the paper writes it)
    if re.match(r"(?:is|are|was|were|has|have|had)\b", stripped, re.I):
        return None  # "Even worse is a Cox model …": the connector was the sentence's subject
    if RELATION_FIRST.match(stripped):
        return None  # "Say, $\le 0.5$ nm, …": the bound's other side was the sentence before
    return _capitalise(stripped)


def resolve_reference(value: str, source: Source) -> str | None:
    stripped = value.strip()
    demonstrative = DEMONSTRATIVES.match(stripped)
    if demonstrative:
        rest = stripped[demonstrative.end() :]
        named = "The " + rest  # "This visualisation does…" → "The visualisation does…"
        if (
            rest
            and not PRONOUN_VERBS.match(rest)
            and not VERB_ONLY_NEXT.match(rest)  # "This avoid …": a pronoun with a slipped verb
            and not VERB_NEXT.match(rest)
            and not ARTICLE_NEXT.match(rest)
            and not (
                SINGULAR_DEMONSTRATIVE.match(demonstrative.group(0)) and S_VERB_NEXT.match(rest)
            )
            and not lost_text.math_hole(named)
            and not fragments.fragment(named)
        ):
            return named
    previous = text.clean(source.previous).rstrip(".;: ") if source.previous else ""
    if (
        previous
        and not defects.text_defects(previous)
        and not defects.unresolved_reference(previous)
    ):
        merged = f"{previous}; {stripped[:1].lower()}{stripped[1:]}"
        if text.word_count(merged) <= MAX_MERGED_WORDS:
            return merged  # the pronoun now follows what it refers to
    return None


# The sentence after an announcement that gives one item only ("The first is …", "First, …").
ONE_ITEM = re.compile(r"^(?:the\s+)?(?:first|one)\b", re.I)


def merge_announced_items(value: str, source: Source) -> str | None:
    """A bullet announcing a list it does not give ("There are two differences between the
    rooms") with the paper's next sentence, which gives it, after a colon; None when that
    sentence is missing, leans itself, gives one item only or the merge grows too long."""
    following = text.clean(source.following).rstrip(".;: ") if source.following else ""
    if not following or not carried_text.announced_set(value) or ONE_ITEM.match(following):
        return None
    if defects.text_defects(following) or carried_text.announced_set(following):
        return None
    merged = f"{value.strip().rstrip('.;: ')}: {following[:1].lower()}{following[1:]}"
    if text.code_first(following) or text.word_count(merged) > MAX_MERGED_WORDS:
        return None
    return merged


def merge_antecedent(value: str, source: Source) -> str | None:
    """A bullet leaning on the sentence before it ("…for these five species") merged with that
    sentence, when the merge names what it leans on and stays short; None otherwise."""
    previous = text.clean(source.previous).rstrip(".;: ") if source.previous else ""
    if not previous or defects.text_defects(previous):
        return None
    if carried_text.announced_set(value):
        return None  # its list follows it in the paper: the sentence before does not give it
    stripped = value.strip()
    merged = f"{previous}; {stripped[:1].lower()}{stripped[1:]}"
    if (
        text.word_count(merged) > MAX_MERGED_WORDS
        or defects.leaning_reference(merged)
        or carried_text.counted_set(merged)  # the sentence before does not name the set either
    ):
        return None
    return merged


# The comma closing a pointer set as an aside, unless a clause of its own follows it ("The
# surges grew, as shown in Fig. 3, and the walls …" keeps "grew, and").
ASIDE_CLOSE = re.compile(
    r"\u2061\s*,(?!\s*(?:and|or|but|nor|which|who|whom|whose|where|while|whereas|although|"
    r"though|so|yet|then|because|since|as|if|when)\b)"
)


def _pointer_mark(match: re.Match) -> str:
    # a pointer set between commas is an aside: its closing comma goes with it ("The program,
    # shown in Figure 1, computes …" left "The program, computes …")
    return "\u2060\u2061" if match.group(0).lstrip().startswith(",") else "\u2060"


# A verb's form that names where the paper shows a thing: with "is/are/can be" before it, the
# pointer after it is the predicate's complement ("The heights are listed in Table 2 for each
# site" is about where the heights are; cut, it read "The heights are for each site").
PRESENTED = (
    r"(?:shown|seen|given|reported|illustrated|described|defined|derived|listed|summari[sz]ed|"
    r"presented|plotted|found|displayed|depicted|tabulated|collected|compiled|provided|"
    r"sketched|visuali[sz]ed|drawn|detailed|documented|outlined|enumerated|gathered|included|"
    r"contained|available|visible|compared|contrasted)"
)
COPULA = r"(?:is|are|was|were|be|been|being|am)"
PREDICATE_POINTER = re.compile(
    # "… are ⁠", "… can be found ⁠", "… are listed for each site ⁠": the clause's verb
    # (and its participle, when the pointer phrase took it) led into the pointer
    rf"\b{COPULA}(?:\s+(?:\w+ly|also|not|all|both|each|then|further))*"
    rf"(?:\s+{PRESENTED}(?:\s+[^\s,;:()\u2060]+){{0,4}})?\s*\u2060|"
    # "… compared ⁠", "… consistent ⁠", "… refer ⁠": a word that needs the pointer after it
    r"\b(?:compared?|relative|similar|analogous|according|identical|equal|equivalent|"
    r"consistent|agrees?|corresponds?|corresponding|refers?|referring|due|based|addition|"
    r"contrast|opposed|respect|regard)\s*\u2060",
    re.I,
)


def _predicate_pointer(value: str) -> bool:
    """The pointer is the sentence's predicate or its subject, not an aside: taken out, the
    rest says something else or nothing ("Table 2 lists the heights" → "lists the heights";
    "See Table 2 for the heights" → "for the heights")."""
    for match in POINTER_PHRASE.finditer(value):
        phrase = match.group(0).lstrip(" ,")
        if phrase.startswith("("):
            continue  # "(see Fig. 3)", "(Table 2)": an aside, fine to remove
        # the sentence goes on from the pointer ("see Table 2 for the counts"), not from a
        # comma closing it as an aside ("The model, see Table 3, predicts …")
        continues = not re.match(r"(?:[.;:]?\s*$|,)", value[match.end() :].strip(" )"))
        if continues and re.match(r"(?:see|cf\.)\s", phrase, re.I):
            return True  # "see Table 2 for the heights": the rest was the imperative's
        if match.group(0).lstrip().startswith(","):
            continue  # ", as shown in Figure 3,": an aside, fine to remove
        if continues and re.match(POINTER_NOUN, phrase, re.I):
            return True  # a bare pointer is the subject or an object: "Table 2 lists …"
    marked = POINTER_PHRASE.sub(_complement_mark, value)
    return bool(PREDICATE_POINTER.search(marked))


def _complement_mark(match: re.Match) -> str:
    # an aside ("(Section 7)", ", shown in Figure 1,", "as described in Section 3") completes
    # no verb: only the other pointers are marked where a verb may have led into them
    phrase = match.group(0).lstrip()
    return "" if re.match(r"[,(]|as\s", phrase, re.I) else "\u2060"


# A pointer that a verb or a preposition leads into, cut out, leaves the verb without its
# object: "The report starts (and ends) with Section 5, because …" read "The report starts
# (and ends), because …". "with", "to", "on" after a word (no comma, no parenthesis) complete
# it ("deals with", "refers to", "builds on"); a preposition the pointer phrase did not take
# ("turns for details to", "than", "into") is left hanging.
COMPLEMENT_POINTER = re.compile(r"\s*(?:with|to|on|onto|into|upon)\s", re.I)
HANGING_BEFORE = re.compile(
    r"(?:\b(?:with|to|into|onto|on|upon|from|of|at|by|for|in|than|and|or)|[(\u2013\u2014-])"
    r"\s*\u2060",
    re.I,
)
EQUATION_REFERENCE = re.compile(r"\bEq\w*\.?\s*\(?\d|\(\d{1,3}[a-z]?\)\s*$")
# Where a sentence's clauses part: a clause without the pointer may stand alone
CLAUSE_BREAK = re.compile(r";\s+|,\s+(?=(?:and|but|while|whereas|yet)\s)", re.I)


def _complement_dangles(value: str) -> bool:
    """Cutting a pointer out would leave a verb, a parenthesis or a preposition without what
    it led into."""
    for match in POINTER_PHRASE.finditer(value):
        if COMPLEMENT_POINTER.match(match.group(0)) and value[: match.start()].strip():
            return True
    marked = POINTER_PHRASE.sub("\u2060", value)
    return bool(HANGING_BEFORE.search(marked))


def _clause_without_pointer(value: str) -> str | None:
    """The sentence's first clause when the pointer sits only in a later one ("The parser is
    fast; its cost is in Section 5" → "The parser is fast"); None when the first clause holds
    it (what follows it, "because …", "and then …", opens no sentence)."""
    clauses = CLAUSE_BREAK.split(value.strip())
    if len(clauses) < 2 or defects.pointers(clauses[0]) or POINTER_PHRASE.search(clauses[0]):
        return None
    first = clauses[0].strip(" ,;:")
    if EQUATION_REFERENCE.search(first) or defects.text_defects(first):
        return None  # a pointer the phrase does not know ("according to Eqn. (19)")
    return _capitalise(first) if text.valid_bullet(first, 40) else None


def remove_pointers(value: str) -> str | None:
    if _predicate_pointer(value):
        return None
    if _complement_dangles(value):
        return _clause_without_pointer(value)
    marked = POINTER_PHRASE.sub(_pointer_mark, value)
    marked = re.sub(ASIDE_CLOSE, " ", marked).replace("\u2061", "")
    if re.search(r"\u2060\s*(?:and|or|nor)\b|\b(?:and|or|nor|as|than)\s*\u2060", marked):
        return None  # the pointer was one side of "in figure 2 and the examples above"
    cleaned = marked.replace("\u2060", "")
    cleaned = re.sub(r"\(\s*\)", "", cleaned)
    cleaned = re.sub(r"\s+([,.;:])", r"\1", re.sub(r"\s+", " ", cleaned)).strip(" ,;:")
    if cleaned == value.strip() or defects.pointers(cleaned) or not text.valid_bullet(cleaned, 40):
        return None  # no pointer phrase to remove: the sentence is the pointer
    return _capitalise(cleaned)


def strip_stray(value: str) -> str | None:
    if lone_items.item_of_lead(value):
        return None  # "• controlling the …": an item of a list whose lead the bullet lacks
    if any(garbled.UNREADABLE.search(span) for span in text.MATH_SPAN.findall(value)):
        return None  # a formula's unreadable glyph (a negation slash) is no debris to strip
    if garbled.UNREADABLE_IN_WORD.search(value):
        return None  # "speci\ufffdes" without its glyph reads "species": another word
    cleaned = lost_text.without_run_in_heading(lost_text.unwrap_aside(value))
    cleaned = lost_text.first_of_run_together(cleaned)
    cleaned = text.without_loose_accents(garbled.UNREADABLE.sub("", cleaned))
    cleaned = garbled.without_logo_debris(garbled.without_lone_e(cleaned))
    cleaned = garbled.INNER_LIST_MARK.sub("", cleaned)
    cleaned = cut_sentences.without_trailing_mark(cleaned)
    cleaned = garbled.STRAY_LEAD.sub("", cleaned.strip(), count=1).strip()
    return _capitalise(cleaned) if cleaned else None


def strip_output(value: str) -> str | None:
    """The sentence without the console output printed before it ("8 1143 One example …")."""
    cleaned = fragments.without_stray_output(value)
    return _capitalise(cleaned) if cleaned and cleaned != value.strip() else None


def strip_equation_numbers(value: str) -> str | None:
    cleaned = defects.LEADING_EQUATION_NUMBER.sub("", value.strip())
    cleaned = re.sub(r"\s*\(\d{1,3}[a-z]?\)(?=\s|$|[.,;])", "", cleaned).strip()
    if not cleaned or defects.broken_sentence(cleaned):
        return None  # the numbers were what "as in (10) and (12)" pointed at
    return _capitalise(cleaned)


def restore_opening(value: str, source: Source) -> str | None:
    """The paper's whole sentence for a bullet that is its tail cut at a citation's author or
    an opener's noun ("Huang we see that …" of "Following Lee and Huang [12] we see that …"),
    its citations removed; None unless the bullet is, word for word, that sentence's end."""
    if not source.sentence:
        return None
    whole = text.clean(source.sentence).rstrip(" .")
    cut, full = _key(value), _key(whole)
    if len(full) <= len(cut) or not full.endswith(" " + cut):
        return None
    if cut_sentences.cut_opening(whole):
        return None  # the paper's sentence opens cut too: nothing to restore
    return _capitalise(whole)


def restore_ending(value: str, source: Source) -> str | None:
    """The paper's whole sentence for a bullet that stopped where a line of the PDF ended ("… of
    the three" of "… of the three methods."); None unless the bullet is, word for word, that
    sentence's beginning and the sentence itself ends whole."""
    if not source.sentence:
        return None
    whole = text.clean(source.sentence).rstrip(" .")
    cut, full = _key(value), _key(whole)
    if len(full) <= len(cut) or not full.startswith(cut + " "):
        return None
    if cut_sentences.cut_ending(whole) or cut_sentences.cut_before_end(whole):
        return None  # the paper's text stops there too: nothing to restore
    return _capitalise(whole)


def fix(kind: str, value: str, source: Source | None = None) -> str | None:
    """The bullet with one defect answered, or None when it cannot be."""
    source = source or Source()
    if kind == "dangling_connector":
        if CONDITIONAL_CONNECTOR.match(value.strip()):
            return merge_antecedent(value, source)  # the case, or nothing: never for every case
        return drop_connector(value)
    if kind == "lost_condition":
        return merge_antecedent(value, source)
    if kind == "unresolved_reference":
        return resolve_reference(value, source)
    if kind == "leaning_reference":
        # "Smith et al. also report X" with no short sentence before it to bring in: the named
        # study's finding stands without its "also"
        return (
            merge_announced_items(value, source)
            or merge_antecedent(value, source)
            or carried_text.without_named_also(value)
            or carried_text.without_subject_also(value)  # "X also gives …" → "X gives …"
        )
    if kind == "equation_number":
        return strip_equation_numbers(value)
    if kind == "stray_glyph":
        return strip_stray(value)
    if kind == "dangling_pointer":
        return remove_pointers(value)
    if kind == "source_not_shown":  # a bare quotation: the paper's sentence that says whose
        if not shown_objects.bare_quotation(value):
            return None  # earlier work without its citation: repair.py says whose, or replaces
        return shown_objects.speaker_sentence(value, source.sentence)
    if kind == "stray_output":
        return strip_output(value)
    if kind == "glued_text":
        return glued_text.without_glued(value)
    if kind == "lone_list_item":
        return lone_items.without_label(value)
    if kind == "lost_opening":  # cut from a sentence the paper has whole: the whole one
        return restore_opening(value, source)
    if kind == "broken_sentence" and cut_sentences.glued_across_display(value):
        return cut_sentences.second_of_glued(value)  # the first half lost its end
    if kind == "broken_sentence" and cut_sentences.cut_ending(value):
        return restore_ending(value, source)  # the paper's sentence has the noun the bullet lost
    if kind == "broken_sentence" and cut_sentences.cut_before_end(value):
        return restore_ending(value, source)  # cut inside an aside, at a lead word or a short form
    if kind == "broken_math" and wordy_math.wordy(value):
        return wordy_math.written_as_text(value)  # a word set as a formula: the word
    if kind == "meta_text":  # a pointer into the document as an aside before the main clause
        return document_text.without_document_aside(value, defects.META)
    # meta_text about the whole sentence, broken_math, glued_words, table_as_text, fragment,
    # code_pointer, a lost formula: not a bullet at all (another sentence takes its place)
    return None


def rewrite(value: str, source: Source | None = None, max_words: int = 28) -> str | None:
    """Every fix the text needs, in an order where one fix cannot undo another. An instruction
    whose case the sentence before stated keeps it (merged) or is refused."""
    current: str | None = value
    if source is not None and context_text.condition_left_behind(value, source.previous):
        current = merge_antecedent(value, source)
        if current is None:
            return None
    for _ in range(4):
        found = defects.text_defects(current)
        if not found:
            break
        kind = found[0][0]
        current = fix(kind, current, source)
        if current is None:
            return None
    if current is None or defects.text_defects(current):
        return None
    if defects.pointers(current):
        current = remove_pointers(current)
        if current is not None and defects.text_defects(current):
            return None  # the pointer was a part of the sentence ("the fact that Eq. (19) to")
    if current is None or text.word_count(current) > max_words:
        return None
    return current
