"""Rules on the whole deck (slide 0): its length, the figures it shows, near-identical figures
shown one after another where one slide comparing them would do, one heading over a run of
slides, titles that claim a part of the paper the bullets do not come from, a deck of
figures with hardly any text, and a run of figure slides with their captions only."""

from __future__ import annotations

import functools
import math
from pathlib import Path

from PIL import Image, ImageChops, ImageFilter, ImageOps, ImageStat

from apps.decks import limits
from apps.decks.pipeline import (
    closing_slide,
    example_outcomes,
    example_parts,
    figure_runs,
    future_work,
    headline,
    main_points,
    method_coverage,
    orphan_terms,
    paper_order,
    purpose_slide,
    stating_bullets,
    text,
    title_defects,
)
from apps.decks.pipeline.figure_labels import same_labels
from apps.decks.pipeline.figure_room import legible_as_pair
from apps.decks.pipeline.issues import Issue
from apps.decks.pipeline.propose import deck_level
from apps.decks.pipeline.review.registry import DeckContext, deck_rule


def fewest_slides(paper) -> int:
    """A short paper makes a short deck: the title, a slide per substantial section and per
    figure worth showing, and the closing one, up to the usual minimum."""
    sections = sum(1 for s in paper.sections if s.words >= 80)
    figures = sum(1 for f in paper.figures if f.kind == "figure" or f.carries_results)
    return max(4, min(limits.get_int("min_slides"), 2 + sections + figures))


@deck_rule
def slide_count(c: DeckContext):
    count = len(c.deck.slides)
    # two near-identical figures compared on one slide are one slide's worth of content
    pairs = sum(1 for s in c.deck.slides if s.figure_pair)
    low, high = max(4, fewest_slides(c.paper) - pairs), limits.get_int("max_slides")
    if not low <= count <= high:
        yield Issue(
            slide=0,
            type="slide_count",
            severity="medium",
            message=f"the deck has {count} slides (between {low} and {high} expected)",
            suggestion="merge slides"
            if count > high
            else "give the main sections their own slides",
            evidence={"slides": count},
        )


@deck_rule
def unreadable_text(c: DeckContext):
    """The PDF's text layer lost glyphs ingestion could not read back (Paper.text_layer): the
    sentences holding them were left out, so the deck is missing what they said — it says so
    rather than pass as whole. No fix: the words are not in the PDF's text."""
    for note in c.paper.text_layer:
        yield Issue(
            slide=0,
            type="unreadable_text",
            severity="high",
            message=f"part of the paper's text could not be read: {note}",
            suggestion="check the deck against the paper; its PDF's text layer is damaged",
            evidence={"text_layer": note},
        )


@deck_rule
def too_few_figures(c: DeckContext):
    available = [f for f in c.paper.figures if f.kind == "figure" or f.carries_results]
    wanted = min(limits.get_int("min_figures"), len(available))
    used = [f for f in c.deck.figures_used() if c.paper.figure(f) is not None]
    if len(used) < wanted:
        yield Issue(
            slide=0,
            type="too_few_figures",
            severity="high",
            message=f"the deck shows {len(used)} of the paper's figures (at least {wanted})",
            suggestion="give the main result figures their own slides",
            evidence={"used": used, "available": [f.id for f in available]},
        )


# Each round reviews the same figure crops again, and each pair of neighbours reads both crops
# three ways: a crop is decoded once and kept as the small greyscale reductions the comparisons
# use, per file version (path, modification time and size).
COMPARE_SIDE = 64


@functools.lru_cache(maxsize=512)
def _reductions(path: str, version: tuple[int, int]) -> tuple[float, Image.Image, Image.Image]:
    with Image.open(path) as opened:
        grey = opened.convert("L")
    aspect = grey.width / max(1, grey.height)
    small = grey.resize((COMPARE_SIDE, COMPARE_SIDE), Image.Resampling.BOX)
    inverted = ImageOps.invert(grey).resize((STRUCTURE_SIDE, STRUCTURE_SIDE), Image.Resampling.BOX)
    return aspect, small, inverted


def _reduced(path: Path) -> tuple[float, Image.Image, Image.Image]:
    """(aspect, greyscale at COMPARE_SIDE², inverted greyscale at STRUCTURE_SIDE²) of a crop."""
    stat = path.stat()
    return _reductions(str(path), (stat.st_mtime_ns, stat.st_size))


def _ink_mask(path: Path) -> Image.Image:
    """The crop's ink (darker than paper) at COMPARE_SIDE²."""
    return _reduced(path)[1].point(lambda v: 255 if v < 225 else 0)


def figure_difference(a: Path, b: Path) -> float:
    """How unlike two figures look: 1 − the overlap (intersection over union) of their ink,
    both reduced to 64×64. Plots on a white page differ little pixel by pixel; what they draw,
    and where, tells them apart."""
    masks = [_ink_mask(path) for path in (a, b)]
    union = ImageStat.Stat(ImageChops.lighter(*masks)).sum[0]
    shared = ImageStat.Stat(ImageChops.darker(*masks)).sum[0]
    return 1.0 - (shared / union if union else 1.0)


# Two figures of one design (two trees, one plot for each data set) differ in what they draw
# but not in how their ink is laid out: the same shape, about as much ink, and the same
# structure once both are reduced to a blurred 32×32 map of ink.
STRUCTURE_SIDE = 32
STRUCTURE_MIN_CORRELATION = 0.6
ASPECT_MAX_LOG_RATIO = 0.1
INK_MAX_RATIO = 1.3


def _ink_map(path: Path) -> tuple[float, float, list[int]]:
    """(aspect, share of ink, blurred ink map) of a figure crop."""
    aspect, _, small = _reduced(path)
    values = list(small.filter(ImageFilter.GaussianBlur(1)).tobytes())
    return aspect, sum(values) / (255 * len(values)), values


def _correlation(x: list[int], y: list[int]) -> float:
    mean_x, mean_y = sum(x) / len(x), sum(y) / len(y)
    spread_x = math.sqrt(sum((v - mean_x) ** 2 for v in x))
    spread_y = math.sqrt(sum((v - mean_y) ** 2 for v in y))
    if not spread_x or not spread_y:
        return 0.0
    return sum((a - mean_x) * (b - mean_y) for a, b in zip(x, y, strict=True)) / (
        spread_x * spread_y
    )


def same_design(a: Path, b: Path) -> float | None:
    """The structural likeness (correlation of the blurred ink maps) of two figures of the same
    shape and ink, or None when their shape or their amount of ink already tells them apart."""
    aspect_a, ink_a, map_a = _ink_map(a)
    aspect_b, ink_b, map_b = _ink_map(b)
    if abs(math.log(aspect_a / aspect_b)) > ASPECT_MAX_LOG_RATIO:
        return None
    if max(ink_a, ink_b) > INK_MAX_RATIO * max(1e-6, min(ink_a, ink_b)):
        return None
    return _correlation(map_a, map_b)


# Two plots of one frame (the same axes, ticks and labels) can draw different things: two
# functions, two curves of unlike shape. What they share is their frame; what each draws apart
# from it must look alike too (a line rising through much the same place) before one slide
# comparing them would do.
DRAWN_MIN_CORRELATION = 0.45


def drawn_likeness(a: Path, b: Path) -> float:
    """How alike what two figures draw apart from the ink they share (frame, axes, ticks): the
    correlation of the blurred maps of each figure's own ink. Two noisy lines rising through
    the same region score high; a decaying curve and a parabola in one frame score low."""
    mask_a, mask_b = _ink_mask(a), _ink_mask(b)
    shared = ImageChops.darker(mask_a, mask_b).filter(ImageFilter.MaxFilter(3))
    own = [
        list(ImageChops.subtract(mask, shared).filter(ImageFilter.GaussianBlur(3)).tobytes())
        for mask in (mask_a, mask_b)
    ]
    return _correlation(*own)


# Below this share of its ink drawn apart from the other's, a figure draws nothing of its own:
# the two are one picture (the same line, a pixel or two apart), and `drawn_likeness`, which
# compares what each draws apart, has nothing to compare.
DRAWN_APART_MIN = 0.05


def drawn_apart(a: Path, b: Path) -> float:
    """The larger share of either figure's ink that the other does not draw near it."""
    mask_a, mask_b = _ink_mask(a), _ink_mask(b)
    shared = ImageChops.darker(mask_a, mask_b).filter(ImageFilter.MaxFilter(3))
    shares = []
    for mask in (mask_a, mask_b):
        ink = sum(1 for v in mask.tobytes() if v)
        own = sum(1 for v in ImageChops.subtract(mask, shared).tobytes() if v)
        shares.append(own / max(1, ink))
    return max(shares)


def similar_captions(a: str, b: str) -> bool:
    wa = set(text.words(a)) - text.STOPWORDS
    wb = set(text.words(b)) - text.STOPWORDS
    return bool(wa and wb) and len(wa & wb) / len(wa | wb) >= 0.6


@deck_rule
def repeated_figures(c: DeckContext):
    """Figure slides in a row whose figures look alike (or say alike): one slide comparing
    them would do."""
    singles = [
        (n, s) for n, s in enumerate(c.deck.slides, start=1) if s.kind == "figure" and s.figure
    ]
    for (n1, s1), (n2, s2) in zip(singles, singles[1:], strict=False):
        if n2 - n1 > 2 or s1.figure_pair or s2.figure_pair:
            continue
        if s1.figure == s2.figure:
            continue  # the parts of one figure, a slide each on purpose (Slide.panel)
        f1, f2 = c.paper.figure(s1.figure), c.paper.figure(s2.figure)
        if f1 is None or f2 is None or f1.kind != f2.kind:
            continue
        difference = structure = drawn = None
        if c.figures_dir is not None and (c.figures_dir / f1.image).exists():
            image_1, image_2 = c.figures_dir / f1.image, c.figures_dir / f2.image
            difference = figure_difference(image_1, image_2)
            structure = same_design(image_1, image_2)
            drawn = drawn_likeness(image_1, image_2)
        # one frame is not one figure: beyond the shared ink, what each draws must look alike
        draws_alike = (
            drawn is None
            or drawn >= DRAWN_MIN_CORRELATION
            or drawn_apart(image_1, image_2) < DRAWN_APART_MIN
        )
        # a small pixel difference is no likeness either when what each draws differs: two
        # thin curves in one large frame differ in few pixels (set 19: two different plots
        # squeezed side by side until their labels could not be read)
        looks_alike = draws_alike and (
            (difference is not None and difference < limits.get("repeated_figure_max_diff"))
            or (structure is not None and structure >= STRUCTURE_MIN_CORRELATION)
        )
        alike = looks_alike or (
            similar_captions(f1.caption, f2.caption)
            and draws_alike
            and (difference is None or difference < 2 * limits.get("repeated_figure_max_diff"))
        )
        # plots of one design that label their axes differently show different measures (a
        # benchmark's throughput per option, the speedup per test): not one comparison
        if alike and same_labels(f1, f2) is False:
            continue
        # shown side by side they would be thumbnails: a slide each is the better way
        if alike and not legible_as_pair(
            f1,
            f2,
            caption=s1.caption,
            title=s1.title,
            takeaway=" ".join((s1.bullets[:1] + s2.bullets[:1])[:2]),
        ):
            continue
        if alike:
            yield Issue(
                slide=n2,
                type="repeated_figures",
                severity="medium",
                message=f"slides {n1} and {n2} show near-identical figures ({f1.label}, {f2.label})",
                suggestion="show them side by side on one slide that compares them",
                evidence={
                    "slides": [n1, n2],
                    "figures": [f1.id, f2.id],
                    "difference": None if difference is None else round(difference, 3),
                    "structure": None if structure is None else round(structure, 3),
                    "drawn": None if drawn is None else round(drawn, 3),
                },
            )


@deck_rule
def repeated_title(c: DeckContext):
    """One heading over a run of slides ("Taxonomic Levels" four times): each slide should say
    its own point. A heading and its "(continued)" once are fine."""
    for run in title_defects.repeated_title_runs(c.deck.slides):
        numbers = [n + 1 for n in run]
        title = title_defects.base_title(c.deck.slides[run[0]].title)
        yield Issue(
            slide=0,
            type="repeated_title",
            severity="medium",
            message=f"slides {numbers[0]}–{numbers[-1]} share the title “{title[:60]}”",
            suggestion="title each slide with its own point, or merge the slides",
            evidence={"slides": numbers, "title": title},
        )


@deck_rule
def title_mismatch(c: DeckContext):
    """A title that names a part of the paper ("Conclusions", a section's heading) over bullets
    that come from elsewhere: the audience reads them as that part's."""
    sources = title_defects.BulletSources(c.paper)
    for number, slide in enumerate(c.deck.slides, start=1):
        found = title_defects.title_mismatch(slide, c.paper, sources)
        if found is None:
            continue
        claimed, origins = found
        yield Issue(
            slide=0,
            type="title_mismatch",
            severity="medium",
            message=f"slide {number} is titled “{slide.title[:60]}” but its bullets come from "
            f"{', '.join(sorted(set(origins)))[:120]}",
            suggestion="title the slide after the part its bullets come from, or keep only "
            "bullets of the part it names",
            evidence={
                "slides": [number],
                "title": slide.title,
                "claimed": claimed,
                "sources": origins,
            },
        )


@deck_rule
def out_of_order(c: DeckContext):
    """Slides in an order the paper does not have: a method's slide after the results it
    leads to, a table after the section of a later one (deck_level.out_of_order)."""
    late = deck_level.out_of_order(c.deck.slides, c.paper)
    if not late:
        return
    numbers = [n + 1 for n in late]
    yield Issue(
        slide=0,
        type="out_of_order",
        severity="medium",
        message=f"slide{'s' if len(numbers) > 1 else ''} {', '.join(map(str, numbers))} "
        f"come{'' if len(numbers) > 1 else 's'} after slides on a later part of the paper",
        suggestion="move each slide to its part's place in the paper's order",
        evidence={"slides": numbers, "titles": [c.deck.slides[n].title for n in late]},
    )


@deck_rule
def overview_late(c: DeckContext):
    """The slide saying what the paper does placed after slides of the work's details (its
    implementation, its figures): the overview opens the deck, after the motivation
    (deck_level.late_overview). Reported on the overview's slide; the deck's level moves it."""
    late = deck_level.late_overview(list(c.deck.slides))
    if late is None:
        return
    slide = c.deck.slides[late]
    yield Issue(
        slide=late + 1,
        type="overview_late",
        severity="medium",
        message=f"“{slide.title}” is slide {late + 1}, after slides of the work's details",
        suggestion="move the overview to right after the cover and the motivation",
        evidence={"slides": [late + 1], "title": slide.title},
    )


@deck_rule
def purpose_unstated(c: DeckContext):
    """The slide saying what the paper does ("What this paper does") showing details of the
    paper's body — what a function does, which files a user edits — or no sentence stating a
    purpose while the paper has one (purpose_slide.py). Reported on that slide."""
    sources = title_defects.BulletSources(c.paper)
    for number, slide in enumerate(c.deck.slides, start=1):
        found = purpose_slide.unstated(slide, c.paper, sources)
        if found is None:
            continue
        # a statement another slide already shows is not missing from the deck
        shown = [b for other in c.deck.slides if other is not slide for b in other.bullets]
        unshown = [s for s in found.statements if not any(text.similar(s, b) for b in shown)]
        if not found.details and not unshown:
            continue
        said = []
        if found.details:
            parts = ", ".join(dict.fromkeys(f"“{section[:40]}”" for _, section in found.details))
            said.append(f"{len(found.details)} bullet(s) are details of {parts}")
        if not found.has_purpose and found.statements:
            said.append("no bullet says what the paper does, though the paper states it")
        yield Issue(
            slide=number,
            type="purpose_unstated",
            severity="medium",
            message=f"“{slide.title[:60]}” does not say what the paper does: " + "; ".join(said),
            suggestion="show the paper's own statement of what it does (its abstract's or "
            "introduction's “we present …”) in place of the details",
            evidence={
                "slides": [number],
                "text": (found.details[0][0] if found.details else slide.title)[:200],
                "details": [bullet[:200] for bullet, _ in found.details],
                "statement": found.statements[0][:200] if found.statements else "",
            },
        )


@deck_rule
def bullet_order(c: DeckContext):
    """A bullet placed after one its own paragraph of the paper says later, on one slide or
    across a part's "(continued)" slides: the detail before the sentence saying what it is
    about, a consequence before its rule (paper_order.misplaced)."""
    found = paper_order.misplaced(c.deck.slides, c.paper)
    if not found:
        return
    numbers = sorted({index + 1 for index, _, _ in found})
    yield Issue(
        slide=0,
        type="bullet_order",
        severity="medium",
        message=f"{len(found)} bullet{'s' if len(found) > 1 else ''} placed after what the "
        "paper's same paragraph says later",
        suggestion="move each bullet before the later sentence of its paragraph",
        evidence={
            "slides": numbers,
            "bullets": [bullet for _, bullet, _ in found],
            "before": [later for _, _, later in found],
        },
    )


@deck_rule
def headline_buried(c: DeckContext):
    """The abstract states a main result (a measure with its comparison, "we prove that …")
    and the deck's first content slides do not, or its opening slide gives it after the method
    and context: a reader meets what was found last, or never (headline.py)."""
    found = headline.buried(list(c.deck.slides), c.paper)
    if found is None:
        return
    statement, where = found
    opening = headline.opening_index(list(c.deck.slides))
    if where is None:
        place = "on no slide"
    elif opening is not None and where == opening + 1:
        place = f"after the method and context on slide {where}"
    else:
        place = f"only on slide {where}, not on the first slides"
    yield Issue(
        slide=0,
        type="headline_buried",
        severity="medium",
        message=f"the paper's main result is stated {place}: “{text.clipped(statement.bullet, 120)}”",
        suggestion="open the slide saying what the paper does with its main result",
        evidence={"statement": statement.bullet, "slide": where},
    )


@deck_rule
def method_missing(c: DeckContext):
    """A part of the paper it spends its pages on doing its work — a top-level section holding
    an eighth of the body's words or more, named when the paper sums itself up — that no
    slide shows anything of (method_coverage.py): the deck presents the paper without how it
    is done."""
    left = method_coverage.missing(c.deck, c.paper)
    if not left:
        return
    named = ", ".join(f"“{p.title[:50]}” ({round(100 * p.share)} % of the text)" for p in left)
    yield Issue(
        slide=0,
        type="method_missing",
        severity="medium",
        message=f"the paper's method reaches no slide: {named}",
        suggestion="make a slide of the part's own statements, in the paper's order",
        evidence={"parts": [p.title for p in left], "shares": [round(p.share, 3) for p in left]},
    )


@deck_rule
def main_result_missing(c: DeckContext):
    """The paper presents results — results tables, figures its results text discusses,
    values its evaluation measured — and the deck shows none of them, or leaves out the table
    its abstract or conclusions name as the result (main_results.py): the reader sees the
    method and never what it gave."""
    from apps.decks.pipeline import main_results

    found = main_results.missing(c.deck, c.paper)
    if found is None:
        return
    objects = [f.label for f in found.objects]
    values = sorted({v for f in found.findings for v in f.values})
    said = ", ".join(objects[:3]) if objects else ""
    if values:
        said += ("; " if said else "") + "the measured values " + ", ".join(values[:4])
    yield Issue(
        slide=0,
        type="main_result_missing",
        severity="low" if found.shown else "medium",
        message=f"the paper's measured findings reach no slide, only its plots ({said})"
        if found.shown
        else f"the paper's results reach no slide ({said})",
        suggestion="show the results table or figure, and state the measured findings in the "
        "paper's words",
        evidence={
            "objects": [f.id for f in found.objects],
            "findings": [f.bullet for f in found.findings if f.bullet],
            "values": values,
        },
    )


@deck_rule
def result_unstated(c: DeckContext):
    """A slide showing a table or figure of the paper's results over its caption and nothing
    else, while the paper's text says what it shows: the finding is in the speaker notes only
    (main_results.unstated; a run of three or more such slides is bare_figure_run's)."""
    from apps.decks.pipeline import main_results

    said = main_results.unstated(list(c.deck.slides), c.paper, set())
    if not said:
        return
    numbers = [i + 1 for i in sorted(said)]
    yield Issue(
        slide=0,
        type="result_unstated",
        severity="medium",
        message=f"slide{'s' if len(numbers) > 1 else ''} {', '.join(map(str, numbers))} "
        "show the paper's results with the caption only; the paper says what they show",
        suggestion="state under each what the paper says it shows",
        evidence={
            "slides": numbers,
            "statements": {str(i + 1): s for i, s in sorted(said.items())},
        },
    )


@deck_rule
def conclusions_missing(c: DeckContext):
    """The paper has conclusions and the deck ends on a slide that neither carries them nor
    states a result (a mechanism slide after a retitled or moved "Conclusions" slide): a
    reader never meets what the paper concludes (closing_slide.py)."""
    last = closing_slide.ends_without_conclusions(list(c.deck.slides), c.paper)
    if last is None:
        return
    yield Issue(
        slide=0,
        type="conclusions_missing",
        severity="medium",
        message=f"the deck ends on “{c.deck.slides[last].title[:80]}” (slide {last + 1}), "
        "not on the paper's conclusions",
        suggestion="end the deck with the slide of the paper's conclusions",
        evidence={"slide": last + 1},
    )


@deck_rule
def plan_as_done(c: DeckContext):
    """A bullet cut from the paper's plan ("Future developments will include tools for …",
    an item of its "Future work" list) that no longer says it is one, on a slide whose title
    does not either: among the conclusions it reads as done — a wrong statement about the
    work (future_work.py). Reported on its slide, one finding per bullet."""
    for number, slide in enumerate(c.deck.slides, start=1):
        for plan in future_work.unmarked_plans(slide, c.paper):
            said = {
                "wording": "the paper states it as a plan",
                "section": f"it comes from the paper's “{plan.section[:60]}”",
                "list": "it is an item of a list the paper announces as a plan",
            }[plan.why]
            yield Issue(
                slide=number,
                type="plan_as_done",
                severity="high",
                message=f"“{text.shorten(plan.bullet, 14, ellipsis=True)}” reads as done, but "
                f"{said}: “{text.shorten(plan.sentence, 24, ellipsis=True)}”",
                suggestion="say that it is a plan (the paper's sentence whole, or “Future "
                "work:”), or show it on a slide of the paper's outlook",
                evidence={
                    "text": plan.bullet[:200],
                    "sentence": plan.sentence[:400],
                    "why": plan.why,
                    "section": plan.section[:120],
                },
            )


@deck_rule
def example_outcome_missing(c: DeckContext):
    """A worked example shown without what it gave: a slide shows its setup (a sentence of its
    section from just before) and no slide states the paper's sentence of its outcome ("For
    this comparison, we have $p = 0.68$") — example_outcomes.py. Reported on the setup's slide."""
    for found in example_outcomes.missing(list(c.deck.slides), c.paper):
        slide = c.deck.slides[found.slide]
        yield Issue(
            slide=found.slide + 1,
            type="example_outcome_missing",
            severity="medium",
            message=f"“{slide.title[:60]}” shows the example of “{found.outcome.section[:60]}” "
            f"but not what it gave: “{text.shorten(found.outcome.sentence, 24, ellipsis=True)}”",
            suggestion="state the example's outcome under its setup",
            evidence={"sentence": found.outcome.sentence[:400], "section": found.outcome.section},
        )


@deck_rule
def examples_mixed(c: DeckContext):
    """A slide whose bullets come from two examples of one section (the next example's data
    under this one's), or all from a later example under the heading that names the first:
    a reader takes the other example's statements for this one's (example_parts.py). Reported
    on its slide."""
    for number, slide in enumerate(c.deck.slides, start=1):
        found = example_parts.mixed(slide, c.paper)
        if found is None:
            continue
        others = found.others or list(found.examples)
        quoted = "; ".join(f"“{text.shorten(b, 10, ellipsis=True)}”" for b in others[:3])
        heading = found.section.title[:60]
        where = (
            f"its bullets come from two examples of “{heading}”"
            if found.others
            else f"all its bullets come from a later example of “{heading}” than the one its "
            "title names"
        )
        yield Issue(
            slide=number,
            type="examples_mixed",
            severity="high",
            message=f"{where}: {quoted}",
            suggestion="show one example per slide: leave the other example's bullets out, "
            "or title the slide by the example they come from",
            evidence={"others": [b[:200] for b in others], "section": heading},
        )


@deck_rule
def orphan_description(c: DeckContext):
    """A bullet that is a manual's description without the term the paper gives it ("Writes
    the table to stream f" for "`write_table(t, f)`: Writes the table to stream f"): what it
    describes, and what its argument names are, is lost (orphan_terms.py)."""
    terms = orphan_terms.described_terms(c.paper)
    if not terms:
        return
    found = [
        (index, bullet, term)
        for index, slide in enumerate(c.deck.slides)
        for bullet in slide.bullets
        if (term := orphan_terms.orphan_term(bullet, terms)) is not None
    ]
    if not found:
        return
    yield Issue(
        slide=0,
        type="orphan_description",
        severity="medium",
        message=f"{len(found)} bullet{'s' if len(found) > 1 else ''} describing a function or "
        "option the slide does not name",
        suggestion="put the term the paper describes in front of its description",
        evidence={
            "slides": sorted({index + 1 for index, _, _ in found}),
            "bullets": [bullet for _, bullet, _ in found],
            "terms": [term for _, _, term in found],
        },
    )


THIN_DECK_MAX_BULLETS = 6


def _mostly_bare(slides) -> bool:
    """More than half of the slides show a figure and no text, and there is hardly any text."""
    content = [s for s in slides if s.kind != "title"]
    bare = [s for s in content if s.kind == "figure" and not s.bullets and not s.equation]
    bullets = sum(len(s.bullets) for s in content)
    return bool(content) and len(bare) * 2 > len(content) and bullets < THIN_DECK_MAX_BULLETS


@deck_rule
def bare_figure_run(c: DeckContext):
    """Three or more figure slides in a row with their captions only (a deck ending on a
    gallery of plots) while the paper says what their figures show. A deck mostly of bare
    figures is thin_deck's."""
    slides = list(c.deck.slides)
    if _mostly_bare(slides):
        return
    said = figure_runs.unstated(slides, c.paper, set())
    if not said:
        return  # the paper says no more about them: nothing to state
    run_slides = [i + 1 for run in figure_runs.runs(slides) for i in run]
    yield Issue(
        slide=0,
        type="bare_figure_run",
        severity="medium",
        message=f"slides {run_slides[0]}–{run_slides[-1]} show figures in a row with their "
        "captions only; the paper says what they show",
        suggestion="state on each what the paper says its figure shows",
        evidence={
            "slides": run_slides,
            "statements": {str(i + 1): s for i, s in sorted(said.items())},
        },
    )


@deck_rule
def thin_deck(c: DeckContext):
    """A deck of figures with hardly any text (a paper made of diagrams): most slides carry
    no bullet, so nothing is said about what they show."""
    content = [s for s in c.deck.slides if s.kind != "title"]
    bare = [
        n
        for n, s in enumerate(c.deck.slides, start=1)
        if s.kind == "figure" and not s.bullets and not s.equation
    ]
    bullets = sum(len(s.bullets) for s in content)
    if _mostly_bare(list(c.deck.slides)):
        yield Issue(
            slide=0,
            type="thin_deck",
            severity="medium",
            message=f"{len(bare)} of {len(content)} slides show a figure and no text "
            f"({bullets} bullets in all)",
            suggestion="state what each figure shows (its caption's statements) and use the "
            "paper's sentences",
            evidence={"slides": bare, "bullets": bullets},
        )
        return
    # a deck of text may be thin too: it never says what the paper does or what it finds
    lacking = main_points.missing(list(c.deck.slides), c.paper)
    if lacking:
        parts = " and ".join(
            {"method": "what the paper does", "result": "what it finds"}[s.part] for s in lacking
        )
        yield Issue(
            slide=0,
            type="thin_deck",
            severity="medium",
            message=f"no slide says {parts}, which the paper states: "
            + "; ".join(f"“{s.bullet[:80]}”" for s in lacking),
            suggestion="state the paper's method and main result in its own words",
            evidence={
                "missing": [s.part for s in lacking],
                "statements": [s.bullet for s in lacking],
            },
        )
        return
    # a deck of steps, commands, option names and paths (a manual-like guide) passes the text
    # checks bullet by bullet and never says what the tool does or achieves
    shown = [b for s in content for b in s.bullets]
    stating = stating_bullets.stating_count(shown)
    # few statements among bullets mostly of steps and names (a short deck of statements, or
    # of fragments, is another finding's)
    steps = sum(stating_bullets.step_or_name(b) for b in shown)
    if stating >= stating_bullets.MIN_STATING or steps * 2 < len(shown):
        return
    overview = stating_bullets.overview_statements(c.paper, shown)
    if overview:
        yield Issue(
            slide=0,
            type="thin_deck",
            severity="medium",
            message=f"{stating} of {len(shown)} bullets state anything (the rest are steps, "
            "commands, option or file names): no slide says what the paper's subject does",
            suggestion="state what it does and achieves, in the sentences of its introduction "
            "or overview",
            evidence={"stating": stating, "overview": overview},
        )
