"""Rules on what a bullet needs from the part of the paper the deck left out: a symbol used
before the deck says what it is (undefined_symbol), an instruction whose case was the sentence
before it (lost_condition), a part of a command no slide names (unintroduced_code), the
where-clause of a formula no slide shows (orphan_definition), a sentence announcing a display
that is not there (lead_without_display), a display shown without the sentence that says what
it is (display_without_lead), a set counted or paired that the slide never names
("compare the two models", "both plots", "Either may fail": leaning_reference), a numbered line,
step or rule or a lettered instance no slide shows ("apply Rule 1", "for article B":
dangling_pointer), a definite phrase or pronoun whose thing the paper introduced in the
sentences just before and no slide did ("the process is evaluated …": unintroduced_referent). Text rules (text_rules.py) read a bullet alone; these read it with
the slides before it and with the paper's own sentences."""

from __future__ import annotations

import re

from apps.decks.pipeline import (
    abbreviations,
    antecedents,
    carried_text,
    context_text,
    defects,
    defined_terms,
    document_text,
    lone_items,
    main_points,
    text,
)
from apps.decks.pipeline.code_context import code_parts
from apps.decks.pipeline.code_narration import narration, shows
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.propose import bullets, displays
from apps.decks.pipeline.propose.context_fix import (
    code_keys,
    deck_keys,
    leads_nowhere,
    missing_code_for_bullet,
    missing_for_bullet,
    missing_for_display,
    orphaned,
)
from apps.decks.pipeline.review.registry import SlideContext, slide_rule
from apps.decks.pipeline.symbol_context import definitions

_INDEX: dict[int, tuple[Paper, bullets.SentenceIndex]] = {}


def sentence_index(paper: Paper) -> bullets.SentenceIndex:
    """The paper's sentence index, built once per paper object (every slide's rule asks)."""
    cached = _INDEX.get(id(paper))
    if cached is None or cached[0] is not paper:
        _INDEX.clear()
        cached = (paper, bullets.SentenceIndex(paper))
        _INDEX[id(paper)] = cached
    return cached[1]


@slide_rule
def undefined_symbol(c: SlideContext):
    slide = c.slide
    if slide is None or slide.kind == "title":
        return
    defs = definitions(c.paper)
    if not defs.places:
        return
    earlier = deck_keys(c.deck.slides[: c.number - 1])
    for index, bullet in enumerate(slide.bullets):
        missing = missing_for_bullet(slide, index, earlier, defs)
        if missing:
            names = ", ".join(f"${s.shown}$" for s, _ in missing)
            yield c.issue(
                "undefined_symbol",
                "medium",
                f"bullet {index + 1} uses {names}, which neither the slide nor an earlier one "
                "introduces",
                "bring the sentence that introduces it onto the slide before the bullet, or "
                "leave the bullet out",
                where="bullet",
                index=index,
                text=bullet[:200],
                symbols=[s.key for s, _ in missing],
                definitions=[d[:300] for _, d in missing],
            )
    missing = missing_for_display(slide, earlier, defs)
    if missing:
        names = ", ".join(f"${s.shown}$" for s, _ in missing)
        yield c.issue(
            "undefined_symbol",
            "medium",
            f"the display uses {names}, which neither the slide nor an earlier one introduces",
            "bring the sentence that introduces it onto the slide, or leave the display out",
            where="equation",
            text=slide.equation[:200],
            symbols=[s.key for s, _ in missing],
            definitions=[d[:300] for _, d in missing],
        )


@slide_rule
def announcement_in_paper(c: SlideContext):
    """A bullet whose paper sentence announces what the text does next ("Now, we describe the
    main stages …"): shown without its "Now," it reads as a statement of the subject, and says
    nothing a slide can use (boilerplate, `meta_text`)."""
    slide = c.slide
    if slide is None or slide.kind == "title":
        return
    index = sentence_index(c.paper)
    for at, bullet in enumerate(slide.bullets):
        if document_text.announcement(bullet):
            continue  # the bullet itself says so: the text rules report it
        sentence = index.source(bullet).sentence
        part = document_text.announcement(sentence) if sentence else None
        if part is None:
            continue
        yield c.issue(
            "meta_text",
            "medium",
            f"bullet {at + 1} is the paper announcing what it does next (“{part}”)",
            "leave out sentences about the paper's own structure",
            where="bullet",
            index=at,
            text=bullet[:200],
            part=part,
        )


@slide_rule
def item_without_lead(c: SlideContext):
    """A bullet that is a bulleted item of the paper's list going on from its lead ("•
    controlling the state …" after "… including"): shown alone, capitalised, it reads as a
    fragment or a claim of its own (garbled, set 16). Reported as a `lone_list_item`; the
    repair puts another sentence of the part in its place."""
    slide = c.slide
    if slide is None or slide.kind == "title":
        return
    index = sentence_index(c.paper)
    for at, bullet in enumerate(slide.bullets):
        sentence = index.source(bullet).sentence
        word = lone_items.item_of_lead(sentence) if sentence else None
        if word is None:
            continue
        yield c.issue(
            "lone_list_item",
            "medium",
            f"bullet {at + 1} is one item (“{word} …”) of a list whose lead the slide does not "
            "show",
            "use a sentence of its own, or show the list with its lead",
            where="bullet",
            index=at,
            text=bullet[:200],
            part=word,
            kind="unlabelled",
        )


@slide_rule
def lost_condition(c: SlideContext):
    slide = c.slide
    if slide is None or slide.kind == "title" or not slide.bullets:
        return
    index = sentence_index(c.paper)
    for position, bullet in enumerate(slide.bullets):
        previous = index.source(bullet).previous
        verb = context_text.condition_left_behind(bullet, previous)
        if verb:
            yield c.issue(
                "lost_condition",
                "medium",
                f"bullet {position + 1} says what the reader “{verb}” do, but the case it is "
                f"for was the sentence before it in the paper (“{previous[:80]}”)",
                "state the case with the instruction, or leave the instruction out",
                where="bullet",
                index=position,
                text=bullet[:200],
                part=previous[:120],
            )


@slide_rule
def unintroduced_code(c: SlideContext):
    slide = c.slide
    if slide is None or slide.kind == "title" or not slide.bullets:
        return
    parts = code_parts(c.paper)
    if not parts.kinds:
        return
    earlier = code_keys(c.deck.slides[: c.number - 1])
    for index, bullet in enumerate(slide.bullets):
        missing = missing_code_for_bullet(slide, index, earlier, parts)
        if missing:
            names = ", ".join(n.shown for n, _ in missing)
            owners = " or ".join(
                f"`{w}`" for w in dict.fromkeys(w for _, ws in missing for w in ws)
            )
            yield c.issue(
                "unintroduced_code",
                "medium",
                f"bullet {index + 1} uses {names}, a part of {owners}, which neither the slide "
                "nor an earlier one names",
                "bring the sentence that introduces the command onto the slide before the "
                "bullet, or leave the bullet out",
                where="bullet",
                index=index,
                text=bullet[:200],
                names=[n.key for n, _ in missing],
                commands=list(dict.fromkeys(w for _, ws in missing for w in ws)),
            )


@slide_rule
def narrates_code(c: SlideContext):
    """A bullet that talks through a listing of the paper the slide does not show
    (code_narration.py): medium when the paper says so for certain, low when it may."""
    slide = c.slide
    if slide is None or slide.kind == "title" or not slide.bullets:
        return
    for index, bullet in enumerate(slide.bullets):
        found = narration(c.paper, bullet, index)
        if found is None or (found.listing is not None and shows(slide.code, found.listing)):
            continue
        yield c.issue(
            "narrates_code",
            "medium" if found.certain else "low",
            f"bullet {index + 1} talks about code the slide does not show: it {found.reason}",
            "show the listing as a code block (cut at a whole statement), or state what the "
            "code achieves, or leave the bullet out",
            where="bullet",
            index=index,
            text=bullet[:200],
            listing=found.listing.text[:300] if found.listing else "",
        )


@slide_rule
def orphan_definition(c: SlideContext):
    slide = c.slide
    if slide is None or slide.kind == "title" or not slide.bullets:
        return
    for index, bullet in enumerate(slide.bullets):
        before, after = c.deck.slides[: c.number - 1], c.deck.slides[c.number :]
        orphans = orphaned(slide, index, before, after)
        if orphans:
            yield c.issue(
                "orphan_definition",
                "medium",
                f"bullet {index + 1} says what {', '.join(f'${k}$' for k in orphans)} "
                "stand(s) for, but no slide uses it: the formula it explained is not shown",
                "show the formula it explains, or leave the bullet out",
                where="bullet",
                index=index,
                text=bullet[:200],
                symbols=orphans,
            )


@slide_rule
def lead_without_display(c: SlideContext):
    slide = c.slide
    if slide is None or slide.kind == "title" or not slide.bullets:
        return
    for index, bullet in enumerate(slide.bullets):
        if leads_nowhere(slide, index):
            yield c.issue(
                "lead_without_display",
                "medium",
                f"bullet {index + 1} ends with a colon, but no display follows it: the next "
                "bullet reads as what it announced",
                "show the display it announces, or leave the bullet out",
                where="bullet",
                index=index,
                text=bullet[:200],
            )


@slide_rule
def display_without_lead(c: SlideContext):
    equation = displays.without_lead(c.slide, c.paper) if c.slide is not None else None
    if equation is None:
        return
    # one the fixer cannot answer (the paper's lead does not read as a bullet) stays a low
    fixable = displays.lead_reads(equation.lead)
    yield c.issue(
        "display_without_lead",
        "medium" if fixable else "low",
        "the display is shown under no sentence saying what it is; the paper leads into it "
        f"with “{equation.lead.strip()[:100]}”",
        "bring the paper's sentence that leads into the display over it, with the bullets "
        "saying what its symbols are under it",
        where="equation",
        text=c.slide.equation[:200],
        part=equation.lead.strip()[:200],
    )


# A bullet that names a pair "either" or "neither" can stand for.
PAIR_NAMED = re.compile(r"\b(?:two|both|pair|either|neither)\b|\w\s+(?:or|nor)\s+\w", re.I)


def _shown_before(c: SlideContext, index: int) -> str:
    """What the slide shows a reader before bullet `index`: its title, caption and bullets."""
    slide = c.slide
    return " ".join([slide.title, slide.caption, *slide.bullets[:index]]).lower()


@slide_rule
def unnamed_set(c: SlideContext):
    slide = c.slide
    if slide is None or slide.kind == "title" or not slide.bullets:
        return
    for index, bullet in enumerate(slide.bullets):
        found = carried_text.counted_set(bullet)
        if (
            found is None
            or defects.unresolved_reference(bullet)
            or defects.leaning_reference(bullet)
        ):
            continue  # "The two commands …", "these three types": the text rules' already
        part, noun = found
        if noun and carried_text.names_set(noun, _shown_before(c, index)):
            continue  # "Two estimators …" over "both estimators": the slide names them
        if not noun and index and PAIR_NAMED.search(slide.bullets[index - 1]):
            continue  # "… Newton's method or bisection." over "Either may fail …"
        yield c.issue(
            "leaning_reference",
            "medium",
            f"bullet {index + 1} says “{part}”, a set the slide never names",
            "merge with the sentence that names them, or leave the bullet out",
            where="bullet",
            index=index,
            text=bullet[:200],
            part=part[:80],
        )


# A bullet that opens an item of a list: "First, …", "1. …", "One is …", "The second …".
ITEM_OPENER = re.compile(
    r"^(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|one|another|the\s+(?:first|second|other)|"
    r"\(?[1-9a-c][.)])\b",
    re.I,
)


def _items_follow(c: SlideContext, index: int, count: int) -> bool:
    """Whether the `count` bullets after bullet `index` (an announcement) may be its items: as
    many follow, and the first of them opens an item or is the paper's sentence after the
    announcement (in its paragraph or opening the next). Bullets taken from further on ("Note
    that …") are not its items."""
    after = c.slide.bullets[index + 1 :]
    if len(after) < count:
        return False
    context = antecedents.paper_context(c.paper)
    announcement = context.sentence_of(c.slide.bullets[index])
    if not announcement:
        return True  # where its items were is not known: as many bullets may be they
    first = after[0]
    sentence, before = context.window(first)
    if not sentence or ITEM_OPENER.match(first):
        return True  # written for the slide, or it opens an item
    return bool(before) and before[-1] == announcement


@slide_rule
def announced_list(c: SlideContext):
    """A bullet announcing a list ("There are two differences between the versions") with no
    room on the slide for the items after it: the paper gave them in the sentences that follow."""
    slide = c.slide
    if slide is None or slide.kind == "title" or not slide.bullets:
        return
    if slide.figures() or slide.code:
        return  # the items may be what the slide shows
    for index, bullet in enumerate(slide.bullets):
        found = carried_text.announced_set(bullet)
        if found is None:
            continue
        part, count = found
        if _items_follow(c, index, count):
            continue  # the bullets after it may be the items
        yield c.issue(
            "leaning_reference",
            "medium",
            f"bullet {index + 1} announces “{part}”, which the slide does not give",
            "state the items with it, or leave the bullet out",
            where="bullet",
            index=index,
            text=bullet[:200],
            part=part[:80],
        )


@slide_rule
def unshown_place(c: SlideContext):
    slide = c.slide
    if slide is None or slide.kind == "title" or not slide.bullets:
        return
    earlier = " ".join(
        " ".join([s.title, s.caption, *s.bullets])
        for s in c.deck.slides[: c.number - 1]
        if s is not slide
    ).lower()
    places = {i: carried_text.program_place(b) for i, b in enumerate(slide.bullets)}
    unshown: dict[int, tuple[str, str]] = {}
    for index, found in places.items():
        if found is None:
            continue
        part, label = found
        # a bullet pointing at the place does not show it: only the title, the caption and
        # the bullets that do not point at a place may ("Rule 1: …" before "apply Rule 1")
        shown = " ".join(
            [slide.title, slide.caption]
            + [b for i, b in enumerate(slide.bullets[:index]) if places[i] is None]
        ).lower()
        if label in shown or label in earlier:
            continue
        unshown[index] = found
    # every other bullet naming the same unshown place points at it too ("… reaches line 1"
    # beside "The loop header at line 1 …"): a repair of one must not leave the other
    labels = {label for _, label in unshown.values()}
    for index, bullet in enumerate(slide.bullets):
        if index in unshown or places[index] is not None:
            continue
        for label in sorted(labels):
            match = re.search(rf"\b{re.escape(label)}\b", bullet, re.I)
            if match:
                unshown[index] = (match.group(0), label)
                break
    for index in sorted(unshown):
        part, _ = unshown[index]
        yield c.issue(
            "dangling_pointer",
            "medium",
            f"bullet {index + 1} points at “{part}”, which no slide shows",
            "state what it says, or leave the bullet out",
            where="bullet",
            index=index,
            text=slide.bullets[index][:200],
            part=part[:80],
        )


# A slide whose title promises the paper's own work or findings: another study's claim there is
# stated as the paper's (WRONG), not merely without its attribution.
OWN_CLAIM_TITLE = re.compile(
    r"\b(?:contributions?|what\s+this\s+(?:paper|work|study)|our\s+(?:approach|method|work|"
    r"solution|results?)|results?|findings?|conclusions?|main\s+(?:result|point|idea)|summary|"
    r"outcomes?|performance|evaluation)\b",
    re.I,
)


# A claim a reader takes for the paper's: the authors' voice, or a finding (a measure, a
# comparison, a best) — what a study reports, not what its model is.
FINDING = re.compile(
    r"\b(?:we|our|us)\b|\b(?:highest|lowest|best|worst)\b|\bin\s+comparison\s+with\b|"
    r"\b(?:they|the\s+authors)\s+(?:\w+\s+)?(?:found|showed|concluded|reported|observed|"
    r"obtained|achieved)\b",
    re.I,
)


def reads_as_own_finding(bullet: str) -> bool:
    flat = text.MATH_SPAN.sub("X", bullet)
    return bool(
        FINDING.search(flat)
        or main_points.MEASURE.search(bullet)
        or main_points.COMPARISON.search(flat)
        or main_points.RESULT_VERB.search(flat)
        or main_points.ACHIEVES.search(flat)
    )


def own_claim_slide(slide) -> bool:
    return slide.role in ("contributions", "result", "conclusion") or bool(
        OWN_CLAIM_TITLE.search(slide.title)
    )


@slide_rule
def borrowed_claim(c: SlideContext):
    slide = c.slide
    if slide is None or slide.kind == "title" or not slide.bullets:
        return
    scopes = carried_text.scopes_of(c.paper)
    if not scopes:
        return
    index = sentence_index(c.paper)
    own = own_claim_slide(slide)
    for position, bullet in enumerate(slide.bullets):
        sentence = index.source(bullet).sentence
        scope = scopes.get(sentence) if sentence else None
        if scope is None:
            continue
        if carried_text.names_study(bullet, scope) or carried_text.names_cited(slide.title, scope):
            continue  # "In our previous study, …", "Smith et al. found …": it says whose
        if not own and not reads_as_own_finding(bullet):
            continue  # "α is an intercept": a cited model described, not claimed
        yield c.issue(
            "borrowed_claim",
            "high" if own else "medium",
            f"bullet {position + 1} is what the paper says of another study (“{scope.lead}”)"
            + (", under a title for the paper's own work" if own else ", stated as the paper's"),
            "leave it out of the paper's own claims; elsewhere name the study it belongs to",
            where="bullet",
            index=position,
            text=bullet[:200],
            study=scope.lead[:80],
            own_title=own,
        )


@slide_rule
def misattributed_claim(c: SlideContext):
    slide = c.slide
    if slide is None or slide.kind == "title" or not slide.bullets:
        return
    reading = carried_text.reading_of(c.paper)
    if not carried_text.title_subjects(slide.title, reading.names):
        return  # a slide titled for no named method
    index = sentence_index(c.paper)
    for position, bullet in enumerate(slide.bullets):
        sentence = index.source(bullet).sentence
        if not sentence:
            continue
        found = carried_text.misattributed(
            bullet, sentence, reading.before.get(sentence, []), slide.title, reading.names
        )
        if found is None:
            continue
        yield c.issue(
            "misattributed_claim",
            "high",
            f"bullet {position + 1} is what the paper says of the {found.phrase}, shown under "
            "a title for another method",
            "move it to the slide of its subject or name its subject in it, else leave it out",
            where="bullet",
            index=position,
            text=bullet[:200],
            subject=found.phrase[:80],
            name=found.name,
        )


def _first_claim_shown(c: SlideContext, index: int, previous: str, subject: str) -> bool:
    """Does the slide, before bullet `index`, show the claim a "… also …" bullet follows: the
    paper's sentence before it, or another claim about the same subject?"""
    shown = [c.slide.title, *c.slide.bullets[:index]]
    if previous and any(text.similar(text.clean(previous), s) for s in shown[1:]):
        return True
    wanted = set(text.words(subject)) - text.STOPWORDS
    return bool(wanted) and any(wanted <= set(text.words(s)) for s in shown[1:])


@slide_rule
def second_claim(c: SlideContext):
    slide = c.slide
    if slide is None or slide.kind == "title" or not slide.bullets:
        return
    index = sentence_index(c.paper)
    for position, bullet in enumerate(slide.bullets):
        found = carried_text.subject_also(bullet)
        if found is None or any(k == "leaning_reference" for k, _ in defects.text_defects(bullet)):
            continue  # the text rules' already
        source = index.source(bullet)
        if not source.sentence or not source.previous:
            continue  # where its first claim was is not known: not reported
        part, subject = found
        if _first_claim_shown(c, position, source.previous, subject):
            continue
        yield c.issue(
            "leaning_reference",
            "medium",
            f"bullet {position + 1} says “{part}”, a claim after one the slide does not show "
            f"(“{text.shorten(source.previous, 12, ellipsis=True)}”)",
            "merge with the sentence before it, or state it without the “also”",
            where="bullet",
            index=position,
            text=bullet[:200],
            part=part[:80],
        )


@slide_rule
def unintroduced_referent(c: SlideContext):
    slide = c.slide
    if slide is None or slide.kind == "title" or not slide.bullets:
        return
    context = antecedents.paper_context(c.paper)
    earlier = antecedents.shown_texts(c.deck.slides[: c.number - 1])
    for index, bullet in enumerate(slide.bullets):
        if defects.text_defects(bullet):
            continue  # the text rules report it (and their fix rewrites or drops it)
        own = [slide.title, slide.caption, *slide.bullets[:index]]
        found = antecedents.dangling(bullet, [*earlier, *own], context, own)
        if found is None:
            continue
        if found.kind in {"example", "step"} and (slide.figures() or slide.equation or slide.code):
            continue  # the example, or the numbered step, may be what the slide shows
        if found.kind == "seeing":
            if slide.figures() or slide.equation or slide.code:
                continue  # what it points at may be what the slide shows
            yield c.issue(
                "unintroduced_referent",
                "medium",
                f"bullet {index + 1} says “{found.part.strip(' ,')}”, pointing at what the paper "
                "shows beside it (an example, a display, code), which the slide does not show",
                "leave the pointer out, or leave the bullet out",
                where="bullet",
                index=index,
                text=bullet[:200],
                part=found.part,
                antecedent="",
                certain=True,
                kind=found.kind,
            )
            continue
        # certain: the phrase points back by its words or the sentence before introduces it
        # as a term; else the paper merely used the noun there, and a reader may well know it
        yield c.issue(
            "unintroduced_referent",
            "medium" if found.certain else "low",
            (
                f"bullet {index + 1} says “{found.part}”, which the paper introduced in the "
                "sentence before"
                if found.kind in {"phrase", "pronoun"}
                else f"bullet {index + 1} says “{found.part}”, which points back to the paper's "
                "sentence before"
            )
            + f" (“{text.shorten(found.antecedent, 16, ellipsis=True)}”) and no slide does",
            "name what it is, bring that sentence onto the slide before the bullet, or leave "
            "the bullet out"
            if found.certain
            else "name what it is or bring that sentence onto the slide before the bullet",
            where="bullet",
            index=index,
            text=bullet[:200],
            part=found.part,
            antecedent=found.antecedent[:300],
            certain=found.certain,
            kind=found.kind,
            named=found.named,
        )


@slide_rule
def undefined_abbreviation(c: SlideContext):
    """A bullet uses an abbreviation ("the MLE") the paper defines ("maximum likelihood estimate
    (MLE)") before the deck says what it stands for: its first use in the deck."""
    slide = c.slide
    if slide is None or slide.kind == "title" or not slide.bullets:
        return
    defs = abbreviations.definitions(c.paper)
    if not defs:
        return
    found = abbreviations.undefined_in(c.deck.slides[: c.number], defs)
    for (number, index), abbrs in sorted(found.items()):
        if number != c.number - 1:
            continue
        said = ", ".join(f"{a} ({defs[a].long})" for a in abbrs)
        yield c.issue(
            "undefined_abbreviation",
            "medium",
            f"bullet {index + 1} uses {said} before any slide says what it stands for",
            "give the paper's long form at this first use in the deck",
            where="bullet",
            index=index,
            text=slide.bullets[index][:200],
            abbreviations=abbrs,
            long_forms=[defs[a].long for a in abbrs],
            definitions=[defs[a].sentence[:300] for a in abbrs],
        )


@slide_rule
def undefined_term(c: SlideContext):
    """A bullet uses a name the paper defines elsewhere — a code name, a coined term, an
    acronym ("`tally()` is the function that …", "we call it a “dry sweep”", "BSQ, the banded
    square queue, …") — that no text of the deck before it nor the bullet itself says
    (defined_terms.py)."""
    slide = c.slide
    if slide is None or slide.kind == "title" or not slide.bullets:
        return
    book = defined_terms.ledger(c.paper)
    if not book.entries:
        return
    slides = list(c.deck.slides)
    for index, bullet in enumerate(slide.bullets):
        shown = defined_terms.shown_before(slides, c.number, index)
        missing = defined_terms.undefined_terms(bullet, shown, book)
        if not missing:
            continue
        names = ", ".join(term.shown for term, _ in missing)
        yield c.issue(
            "undefined_term",
            "medium",
            f"bullet {index + 1} uses {names}, which the paper defines and no slide before it says",
            "give the paper's gloss, or bring its defining sentence before the bullet, or leave "
            "the bullet out",
            where="bullet",
            index=index,
            text=bullet[:200],
            terms=[term.key for term, _ in missing],
            definitions=[entry.sentence[:300] for _, entry in missing],
            glosses=[entry.gloss for _, entry in missing],
        )
