"""One result stated on several slides: a bullet giving the same measured numbers as a bullet of
another slide ("outperforms the baseline by 37.78% in recall@20 and 39.90% in recall@50" on the
motivation slide and again, worded otherwise, on "What this paper does"). A reader sees the
headline twice, and a "Motivation" slide made of results states no problem. The result stays
where it belongs — the slide saying what the paper does or finds — and goes from the other
(the motivation, a method's slide; of two such, the later). The closing slide restates the
main result on purpose (headline.restate), and so does the overview the results slide's
(headline.lead_with): both are left alone."""

from __future__ import annotations

import re

from apps.decks.pipeline.slide_deck import Slide

# a measured value: a percentage or a number with decimals ("37.78%", "0.91", "12,5 %"); never
# a count, a year or a model's size ("7B"), which many statements share
MEASURED = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)?\s?%|(?<![\w.,])\d+[.,]\d+(?![\w%]|[.,]\d)")
HOME_ROLES = ("contributions", "result")
LEFT_OUT = ("title", "conclusion")
# a numbered part of the paper or a version ("Section 3.2", "Eq. 4.1", "v1.2") measures nothing
NUMBERED_PART = re.compile(
    r"\b(?:sections?|sec\.|§|eqs?\.|equations?|tables?|figs?\.|figures?|chapters?|versions?|v)"
    r"\s*\d+(?:\.\d+)*",
    re.I,
)
SHARED = 2  # two measured values in common: one number alone may be a coincidence


def measured(bullet: str) -> set[str]:
    values = MEASURED.findall(NUMBERED_PART.sub(" ", bullet))
    return {re.sub(r"\s", "", m).replace(",", ".") for m in values}


def repeats(slides: list[Slide]) -> list[tuple[int, str, int]]:
    """(slide index, bullet, index of the slide that keeps it) for each bullet that gives a
    result another slide gives: the one away from the result's home (the overview, a results
    slide), else the later; never when both are at home."""
    found: list[tuple[int, str, int]] = []
    bullets = [
        (i, b)
        for i, s in enumerate(slides)
        if s.role not in LEFT_OUT and s.kind != "title"
        for b in s.bullets
        if len(measured(b)) >= SHARED
    ]
    for n, (i, a) in enumerate(bullets):
        for j, b in bullets[n + 1 :]:
            if i == j or len(measured(a) & measured(b)) < SHARED:
                continue
            a_home, b_home = slides[i].role in HOME_ROLES, slides[j].role in HOME_ROLES
            if a_home and b_home:
                continue  # the overview leads with the result its results slide shows: by design
            gone = (i, a, j) if b_home and not a_home else (j, b, i)
            if all(gone[:2] != (k, bullet) for k, bullet, _ in found):
                found.append(gone)  # once for each bullet, however many slides repeat it
    return found


def without_repeats(slides: list[Slide]) -> list[str]:
    """Each repeated result taken off the slide it does not belong on, when that slide keeps two
    bullets (or shows a figure). Changes `slides` in place; returns the bullets taken off."""
    taken: list[str] = []
    for index, bullet, _ in repeats(slides):
        slide = slides[index]
        kept = [b for b in slide.bullets if b != bullet]
        if bullet in slide.bullets and (len(kept) >= 2 or slide.kind == "figure"):
            slides[index] = slide.model_copy(update={"bullets": kept})
            taken.append(bullet)
    return taken
