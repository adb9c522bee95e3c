"""The builtin proposer's revision: one fixer per issue type, each answering one issue.

`deck_repair` walks the reviewer's issues slide by slide, hands each to the fixer registered for
its type and records a `Change` that names the issue it answers (its index in the round's
issue list). Fixes move in one direction (text gets shorter or cleaner, figures get more room)
so that rounds converge instead of oscillating.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from apps.decks import limits
from apps.decks.pipeline import (
    abbreviations,
    antecedents,
    caption_keys,
    caption_repeats,
    closing_slide,
    complement_cuts,
    context_text,
    continued_titles,
    defects,
    defined_terms,
    display_math,
    example_outcomes,
    example_parts,
    function_words,
    future_work,
    garbled,
    headline_slide,
    listing_readings,
    main_points,
    paper_order,
    person_names,
    pointer_remnants,
    purpose_slide,
    retitle_worth,
    role_titles,
    shown_leads,
    shown_objects,
    story_slides,
    symbol_context,
    text,
    title_defects,
    title_quality,
    title_style,
    wordy_math,
)
from apps.decks.pipeline.code_context import code_parts, unintroduced
from apps.decks.pipeline.code_narration import excerpt, introduction, language, narration, shows
from apps.decks.pipeline.crops import crop_defective, short_by_a_line
from apps.decks.pipeline.figure_parts import part_caption
from apps.decks.pipeline.ingest.title_byline import byline_split
from apps.decks.pipeline.issues import SEVERITY_RANK, Change, Issue, Revision
from apps.decks.pipeline.katex_check import refused
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.propose import (
    attribution_fix,
    bullets,
    captions,
    context_fix,
    displays,
    object_fix,
    purpose_fix,
    term_fix,
    text_gate,
)
from apps.decks.pipeline.propose.captions import caption_text
from apps.decks.pipeline.propose.deck_level import deck_level_repair, merge_repeated
from apps.decks.pipeline.result_losses import carries_result
from apps.decks.pipeline.slide_deck import MAX_BULLETS, Slide, SlideDeck

if TYPE_CHECKING:
    from apps.decks.pipeline.propose.builtin import BuiltinProposer

TEXT_TYPES = (
    "dangling_connector",
    "unresolved_reference",
    "leaning_reference",
    "equation_number",
    "meta_text",
    "stray_glyph",
    "lost_glyph",
    "broken_math",
    "broken_sentence",
    "glued_words",
    "misread_letters",
    "table_as_text",
    "dangling_pointer",
    "lost_formula",
    "lost_opening",
    "verbless_fragment",
    "reference_entry",
    "other_language",
    "unanswered_question",
    "repeated_bullet",
    "fragment",
    "code_pointer",
    "stray_output",
    "glued_text",
    "draft_note",
    "lone_list_item",
    "pointer_remnant",
    "lost_condition",
    "orphan_definition",
    "lead_without_display",
    "object_not_shown",
    "source_not_shown",
    "bare_legend",
)


@dataclass
class Work:
    """What a fixer may use: the paper, the sentence index and every bullet already shown."""

    proposer: BuiltinProposer
    paper: Paper
    index: bullets.SentenceIndex
    used: set[str] = field(default_factory=set)  # bullets shown (lower case)
    shown: set[str] = field(default_factory=set)  # figure ids shown
    # bullets of removed thin slides, with the part they came from (their slide's notes)
    orphans: list[tuple[str, str]] = field(default_factory=list)
    # a removed thin slide's display: (its lead, its TeX, the slide's notes)
    orphan_display: tuple[str, str, str] | None = None
    # bullets of later slides a fix moved up before the bullet that leans on them (lower case)
    moved_up: set[str] = field(default_factory=set)
    # the revised slides placed so far, in order (a thin slide may merge into the last)
    placed: list[Slide] | None = None

    @property
    def body(self) -> str:
        """The paper's running text: how it writes a word a heading sets in capitals."""
        return " ".join(p for s in self.paper.sections for p in s.paragraphs)

    titles: set[str] = field(default_factory=set)  # slide titles in the deck
    deck: SlideDeck | None = None  # the round's deck, as the reviewer saw it


Fixer = Callable[[Slide, Issue, Work], tuple[list[Slide], str]]
FIXERS: dict[str, Fixer] = {}


def fixer(*types: str):
    def register(function: Fixer) -> Fixer:
        for name in types:
            FIXERS[name] = function
        return function

    return register


def deck_repair(
    proposer: BuiltinProposer, paper: Paper, deck: SlideDeck, issues: list[Issue]
) -> Revision:
    deck = deck.model_copy(update={"slides": list(deck.slides)})  # the round's deck stays as it was
    paper = title_style.styled_paper(paper)  # the headings as the proposal set them
    work = Work(proposer, paper, bullets.SentenceIndex(paper))
    cover_before = deck.slides[0].title
    work.used = {b.lower() for s in deck.slides for b in s.bullets}
    work.shown = set(deck.figures_used())
    work.titles = {s.title for s in deck.slides}
    work.deck = deck
    numbered = list(enumerate(issues))
    slides: list[Slide] = []
    work.placed = slides
    changes: list[Change] = []
    merged_away = merge_repeated(deck, paper, numbered, changes)
    for number, slide in enumerate(deck.slides, start=1):
        if number in merged_away:
            continue
        current = [_without_moved_up(slide, work)]
        found = sorted(
            ((i, issue) for i, issue in numbered if issue.slide == number),
            key=lambda pair: -SEVERITY_RANK[pair[1].severity],
        )
        for position, issue in found:
            function = FIXERS.get(issue.type)
            if function is None or not current:
                continue
            replaced, action = function(current[0], issue, work)
            if action:
                current = replaced + current[1:]
                changes.append(Change(issue=position, slide=number, type=issue.type, action=action))
        if current and current[0].kind == "bullets" and len(current[0].bullets) < 4:
            # a removed thin slide's bullet joins the next text slide of the same part only: under
            # another heading it would be out of place (and is left out)
            joining = [b for b, part in work.orphans if _same_part(part, current[0], work.paper)]
            current[0] = _with_orphan_display(
                current[0].model_copy(update={"bullets": joining + current[0].bullets}), work
            )
            work.orphans = []
        slides.extend(current)
    deck = deck.model_copy(update={"slides": slides or deck.slides[:1]})
    cover = deck.slides[0]
    if cover.kind == "title" and cover.title != cover_before:
        deck = deck.model_copy(update={"title": cover.title})  # the cover's title set right
    deck = deck_level_repair(work, deck, numbered, changes)
    return Revision(deck=deck, changes=changes)


@fixer("example_outcome_missing")
def _example_outcome(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    """What the example gave, on the slide of its setup (example_outcomes.stated)."""
    revised, action = example_outcomes.stated(slide, issue.evidence.get("sentence", ""), work.paper)
    if action:
        work.used.update(b.lower() for b in revised.bullets)
    return [revised], action


@fixer("examples_mixed")
def _one_example(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    """One example on the slide (example_parts.separated)."""
    revised, action = example_parts.separated(slide, work.paper)
    return [revised], action


@fixer("plan_as_done")
def _plan_marked(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    """The paper's plan said to be one: its whole sentence, else the bullet under "Future
    work:" (future_work.marked), last on its slide (a slide with a display or code keeps its
    order: a lead stays above what it leads into)."""
    bullet = next((b for b in slide.bullets if b[:200] == issue.evidence.get("text")), None)
    plan = future_work.plan_of(bullet, work.paper) if bullet else None
    if plan is None:
        return [slide], ""
    new = future_work.marked(plan, shown=work.used)
    # a presenter says what was done, then what is to come: the plan after the slide's other
    # bullets (after the plans marked before it, in their order)
    bullets_now = [b for b in slide.bullets if b != bullet] + [new]
    if slide.equation or slide.code:
        bullets_now = [new if b == bullet else b for b in slide.bullets]  # a lead stays above
    work.used.add(new.lower())
    action = (
        f"said that “{text.shorten(bullet, 10, ellipsis=True)}” is the paper's plan: "
        f"“{text.shorten(new, 14, ellipsis=True)}”"
    )
    return [slide.model_copy(update={"bullets": bullets_now})], action


@fixer("repeated_result")
def _repeated_result(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    """The result taken off the slide it does not belong on, when the slide keeps two bullets
    (or its figure): the slide that keeps it states it."""
    bullet = next((b for b in slide.bullets if b[:200] == issue.evidence.get("text")), None)
    kept = [b for b in slide.bullets if b != bullet]
    if bullet is None or (len(kept) < 2 and slide.kind != "figure"):
        return [slide], ""
    action = f"removed “{text.shorten(bullet, 10, ellipsis=True)}”, stated on slide "
    return [slide.model_copy(update={"bullets": kept})], action + str(
        issue.evidence.get("slide_kept", "")
    )


@fixer("borrowed_claim")
def _borrowed(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    return attribution_fix.answer_borrowed(slide, issue, work)


@fixer("purpose_unstated")
def _purpose(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    return purpose_fix.answer(slide, issue.slide, work)


@fixer("misattributed_claim")
def _misattributed(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    return attribution_fix.answer_misattributed(slide, issue, work)


@fixer("cut_caption")
def _cut_caption(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    """A caption cut inside a phrase: the paper's caption whole, or cut where a clause ends
    (captions.caption_text never cuts inside a phrase), else none."""
    figures = [f for f in (work.paper.figure(i) for i in slide.figures()) if f is not None]
    caption = caption_text(figures[0]) if figures else ""
    if caption and len(figures) == 1:  # with its reading key, as the proposer shows it
        caption = caption_keys.keyed_caption(
            figures[0].caption, caption, caption_keys.other_captions(figures[0], work.paper)
        )
    if caption == slide.caption:
        return [slide], ""
    if not caption:
        return [
            slide.model_copy(update={"caption": ""})
        ], "left out the caption cut inside a phrase"
    return [slide.model_copy(update={"caption": caption})], (
        f"showed the caption whole to a clause's end: “{text.shorten(caption, 10, ellipsis=True)}”"
    )


@fixer("caption_key_dropped")
def _caption_key(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    """A caption cut before its reading key: the key's parts added to it, in the caption's
    order, while the caption stays within its room (caption_keys.keyed_caption)."""
    figures = [f for f in (work.paper.figure(i) for i in slide.figures()) if f is not None]
    if len(figures) != 1:
        return [slide], ""
    others = caption_keys.other_captions(figures[0], work.paper)
    said = " ".join([slide.title, *slide.bullets])  # a key a bullet says is not said twice
    caption = caption_keys.keyed_caption(figures[0].caption, slide.caption, others, said=said)
    if caption == slide.caption.strip():
        return [slide], ""
    added = caption[len(slide.caption.strip()) :].strip()
    return [slide.model_copy(update={"caption": caption})], (
        f"showed the caption's key: “{text.shorten(added, 12, ellipsis=True)}”"
    )


@fixer("listing_read_apart")
def _listing_read_apart(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    """A bullet reading a listing the slide does not show: the listing shown under it when the
    slide shows none and has room for it, else the bullet left out while the slide keeps
    another bullet (a slide left with nothing is no answer: the finding stays open)."""
    bullet = issue.evidence.get("text", "")
    if bullet not in slide.bullets:
        return [slide], "answered by the rewrite of the same bullet" if bullet else ""
    listing = listing_readings.listing_read(bullet, work.paper)
    code = excerpt(listing) if listing is not None else None
    if code is not None and not slide.code.strip() and _room_for_code(slide, code):
        shown = {"code": code, "code_lang": language(code), "code_lead": bullet}
        return [slide.model_copy(update=shown)], "showed the listing the bullet reads under it"
    kept = [b for b in slide.bullets if b != bullet]
    if not kept:
        return [slide], ""
    update = {"bullets": kept}
    if slide.code_lead == bullet:  # the slide's listing goes under the bullet before it
        update["code_lead"] = ""
    if slide.equation_lead == bullet:
        update["equation_lead"] = ""
    return [slide.model_copy(update=update)], (
        f"left out the bullet that reads a listing the slide does not show "
        f"(“{text.shorten(bullet, 8, ellipsis=True)}”)"
    )


# ----------------------------------------------------------------------------- text defects


@fixer(*TEXT_TYPES)
def _text(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    if issue.evidence.get("where") == "title":
        return _title(slide, issue, work)
    if issue.evidence.get("where") == "caption":
        if issue.type == "broken_math":
            return _caption_math(slide, work)
        if issue.type == "bare_legend":
            return _legend(slide, work)
        if issue.evidence.get("kind") == "cells":  # a caption that read on into its table
            head = garbled.without_cells(slide.caption)
            return [
                slide.model_copy(update={"caption": head})
            ], "cut the caption before its table's cells"
        return [slide.model_copy(update={"caption": ""})], "showed the plot without the sentence"
    if issue.evidence.get("where") == "equation":
        after = slide.without_equation()
        if after.bullets != slide.bullets:  # the sentence that led into it would lead nowhere
            return [after], "removed the broken display equation and the sentence that led into it"
        return [after], "removed the broken display equation"
    if "errors" in issue.evidence:
        return _untypeset(slide, issue, work)
    original = flagged_bullet(slide, issue.evidence)
    if original is None:
        # The reviewer saw this bullet in this deck: an earlier fix of the same bullet (another
        # defect of it) has already replaced it.
        return [slide], "answered by the rewrite of the same bullet" if issue.evidence.get(
            "text"
        ) else ""
    kind = issue.type
    if kind == "dangling_pointer" and issue.evidence.get("kind") == "equation":
        equation = work.paper.equation(str(issue.evidence.get("number")))
        if equation is not None and not slide.equation and display_math.clean_tex(equation.tex):
            return [slide.model_copy(update={"equation": equation.tex})], (
                f"showed equation ({equation.number}) that bullet {issue.evidence['index'] + 1} "
                "points at"
            )
    if kind == "object_not_shown":
        shown = object_fix.show_object(slide, issue, work)
        if shown is not None:
            return shown
    if kind == "pointer_remnant":  # the remnant is the bullet's own text: it comes out
        remnant = pointer_remnants.Remnant(
            str(issue.evidence.get("form", "")), str(issue.evidence.get("part", ""))
        )
        fixed = pointer_remnants.without_remnant(original, remnant)
    elif kind == "source_not_shown" and issue.evidence.get("kind") == "citation":
        # said to be earlier work only where the paper reports others' work (its background,
        # its discussion): a method section's citation may name what the paper itself used
        sentence = work.index.source(original).sentence
        fixed = (
            shown_objects.attributed(original, sentence, work.paper.references)
            if shown_objects.reports_others(sentence, work.paper)
            else None
        )
    else:
        fixed = bullets.fix(kind, original, work.index.source(original))
    if fixed is not None:
        fixed = bullets.rewrite(fixed, work.index.source(original), max_words=32)
    kept = [b for b in slide.bullets if b != original]
    if fixed is not None and not _passes_gate(fixed, slide, work, instead=original):
        fixed = None  # the rewrite would be flagged in its turn: another sentence, or none
    if fixed is not None and fixed.lower() not in work.used:
        position = slide.bullets.index(original)
        # A pronoun resolved by merging with the sentence before: that sentence, if it is a
        # bullet already, gives way to the merged one.
        antecedent = next((b for b in kept if fixed.startswith(b.rstrip(".") + ";")), None)
        if antecedent is not None:
            position = kept.index(antecedent)
            kept.remove(antecedent)
        kept.insert(position, fixed)
        work.used.add(fixed.lower())
        action = f"rewrote bullet {position + 1}: “{text.shorten(fixed, 12, ellipsis=True)}”"
        if original == slide.equation_lead:  # the display stays under its rewritten lead
            return [slide.model_copy(update={"bullets": kept, "equation_lead": fixed})], action
    else:
        replacement = _next_sentence(slide, work)
        if replacement:
            kept = paper_order.with_bullet(kept, replacement, work.paper)
            action = "replaced the bullet with another sentence of the same part"
        elif kind in ("object_not_shown", "source_not_shown") and not (
            kept or slide.figures() or slide.equation or slide.code
        ):
            # a slide left with a title and nothing else is worse than a bullet that leans
            # (seen on set 15: a slide of two colour readings emptied); the finding stays open
            return [slide], ""
        else:
            action = "removed the bullet"
    if original == slide.equation_lead:
        # a display without the sentence that introduces it says nothing: it goes with it
        update = {"bullets": kept, "equation": "", "equation_lead": ""}
        return [slide.model_copy(update=update)], f"{action} and the display it introduced"
    return [slide.model_copy(update={"bullets": kept})], action


def flagged_bullet(slide: Slide, evidence: dict) -> str | None:
    """The slide's bullet a text finding is about, or None when the slide no longer has it.
    The finding keeps the bullet's first 200 characters (and its index): a longer bullet is
    known by that prefix, at the index first when two share it. Matching the whole text only
    took a long flagged bullet for one already rewritten, and logged it fixed unchanged."""
    key = evidence.get("text", "")
    if not key:
        return None
    index = evidence.get("index")
    if (
        isinstance(index, int)
        and 0 <= index < len(slide.bullets)
        and slide.bullets[index][:200] == key[:200]
    ):
        return slide.bullets[index]
    return next((b for b in slide.bullets if b == key), None) or next(
        (b for b in slide.bullets if b[:200] == key[:200]), None
    )


def _legend(slide: Slide, work: Work) -> tuple[list[Slide], str]:
    """A caption whose legend lost its symbols' meanings: the paper's caption when it gives
    them, else the caption without the bare list."""
    figure = work.paper.figure(slide.figure) if slide.figure else None
    restored = shown_objects.legend_restored(slide.caption, figure.caption if figure else "")
    if restored and len(restored) <= captions.MAX_LEGEND_CHARS:
        return [slide.model_copy(update={"caption": restored})], "gave the legend its meanings"
    caption = shown_objects.without_symbol_list(slide.caption)
    return [slide.model_copy(update={"caption": caption})], "removed the bare symbol list"


@fixer(
    "lost_point",
    "list_lead",
    "unstated_point",
    "cut_word",
    "display_tail",
    "cut_short",
    "broken_opening",
)
def _cut_point(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    """A bullet cut before its point (cut_points.py): the reviewer's repair from the paper (the
    whole sentence, the concession joined with its answer, the lead with its items), or the
    bullet goes for another sentence of the part, since alone it misleads."""
    original = flagged_bullet(slide, issue.evidence)
    if original is None:
        return [slide], "answered by the rewrite of the same bullet" if issue.evidence.get(
            "text"
        ) else ""
    added = [b for b in issue.evidence.get("added", []) if b.lower() not in work.used]
    if added:
        after = issue.evidence.get("after", "")
        return [_with_missing_items(slide, after, added, work)], (
            f"added the list's missing items after its lead: “{text.shorten(added[0], 10, ellipsis=True)}”"
        )
    position = slide.bullets.index(original)
    kept = [b for b in slide.bullets if b != original]
    repair = issue.evidence.get("repair", "")
    what = {
        "list_lead": "the list's lead shown without its items",
        "unstated_point": "the bullet naming a problem it does not state",
        "cut_word": "the bullet cut inside a word",
        "display_tail": "the piece of a display set as prose",
        "cut_short": "the bullet cut before what completes it",
        "broken_opening": "the bullet opened inside a phrase",
    }.get(issue.type, "the bullet cut before its point")
    if repair and repair.lower() not in work.used:
        kept.insert(position, repair)
        work.used.add(repair.lower())
        action = f"rewrote bullet {position + 1} with its point: “{text.shorten(repair, 12, ellipsis=True)}”"
    else:
        replacement = _next_sentence(slide, work)
        if replacement:
            kept = paper_order.with_bullet(kept, replacement, work.paper)
            action = f"replaced {what} with another sentence of the part"
        else:
            action = f"removed {what}"
    update: dict = {"bullets": kept}
    if original == slide.equation_lead:
        update["equation_lead"] = repair if repair in kept else ""
    return [slide.model_copy(update=update)], action


def _with_missing_items(slide: Slide, after: str, added: list[str], work: Work) -> Slide:
    """The slide with a list's missing items after the last of its items it shows, as many as
    the slide has room for."""
    bullets_now = list(slide.bullets)
    at = bullets_now.index(after) if after in bullets_now else len(bullets_now) - 1
    room = MAX_BULLETS - len(bullets_now)
    for offset, item in enumerate(added[: max(room, 0)], start=1):
        bullets_now.insert(at + offset, item)
        work.used.add(item.lower())
    return slide.model_copy(update={"bullets": bullets_now})


def _untypeset(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    """Formulas KaTeX could not typeset: each bullet whose text the page showed as raw TeX
    goes, and so does the caption shown so (the figure keeps its label) and the display
    equation when it is the one that failed (the title is rewritten). A revision that changes
    nothing is no fix: the loop then stops instead of claiming it again."""
    failed = [" ".join(e.split()) for e in issue.evidence["errors"]]

    def shown_raw(value: str) -> bool:
        flat = " ".join(garbled.unmath(value).split())
        if any(flat and (flat in e or e in flat) for e in failed):
            return True
        # the page drops what KaTeX did set and keeps what it did not ("… values of , show
        # … plane $$for which …"): the text's opening words, as the page shows them
        opening = _letters(value.split("$", 1)[0])[:40]
        return len(opening) >= 12 and any(_letters(e).startswith(opening) for e in failed)

    def raw_tex(value: str) -> bool:
        flat = " ".join(value.split())
        return any(flat and (flat in e or e in flat) for e in failed)

    kept = [b for b in slide.bullets if not shown_raw(b)]
    caption_raw = bool(slide.caption.strip()) and shown_raw(slide.caption)
    update: dict = {"bullets": kept}
    if caption_raw:
        update["caption"] = ""
    display_failed = bool(slide.equation) and (
        raw_tex(slide.equation) or bool(refused([(slide.equation.strip(), True)]))
    )
    slide_after = (
        slide.without_equation(kept).model_copy(
            update={k: v for k, v in update.items() if k != "bullets"}
        )
        if display_failed
        else slide.model_copy(update=update)
    )
    if shown_raw(slide.title):
        slide_after = _title(slide_after, issue, work)[0][0]
    if slide_after == slide:
        return [slide], ""
    return [slide_after], "removed the formulas KaTeX could not typeset"


def _caption_math(slide: Slide, work: Work) -> tuple[list[Slide], str]:
    """A caption with broken mathematics: its sentences whose formulas read whole, else those
    of the paper's whole caption; nothing changed (no fix claimed) when none reads whole. A
    sentence that keys the figure's labels ("LR = Logistic Regression") is never dropped: a
    caption without it leaves the labels unexplained, so such a caption is kept as it is."""
    if wordy_math.wordy(slide.caption):  # a word set as a formula: written as the word
        caption = wordy_math.written_as_text(slide.caption)
        return [slide.model_copy(update={"caption": caption})], "wrote the caption's words as text"
    figure = work.paper.figure(slide.figure) if slide.figure else None
    sources = [slide.caption, figure.caption if figure is not None else ""]
    for source in sources:
        sentences = text.sentences(source)
        whole = [s for s in sentences if not garbled.broken_math(s)]
        if any(garbled.LEGEND_PAIR.search(s) for s in sentences if s not in whole):
            continue  # the broken sentence is also the labels' key
        caption = text.shorten(" ".join(whole), 28, ellipsis=True) if whole else ""
        if caption and caption != slide.caption:
            update = {"caption": caption}
            return [slide.model_copy(update=update)], "kept the caption's sentences that read whole"
    return [slide], ""


def _letters(value: str) -> str:
    return re.sub(r"[^A-Za-z]", "", value)


def _next_sentence(slide: Slide, work: Work) -> str | None:
    """Another clean sentence from the paragraphs behind the slide: its notes first, then the
    whole of its section (the notes keep only the section's opening), best first (findings
    score higher)."""
    if not slide.notes or slide.kind == "title":
        return None
    for paragraphs in _sources_of(slide, work):
        found = _clean_sentence(slide, paragraphs, work)
        if found:
            return found
    return None


def _sources_of(slide: Slide, work: Work) -> list[list[str]]:
    sources = [[slide.notes]]
    home = _sections_behind(slide, [], work.paper)[:1]
    if home and home[0].paragraphs:
        sources.append(home[0].paragraphs)
    return sources


def _clean_sentence(slide: Slide, paragraphs: list[str], work: Work) -> str | None:
    scorer = text.Scorer(paragraphs)
    context = Counter(w for p in paragraphs for w in text.words(p) if w not in text.STOPWORDS)
    # Only sentences that stand compete (a section that opens with fragments still gives its
    # later statements), the best first: a finding before a sentence that only describes, and
    # one that leans on the paper's sentences before it (antecedents.leaning) last.
    leans = antecedents.leans_on_paper(work.used)
    candidates = text.key_sentences(
        paragraphs,
        scorer,
        6,
        exclude=work.used,
        rewrite=lambda bullet, previous: bullets.rewrite(bullet, bullets.Source(previous)),
        leans=leans,
    )
    window = antecedents.paper_context(work.paper).window

    def rank(candidate: str) -> tuple[int, float]:
        sentence, before = window(candidate)
        lean = ("", "maybe", "certain").index(leans(candidate, before, sentence))
        return lean, -scorer.score(candidate, context)

    for fixed in sorted(candidates, key=rank):
        if fixed and not slide.figures() and defects.figure_deixis(fixed):
            continue
        if fixed and context_text.unshown_on(
            fixed, figure=bool(slide.figures()), equation=bool(slide.equation)
        ):
            continue  # "the formula is satisfiable" on a slide without the formula
        if fixed and any(text.similar(fixed, shown) for shown in slide.bullets):
            continue  # a second wording of a bullet the slide has (key_sentences: of the deck)
        if fixed and any(caption_repeats.restates(fixed, caption) for caption in _captions(work)):
            continue  # a figure slide's caption says it: put in a bullet, it is read twice
        if fixed and _cited_as_own(fixed, slide, work):
            continue  # earlier work's finding, its citation dropped, on a results slide
        if fixed and _names_unnamed_command(fixed, slide, work):
            continue  # "The first ⟨coordinates⟩ give …" where no slide names `setrange`
        if fixed and symbol_context.unseen(fixed, _symbols_shown(slide, work)):
            continue  # "… solutions for $p$ and $q$" where no slide has shown p or q
        if fixed and _reads_what_a_lead_showed(fixed, slide, window):
            continue  # "Each column comprises …" of a listing's output the slide lacks
        if fixed and fixed.lower() not in work.used and _passes_gate(fixed, slide, work):
            work.used.add(fixed.lower())
            return fixed
    return None


def _reads_what_a_lead_showed(candidate: str, slide: Slide, window) -> bool:
    """Does the candidate follow, in the paper, a sentence that leads into what the paper
    printed between them ("… using the `tally()` function:" then a listing, its output or a
    display), on a slide that shows no code and no display? Such a sentence reads that print
    ("Each column holds …", "The first row gives …"): without it the reader has nothing to read
    it from."""
    if slide.code or slide.equation:
        return False
    sentence, before = window(candidate)
    return bool(sentence and before and before[-1].rstrip().endswith(":"))


def _cited_as_own(sentence: str, slide: Slide, work: Work) -> bool:
    """Would the sentence, cleaned of its citation, read as the paper's finding on this slide
    (shown_objects.dropped_citation)? A replacement must not bring back what was removed."""
    if not shown_objects.reads_as_finding(slide.role, slide.title):
        return False
    source = work.index.source(sentence).sentence
    return (
        shown_objects.dropped_citation(
            sentence, source, work.paper.title, work.paper.authors, work.paper.references
        )
        is not None
    )


def _captions(work: Work) -> list[str]:
    return [s.caption for s in (work.deck.slides if work.deck else []) if s.caption.strip()]


def _deck_number(slide: Slide, work: Work) -> int:
    """The number of the slide's place in the round's deck (0 when it has none there)."""
    before = list(work.deck.slides) if work.deck else []
    return next((n for n, s in enumerate(before, start=1) if s.title == slide.title), 0)


def _passes_gate(sentence: str, slide: Slide, work: Work, instead: str = "") -> bool:
    """Would the reviewer's text checks find nothing on `sentence` put on the slide where the
    paper has it (in place of the bullet `instead`, when given)? Every text a repair puts on
    a slide goes through here first (text_gate.py)."""
    bullets = [b for b in slide.bullets if b != instead]
    at = slide.bullets.index(instead) if instead in slide.bullets else None
    placed = slide.model_copy(
        update={"bullets": paper_order.with_bullet(bullets, sentence, work.paper, at)}
    )
    number = _deck_number(slide, work)
    found = text_gate.flagged(sentence, placed, work.deck, work.paper, number)
    if instead and text_gate.REPEATS in found:
        # a rewrite of a bullet that says what another slide says already repeats no more
        slides = list(work.deck.slides) if work.deck else []
        if text_gate.repeats_another_slide(instead, slides, number):
            found.remove(text_gate.REPEATS)
    return not found


def _symbols_shown(slide: Slide, work: Work) -> set[str]:
    """The symbol keys the deck shows up to and including the slide (its titles, bullets,
    captions and displays)."""
    before = list(work.deck.slides) if work.deck else []
    at = next((i for i, s in enumerate(before) if s.title == slide.title), len(before))
    slides = [*before[:at], slide]
    return symbol_context.keys_of(
        [t for s in slides for t in (s.title, s.caption, *s.bullets) if t],
        [s.equation for s in slides],
    )


def _names_unnamed_command(sentence: str, slide: Slide, work: Work) -> bool:
    """Does the sentence name a part of a command that neither the slides before this one nor
    this one names (code_context.unintroduced)?"""
    # the deck before this slide (the round's own copy of it still holds what is replaced)
    before = list(work.deck.slides) if work.deck else []
    at = next((i for i, s in enumerate(before) if s.title == slide.title), len(before))
    shown = context_fix.code_keys([*before[:at], slide])
    return bool(unintroduced(sentence, shown, code_parts(work.paper)))


ROLE_TITLES = {"method": "Method", "result": "Results", "discussion": "Discussion"}


@fixer(
    "title_fragment",
    "title_capitals",
    "title_plot_label",
    "title_foreign_figure",
    "title_placeholder",
    "title_figure_label",
    "title_math_word",
    "title_citation",
    "title_repeated_word",
    "title_generic",
    "title_false_continued",
)
def _title(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    """A title that stands: the title's own head, the figure's caption, the heading of the
    section the slide comes from, or the nearest heading before it; a title another slide has
    already gets "(continued)"; else what its first bullets are about ("The scheduler …" →
    "Scheduler"); last, the kind of slide it is ("Method"). A title that says
    nothing ("Key points") is no fix. A title set wrong (footnote marks, capitals) is first
    set right; the cover's title is only ever set right."""
    restyled = title_style.restyle(slide.title, work.body)
    if slide.kind == "title":
        if restyled == slide.title or title_style.style_defects(restyled):
            return [slide], ""
        if title_style.in_capitals(slide.title) and title_style.unattested(slide.title, work.body):
            # a word of the cover the paper's text never writes ("GAUSS"): set in lower case it
            # would misspell a name; the cover stays in capitals (the finding stays open)
            return [slide], ""
        return [slide.model_copy(update={"title": restyled})], f"set the title as “{restyled}”"
    figures = [f for f in (work.paper.figure(i) for i in slide.figures()) if f]
    head = title_defects.title_head(slide.title)
    candidates = [restyled] if restyled != slide.title else []
    # the title's own words, without its figure's number or with its words set as maths
    # written in letters ("Figure 4: Survival curves" → "Survival curves")
    plain = title_quality.without_float_label(title_quality.without_math_words(slide.title))
    candidates += [plain] if plain != slide.title else []
    # a heading joined to a caption that repeats its word: the caption's part alone, which
    # says more than the heading before the colon
    candidates.append(title_defects.without_repeat(slide.title) or "")
    candidates += [head] if head else []  # the title's own head, before what ran into it
    # a caption's opening cut before the complement its last word needs, with it
    captions = [f.caption for f in figures]
    candidates.append(complement_cuts.completed(slide.title, work.paper, captions) or "")
    # a title cut on a word the paper's language leads on ("… selon la"), completed from its
    # caption or sentence to the word it led to
    candidates.append(
        function_words.completed(
            slide.title, [*captions, *complement_cuts.paper_sources(work.paper)], work.paper
        )
        or ""
    )
    role_word = title_defects.bare_role_word(slide.title, work.paper) or title_quality.lone_word(
        slide.title, slide, work.paper
    )
    # "Our approach", a bare "Results" no heading of the paper has: what the bullets are about
    if title_defects.generic_title(slide.title) or role_word:
        candidates.append(role_titles.content_title(slide.bullets, work.titles))
        # the subject the reviewer named (what the bullets are about, the figure's caption,
        # the heading of the part the bullets come from)
        if issue.type == "title_generic":
            candidates.append(str(issue.evidence.get("part", "")))
    # a bare noun ("The model") as the slide's own words qualify it
    candidates.append(
        title_defects.qualified_title(slide.title, [*slide.bullets, slide.notes]) or ""
    )
    if figures:
        from apps.decks.pipeline.propose.captions import figure_title

        # a caption cut inside its phrase, completed to the phrase's end, first
        candidates += [
            # a title pointing at another figure, without its pointer
            title_quality.without_trailing_pointer(slide.title),
            title_defects.completed_from_caption(slide.title, figures[0].caption) or "",
            *(figure_title(figures[0], words=w) for w in (8, 12)),
        ]
        # a caption's title cut before its last word's complement ("… varieties consistent"),
        # with it: the caption alone cannot tell that word's kind, the paper can
        candidates += [
            complement_cuts.completed(figure_title(figures[0], words=w), work.paper, captions) or ""
            for w in (8, 12)
        ]
    # a title names what the slide is about: never the heading of a section its bullets do
    # not come from (the nearest heading before is for a slide whose bullets are unplaced)
    sources = title_defects.BulletSources(work.paper)
    homes = {o for o in (sources.source(b) for b in slide.bullets) if o}
    # bullets whose "section" is a plot's label read as a heading sit under the heading before
    labelled = bool(homes) and all(title_quality.plot_label(h, work.paper) for h in homes)
    # A title that says a word twice still names its slide's subject: it is set right from its
    # own words or its caption, never replaced by a heading or another slide's title
    # "(continued)" (the final check of set 15 saw a results table retitled as the slide
    # before it, about another benchmark: a false title for a mild defect).
    own_words_only = issue.type == "title_repeated_word"
    for section in [] if own_words_only else _sections_behind(slide, figures, work.paper):
        if not homes or section.title in homes or labelled:
            candidates += [section.title, title_defects.title_head(section.title) or ""]
    if figures:
        candidates.append(figures[0].label)
    if not own_words_only:
        candidates += [title_defects.subject_title(b) for b in slide.bullets[:2]]
    # what kind of slide it is, at least; but the paper's own heading ("Examples") says more
    # than a kind ("Method"): it stays when nothing better exists
    # (a date set as a heading, "November 2022", is no subject, nor a plot's label read as a
    # heading: the kind says more)
    if not own_words_only and (
        not title_defects.author_heading(slide.title, work.paper)
        or re.search(r"\b(?:19|20)\d\d$", slide.title)
        or title_quality.plot_label(slide.title, work.paper)
    ):
        candidates.append(ROLE_TITLES.get(slide.role, ""))
    for candidate in candidates:
        if garbled.UNREADABLE.search(candidate):
            continue  # a glyph the PDF could not name: stripped, "5\ufffd5" would read "55"
        cleaned = title_style.restyle(bullets.strip_stray(candidate) or "", work.body)
        if own_words_only and cleaned in work.titles:
            continue  # another slide's title, which would become "… (continued)"
        if role_word and issue.type == "title_generic" and cleaned in ROLE_TITLES.values():
            continue  # a kind of slide for a kind of slide says no more
        if (
            cleaned
            and not title_defects.slide_title_fragment(cleaned, work.paper)
            and not person_names.names_a_person(cleaned, work.paper.authors)
            and not title_defects.title_text_defects(cleaned)
            and not title_style.style_defects(cleaned)
            and not title_defects.generic_title(cleaned)
            and not any(title_defects.caption_cut(cleaned, f.caption) for f in figures)
            and not complement_cuts.complement_cut(cleaned, work.paper, captions)
            # nor a plot's label, another slide's figure, maths turned into placeholders
            and not title_quality.problems(cleaned, slide, work.paper)
            # nor one that says less than a title must: a bullet's first word ("Below"), a
            # phrase fitting any slide, a cut at a comma (the kind of slide is the last resort)
            and (cleaned in ROLE_TITLES.values() or _stands(cleaned, slide, work.paper))
        ):
            # another slide's title continues only the slide right before, on its own item
            title = continued_titles.titled(
                cleaned[:120], work.titles, _placed_before(work), slide, work.paper
            )
            if not title:
                continue
            return [slide.model_copy(update={"title": title})], f"retitled “{title}”"
    return [slide], ""


@fixer("cover_glued_subtitle")
def _cover_head(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    """A cover title run on into its subtitle: the title alone, what it says before the
    subtitle's first word (the subtitle, a second line in a smaller size, is no title)."""
    subtitle = title_quality.glued_subtitle(slide.title)
    if slide.kind != "title" or not subtitle:
        return [slide], ""
    head = slide.title[: slide.title.rindex(subtitle)].rstrip(" .")
    return [slide.model_copy(update={"title": head})], f"set the cover's title as “{head}”"


@fixer("cover_title_byline")
def _cover_without_byline(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    """A cover title run on into its byline: the title before the name its e-mail address
    spells (the name and the address are no title)."""
    split = byline_split(slide.title) if slide.kind == "title" else None
    if not split:
        return [slide], ""
    return [slide.model_copy(update={"title": split[0]})], f"set the cover's title as “{split[0]}”"


@fixer("title_indistinct")
def _indistinct_title(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    """A figure slide whose title a neighbour's repeats: titled with the words the two share
    and what its caption says that the neighbour's does not (title_defects.indistinct_title),
    as the deck of the round has them."""
    if work.deck is None:
        return [slide], ""
    found = title_defects.indistinct_title(work.deck.slides, issue.slide - 1, work.paper)
    figure = work.paper.figure(slide.figure) if slide.figure else None
    whole = found and complement_cuts.made_whole(
        found[1], work.paper, [figure.caption] if figure else []
    )
    if not whole or whole in work.titles or title_defects.title_fragment(whole):
        return [slide], ""
    title = whole[:120]
    work.titles.add(title)
    return [slide.model_copy(update={"title": title})], f"retitled “{title}”"


@fixer("title_role")
def _role_title(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    """A storyline title ("What this paper does", "Motivation") over bullets that do not play
    that part: titled with the section its bullets mostly come from, else with what they are
    about; else the slide goes (what it shows is not what its place in the deck says)."""
    sources = title_defects.BulletSources(work.paper)
    origins = [o for o in (sources.source(b) for b in slide.bullets) if o]
    # the section most bullets come from; of equals, the first that introduces nothing (the
    # slide's own subject, not the introduction its title claimed), in the bullets' order
    ranked = sorted(
        dict.fromkeys(origins),
        key=lambda o: (-origins.count(o), bool(role_titles.INTRODUCING.search(o))),
    )
    home = ranked[0] if ranked else ""
    # a heading names the slide only when it holds half its bullets or more: over one bullet
    # of three from three sections, it says what two of them are not
    holds = bool(home) and 2 * origins.count(home) >= len(slide.bullets)
    title = ""
    before = _placed_before(work)
    if holds and home != sources.ABSTRACT and not title_defects.title_fragment(home):
        title = continued_titles.titled(home, work.titles, before, slide, work.paper)
    title = title or role_titles.content_title(slide.bullets, work.titles)
    if not title and home and home != sources.ABSTRACT and not title_defects.title_fragment(home):
        title = continued_titles.titled(home, work.titles, before, slide, work.paper)
    if title:
        work.titles.add(title)
        return [slide.model_copy(update={"title": title[:120]})], f"retitled “{title}”"
    return [], f"removed “{slide.title}”: no bullet plays the part its title names"


def _stands(title: str, slide: Slide, paper: Paper) -> bool:
    """Does a retitle say what a title must (retitle_worth.shortfalls)? One word does when it is
    the noun the slide's bullets are about ("The scheduler keeps …" → "Scheduler"), named after
    an article or possessive; a bullet's first word that is no noun ("Below is an example …")
    never follows one."""
    lacks = retitle_worth.shortfalls(title, slide, paper)
    if lacks != ["a single word"]:
        return not lacks
    named = rf"\b(?:the|a|an|its|their|our|each|every)\s+{re.escape(title)}\b"
    return any(re.search(named, bullet, re.I) for bullet in slide.bullets)


def _placed_before(work: Work) -> Slide | None:
    """The slide the one being fixed follows in the revised deck: the last one placed."""
    return work.placed[-1] if work.placed else None


def _sections_behind(slide: Slide, figures: list, paper: Paper) -> list:
    """The section the slide was made from (its notes, its title or its figure's section), then
    the two sections with text before it in the paper's order, nearest first (a heading read
    from a figure's axis, "Lo", hands the slide to the heading its text really sits under)."""
    sections = paper.sections
    home = next(
        (
            i
            for i, s in enumerate(sections)
            if (slide.notes and s.paragraphs and s.paragraphs[0][:80] in slide.notes)
            or s.title == slide.title
            or (figures and s.title == figures[0].section)
        ),
        None,
    )
    if home is None:
        return []
    before = [s for s in reversed(sections[:home]) if s.paragraphs][:2]
    return [sections[home], *before]


@fixer("undefined_symbol")
def _undefined_symbol(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    """The sentence introducing the symbol before the bullet (or its display), merged with
    it, or the bullet (display) left out: context_fix.with_definitions."""
    earlier = context_fix.deck_keys(work.deck.slides[: issue.slide - 1]) if work.deck else set()
    fixed, action = context_fix.answer(slide, issue.evidence, work.paper, earlier)
    work.used.update(b.lower() for b in fixed.bullets)
    return [fixed], action


@fixer("undefined_abbreviation")
def _undefined_abbreviation(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    """The abbreviation given by the paper's own long form at this first use ("the MLE" →
    "the maximum likelihood estimate (MLE)"): abbreviations.with_definition."""
    defs = abbreviations.definitions(work.paper)
    # the flagged bullet by its text: an earlier fix on the slide this round may have moved
    # the bullets, and the index alone then names a neighbour (the wrong bullet rewritten)
    flagged = flagged_bullet(slide, issue.evidence)
    if flagged is None:
        return [slide], ""
    index = slide.bullets.index(flagged)
    bullet = flagged
    for abbr in issue.evidence.get("abbreviations", []):
        if abbr in defs:
            bullet = abbreviations.with_definition(bullet, defs[abbr])
    if bullet == slide.bullets[index]:
        return [slide], ""
    bullets = [*slide.bullets[:index], bullet, *slide.bullets[index + 1 :]]
    work.used.add(bullet.lower())
    said = ", ".join(issue.evidence.get("abbreviations", []))
    return [slide.model_copy(update={"bullets": bullets})], f"gave {said} its paper's long form"


@fixer("undefined_term")
def _undefined_term(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    """The paper's gloss at the name, else its defining sentence before the bullet (merged
    when short), else the bullet left out: term_fix.with_definitions."""
    slides = work.deck.slides[: issue.slide - 1] if work.deck else []
    before = defined_terms.shown_before(slides, len(slides) + 1, 0)
    fixed, action = term_fix.answer(slide, issue.evidence, work.paper, before)
    work.used.update(b.lower() for b in fixed.bullets)
    return [fixed], action


@fixer("unintroduced_referent")
def _unintroduced_referent(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    """The thing the bullet leans on named, or the paper's sentence introducing it brought
    before the bullet, or the bullet left out: context_fix.answer_referent."""
    before = work.deck.slides[: issue.slide - 1] if work.deck else []
    earlier = antecedents.shown_texts(before)
    # the sentence it leans on may stand on a later slide (an earlier step put it there): it
    # is then free to move up before the bullet, when the later slide keeps enough without it
    movable = _movable_bullets(work.deck.slides[issue.slide :] if work.deck else [])
    fixed, action = context_fix.answer_referent(
        slide, issue.evidence, work.paper, earlier, work.used - movable
    )
    added = [b.lower() for b in fixed.bullets if b not in slide.bullets]
    work.moved_up.update(m for m in movable if any(m.rstrip(" .") in a for a in added))
    if action.startswith("removed") and _orphans(slide, fixed, earlier, work):
        return [slide], ""  # a bullet after it leans on it: removing it would leave that one
    if action.startswith("removed"):
        # a self-contained sentence of the same part in its place, when one stands on this
        # slide; else the bullet goes only when the slide keeps enough to say
        replacement = _next_sentence(fixed, work)
        shown = [*earlier, fixed.title, fixed.caption, *fixed.bullets]
        context = antecedents.paper_context(work.paper)
        if replacement and antecedents.dangling(replacement, shown, context) is None:
            at = min(issue.evidence.get("index", len(fixed.bullets)), len(fixed.bullets))
            shown = paper_order.with_bullet(fixed.bullets, replacement, work.paper, at)
            fixed = fixed.model_copy(update={"bullets": shown})
            action = action.replace("removed", "replaced", 1) + "; another sentence of the part"
        elif len(fixed.bullets) < 2 and not (fixed.figures() or fixed.equation):
            if story_slides.holds_story(slide, why=True):
                return [slide], ""  # the deck's close or its "why" never goes for a bullet
            # the slide would be left thin: it goes, its other bullet joining a text slide of
            # its part (the one placed before, else the next); when none takes it, the
            # leaning bullet stays (the text is never lost for it)
            moved = _thin_slide_moved(fixed, issue.slide, work)
            if not moved:
                return [slide], ""
            return [], f"{action}; {moved}"
    work.used.update(b.lower() for b in fixed.bullets)
    return [fixed], action


def _thin_slide_moved(slide: Slide, number: int, work: Work) -> str:
    """A text slide left thin by a bullet's removal, taken off the deck when its other bullets
    join a text slide of its part: merged into the slide placed before it, or carried to the
    next text slide of its part with room (deck_repair joins work.orphans to it); "" when
    neither would take them."""
    if slide.kind != "bullets":
        return ""
    if not slide.bullets:
        return "removed the slide, which showed nothing else"
    if _merge_into_previous(slide, work):
        return "the slide's other bullet went to the slide before it, of the same part"
    later = work.deck.slides[number:] if work.deck else []
    # the next text slide short enough to take a removed slide's bullets takes them (or drops
    # them when it is of another part): it must be of this slide's part
    taker = next((s for s in later if s.kind == "bullets" and len(s.bullets) < 4), None)
    if taker is None or not _same_part(slide.notes, taker, work.paper):
        return ""
    work.orphans.extend((b, slide.notes) for b in slide.bullets)
    return "the slide's other bullet went to the next slide of the same part"


def _orphans(slide: Slide, fixed: Slide, earlier: list[str], work: Work) -> bool:
    """Does a bullet the fix kept lean, certainly, on what the fix removed ("If the second or
    the third argument is empty …" after "The second and third arguments give …" went)?"""
    context = antecedents.paper_context(work.paper)
    for index, bullet in enumerate(fixed.bullets):
        if bullet not in slide.bullets:
            continue
        shown = [*earlier, fixed.title, fixed.caption, *fixed.bullets[:index]]
        found = antecedents.dangling(bullet, shown, context)
        if found is None or not found.certain:
            continue
        old = slide.bullets.index(bullet)
        before = [*earlier, slide.title, slide.caption, *slide.bullets[:old]]
        if antecedents.dangling(bullet, before, context) is None:
            return True
    return False


def _movable_bullets(later: list[Slide]) -> set[str]:
    """Bullets (lower case) of later slides that could leave them: each keeps two bullets, a
    figure or a display without it."""
    return {
        bullet.lower()
        for s in later
        if s.kind == "bullets" and (len(s.bullets) > 2 or s.figures() or s.equation)
        for bullet in s.bullets
    }


def _without_moved_up(slide: Slide, work: Work) -> Slide:
    """The slide without the bullets an earlier slide's fix moved up before what leans on them."""
    kept = [b for b in slide.bullets if b.lower() not in work.moved_up]
    if len(kept) == len(slide.bullets):
        return slide
    return slide.model_copy(update={"bullets": kept})


@fixer("display_without_lead")
def _display_without_lead(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    """The paper's sentence leading into the display brought over it, in the paper's order
    among the slide's bullets (displays.with_paper_lead); nothing when it does not read as a
    bullet or another slide shows it already."""
    equation = displays.without_lead(slide, work.paper)
    if equation is None or equation.lead.strip().lower() in work.used:
        return [slide], ""
    fixed = displays.with_paper_lead(slide, equation, work.paper)
    if fixed is None:
        return [slide], ""
    work.used.update(b.lower() for b in fixed.bullets)
    dropped = len(slide.bullets) + 1 - len(fixed.bullets)
    return [fixed], "brought the paper's sentence leading into the display over it" + (
        f" (left out {dropped} other bullet{'s' if dropped > 1 else ''} for room)"
        if dropped
        else ""
    )


@fixer("unintroduced_code")
def _unintroduced_code(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    """The sentence introducing the command before the bullet naming its part, merged with it,
    or the bullet left out: context_fix.with_command."""
    earlier = context_fix.code_keys(work.deck.slides[: issue.slide - 1]) if work.deck else set()
    fixed, action = context_fix.answer_code(slide, issue.evidence, work.paper, earlier)
    if action.startswith("removed"):
        replacement = _next_sentence(fixed, work)
        if replacement:
            shown = paper_order.with_bullet(fixed.bullets, replacement, work.paper)
            fixed = fixed.model_copy(update={"bullets": shown})
            action = action.replace("removed", "replaced", 1) + "; another sentence of the part"
    work.used.update(b.lower() for b in fixed.bullets)
    return [fixed], action


# The room a text slide has under its title (980×552 canvas, deck-style.css): bullet lines at
# 22 px × 1.38, about 70 characters a line; code lines at 15 px × 1.3; the block's margins.
TEXT_ROOM_PX = 400
BULLET_LINE_PX, BULLET_LINE_CHARS, CODE_LINE_PX, CODE_MARGIN_PX = 30.4, 70, 19.5, 30


def _code_lines_left(bullets: list[str]) -> int:
    """How many lines of code a text slide with these bullets still has room for."""
    bullet_lines = sum(-(-len(b) // BULLET_LINE_CHARS) for b in bullets)
    return int((TEXT_ROOM_PX - CODE_MARGIN_PX - bullet_lines * BULLET_LINE_PX) // CODE_LINE_PX)


def _room_for_code(slide: Slide, code: str) -> bool:
    if slide.kind != "bullets" or slide.equation.strip() or slide.code.strip():
        return False
    return len(code.splitlines()) <= _code_lines_left(slide.bullets)


@fixer("narrates_code")
def _narrates_code(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    """The listing the bullet talks about shown as a code block under it (code_narration.py):
    on its slide when the slide has room, else the bullet and the listing on a slide of their
    own after it; with no listing that fits a slide, the bullet is left out (another sentence
    of the part in its place). A bullet that only may narrate code (low) gets its listing only
    on its own slide's room, and otherwise stays as it is."""
    # the bullet by its text: a fix of another issue of the slide may have moved it, or
    # rewritten it (a leaning word dropped) — then by the paper's sentence it was made from
    said = str(issue.evidence.get("text", ""))
    index = next((i for i, b in enumerate(slide.bullets) if said and b[:200] == said), None)
    if index is None and said:
        source_of = antecedents.paper_context(work.paper).sentence_of
        source = source_of(said)
        index = next(
            (i for i, b in enumerate(slide.bullets) if source and source_of(b) == source), None
        )
    if index is None:
        return [slide], ""
    bullet = slide.bullets[index]
    found = narration(work.paper, bullet, index)
    code = excerpt(found.listing) if found is not None and found.listing is not None else None
    if code is None and issue.severity == "low":
        return [slide], ""  # a bullet that may narrate code stays unless the code can be shown
    lead = bullet
    if code is not None:
        # the listing goes under the sentence that introduces it in the paper: under a bullet
        # that talks about it afterwards ("The first 4 lines …") it would stand under the
        # slide's bullet before, as the example of what that one says
        lead = _listing_lead(slide, bullet, found.listing, work)
        if lead not in slide.bullets:
            bullets_led = [*slide.bullets[:index], lead, *slide.bullets[index:]]
            slide = slide.model_copy(update={"bullets": bullets_led})
            index += 1
    if code is None:
        rest = slide.bullets[:index] + slide.bullets[index + 1 :]
        replacement = _next_sentence(slide, work)
        if replacement:
            rest = paper_order.with_bullet(rest, replacement, work.paper)
        work.used.update(b.lower() for b in rest)
        action = f"removed bullet {index + 1} (it narrates code no slide can show)"
        return [slide.model_copy(update={"bullets": rest})], action + (
            "; another sentence of the part in its place" if replacement else ""
        )
    if found.listing is not None and shows(slide.code, found.listing):
        # another bullet's fix of this round put the listing on the slide already: the two
        # bullets talk about it together, and a second copy on a slide of its own would show
        # it twice (and leave the first under bullets it is not about)
        return [slide], f"the listing bullet {index + 1} talks about is shown on the slide already"
    if found.listing is not None and _listing_elsewhere(found.listing, issue.slide, work):
        # another slide shows the listing already (an earlier round's fix put it on a slide of
        # its own after this one): a second copy would show the same code twice, and the
        # bullet stays where it is — the finding stays open
        return [slide], ""
    shown = {"code": code, "code_lang": language(code), "code_lead": lead}
    if _room_for_code(slide, code):
        return [slide.model_copy(update=shown)], (
            f"showed the listing bullet {index + 1} talks about as a code block under it"
        )
    if issue.severity == "low":
        return [slide], ""  # a bullet that only may narrate code earns no slide of its own
    # the slide's other bullets about the same listing go with it: one slide shows it once
    about = [
        b
        for i, b in enumerate(slide.bullets)
        if i == index
        or b == lead
        or (other := narration(work.paper, b, i)) is not None
        and other.listing == found.listing
    ]
    if len(about) > 1 and len(code.splitlines()) > _code_lines_left(about):
        about = list(dict.fromkeys([lead, bullet]))  # the others stay where they were
    if len(code.splitlines()) > _code_lines_left(about):
        code = excerpt(found.listing, _code_lines_left(about))
        if code is None:
            return [slide], ""  # not even a whole statement fits beside the bullet
        shown.update(code=code)
    rest = [b for b in slide.bullets if b not in about]
    own = Slide(
        kind="bullets",
        title=_code_title(slide.title, work),
        bullets=about,
        notes=slide.notes,
        role=slide.role,
        **shown,
    )
    work.titles.add(own.title)
    if not rest and not slide.figures():
        return [own.model_copy(update={"title": slide.title})], (
            f"showed the listing bullet {index + 1} talks about as a code block under it"
        )
    # a figure slide keeps its figure (and caption) even when all its bullets go with the code:
    # the listing is no figure's replacement, and the figure may be the only one of its result
    moved = "bullet" if len(about) == 1 else "bullets"
    return [slide.model_copy(update={"bullets": rest}), own], (
        f"moved {moved} {', '.join(str(slide.bullets.index(b) + 1) for b in about)} to a slide "
        "of its own after it, with the listing they talk about as a code block"
    )


def _listing_elsewhere(listing, number: int, work: Work) -> bool:
    """Does a slide other than the one being fixed (number, 1-based) show the listing: one of
    the round's deck, or one this round's fixes placed already?"""
    others = (
        [s for n, s in enumerate(work.deck.slides, start=1) if n != number] if work.deck else []
    )
    return any(_same_listing(s.code, listing) for s in [*others, *(work.placed or [])])


def _same_listing(code: str, listing) -> bool:
    """Does the slide's code block show the listing: its first lines (up to three), each as a
    line of the block? One first line is not enough: a paper may head every listing alike (a
    box label "R code", a prompt line)."""
    lines = [line.strip() for line in listing.text.splitlines() if line.strip()][:3]
    shown = {line.strip() for line in code.splitlines()}
    return bool(lines) and all(line in shown for line in lines)


def _listing_lead(slide: Slide, bullet: str, listing, work: Work) -> str:
    """The bullet the listing goes under: the paper's sentence introducing the listing, as a
    bullet, when the bullet is not that sentence and it stands alone (on the slide already, or
    to go just before the bullet); else the bullet itself."""
    intro = introduction(work.paper, bullet, listing)
    if intro is None:
        return bullet
    lead = _introducing(text.clean(intro))
    if lead is None:
        return bullet
    shown = next((b for b in slide.bullets if b.lower() == lead.lower()), None)
    return shown or lead


def _introducing(sentence: str) -> str | None:
    """The sentence introducing a listing as its lead bullet: every fix a bullet needs, but its
    pointer ahead ("… by adding the following to the file:") stays — the listing is under it."""
    from apps.decks.pipeline.propose import bullets as bullet_text

    # "For another example, …": the example it adds to is another slide's
    if ANOTHER_EXAMPLE.match(sentence):
        sentence = ANOTHER_EXAMPLE.sub("", sentence)
        sentence = sentence[:1].upper() + sentence[1:]
    lead = bullet_text.rewrite(sentence, max_words=MAX_LEAD_WORDS)
    if lead is not None:
        return lead
    if defects.dangling_connector(sentence):
        sentence = bullet_text.drop_connector(sentence) or ""
    kinds = {kind for kind, _ in defects.text_defects(sentence)}
    if (
        not sentence
        or not kinds <= shown_leads.LISTING_POINTERS
        or text.word_count(sentence) > MAX_LEAD_WORDS
    ):
        return None
    return sentence[:1].upper() + sentence[1:]


ANOTHER_EXAMPLE = re.compile(
    r"^(?:for|as)\s+(?:another|a\s+further|one\s+more|a\s+second|a\s+third)\s+"
    r"(?:example|instance|illustration)\s*,\s*",
    re.I,
)
MAX_LEAD_WORDS = 40  # a listing's introduction may run longer than a bullet: it is its caption


def _code_title(title: str, work: Work) -> str:
    """The title of a slide showing a listing of the previous slide's part."""
    base = re.sub(r"\s*\((?:continued|code)\)$", "", title)
    candidate = f"{base} (code)"
    return candidate if candidate not in work.titles else f"{base} (code, continued)"


@fixer("thin_slide")
def _thin(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    """A thin slide (thin_slide) is filled with the paper's sentences first (for a display
    under its lead: what its symbols are and what the text says follows from it), else merged
    into the slide before it when that one is of the same part and has room (the display under
    its lead), else its text goes to the next text slide of its part; only what neither takes
    is lost."""
    if slide.equation:
        filled = _around_display(slide, work)
        if filled is not None:
            added = len(filled.bullets) - len(slide.bullets)
            return [filled], (
                f"added {added} sentence{'s' if added > 1 else ''} of the paper around the display"
            )
    else:
        # the close is filled with the paper's close, in its order (a claim with its limits
        # kept whole); another slide with the best sentences of its part
        extra = _closing_claims(slide, work) if story_slides.holds_story(slide) else []
        extra = extra or [
            b for b in (_next_sentence(slide, work), _next_sentence(slide, work)) if b
        ]
        if story_slides.is_purpose(slide):
            # the slide saying what the paper does is never filled with details of the body
            # (purpose_unstated would take them off again, round after round)
            extra = [b for b in extra if purpose_slide.detail_of(b, work.paper) is None]
        if len(slide.bullets) + len(extra) >= 2:
            return [slide.model_copy(update={"bullets": slide.bullets + extra})], (
                f"added {len(extra)} sentence{'s' if len(extra) > 1 else ''} of the same part"
            )
    if not slide.equation and headline_slide.holds_headline(slide, work.paper):
        # the paper's main result: filled with the sentences around it, never deleted
        shown = [b for s in (work.deck.slides if work.deck else []) for b in s.bullets]
        filled = headline_slide.filled(slide, work.paper, shown)
        if filled is not None:
            added = len(filled.bullets) - len(slide.bullets)
            return [filled], (
                f"added {added} sentence{'s' if added > 1 else ''} the paper writes around "
                "its main result"
            )
    if story_slides.is_purpose(slide):
        return [slide], ""  # what the paper does keeps its slide, thin, rather than merge away
    if _merge_into_previous(slide, work):
        return [], "merged the slide into the slide before it, of the same part"
    if not slide.equation and _headline_to_previous(slide, work):
        return [], "moved the paper's main result to the slide before it, first"
    if story_slides.holds_story(slide):
        return [slide], ""  # the deck's close or its "why" stays, thin, rather than go
    if slide.equation and slide.display_lead():
        work.orphan_display = (slide.display_lead(), slide.equation, slide.notes)
        return (
            [],
            "removed the slide (its display and lead go to the next text slide of its part, if any has room)",
        )
    kept = _main_points_kept(slide, work)
    work.orphans.extend((b, slide.notes) for b in slide.bullets if b not in kept)
    if kept:
        return (
            [],
            "removed the slide; its statement of the paper's main point went to the slide before it",
        )
    return [], "removed the slide (its bullet goes to the next text slide of its part, if any)"


def _closing_claims(slide: Slide, work: Work) -> list[str]:
    """A thin closing slide's fill: the conclusions' own sentences no slide states, a claim
    with its limits kept whole (closing_slide.closing_claims) within the slide's words: the
    close kept one generic sentence while the paper's said what was solved and where it
    fails, and the reviewer called it "nothing more to add"."""
    shown = [b for s in (work.deck.slides if work.deck else []) for b in s.bullets]
    shown += [*slide.bullets, *(b for placed in work.placed for b in placed.bullets)]
    budget = limits.get_int("words_text_slide") - 8 - sum(map(text.word_count, slide.bullets))
    claims = closing_slide.closing_claims(work.paper, shown, budget)
    work.used.update(b.lower() for b in claims)
    return claims


def kept_thin(deck: SlideDeck, index: int, paper: Paper, proposer: BuiltinProposer) -> bool:
    """Would the thin slide's repair keep the slide at `index` as it is (a closing slide that
    nothing fills or merges: story_slides)? The reviewer asks it so that such a slide is
    reported once, low, and the loop goes on: a medium finding no repair can answer stopped
    the loop as "unrepairable" on a close that is right to keep (round 19)."""
    slide = deck.slides[index]
    paper = title_style.styled_paper(paper)  # the headings as the repair reads them
    work = Work(proposer, paper, bullets.SentenceIndex(paper))
    work.used = {b.lower() for s in deck.slides for b in s.bullets}
    work.shown = set(deck.figures_used())
    work.titles = {s.title for s in deck.slides}
    work.deck = deck
    work.placed = list(deck.slides[:index])
    issue = Issue(slide=index + 1, type="thin_slide", severity="medium", message="thin")
    return _thin(slide, issue, work) == ([slide], "")


def _headline_to_previous(slide: Slide, work: Work) -> bool:
    """A thin opening slide of the paper's headline that nothing fills: its bullets go to the
    last text slide placed before it, the headline first (a reader meets the main result
    there); False when the slide holds no headline, is the conclusions slide, or no text slide
    is placed before it."""
    if not work.placed or not headline_slide.holds_headline(slide, work.paper):
        return False
    if slide.role == "conclusion":
        return False  # the deck's closing finding goes last on the slide before (_main_points_kept)
    target = next(
        (
            i
            for i in range(len(work.placed) - 1, -1, -1)
            if work.placed[i].kind == "bullets"
            and work.placed[i].role != "title"
            and not work.placed[i].equation
        ),
        None,
    )
    if target is None:
        return False
    bullets = list(work.placed[target].bullets)
    for bullet in reversed(slide.bullets):
        bullets = [bullet, *main_points.with_room(bullets, work.paper, bullet)]
    work.placed[target] = work.placed[target].model_copy(update={"bullets": bullets})
    work.used.update(b.lower() for b in slide.bullets)
    return True


def _main_points_kept(slide: Slide, work: Work) -> list[str]:
    """A thin slide's bullets that state the paper's method or result (main_points), put on the
    last text slide placed before it: the conclusions slide of one bullet that said what the
    paper found was removed with it, and no later slide of its part took it."""
    stating = main_points.stating(slide.bullets, work.paper)
    if not stating or not work.placed:
        return []
    target = next(
        (
            i
            for i in range(len(work.placed) - 1, -1, -1)
            if work.placed[i].kind == "bullets"
            and work.placed[i].role != "title"
            and not work.placed[i].equation
            and work.placed[i].bullets
        ),
        None,
    )
    if target is None:
        return []
    bullets = list(work.placed[target].bullets)
    for bullet in stating:
        bullets = [*main_points.with_room(bullets, work.paper, bullet), bullet]
    work.placed[target] = work.placed[target].model_copy(update={"bullets": bullets})
    return stating


def _around_display(slide: Slide, work: Work) -> Slide | None:
    """The slide with the paper's sentences after its display under it (displays.filled_around);
    None when none qualifies."""
    equation = displays.shown_on(slide, work.paper)
    if equation is None:
        return None
    return displays.filled_around(
        slide, equation, work.paper, work.used, _slides_before(slide, work)
    )


def _slides_before(slide: Slide, work: Work) -> list[Slide]:
    """The revised slides placed before this one (the round's deck when none are recorded)."""
    if work.placed is not None:
        return list(work.placed)
    before = list(work.deck.slides) if work.deck else []
    return before[: next((i for i, s in enumerate(before) if s is slide), len(before))]


def _merge_into_previous(slide: Slide, work: Work) -> bool:
    """Append the thin slide's text (a display under its lead) to the slide placed before it,
    when that is a text slide of the same part with room for it."""
    if work.placed is None or not work.placed:
        return False
    previous = work.placed[-1]
    if previous.kind != "bullets" or not _same_part(slide.notes, previous, work.paper):
        return False
    if slide.equation and (previous.equation or not slide.display_lead()):
        return False  # one display a slide, and a display never without its lead
    added = [b for b in slide.bullets if b.lower() not in {p.lower() for p in previous.bullets}]
    merged = [*previous.bullets, *added]
    # a display takes two bullets' room
    room = context_fix.MAX_TEXT_BULLETS - (2 if slide.equation or previous.equation else 0)
    words = sum(text.word_count(b) for b in merged)
    if len(merged) > room or words > limits.get_int("words_text_slide") - 8:
        return False
    update: dict = {"bullets": merged}
    if slide.equation:
        update.update(equation=slide.equation, equation_lead=slide.display_lead())
    work.placed[-1] = previous.model_copy(update=update)
    return True


def _with_orphan_display(slide: Slide, work: Work) -> Slide:
    """The next text slide with a removed thin slide's display first, under its lead (the paper
    has it before what the slide says), when it is of the same part and has room for it."""
    pending, work.orphan_display = work.orphan_display, None
    if pending is None:
        return slide
    lead, tex, notes = pending
    merged = [lead, *slide.bullets]
    if (
        slide.equation
        or not _same_part(notes, slide, work.paper)
        or len(merged) > context_fix.MAX_TEXT_BULLETS - 2
        or sum(text.word_count(b) for b in merged) > limits.get_int("words_text_slide") - 8
    ):
        return slide
    return slide.model_copy(update={"bullets": merged, "equation": tex, "equation_lead": lead})


def _same_part(notes: str, slide: Slide, paper: Paper) -> bool:
    """Do the notes come from the part of the paper the slide was made from?"""
    if not notes or not slide.notes:
        return False
    if notes[:200] == slide.notes[:200]:
        return True
    home = _sections_behind(Slide(kind="bullets", title="", notes=notes), [], paper)[:1]
    return bool(home) and home == _sections_behind(slide, [], paper)[:1]


# ------------------------------------------------------------------------ layout and figures


@fixer("overflow", "density", "overlap", "edge")
def _crowded(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    if slide.kind == "title":
        return [
            slide.model_copy(update={"title": text.shorten(slide.title, 14)})
        ], "shortened the title"
    if slide.kind == "bullets" and slide.equation and slide.display_lead():
        return _crowded_display(slide, issue, work)
    severe = issue.severity == "high"
    if slide.kind == "bullets" and severe and len(slide.bullets) >= 4:
        half = (len(slide.bullets) + 1) // 2
        first = slide.model_copy(update={"bullets": slide.bullets[:half]})
        title = slide.title if slide.title.endswith("(continued)") else f"{slide.title} (continued)"
        second = slide.model_copy(
            update={
                "bullets": slide.bullets[half:],
                "title": title,
                "notes": "",
                "equation": "",  # one display, shown once
                "equation_lead": "",
            }
        )
        return [first, second], "split the slide in two"
    if issue.type == "density" and "caption_words" in issue.evidence:
        figure = work.paper.figure(slide.figure or "")
        caption = text.shorten(
            slide.caption or (figure.caption if figure else ""), 24, ellipsis=True
        )
        return [slide.model_copy(update={"caption": caption})], "kept the caption's first clause"
    budget = (
        limits.get_int("words_beside_figure") - 8
        if slide.kind == "figure"
        else limits.get_int("words_text_slide") - 12
    )
    kept = _trim_words(slide.bullets, budget, 20)
    if kept != slide.bullets:
        return [slide.model_copy(update={"bullets": kept})], "cut the longest bullets"
    if not slide.compact:
        return [slide.model_copy(update={"compact": True})], "used the stylesheet's compact text"
    if slide.bullets:
        return [slide.model_copy(update={"bullets": slide.bullets[:-1]})], "dropped the last bullet"
    return [slide], ""


def _crowded_display(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    """A crowded slide showing a display under its lead gives up its other bullets first: the
    lead and the clause saying what the display's symbols are (displays.display_core) stay, and
    so does one more bullet, for a display under its lead alone is a thin slide (thin_slide)
    whose fix would fill it and crowd it again. When it cannot lose more without turning thin,
    the display goes to a slide of its own with its lead and the bullet after it, the rest to
    another; with nothing to spare the slide is left as it is (its finding stays open)."""
    core = displays.display_core(slide, work.paper)
    lead = slide.display_lead()
    spare = [b for b in slide.bullets if b not in core]
    if issue.severity == "high" and len(slide.bullets) >= 4 and len(spare) >= 3:
        return _display_apart(
            slide, core
        ), "split the slide in two, the display under its lead on one"
    budget = limits.get_int("words_text_slide") - 12
    kept = [b if b in core else text.shorten(b, 20) for b in slide.bullets]
    while sum(text.word_count(b) for b in kept) > budget:
        droppable = [b for b in kept if b not in core]
        if not droppable or len([b for b in kept if b != lead]) <= 1:
            break
        kept.remove(max(droppable, key=text.word_count))
    if kept != slide.bullets:
        return [slide.model_copy(update={"bullets": kept})], (
            "cut the longest bullets (the display's lead and what its symbols are kept)"
        )
    if not slide.compact:
        return [slide.model_copy(update={"compact": True})], "used the stylesheet's compact text"
    if spare and len([b for b in slide.bullets if b != lead]) >= 2:
        dropped = spare[-1]
        return [slide.model_copy(update={"bullets": [b for b in slide.bullets if b != dropped]})], (
            "dropped the last bullet that is not the display's lead or what its symbols are"
        )
    if len(spare) >= 3:
        return _display_apart(
            slide, core
        ), "split the slide in two, the display under its lead on one"
    return [slide], ""


def _display_apart(slide: Slide, core: list[str]) -> list[Slide]:
    """The slide as two: its display under its lead with what its symbols are (and the bullet
    after it when that is all the lead would have), and its other bullets, in the paper's order
    (the part before the lead first)."""
    lead = slide.display_lead()
    at = slide.bullets.index(lead)
    spare = [b for b in slide.bullets if b not in core]
    shown = list(core)
    if not [b for b in shown if b != lead] and spare:
        after = [b for b in slide.bullets[at + 1 :] if b not in core]
        shown.append((after or spare[-1:])[0])  # a display under its lead alone is thin
    rest = [b for b in slide.bullets if b not in shown]
    with_display = slide.model_copy(update={"bullets": [b for b in slide.bullets if b in shown]})
    without = slide.model_copy(update={"bullets": rest, "equation": "", "equation_lead": ""})
    before_lead = sum(1 for b in rest if slide.bullets.index(b) < at)
    first, second = (
        (without, with_display) if before_lead * 2 > len(rest) else (with_display, without)
    )
    title = slide.title if slide.title.endswith("(continued)") else f"{slide.title} (continued)"
    return [first, second.model_copy(update={"title": title, "notes": ""})]


@fixer("small_font")
def _small_font(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    if slide.compact:
        return [
            slide.model_copy(
                update={"compact": False, "bullets": _trim_words(slide.bullets, 50, 20)}
            )
        ], ("back to the normal text size, with less text")
    return [slide], ""


@fixer("figure_cropped", "figure_faded", "figure_distorted", "figure_mismatch")
def _figure_whole(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    if slide.fit != "contain":
        return [slide.model_copy(update={"fit": "contain"})], "drew the figure whole (contain)"
    return [slide.model_copy(update={"bullets": _trim_words(slide.bullets, 20, 14)})], (
        "gave the figure more room"
    )


@fixer("figure_small", "figure_narrow", "empty_area", "figure_text_small")
def _figure_room(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    figure = work.paper.figure(slide.figure or "")
    if figure is None or slide.kind != "figure":
        return [slide], ""
    if slide.figure_pair:
        return [slide], ""
    if issue.type == "figure_text_small" and issue.severity == "low":
        # at its largest already (or one of a compared pair): taking the bullets off the slide
        # draws it no larger, and loses what they said
        return [slide], ""
    if issue.type == "figure_text_small" and issue.evidence.get("parts") and not slide.panel:
        return _parts_apart(slide, figure), (
            f"showed the {len(figure.parts)} panels of {figure.label} a slide each, across "
            "the slide"
        )
    if slide.layout != "figure-full" and figure.aspect >= 1.25:
        takeaway = [text.shorten(b, 18) for b in slide.bullets[:1]]
        return [slide.model_copy(update={"layout": "figure-full", "bullets": takeaway})], (
            "put the figure across the slide with one line under it"
        )
    if slide.bullets:
        return [slide.model_copy(update={"bullets": []})], "gave the figure a slide of its own"
    # A column beside it holding only the caption stays: a figure less wide than 1.25 is
    # drawn larger beside its caption than over it (render.markdown.larger_across).
    return [slide], ""


def _parts_apart(slide: Slide, figure) -> list[Slide]:
    """A slide for each part of the figure, across the slide under its share of the caption;
    the bullets stay with the first part, the whole caption goes to the notes."""
    count = len(figure.parts)
    slides = []
    for panel in range(1, count + 1):
        own = part_caption(figure.caption, panel, count)
        slides.append(
            slide.model_copy(
                update={
                    "panel": panel,
                    "layout": "figure-full",
                    "title": _part_title(slide.title, own, panel, count),
                    "bullets": slide.bullets[:1] if panel == 1 else [],
                    "caption": own if own != figure.caption else slide.caption,
                    "notes": slide.notes if panel == 1 else figure.caption,
                }
            )
        )
    return slides


def _part_title(title: str, own: str, panel: int, count: int) -> str:
    """The slide's title with the part's label: "(b)" when the caption labels its panels, else
    its place among the parts ("2/3")."""
    letter = f"({chr(96 + panel)})"
    mark = letter if letter in own else f"{panel}/{count}"
    return f"{title.removesuffix(' (continued)')} {mark}"


@fixer("figure_missing", "render", "empty")
def _broken(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    if slide.kind == "title":
        return [slide], ""
    if slide.kind == "figure" and not any(work.paper.figure(f) for f in slide.figures()):
        if slide.bullets:
            return [
                slide.model_copy(update={"kind": "bullets", "figure": None, "figure_pair": None})
            ], ("kept the text without the unknown figure")
        return [], "removed the slide whose figure does not exist"
    if not slide.bullets and not slide.figure:
        return [], "removed the empty slide"
    return [
        slide.model_copy(update={"bullets": _trim_words(slide.bullets, 40, 14)})
    ], "simplified the slide"


@fixer("near_empty")
def _near_empty(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    if slide.kind == "bullets" and len(slide.bullets) < 2 and not story_slides.holds_story(slide):
        return [], "removed the almost empty slide"
    return [slide], ""


@fixer("crop_foreign_text", "crop_cut", "crop_off_caption")
def _bad_crop(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    """A crop the PDF's layout shows to be unclean is not shown: another figure takes its place
    when there is one the deck does not show yet. A figure or table of the paper's result whose
    crop is only cut at an edge stays (the finding stays open): taking it off would take the
    result off the deck, nor does one that stops a label line short of its caption. One that
    shows body text or a region away from its caption goes."""
    bad = issue.evidence.get("figure")
    figure = work.paper.figure(bad) if isinstance(bad, str) else None
    if figure is not None and issue.type == "crop_cut" and carries_result(figure, work.paper):
        return [slide], ""  # cut at an edge, it still shows the result's region
    if figure is not None and issue.type == "crop_off_caption" and short_by_a_line(figure):
        # the crop stops one label line (an axis title) short of its caption: it shows the
        # figure's own drawing, and taking the slide off would lose a good figure (the
        # finding stays open)
        return [slide], ""
    spare = [
        f
        for f in work.paper.figures
        if f.id != bad
        and f.id not in work.shown
        and not crop_defective(f)
        and (f.kind == "figure" or f.carries_results)
    ]
    if spare:
        work.shown.add(spare[0].id)
        replacement = work.proposer.figure_slide(spare[0], work.used, paper=work.paper)
        return [replacement], f"showed {spare[0].label} instead of the unclean crop of {bad}"
    if slide.bullets:
        return [slide.model_copy(update={"kind": "bullets", "figure": None})], (
            f"kept the text without the unclean crop of {bad}"
        )
    return [], f"removed the slide with the unclean crop of {bad}"


def _trim_words(items: list[str], budget: int, per_bullet: int) -> list[str]:
    """Cut bullets at a clause boundary where one is near, then drop the longest ones until
    the total fits the budget (never cut a sentence in the middle)."""
    kept = [text.shorten(b, per_bullet) for b in items]
    while len(kept) > 1 and sum(text.word_count(b) for b in kept) > budget:
        kept.remove(max(kept, key=text.word_count))
    return kept
