"""Which change of a revision made a slide's bullet, so that a guard can undo that change alone.

A slide's fixes arrive as one revised slide: each fixer rewrote, merged or added bullets in turn,
and the revision names, per change, the issue it answers. When one new bullet is worse than what
it replaced (`loop_guard.no_worse_bullets`), undoing the slide's whole batch threw away the fixes
of its other bullets too (an unseen deck kept four defects of one slide for one rewritten bullet
that named an undefined symbol). This module links bullets to changes:

- the slide's old and new bullets are aligned (`difflib`: a bullet kept is kept, a run replaced
  by a run of the same length is read bullet for bullet, a merge or a cut as one block);
- a block of old bullets belongs to the changes whose issue is about one of them (the issue's
  evidence keeps the flagged bullet's first 200 characters);
- a block no such change claims (an added bullet, a slide rewritten for a slide-level finding)
  belongs to the slide's changes whose issue names no bullet (thin slide, crowded, …).

`partly_reverted` gives the slide with only the culprit changes' blocks put back, or None when
the worse bullet cannot be traced to a change, or every change of the slide made it (the caller
then gives the whole slide back, as before).
"""

from __future__ import annotations

from dataclasses import dataclass
from difflib import SequenceMatcher

from apps.decks.pipeline.issues import Change, Issue
from apps.decks.pipeline.slide_deck import Slide

# the evidence of a bullet finding keeps the bullet's first characters (repair.flagged_bullet)
EVIDENCE_PREFIX = 200


@dataclass(frozen=True)
class Block:
    """A stretch of the slide's bullets the revision changed: `old` became `new`."""

    old: tuple[str, ...]
    new: tuple[str, ...]


def aligned(before: list[str], after: list[str]) -> list[Block]:
    """`after` as blocks of `before`, in order: kept runs (old == new) and the stretches the
    revision changed. A run of n bullets replaced by a run of n is n blocks of one (each bullet
    rewritten in place); a run replaced by a run of another length (a merge, a split, an added
    bullet) stays one block."""
    blocks: list[Block] = []
    matcher = SequenceMatcher(a=before, b=after, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "replace" and i2 - i1 == j2 - j1:
            blocks += [Block((before[i],), (after[i - i1 + j1],)) for i in range(i1, i2)]
        else:
            blocks.append(Block(tuple(before[i1:i2]), tuple(after[j1:j2])))
    return blocks


def _about(issue: Issue, bullets: tuple[str, ...]) -> bool:
    key = str(issue.evidence.get("text") or "")[:EVIDENCE_PREFIX]
    return bool(key) and any(b[:EVIDENCE_PREFIX] == key for b in bullets)


def _slide_level(issue: Issue) -> bool:
    """An issue that names no text of the slide (thin, crowded, count): its repair adds or
    rewrites whatever bullets it chooses."""
    return not issue.evidence.get("text")


def owners(block: Block, changes: list[Change], issues: list[Issue]) -> list[Change]:
    """The changes that made `block`: those answering an issue about one of its old bullets,
    else those answering an issue about the slide as a whole."""
    linked = [c for c in changes if c.issue < len(issues) and _about(issues[c.issue], block.old)]
    if linked:
        return linked
    return [c for c in changes if c.issue < len(issues) and _slide_level(issues[c.issue])]


def partly_reverted(
    before: Slide,
    after: Slide,
    worse: set[str],
    changes: list[Change],
    issues: list[Issue],
) -> tuple[Slide, list[Change]] | None:
    """`after` with only the changes that made a bullet of `worse` undone, and those changes;
    None when a worse bullet is owned by no change, or the culprits are all of `changes` (the
    changes claimed on this slide, titles' aside)."""
    blocks = aligned(before.bullets, after.bullets)
    culprits: list[Change] = []
    for block in blocks:
        if block.old == block.new or not worse & set(block.new):
            continue
        made_by = owners(block, changes, issues)
        if not made_by:
            return None
        culprits += [c for c in made_by if c not in culprits]
    if not culprits or len(culprits) == len(changes):
        return None
    undone = [
        b
        for b in blocks
        if b.old != b.new and any(c in culprits for c in owners(b, changes, issues))
    ]
    bullets = [x for b in blocks for x in (b.old if b in undone else b.new)]
    update: dict = {"bullets": bullets}
    # a lead the undone bullet was (over the slide's display or listing) goes back with it
    lost = {b for block in undone for b in block.new}
    if after.equation_lead in lost:
        update["equation_lead"] = before.equation_lead
    if after.code_lead in lost:
        update["code_lead"] = before.code_lead
    return after.model_copy(update=update), culprits
