"""The deck ends on the paper's conclusions: when the paper has a conclusions section (else a
discussion it closes on), the deck's last slide carries them — what the study found, the
speed-up measured — not a mechanism slide after them. A deck whose "Conclusions" slide was
retitled or refilled by a repair, or moved before a figure, ended on a detail of the method and
the reader never met what the paper concludes.

The repair moves the conclusions slide back to the end, or, when the deck has none, makes one
from the conclusions' own sentences (their findings first). Nothing is invented: only the
paper's sentences as the proposer makes them bullets.
"""

from __future__ import annotations

from apps.decks.pipeline import example_findings, main_points, text
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.slide_deck import Slide

CLOSING_TITLE = "Conclusions"
EXAMPLES_TITLE = "What the examples show"  # a vignette's closing slide: it has no conclusions
CLOSING_BULLETS = 3


def closing_paragraphs(paper: Paper) -> list[str]:
    """The paragraphs of the paper's conclusions, else of the discussion it closes on, else —
    a vignette has neither — its examples' closing findings (example_findings.py)."""
    sections = main_points.conclusions(paper) or main_points.closing_discussion(paper)
    found = [p for s in sections for p in s.paragraphs if p.strip()]
    return found or example_findings.example_findings(paper)


def _has_conclusions(paper: Paper) -> bool:
    return bool(main_points.conclusions(paper) or main_points.closing_discussion(paper))


def _last_content(slides: list[Slide]) -> int | None:
    return next((i for i in range(len(slides) - 1, -1, -1) if slides[i].role != "title"), None)


def ends_without_conclusions(slides: list[Slide], paper: Paper) -> int | None:
    """The deck's last slide (0-based) when the paper has conclusions and that slide does not
    close on them: most of its bullets neither come from the conclusions nor state one of the
    paper's results (a mechanism slide, whatever its role or title, and whatever one of its
    bullets says); else None."""
    if not closing_paragraphs(paper):
        return None
    last = _last_content(slides)
    if last is None or closes(slides[last], paper):
        return None
    if not _other_closing(slides, last, paper) and len(_offered(slides, last, paper)) < 2:
        # conclusions of a sentence or two that the deck already states elsewhere: there is no
        # slide of them to end on, and a one-bullet slide would be a thin slide
        return None
    return last


def closes(slide: Slide, paper: Paper) -> bool:
    """Does the slide close the deck: a conclusions slide that says nothing else (no
    bullets), or one whose bullets come from the conclusions or state the paper's results
    at least as often as they come from elsewhere? A slide titled and filled from a method
    section, with one result sentence among its bullets, closes nothing: the reader's last
    slide is the mechanism."""
    if not slide.bullets:
        return slide.role == "conclusion"
    closing = _closing_words(paper)
    results = main_points.result_statements(paper)
    own = sum(
        1
        for b in slide.bullets
        if _from(b, closing) or any(main_points.makes(b, st) for st in results)
    )
    return 2 * own >= len(slide.bullets)


CLOSING_SHARE = 0.75  # of a bullet's content words read in the conclusions: it comes from them


def _closing_words(paper: Paper) -> set[str]:
    return {w for p in closing_paragraphs(paper) for w in text.words(p)}


def _from(bullet: str, closing: set[str]) -> bool:
    words = [w for w in text.words(bullet) if w not in text.STOPWORDS]
    return bool(words) and sum(w in closing for w in words) >= CLOSING_SHARE * len(words)


def _other_closing(slides: list[Slide], last: int, paper: Paper) -> int | None:
    """A conclusions slide before the last one that closes (the repair moves it to the end)."""
    return next(
        (
            i
            for i in range(last - 1, -1, -1)
            if slides[i].role == "conclusion" and closes(slides[i], paper)
        ),
        None,
    )


def close_with_conclusions(slides: list[Slide], paper: Paper, used: set[str]) -> str:
    """The conclusions slide put last: moved there, else made from the conclusions' findings
    and key sentences that no slide states yet (two at least: one bullet is a thin slide); the
    result bullets of the mechanism slide it ends on go to it when that slide keeps two.
    Changes `slides` in place; returns what it did, or ""."""
    last = ends_without_conclusions(slides, paper)
    if last is None:
        return ""
    existing = _other_closing(slides, last, paper)
    if existing is not None:
        slide = slides.pop(existing)
        slides.append(slide)
        return f"moved “{slide.title[:60]}” to the end of the deck"
    chosen = _offered(slides, last, paper)
    paragraphs = closing_paragraphs(paper)
    if len(chosen) < 2:
        return ""
    ending = slides[last]
    found = _movable(ending, paper)
    update: dict = {"role": "method"} if ending.role == "conclusion" else {}
    if found:
        update["bullets"] = [b for b in ending.bullets if b not in found]
    if update:
        slides[last] = ending.model_copy(update=update)
    slides.append(
        Slide(
            kind="bullets",
            title=CLOSING_TITLE if _has_conclusions(paper) else EXAMPLES_TITLE,
            bullets=chosen,
            role="conclusion",
            notes=text.whole_sentences(" ".join(paragraphs), 1500),
        )
    )
    used.update(b.lower() for b in chosen)
    return f"closed the deck with the paper's conclusions: “{text.shorten(chosen[0], 10, ellipsis=True)}”"


def _offered(slides: list[Slide], last: int, paper: Paper) -> list[str]:
    """The closing slide's bullets: the conclusions' bullets of the mechanism slide the deck
    ends on (`_movable`), then the conclusions' findings and key sentences no other slide
    states, at most CLOSING_BULLETS in all (more when the moved ones are more)."""
    found = _movable(slides[last], paper)
    rest = [
        s.model_copy(update={"bullets": [b for b in s.bullets if b not in found]})
        if i == last
        else s
        for i, s in enumerate(slides)
    ]
    fresh = [b for b in _closing_bullets(rest, paper) if not _said(b, found)]
    return [*found, *fresh][: max(CLOSING_BULLETS, len(found))]


def _movable(slide: Slide, paper: Paper) -> list[str]:
    """The slide's bullets from the conclusions or stating a result, when the slide keeps two
    others (or a figure) without them: a slide left thin would be taken off the deck."""
    closing = _closing_words(paper)
    results = main_points.result_statements(paper)
    found = [
        b
        for b in slide.bullets
        if _from(b, closing) or any(main_points.makes(b, st) for st in results)
    ]
    kept = len(slide.bullets) - len(found)
    return found if kept >= 2 or slide.kind != "bullets" else []


def _closing_bullets(slides: list[Slide], paper: Paper) -> list[str]:
    """The conclusions' findings and key sentences that no slide states yet, at most
    CLOSING_BULLETS of them, as bullets."""
    shown = [b for s in slides for b in s.bullets]
    own = {
        s.title for s in [*main_points.conclusions(paper), *main_points.closing_discussion(paper)]
    }
    chosen: list[str] = []
    for st in main_points.result_statements(paper):
        if st.origin in own and not _said(st.bullet, [*shown, *chosen]):
            chosen.append(st.bullet)
    for bullet in example_findings.finding_bullets(paper):  # a vignette's: what its examples showed
        if not _said(bullet, [*shown, *chosen]):
            chosen.append(bullet)
    paragraphs = closing_paragraphs(paper)
    if len(chosen) < CLOSING_BULLETS:
        from apps.decks.pipeline.propose.builtin import _standalone

        scorer = text.Scorer([*(paper.abstract and [paper.abstract] or []), *paragraphs])
        extra = text.key_sentences(
            paragraphs,
            scorer,
            CLOSING_BULLETS,
            exclude={b.lower() for b in [*shown, *chosen]},
            rewrite=_standalone,
        )
        chosen += [b for b in extra if not _said(b, [*shown, *chosen])]
    return chosen[:CLOSING_BULLETS]


def _said(bullet: str, shown: list[str]) -> bool:
    return any(text.similar(bullet, b) or text.same_claim(bullet, b) for b in shown)


# A closing claim with its limits runs longer than a bullet of the body ("The package is a
# partial implementation, accurate over most of the plane and for moderate parameters"): cut
# to 28 words it lost its point and was refused, and the close kept only its generic opening
# sentence, while the paper's close said what was solved and where it fails.
CLAIM_WORDS = 40


def closing_claims(paper: Paper, shown: list[str], budget: int) -> list[str]:
    """The sentences of the paper's conclusions (else of the discussion it closes on) that
    no slide states, each made a bullet whole as the proposer makes one (up to CLAIM_WORDS
    words), in the paper's order, those whose words fit `budget`; at most CLOSING_BULLETS.
    A vignette without conclusions gives none: its examples' findings are no close to fill."""
    from apps.decks.pipeline.propose import bullets

    sections = main_points.conclusions(paper) or main_points.closing_discussion(paper)
    found: list[str] = []
    for paragraph in (p for s in sections for p in s.paragraphs if p.strip()):
        for sentence in text.sentences(paragraph):
            short = text.condense(sentence, CLAIM_WORDS)
            made = bullets.rewrite(short, max_words=CLAIM_WORDS) if short else None
            if made is None or _said(made, [*shown, *found]):
                continue
            words = text.word_count(made)
            if len(found) >= CLOSING_BULLETS:
                return found
            if words > budget:
                continue  # a shorter sentence after it may still fit
            found.append(made)
            budget -= words
    return found
