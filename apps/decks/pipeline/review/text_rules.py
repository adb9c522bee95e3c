"""Rules on what a reader reads: every bullet and title against the defect classes of
pipeline/defects.py, pointers to things the slide does not show, bullets that repeat one another, and slides too thin to stand."""

from __future__ import annotations

import re
from collections import Counter

from apps.decks.pipeline import (
    caption_repeats,
    complement_cuts,
    context_text,
    defects,
    display_math,
    garbled,
    lone_items,
    ocr_letters,
    person_names,
    pointer_remnants,
    repeated_results,
    role_titles,
    script_levels,
    shown_leads,
    title_quality,
    title_style,
)
from apps.decks.pipeline.caption_labels import float_name
from apps.decks.pipeline.continued_titles import false_continuation
from apps.decks.pipeline.propose import displays
from apps.decks.pipeline.propose.captions import plot_caption_defect
from apps.decks.pipeline.review.registry import SlideContext, slide_rule
from apps.decks.pipeline.text import (
    DEFINITION_ITEM,
    NUMBER,
    same_claim,
    sentences,
    similar,
    stated_line,
    unfinished,
)
from apps.decks.pipeline.title_defects import (
    BulletSources,
    author_heading,
    bare_role_word,
    base_title,
    caption_cut,
    slide_title_fragment,
    title_text_defects,
)
from apps.decks.pipeline.title_defects import (
    generic_title as is_generic_title,
)
from apps.decks.pipeline.title_defects import indistinct_title as indistinct_title_of

SUGGESTIONS = {
    "dangling_connector": "drop the opening connector so the bullet stands on its own",
    "unresolved_reference": "name what the pronoun refers to, or merge with the sentence before",
    "leaning_reference": "merge with the sentence it leans on, or use another sentence",
    "equation_number": "remove the equation number (or show the equation)",
    "meta_text": "leave out sentences about the paper's own structure",
    "stray_glyph": "remove the stray glyph",
    "lost_glyph": "leave the sentence out: its number cannot be read as the paper prints it",
    "broken_math": "write the formula with its sub- and superscripts, or leave it out",
    "glued_words": "use a sentence whose words are readable",
    "misread_letters": "use a sentence whose words the OCR read right",
    "broken_sentence": "use a sentence that lost nothing on its way from the PDF",
    "dangling_pointer": "remove the pointer, or show what it points at",
    "table_as_text": "show the table as a table (or its crop), not its cells as a bullet",
    "lost_formula": "use a sentence whose formula survived, or leave it out",
    "lost_opening": "use a sentence that kept its first words",
    "verbless_fragment": "use a whole sentence: this one has no verb",
    "reference_entry": "leave the reference list out of the slides",
    "other_language": "use the paper's own sentences, in the deck's language",
    "unanswered_question": "state the answer: a question belongs in the title",
    "title_capitals": "write the heading in sentence case, keeping acronyms and logos",
    "title_citation": "leave the citation to the bullets or notes: a title names the point",
    "title_repeated_word": "say the word once: title the slide with the caption's or "
    "heading's phrase alone",
    "fragment": "use a whole statement: a main clause with its subject and verb",
    "code_pointer": "state what the code shows, or leave the sentence out",
    "stray_output": "remove the console output before the sentence",
    "glued_text": "drop the running header, list number or repeated gloss glued into the sentence",
    "draft_note": "leave the author's note out: it is no content",
    "lone_list_item": "drop the item's label, or show the list it belongs to",
    "pointer_remnant": "take out what is left of the removed pointer",
}
MESSAGES = {
    "dangling_connector": "opens with “{part}”, which leans on a sentence the slide does not show",
    "unresolved_reference": "opens with “{part}”, which refers to nothing on the slide",
    "leaning_reference": "says “{part}”, which names what the slide does not show",
    "equation_number": "carries the equation number “{part}”",
    "meta_text": "is about the paper's structure (“{part}”)",
    "stray_glyph": "has a stray glyph “{part}”",
    "lost_glyph": "has an unreadable glyph beside a number (“{part}”): the number may be another",
    "broken_math": "has broken mathematics (“{part}”)",
    "glued_words": "has words run together (“{part}”)",
    "misread_letters": "has a word the OCR misread (“{part}”)",
    "broken_sentence": "lost a word or formula (“{part}”)",
    "dangling_pointer": "points at something no slide shows (“{part}”)",
    "table_as_text": "is a table row read as a sentence (“{part}…”)",
    "lost_formula": "lost a formula, leaving “{part}”",
    "lost_opening": "lost its first words (“{part}”)",
    "verbless_fragment": "is a fragment without a verb (“{part}”)",
    "reference_entry": "is an entry of the reference list (“{part}…”)",
    "other_language": "is in another language (“{part}…”)",
    "unanswered_question": "asks a question and does not answer it (“{part}…”)",
    "title_capitals": "is set in capitals (“{part}”)",
    "title_citation": "carries a citation or footnote number (“{part}”)",
    "title_repeated_word": "says “{part}” twice (a heading joined to a caption)",
    "fragment": "is a fragment, not a statement of its own (“{part}…”)",
    "code_pointer": "narrates code or output the slide does not show (“{part}”)",
    "stray_output": "opens with console output (“{part}”)",
    "glued_text": "has page furniture, a list's number or a doubled gloss glued into it (“{part}”)",
    "draft_note": "is a note the author left in the draft (“{part}”)",
    "lone_list_item": "is one item of a list (“{part}”) shown without the rest of it",
    "pointer_remnant": "keeps what a removed pointer to a figure, table or section left (“{part}”)",
}


def _texts(c: SlideContext) -> list[tuple[str, int, str]]:
    """("bullet", index, text) for each bullet; the takeaway line of a figure slide too."""
    if c.slide is None or c.slide.kind == "title":
        return []
    return [("bullet", i, b) for i, b in enumerate(c.slide.bullets)]


@slide_rule
def bullet_defects(c: SlideContext):
    for where, index, text in _texts(c):
        # a lead over the display or listing the slide shows keeps only its other defects
        for kind, part in shown_leads.bullet_defects(c.slide, index):
            yield c.issue(
                kind,
                "high" if kind == "lost_glyph" else "medium",  # the number shown may be wrong
                f"{where} {index + 1} " + MESSAGES[kind].format(part=part[:60]),
                SUGGESTIONS[kind],
                where=where,
                index=index,
                text=text[:200],
                part=part[:80],
            )


def _key(sentence: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", garbled.unmath(sentence).lower()).strip()


def _leads_shown_display(c: SlideContext, where: str, index: int) -> bool:
    """The bullet right over the display or listing the slide shows, ending with a colon: the
    sentence that introduces it, not one cut from it (shown_leads)."""
    return c.slide is not None and where == "bullet" and shown_leads.leads_shown(c.slide, index)


def names_display(paragraph: str) -> bool:
    """The paragraph's last sentence ends on the phrase naming the display after its colon
    ("… given by a system of linear inequalities:"): stated without the colon it lost nothing
    (main_points states what a program computes so)."""
    from apps.decks.pipeline import main_points

    return main_points.names_its_display(sentences(paragraph)[-1])


@slide_rule
def cut_before_display(c: SlideContext):
    """A bullet made of a sentence the paper cut where its display (or list, or code) went on:
    the paragraph ends with a comma or a colon ("… with the weighted discrepancy function,"),
    or on a plain word with no stop at all, where the PDF's line, column or page ended ("… to
    highlight the advantages of the three")."""
    texts = _texts(c)
    if not texts:
        return
    # each paragraph with the one after it in its section
    paragraphs = [(c.paper.abstract, "")] + [
        (p, (s.paragraphs[i + 1 :] or [""])[0])
        for s in c.paper.sections
        for i, p in enumerate(s.paragraphs)
    ]
    cut = [
        _key(sentences(p)[-1])
        for p, following in paragraphs
        if sentences(p)
        and (
            (p.rstrip().endswith(",") or (p.rstrip().endswith(":") and not names_display(p)))
            or (unfinished(sentences(p)[-1]) and not stated_line(p, following))
        )
    ]
    for where, index, bullet in texts:
        if _leads_shown_display(c, where, index) or DEFINITION_ITEM.match(bullet):
            continue
        key = _key(bullet)
        if len(key) >= 20 and any(c_key.endswith(key[-40:]) for c_key in cut):
            yield c.issue(
                "broken_sentence",
                "medium",
                f"{where} {index + 1} " + MESSAGES["broken_sentence"].format(part=bullet[-40:]),
                "show the display the sentence leads into, or use another sentence",
                where=where,
                index=index,
                text=bullet[:200],
                part=bullet[-40:],
            )


_COUNTS: dict[int, tuple[object, Counter[str]]] = {}


def _paper_counts(paper) -> Counter[str]:
    """The paper's tokens and word pairs, counted once per paper."""
    cached = _COUNTS.get(id(paper))
    if cached is None or cached[0] is not paper:
        texts = [paper.title, paper.abstract, *(f.caption for f in paper.figures)]
        texts += [t for s in paper.sections for t in (s.title, *s.paragraphs)]
        cached = (paper, ocr_letters.paper_counts(texts))
        _COUNTS.clear()  # one paper at a time
        _COUNTS[id(paper)] = cached
    return cached[1]


@slide_rule
def misread_letters(c: SlideContext):
    """A bullet or caption with a word the OCR misread, read against the paper's other pages
    (`ocr_letters`): garbled, and a misread name or number may say something else. Replaced by
    another sentence; a caption line is left out (no caption beats a misread one)."""
    if c.slide is None or c.slide.kind == "title":
        return
    counts = _paper_counts(c.paper)
    texts = [*_texts(c), *([("caption", 0, c.slide.caption)] if c.slide.caption else [])]
    for where, index, text in texts:
        part = ocr_letters.misread_word(text, counts)
        if part:
            yield c.issue(
                "misread_letters",
                "medium",
                f"{where} {index + 1} " + MESSAGES["misread_letters"].format(part=part),
                SUGGESTIONS["misread_letters"],
                where=where,
                index=index,
                text=text[:200],
                part=part,
            )


@slide_rule
def lone_list_item(c: SlideContext):
    """A bullet labelled as an item of a list ("(iv) …", "3. …") with no other item of it
    on the slide: the label points at items the slide does not show."""
    if c.slide is None or c.slide.kind == "title":
        return
    for index in lone_items.lone_items(c.slide.bullets):
        bullet = c.slide.bullets[index]
        label = lone_items.item_label(bullet)
        yield c.issue(
            "lone_list_item",
            "medium",
            f"bullet {index + 1} " + MESSAGES["lone_list_item"].format(part=label),
            SUGGESTIONS["lone_list_item"],
            where="bullet",
            index=index,
            text=bullet[:200],
            part=label,
        )


@slide_rule
def pointer_remnant(c: SlideContext):
    """A bullet that keeps what a pointer taken out of its sentence left: the comma that
    closed it as an aside ("The sorter, reads …"), the rest of the phrase it opened ("Rows
    (C), we see …"), two commas in a row. Garbled to a reader; the remnant comes out."""
    for where, index, bullet in _texts(c):
        remnant = pointer_remnants.pointer_remnant(bullet, c.paper)
        if remnant is None:
            continue
        yield c.issue(
            "pointer_remnant",
            "medium",
            f"{where} {index + 1} " + MESSAGES["pointer_remnant"].format(part=remnant.part[:60]),
            SUGGESTIONS["pointer_remnant"],
            where=where,
            index=index,
            text=bullet[:200],
            part=remnant.part,
            form=remnant.form,
        )


@slide_rule
def repeated_bullets(c: SlideContext):
    """Two bullets that say nearly the same, on one slide or on an earlier one (a paper states
    its claim in the abstract and again in the introduction): the later one is a repetition."""
    texts = _texts(c)
    # (a whole slide said twice is the deck structure's finding: here one claim among others)
    earlier_slides = [
        s
        for s in c.deck.slides[: c.number - 1]
        if s is not c.slide and s.bullets != c.slide.bullets
    ]
    before = [b for s in earlier_slides if s.kind != "title" for b in s.bullets]
    for position, (where, index, bullet) in enumerate(texts):
        earlier = next(
            (t for _, _, t in texts[:position] if similar(bullet, t) and not _answers(bullet, t)),
            None,
        )
        if earlier is None:  # on an earlier slide, a bullet with other numbers is another claim
            earlier = next((t for t in before if same_claim(bullet, t)), None)
        if earlier is None:  # the caption of the figure slide beside it says it (round 18)
            earlier = next(
                (t for t in _neighbour_captions(c) if caption_repeats.restates(bullet, t)), None
            )
        if earlier is not None:
            yield c.issue(
                "repeated_bullet",
                "medium",
                f"{where} {index + 1} repeats an earlier bullet (“{earlier[:60]}”)",
                "keep one of the two, and say something else with the other",
                where=where,
                index=index,
                text=bullet[:200],
                part=earlier[:80],
            )


def _answers(bullet: str, earlier: str) -> bool:
    """Does `bullet` give the value `earlier` asks for or sets out to compute ("One computes the
    quantile with `qt`" → "The 95% quantile of $T$ in the example is $2.56$")? The two share
    their few content words, but the question and its answer are two points: the outcome
    stated under its listing was refused as a repeat, round after round, and never shown."""
    return bool(NUMBER.findall(bullet)) and not NUMBER.findall(earlier)


def _neighbour_captions(c: SlideContext) -> list[str]:
    """The captions of the slides just before and after this one: a bullet that is the next
    figure's caption ("Once fit, we can view the optimal value and a cross-validated error
    plot") is read twice in a row, once without its plot."""
    slides = list(c.deck.slides)
    at = c.number - 1
    return [
        slides[i].caption
        for i in (at - 1, at + 1)
        if 0 <= i < len(slides) and slides[i] is not c.slide and slides[i].caption.strip()
    ]


@slide_rule
def repeated_result(c: SlideContext):
    """A bullet giving the measured numbers of a result another slide gives (worded otherwise,
    so no repeated_bullet): reported on the slide it does not belong on — the motivation or a
    method's slide, of two alike the later (repeated_results.py)."""
    if c.slide is None:
        return
    slides = list(c.deck.slides)
    for index, bullet, kept in repeated_results.repeats(slides):
        if index == c.number - 1 and bullet in c.slide.bullets:
            yield c.issue(
                "repeated_result",
                "medium",
                f"bullet {c.slide.bullets.index(bullet) + 1} states the result slide {kept + 1} "
                f"states (“{bullet[:80]}”)",
                "state the result once, on the slide saying what the paper does or finds",
                where="bullet",
                index=c.slide.bullets.index(bullet),
                text=bullet[:200],
                slide_kept=kept + 1,
            )


@slide_rule
def plot_caption_defects(c: SlideContext):
    """The caption of a plot the paper gives no caption is a sentence of its text (the one
    that introduces the plot): it is read like a bullet."""
    figures = c.figures()
    if not figures or figures[0].captioned or not c.slide.caption.strip():
        return
    found = plot_caption_defect(c.slide.caption)
    if found:
        kind, part = found
        yield c.issue(
            kind,
            "medium",
            "the caption " + MESSAGES[kind].format(part=part[:60]),
            "show the plot without the sentence, or with one that stands",
            where="caption",
            text=c.slide.caption[:200],
            part=part[:80],
        )


def _papers_caption(c: SlideContext) -> bool:
    """Whether the slide shows a caption of a figure the paper itself captions."""
    figures = c.figures()
    return bool(figures and figures[0].captioned and c.slide.caption.strip())


@slide_rule
def caption_math(c: SlideContext):
    """The caption of a figure the paper captions is read for broken mathematics as a bullet
    is: a formula whose scripts or delimiters were lost states another formula under it."""
    if not _papers_caption(c):
        return
    part = garbled.broken_math(c.slide.caption)
    if part:
        yield c.issue(
            "broken_math",
            "medium",
            "the caption " + MESSAGES["broken_math"].format(part=part[:60]),
            "show the caption's sentences whose formulas read whole",
            where="caption",
            text=c.slide.caption[:200],
            part=part[:80],
        )


@slide_rule
def caption_cells(c: SlideContext):
    """The caption of a figure or table the paper captions, read on into its table's cells
    ("CRC-32 performance 64 256 1K 6.61 6.62 …"): the numbers are no caption, the table is
    (its crop, or a table) on the slide."""
    if not _papers_caption(c):
        return
    head = garbled.without_cells(c.slide.caption)
    if head != c.slide.caption:
        cells = c.slide.caption[len(head) :].strip()
        yield c.issue(
            "table_as_text",
            "medium",
            "the caption " + MESSAGES["table_as_text"].format(part=cells[:40]),
            "show the caption's words before the table's cells",
            where="caption",
            kind="cells",
            text=c.slide.caption[:200],
            part=cells[:80],
        )


@slide_rule
def dangling_pointer(c: SlideContext):
    if c.slide is None:
        return
    shown_equations = {e.number for e in c.paper.equations if e.tex == c.slide.equation}
    shown = {(f.kind, str(f.number)) for f in c.figures()}
    for _, index, text in _texts(c):
        missing = []  # (what the bullet points at, evidence)
        deixis = None if c.figures() else defects.figure_deixis(text)
        if deixis:
            missing.append((f"into a figure (“{deixis}”)", {"part": deixis}))
        unshown = context_text.unshown_on(
            text, figure=bool(c.figures()), equation=bool(c.slide.equation)
        )
        if unshown:
            missing.append((f"at “{unshown}”", {"part": unshown}))
        for kind, number in defects.pointers(text):
            if kind == "equation" and number in shown_equations:
                continue
            if kind in ("figure", "table") and (kind, number) in shown:
                continue
            missing.append((f"at {float_name(kind, number)}", {"kind": kind, "number": number}))
        for what, evidence in missing:
            yield c.issue(
                "dangling_pointer",
                "medium",
                f"bullet {index + 1} points {what}, which the slide does not show",
                "show what it points at on the slide, or remove the pointer",
                where="bullet",
                index=index,
                text=text[:200],
                **evidence,
            )


@slide_rule
def equation_defects(c: SlideContext):
    """The slide's display equation as a reader sees it: rebuilt whole, or broken."""
    if c.slide is None or not c.slide.equation:
        return
    problem = display_math.display_problem(c.slide.equation) or script_levels.flattened(
        _drawn_levels(c), c.slide.equation
    )
    if problem:
        yield c.issue(
            "broken_math",
            "medium",
            f"the display equation reads broken ({problem})",
            "leave the equation out, or write it whole",
            where="equation",
            text=c.slide.equation[:200],
            part=problem,
        )


def _drawn_levels(c: SlideContext) -> list[int]:
    """The glyphs at each size of the paper's display the slide shows (the one written so, or
    the one its lead introduces): what the shown formula's scripts are checked against."""
    slide = c.slide
    for equation in c.paper.equations:
        if equation.tex == slide.equation or (
            equation.lead and equation.lead in (slide.equation_lead, *slide.bullets[-1:])
        ):
            return equation.levels
    return []


@slide_rule
def title_defects(c: SlideContext):
    """A slide's title as a reader reads it; the cover's only for how it is set (footnote
    marks, capitals): a paper's title is no sentence and says its point by definition."""
    if c.slide is None:
        return
    found = title_style.style_defects(c.slide.title)
    if c.slide.kind != "title":
        authors = c.paper.authors if c.paper is not None else []
        named = c.slide.title if person_names.names_a_person(c.slide.title, authors) else None
        # a heading of the paper is what its author chose to call the part
        fragment = slide_title_fragment(c.slide.title, c.paper)
        cut = next(
            # a caption's opening cut inside its phrase ("… between oxDNA" of "… between
            # oxDNA (left) and oxDNA2 (right)"): it reads whole but says half
            (cut for f in c.figures() if (cut := caption_cut(c.slide.title, f.caption))),
            None,
        )
        # a caption or sentence of the paper cut before the complement its last word needs
        # ("Yield estimates consistent" of "… consistent with the trials"): whole-looking, half
        if cut is None and c.paper is not None:
            cut = complement_cuts.complement_cut(
                c.slide.title, c.paper, [f.caption for f in c.figures()]
            )
        # "between" with one member: the caption, when it has the other, says what was cut
        one_sided = bool(fragment) and fragment.lower().startswith("between ")
        part = named or (cut if one_sided else None) or fragment or cut
        found = ([("title_fragment", part)] if part else []) + found
        found += [
            (k, p)
            for k, p in title_text_defects(c.slide.title)
            if not _heading_word(k, p, c.slide.title)
        ]
    for kind, part in found[:1]:
        yield c.issue(
            "title_fragment" if kind == "title_fragment" else kind,
            "medium",
            f"the title “{c.slide.title[:60]}” is a fragment (“{part[:30]}”)"
            if kind == "title_fragment"
            else "the title " + MESSAGES[kind].format(part=part[:60]),
            "title the slide with its point (a short statement or the subject it shows)",
            where="title",
            text=c.slide.title,
            part=part[:80],
        )


@slide_rule
def generic_title(c: SlideContext):
    """A fallback heading that names no subject ("Our approach", "Overview", "Details") over a
    slide whose bullets or figure name one: the title a presenter would write is that subject.
    Over a slide that names none the heading is the best there is, and no finding."""
    slide = c.slide
    if slide is None or slide.kind == "title":
        return
    # a bare "Results" or "Method" that is no heading of the paper: a fallback's kind of slide
    if not (
        is_generic_title(slide.title)
        or bare_role_word(slide.title, c.paper)
        # one plain word the paper neither heads a part with nor names ("Below", "Paper")
        or title_quality.lone_word(slide.title, slide, c.paper)
    ):
        return
    if role_titles.INTRODUCING.search(slide.title) and author_heading(slide.title, c.paper):
        return  # a manual's own "Overview" introduces the whole document, no one subject
    subject = role_titles.content_title(slide.bullets)
    if not subject and c.figures():
        from apps.decks.pipeline.propose.captions import figure_title

        named = figure_title(c.figures()[0])
        subject = "" if is_generic_title(named) else named
    if not subject and c.paper is not None and title_quality.lone_word(slide.title, slide, c.paper):
        # one word that is no heading ("Below", a bullet's first word): the heading of the
        # part its bullets come from names the slide better
        subject = _bullets_home(slide.bullets, c.paper)
    if not subject or slide_title_fragment(subject, c.paper):
        return
    yield c.issue(
        "title_generic",
        "medium",
        f"the title “{slide.title[:60]}” names no subject, while the slide is about "
        f"“{subject[:60]}”",
        f"title the slide with its subject: “{subject[:80]}”",
        where="title",
        text=slide.title,
        part=subject[:80],
    )


def _bullets_home(bullets: list[str], paper) -> str:
    """The heading of the section most of the bullets come from, "" when none holds half."""
    sources = BulletSources(paper)
    homes = [h for h in (sources.source(b) for b in bullets) if h and h != sources.ABSTRACT]
    best = max(set(homes), key=homes.count, default="")
    return best if best and 2 * homes.count(best) >= len(bullets) else ""


@slide_rule
def false_continued_title(c: SlideContext):
    """A "… (continued)" title over a slide that does not continue the slide before it: that
    slide has another title (another part of the paper), or the title names content (a
    caption's words) and the slide shows another figure or table than the one it names. The
    title then says the slide goes on with what it does not show (continued_titles)."""
    if c.slide is None or c.slide.kind == "title" or c.deck is None or c.paper is None:
        return
    before = c.deck.slides[c.number - 2] if c.number >= 2 else None
    other = false_continuation(before, c.slide, c.paper)
    if other is None:
        return
    follows = (
        f"the slide shows another figure or table than slide {c.number - 1}"
        if base_title(other) == base_title(c.slide.title)
        else f"slide {c.number - 1} is “{other[:60]}”"
    )
    yield c.issue(
        "title_false_continued",
        "medium",
        f"the title “{c.slide.title[:60]}” says the slide continues the one before it, but "
        f"{follows}",
        "title the slide with its own subject: its caption or the part it comes from",
        where="title",
        text=c.slide.title,
        before=other,
    )


@slide_rule
def indistinct_title(c: SlideContext):
    """A figure slide titled with its caption's opening that a neighbour figure slide's title
    repeats or extends, while the captions go on to say what differs: two slides "Four time
    series …" for two different models."""
    if c.slide is None or c.slide.kind != "figure" or c.deck is None or c.paper is None:
        return
    found = indistinct_title_of(c.deck.slides, c.number - 1, c.paper)
    if found is None:
        return
    other, title = found
    figure = c.paper.figure(c.slide.figure) if c.slide.figure else None
    title = complement_cuts.made_whole(title, c.paper, [figure.caption] if figure else []) or title
    yield c.issue(
        "title_indistinct",
        "medium",
        f"the title “{c.slide.title[:60]}” does not tell the slide from slide {other + 1} "
        f"(“{c.deck.slides[other].title[:60]}”): their captions differ further on",
        f"title the slide with what differs: “{title[:80]}”",
        where="title",
        text=c.slide.title,
        part=title[:120],
        neighbour=other + 1,
    )


def _heading_word(kind: str, part: str, title: str) -> bool:
    """ "Further functionality", "Next steps": a title's first word that would lean in a
    sentence names the subject in a heading (unless a comma makes it a connector)."""
    return kind == "dangling_connector" and title[:1].isupper() and part[-1:] not in ",;:"


@slide_rule
def thin_slide(c: SlideContext):
    """A text slide of one bullet; or a display under the sentence that leads into it ("The
    estimator minimizes:") and nothing else: a formula without what its symbols are or what
    follows from it says nothing to a reader."""
    slide = c.slide
    if slide is None or slide.kind != "bullets" or slide.code.strip():
        return  # a bullet with the listing it talks about is a slide's worth
    if slide.equation:
        lead = slide.display_lead()
        if any(b != lead for b in slide.bullets):
            return
        # Low when the paper says nothing more of the display that reads as a bullet: a key
        # display under its lead is then what the paper gives, and the fix could only take it
        # off the deck (a derivation paper lost its model displays that way).
        yield c.issue(
            "thin_slide",
            "medium" if _fillable(c) else "low",
            "the slide shows a display under its lead and says nothing of what it means or gives",
            "add the paper's sentences around the display (what its symbols are, what it "
            "gives), or merge it with a neighbouring slide of the same part",
            bullets=len(slide.bullets),
            display=True,
        )
        return
    if len(slide.bullets) > 1:
        return
    if _kept_close(c):
        # the deck's close, which its repair keeps as it is (nothing of its part fills it, no
        # slide takes it): said once, low — a medium finding no repair can answer stopped the
        # loop as "unrepairable" on a close that is right to keep
        yield c.issue(
            "thin_slide",
            "low",
            "the closing slide has 1 bullet; the paper's close gives nothing more to add",
            "keep it: it is the paper's close",
            bullets=len(slide.bullets),
            kept=True,
        )
        return
    yield c.issue(
        "thin_slide",
        "medium",
        f"the slide has {len(slide.bullets)} bullet and nothing else",
        "merge it with a neighbouring slide of the same part, or give it its points",
        bullets=len(slide.bullets),
    )


def _kept_close(c: SlideContext) -> bool:
    """A one-bullet slide of the deck's close that the thin slide's repair keeps as it is."""
    from apps.decks.pipeline import story_slides
    from apps.decks.pipeline.propose.builtin import BuiltinProposer
    from apps.decks.pipeline.propose.repair import kept_thin

    if c.deck is None or c.paper is None or not story_slides.holds_story(c.slide):
        return False
    return kept_thin(c.deck, c.number - 1, c.paper, BuiltinProposer())


def _fillable(c: SlideContext) -> bool:
    """Does the paper have sentences around the slide's display that could fill it
    (displays.filled_around, as the fix would try them)?"""
    equation = displays.shown_on(c.slide, c.paper)
    if equation is None:
        return False
    before = c.deck.slides[: c.number - 1]
    used = {b.lower() for s in c.deck.slides for b in s.bullets}
    return displays.filled_around(c.slide, equation, c.paper, used, before) is not None


@slide_rule
def role_title(c: SlideContext):
    """A title naming the slide's place in the storyline ("What this paper does",
    "Motivation") over bullets that do not play that part (role_titles.py)."""
    slide = c.slide
    if slide is None or slide.kind != "bullets":
        return
    problem = role_titles.role_title_problem(slide.title, slide.bullets, c.paper)
    if problem:
        yield c.issue(
            "title_role",
            "medium",
            f"the title “{slide.title[:60]}” does not say what the slide shows: {problem}",
            "title the slide with its subject, or the part of the paper its bullets come from",
            where="title",
            text=slide.title,
            part=slide.title[:80],
        )
