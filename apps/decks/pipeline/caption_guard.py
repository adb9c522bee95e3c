"""A caption revision is made only when the caption it writes is no worse than the one it
replaces (loop.revise_round, after the other guards).

Two ways a caption's repair made a good slide worse: the new caption is flagged by the
reviewer's own caption rules (review/text_rules.py: broken mathematics, a table's cells, a
plot's sentence that does not stand) at the severity of the issue it answered or above, so the
loop trades one finding for another; or the new caption keeps only part of the old and drops
its legend ("SF = Spring Feeding; NF = No Feeding"), the key the figure's labels need, which no
rule can see is gone. Either way the slide keeps its caption and the finding stays open, with
the reason in review.json's `refused` (and so in `unrepairable`).
"""

from __future__ import annotations

from apps.decks.pipeline import garbled
from apps.decks.pipeline.issues import SEVERITY_RANK, Change, Issue
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.review import text_rules
from apps.decks.pipeline.review.registry import SlideContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck


def caption_findings(number: int, slide: Slide, deck: SlideDeck, paper: Paper) -> list[Issue]:
    """The reviewer's caption rules' findings on `slide` (they read the slide's text, not
    its rendering, so no measure is needed)."""
    context = SlideContext(number, slide, None, deck, paper)  # type: ignore[arg-type]
    rules = (text_rules.caption_math, text_rules.caption_cells, text_rules.plot_caption_defects)
    return [issue for rule in rules for issue in rule(context)]


def legend_keys(caption: str) -> set[str]:
    """The abbreviations `caption` keys ("SF" of "SF = Spring Feeding")."""
    return {m.group(1) for m in garbled.LEGEND_PAIR.finditer(caption)}


def worse_caption(
    number: int, before: Slide, after: Slide, deck: SlideDeck, paper: Paper, answered: str
) -> str:
    """Why `after`'s caption is worse than `before`'s, "" when it is not: it drops keys of the
    legend, or a caption rule flags it at `answered`'s severity or above where it did not
    flag the old caption."""
    if not after.caption.strip() or after.caption == before.caption:
        return ""  # a figure shown without its sentence is the repairs' own way out
    lost = legend_keys(before.caption) - legend_keys(after.caption)
    if lost:
        return f"it drops the legend of the figure's labels ({', '.join(sorted(lost))})"
    had = {(i.type, i.evidence.get("part")) for i in caption_findings(number, before, deck, paper)}
    for issue in caption_findings(number, after, deck, paper):
        new = (issue.type, issue.evidence.get("part")) not in had
        if new and SEVERITY_RANK[issue.severity] >= SEVERITY_RANK[answered]:
            return f"the reviewer would flag it: {issue.message}"
    return ""


def answered_severity(number: int, changes: list[Change], issues: list[Issue]) -> str:
    """The highest severity of the issues the changes on slide `number` answer ("low" when
    no change claims the slide: then any new finding is worse)."""
    ranks = [
        SEVERITY_RANK[issues[c.issue].severity]
        for c in changes
        if c.slide == number and 0 <= c.issue < len(issues)
    ]
    return next(k for k, v in SEVERITY_RANK.items() if v == max(ranks, default=0))
