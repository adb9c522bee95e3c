"""The builtin proposer: no network, deterministic.

It plans the storyline a researcher would present — title, motivation, what the paper does,
method, results with the paper's figures (each with the sentences that discuss it), conclusion —
picks and condenses the key sentences of each part, and sizes every slide from a rough text
metric. The reviewer measures the real thing; `revise` applies the issues it returns.
"""

from __future__ import annotations

import re

from apps.decks import limits
from apps.decks.pipeline import (
    abbreviations,
    antecedents,
    caption_keys,
    defects,
    display_math,
    headline,
    main_points,
    paper_order,
    plotted_titles,
    repeated_results,
    role_titles,
    script_levels,
    shown_leads,
    text,
    title_defects,
    title_style,
    unexplained_symbols,
)
from apps.decks.pipeline.figure_findings import has_verb, states_finding
from apps.decks.pipeline.issues import Issue, Revision
from apps.decks.pipeline.paper import Equation, Figure, Paper, Section
from apps.decks.pipeline.plot_statements import plot_statement
from apps.decks.pipeline.propose import bullets, context_fix, displays, term_fix
from apps.decks.pipeline.propose.bullets import rewrite as rewrite_bullet
from apps.decks.pipeline.propose.captions import caption_text, figure_title, mention_bullet
from apps.decks.pipeline.propose.deck_level import (
    QUESTION_HEADING,
    paper_order_index,
    substantial,
)
from apps.decks.pipeline.slide_deck import MAX_BULLET_CHARS, Slide, SlideDeck
from apps.decks.pipeline.title_defects import subject_title, title_fragment, unused_title

INTRO = re.compile(r"intro|background|motivation|overview|preliminar", re.I)
# "closing" only as the paper's closing words: "Closing the loop" is a method section's title
CONCLUSION = re.compile(
    r"conclu|summary|outlook|future work|closing\s+(?:remarks|thoughts|words|comments)|"
    r"final remarks",
    re.I,
)
DISCUSSION = re.compile(r"discussion|limitation|lesson|threats", re.I)
RESULTS = re.compile(
    r"result|evaluation|experiment|performance|comparison|findings|analysis|benchmark|"
    r"running time|speed|accuracy|validation",
    re.I,
)
SKIP = re.compile(
    r"^abstract$|appendix|supplement|acknowledg|funding|data availability|code availability|"
    r"affiliation|author information|about the authors|corresponding author|address|"
    r"^(?:table of )?contents$",
    re.I,
)
OWN_WORK = re.compile(
    r"\b(we|our|I)\b|\bthis (paper|article|report|replication|reproduction)\b", re.I
)
MAX_FIGURE_SLIDES = 8
TARGET_SLIDES = 15
# A paper with this many displays that read whole (and more of them than figures) is a
# derivation: its text slides are filled up with its key displays, at most this many slides.
DERIVATION_DISPLAYS = 3
KEY_DISPLAY_SLIDES = 4
MAX_BODY_TEXT_SLIDES = 5
TEXT_BULLETS = 4
FIGURE_BULLET_WORDS = 24
FIGURE_TEXT_BUDGET = 36


def _kind(section: Section, parent: str) -> str:
    for name in (section.title, parent):
        if SKIP.search(name):
            return "skip"
        if CONCLUSION.search(name):
            return "conclusion"
        if INTRO.search(name):
            return "intro"
        if DISCUSSION.search(name):
            return "discussion"
        if RESULTS.search(name):
            return "result"
    return "method"


class BuiltinProposer:
    name = "builtin"

    # ------------------------------------------------------------------ propose
    def propose(self, paper: Paper) -> SlideDeck:
        paper = title_style.styled_paper(_with_abstract(paper))
        scorer = text.Scorer([p for s in paper.sections for p in s.paragraphs] + [paper.abstract])
        used: set[str] = set()
        slides: list[Slide] = [Slide(kind="title", title=paper.title, role="title")]

        kinds = self.section_kinds(paper)
        intro = [s for s in paper.sections if kinds[id(s)] == "intro"]
        conclusion = [s for s in paper.sections if kinds[id(s)] == "conclusion"]
        body = [s for s in paper.sections if kinds[id(s)] in ("method", "result", "discussion")]

        # A paper without an introduction (no heading introduces, and no section was taken for
        # one) gets no "Motivation" slide: its first section is no motivation, and has a slide
        # of its own.
        intro_paragraphs = [p for s in intro for p in s.paragraphs]
        motivation = self._bullets(
            _without(intro_paragraphs, OWN_WORK),
            scorer,
            used,
            TEXT_BULLETS - 1,
            paper,
        )
        if motivation:
            slides.append(
                self._text_slide(
                    _opening_title(intro, paper, motivation),
                    motivation,
                    "motivation",
                    intro_paragraphs,
                )
            )
        # What the paper does: its abstract, or the sentences of its introduction that state
        # its aim ("We present …"), not the steps of its work ("We assume …")
        aims = _only(intro_paragraphs, role_titles.AIM)
        own = [paper.abstract] if paper.abstract else aims
        contributions = self._bullets(own, scorer, used, TEXT_BULLETS, paper)
        if len(contributions) < 3 and paper.abstract:
            contributions += self._bullets(aims, scorer, used, 3 - len(contributions), paper)
        title = _contributions_title(contributions, {s.title for s in slides})
        if title:
            slides.append(self._text_slide(title, contributions, "contributions", own))
        else:  # sentences that state no aim and name no subject: left for the slides of their part
            used.difference_update(b.lower() for b in contributions)

        opening_count = len(slides)
        figures = self._figures_chosen(paper)
        closing_count = 1 if conclusion or any(kinds[id(s)] == "discussion" for s in body) else 0
        budget = TARGET_SLIDES - len(slides) - len(figures) - closing_count
        text_sections = self._text_sections(body, kinds, max(1, min(MAX_BODY_TEXT_SLIDES, budget)))
        placed: set[str] = set()
        titles: set[str] = {s.title for s in slides}  # a figure titled by its section: not twice
        for section in body:
            role = {"result": "result", "discussion": "discussion"}.get(
                kinds[id(section)], "method"
            )
            if section in text_sections:
                slide = self._section_slide(paper, section, section.title, role, scorer, used)
                if slide is not None:
                    slides.append(slide)
            for figure in figures:
                if figure.id not in placed and _home(figure, paper) == section.title:
                    slides.append(self.figure_slide(figure, used, titles, paper))
                    placed.add(figure.id)
        # figures whose home section was not a body section keep the paper's order: an
        # introduction's figure follows the opening slides, any other goes before the close
        opening_end = opening_count
        # the sections the Motivation slide was made from (the first, when none is an intro)
        intro_titles = {s.title for s in intro or paper.sections[:1]}
        for figure in figures:
            if figure.id in placed:
                continue
            slide = self.figure_slide(figure, used, titles, paper)
            if _home(figure, paper) in intro_titles:
                slides.insert(opening_end, slide)
                opening_end += 1
            else:
                slides.insert(_before_conclusion(slides), slide)
            placed.add(figure.id)

        closing_paragraphs = [p for s in conclusion for p in s.paragraphs] or [
            p for s in body if kinds[id(s)] == "discussion" for p in s.paragraphs
        ]
        closing = (
            self._bullets(closing_paragraphs, scorer, used, TEXT_BULLETS, paper)
            if closing_paragraphs
            else []
        )
        discussion = [p for s in body if kinds[id(s)] == "discussion" for p in s.paragraphs]
        for extra in (discussion, [paper.abstract] if paper.abstract else []):
            # the abstract completes a closing slide, never makes one: its sentences under
            # "Conclusions" would not be the paper's conclusions (title_mismatch)
            if len(closing) < 3 and extra and (closing or extra is discussion):
                closing += self._bullets(extra, scorer, used, 3 - len(closing), paper)
        if closing:
            slides.append(
                self._text_slide("Conclusions", closing, "conclusion", closing_paragraphs)
            )

        slides = self._fit_count(paper, slides, scorer, used, body, titles)
        # a part's slide and its "(continued)" one were filled by score: the part's bullets
        # handed out again in the paper's order, its opening sentence first
        paper_order.in_paper_order(slides, paper)
        # what the paper does and what it finds, in its words, whatever the scores preferred
        main_points.ensure(slides, paper, used)
        # the opening slide leads with the main result; the closing slide restates one
        headline.lead_with(slides, paper, used)
        headline.restate(slides, paper, used)
        # a result stated once, where the deck says what the paper does or finds: never again
        # on the motivation slide or a method's
        repeated_results.without_repeats(slides)
        # every symbol a bullet or display uses is introduced on its slide or before it
        slides = context_fix.self_contained(slides, paper, used)
        # and every name the paper defines (code, a coined term, an acronym) is said first
        slides = term_fix.self_contained(slides, paper)
        slides = _filled_displays(slides, paper, used)
        slides = _placeholder_retitled(slides, paper)
        # an abbreviation is given its long form where the deck first uses it
        defs = abbreviations.definitions(paper)
        return self._deck(paper, abbreviations.defined_deck_slides(slides, defs))

    @staticmethod
    def _text_sections(body: list[Section], kinds: dict[int, str], count: int) -> list[Section]:
        """The sections that get a text slide: the longest ones, at least one method and one
        result section when there are such, in paper order."""
        eligible = [s for s in body if substantial(s)]
        ranked = sorted(eligible, key=lambda s: -s.words)
        chosen: list[Section] = []
        for kind in ("method", "result"):
            first = next((s for s in ranked if kinds[id(s)] == kind), None)
            if first is not None and len(chosen) < count:
                chosen.append(first)
        for section in ranked:
            if len(chosen) >= count:
                break
            if section not in chosen:
                chosen.append(section)
        return [s for s in body if s in chosen]

    def _deck(self, paper: Paper, slides: list[Slide]) -> SlideDeck:
        return deck_of(paper, slides)

    @staticmethod
    def section_kinds(paper: Paper) -> dict[int, str]:
        kinds: dict[int, str] = {}
        parent = ""
        surnames = {a.split()[-1].lower() for a in paper.authors if len(a.split()) > 1}
        for section in paper.sections:
            if section.level == 1:
                parent = section.title
            kinds[id(section)] = _kind(section, parent if section.level > 1 else "")
            if surnames & set(re.findall(r"[\w-]+", section.title.lower())):
                kinds[id(section)] = "skip"  # the authors' names over their addresses
        whole = len(paper.sections) == 1 and paper.sections[0].untitled
        if paper.sections and all(k == "method" for k in kinds.values()) and not whole:
            # the first of several parts is the introduction; a paper without headings (a
            # note, a formula sheet) is all body: its opening is what it does (the abstract)
            kinds[id(paper.sections[0])] = "intro"
        first = paper.sections[0] if paper.sections else None
        if (
            first is not None
            and "intro" not in kinds.values()
            and role_titles.AIM_TITLE.match(first.title.strip())
        ):
            # "Objectives" opening the paper is its introduction: its background is the
            # motivation, never a slide titled "Objectives" after "What this paper does"
            kinds[id(first)] = "intro"
        return kinds

    @staticmethod
    def _bullets(
        paragraphs: list[str],
        scorer: text.Scorer,
        used: set[str],
        count: int,
        paper: Paper | None = None,
        displays: tuple[str, ...] = (),
        refused: list[str] = (),
    ) -> list[str]:
        """The `count` key sentences of the paragraphs as bullets, preferring those that stand
        without the paper: no referent it introduced just before (antecedents) and no symbol
        the deck has not shown (`unexplained_symbols`; `displays` are shown with them); none
        that reads as one of the `refused` sentences."""
        if count <= 0:
            return []
        on_paper = antecedents.leans_on_paper(used)
        on_symbols = unexplained_symbols.symbol_lean(paper, used, displays)

        def leans(bullet: str, before: list[str], sentence: str = "") -> str:
            return unexplained_symbols.strictest(
                on_paper(bullet, before, sentence), on_symbols(bullet, before, sentence)
            )

        def rewrite(bullet: str, previous: str) -> str | None:
            if any(_restates_lead(bullet, lead) for lead in refused):
                return None
            return _standalone(bullet, previous)

        chosen = text.key_sentences(
            paragraphs,
            scorer,
            count,
            exclude=used,
            rewrite=rewrite,
            leans=leans,
        )
        chosen = _without_repeated_antecedents(chosen, used)
        used.update(b.lower() for b in chosen)
        return chosen

    def text_slide_for(self, section: Section, used: set[str]) -> Slide | None:
        """A text slide of a section's key sentences (None when it has too few clean ones)."""
        scorer = text.Scorer(section.paragraphs)
        chosen = [
            b
            for b in (
                bullets.rewrite(s) for s in self._bullets(section.paragraphs, scorer, used, 5)
            )
            if b
        ][:TEXT_BULLETS]
        if len(chosen) < 2:
            return None
        title = section.title
        if section.untitled:  # no heading was found: the bullets' subject titles the slide
            title = role_titles.content_title(chosen)
            if not title:
                return None  # a slide under the placeholder "Paper" says nothing of its own
        return self._text_slide(title, chosen, "method", section.paragraphs)

    def _section_slide(
        self,
        paper: Paper,
        section: Section,
        title: str,
        role: str,
        scorer: text.Scorer,
        used: set[str],
    ) -> Slide | None:
        """A text slide of the section's key sentences, with the display its text talks about
        most under the sentence that introduces it (when one was read whole and not shown
        yet); None when the section has too few clean sentences."""
        shown = used_equations(used)
        equation = equation_for(paper, section, shown)
        # the display takes two bullets' room, the definitions of its symbols one more
        defined = equation is not None and bool(displays.symbol_definitions(paper, equation))
        count = TEXT_BULLETS - (2 + defined) if equation else TEXT_BULLETS
        shown_with = (equation.tex,) if equation is not None else ()
        # a sentence that announces a display says its point in that display: never a bullet
        # without it ("The force follows from the derivative:"); another display's has a slide
        # of its own with it when the deck takes it (key displays), this slide's display's is
        # put over it below (_with_lead), never twice
        announcing = [e.lead for e in paper.equations if e.lead and e.section == section.title]
        chosen = self._bullets(
            section.paragraphs, scorer, used, count, paper, shown_with, refused=announcing
        )
        if equation is not None:  # its sentence where the paper has it, the display under it
            chosen = displays.with_lead_in_order(
                _with_lead(chosen, equation.lead), equation.lead, section.paragraphs
            )
            chosen = _with_definitions(chosen, paper, equation, used)
        if len(chosen) < 2:
            return None
        slide = self._text_slide(title, chosen, role, section.paragraphs)
        if equation is not None and equation.lead in slide.bullets:
            used.update((equation.lead.lower(), EQUATION_USED + equation.tex))
            slide = slide.model_copy(
                update={"equation": equation.tex, "equation_lead": equation.lead}
            )
        return slide

    @staticmethod
    def _text_slide(title: str, bullets: list[str], role: str, paragraphs: list[str]) -> Slide:
        budget = limits.get_int("words_text_slide") - 8
        while len(bullets) > 2 and sum(text.word_count(b) for b in bullets) > budget:
            bullets.remove(max(bullets, key=text.word_count))
        notes = text.whole_sentences(" ".join(paragraphs), 1500)
        return Slide(kind="bullets", title=title[:120], bullets=bullets, role=role, notes=notes)

    @staticmethod
    def _figures_chosen(paper: Paper) -> list[Figure]:
        figures = [f for f in paper.figures if f.kind == "figure" and _has_words(f)]
        ranked = sorted(figures, key=lambda f: (-len(f.mentions), f.number))[:MAX_FIGURE_SLIDES]
        chosen = sorted(ranked, key=lambda f: f.number)
        tables = [
            f for f in paper.figures if f.kind == "table" and f.carries_results and f.mentions
        ]
        room = max(0, limits.get_int("min_figures") + 1 - len(chosen))
        chosen += sorted(tables, key=lambda f: -len(f.mentions))[:room]
        # the figure or table that shows the main result is shown, room or not (a results
        # table behind five figures was never on the deck): the plainest one, once
        for kind, number in main_points.result_figures(paper):
            shown = next((f for f in paper.figures if f.kind == kind and f.number == number), None)
            if shown is None or (kind == "figure" and not _has_words(shown)):
                continue
            if shown not in chosen:
                chosen.append(shown)
            break
        return chosen

    def figure_slide(
        self,
        figure: Figure,
        used: set[str],
        titles: set[str] | None = None,
        paper: Paper | None = None,
    ) -> Slide:
        bullets: list[str] = []
        findings: list[str] = []  # the bullets that say what the figure shows
        # the caption with its reading key (what the colours, lines and panels mean) and, when
        # another figure's caption opens alike, what tells this one apart (`paper` gives those)
        caption = caption_keys.keyed_caption(
            figure.caption, caption_text(figure), caption_keys.other_captions(figure, paper)
        )
        for mention in sorted(figure.mentions, key=lambda m: -_mention_score(m.text, figure)):
            if any(ref != (figure.kind, figure.number) for ref in text.figure_refs(mention.text)):
                continue  # also about another figure: it belongs on that slide
            bullet = mention_bullet(mention.text, FIGURE_BULLET_WORDS)
            if bullet is not None and defects.text_defects(bullet):
                bullet = rewrite_bullet(bullet, max_words=FIGURE_BULLET_WORDS)
            if bullet is None or bullet.lower() in used or restates(bullet, caption):
                continue
            if (
                sum(text.word_count(b) for b in bullets) + text.word_count(bullet)
                > FIGURE_TEXT_BUDGET
            ):
                continue
            bullets.append(bullet)
            used.add(bullet.lower())
            if states_finding(mention.text, bullet):
                findings.append(bullet)
            if len(bullets) == 2:
                break
        # A wide figure goes across the slide with one line under it; a tall or dense one gets
        # the slide to itself (its caption beside it), so that it is drawn as large as it can be.
        wide = figure.aspect >= 1.25
        tall_or_dense = figure.aspect < 0.9 or figure.panels > 1
        layout = "figure-full" if wide else "figure-right"
        if layout == "figure-full":
            # the line under it says what the figure shows, when the paper says it
            bullets = (findings or bullets)[:1]
        elif tall_or_dense:
            # its caption's column beside it has room for what the paper says it shows: the
            # figure's drawn size is set by its height, not by that column
            bullets = findings[:1]
        if not bullets and not caption.strip():
            bullets = _statement_of(figure, used)
        title = figure_title(figure)
        if titles is not None:
            if title in titles and not figure.captioned:
                # an uncaptioned plot under its section's heading, which another slide has:
                # what the sentence leading into it says it shows, not "… (continued)"
                title = plotted_titles.plotted_title(figure.caption) or title
            if title in titles:
                title = figure_title(figure, words=14)
            if title in titles and figure.captioned:
                title = f"{title} ({figure.label})"
            title = unused_title(title, titles)
        slide = Slide(
            kind="figure",
            title=title,
            bullets=bullets,
            figure=figure.id,
            layout=layout,
            caption=caption,
            role="result",
            notes=text.whole_sentences(" ".join(m.text for m in figure.mentions), 1500)
            or figure.caption,
        )
        return slide

    def _fit_count(
        self,
        paper: Paper,
        slides: list[Slide],
        scorer: text.Scorer,
        used: set[str],
        body: list[Section],
        titles: set[str],
    ) -> list[Slide]:
        low, high = limits.get_int("min_slides"), limits.get_int("max_slides")
        # Too many: drop the text slides of the shortest body sections, then extra figures.
        while len(slides) > high:
            candidates = [
                i
                for i, s in enumerate(slides)
                if s.kind == "bullets" and s.role in ("method", "discussion", "result")
            ]
            if candidates:
                slides.pop(
                    min(
                        candidates, key=lambda i: sum(text.word_count(b) for b in slides[i].bullets)
                    )
                )
                continue
            figure_slides = [i for i, s in enumerate(slides) if s.kind == "figure"]
            if len(figure_slides) <= limits.get_int("min_figures"):
                break
            slides.pop(figure_slides[-1])
        # Too few: more figures and tables, then second slides for the longest sections.
        shown = {s.figure for s in slides if s.figure}
        extra = [
            f
            for f in sorted(paper.figures, key=lambda f: (-len(f.mentions), f.kind != "figure"))
            if f.id not in shown and (f.kind == "figure" or f.carries_results) and _has_words(f)
        ]
        while len(slides) < low and extra:
            figure = extra.pop(0)
            slides.insert(
                _position_for(slides, figure, paper), self.figure_slide(figure, used, titles, paper)
            )
        for section in sorted(body, key=lambda s: -s.words):
            if len(slides) >= low:
                break
            title = unused_title(section.title, {s.title for s in slides})
            slide = self._section_slide(paper, section, title, "method", scorer, used)
            if slide is not None:
                index = (
                    _after_section(slides, section.title)
                    if any(s.title == section.title for s in slides)
                    else paper_order_index(slides, section, paper)
                )
                slides.insert(index, slide)
        # A paper made of equations is presented by them: its key displays (the ones its text
        # refers to most, numbered first), each under its sentence with the definitions of its
        # symbols, on slides of their own in the paper's order. A deck still short of its
        # fewest slides takes as many as it needs; one at its size gets the model's displays its
        # text slides left out (they show one display a section at most), up to the size a
        # deck aims at.
        shown = used_equations(used)
        # a lead that points at another display would point at what its slide does not show
        wanted = [e for e in key_equations(paper, shown) if not _points_elsewhere(e)]
        # made of equations: more displays that read whole than figures, three at least
        displayed = len(shown) + len(wanted)
        figures = sum(1 for f in paper.figures if f.kind == "figure")
        derivation = displayed >= DERIVATION_DISPLAYS and displayed > figures
        added: set[int] = set()  # the display slides made here
        for equation in wanted:
            room = len(slides) < min(high, TARGET_SLIDES) and len(added) < KEY_DISPLAY_SLIDES
            if len(slides) >= low and not (derivation and room):
                break
            if any(text.similar(equation.lead, b) for s in slides for b in s.bullets):
                continue  # its lead says what a slide says already (repeated_bullet)
            section = next((s for s in paper.sections if s.title == equation.section), None)
            texts = [equation.lead, *(section.paragraphs if section else [])]
            untitled = section is not None and section.untitled
            title = _display_title(equation, {s.title for s in slides}, texts, untitled)
            if not title:
                continue  # every title it could have is another slide's (repeated_title)
            bullets_shown = _with_definitions([equation.lead], paper, equation, used)
            slide = Slide(
                kind="bullets",
                title=title[:120],
                bullets=bullets_shown,
                equation=equation.tex,
                equation_lead=equation.lead,
                role="method",
                notes=text.whole_sentences(" ".join(section.paragraphs), 1500) if section else "",
            )
            used.update((equation.lead.lower(), EQUATION_USED + equation.tex))
            slides.insert(_display_index(slides, section, paper, equation, added), slide)
            added.add(id(slide))
        return slides

    # ------------------------------------------------------------------- revise
    def revise(self, paper: Paper, deck: SlideDeck, issues: list[Issue]) -> Revision:
        from apps.decks.pipeline.propose.repair import deck_repair  # repair builds figure slides

        return deck_repair(self, paper, deck, issues)


def _opening_title(intro: list[Section], paper: Paper, bullets: list[str] = ()) -> str:
    """The opening slide's title: "Motivation" over an introduction; a FAQ's first question,
    which the slide answers; the heading of a first section that introduces nothing (a paper
    that opens with its model), so that the title says what the slide shows; the heading of
    the one section all its bullets come from when that heading says more than the part's name
    ("Overview of the process", role_titles.own_heading); never a heading that names the
    paper's aims ("Objectives"), which the next slide states."""
    if len(intro) == 1 and QUESTION_HEADING.search(intro[0].title):
        return intro[0].title
    if (
        intro
        and len(paper.sections) > 1
        and not any(role_titles.INTRODUCING.search(s.title) for s in intro)
        and not title_defects.title_fragment(intro[0].title)
    ):
        return intro[0].title
    if bullets and (
        heading := role_titles.own_heading(bullets, title_defects.BulletSources(paper))
    ):
        return heading
    return "Motivation"


def _contributions_title(bullets: list[str], taken: set[str]) -> str:
    """ "What this paper does" over sentences that say it (an aim, or the summary's statements
    about the subject); over steps of the work ("We multiply …"), what the sentences are
    about; "" when they name no subject either (no slide)."""
    if not bullets:
        return ""
    if not role_titles.aim_mismatch("What this paper does", bullets):
        return "What this paper does"
    return role_titles.content_title(bullets, taken)


def _without_repeated_antecedents(chosen: list[str], used: set[str]) -> list[str]:
    """A bullet merged with the sentence it leans on ("A; not respecting this order …") says A
    again: it goes when A is shown already, and A gives way to it when both were chosen."""

    def antecedent(bullet: str) -> str:
        return bullet.split("; ", 1)[0].lower() if "; " in bullet else ""

    merged_from = {antecedent(b) for b in chosen} - {""}
    return [
        b for b in chosen if antecedent(b) not in used and b.lower().rstrip(".") not in merged_from
    ]


def _restates_lead(bullet: str, lead: str) -> bool:
    """The bullet is the display's lead sentence (perhaps with the display's number after it):
    nearly its words, hardly more."""
    return text.similar(bullet, lead) and text.word_count(bullet) <= text.word_count(lead) + 3


def _standalone(bullet: str, previous: str) -> str | None:
    """The bullet as a statement of its own (the reviewer's text defects fixed), or None. Text
    slides show no figure, so a sentence that points into one is not a bullet there."""
    if defects.figure_deixis(bullet):
        return None
    return bullets.rewrite(bullet, bullets.Source(previous=previous))


RESTATED_SHARE = 0.6  # of a sentence's content words found in the caption: it says the same


def _statement_of(figure: Figure, used: set[str]) -> list[str]:
    """A figure the slide would show with neither caption nor statement (a plot the paper gives
    no caption, whose introducing sentence is no statement): the first sentence that discusses
    it and states something (a finite verb, no defect), cut at a clause; else nothing."""
    for mention in figure.mentions:
        if any(ref != (figure.kind, figure.number) for ref in text.figure_refs(mention.text)):
            continue
        bullet = mention_bullet(plot_statement(mention.text) or mention.text, FIGURE_BULLET_WORDS)
        if bullet is None or bullet.lower() in used or defects.text_defects(bullet):
            continue
        if has_verb(bullet):
            used.add(bullet.lower())
            return [bullet]
    return []


def restates(sentence: str, caption: str) -> bool:
    """Does the sentence only say again what the figure's caption says ("A time series view is
    presented showing the observed and predicted time series …" under "Subset of the time
    series of observed and predicted …"): most of its content words are the caption's, and it
    has no number the caption lacks. Shown under the caption it reads as the caption twice."""
    own = set(text.words(sentence)) - text.STOPWORDS
    if not own:
        return False
    shared = own & (set(text.words(caption)) - text.STOPWORDS)
    new_numbers = set(text.NUMBER.findall(sentence)) - set(text.NUMBER.findall(caption))
    return len(shared) / len(own) >= RESTATED_SHARE and not new_numbers


def _mention_score(sentence: str, figure: Figure) -> float:
    """Prefer sentences that state a finding about this figure alone."""
    score = 1.0
    if text.CUES.search(sentence) or re.search(r"\d+(?:\.\d+)?\s*(?:%|×|x\b|times)", sentence):
        score += 1.0
    others = [ref for ref in text.figure_refs(sentence) if ref != (figure.kind, figure.number)]
    score -= 0.6 * len(others)
    if re.search(
        r"\b(we (?:propose|compare|present|show) (?:an?|the)? ?(?:aggregate|visual)|presents|aggregate view|we list)\b",
        sentence,
        re.I,
    ):
        score -= 0.8
    return score + min(len(sentence), 200) / 400


# `used` holds the sentences already on slides; a shown display is kept there under this mark
EQUATION_USED = "\x00display:"


def used_equations(used: set[str]) -> set[str]:
    return {u[len(EQUATION_USED) :] for u in used if u.startswith(EQUATION_USED)}


def _showable(equation: Equation, shown: set[str]) -> bool:
    """Rebuilt cleanly and introduced by a sentence of its own that reads as a bullet (shown
    with it: a display alone says nothing), and not on a slide yet."""
    return (
        equation.tex not in shown
        and bool(equation.lead)
        and len(equation.lead) <= MAX_BULLET_CHARS  # a bullet, or the slide cannot be made
        and display_math.clean_tex(equation.tex)
        # its scripts set as small as the paper sets them (none flattened)
        and not script_levels.flattened(equation.levels, equation.tex)
        # the sentence's object is the display under it: only its other defects count
        and not shown_leads.lead_defects(equation.lead, equation.tex)
    )


def _displays(paper: Paper) -> list[Equation]:
    """The paper's displays as a slide would show them: with the displays their lead names by
    number (none when one of those cannot be shown)."""
    shown = (displays.with_named_displays(paper, e) for e in paper.equations)
    return [e for e in shown if e is not None]


def _mentions(equation: Equation, body: str) -> int:
    """How often the text refers to the display: "(4)", "Eq. 4", "Eqs. 4"; -1 unnumbered."""
    if not equation.number:
        return -1
    number = re.escape(equation.number)
    return len(re.findall(rf"\({number}\)|\bEq(?:s|n|ns)?\.\s*{number}\b", body))


def equation_for(paper: Paper, section: Section, shown: set[str] = frozenset()) -> Equation | None:
    """The display equation a slide about this section shows: the one its text refers to
    most, numbered first, of those it can show (_showable); None when there is none."""
    candidates = [e for e in _displays(paper) if e.section == section.title and _showable(e, shown)]
    if not candidates:
        return None
    body = " ".join(section.paragraphs)
    return max(candidates, key=lambda e: (_mentions(e, body), bool(e.number)))


def key_equations(paper: Paper, shown: set[str]) -> list[Equation]:
    """The displays a slide can show, the ones the paper's text talks about most first,
    numbered before unnumbered, then in the paper's order."""
    body = " ".join(p for s in paper.sections for p in s.paragraphs)
    candidates = [e for e in _displays(paper) if _showable(e, shown)]
    return sorted(candidates, key=lambda e: (-_mentions(e, body), not e.number))


# What a lead announces: "… subject to the following budget constraint:" → "budget constraint"
LEAD_OBJECT = re.compile(
    r"\b(?:the\s+following|the|an?)\s+((?:[A-Za-z][\w’'()–-]*\s+){1,4}[A-Za-z][\w’'()–-]*)\s*:$"
)


def _display_title(
    equation: Equation, taken: set[str], texts: list[str] = (), untitled: bool = False
) -> str:
    """A key display's slide title: what its lead announces ("Budget constraint"), else the
    lead's subject ("Second component of the prior"), else its section's title once more (a
    bare noun, "The model", as the section's `texts` qualify it: "Dynamic rational
    expectations model"); "" when each of them titles another slide already or says nothing.
    A phrase with a verb is no title. The placeholder of a paper without headings ("Paper",
    `untitled`) titles nothing."""
    found = LEAD_OBJECT.search(equation.lead)
    announced = found.group(1)[:1].upper() + found.group(1)[1:] if found else ""
    phrases = [announced, subject_title(equation.lead)]
    candidates = [c for c in phrases if len(c.split()) >= 2 and not NO_TITLE.search(c)]
    if equation.section and not untitled:
        section = title_defects.qualified_title(equation.section, list(texts))
        candidates.append(unused_title(section or equation.section, set(taken)))
    for title in candidates:
        if title and not title_fragment(title) and title not in taken:
            return title[:120]
    return ""


NO_TITLE = re.compile(r"^\w+ing\b|\b(?:is|are|was|were|be|been|therefore|thus|then)\b", re.I)


def _points_elsewhere(equation: Equation) -> bool:
    """Its lead points at another display ("the upper lines of equation (6) give:")."""
    return any(
        kind == "equation"
        and number != equation.number
        and number not in displays.tagged(equation.tex)
        for kind, number in defects.pointers(equation.lead)
    )


def _with_definitions(
    chosen: list[str], paper: Paper, equation: Equation, used: set[str]
) -> list[str]:
    """The bullets with the definitions of the display's symbols right under its lead, when the
    paper gives them after it and the slide has room for them."""
    definitions = displays.symbol_definitions(paper, equation)
    if not definitions or definitions.lower() in used or equation.lead not in chosen:
        return chosen
    budget = limits.get_int("words_text_slide") - 8
    if len(chosen) >= TEXT_BULLETS or (
        sum(text.word_count(b) for b in chosen) + text.word_count(definitions) > budget
    ):
        return chosen
    used.add(definitions.lower())
    at = chosen.index(equation.lead) + 1
    return [*chosen[:at], definitions, *chosen[at:]]


def _display_index(
    slides: list[Slide],
    section: Section | None,
    paper: Paper,
    equation: Equation,
    displays_made: set[int],
) -> int:
    """Where a display's slide goes: after the slides on its section (and on the displays of
    that section that come before it in the paper), before the display slides made for its
    later displays, before the conclusions."""
    if section is None:
        return _before_conclusion(slides)
    index = paper_order_index(slides, section, paper)
    order = {e.tex: n for n, e in enumerate(paper.equations)}
    here = order.get(equation.tex, len(order))
    # the section's first slide opens it: a display of the section never goes before it
    first = next(
        (i for i, s in enumerate(slides) if s.title.removesuffix(" (continued)") == section.title),
        None,
    )
    while (
        index > 0
        and (id(slides[index - 1]) in displays_made or (first is not None and index - 1 > first))
        and order.get(slides[index - 1].equation, -1) > here
    ):
        index -= 1  # a later display of the same section was placed already
    while index < len(slides) and -1 < order.get(slides[index].equation, -1) < here:
        index += 1  # an earlier one: after it
    return index


def _filled_displays(slides: list[Slide], paper: Paper, used: set[str]) -> list[Slide]:
    """The slides with each display shown under its lead and nothing else (thin_slide) given
    the paper's sentences after it (displays.filled_around), checked against the slides before
    it as the deck now has them (after context_fix.self_contained)."""
    out: list[Slide] = []
    for slide in slides:
        lead = slide.display_lead() if slide.equation else ""
        if lead and slide.kind == "bullets" and slide.bullets == [lead]:
            equation = displays.shown_on(slide, paper)
            if equation is not None:
                slide = displays.filled_around(slide, equation, paper, used, out) or slide
        out.append(slide)
    return out


def _with_lead(chosen: list[str], lead: str) -> list[str]:
    """The bullets with a display's introducing sentence last; the longest others go first
    when the slide's words would run over (the display needs its sentence, not them)."""
    others = [b for b in chosen if b.lower() != lead.lower()]
    budget = limits.get_int("words_text_slide") - 8
    while others and sum(text.word_count(b) for b in [*others, lead]) > budget:
        others.remove(max(others, key=text.word_count))
    return [*others, lead]


def deck_of(paper: Paper, slides: list[Slide]) -> SlideDeck:
    """A deck of these slides, with the paper's title, authors, venue, year and DOI."""
    return SlideDeck(
        title=paper.title,
        authors=paper.authors,
        venue=paper.venue,
        year=paper.year,
        doi=paper.doi,
        footer=footer_text(paper),
        slides=slides,
    )


def footer_text(paper: Paper) -> str:
    surnames = [a.split()[-1] for a in paper.authors if a.split()]
    if not surnames:
        who = ""
    elif len(surnames) == 1:
        who = surnames[0]
    elif len(surnames) == 2:
        who = f"{surnames[0]} and {surnames[1]}"
    else:
        who = f"{surnames[0]} et al."
    venue = re.split(r"\s+[–—-]\s+", paper.venue)[0].strip() if paper.venue else ""
    venue = re.sub(r"\s+\d+(\.\d+)?\s*(\(#?\d+\))?$", "", venue)
    venue = re.sub(r"\s+(19|20)\d\d$", "", venue)
    # a journal's citation line: "Journal 137 (2015) 1–5" → "Journal" (the year follows)
    venue = re.sub(r"\s+\d+\s*\((?:19|20)\d\d\)\s*\d+(?:\s*[–-]\s*\d+)?$", "", venue)
    parts = [p for p in (who, " ".join(v for v in (venue, paper.year) if v)) if p]
    return " · ".join(parts)


def _with_abstract(paper: Paper) -> Paper:
    """The paper with its abstract: a section headed "Abstract" is the abstract when the
    paper has none apart (it opens the deck as what the paper does, never as a slide after the
    introduction)."""
    heading = next((s for s in paper.sections if ABSTRACT.match(s.title)), None)
    if paper.abstract or heading is None:
        return paper
    return paper.model_copy(update={"abstract": " ".join(heading.paragraphs)})


ABSTRACT = re.compile(r"^\s*abstract\s*[.:]?\s*$", re.I)


def _without(paragraphs: list[str], pattern: re.Pattern) -> list[str]:
    """The text without the sentences the pattern finds."""
    return _kept(paragraphs, lambda sentence: not pattern.search(sentence))


def _only(paragraphs: list[str], pattern: re.Pattern) -> list[str]:
    """The sentences of the text the pattern finds."""
    return _kept(paragraphs, lambda sentence: bool(pattern.search(sentence)))


def _kept(paragraphs: list[str], keep) -> list[str]:
    """The kept sentences, one paragraph of them, except that a paragraph ending without a stop
    closes it: joined, an item of a numbered list ran into the next item's number ("… outside
    the usual range" + "7. Arbitrary …" read as the sentence "… the usual range 7")."""
    runs: list[list[str]] = [[]]
    for paragraph in paragraphs:
        runs[-1] += [s for s in text.sentences(paragraph) if keep(s)]
        if not re.search(r"[.!?:][)”’\"']*\s*$", paragraph):
            runs.append([])
    return [" ".join(run) for run in runs if run]


def _has_words(figure: Figure) -> bool:
    """A plot the paper gives no caption and no sentence saying what it shows would stand on
    its slide without a word a reader could go by: it is left out."""
    return figure.captioned or bool(caption_text(figure))


def _home(figure: Figure, paper: Paper) -> str:
    return figure.section or (paper.sections[-1].title if paper.sections else "")


def _before_conclusion(slides: list[Slide]) -> int:
    for index in range(len(slides) - 1, 0, -1):
        if slides[index].role == "conclusion":
            return index
    return len(slides)


def _position_for(slides: list[Slide], figure: Figure, paper: Paper) -> int:
    home = _home(figure, paper)
    index = _after_section(slides, home)
    return index if index < len(slides) else _before_conclusion(slides)


def _after_section(slides: list[Slide], title: str) -> int:
    last = None
    for index, slide in enumerate(slides):
        if slide.title == title:
            last = index
    if last is None:
        return _before_conclusion(slides)
    index = last + 1
    while index < len(slides) and slides[index].kind == "figure":
        index += 1
    return index


def _placeholder_retitled(slides: list[Slide], paper: Paper) -> list[Slide]:
    """No slide is titled by the placeholder of a paper whose headings were not found
    ("Paper"): the subject its bullets name titles it, or the paper's own title."""
    placeholders = {s.title for s in paper.sections if s.untitled}
    if not placeholders:
        return slides
    retitled = []
    for slide in slides:
        if slide.kind != "title" and slide.title.removesuffix(" (continued)") in placeholders:
            taken = {s.title for s in slides}
            # a slide showing a display is titled by what its lead announces ("Quartic
            # correction"), as key displays' slides are
            shown = next(
                (e for e in paper.equations if slide.equation and e.tex == slide.equation), None
            )
            announced = _display_title(shown, taken, untitled=True) if shown else ""
            title = announced or role_titles.content_title(slide.bullets, taken) or paper.title
            slide = slide.model_copy(update={"title": title})
        retitled.append(slide)
    return retitled
