"""What the paper presents as its results, and whether the deck shows any of it.

Decks of unseen papers left the main result out: the results table on no slide, the results
section's slides made of its set-up sentences, the numbers the paper found nowhere. Each of
the other checks reads the slides the deck has; this one reads the paper's evaluation and asks
whether any of it reached a slide (`main_result_missing`).

What the paper presents as its results (`paper_results`), read from the paper, not from words
a deck uses:
- its results tables and figures (`result_objects`): one the abstract or conclusions name, or
  a sentence of finding cites (main_points.result_figures); a table of numbers set in the
  paper's evaluation (result_losses.in_results_part); a figure there that the results text
  discusses with a finding (a sentence citing it states one);
- its measured findings (`result_sentences`): a sentence of the evaluation, the abstract or
  the conclusions that states a finding (main_points.states_finding) and gives a measured
  value — a decimal or a percentage — in the paper's own voice (no citation), as a bullet.

The deck shows a result when a slide shows its table or figure, or a bullet or caption gives
the measured values of its sentence. The fix (`bring_in`) adds what is missing within the
deck's size: the table (or figure) on a slide of its own in the paper's order, its finding
under it, and the measured findings on the results part's text slide — a slide that states
nothing of the paper's results giving way when the deck is at its size.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from apps.decks.pipeline import antecedents, main_points, text
from apps.decks.pipeline.paper import Figure, Paper
from apps.decks.pipeline.paper_memo import per_paper
from apps.decks.pipeline.result_losses import _RESULT_NUMBER, _number_key, in_results_part
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

# a measured value is a finding's only when the sentence is the paper's own: a value another
# study reported ("… reached 92% [4]", "Smith et al. (2019) found …") is background
CITED = re.compile(r"\[\d+(?:[,–-]\s*\d+)*\]|\bet\s+al\b|\(\w[^()]*\b(?:19|20)\d\d\)")
# values that are the set-up, not the result: a section or equation number, a version
# ("(5.1)" alone in brackets is a section's number)
SET_UP_NUMBER = re.compile(
    r"\b(?:section|sec\.|§|eq\.|equation|chapter|table|figure|fig\.|version|v)\s*\d+\.\d+|"
    r"\(\d+\.\d+\)|\bp\s*[<>=]\s*0?\.\d+",
    re.I,
)
# the machine and the software the work ran on: "Xeon @2.6 GHz, 128GB RAM", "Linux 19.10",
# "MacOS 10.5" (a decimal right after a capitalised name is a version)
MACHINE_NUMBER = re.compile(
    r"\d+(?:\.\d+)?\s?(?:[GMKT]i?B|[GMK]Hz)\b|\b[A-Z][\w!/-]*\s+\d+\.\d+(?![\d%])"
)
MIN_SENTENCE_WORDS = 6  # a heading's number read as a sentence ("2.1.") is none
RESULT_SENTENCES = 3  # the measured findings a deck that shows none gets, at most
# a deck that shows the results' figures and none of the values the paper found is reported
# when the paper states this many findings in so many words: one may be a side remark
STATED_FINDINGS = 2


@dataclass(frozen=True)
class Finding:
    """A sentence of the paper stating a measured result, as a bullet, with its values."""

    bullet: str
    section: str
    values: frozenset[str]
    states: bool = False  # says what it found in so many words (main_points.states_finding)


# a factor is a measured value too: "a 3.9x speedup", "2.5× faster", "speedups of 2x to 20x"
FACTOR = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s?(?:x|×|\\times)(?![\w])")


def _values(sentence: str) -> frozenset[str]:
    flat = MACHINE_NUMBER.sub(" ", SET_UP_NUMBER.sub(" ", sentence))
    factors = {f"{n}x" for n in FACTOR.findall(flat)}
    flat = FACTOR.sub(" ", flat)
    return frozenset({_number_key(n) for n in _RESULT_NUMBER.findall(flat)} | factors)


# what the evaluation was run on, not what it gave: "Datasets used for comparison", "The used
# data sets and their sizes are listed in Table 2", "Parameters of the runs", "Examples of
# frames from the evaluated sequences" (a plot "vs. the name of the data set" is a result)
SET_UP_OBJECT = re.compile(
    r"\bused\b|\bparameters\b|\bsettings\b|\bconfigurations?\b|"
    r"\bhardware\b|\bexamples?\s+of\b|\bnotation\b",
    re.I,
)
# a plot of a measured quantity by its unit: "Runtime of DBSCAN in milliseconds (y-axis) vs. …",
# "Throughput (MB/s)", "Error in percent"
MEASURED = re.compile(
    r"\bin\s+(?:milli|micro|nano)?seconds\b|\bin\s+(?:ms|percent|mm|dB)\b|"
    r"\((?:ms|s|sec|%|mm|cm|m/s|MB/s|GB/s|dB|Hz|kHz|ops/s)\)",
    re.I,
)


def _set_up(figure: Figure) -> bool:
    """Does the table or figure show what the evaluation was run on (its data, parameters)?"""
    return any(
        SET_UP_OBJECT.search(t) for t in [figure.caption, *(m.text for m in figure.mentions)]
    )


def result_objects(paper: Paper) -> list[Figure]:
    """The paper's tables and figures of results, the plainest first: those its abstract,
    conclusions or a sentence of finding name, then the tables of numbers set in its
    evaluation, the figures there that its results text discusses with a finding, and the
    plots there of a measured quantity (its unit in the caption); never one showing what the
    evaluation was run on (its data sets, its parameters)."""
    named = main_points.result_figures(paper)
    by_key = {(f.kind, f.number): f for f in paper.figures}
    chosen = [by_key[k] for k in named if k in by_key]
    evaluated = [
        f for f in paper.figures if f.mentions and in_results_part(f, paper) and not _set_up(f)
    ]
    chosen += [f for f in evaluated if f.kind == "table" and f.carries_results]
    chosen += [
        f
        for f in evaluated
        if f.kind == "figure" and any(main_points.states_finding(m.text) for m in f.mentions)
    ]
    chosen += [f for f in evaluated if f.kind == "figure" and MEASURED.search(f.caption)]
    return list({f.id: f for f in chosen}.values())  # once each, where first chosen


def _evaluation_paragraphs(paper: Paper) -> list[tuple[str, list[str]]]:
    """(section title, paragraphs) of the paper's evaluation: the sections titled as results
    and those under them."""
    from apps.decks.pipeline.propose.builtin import RESULTS

    found = []
    top = ""
    for section in paper.sections:
        if section.level <= 1:
            top = section.title
        if RESULTS.search(section.title) or RESULTS.search(top):
            found.append((section.title, section.paragraphs))
    return found


def _set_up_values(paper: Paper, evaluation: set[str]) -> set[str]:
    """The values the paper's other sections state (its introduction, data and method; not the
    abstract or conclusions, which restate results): values chosen or given before the work
    was measured ("a 30% solution", "0.5 mg per larva") are no finding where the results
    repeat them."""
    closing = {s.title for s in main_points.conclusions(paper)}
    values: set[str] = set()
    for section in paper.sections:
        if section.title not in evaluation and section.title not in closing:
            values.update(v for p in section.paragraphs for v in _values(p))
    return values


def _as_bullet(sentence: str, previous: str, measured: frozenset[str]) -> str | None:
    """The sentence, else its shorter statement, as a bullet that keeps every measured value
    (a result cut before its value is no result)."""
    for candidate in (sentence, *main_points.shorter(sentence)):
        bullet = main_points.statement_bullet(candidate, previous)
        if bullet is not None and measured <= _values(bullet):
            return bullet
    return None


@per_paper
def result_sentences(paper: Paper) -> list[Finding]:
    """The paper's measured findings, in the paper's order: each sentence of the evaluation in
    the paper's own voice that gives a value no other part of the paper states before it (it
    was measured, not chosen: a decimal or a percentage); then the abstract's and the conclusions' findings with their values
    (main_points.result_statements) not said already. `bullet` is "" for a finding that reads
    as no bullet (too long, and no shorter clause keeps its values): it is still a result
    the deck should show."""
    evaluation = _evaluation_paragraphs(paper)
    set_up = _set_up_values(paper, {title for title, _ in evaluation})
    found: list[Finding] = []
    for title, paragraphs in evaluation:
        for paragraph in paragraphs:
            previous = ""
            for sentence in text.sentences(paragraph):
                measured = _values(sentence) - set_up
                if (
                    measured
                    and text.word_count(sentence) >= MIN_SENTENCE_WORDS
                    and not CITED.search(sentence)
                ):
                    bullet = _as_bullet(sentence, previous, frozenset(measured)) or ""
                    states = main_points.states_finding(sentence)
                    found.append(Finding(bullet, title, frozenset(measured), states))
                previous = sentence
    for statement in main_points.result_statements(paper):
        values = _values(statement.bullet)
        if values and not any(values <= f.values or f.values <= values for f in found):
            found.append(Finding(statement.bullet, statement.origin, values, True))
    return found


def shows(deck_texts: list[str], finding: Finding) -> bool:
    """Does one text of the deck (a bullet, a caption) give the finding's measured values?"""
    return any(finding.values <= _values(t) for t in deck_texts)


def _texts(slides: list[Slide]) -> list[str]:
    return [t for s in slides for t in (s.caption, *s.bullets) if t]


@dataclass
class Missing:
    """What of the paper's results the deck leaves out: its results tables and figures, and its
    measured findings, when the deck shows none of them (or no results table of a paper whose
    abstract or conclusions name one, or none of the findings the paper states in words)."""

    objects: list[Figure]
    findings: list[Finding]
    shown: bool = False  # the deck shows results tables or figures, no finding in words


def missing(deck: SlideDeck, paper: Paper) -> Missing | None:
    """The paper's results the deck leaves out, or None when it shows them. Reported when the
    paper presents results and the deck shows none of them — no results table or figure, no
    measured finding — or leaves out the table or figure its abstract or conclusions name as
    the result while showing no other table of results."""
    objects = result_objects(paper)
    findings = result_sentences(paper)
    if not objects and not findings:
        return None
    used = set(deck.figures_used())
    texts = _texts(list(deck.slides))
    shown_objects = [f for f in objects if f.id in used]
    shown_findings = [f for f in findings if shows(texts, f)]
    if not shown_objects and not shown_findings:
        return Missing(objects, findings)
    stated = [f for f in findings if f.states and f.bullet]
    if not shown_findings and len(stated) >= STATED_FINDINGS:
        # its figures are shown, and not one of the values the paper says it measured: the
        # reader sees the plots and never hears what was found — though the plots may say
        # it (low: reported, the deck's slides not changed for it)
        return Missing([], stated, shown=True)
    named = {(k, n) for k, n in main_points.result_figures(paper)}
    tables = [f for f in objects if f.kind == "table"]
    main_table = next((f for f in tables if (f.kind, f.number) in named), None)
    if main_table is not None and not any(t.id in used for t in tables):
        return Missing([main_table], [])
    return None


# ------------------------------------------------------------------------- the fix


def _room_taker(slides: list[Slide], paper: Paper, keep: set[str]) -> int | None:
    """The slide that gives way when the deck is at its size: a figure slide of no result
    without text of its own, else the text slide of the paper's method with the fewest words
    that states no main point; never the cover, the opening, the close, a display or a slide
    of results (`keep`: figure ids of the paper's results)."""
    from apps.decks.pipeline import story_slides

    def stated(slide: Slide) -> bool:
        return bool(main_points.stating(list(slide.bullets), paper))

    bare = [
        i
        for i, s in enumerate(slides)
        if s.kind == "figure" and not s.bullets and not (set(s.figures()) & keep)
    ]
    if bare:
        return bare[-1]
    text_slides = [
        i
        for i, s in enumerate(slides)
        if s.kind == "bullets"
        and s.role == "method"
        and not s.equation
        and not s.code
        and not story_slides.holds_story(s, why=True)
        and not stated(s)
    ]
    if not text_slides:
        return None
    return min(text_slides, key=lambda i: sum(text.word_count(b) for b in slides[i].bullets))


def _made_room(slides: list[Slide], paper: Paper, keep: set[str]) -> str:
    """Room for one slide more: "" when the deck is under its size, else the slide that went
    for it (" in place of “…”"), or "!" when no slide may go."""
    from apps.decks.pipeline.propose.builtin import TARGET_SLIDES

    if len(slides) < TARGET_SLIDES:
        return ""
    index = _room_taker(slides, paper, keep)
    if index is None:
        return "!"
    gone = slides.pop(index)
    return f" in place of “{text.clipped(gone.title, 60)}”"


def _text_slide_of(slides: list[Slide], section: str) -> int | None:
    """The text slide made of the finding's section, with room for a bullet."""
    from apps.decks.pipeline.propose.builtin import TEXT_BULLETS

    for index, slide in enumerate(slides):
        base = slide.title.removesuffix(" (continued)")
        if (
            slide.kind == "bullets"
            and base == section
            and len(slide.bullets) < TEXT_BULLETS
            and not slide.equation
            and not slide.code
        ):
            return index
    return None


def bring_in(work, slides: list[Slide]) -> str:
    """The paper's results onto the deck (main_result_missing), within its size: the plainest
    results table or figure whose crop is clean on a slide of its own in the paper's order,
    with the sentence stating its finding under it; then the measured findings no slide gives
    (those that say what was found first, at most RESULT_SENTENCES) on the text slide of their
    section, else on a slide of their own before the close. When the deck is at its size a slide
    that states nothing of the paper's results gives way. Changes `slides` in place; returns
    what it did ("" when nothing)."""
    from apps.decks.pipeline.crops import crop_defective
    from apps.decks.pipeline.propose.builtin import TEXT_BULLETS, _before_conclusion, _position_for
    from apps.decks.pipeline.title_defects import unused_title

    paper = work.paper
    deck = SlideDeck(title=paper.title, slides=list(slides))
    found = missing(deck, paper)
    if found is None or found.shown:
        return ""  # (a deck that shows the results' plots keeps its slides: low, reported)
    keep = {f.id for f in result_objects(paper)}
    done: list[str] = []
    figure = next((f for f in found.objects if not crop_defective(f)), None)
    if figure is not None:
        room = _made_room(slides, paper, keep)
        if room != "!":
            titles = {s.title for s in slides}
            slide = work.proposer.figure_slide(figure, work.used, titles, work.paper)
            slides.insert(_position_for(slides, figure, paper), slide)
            done.append(f"showed {figure.label}, the paper's results,{room}".rstrip(","))
    texts = _texts(slides)
    context = antecedents.paper_context(paper)
    wanted = [
        f
        for f in sorted(found.findings, key=lambda f: not f.states)
        if f.bullet
        and not shows(texts, f)
        and f.bullet.lower() not in work.used
        # a finding that leans on the sentence before it ("they are less than 20% slower")
        # would lose its subject on the slide
        and antecedents.dangling(f.bullet, texts, context) is None
    ][:RESULT_SENTENCES]
    homeless: list[Finding] = []
    for finding in wanted:
        at = _text_slide_of(slides, finding.section)
        if at is None:
            homeless.append(finding)
            continue
        slide = slides[at]
        slides[at] = slide.model_copy(update={"bullets": [*slide.bullets, finding.bullet]})
        work.used.add(finding.bullet.lower())
        done.append(f"stated “{text.clipped(finding.bullet, 60)}” on “{slide.title[:40]}”")
    if homeless:
        room = _made_room(slides, paper, keep)
        if room != "!":
            section = homeless[0].section
            title = unused_title(
                section if section != "abstract" else "Results", {s.title for s in slides}
            )
            bullets = [f.bullet for f in homeless][:TEXT_BULLETS]
            slides.insert(
                _before_conclusion(slides),
                Slide(kind="bullets", title=title[:120], bullets=bullets, role="result"),
            )
            work.used.update(b.lower() for b in bullets)
            done.append(f"a slide of the paper's measured findings, “{title[:40]}”{room}")
    return "; ".join(done)


# ------------------------------------------------------- a result's figure shown mute


def unstated(slides: list[Slide], paper: Paper, used: set[str]) -> dict[int, str]:
    """For each figure slide of a result (a table or figure of `result_objects`) that shows
    it over its caption and nothing else, outside a run of such slides (bare_figure_run's),
    the sentence of the paper's text stating what it shows (figure_runs.statement, a sentence
    citing it with a finding; not its caption's further sentences): the finding was only in the
    speaker notes. Slides whose figure the paper says no more about, or whose
    small print a line under it would make unreadable, are left out."""
    from apps.decks.pipeline import figure_room, figure_runs

    in_runs = {i for run in figure_runs.runs(slides) for i in run}
    results = {f.id for f in result_objects(paper)}
    shown = used | {b.lower() for s in slides for b in s.bullets}
    found: dict[int, str] = {}
    for index, slide in enumerate(slides):
        if index in in_runs or not figure_runs.bare(slide) or slide.figure_pair:
            continue
        figure = paper.figure(slide.figure) if slide.figure in results else None
        if figure is None or figure_room.line_spoils_labels(figure):
            continue
        said = figure_runs.statement(figure, slide.caption, shown, captions=False, paper=paper)
        if said is not None:
            found[index] = said
            shown.add(said.lower())
    return found


def state(slides: list[Slide], paper: Paper, used: set[str]) -> str:
    """Put under each mute result figure what the paper says it shows (result_unstated)."""
    found = unstated(slides, paper, used)
    for index, said in found.items():
        slides[index] = slides[index].model_copy(update={"bullets": [said]})
        used.add(said.lower())
    if not found:
        return ""
    first = text.clipped(slides[min(found)].title, 40)
    return f"stated what {len(found)} result figure(s) show under them (“{first}”)"
