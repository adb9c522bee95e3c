"""The builtin proposer's deck-level revision: near-identical figures in a row shown side by
side under a title they share, and a deck too short or too long brought to size with the
paper's figures and sections, in the paper's order."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from apps.decks import limits
from apps.decks.pipeline import (
    continued_titles,
    defects,
    figure_runs,
    headline,
    main_points,
    plotted_titles,
    retitle_worth,
    software_points,
    text,
    title_defects,
)
from apps.decks.pipeline.crops import crop_defective
from apps.decks.pipeline.figure_labels import same_labels
from apps.decks.pipeline.figure_room import legible_as_pair
from apps.decks.pipeline.file_notes import file_notes
from apps.decks.pipeline.issues import ACTION_LIMIT, Change, Issue
from apps.decks.pipeline.paper import Figure, Paper, Section
from apps.decks.pipeline.propose import count_slides
from apps.decks.pipeline.propose.captions import PANEL_LABEL, caption_text
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

if TYPE_CHECKING:
    from apps.decks.pipeline.propose.repair import Work


# A question as a heading (a FAQ's entries, "When are robust errors needed?"): its answer is
# the slide, however short.
QUESTION_HEADING = re.compile(r"\?\s*$")
MIN_SECTION_WORDS = 80
MIN_ANSWER_WORDS = 20


def substantial(section: Section) -> bool:
    """Does the section carry a slide of its own: enough text, or a question and its answer?"""
    if QUESTION_HEADING.search(section.title):
        return section.words >= MIN_ANSWER_WORDS
    return section.words >= MIN_SECTION_WORDS


def merge_repeated(
    deck: SlideDeck, paper: Paper, numbered: list[tuple[int, Issue]], changes: list[Change]
) -> set[int]:
    """Near-identical figures in a row become one slide that shows them side by side."""
    merged: set[int] = set()
    for position, issue in numbered:
        if issue.type != "repeated_figures":
            continue
        first, second = issue.evidence.get("slides", [0, 0])
        if first in merged or second in merged or not (1 <= first < second <= len(deck.slides)):
            continue
        a, b = deck.slides[first - 1], deck.slides[second - 1]
        title = common_title(
            a.title, b.title, _shared_section(paper, a, b), pair_label(paper, a.figure, b.figure)
        )
        if not title:
            continue  # no title says what both show: each keeps its slide (the finding stays)
        deck.slides[first - 1] = a.model_copy(
            update={
                "figure_pair": b.figure,
                "title": title,
                # a statement about each figure, under both
                "bullets": (a.bullets[:1] + b.bullets[:1])[:2],
                "layout": "figure-right",
            }
        )
        merged.add(second)
        changes.append(
            Change(
                issue=position,
                slide=second,
                type=issue.type,
                action=f"showed {a.figure} and {b.figure} side by side on slide {first}",
            )
        )
    return merged


def common_title(a: str, b: str, section: str = "", labels: str = "") -> str:
    """The title two figure slides shown side by side share: the words their titles open
    with, cut back to a head that stands when the two part inside a phrase ("Observed counts
    together with the fitted" → "Observed counts"); else the section both come from; else the
    first title; "" when none of these stands (two statements glued by "and" would be a
    run-on title). `labels` names the two figures ("Figures 6 and 7", pair_label) after it."""
    words_a, words_b = a.split(), b.split()
    common = []
    for x, y in zip(words_a, words_b, strict=False):
        if x.lower() != y.lower():
            break
        common.append(x)
    base = " ".join(common).rstrip(",;: ")
    if len(common) < min(len(words_a), len(words_b)):  # the titles part inside a phrase
        base = PHRASE_BREAK.split(base, maxsplit=1)[0]
    base = title_defects.DANGLING_END.sub("", base).strip(" ,;:")
    # the words both titles share, when they are a name ("Partition"), never the whole first
    # title: it would say the second figure shows what the first does
    if len(base.split()) < 2 and len(base) >= 4 and not title_defects.title_fragment(base):
        return _side_by_side(base, labels)
    if len(base.split()) < 2 or title_defects.title_fragment(base):
        # two figures that share no head: each named, never one's title over both, which
        # says the second shows the first; two that end alike name both before their shared
        # end ("Copy1.dsp and Freeverb.dsp benchmark"), others each whole ("Rms8 benchmark
        # and speedup ratio of the vector code")
        shared = _shared_end(words_a, words_b)
        if shared:
            return _side_by_side(shared, labels)
        both = _both_named(a, b)
        if both:
            return both
        if section and not title_defects.title_fragment(section):
            base = section
        elif _statement(a) or _statement(b) or len(f"{a} {b}".split()) > MAX_PAIR_WORDS:
            # two statements (or long captions) glued by "and" say two things in one run-on
            # title, cut at the title's length: the pair has no title, and is not made
            return ""
        else:
            base = f"{a} and {b}"
    return _side_by_side(base, labels)


def _side_by_side(base: str, labels: str = "") -> str:
    """The pair's title: the base's point, then the two figures it shows named ("The capillary:
    Figures 3 and 4"), or "compared" when they have no numbers; never the machinery's "side
    by side", and never one figure's title alone over two. A heading with a label before its
    colon ("Example: the Karplus-Strong algorithm") gives the part after it, never two
    colons."""
    tail = base.rsplit(": ", 1)[-1].strip()
    tail = tail[:1].upper() + tail[1:]
    if tail.lower() != base.lower() and len(tail.split()) >= 2:
        base = tail if not title_defects.title_fragment(tail) else base
    return (f"{base}: {labels}" if labels else f"{base} compared")[:120]


def pair_label(paper: Paper, a: str | None, b: str | None) -> str:
    """ "Figures 6 and 7", "Figure 3 and Table 2": the two numbered figures a pair shows, or ""
    when either has no number of the paper's (an uncaptioned plot)."""
    first, second = paper.figure(a or ""), paper.figure(b or "")
    if first is None or second is None or not (first.captioned and second.captioned):
        return ""
    parts = [f.label.split(" ", 1) for f in (first, second)]
    if any(len(p) != 2 for p in parts):
        return ""
    (kind_a, number_a), (kind_b, number_b) = parts
    if kind_a == kind_b:
        return f"{kind_a}s {number_a} and {number_b}"
    return f"{first.label} and {second.label}"


# two titles of more words than this, joined, are no title but two glued
MAX_PAIR_WORDS = 14


def _statement(title: str) -> bool:
    """Does the title say something (a verb) rather than name it?"""
    from apps.decks.pipeline import lost_text

    return bool(lost_text.AUXILIARY.search(title) or lost_text.BASE_VERB.search(title))


def _both_named(a: str, b: str) -> str:
    """ "A and b" for two short titles that are names (no verb, no pronoun), or ""."""

    a, b = title_defects.base_title(a), title_defects.base_title(b)
    named = [t for t in (a, b) if t and not _statement(t) and not title_defects.title_fragment(t)]
    if len(named) < 2 or a.lower() == b.lower() or len(f"{a} {b}".split()) > MAX_PAIR_WORDS:
        return ""
    second = b if b[1:2].isupper() or not b[:1].isupper() else b[:1].lower() + b[1:]
    return f"{a} and {second}"[:120]


def _shared_end(words_a: list[str], words_b: list[str]) -> str:
    """Two titles that differ in their first words and end alike ("Copy1.dsp benchmark",
    "Freeverb.dsp benchmark"): "Copy1.dsp and Freeverb.dsp benchmark", naming both; else ""."""
    shared = 0
    while (
        shared < min(len(words_a), len(words_b)) - 1
        and words_a[-1 - shared].lower() == words_b[-1 - shared].lower()
    ):
        shared += 1
    if not shared:
        return ""
    head_a, head_b = words_a[:-shared], words_b[:-shared]
    if len(head_a) + len(head_b) + shared > 10:
        return ""
    return f"{' '.join(head_a)} and {' '.join(head_b)} {' '.join(words_a[-shared:])}"


PHRASE_BREAK = re.compile(
    r"\s+(?:together|with|without|for|of|by|against|and|or|in|on|at|from|versus|vs\.?|under|"
    r"over|after|before|using|when|where)\b",
    re.I,
)


def _shared_section(paper: Paper, a: Slide, b: Slide) -> str:
    sections = {f.section for f in (paper.figure(s.figure or "") for s in (a, b)) if f}
    return sections.pop() if len(sections) == 1 else ""


# Findings on the deck's shape that the reviewer reports on the slide concerned (a reader sees
# them there) and the deck's level repairs, moving slides.
ON_THEIR_SLIDE = frozenset({"overview_late", "cover_author_tag", "cover_author_not_person"})


def deck_level_repair(
    work: Work, deck: SlideDeck, numbered: list[tuple[int, Issue]], changes: list[Change]
) -> SlideDeck:
    slides = list(deck.slides)
    deck_issues = [
        (i, issue)
        for i, issue in numbered
        if (issue.slide == 0 or issue.type in ON_THEIR_SLIDE) and issue.type != "repeated_figures"
    ]
    # what the slides say first, then which part they name, then how they are titled: each
    # fix works on the slides as the one before left them (numbers may have moved)
    # the main result leads once the deck states what the paper does and finds (thin_deck)
    order = {
        "thin_deck": 0,
        "bare_figure_run": 0.2,
        "headline_buried": 0.5,
        "title_mismatch": 1,
        "repeated_title": 3,
    }
    deck_issues.sort(key=lambda pair: order.get(pair[1].type, 2))
    structural = {
        "thin_deck": _fill_thin_deck,
        "bare_figure_run": _state_figure_runs,
        "title_mismatch": _match_titles,
        "out_of_order": _reorder,
        "overview_late": _overview_first,
        "bullet_order": _bullets_in_order,
        "headline_buried": _headline_first,
        "conclusions_missing": _conclusions_last,
        "main_result_missing": _results_shown,
        "method_missing": _method_shown,
        "result_unstated": _results_stated,
        "orphan_description": _terms_restored,
        "figure_reading_apart": _onto_figure_slides,
    }
    authors = list(deck.authors)
    for position, issue in deck_issues:
        if issue.type in ("cover_author_tag", "cover_author_not_person"):
            tags = set(issue.evidence.get("tags", []))
            if tags & set(authors):
                # no author line is better than a wrong one
                authors = [a for a in authors if a not in tags]
                action = f"left “{'”, “'.join(sorted(tags))}” off the cover's author line"
                changes.append(Change(issue=position, slide=1, type=issue.type, action=action))
            continue
        if issue.type == "thin_deck" and issue.evidence.get("missing"):
            # a deck of text that never says what the paper does or finds
            added = main_points.ensure(slides, work.paper, work.used)
            if added:
                action = f"stated the paper's {' and '.join(added)} in its own words"
                changes.append(Change(issue=position, slide=0, type=issue.type, action=action))
            continue
        if issue.type == "thin_deck" and issue.evidence.get("overview"):
            # a deck of steps and names: what the subject does, from the paper's start
            action = _overview_slide(work, slides, issue.evidence["overview"])
            if action:
                changes.append(Change(issue=position, slide=0, type=issue.type, action=action))
            continue
        if issue.type in structural:
            action = _within_limit(structural[issue.type](work, slides))
            if action:
                changes.append(
                    Change(issue=position, slide=issue.slide, type=issue.type, action=action)
                )
            continue
        if issue.type == "repeated_title":
            action = _retitle_runs(work, slides)
            if action:
                changes.append(Change(issue=position, slide=0, type=issue.type, action=action))
            continue
        if issue.type in ("too_few_figures", "slide_count") and len(slides) < limits.get_int(
            "max_slides"
        ):
            shown = {f for s in slides for f in s.figures()}
            ranked = sorted(
                work.paper.figures, key=lambda f: (f.kind != "figure", -len(f.mentions))
            )
            unshown = [f for f in ranked if f.id not in shown and not crop_defective(f)]
            # Figures and result tables first; a short paper's other tables (its parameters)
            # are better than a deck too short to present.
            candidates = [f for f in unshown if f.kind == "figure" or f.carries_results] + [
                f for f in unshown if f.kind == "table" and not f.carries_results
            ]
            wanted = max(
                limits.get_int("min_figures") - len(shown),
                limits.get_int("min_slides") - len(slides),
            )
            added = []
            for figure in candidates:
                if len(added) >= wanted:
                    break
                # where the paper has it, never at the end out of the paper's order
                index = figure_order_index(slides, figure, work.paper)
                slide = count_slides.admitted(
                    work.proposer.figure_slide(figure, work.used, paper=work.paper),
                    slides,
                    index,
                    work.paper,
                )
                if slide is None:
                    continue  # no sound title, or nothing said of what it shows: not added
                slides.insert(max(1, index), slide)
                added.append(figure.label)
            if issue.type == "slide_count":  # a short paper's sections, once figures ran out
                added += _add_text_slides(work, slides, limits.get_int("min_slides") - len(slides))
            if added:
                changes.append(
                    Change(
                        issue=position, slide=0, type=issue.type, action=f"added {', '.join(added)}"
                    )
                )
        if issue.type == "slide_count" and len(slides) > limits.get_int("max_slides"):
            removable = [
                i
                for i, s in enumerate(slides)
                if s.kind == "bullets" and s.role not in ("conclusion", "contributions")
            ]
            while len(slides) > limits.get_int("max_slides") and removable:
                slides.pop(removable.pop())
            changes.append(
                Change(issue=position, slide=0, type=issue.type, action="removed text slides")
            )
    return deck.model_copy(update={"slides": slides, "authors": authors})


def _add_text_slides(work: Work, slides: list[Slide], wanted: int) -> list[str]:
    """Slides for the longest sections that have none yet, placed before the conclusions; then
    second slides (other sentences) for long sections, placed after their first."""
    added: list[str] = []
    kinds = work.proposer.section_kinds(work.paper)
    for again in (False, True):
        for section in sorted(work.paper.sections, key=lambda s: -s.words):
            if len(added) >= wanted:
                return added
            if kinds[id(section)] == "skip":
                continue  # a table of contents, the acknowledgments, the authors' addresses
            names = _names(section)
            own = [i for i, s in enumerate(slides) if _base_title(s.title) in names]
            if bool(own) != again:
                continue
            short = section.words < (150 if again else 60)
            if short and (again or not substantial(section)):
                continue  # too short for a slide (a question's answer carries one)
            slide = work.proposer.text_slide_for(section, work.used)
            if slide is None or file_notes(section.title, slide.bullets):
                continue  # notes on which file holds what: no slide a listener takes away
            taken = {s.title for s in slides}
            index = 1 + max(own) if again else paper_order_index(slides, section, work.paper)
            title = continued_titles.titled(
                slide.title, taken, slides[max(1, index) - 1], slide, work.paper
            )
            if not title:
                continue  # another slide's title, which this one would not follow
            slide = count_slides.admitted(
                slide.model_copy(update={"title": title}), slides, index, work.paper
            )
            if slide is None:
                continue  # a faulted title, or too few sentences pass the reviewer's checks
            slides.insert(max(1, index), slide)
            added.append(f"a slide on {section.title}")
    return added


def paper_order_index(slides: list[Slide], section: Section, paper: Paper) -> int:
    """Where a slide on this section goes so that the deck keeps the paper's order: after the
    last slide on a section (or a figure of a section) that comes no later in the paper, and
    never after the conclusions."""
    order: dict[str, int] = {}
    for number, each in enumerate(paper.sections):
        for name in _names(each):
            order.setdefault(name, number)
    target = next((n for n, each in enumerate(paper.sections) if each is section), len(order))
    end = len(slides) - 1 if slides[-1].role == "conclusion" else len(slides)
    opening_end = next(
        (i for i, s in enumerate(slides) if s.role not in ("title", "motivation", "contributions")),
        end,
    )
    index = opening_end
    for number, slide in enumerate(slides[:end]):
        figure = paper.figure(slide.figure) if slide.figure else None
        home = order.get(_base_title(slide.title))
        if home is None and figure is not None:
            home = order.get(figure.section)
        if home is None and slide.equation:  # a display's slide, titled by what it states
            shown = next((e for e in paper.equations if e.tex == slide.equation), None)
            home = order.get(shown.section) if shown is not None else None
        if home is not None and home <= target:
            index = number + 1
    # never inside the opening: a slide on an early section ("Motivation: fastLm" names the
    # "Motivation" slide) would push what the paper does behind the work's details
    return max(min(index, end), min(opening_end, end))


def figure_order_index(slides: list[Slide], figure: Figure, paper: Paper) -> int:
    """Where a slide showing this figure goes so that the deck keeps the paper's order: after
    the slides on its section (paper_order_index), before a slide of the same section showing
    a figure the paper numbers later; before the conclusions when its section is unknown."""
    section = next((s for s in paper.sections if s.title == figure.section), None)
    if section is None:
        return len(slides) - 1 if slides[-1].role == "conclusion" else len(slides)
    index = paper_order_index(slides, section, paper)
    rank = {f.id: n for n, f in enumerate(paper.figures)}
    here = rank.get(figure.id, len(rank))

    def later_figure_of_its_section(slide: Slide) -> bool:
        shown = paper.figure(slide.figure) if slide.figure else None
        return (
            shown is not None and shown.section == figure.section and rank.get(shown.id, -1) > here
        )

    while index > 1 and later_figure_of_its_section(slides[index - 1]):
        index -= 1
    return index


# Slides that play a part of the storyline rather than stand on a section: never out of order.
STORYLINE_ROLES = ("title", "motivation", "contributions", "conclusion")


def slide_home(slide: Slide, paper: Paper, homes: dict[str, int | None]) -> int | None:
    """The position in the paper of the section a slide is on: the section its title names
    (None when that name is several sections' — "Description" under each routine), else its
    figure's section, else its display's section; None when none is known."""
    base = _base_title(slide.title)
    if base in homes:
        return homes[base]
    figure = paper.figure(slide.figure) if slide.figure else None
    if figure is not None:
        return homes.get(figure.section)
    if slide.equation:
        shown = next((e for e in paper.equations if e.tex == slide.equation), None)
        return homes.get(shown.section) if shown is not None else None
    return None


def section_homes(paper: Paper) -> dict[str, int | None]:
    """Each name a slide on a section may have → the section's position; None for a name more
    than one section has."""
    homes: dict[str, int | None] = {}
    for number, section in enumerate(paper.sections):
        for name in _names(section):
            homes[name] = None if name in homes and homes[name] != number else number
    return homes


def _place(slide: Slide, paper: Paper, homes: dict[str, int | None]) -> tuple | None:
    """Where in the paper a slide stands, to compare slides by: its part, then (a figure) its
    kind and number — Table 3 before Table 4 of one part; None when its part is unknown."""
    home = slide_home(slide, paper, homes)
    if home is None:
        return None
    figure = paper.figure(slide.figure) if slide.figure else None
    return (home, figure.kind, figure.number) if figure is not None else (home,)


def _later(place: tuple, other: tuple) -> bool:
    """`other` stands later in the paper than `place`: a later part, or a figure of the same
    part and kind the paper numbers later."""
    if other[0] != place[0]:
        return other[0] > place[0]
    return len(place) == len(other) == 3 and place[1] == other[1] and other[2] > place[2]


def out_of_order(slides: list[Slide], paper: Paper) -> list[int]:
    """The slides (0-based) placed after a slide on a later part of the paper, or after a
    figure of their part the paper numbers later: "Materials and Methods (continued)" after
    the result tables, Table 1 after Table 4's section, Table 4 before Table 3. The
    storyline's slides (motivation, contributions, conclusions) stand where the story needs
    them."""
    homes = section_homes(paper)
    seen: list[tuple] = []
    found = []
    for index, slide in enumerate(slides):
        if slide.role in STORYLINE_ROLES or slide.kind == "title" or slide.figure_pair:
            continue
        place = _place(slide, paper, homes)
        if place is None:
            continue
        if any(_later(place, other) for other in seen):
            found.append(index)
        seen.append(place)
    return found


OPENING_ROLES = ("title", "motivation")
WORK_ROLES = ("method", "result", "discussion")


def late_overview(slides: list[Slide]) -> int | None:
    """The slide saying what the paper does (0-based) when slides of the work's details stand
    between it and the opening (cover, motivation): a reader meets the details before learning
    what they are for. None when it opens the deck or there is none."""
    overview = next((i for i, s in enumerate(slides) if s.role == "contributions"), None)
    if overview is None:
        return None
    before = [s for s in slides[:overview] if s.role not in OPENING_ROLES]
    return overview if any(s.role in WORK_ROLES or s.kind == "figure" for s in before) else None


def _overview_first(work: Work, slides: list[Slide]) -> str:
    """The slide saying what the paper does moved to right after the opening (late_overview)."""
    late = late_overview(slides)
    if late is None:
        return ""
    slide = slides.pop(late)
    at = next((i for i, s in enumerate(slides) if s.role not in OPENING_ROLES), len(slides))
    slides.insert(at, slide)
    return f"moved “{slide.title}” from slide {late + 1} to slide {at + 1}, before the details"


def _reorder(work: Work, slides: list[Slide]) -> str:
    """Each slide placed after a later part of the paper moved to its part's place: before the
    first slide that stands later in the paper (out_of_order): a "(continued)" slide right
    after its heading's slides, Table 1 before the section of Table 4, Table 3 before Table 4."""
    homes = section_homes(work.paper)
    moved = []
    for _ in range(len(slides)):
        late = out_of_order(slides, work.paper)
        if not late:
            break
        slide = slides.pop(late[0])
        place = _place(slide, work.paper, homes)
        index = next(
            (
                i
                for i, other in enumerate(slides[: late[0]])
                if other.role not in STORYLINE_ROLES
                and other.kind != "title"
                and not other.figure_pair
                and (there := _place(other, work.paper, homes)) is not None
                and _later(place, there)
            ),
            late[0],
        )
        slides.insert(index, slide)
        if index == late[0]:
            break  # no earlier place for it (cannot happen while it is out of order)
        moved.append(f"moved “{slide.title[:60]}” to slide {index + 1}, its part's place")
    return "; ".join(moved)


def _bullets_in_order(work: Work, slides: list[Slide]) -> str:
    """Each bullet placed after one its paragraph says later moved before it (bullet_order)."""
    from apps.decks.pipeline import paper_order

    return "; ".join(paper_order.move_misplaced(slides, work.paper))


def _headline_first(work: Work, slides: list[Slide]) -> str:
    """The paper's main result made the opening slide's first bullet (headline_buried)."""
    return headline.lead_with(slides, work.paper, work.used)


def _conclusions_last(work: Work, slides: list[Slide]) -> str:
    """The deck ends on the paper's conclusions (conclusions_missing)."""
    from apps.decks.pipeline import closing_slide

    return closing_slide.close_with_conclusions(slides, work.paper, work.used)


def _results_shown(work: Work, slides: list[Slide]) -> str:
    """The paper's results table or figure and its measured findings brought onto the deck
    (main_result_missing)."""
    from apps.decks.pipeline import main_results

    return main_results.bring_in(work, slides)


def _method_shown(work: Work, slides: list[Slide]) -> str:
    """A slide of each method part of the paper no slide shows (method_missing)."""
    from apps.decks.pipeline import method_coverage

    return method_coverage.bring_in(work, slides)


def _results_stated(work: Work, slides: list[Slide]) -> str:
    """Under each result figure shown mute, what the paper says it shows (result_unstated)."""
    from apps.decks.pipeline import main_results

    return main_results.state(slides, work.paper, work.used)


def _within_limit(action: str) -> str:
    """A deck-level action of several moves ("moved “…” before “…”; moved …") said within the
    limit of a change's action: the moves that fit, and how many more there were. (Change
    itself shortens any longer account at a word; this says the count of what it leaves.)"""
    if len(action) <= ACTION_LIMIT:
        return action
    parts = action.split("; ")
    for count in range(len(parts) - 1, 0, -1):
        said = f"{'; '.join(parts[:count])}; and {len(parts) - count} more"
        if len(said) <= ACTION_LIMIT:
            return said
    return action


def _terms_restored(work: Work, slides: list[Slide]) -> str:
    """Each description shown without its term gets the term back in front of it, as the
    paper has it (orphan_description)."""
    from apps.decks.pipeline import orphan_terms

    terms = orphan_terms.described_terms(work.paper)
    restored = []
    for index, slide in enumerate(slides):
        bullets = list(slide.bullets)
        for position, bullet in enumerate(bullets):
            term = orphan_terms.orphan_term(bullet, terms)
            if term is not None:
                bullets[position] = orphan_terms.with_term(bullet, term)
                restored.append(term)
        if bullets != slide.bullets:
            slides[index] = slide.model_copy(update={"bullets": bullets})
    return (
        f"named {', '.join(restored)} before {'its' if len(restored) == 1 else 'their'} description"
        if restored
        else ""
    )


def _onto_figure_slides(work: Work, slides: list[Slide]) -> str:
    """Each bullet reading a figure on the next or previous slide moved onto the figure's
    slide (figure_reading_apart)."""
    from apps.decks.pipeline import figure_reading

    return "; ".join(figure_reading.move_to_figures(slides, work.paper))


def _names(section: Section) -> set[str]:
    """The titles a slide on this section may have: its heading, or the heading's head when
    the heading was cut ("… approach to lin-" → "… approach")."""
    return {section.title, title_defects.title_head(section.title) or section.title}


def _base_title(title: str) -> str:
    return title.removesuffix(" (continued)")


# ------------------------------------------------------------------ deck structure and titles


def _fill_thin_deck(work: Work, slides: list[Slide]) -> str:
    """A deck of figures with hardly any text: each bare figure slide states what its caption
    says beyond the line shown under it, and the paper's own sentences get a slide when the
    deck has none of them."""
    filled = 0
    for index, slide in enumerate(slides):
        figure = work.paper.figure(slide.figure) if slide.figure else None
        if slide.kind != "figure" or slide.bullets or figure is None:
            continue
        pair = work.paper.figure(slide.figure_pair) if slide.figure_pair else None
        if pair is None:
            statements = caption_statements(figure, shown=slide.caption, used=work.used)
        else:  # a statement about each of the figures compared
            statements = caption_statements(figure, slide.caption, work.used, count=1)
            statements += caption_statements(pair, caption_text(pair), work.used, count=1)
        if statements:
            slides[index] = slide.model_copy(update={"bullets": statements})
            work.used.update(b.lower() for b in statements)
            filled += 1
    added = ""
    if not any(s.kind == "bullets" for s in slides):
        prose = Section(
            title="Overview",
            paragraphs=[
                work.paper.abstract,
                *(p for s in work.paper.sections for p in s.paragraphs),
            ],
        )
        overview = work.proposer.text_slide_for(prose, work.used)
        if overview is not None:
            slides.insert(1, overview.model_copy(update={"role": "contributions"}))
            added = "; added an overview of the paper's sentences"
    if not filled and not added:
        return ""
    return f"stated the captions of {filled} figure slides{added}"


def _state_figure_runs(work: Work, slides: list[Slide]) -> str:
    """A run of figure slides with captions only: each states what the paper says its figure
    shows."""
    stated = figure_runs.state_runs(slides, work.paper, work.used)
    return f"stated what {stated} figures of a run of bare figure slides show" if stated else ""


def _overview_slide(work: Work, slides: list[Slide], statements: list[str]) -> str:
    """A slide after the opening one stating what the paper's subject is, does and achieves
    (the reviewer's statements of the paper's start that no bullet shows yet)."""
    fresh = [b for b in statements if b.lower() not in work.used]
    if not fresh:
        return ""
    names = sorted(software_points.names(work.paper))
    named = next(
        (word for b in fresh for word in re.findall(r"[\w.+-]+", b) if word.lower() in names),
        "",
    )
    title = f"What {named} does" if named else main_points.OPENING_TITLE
    at = next(
        (i for i, s in enumerate(slides) if s.role not in ("title", "motivation")), len(slides)
    )
    slides.insert(
        max(1, at),
        Slide(kind="bullets", title=title, bullets=fresh, role="contributions"),
    )
    work.used.update(b.lower() for b in fresh)
    return f"stated what the paper's subject does ({len(fresh)} sentences of its start)"


def caption_statements(figure, shown: str, used: set[str], count: int = 2) -> list[str]:
    """The statements of a figure's caption that the slide does not show already (its first
    sentence is the caption line), each as a bullet that stands on its own."""
    from apps.decks.pipeline.propose import bullets

    shown_key = text.clean(shown).lower()
    statements: list[str] = []
    for sentence in text.sentences(PANEL_LABEL.sub("", figure.caption))[1:]:
        cleaned = text.clean(sentence).rstrip(" .")
        if not cleaned or cleaned.lower() in shown_key or cleaned.lower() in used:
            continue
        bullet = bullets.rewrite(cleaned)
        if bullet and not defects.text_defects(bullet):
            statements.append(bullet)
        if len(statements) == count:
            break
    return statements


def _match_titles(work: Work, slides: list[Slide]) -> str:
    """A title naming a part the bullets do not come from: the bullets of that part kept when
    there are two; else the slide titled after the one section its bullets come from; else
    the slide removed (its bullets are not what its title says)."""
    sources = title_defects.BulletSources(work.paper)
    actions = []
    for index in range(len(slides) - 1, -1, -1):
        slide = slides[index]
        found = title_defects.title_mismatch(slide, work.paper, sources)
        if found is None:
            continue
        claimed, _ = found
        origins = [sources.source(b) for b in slide.bullets]
        strays = title_defects.stray_bullets(slide, work.paper, sources)
        if strays and len(strays) * 2 <= len(slide.bullets):
            # the slide is mostly its title's: titled with the heading that holds every
            # bullet's part, else the strays go (a conclusion's to the closing slide)
            home = title_defects.enclosing_home(slide, work.paper, sources)
            before = slides[index - 1] if index else None
            taken = {s.title for s in slides}
            title = home and continued_titles.titled(home, taken, before, slide, work.paper)
            if home and title == home:  # "… (continued)" says less than the term it replaces
                slides[index] = slide.model_copy(update={"title": title})
                actions.append(f"retitled “{slide.title}” as “{title}”, which holds its bullets")
                continue
            slides[index] = slide.model_copy(
                update={"bullets": [b for i, b in enumerate(slide.bullets) if i not in strays]}
            )
            closing = set(title_defects.closing_sections(work.paper))
            moved = [slide.bullets[i] for i in strays if origins[i] in closing]
            target = _closing_slide(slides, index, work.paper, len(moved)) if moved else None
            where = ""
            if target is not None:
                last = slides[target]
                added = [b for b in moved if b not in last.bullets]
                slides[target] = last.model_copy(update={"bullets": last.bullets + added})
                where = f", the conclusions' to “{last.title}”"
            actions.append(f"took the bullets of other parts off “{slide.title}”{where}")
            continue
        kept = [b for b, o in zip(slide.bullets, origins, strict=True) if o in claimed]
        named = [o for o in origins if o is not None]
        home = max(set(named), key=named.count) if named else None
        if len(kept) >= 2:
            slides[index] = slide.model_copy(update={"bullets": kept})
            actions.append(f"kept the bullets of “{slide.title}” that come from it")
        elif home and home != sources.ABSTRACT and named.count(home) * 2 > len(named):
            taken = {s.title for s in slides}
            before = slides[index - 1] if index else None
            title = continued_titles.titled(home, taken, before, slide, work.paper)
            if title:
                slides[index] = slide.model_copy(update={"title": title})
                actions.append(
                    f"retitled “{slide.title}” as “{title}”, where its bullets come from"
                )
                continue
        # no title of its own: a slide of the paper's sentences goes only when another slide
        # says what it says — the only slide introducing the paper's subject went so (set
        # 19); else it keeps its heading and the finding stays open. Bullets of no section of
        # the paper's body (the abstract's, under a "Conclusions" the paper never draws) go
        body = [o for o in named if o != sources.ABSTRACT]
        if not (body and _says_alone(slide, slides, index)):
            slides.pop(index)
            actions.append(f"removed “{slide.title}”: its bullets are not from that part")
    return "; ".join(reversed(actions))


MOVED_BULLETS_ROOM = 5  # a closing slide that takes moved bullets stays within a text slide's


def _closing_slide(slides: list[Slide], index: int, paper: Paper, needed: int) -> int | None:
    """Another text slide titled with the paper's closing part, with room for `needed` more
    bullets."""
    closing = set(title_defects.closing_sections(paper))
    for other, slide in enumerate(slides):
        claimed = title_defects.claimed_sections(slide.title, paper) or []
        if (
            other != index
            and slide.kind == "bullets"
            and closing & set(claimed)
            and len(slide.bullets) + needed <= MOVED_BULLETS_ROOM
        ):
            return other
    return None


def _says_alone(slide: Slide, slides: list[Slide], index: int) -> bool:
    """Does the slide at `index` hold a bullet no other slide of `slides` says?"""
    from apps.decks.pipeline.revision_repeats import same_point

    others = [b for i, s in enumerate(slides) if i != index for b in s.bullets]
    return any(not any(same_point(b, o) for o in others) for b in slide.bullets)


def _comparable(paper: Paper, before: Slide, slide: Slide) -> bool:
    """Two figures that may be shown side by side: not two that label what they show
    differently (figure_labels.same_labels), nor two that half a slide each would draw as
    thumbnails under the pair's title, captions and line (figure_room.legible_as_pair)."""
    first, second = paper.figure(before.figure or ""), paper.figure(slide.figure or "")
    if first is None or second is None:
        return True
    return same_labels(first, second) is not False and legible_as_pair(
        first,
        second,
        caption=before.caption,
        title=before.title,
        takeaway=" ".join(before.bullets[:1]),
    )


def _retitle_runs(work: Work, slides: list[Slide]) -> str:
    """Slides in a row under one heading: each after the first titled with its own point (its
    figure's caption, what its bullets are about); else a figure slide shown beside the figure
    slide before it; else a second one keeps "(continued)" and any later one goes."""
    actions = []
    for run in reversed(title_defects.repeated_title_runs(slides)):
        base = title_defects.base_title(slides[run[0]].title)
        taken = {s.title for s in slides}
        kept_before = run[0]
        own_titled: set[int] = set()
        continued = False
        removed: list[int] = []
        for index in run[1:]:
            slide = slides[index]
            if repeats_slide(slide, slides[kept_before]):
                # a copy of the slide before (a count fix made it from the same passage):
                # another title would hide the repeat, not answer it
                removed.append(index)
                actions.append(f"removed slide {index + 1}, which repeats slide {kept_before + 1}")
                continue
            own = _own_title(slide, work.paper, taken, base)
            if own:
                taken.add(own)
                slides[index] = slide.model_copy(update={"title": own})
                actions.append(f"retitled slide {index + 1} “{own}”")
                own_titled.add(index)
                kept_before = index
                continue
            before = slides[kept_before]
            pairable = (
                slide.kind == "figure"
                and slide.figure
                and before.kind == "figure"
                and not before.figure_pair
                and before.figure != slide.figure  # the parts of one figure stay apart
                and _comparable(work.paper, before, slide)
            )
            # beside a figure that has a title of its own only when "(continued)" is taken
            if pairable and (kept_before not in own_titled or continued):
                # the run's first slide keeps the heading; a later one says it compares (and
                # no longer reads "(continued)", which a later slide may then take)
                labels = pair_label(work.paper, before.figure, slide.figure)
                title = (
                    before.title
                    if kept_before == run[0]
                    else common_title(base, base, base, labels)
                )
                continued = continued and before.title != f"{base} (continued)"
                slides[kept_before] = before.model_copy(
                    update={
                        "figure_pair": slide.figure,
                        "bullets": before.bullets[:1],
                        "title": title,
                    }
                )
                removed.append(index)
                actions.append(f"showed {slide.figure} beside {before.figure}")
                continue
            if (
                slide.kind == before.kind == "bullets"
                and not slide.equation
                and len(before.bullets) + len(slide.bullets) <= MERGED_BULLETS
            ):  # two short text slides of one part read as one
                slides[kept_before] = before.model_copy(
                    update={"bullets": before.bullets + slide.bullets}
                )
                removed.append(index)
                actions.append(f"merged slide {index + 1} into slide {kept_before + 1}")
                continue
            if not continued:
                continued = True
                slides[index] = slide.model_copy(update={"title": f"{base} (continued)"})
                kept_before = index
                continue
            removed.append(index)
            actions.append(f"removed slide {index + 1}, a further slide under “{base}”")
        for index in sorted(removed, reverse=True):
            slides.pop(index)
    return "; ".join(reversed(actions))


MERGED_BULLETS = 5


def _own_title(slide: Slide, paper: Paper, taken: set[str], base: str) -> str:
    """A title for the slide from its own content, or ""."""
    from apps.decks.pipeline.propose.captions import figure_title

    figure = paper.figure(slide.figure) if slide.figure else None
    candidates = []
    if figure is not None and figure.captioned:
        candidates += [figure_title(figure, words=w) for w in (8, 12)]
    elif figure is not None:
        # a plot the paper gives no caption: what the sentence leading into it says it shows
        candidates.append(plotted_titles.plotted_title(figure.caption))
    # the paper's heading of the part the bullets come from, when it is not the run's
    sources = title_defects.BulletSources(paper)
    homes = [h for h in (sources.source(b) for b in slide.bullets) if h]
    headings = [h for h in dict.fromkeys(homes) if h != sources.ABSTRACT]
    candidates += headings[:1]
    # what the bullets are about — a noun phrase, never a bullet's first words ("Deux des",
    # "Below"): a subject that ends on a word of the paper's grammar is cut before its noun
    common = grammar_words(paper)
    for bullet in slide.bullets[:2]:
        subject = title_defects.subject_title(bullet)
        if subject and not retitle_worth.shortfalls(subject, slide, paper):
            spoken = text.words(subject)
            if spoken and spoken[0] not in common and spoken[-1] not in common:
                candidates.append(subject)
    for candidate in candidates:
        candidate = candidate.strip()
        if (
            len(candidate.split()) >= 2
            and candidate not in taken
            and title_defects.base_title(candidate) != base
            and not title_defects.title_fragment(candidate)
            and not title_defects.title_text_defects(candidate)
        ):
            return candidate[:120]
    return ""


# The paper's most frequent words are its language's grammar (articles, prepositions,
# conjunctions: "the", "of", "des", "und"), whatever the language; short ones only (a frequent
# long word is the paper's subject, "model", "network").
GRAMMAR_RANK = 25
GRAMMAR_LETTERS = 4


def grammar_words(paper: Paper) -> set[str]:
    """The short words the paper uses most: what a title never ends on."""
    counted: dict[str, int] = {}
    for section in paper.sections:
        for paragraph in section.paragraphs:
            for word in text.words(paragraph):
                counted[word] = counted.get(word, 0) + 1
    ranked = sorted(counted, key=lambda w: -counted[w])[:GRAMMAR_RANK]
    return {w for w in ranked if len(w) <= GRAMMAR_LETTERS and w.isalpha()}


def repeats_slide(slide: Slide, before: Slide) -> bool:
    """Does the text slide make, for half of its bullets or more, the claims of `before`?"""
    if slide.kind != "bullets" or not slide.bullets or slide.code or slide.equation:
        return False
    shared = sum(
        1
        for bullet in slide.bullets
        if any(bullet.strip() == b.strip() or text.same_claim(bullet, b) for b in before.bullets)
    )
    return 2 * shared >= len(slide.bullets)
