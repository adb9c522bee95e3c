"""A display equation on a slide as the paper sets it: under the sentence that introduces it,
in the paper's order among the slide's other bullets, with the sentence that says what its
symbols are ("where $\\delta$ is the depreciation rate") under it."""

from __future__ import annotations

import re

from apps.decks.pipeline import context_text, defects, display_math, shown_leads, text
from apps.decks.pipeline.paper import Equation, Paper
from apps.decks.pipeline.propose import bullets, context_fix
from apps.decks.pipeline.slide_deck import Slide
from apps.decks.pipeline.symbol_context import definitions

# The most words of a display's symbol definitions shown as a bullet under it.
DEFINITION_MAX_WORDS = 40
# What goes on from a display into the definitions of its symbols: the display's place in the
# text ("Eq. (2)", ingestion's placeholder) and "where", then a formula.
WHERE = re.compile(r"^[\s:,]*(?:Eq\.\s*\(\w+\)\s*)?,?\s*where\s+(?=\$)")


def _position(sentence: str, body: str, sentences: list[tuple[int, str]]) -> int:
    """Where in the section's text a bullet was taken from: where it stands word for word, else
    where the sentence sharing most of its words starts (a bullet is its sentence condensed or
    rewritten)."""
    exact = body.find(sentence.rstrip(":.").strip())
    if exact >= 0:
        return exact
    wanted = set(text.words(sentence)) - text.STOPWORDS
    best, best_shared = len(body), 0.0
    for start, candidate in sentences:
        have = set(text.words(candidate)) - text.STOPWORDS
        shared = len(wanted & have) / max(1, len(wanted))
        if shared > best_shared:
            best, best_shared = start, shared
    return best


def with_lead_in_order(bullets: list[str], lead: str, paragraphs: list[str]) -> list[str]:
    """The bullets with a display's lead among them where the paper has it: a section that
    opens with its display shows it first, not after the sentences that follow it."""
    others = [b for b in bullets if b.lower() != lead.lower()]
    body = " ".join(paragraphs)
    sentences, start = [], 0
    for sentence in text.sentences(body):
        start = max(start, body.find(sentence[:40], start))
        sentences.append((start, sentence))
    at = _position(lead, body, sentences)
    before = [b for b in others if _position(b, body, sentences) < at]
    after = [b for b in others if _position(b, body, sentences) >= at]
    return [*before, lead, *after]


def symbol_definitions(paper: Paper, equation: Equation) -> str:
    """The clause after a display that says what its symbols are, as a statement of its own
    ("$\\delta$ is the constant depreciation rate", from "… as: [display] where $\\delta$ is
    …"); "" when the paper goes on otherwise or the clause does not read as a bullet."""
    rest = _text_after_lead(paper, equation)
    where = WHERE.match(rest) if rest else None
    if where is None:
        return ""
    clause = text.sentences(rest[where.end() :])[0].strip().rstrip(".")
    if clause.count("$") % 2 or text.word_count(clause) > DEFINITION_MAX_WORDS:
        return ""
    if defects.text_defects(clause):
        return ""
    return clause


def _text_after_lead(paper: Paper, equation: Equation) -> str | None:
    """The text of the display's section after its lead (where the display stood); None when
    the display has no lead or the lead is not found there."""
    if not equation.lead:
        return None
    anchor = equation.lead.rstrip(":").rstrip()
    for section in paper.sections:
        if section.title != equation.section:
            continue
        body = " ".join(section.paragraphs)
        at = body.find(anchor)
        if at >= 0:
            return body[at + len(anchor) :]
    return None


# What ingestion leaves of a display in the text after its lead: a colon, its place ("Eq. (2)").
DISPLAY_PLACE = re.compile(r"^[\s:,]*(?:Eq\.\s*\(\w+\)\s*)?,?\s*")


def sentences_after(paper: Paper, equation: Equation, count: int = 2) -> list[str]:
    """The paper's sentences after a display and the clause that says what its symbols are
    (symbol_definitions): what the text goes on to say of it ("The estimate is unbiased when
    …"), at most `count`. The rest of the lead's own sentence ("… which is of type (1)") and
    the "where" clause are not among them; [] when the lead is not found in its section."""
    rest = _text_after_lead(paper, equation)
    if rest is None:
        return []
    found = text.sentences(rest[DISPLAY_PLACE.match(rest).end() :])
    # a where-clause or the lead's sentence running on under the display is no sentence
    # of its own: what follows it is
    if found and (re.match(r"[a-z]", found[0]) or re.search(r"\bwhere\s+\$", found[0])):
        found = found[1:]
    # the text goes on to another display: its lead and what follows are about that one
    leads = [e.lead.rstrip(":").rstrip() for e in paper.equations if e.lead and e != equation]
    ahead = next(
        (i for i, s in enumerate(found) if any(lead and lead in s for lead in leads)),
        len(found),
    )
    return found[: min(ahead, count)]


def shown_on(slide: Slide, paper: Paper) -> Equation | None:
    """The paper's display a slide shows: by its TeX, else by the sentence leading into it (a
    display shown with the ones its lead names carries their tags)."""
    if not slide.equation:
        return None
    lead = slide.display_lead()
    return next(
        (e for e in paper.equations if e.tex == slide.equation or (lead and e.lead == lead)),
        None,
    )


def filled_around(
    slide: Slide, equation: Equation, paper: Paper, used: set[str], before: list[Slide]
) -> Slide | None:
    """The slide showing `equation` with the paper's sentences after the display under it: the
    clause saying what its symbols are, then the sentence saying what follows from it, each
    only when it reads as a bullet, is not shown yet (`used`, lower case; added to it), and
    uses no symbol that the slides `before` it and the slide leave undefined (context_fix);
    None when none qualifies."""
    candidates = [symbol_definitions(paper, equation)]
    previous = equation.lead
    for sentence in sentences_after(paper, equation):
        candidates.append(bullets.rewrite(sentence, bullets.Source(previous=previous)) or "")
        previous = sentence
    defs = definitions(paper)
    earlier = context_fix.deck_keys(before)
    current = slide
    for candidate in (c.strip().removesuffix(".") for c in candidates):  # bullets: no stop
        if (
            not candidate
            or candidate.endswith(":")  # the lead of the next display
            or candidate.lower() in used
            or defects.text_defects(candidate)
            or defects.figure_deixis(candidate)
            or context_text.unshown_on(candidate, figure=False, equation=True)
            or any(text.similar(candidate, b) for b in current.bullets)
        ):
            continue
        trial = current.model_copy(update={"bullets": [*current.bullets, candidate]})
        if context_fix.missing_for_bullet(trial, len(current.bullets), earlier, defs):
            continue  # a symbol neither the slides before nor this one introduces
        if len(trial.bullets) + 2 > context_fix.MAX_TEXT_BULLETS:  # the display: two bullets
            break
        current = trial
        used.add(candidate.lower())
    return current if current.bullets != slide.bullets else None


# A lead that names displays by their numbers: "Substituting (2) into (1) gives:", "Expanding
# Eq. (1) with (2) gives:". The displays it names go on the slide with it, numbered.
# A bare number in parentheses of four digits is a year ("Scheiblechner (1972) proposed …").
NUMBER_REFERENCE = re.compile(
    r"(?:\b(?:Eqs?\.|Equations?|Systems?)\s*\(?(\d+[a-z]?)\b\)?|\((\d{1,3}[a-z]?)\))",
    re.I,
)
# A display named by a lead is shown with it when it is this short (a display of its own).
SHORT_DISPLAY = 160
TAG = re.compile(r"\\tag\{([^}]*)\}")


def numbers_named(lead: str) -> list[str]:
    """The display numbers a lead names, in the order it names them."""
    found: list[str] = []
    for named, bare in NUMBER_REFERENCE.findall(text.MATH_SPAN.sub("X", lead)):
        number = named or bare
        if number not in found:
            found.append(number)
    return found


def with_named_displays(paper: Paper, equation: Equation) -> Equation | None:
    """The display together with the displays its lead names by number, each with its number
    (one `gather`, the named ones first in the paper's order, the lead's own last), so that
    "Substituting (2) into (1) gives:" points at what the slide shows. The display unchanged
    when its lead names none; None when one it names is not in the paper, is long, or does
    not read whole (the lead would point at nothing: it is not shown)."""
    from apps.decks.pipeline import script_levels

    named = [n for n in numbers_named(equation.lead) if n != equation.number]
    if not named:
        return equation
    by_number = {e.number: e for e in paper.equations if e.number}
    shown = [by_number.get(n) for n in named]
    if any(e is None for e in shown):
        return _unnamed(equation)
    order = {e.tex: i for i, e in enumerate(paper.equations)}
    shown = sorted(shown, key=lambda e: order.get(e.tex, 0))
    for each in shown:
        if (
            len(each.tex) > SHORT_DISPLAY
            or not display_math.clean_tex(each.tex)
            or script_levels.flattened(each.levels, each.tex)
        ):
            return None
    own = f" \\tag{{{equation.number}}}" if equation.number else ""
    rows = [f"{e.tex} \\tag{{{e.number}}}" for e in shown] + [equation.tex + own]
    tex = "\\begin{gather}" + " \\\\ ".join(rows) + "\\end{gather}"
    levels = [sum(column) for column in _columns([*(e.levels for e in shown), equation.levels])]
    return equation.model_copy(update={"tex": tex, "levels": levels})


# "For the ordinary model, Equation 1 reduces to:": what the display is (the case the lead
# names) holds without the number of a display the slide cannot show.
POINTING_LEAD = re.compile(
    r"^(?P<head>(?:for|in|under|with|when|if)\b[^,:]{3,120},\s*)(?:the\s+)?(?:(?:equation|"
    r"eq\.|system|expression)s?\s*)?\(?\d+[a-z]?\)?(?=\s+(?:reduces\s+to|becomes|simplifies\s+"
    r"to|can\s+be\s+(?:re)?written\s+as|reads|turns\s+into)\s*:\s*$)",
    re.I,
)


def _unnamed(equation: Equation) -> Equation | None:
    """The display under its lead with the number of the display it derives from replaced by
    "the equation", when the lead says for which case it holds ("For the ordinary model,
    Equation 1 reduces to:" → "For the ordinary model, the equation reduces to:"); None when
    it does not (the lead would point at nothing)."""
    rewritten = POINTING_LEAD.sub(lambda m: m.group("head") + "the equation", equation.lead)
    if rewritten == equation.lead or numbers_named(rewritten):
        return None
    return equation.model_copy(update={"lead": rewritten})


def _columns(rows: list[list[int]]) -> list[tuple[int, ...]]:
    width = max((len(r) for r in rows), default=0)
    return list(zip(*(list(r) + [0] * (width - len(r)) for r in rows), strict=True))


def tagged(tex: str) -> set[str]:
    """The numbers a display shows as tags."""
    return set(TAG.findall(tex))


def names_shown_displays(lead: str, tex: str) -> bool:
    """Every display number the lead names is a tag of the display under it."""
    named = numbers_named(lead)
    return bool(named) and set(named) <= tagged(tex)


# A bullet that states what a display's symbols are as the paper goes on after it ("where $x$
# is …", "$x_{i}$ is the reading …").
WHERE_BULLET = re.compile(r"^\s*where\s+\$", re.I)


def display_core(slide: Slide, paper: Paper) -> list[str]:
    """The bullets a display slide cannot give up while it shows its display: the sentence that
    leads into it and the clause saying what its symbols are (symbol_definitions); the other
    bullets go first when the slide must lose text. [] for a slide without a display."""
    if not slide.equation:
        return []
    lead = slide.display_lead()
    equation = shown_on(slide, paper)
    stated = symbol_definitions(paper, equation) if equation else ""
    return [
        b
        for b in slide.bullets
        if (lead and b == lead)
        or WHERE_BULLET.match(b)
        or (stated and (b.rstrip(".") == stated or text.similar(b, stated)))
    ]


# ------------------------------------------------------- a display shown without its lead

# The most words of a paper's lead brought over a display that lost it.
LEAD_MAX_WORDS = 40


def lead_reads(lead: str) -> bool:
    """The paper's sentence leading into a display reads as the bullet over it: it ends with a
    colon and its only defects are what leads into the display ("… is given by:")."""
    lead = lead.strip()
    return (
        lead.endswith(":")
        and 3 <= text.word_count(lead) <= LEAD_MAX_WORDS
        and lead.count("$") % 2 == 0
        and not defects.pointers(lead)
        # "…, and:" — the sentence goes on past the display: what the display is comes after it
        and not re.search(r"\b(?:and|or|but|then)\s*:$", lead, re.I)
        # its only defects are what leads into the display (shown_leads, as the reviewer)
        and not shown_leads.lead_defects(lead)
    )


def without_lead(slide: Slide, paper: Paper) -> Equation | None:
    """The paper's display a slide shows with no sentence over it leading into it, while the
    paper leads into it with one ("A non-seasonal ARIMA process is given by:"): a reader sees
    a formula and is not told what it is; the bullets saying what its symbols are then come
    before it. None for a display the paper sets without a lead, or one shown under its lead."""
    if slide.kind == "title" or not slide.equation or slide.display_lead():
        return None
    equation = next((e for e in paper.equations if e.tex == slide.equation), None)
    if equation is None or not equation.lead.strip():
        return None
    return equation


def with_paper_lead(slide: Slide, equation: Equation, paper: Paper) -> Slide | None:
    """The slide with the paper's lead of its display among its bullets where the paper has it
    (with_lead_in_order), the display under it, the sentences after it in the paper (its
    where-clause) under the display; the longest bullets that are neither go first when the
    words would run over. None when the lead does not read as a bullet."""
    from apps.decks import limits

    lead = equation.lead.strip()
    if not lead_reads(lead):
        return None
    paragraphs = next((s.paragraphs for s in paper.sections if s.title == equation.section), [])
    ordered = with_lead_in_order(slide.bullets, lead, paragraphs)
    core = set(display_core(slide, paper)) | {lead}
    budget = limits.get_int("words_text_slide") - 8
    while (
        sum(text.word_count(b) for b in ordered) > budget
        or len(ordered) + 2 > context_fix.MAX_TEXT_BULLETS
    ):
        others = [b for b in ordered if b not in core]
        if not others:
            return None
        ordered.remove(max(others, key=text.word_count))
    return slide.model_copy(update={"bullets": ordered, "equation_lead": lead})
