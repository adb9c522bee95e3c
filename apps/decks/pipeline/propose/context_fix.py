"""Bullets and displays that use a symbol no earlier part of the deck introduces, made readable.

The paper's sentence that introduces the symbol (symbol_context.Definitions) comes onto the
slide before the bullet when it reads as a bullet of its own and the slide has room; else the
two are merged into one bullet when that stays short; else the bullet (or the display, with the
sentence that leads into it) leaves the slide: a formula about undefined symbols says nothing.
The proposer runs `self_contained` over its first deck; the reviser answers the reviewer's
`undefined_symbol` issues with `answer`. Both use `with_definitions`.

A bullet whose definite phrase or pronoun the paper introduced in the sentences just before and
no slide did (antecedents.py, the reviewer's `unintroduced_referent`) is answered by
`answer_referent`: (a) the phrase replaced by the antecedent's own name when that is short and
certain ("it" → "the breakpoint" when the sentence before is about the breakpoint and the
pronoun is the subject too), else (b) the antecedent sentence brought before it (bring_in), or
(c) the bullet left out — (c) only for a certain finding (`Dangling.certain`); an uncertain one
(reported low) leaves the bullet as it is when (a) and (b) cannot be done.

A bullet naming a part of a command (an argument, an option, a grammar placeholder) that no
slide names is answered the same way (code_context.py): the paper's sentence introducing the
command comes before it, or is merged with it, or the bullet leaves (`with_command`,
`answer_code` for the reviewer's `unintroduced_code`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from apps.decks import limits
from apps.decks.pipeline import antecedents, defects, shown_leads, text
from apps.decks.pipeline.code_context import (
    CodeName,
    CodeParts,
    code_parts,
    mentioned,
    unintroduced,
)
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.propose import bullets
from apps.decks.pipeline.slide_deck import Slide
from apps.decks.pipeline.symbol_context import (
    Definitions,
    Symbol,
    defined_in,
    definitions,
    keys_of,
    opening_definition,
    orphan_definition,
    symbols,
    text_symbols,
    undefined,
)

MAX_DEFINITIONS = 2  # sentences brought in for one bullet; more and the bullet goes
MAX_TEXT_BULLETS = 5
MAX_MERGED_WORDS = 40
DEFINITION_WORDS = 36
# "where $S$ is the …" after a display: the sentence, once on a slide of its own, is "$S$ is …"
WHERE_LEAD = re.compile(r"^(?:and\s+)?(?:where|here|with)\s*,?\s+(?=\$)", re.I)
# A sentence that runs on through its numbered display ("… of the readings, Eq. (1) where $w_i$
# is …", as ingestion writes it): its where-clause is what introduces the symbols
WHERE_AFTER_DISPLAY = re.compile(r"\bEq\.\s*\(\d+[a-z]?\)\s*,?\s*(?=where\s+\$)", re.I)


def slide_keys(slide: Slide) -> set[str]:
    """The symbols a slide mentions: its title, bullets, caption and display."""
    return keys_of([slide.title, *slide.bullets, slide.caption], [slide.equation])


def deck_keys(slides: list[Slide]) -> set[str]:
    keys: set[str] = set()
    for slide in slides:
        keys |= slide_keys(slide)
    return keys


def missing_for_bullet(
    slide: Slide, index: int, earlier: set[str], defs: Definitions
) -> list[tuple[Symbol, str]]:
    bullet = slide.bullets[index]
    seen = earlier | keys_of([slide.title, *slide.bullets[:index]])
    if slide.equation and bullet == slide.display_lead():
        # the sentence leading into the display names what the display and the where-clause
        # under it define ("A non-seasonal ARIMA($p, d, q$) process is given by:"): its
        # symbols are the display's (missing_for_display), not a use of their own
        seen |= slide_keys(slide)
    if slide.equation:
        # the slide shows the display that defines what its left side names ("$D = \\max …$"):
        # a bullet using $D$ beside it leans on nothing the slide lacks
        seen |= defined_by_display(slide.equation)
    return undefined(text_symbols(bullet), bullet, seen, defs)


def missing_for_display(
    slide: Slide, earlier: set[str], defs: Definitions
) -> list[tuple[Symbol, str]]:
    if not slide.equation:
        return []
    # a display defines what its left side names: "f(y; \mu) = …" defines f of its arguments
    seen = earlier | keys_of([slide.title, *slide.bullets]) | defined_by_display(slide.equation)
    # a slide that lost the display's lead still shows it where the paper has it: the symbols
    # lean on the definitions around that place, not on the paper's first use of the letter
    source = slide.display_lead() or defs.leads.get(slide.equation, "")
    return undefined(symbols(slide.equation), "", seen, defs, source=source)


def defined_by_display(tex: str) -> set[str]:
    r"""The symbol keys on the left of a display's first "=" (or ":=", "\equiv"): the function
    or quantity it defines and the arguments it binds. A display of several rows, or one
    whose left side is long (an equation between two expressions), defines nothing."""
    if "\\\\" in tex:  # rows
        return set()
    left = re.split(r":=|\\equiv|(?<![<>!\\])=", tex, maxsplit=1)
    if len(left) < 2 or len(symbols(left[0])) > 4:
        return set()
    return {s.key for s in symbols(left[0])}


# ", where $\alpha$ is a parameter in …" inside a sentence about something else
WHERE_CLAUSE = re.compile(r",?\s+(?=where\s+\$)", re.I)


def _defining_where(sentence: str) -> re.Match | None:
    """The start of a where-clause that introduces the sentence's symbols while the words
    before it introduce none ("… is iterated until convergence, where $\alpha$ is a parameter
    in $[0, 1)$"): the clause is the definition, the rest is about another matter."""
    for match in WHERE_CLAUSE.finditer(sentence):
        if defined_in(sentence[match.end() :]) and not defined_in(sentence[: match.start()]):
            return match
    return None


def definition_bullet(sentence: str, defs: Definitions) -> str | None:
    """The introducing sentence as a bullet that stands, or None."""
    candidate = text.clean(sentence).strip()
    if candidate.endswith(":"):
        # it announces the display that defines the symbol, which the slide does not show:
        # merged, it would read "… the distribution of the statistic:; $W$ …"
        return None
    after_display = WHERE_AFTER_DISPLAY.search(candidate) or _defining_where(candidate)
    if after_display:
        candidate = candidate[after_display.end() :]
    candidate = WHERE_LEAD.sub("", candidate)
    candidate = text.capitalised(candidate)
    if text.word_count(candidate) > DEFINITION_WORDS:
        # (condense refuses sentences of many formulas, which definitions often are)
        candidate = text.condense(candidate, DEFINITION_WORDS)
        if candidate is None:
            return None
    candidate = candidate.rstrip(" .")
    previous = defs.previous_of.get(sentence, "")
    return bullets.rewrite(candidate, bullets.Source(previous=previous), max_words=DEFINITION_WORDS)


@dataclass
class Outcome:
    slide: Slide
    action: str
    next_index: int  # where the caller's walk over the bullets goes on


def _names(missing: list[tuple[Symbol, str]]) -> str:
    return ", ".join(f"${s.shown}$" for s, _ in missing)


def _room(slide: Slide, bullets_after: list[str]) -> bool:
    """Can a text slide hold these bullets (a figure's column has no room for a definition:
    it is merged or the bullet leaves)?"""
    words = sum(text.word_count(b) for b in bullets_after)
    return (
        slide.kind == "bullets"
        and len(bullets_after) <= MAX_TEXT_BULLETS
        and words <= limits.get_int("words_text_slide") - 4
    )


def with_definitions(
    slide: Slide,
    index: int | None,
    missing: list[tuple[Symbol, str]],
    defs: Definitions,
    earlier: set[str],
) -> Outcome:
    """Answer the symbols of bullet `index` (None: of the slide's display) that `missing`
    lists with the sentences introducing them."""
    sentences = list(dict.fromkeys(sentence for _, sentence in missing))
    made = [definition_bullet(s, defs) for s in sentences[: MAX_DEFINITIONS + 1]]
    made_ok = all(made) and len(made) <= MAX_DEFINITIONS
    if made_ok:
        # a definition that needs other undefined symbols itself explains nothing
        seen = earlier | keys_of([slide.title, *slide.bullets])
        for bullet in made:
            others = keys_of([m for m in made if m is not bullet])
            if undefined(text_symbols(bullet), bullet, seen | others, defs):
                made_ok = False
    names = _names(missing)
    if index is None:
        return _for_display(slide, made if made_ok else None, names)
    return bring_in(
        slide, index, made if made_ok else None, names, f"{names}, which no slide introduces"
    )


def bring_in(slide: Slide, index: int, made: list[str] | None, names: str, lacking: str) -> Outcome:
    """Bullet `index` with the sentences that introduce what it uses (`made`, bullets already;
    None: none that stands) before it when the slide has room, merged with it when that stays
    short, else the bullet left out (`lacking` says why)."""
    bullet = slide.bullets[index]
    if made:
        # a definition the slide shows after the bullet moves before it
        lowered = {m.lower() for m in made}
        rest = [b for b in slide.bullets if b.lower() not in lowered]
        at = rest.index(bullet)
        kept = [*rest[:at], *made, *rest[at:]]
        if _room(slide, kept):
            return Outcome(
                slide.model_copy(update={"bullets": kept}),
                f"brought the sentence introducing {names} onto the slide before bullet "
                f"{index + 1}",
                at + len(made) + 1,
            )
    if made and len(made) == 1:
        merged = f"{made[0].rstrip('. ')}; {_continued(bullet)}"
        if text.word_count(merged) <= MAX_MERGED_WORDS:
            kept = [*slide.bullets[:index], merged, *slide.bullets[index + 1 :]]
            return Outcome(
                slide.model_copy(update={"bullets": kept}),
                f"merged bullet {index + 1} with the sentence introducing {names}",
                index + 1,
            )
    kept = [*slide.bullets[:index], *slide.bullets[index + 1 :]]
    return Outcome(
        slide.model_copy(update={"bullets": kept}),
        f"removed bullet {index + 1}: it uses {lacking}",
        index,
    )


def _continued(bullet: str) -> str:
    """The bullet as the second clause of a sentence: "A QR …" → "a QR …", "$S$ …" kept."""
    return bullet[:1].lower() + bullet[1:] if re.match(r"[A-Z](?:[a-z]|\s)", bullet) else bullet


def _for_display(slide: Slide, added: list[str] | None, names: str) -> Outcome:
    """The display's definitions go before the sentence that leads into it (kept last, over
    the display); without them the display and that sentence leave the slide."""
    at = slide.bullets_over_equation() - 1 if slide.display_lead() else len(slide.bullets)
    if added is not None:
        lowered = {m.lower() for m in added}
        rest = [b for b in slide.bullets[:at] if b.lower() not in lowered]
        # the display, its lead and its definitions are one: the slide's other bullets give
        # way to them, the longest first (as they do to a lead, builtin._with_lead)
        while rest and not _room(slide, [*rest, *added, *slide.bullets[at:]]):
            rest.remove(max(rest, key=text.word_count))
        kept = [*rest, *added, *slide.bullets[at:]]
    if added is not None and _room(slide, kept):
        return Outcome(
            slide.model_copy(update={"bullets": kept}),
            f"brought the sentence introducing {names} onto the slide before its display",
            len(kept),
        )
    return Outcome(
        slide.without_equation(),
        f"removed the display (and its lead): it uses {names}, which no slide introduces",
        at,
    )


# ----------------------------------------------------------------- parts of unnamed commands


def code_keys(slides: list[Slide]) -> set[str]:
    """The code names the slides show (code_context.mentioned)."""
    return mentioned([t for s in slides for t in (s.title, s.caption, *s.bullets)])


def missing_code_for_bullet(
    slide: Slide, index: int, earlier: set[str], parts: CodeParts
) -> list[tuple[CodeName, list[str]]]:
    seen = earlier | mentioned([slide.title, slide.caption, *slide.bullets[:index]])
    return unintroduced(slide.bullets[index], seen, parts)


def command_bullet(whole: str, bullet: str, seen: set[str], parts: CodeParts) -> str | None:
    """The paper's sentence introducing the command `whole` as a bullet that stands and that
    answers `bullet` (it names no part of another unnamed command itself), or None."""
    sentence = parts.introducing(whole, bullet)
    if sentence is None:
        return None
    candidate = text.clean(sentence).strip().rstrip(" .:;,")
    if text.word_count(candidate) > DEFINITION_WORDS:
        candidate = text.condense(candidate, DEFINITION_WORDS)
        if candidate is None:
            return None
    made = bullets.rewrite(candidate, bullets.Source(), max_words=DEFINITION_WORDS)
    if made is None or unintroduced(made, seen, parts):
        return None
    if unintroduced(bullet, seen | mentioned([made]), parts):
        return None  # the bullet's parts belong to more commands than this one
    return made


def with_command(
    slide: Slide,
    index: int,
    missing: list[tuple[CodeName, list[str]]],
    parts: CodeParts,
    earlier: set[str],
) -> Outcome:
    """Bullet `index`, which names parts (`missing`) of a command no slide names, with the
    sentence introducing the command before it, merged with it, or left out (bring_in)."""
    seen = earlier | mentioned([slide.title, slide.caption, *slide.bullets[:index]])
    wholes = list(dict.fromkeys(w for _, ws in missing for w in ws))
    made = next(
        (m for m in (command_bullet(w, slide.bullets[index], seen, parts) for w in wholes) if m),
        None,
    )
    names = ", ".join(n.shown for n, _ in missing)
    owners = " or ".join(f"`{w}`" for w in wholes)
    return bring_in(
        slide,
        index,
        [made] if made else None,
        owners,
        f"{names}, a part of {owners}, which no slide names",
    )


def _each_bullet_fixed(slide: Slide, missing_of, fix) -> Slide:
    """Each bullet in turn: what it lacks (`missing_of(slide, index)`), and the fix
    (`fix(slide, index, missing)`), which says where to go on (it may bring sentences in,
    merge or drop the bullet)."""
    index = 0
    while index < len(slide.bullets):
        missing = missing_of(slide, index)
        if not missing:
            index += 1
            continue
        outcome = fix(slide, index, missing)
        slide, index = outcome.slide, outcome.next_index
    return slide


def _code_self_contained(slide: Slide, earlier: set[str], parts: CodeParts) -> Slide:
    original = slide
    slide = _each_bullet_fixed(
        slide,
        lambda s, i: missing_code_for_bullet(s, i, earlier, parts),
        lambda s, i, missing: with_command(s, i, missing, parts, earlier),
    )
    if original.bullets and not slide.bullets and slide.kind == "bullets":
        # every bullet was a part of an unnamed command: the reviser replaces them with other
        # sentences of the part (repair._unintroduced_code) rather than the slide going
        return original
    return slide


def answer_code(slide: Slide, evidence: dict, paper: Paper, earlier: set[str]) -> tuple[Slide, str]:
    """The reviser's answer to one `unintroduced_code` issue, checked again against the slide
    as it is now."""
    original = evidence.get("text", "")
    if original not in slide.bullets:
        return slide, ""
    index = slide.bullets.index(original)
    parts = code_parts(paper)
    missing = missing_code_for_bullet(slide, index, earlier, parts)
    if not missing:
        return slide, ""
    outcome = with_command(slide, index, missing, parts, earlier)
    return outcome.slide, outcome.action


# ------------------------------------------------------------ where-clauses without formula


def keys_elsewhere(deck_or_slides, bullet: str) -> set[str]:
    """The symbol keys of every title, bullet, caption and display of the deck but `bullet`."""
    slides = getattr(deck_or_slides, "slides", deck_or_slides)
    texts = [t for s in slides for t in (s.title, s.caption, *s.bullets) if t != bullet]
    return keys_of(texts, [s.equation for s in slides])


def orphaned(slide: Slide, index: int, before: list[Slide], after: list[Slide]) -> list[str]:
    """The symbols bullet `index` of `slide` defines for no one (orphan_definition): `before`
    and `after` are the deck's other slides, in order."""
    bullet = slide.bullets[index]
    if not opening_definition(bullet):
        return []
    texts = [*slide.bullets[index + 1 :], slide.caption]
    texts += [t for s in after for t in (s.title, s.caption, *s.bullets)]
    later = keys_of(texts, [slide.equation, *(s.equation for s in after)])
    return orphan_definition(bullet, keys_elsewhere([*before, slide, *after], bullet), later)


def without_orphan_definitions(slides: list[Slide]) -> list[Slide]:
    """The slides without bullets that only say what symbols stand for when no slide uses
    them (symbol_context.orphan_definition): a slide left without text or picture goes."""
    out: list[Slide] = []
    for number, slide in enumerate(slides, start=1):
        if slide.kind != "title":
            before, after = slides[: number - 1], slides[number:]
            kept = [b for i, b in enumerate(slide.bullets) if not orphaned(slide, i, before, after)]
            if len(kept) != len(slide.bullets):
                if not kept and slide.kind == "bullets" and not slide.equation:
                    continue
                lead = slide.equation_lead if slide.equation_lead in kept else ""
                slide = slide.model_copy(update={"bullets": kept, "equation_lead": lead})
        out.append(slide)
    return out


def leads_nowhere(slide: Slide, index: int) -> bool:
    """Bullet `index` ends with a colon ("… with probability density function:") and is not
    the lead of the display the slide shows: the bullet after it reads as what it announced."""
    return slide.bullets[index].rstrip().endswith(":") and not shown_leads.leads_shown(slide, index)


def without_dangling_leads(slides: list[Slide]) -> list[Slide]:
    """The slides without bullets announcing a display that is not shown."""
    out: list[Slide] = []
    for slide in slides:
        if slide.kind != "title" and any(
            leads_nowhere(slide, i) for i in range(len(slide.bullets))
        ):
            kept = [b for i, b in enumerate(slide.bullets) if not leads_nowhere(slide, i)]
            if not kept and slide.kind == "bullets" and not slide.equation:
                continue
            lead = slide.equation_lead if slide.equation_lead in kept else ""
            slide = slide.model_copy(update={"bullets": kept, "equation_lead": lead})
        out.append(slide)
    return out


# ------------------------------------------------------------------------------ the deck


def self_contained(slides: list[Slide], paper: Paper, used: set[str] | None = None) -> list[Slide]:
    """The deck's slides, in order, with every bullet and display whose symbols an earlier
    part of the deck does not introduce answered (with_definitions), and every bullet naming a
    part of a command no slide names answered (with_command)."""
    defs = definitions(paper)
    parts = code_parts(paper)
    if not defs.places and not parts.kinds:
        return without_dangling_leads(without_orphan_definitions(slides))
    earlier: set[str] = set()
    earlier_code: set[str] = set()
    out: list[Slide] = []
    for slide in slides:
        if slide.kind != "title":
            before = slide
            if defs.places:
                slide = _slide_self_contained(slide, earlier, defs)
            if parts.kinds:
                slide = _code_self_contained(slide, earlier_code, parts)
            if (
                slide.kind == "bullets"
                and before.bullets
                and not slide.bullets
                and not slide.equation
            ):
                continue  # every bullet leaned on what no slide says: the slide goes with them
            if used is not None:
                used.update(b.lower() for b in slide.bullets)
        earlier |= slide_keys(slide)
        earlier_code |= code_keys([slide])
        out.append(slide)
    return without_dangling_leads(without_orphan_definitions(out))


def _slide_self_contained(slide: Slide, earlier: set[str], defs: Definitions) -> Slide:
    slide = _each_bullet_fixed(
        slide,
        lambda s, i: missing_for_bullet(s, i, earlier, defs),
        lambda s, i, missing: with_definitions(s, i, missing, defs, earlier),
    )
    missing = missing_for_display(slide, earlier, defs)
    if missing:
        slide = with_definitions(slide, None, missing, defs, earlier).slide
    return slide


def answer(slide: Slide, evidence: dict, paper: Paper, earlier: set[str]) -> tuple[Slide, str]:
    """The reviser's answer to one `undefined_symbol` issue: the bullet (or display) it names,
    checked again against the slide as it is now."""
    defs = definitions(paper)
    if evidence.get("where") == "equation":
        missing = missing_for_display(slide, earlier, defs)
        index = None
    else:
        original = evidence.get("text", "")
        if original not in slide.bullets:
            return slide, ""
        index = slide.bullets.index(original)
        missing = missing_for_bullet(slide, index, earlier, defs)
    if not missing:
        return slide, ""
    outcome = with_definitions(slide, index, missing, defs, earlier)
    return outcome.slide, outcome.action


# ------------------------------------------------------------- phrases leaning on the paper

# A pronoun followed by a finite verb is its clause's subject ("… it lies …", "they are …").
SUBJECT_VERB = re.compile(
    r"^\s*(?:is|are|was|were|has|have|had|can|could|may|might|will|would|should|must|does|do|"
    r"did|[a-z]+(?<!s)s|[a-z]+ed)\b",
    re.I,
)


def _plural(word: str) -> bool:
    return antecedents.lemma(word) != word.lower()


def named_antecedent(bullet: str, found: antecedents.Dangling) -> str | None:
    """The bullet with its pronoun or phrase replaced by the name the paper gave the thing in
    the sentence before, when that is certain; None otherwise.

    A pronoun ("it", "they") is replaced only when it is its clause's subject and the sentence
    before opens with a short subject of the same number (no change of subject: the two
    sentences are about one thing). A phrase ("the process") is replaced by the antecedent's
    fuller name when that carries a name, a formula or code ("the counting process $N(t)$").
    A bullet whose shape points back (an "Other …", a "then", a shell noun) has no name to
    put in: only the sentence before answers it."""
    if found.kind not in {"phrase", "pronoun"}:
        return None
    start, end = found.start, found.start + len(found.part)
    if found.pronoun:
        if found.part not in {"it", "they"} or not SUBJECT_VERB.match(bullet[end:]):
            return None
        if antecedents.own_candidate(bullet, start, found.part):
            return None  # the bullet names a thing of its own the pronoun may stand for
        if found.antecedent.rstrip().endswith(":"):
            return None  # "A typical example is as follows:": it announces what follows it
        subject = antecedents.SUBJECT.match(text.clean(found.antecedent))
        if subject is None:
            return None
        words = subject.group("words").split()
        if len(words) > 4 or _plural(words[-1]) != (found.part == "they"):
            return None
        head = antecedents.lemma(words[-1])
        if head in antecedents.GENERIC_HEADS or (
            found.part == "it" and head in antecedents.PERSON_HEADS
        ):
            return None  # "the example", "the user": not a thing "it" names
        if subject.group("det").lower() in {"our", "these"}:
            name = f"{subject.group('det').lower()} {' '.join(words)}"
        else:
            name = f"the {' '.join(words)}"
    elif found.named:
        # the name the paper gave it beside the noun, the noun written as both write it (one
        # thing: "The function" → "The function makePoly", "the option" → "the `keep` option";
        # the phrase's own words before the noun stay)
        if found.head.lower() not in found.named.lower().split() or not found.part.endswith(
            found.head
        ):
            return None  # "the functions" after "the function makePoly": not one name
        # the phrase itself, its own words before the noun with it, standing in the sentence
        # before beside the name: two things ("… similar to the UR10 control …, a new task
        # for posture control"), and "The posture control" is no "posture UR10 control" (a
        # repair wrote that on an unseen paper)
        own = " ".join(found.part.split()[1:])
        if len(own.split()) > 1 and re.search(
            rf"\b{re.escape(own)}\b", found.antecedent.replace(found.named, " "), re.I
        ):
            return None
        name = found.part[: -len(found.head)] + found.named
    else:
        forms = {found.head.lower(), antecedents.lemma(found.head)}
        pattern = re.compile(
            r"\b(?:the|a|an|this|our)\s+(?P<name>(?:[\w-]+\s+){0,3}?(?:"
            + "|".join(re.escape(f) for f in forms)
            + r")s?(?:\s+\$[^$]{1,30}\$|\s+`[^`]{1,30}`)?)(?=[\s,.;:)]|$)",
            re.I,
        )
        antecedent = text.clean(found.antecedent)
        match = pattern.search(antecedent)
        if match is None:
            return None
        name = match.group("name")
        if not re.search(r"\$|`|(?<!^)\b[A-Z]", name) and not _compound_name(
            name, found, pattern, antecedent
        ):
            return None  # no name of its own: "the process" for "a process" says no more
        name = f"{found.part.split()[0]} {name}"
    fixed = bullet[:start] + name + bullet[end:]
    if start == 0:
        fixed = text.capitalised(fixed)
    return fixed


def _compound_name(name: str, found: antecedents.Dangling, pattern, antecedent: str) -> bool:
    """Whether `name` ("lower-bound method", "cold-press method") names the thing by a
    hyphenated modifier of its own, the one name the sentence before gives a thing of that
    noun: "the method" → "the lower-bound method" (never when it names two: "a cold-press
    method and a steam method")."""
    words = name.split()
    if len(words) < 2 or not any(re.fullmatch(r"[a-z]+-[a-z]+", w) for w in words[:-1]):
        return False
    if found.part.lower().split()[0] != "the" or len(found.part.split()) != 2:
        return False  # only a bare "the method": "the two methods" counts what it names
    names = {m.group("name").lower() for m in pattern.finditer(antecedent)}
    return len(names) == 1


def answer_referent(
    slide: Slide, evidence: dict, paper: Paper, earlier: list[str], used: set[str] | None = None
) -> tuple[Slide, str]:
    """The reviser's answer to one `unintroduced_referent` issue, checked again against the
    slide as it is now (`earlier`: what the slides before it show, antecedents.dangling)."""
    original = evidence.get("text", "")
    if original not in slide.bullets:
        return slide, ""
    index = slide.bullets.index(original)
    context = antecedents.paper_context(paper)
    own = [slide.title, slide.caption, *slide.bullets[:index]]
    shown = [*earlier, *own]
    found = antecedents.dangling(original, shown, context, own)
    if found is None:
        return slide, ""
    # (a) the thing named where the bullet leans on it
    named = named_antecedent(original, found)
    if (
        named is not None
        and not defects.text_defects(named)
        and antecedents.dangling(named, shown, context) is None
    ):
        kept = [named if b == original else b for b in slide.bullets]
        update = {"bullets": kept}
        if slide.equation_lead == original:
            update["equation_lead"] = named
        return slide.model_copy(update=update), (
            f"rewrote bullet {index + 1}: “{found.part}” named as the paper's sentence before "
            f"it does (“{text.shorten(named, 12, ellipsis=True)}”)"
        )
    if found.kind == "seeing" and antecedents.loses_pointer_cleanly(found):
        # "As you can see, …", "… you see here": the pointer goes, the statement stays; when
        # what is left leans on the paper, the bullet is answered as any certain one (below:
        # another sentence of the part in its place, else left out if the slide stays full)
        fixed, action = _without_adverb(slide, index, found, shown, context)
        if action:
            return fixed, action
    # (b) the sentence that introduces it before the bullet, (c) else the bullet left out —
    # only when the finding is certain: an uncertain one (a noun the reader may well know)
    # never costs a good bullet
    made = referent_bullet(found.antecedent, shown, context, used or set())
    if not found.certain and not made:
        return slide, ""
    if found.kind in {"sequence", "link"} and not (
        made and _room(slide, _with_before(slide, index, made))
    ):
        # a step or a consequence whose step before does not fit: the adverb goes, the
        # statement stays what the paper says ("… may then be performed" → "… may be performed")
        return _without_adverb(slide, index, found, shown, context)
    outcome = bring_in(
        slide,
        index,
        [made] if made else None,
        f"“{found.part}”",
        f"“{found.part}”, which "
        + (
            "the paper introduced in the sentence before"
            if found.kind in {"phrase", "pronoun"}
            else "points at what the paper shows beside it"
            if found.kind == "seeing"
            else "points back to the paper's sentence before"
        )
        + " and no slide does",
    )
    if not found.certain and (
        len(outcome.slide.bullets) < len(slide.bullets) or not _room(slide, outcome.slide.bullets)
    ):
        # neither room for the sentence nor a short merge: the bullet stays; a merge that
        # overfills the slide would cost its longest bullets to the density fix next round
        return slide, ""
    action = outcome.action
    if found.kind not in {"phrase", "pronoun"}:
        # nothing was introduced: the sentence is what the bullet's shape points back to
        action = action.replace(
            f"the sentence introducing “{found.part}”",
            f"the paper's sentence before it (what “{found.part}” points back to)",
        )
    return outcome.slide, action


def _with_before(slide: Slide, index: int, made: str) -> list[str]:
    return [*slide.bullets[:index], made, *slide.bullets[index:]]


def _without_adverb(
    slide: Slide,
    index: int,
    found: antecedents.Dangling,
    shown: list[str],
    context: antecedents.PaperContext,
) -> tuple[Slide, str]:
    """Bullet `index` without the adverb (`found.part`: "then", "therefore") that made it a step
    after the sentence before; the slide as it is when what is left still leans on the paper."""
    bullet = slide.bullets[index]
    start, end = found.start, found.start + len(found.part)
    fixed = re.sub(r"\s*,\s*$", "", bullet[:start].rstrip()) + " " + bullet[end:].lstrip(" ,")
    fixed = re.sub(r"\s{2,}", " ", fixed).strip()
    if start == 0:
        fixed = text.capitalised(fixed)  # "As you can see, the …" → "The …"
    left = antecedents.dangling(fixed, shown, context)
    if defects.text_defects(fixed) or (left is not None and left.certain):
        return slide, ""  # (an uncertain phrase it had before stays: reported low)
    kept = [fixed if i == index else b for i, b in enumerate(slide.bullets)]
    update = {"bullets": kept}
    if slide.equation_lead == bullet:
        update["equation_lead"] = fixed
    return slide.model_copy(update=update), (
        f"rewrote bullet {index + 1} without “{found.part.strip(' ,')}”: "
        + (
            "what it points at is on no slide"
            if found.kind == "seeing"
            else "what it contrasts with or follows from is on no slide"
            if found.kind == "link"
            else "the step before it is on no slide"
        )
    )


def referent_bullet(
    sentence: str, shown: list[str], context: antecedents.PaperContext, used: set[str]
) -> str | None:
    """The paper's sentence introducing what a bullet leans on, as a bullet that stands itself
    (no defect of its own, nothing it leans on either), or None."""
    candidate = text.clean(sentence).strip().rstrip(" .;,")
    if candidate.endswith(":"):
        return None  # it announces a display or code the slide would not show
    if text.word_count(candidate) > DEFINITION_WORDS:
        candidate = text.condense(candidate, DEFINITION_WORDS)
        if candidate is None:
            return None
    made = bullets.rewrite(candidate, bullets.Source(), max_words=DEFINITION_WORDS)
    if made is None or made.lower() in used or defects.text_defects(made):
        return None
    if antecedents.dangling(made, shown, context) is not None:
        return None
    return made
