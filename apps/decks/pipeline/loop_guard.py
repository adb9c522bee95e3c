"""Loop control against oscillation: two fixes that undo each other round after round.

A thin deck's fix states the captions on bare figure slides; a narrow figure's fix takes the
text off again; the next round finds the deck thin again. Two guards stop such a cycle, whatever
the pair of fixes:

- `no_reversals`: a revision does not put a slide back into a state an earlier round already
  showed (the slide as the round before had it is kept, and the change that claimed the
  reversal is dropped);
- `findings_repeat`: a round whose blocking findings are all findings of an earlier round that
  was revised already would only be revised the same way again, so the loop stops.

A retitle escapes `no_reversals`, which knows a text slide by its title: a slide retitled A → B
(a title fix) and back B → A (the title's mismatch with its bullets' section) is a new slide
each time. So titles have their own guard, knowing a slide by what it shows (`shown_key`):

- `no_repeated_retitles`: a retitle the slide already had once (A → B again) is not made;
- `settle_title_findings`: a slide whose title went and came back (A → B → A) keeps it, and a
  finding about its title is low (the two findings that pull it are both uncertain);
- `no_worse_retitles`: a retitle whose new title fails the reviewer's own title checks (a
  fragment, a plot's label, maths turned into placeholders "Signs “X” and “X”") is not made:
  the slide keeps the title it had, whichever proposer (builtin or a language model) made it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from apps.decks.pipeline import (
    bullet_reverts,
    caption_guard,
    figure_reading,
    main_points,
    retitle_worth,
    shown_leads,
    subject_cuts,
    text,
    title_defects,
    title_quality,
)
from apps.decks.pipeline.caption_labels import float_name
from apps.decks.pipeline.issues import Change, Issue
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.propose import text_gate
from apps.decks.pipeline.result_losses import carries_result
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

# Refusals: what a guard undid of a revision and why, for review.json. Each names the change it
# refused (its issue's index and type, its action) so that a refused fix can be read back.
Refusals = list[dict]


def _refuse(refused: Refusals | None, guard: str, number: int, why: str, dropped) -> None:
    if refused is None:
        return
    refused.append(
        {
            "guard": guard,
            "slide": number,
            "why": why[:300],
            "changes": [c.model_dump() for c in dropped],
        }
    )


def slide_key(slide: Slide) -> tuple:
    """What a slide is, across revisions that change its text: its figures, else its title."""
    figures = tuple(slide.figures())
    return (slide.kind, figures) if figures else (slide.kind, slide.title)


def no_reversals(
    earlier: list[SlideDeck], current: SlideDeck, revised: SlideDeck, changes: list[Change]
) -> tuple[SlideDeck, list[Change]]:
    """`revised` without the slide changes that restore a state one of `earlier` showed.

    `earlier` are the decks of the rounds before `current`; `changes` are the revision's, with
    slide numbers of `current`. A slide brought back to what an earlier round showed keeps its
    form in `current`, and the changes made on it are dropped (they would claim a fix that is
    not shown).
    """
    seen = {slide_key(s): set() for deck in earlier for s in deck.slides}
    for deck in earlier:
        for s in deck.slides:
            seen[slide_key(s)].add(s.model_dump_json())
    keys = [slide_key(s) for s in current.slides]
    # a key two slides share ("Paper (continued)" twice) names neither: the later one stood
    # for both, and an unchanged slide was "restored" to its twin's bullets
    now = {key: s for key, s in zip(keys, current.slides, strict=True) if keys.count(key) == 1}
    kept: list[Slide] = []
    reverted: set[tuple] = set()
    for slide in revised.slides:
        key = slide_key(slide)
        before = now.get(key)
        if (
            before is not None
            and slide != before
            and slide.model_dump_json() in seen.get(key, set())
        ):
            kept.append(before)
            reverted.add(key)
        else:
            kept.append(slide)
    if not reverted:
        return revised, changes
    revised = revised.model_copy(update={"slides": kept})
    if revised == current:
        return revised, []  # nothing of the revision is left to show
    numbered = {n: slide_key(s) for n, s in enumerate(current.slides, start=1)}
    changes = [c for c in changes if numbered.get(c.slide) not in reverted]
    return revised, changes


COUNT_FIXES = ("too_few_figures", "slide_count")  # fixes that add figures to make up a count


def no_returned_figures(
    earlier: list[SlideDeck],
    current: SlideDeck,
    revised: SlideDeck,
    changes: list[Change],
    paper: Paper,
) -> tuple[SlideDeck, list[Change]]:
    """`revised` without the figures a count fix puts back after an earlier round removed them.

    A figure one round took off (a repeat under a shared title, an unclean crop) and the next
    round's "too few figures" fix adds again comes back where the paper's order puts it, with
    nothing said of it, and the round after removes it again: two fixes undoing each other. A
    figure an earlier round showed and `current` does not is not added by a count fix; the
    change names only the figures it still adds, or goes."""
    removed = {f for deck in earlier for f in deck.figures_used()} - set(current.figures_used())
    labels = {f: figure.label for f in removed if (figure := paper.figure(f)) is not None}
    if not labels:
        return revised, changes
    returned: set[str] = set()
    kept_changes: list[Change] = []
    for change in changes:
        added = change.action.removeprefix("added ").split(", ")
        if change.type not in COUNT_FIXES or not change.action.startswith("added "):
            kept_changes.append(change)
            continue
        back = {f for f, label in labels.items() if label in added}
        returned |= back
        rest = [a for a in added if a not in {labels[f] for f in back}]
        if rest:
            kept_changes.append(change.model_copy(update={"action": "added " + ", ".join(rest)}))
    if not returned:
        return revised, changes
    slides = [
        s
        for s in revised.slides
        if not (s.kind == "figure" and s.figures() and set(s.figures()) <= returned)
    ]
    return revised.model_copy(update={"slides": slides}), kept_changes


def finding(issue: Issue, deck: SlideDeck) -> tuple:
    """What an issue is about, independent of slide numbers: its type and its text or figure,
    else the slide it is on (by what the slide shows, since revisions move slides)."""
    evidence = issue.evidence
    about = evidence.get("text") or evidence.get("figure") or evidence.get("figures")
    if about:
        return (issue.type, str(about))
    if 1 <= issue.slide <= len(deck.slides):
        return (issue.type, slide_key(deck.slides[issue.slide - 1]))
    return (issue.type, issue.slide)


def findings_repeat(
    rounds: list[tuple[SlideDeck, list[Issue]]], deck: SlideDeck, issues: list[Issue]
) -> bool:
    """Are all of `issues` (on `deck`) findings of one earlier revised round in `rounds`?"""
    now = {finding(i, deck) for i in issues}
    return bool(now) and any(
        now <= {finding(i, old_deck) for i in old_issues} for old_deck, old_issues in rounds
    )


def shown_key(slide: Slide) -> tuple:
    """What a slide is across a retitle: its figures, else the paper's text it was made from
    (its notes), else its bullets."""
    figures = tuple(slide.figures())
    if figures:
        return (slide.kind, figures)
    return (slide.kind, slide.notes) if slide.notes else (slide.kind, tuple(slide.bullets))


def _keyed(deck: SlideDeck) -> list[tuple[tuple, Slide]]:
    """The deck's slides with their `shown_key`, two slides made from one text (a slide and its
    "(continued)") told apart by their order."""
    seen: dict[tuple, int] = {}
    keyed = []
    for slide in deck.slides:
        key = shown_key(slide)
        seen[key] = seen.get(key, -1) + 1
        keyed.append(((*key, seen[key]), slide))
    return keyed


def title_histories(decks: list[SlideDeck]) -> dict[tuple, list[str]]:
    """Each slide's titles, round after round (a title kept over rounds counted once)."""
    histories: dict[tuple, list[str]] = {}
    for deck in decks:
        for key, slide in _keyed(deck):
            titles = histories.setdefault(key, [])
            if not titles or titles[-1] != slide.title:
                titles.append(slide.title)
    return histories


def _retitles(titles: list[str]) -> set[tuple[str, str]]:
    return set(zip(titles, titles[1:], strict=False))


def no_repeated_retitles(
    earlier: list[SlideDeck], current: SlideDeck, revised: SlideDeck, changes: list[Change]
) -> tuple[SlideDeck, list[Change]]:
    """`revised` without a retitle a slide already had (A → B, back to A, then A → B again):
    the slide keeps its title of `current`, and the changes that claimed the retitle (on the
    slide, or the deck's naming the new title) are dropped."""
    histories = title_histories([*earlier, current])
    return _retitles_undone(
        current,
        revised,
        changes,
        lambda key, slide, before: (before.title, slide.title) in _retitles(histories.get(key, [])),
    )


def _unclaimed(changes: list[Change], undone: list[tuple[int, str]]) -> list[Change]:
    """`changes` without those that claimed an undone retitle (on its slide, or the deck's
    change naming the new title)."""
    return [
        c
        for c in changes
        if not any(c.slide in (number, 0) and f"“{title}”" in c.action for number, title in undone)
    ]


def _retitles_undone(
    current: SlideDeck,
    revised: SlideDeck,
    changes: list[Change],
    fault: Callable[[tuple, Slide, Slide], object],
    undone_with: Callable[[int, str, object], None] | None = None,
) -> tuple[SlideDeck, list[Change]]:
    """`revised` with each retitle that `fault(key, revised slide, slide before)` finds fault
    with undone (the slide keeps its title of `current`), and without the changes that claimed
    it; `undone_with(slide number, refused title, fault)` hears of each."""
    now = dict(_keyed(current))
    numbers = {key: n for n, (key, _) in enumerate(_keyed(current), start=1)}
    kept: list[Slide] = []
    undone: list[tuple[int, str]] = []
    for key, slide in _keyed(revised):
        before = now.get(key)
        if (
            before is not None
            and slide.title != before.title
            and (why := fault(key, slide, before))
        ):
            kept.append(slide.model_copy(update={"title": before.title}))
            undone.append((numbers[key], slide.title))
            if undone_with is not None:
                undone_with(numbers[key], slide.title, why)
        else:
            kept.append(slide)
    if not undone:
        return revised, changes
    revised = revised.model_copy(update={"slides": kept})
    return revised, _unclaimed(changes, undone)


def settle_title_findings(
    earlier: list[SlideDeck], deck: SlideDeck, issues: list[Issue]
) -> list[Issue]:
    """`issues` with a finding about the title of a slide whose title already went and came
    back (A → B → A) made low: the fixes of two findings undo each other, and a third retitle
    would only start the cycle again."""
    histories = title_histories([*earlier, deck])
    settled = {
        number
        for number, (key, _) in enumerate(_keyed(deck), start=1)
        if len(titles := histories.get(key, [])) > len(set(titles))
    }
    if not settled:
        return issues
    return [
        issue.model_copy(
            update={
                "severity": "low",
                "evidence": {**issue.evidence, "settled": "the title went back and forth"},
            }
        )
        if issue.type.startswith("title_")
        and issue.severity != "low"
        and (issue.slide in settled or settled & set(issue.evidence.get("slides") or []))
        else issue
        for issue in issues
    ]


def no_worse_retitles(
    paper: Paper,
    current: SlideDeck,
    revised: SlideDeck,
    changes: list[Change],
    refused: Refusals | None = None,
) -> tuple[SlideDeck, list[Change]]:
    """`revised` without a retitle to a title the title checks find fault with
    (`title_quality.all_problems`), or that falls short where the title it replaces did not
    (`retitle_worth.worse_title`: one word, cut at a comma or a preposition, a phrase fitting
    any slide, no word of the slide): no title is better than the one it replaces when it is
    itself a defect, so the slide keeps its title of `current` and the changes that claimed
    the retitle are dropped."""

    def record(number: int, title: str, faults) -> None:
        _refuse(
            refused,
            "no_worse_retitles",
            number,
            f"the new title “{title}” is {', '.join(faults)}",
            [c for c in changes if c.slide in (number, 0) and f"“{title}”" in c.action],
        )

    def faults(_key, slide: Slide, before: Slide) -> list[str]:
        found = title_quality.all_problems(slide.title, slide, paper)
        return found + retitle_worth.worse_title(slide.title, slide, before.title, before, paper)

    return _retitles_undone(current, revised, changes, faults, record)


def _matched(current: SlideDeck, revised: SlideDeck) -> list[tuple[int, Slide, int]]:
    """(number in `current`, the slide there, index in `revised`) for each revised slide that is
    a slide of `current` revised: known by what it shows (`shown_key`), else by its figures or
    title (`slide_key`) when that is one slide's alone."""
    by_shown = {key: (n, s) for n, (key, s) in enumerate(_keyed(current), start=1)}
    by_key: dict[tuple, list[tuple[int, Slide]]] = {}
    for n, s in enumerate(current.slides, start=1):
        by_key.setdefault(slide_key(s), []).append((n, s))
    pairs = []
    for index, (key, slide) in enumerate(_keyed(revised)):
        found = by_shown.get(key)
        if found is None and len(by_key.get(slide_key(slide), [])) == 1:
            found = by_key[slide_key(slide)][0]
        if found is not None:
            pairs.append((found[0], found[1], index))
    return pairs


def with_slides_given_back(
    revised: SlideDeck, slides: list[Slide], changes: list[Change], undone: set[int]
) -> tuple[SlideDeck, list[Change]]:
    """`revised` with `slides`, in which a guard gave the slides `undone` back their old state,
    and without the changes claimed on those slides; unchanged when none was given back."""
    if not undone:
        return revised, changes
    dropped = _slide_changes(changes, undone)
    return revised.model_copy(update={"slides": slides}), [c for c in changes if c not in dropped]


def _slide_changes(changes: list[Change], numbers: set[int]) -> list[Change]:
    """The changes claimed on the slides `numbers` other than retitles (which the title
    guards judge): what goes when a guard gives such a slide back its old state."""
    return [c for c in changes if c.slide in numbers and not c.type.startswith("title_")]


def _new_defects(bullet: str, slide: Slide, allowed: set[str]) -> list[tuple[str, str]]:
    """The reviewer's text checks' findings on `bullet` where it stands on `slide` whose kind
    is not in `allowed`: the one reading the reviewer makes (shown_leads.bullet_defects), so a
    lead over the display or listing it announces is no defect here either."""
    return [(k, p) for k, p in shown_leads.text_defects_on(slide, bullet) if k not in allowed]


def no_worse_bullets(
    current: SlideDeck,
    revised: SlideDeck,
    changes: list[Change],
    refused: Refusals | None = None,
    paper: Paper | None = None,
    issues: list[Issue] | None = None,
) -> tuple[SlideDeck, list[Change]]:
    """`revised` without a bullet revision that fails a text check the bullets it replaced
    passed: a replacement or a merge that is a fragment, dangles, is glued or cut where the
    old bullets were not, or an added bullet with such a defect. Only the change that made the
    worse bullet is undone when it can be told (`bullet_reverts`: the change answering the
    issue about the bullet it replaced, or the slide-level change that added it) and the slide
    then passes: the slide's other fixes stand. Else the slide keeps the bullets it had in
    `current` (and what its display and code were shown under). The changes undone, but for
    titles', are dropped and recorded in `refused`."""
    slides = list(revised.slides)
    undone: set[int] = set()
    # a bullet moved from another slide of the deck (onto its figure's slide, off a thin
    # slide) is no new text: refusing it here would lose it from both
    shown = {b for s in current.slides for b in s.bullets}
    for number, before, index in _matched(current, revised):
        after = slides[index]

        def worse_in(slide: Slide, before=before, number=number, index=index) -> list:
            judged = revised.model_copy(
                update={"slides": [*slides[:index], slide, *slides[index + 1 :]]}
            )
            return _worse_bullets(before, slide, current, judged, shown, paper, number, index)

        worse = worse_in(after)
        if not worse:
            continue
        bullet, kind, part = worse[0]
        why = (
            f"the new bullet “{bullet[:80]}” is {kind} (“{part[:40]}”); the bullets it "
            "replaced were not"
        )
        claimed = _slide_changes(changes, {number})
        partial = bullet_reverts.partly_reverted(
            before, after, {b for b, _, _ in worse}, claimed, issues or []
        )
        if partial is not None and not worse_in(partial[0]):
            slides[index], culprits = partial
            changes = [c for c in changes if c not in culprits]
            _refuse(
                refused,
                "no_worse_bullets",
                number,
                why + "; the slide's other fixes stand",
                culprits,
            )
            continue
        slides[index] = after.model_copy(
            update={
                "bullets": before.bullets,
                "equation_lead": before.equation_lead,
                "code_lead": before.code_lead,
            }
        )
        undone.add(number)
        _refuse(refused, "no_worse_bullets", number, why, claimed)
    if not undone:
        return revised.model_copy(update={"slides": slides}), changes
    return with_slides_given_back(revised, slides, changes, undone)


def _worse_bullets(
    before: Slide,
    after: Slide,
    current: SlideDeck,
    revised: SlideDeck,
    shown: set[str],
    paper: Paper | None,
    number: int,
    index: int,
) -> list[tuple[str, str, str]]:
    """The new bullets of `after` (slide `index` of `revised`, slide `number` of `current` as
    `before`) that a text check faults where the bullets they replaced passed it: (bullet,
    kind of defect, the part faulted)."""
    new = [b for b in after.bullets if b not in shown]
    if not new:
        return []
    gone = [b for b in before.bullets if b not in after.bullets]
    had = {kind for b in gone for kind, _ in _new_defects(b, before, set())}
    worse = [(b, kind, part) for b in new for kind, part in _new_defects(b, after, had)]
    # a bullet shortened by cutting off its opening, its subject with it ("Reduces memory
    # use by 40 %"): the text checks read a verb phrase as a statement (subject_cuts.py)
    worse += [
        (b, "cut without its subject", g[:40])
        for b in new
        for g in gone
        if subject_cuts.drops_subject(g, b)
    ]
    if worse or paper is None:
        return worse
    had |= {k for b in gone for k in text_gate.flagged(b, before, current, paper, number)}
    # the reviewer's whole reading of a bullet, not the text checks alone: a sentence
    # that leans on one no slide shows, borrows a claim, repeats another slide's
    # caption (text_gate.py; the fixers' own gate misses what other repairs add)
    # judged against the deck as it stood, not against another slide's new text of
    # this same revision: two fixes that each bring in one of two like sentences would
    # both be undone, with every other fix on their slides (the next round's reviewer
    # finds the repeat, and one of the two goes)
    judged = _without_new_bullets(revised, shown, keep=index)
    return [
        (b, kind, b[:40])
        for b in new
        for kind in text_gate.flagged(b, after, judged, paper, index + 1)
        if kind not in had
    ]


def _without_new_bullets(deck: SlideDeck, shown: set[str], keep: int) -> SlideDeck:
    """The deck with the bullets no slide showed before (`shown`) taken off every slide but
    slide index `keep`."""
    slides = [
        s if i == keep else s.model_copy(update={"bullets": [b for b in s.bullets if b in shown]})
        for i, s in enumerate(deck.slides)
    ]
    return deck.model_copy(update={"slides": slides})


# A title that names only the kind of slide ("Results", "Method", "Background"): it says less
# than any specific title it would replace
GENERIC_TITLE = retitle_worth.GENERIC_TITLE


def no_generic_retitles(
    paper: Paper,
    current: SlideDeck,
    revised: SlideDeck,
    changes: list[Change],
    refused: Refusals | None = None,
) -> tuple[SlideDeck, list[Change]]:
    """`revised` without a retitle to a word that only names the slide's kind ("Results") over
    a title the title checks find no fault with (`title_quality.all_problems`), unless it is a
    title that says nothing ("Key points", "Example") other than the paper's own section
    heading: the specific title says more. The slide keeps its title, and the changes claiming
    the retitle are dropped."""
    slides = list(revised.slides)
    undone: list[tuple[int, str]] = []
    for number, before, index in _matched(current, revised):
        after = slides[index]
        if after.title == before.title or not GENERIC_TITLE.match(after.title):
            continue
        if GENERIC_TITLE.match(before.title):
            continue  # one kind for another: no title lost
        own = retitle_worth.own_heading(before.title, paper)
        faults = set(title_quality.all_problems(before.title, before, paper))
        if title_defects.EMPTY_TITLE.match(before.title):
            faults.add("title_fragment")  # a title that says nothing ("Key points")
        # a title the checks fault may go; the paper's own heading only when its text is
        # broken (maths, glyphs, capitals), never for saying little ("Examples", a fragment
        # by the checks' reading), which the kind word says no better
        if faults - ({"title_fragment"} if own else set()):
            continue
        slides[index] = after.model_copy(update={"title": before.title})
        undone.append((number, after.title))
        dropped = [c for c in changes if c.slide in (number, 0) and f"“{after.title}”" in c.action]
        why = "the paper's own heading" if own else "a title the title checks find no fault with"
        _refuse(
            refused,
            "no_generic_retitles",
            number,
            f"“{after.title}” only names the slide's kind; “{before.title}” is {why}",
            dropped,
        )
    if not undone:
        return revised, changes
    revised = revised.model_copy(update={"slides": slides})
    return revised, _unclaimed(changes, undone)


# How much of a caption's words one sentence of the paper must hold for the caption to be read
# as that sentence (shortened, its demonstrative or pointer taken off)
CAPTION_DRAWN = 0.8
# Words a caption shares with any sentence of its figure that say nothing of what it shows
_LABEL_WORDS = {"figure", "fig", "figs", "table", "tables", "panel", "panels"}


def _content_words(value: str) -> set[str]:
    flat = text.MATH_SPAN.sub(" ", value).lower()
    return {w for w in re.findall(r"[a-z]{4,}", flat) if w not in _LABEL_WORDS}


def _drawn_from(caption: str, sources: list[str]) -> bool:
    """Do most of `caption`'s words stand in one of `sources`?"""
    words = _content_words(caption)
    if not words:
        return True  # a label or a formula alone: nothing to misstate
    return any(len(words & _content_words(s)) >= CAPTION_DRAWN * len(words) for s in sources)


def caption_fault(caption: str, slide: Slide, paper: Paper) -> str:
    """Why `caption` may not stand under the figure `slide` shows: it names another figure or
    table and not this one, or it is neither the figure's caption nor a sentence of the paper
    that cites or reads this figure (figure_reading.figure_read). "" when it may."""
    figure = paper.figure(slide.figure) if slide.figure else None
    if figure is None or not caption.strip():
        return ""
    if _drawn_from(caption, [figure.caption, *(m.text for m in figure.mentions)]):
        return ""  # its own caption (which may name another figure) or a sentence citing it
    own = {(f.kind, f.number) for f in (paper.figure(i) for i in slide.figures()) if f}
    named = set(text.figure_refs(caption))
    if named and not named & own:
        kind, number = sorted(named - own)[0]
        return f"it names {float_name(kind, number)}, which the slide does not show"
    citing = [
        sentence
        for section in paper.sections
        for paragraph in section.paragraphs
        for sentence in text.sentences(paragraph)
        if own & set(text.figure_refs(sentence))
        or figure_reading.figure_read(sentence, paper) == figure.number
    ]
    if _drawn_from(caption, citing):
        return ""
    return f"no sentence of the paper about {figure.label or 'the figure'} says it"


def no_foreign_captions(
    paper: Paper,
    current: SlideDeck,
    revised: SlideDeck,
    changes: list[Change],
    refused: Refusals | None = None,
) -> tuple[SlideDeck, list[Change]]:
    """`revised` without a caption a revision wrote that is not its figure's own caption or a
    sentence of the paper citing that figure (`caption_fault`): a caption about another figure,
    or about a method the figure does not show, misstates what the reader sees. The slide keeps
    its caption, and the changes claimed on it but for its title's are dropped."""
    slides = list(revised.slides)
    undone: set[int] = set()
    for number, before, index in _matched(current, revised):
        after = slides[index]
        if after.caption == before.caption:
            continue
        why = caption_fault(after.caption, after, paper)
        if not why:
            continue
        slides[index] = after.model_copy(update={"caption": before.caption})
        undone.add(number)
        dropped = _slide_changes(changes, {number})
        _refuse(
            refused,
            "no_foreign_captions",
            number,
            f"the caption “{after.caption[:80]}” is refused: {why}",
            dropped,
        )
    return with_slides_given_back(revised, slides, changes, undone)


def no_worse_captions(
    paper: Paper,
    current: SlideDeck,
    revised: SlideDeck,
    changes: list[Change],
    issues: list[Issue],
    refused: Refusals | None = None,
) -> tuple[SlideDeck, list[Change]]:
    """`revised` without a caption revision that is worse than the caption it replaces
    (`caption_guard.worse_caption`: it drops the legend of the figure's labels, or the
    reviewer's caption rules flag it at the severity of the issue it answers or above). The
    slide keeps its caption, and the changes claimed on it but for its title's are dropped."""
    slides = list(revised.slides)
    undone: set[int] = set()
    for number, before, index in _matched(current, revised):
        after = slides[index]
        answered = caption_guard.answered_severity(number, changes, issues)
        why = caption_guard.worse_caption(number, before, after, revised, paper, answered)
        if not why:
            continue
        slides[index] = after.model_copy(update={"caption": before.caption})
        undone.add(number)
        _refuse(
            refused,
            "no_worse_captions",
            number,
            f"the caption “{after.caption[:80]}” is refused: {why}",
            _slide_changes(changes, {number}),
        )
    return with_slides_given_back(revised, slides, changes, undone)


# Issues that say a figure is not what the paper shows (no image, another figure, a second
# copy): leaving it out answers them, whatever their severity
ABOUT_ITSELF = re.compile(r"^(?:figure_missing|figure_mismatch|repeated_figures)$")
# Issues about how a figure is cut or laid out (an edge cut, foreign text in the crop, too
# small, faded): a re-crop or a slide of its own repairs them, so they never take a figure of
# the result off the deck, whatever their severity; such a finding stays open instead
# A crop showing body text or a region away from its caption is unclean (the issue's contract:
# no figure crop holds foreign text), and may go even when it shows the result; a crop cut at
# an edge or drawn small still shows the right region.
REPAIRABLE_FIGURE = re.compile(
    r"^(?:crop_(?!foreign_text$|off_caption$)|figure_(?!missing$|mismatch$))"
)


def _lead_sound(slide: Slide) -> bool:
    """Does the sentence leading into the slide's display read whole? A display kept with a
    lead a formula was cut out of ("… may be represented as where:") brings its defect back
    (seen on unseen papers): such a slide may go."""
    lead = slide.equation_lead or (slide.bullets[0] if slide.bullets else "")
    if lead in slide.bullets:
        return not shown_leads.bullet_defects(slide, slide.bullets.index(lead))
    return not shown_leads.lead_defects(lead, slide.equation)


# Deck-level findings whose repair only adds slides or bullets: never what removed a slide
DECK_ADDITIONS = frozenset(
    {
        "too_few_figures",
        "main_result_missing",
        "method_missing",
        "conclusions_missing",
        "result_unstated",
        "thin_deck",
    }
)


def _may_remove(issues: list[Issue], claimed: list[Change], equation: bool) -> bool:
    """May a change of `claimed` remove what it removed: it answers a high issue, or one about
    the display or figure itself? A figure of the result goes for no finding about its crop or
    layout (REPAIRABLE_FIGURE): the result would leave the deck with it."""
    for change in claimed:
        if not 0 <= change.issue < len(issues):
            continue
        issue = issues[change.issue]
        if not equation and REPAIRABLE_FIGURE.match(issue.type):
            continue
        if issue.severity == "high":
            return True
        if equation and (issue.evidence.get("where") == "equation" or "errors" in issue.evidence):
            return True
        if not equation and ABOUT_ITSELF.match(issue.type):
            return True
    return False


def no_thinning_removals(
    paper: Paper,
    current: SlideDeck,
    revised: SlideDeck,
    changes: list[Change],
    issues: list[Issue],
    refused: Refusals | None = None,
) -> tuple[SlideDeck, list[Change]]:
    """`revised` without the removal of a display equation, or of a figure that carries the
    paper's result, from the whole deck, unless the change answers a high issue or one about
    that display or figure itself (it is broken, not the paper's): a deck thinned of its
    formulas or its main figure for a slide found thin or crowded is worse, and a figure of the
    result whose crop is flagged is kept with the finding open (_may_remove). The slide that held it comes back
    as it was in `current` (in its place, if the revision removed it), and the changes claimed
    on it are dropped."""
    shown_equations = {s.equation for s in revised.slides if s.equation}
    shown_figures = set(revised.figures_used())
    results = set(main_points.result_figures(paper))
    matched = {number: index for number, _before, index in _matched(current, revised)}
    slides = list(revised.slides)
    restored: list[tuple[int, Slide]] = []  # (number in current, slide) to put back
    undone: set[int] = set()
    for number, before in enumerate(current.slides, start=1):
        claimed = [c for c in changes if c.slide == number]
        # a deck-level change (too many slides) may be what removed the slide; one that only
        # adds to the deck (a figure for too_few_figures) removed nothing, and answering it
        # licenses no other slide's removal (a derivation lost three displays to low
        # thin-slide findings in the round a figure was added)
        asked = [
            *claimed,
            *(c for c in changes if c.slide == 0 and c.type not in DECK_ADDITIONS),
        ]
        lost = ""
        if (
            before.equation
            and before.equation not in shown_equations
            and not _may_remove(issues, asked, equation=True)
            and _lead_sound(before)
        ):
            lost = "its display equation"
        figures = [paper.figure(f) for f in before.figures() if f not in shown_figures]
        carried = [f for f in figures if f and carries_result(f, paper, results)]
        if not lost and carried and not _may_remove(issues, asked, equation=False):
            lost = f"{carried[0].label}, which shows the paper's result"
        if not lost:
            continue
        undone.add(number)
        if number in matched:
            slides[matched[number]] = before
        else:
            restored.append((number, before))
        _refuse(
            refused,
            "no_thinning_removals",
            number,
            f"the revision took {lost} off the deck; no high issue asked for it",
            claimed,
        )
    if not undone:
        return revised, changes
    # a removed slide goes back after the revised slide of the last current slide before it
    for number, slide in sorted(restored, reverse=True):
        if len(slides) >= 40:
            break
        earlier = [matched[n] for n in matched if n < number]
        slides.insert(max(earlier) + 1 if earlier else len(slides), slide)
    revised = revised.model_copy(update={"slides": slides})
    # a slide given back loses what another fix merged into it (a thin display slide merged
    # into the slide before, that slide then given back): read the deck again until nothing
    # more is lost (a dev deck lost a display so, round 23)
    return no_thinning_removals(
        paper, current, revised, [c for c in changes if c.slide not in undone], issues, refused
    )
