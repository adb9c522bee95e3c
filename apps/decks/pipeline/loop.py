"""The Proposer–Reviewer loop: render → review → revise, round after round.

Each round builds the deck with Slidev, screenshots and measures every slide in Chromium, runs
the reviewer (rules, and the vision model when there is one) and, while issues at or above the
threshold remain, asks the proposer for a revision whose changes name the issues they answer.
Every round is kept in rounds/NN/; the best one becomes the final deck.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from apps.decks.pipeline import revision_audit
from apps.decks.pipeline.issues import (
    SEVERITY_RANK,
    Change,
    Issue,
    Severity,
    blocking,
    counts,
    repairable_lows,
)
from apps.decks.pipeline.katex_check import katex_checked
from apps.decks.pipeline.loop_guard import (
    Refusals,
    findings_repeat,
    no_foreign_captions,
    no_generic_retitles,
    no_repeated_retitles,
    no_returned_figures,
    no_reversals,
    no_thinning_removals,
    no_worse_bullets,
    no_worse_captions,
    no_worse_retitles,
    settle_title_findings,
)
from apps.decks.pipeline.open_findings import carried_findings
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.progress import Phase
from apps.decks.pipeline.propose import unrepaired
from apps.decks.pipeline.propose.base import Proposer
from apps.decks.pipeline.render import slidev
from apps.decks.pipeline.render.browser import Renderer
from apps.decks.pipeline.render.markdown import FIGURES_DIR, deck_markdown
from apps.decks.pipeline.repair_guard import (
    no_duplicate_figures,
    no_stub_code,
    no_unchanged_claims,
)
from apps.decks.pipeline.result_losses import lost_results
from apps.decks.pipeline.review import review
from apps.decks.pipeline.revision_harms import (
    no_lost_purpose,
    no_stranded_bullets,
    no_unsound_added_slides,
)
from apps.decks.pipeline.revision_repeats import no_repeated_additions
from apps.decks.pipeline.slide_deck import SlideDeck
from apps.decks.pipeline.undone_fixes import undone_by_guards

Report = Callable[..., None]


@dataclass
class RoundRecord:
    number: int
    deck: SlideDeck
    issues: list[Issue]
    folder: Path  # rounds/NN inside the output folder once the run is complete
    changes: list[Change] = field(default_factory=list)  # the revision that answered `issues`
    fixed: int = 0  # issues of this round the next round no longer has
    refused: Refusals = field(default_factory=list)  # what the loop's guards undid, and why
    # blocking issues the revision left unanswered, each with the reason (unrepaired.py)
    unrepairable: list[dict] = field(default_factory=list)
    # on the last round, why the loop ended: clean, rounds, repeat or unrepairable
    stopped: str = ""
    # the results round 1 carried that this round no longer does (result_losses.py)
    lost: list[dict] = field(default_factory=list)

    @property
    def counts(self) -> dict[str, int]:
        return counts(self.issues)

    def rank(self) -> tuple[int, int, int, int, int]:
        """Lower is better: a round with a high finding open is the worst (a crop that shows
        body text is no way to keep a result); of the others, one that lost a result of
        round 1's is worse than any that kept them, whatever else it scores (a deletion
        answers findings and loses the result)."""
        c = self.counts
        return (c["high"], len(self.lost), c["medium"], c["low"], -self.number)

    def as_review(self) -> dict:
        return {
            "round": self.number,
            "slides": len(self.deck.slides),
            "counts": self.counts,
            "issues": [i.model_dump() for i in self.issues],
            "revisions": [c.model_dump() for c in self.changes],
            "fixed": self.fixed,
            "refused": self.refused,
            "unrepairable": self.unrepairable,
            "lost_results": self.lost,
            **({"stopped": self.stopped} if self.stopped else {}),
        }


def _silent(*_args, **_kwargs) -> None:
    return None


def review_loop(
    *,
    paper: Paper,
    deck: SlideDeck,
    proposer: Proposer,
    staging: Path,
    rounds: int,
    threshold: Severity = "medium",
    report: Report | None = None,
    vision=None,
) -> tuple[list[RoundRecord], Path]:
    """Render, review and revise until no issue at or above `threshold`, or `rounds` rounds.

    Figures must be in staging/figures. Returns every round and the build of the best one.
    """
    report = report or _silent
    work = staging / "work"
    best_build = work / "best-build"
    figures = staging / FIGURES_DIR
    records: list[RoundRecord] = []
    low_pass = False  # a revision for low findings only was made (one per loop)
    with Renderer() as renderer:
        for number in range(1, rounds + 1):
            folder = staging / "rounds" / f"{number:02d}"
            folder.mkdir(parents=True, exist_ok=True)
            deck = katex_checked(deck)  # a formula KaTeX refuses would show as red source
            markdown = deck_markdown(deck, paper)
            (folder / "slides.md").write_text(markdown)
            (folder / "deck.json").write_text(deck.model_dump_json(indent=2))
            total = len(deck.slides)
            prefix = f"round {number} of {rounds}"

            _say(report, "build", f"{prefix}: building {total} slides", number, slides=total)
            entry = slidev.workspace_write(work / "workspace", markdown, figures)
            build = slidev.build(entry, work / "build")

            def on_slide(k: int, n: int, number: int = number, prefix: str = prefix) -> None:
                _say(
                    report,
                    "render",
                    f"{prefix}: rendering slide {k}/{n}",
                    number,
                    slide=k,
                    slides=n,
                    part=(k - 1) / max(1, n),
                )

            measures = renderer.render(build, total, folder / "slides", figures, on_slide=on_slide)
            (folder / "measures.json").write_text(
                json.dumps([m.model_dump() for m in measures], indent=1)
            )
            _say(report, "review", f"{prefix}: reviewing", number, slides=total)
            issues = review(deck, measures, paper, figures)
            if vision is not None:
                issues += vision(deck, measures, folder / "slides")
            # a title that went and came back stays: its findings no longer block
            issues = settle_title_findings([r.deck for r in records], deck, issues)
            if records:
                # what the round before could not repair and left as it was is still there
                last = records[-1]
                issues = carried_findings(
                    last.deck, last.issues, last.unrepairable, deck, issues, identity
                )
            (folder / "issues.json").write_text(
                json.dumps([i.model_dump() for i in issues], indent=2, ensure_ascii=False)
            )
            record = RoundRecord(number, deck, issues, folder)
            if records:
                record.lost = lost_results(paper, records[0].deck, deck)
            if records:
                records[-1].fixed = fixed_count(records[-1], record)
            records.append(record)
            if min(records, key=RoundRecord.rank) is record:
                shutil.rmtree(best_build, ignore_errors=True)
                build.rename(best_build)
            found = record.counts
            _say(
                report,
                "review",
                f"{prefix}: {found['high']} high, {found['medium']} medium, {found['low']} low issues",
                number,
                slides=total,
                part=1.0,
                issues=found,
            )
            lows_only = not blocking(issues, threshold)
            stop = stop_reason(issues, threshold, last_round=number == rounds, low_pass=low_pass)
            if stop:
                record.stopped = stop
                break
            # a cycle: this round finds only what a round before the last one found (and was
            # revised for) already; revising again would go round the same way
            if not lows_only and findings_repeat(
                [(r.deck, blocking(r.issues, threshold)) for r in records[:-2]],
                deck,
                blocking(issues, threshold),
            ):
                # said after the review's count (part 1.0): the bar never goes back
                _say(
                    report,
                    "review",
                    f"{prefix}: the findings repeat an earlier round",
                    number,
                    part=1.0,
                )
                record.stopped = "repeat"
                break
            to_fix = len(blocking(issues, threshold) or repairable_lows(issues, threshold))
            _say(
                report,
                "revise",
                f"{prefix}: revising {to_fix} issue{'' if to_fix == 1 else 's'}",
                number,
            )
            revised = revise_record(proposer, paper, records, threshold)
            if revised is None:
                if lows_only:
                    record.stopped = "clean"  # the lows had no safe repair: nothing blocks
                break  # nothing the proposer can do: another round would show the same deck
            low_pass = low_pass or lows_only  # one revision for lows only per loop
            deck = revised
    return records, best_build


def stop_reason(
    issues: list[Issue], threshold: Severity, *, last_round: bool, low_pass: bool
) -> str:
    """Why the loop stops after reviewing a round, or "" when it revises. With nothing at or
    above the threshold it is "clean" — unless low findings whose repair is safe are open
    (issues.LOW_REPAIRED) and no revision of this loop was one for lows only yet: those get one
    revision (set 16: the loop left every low finding open, among them audited defects)."""
    if not blocking(issues, threshold):
        if repairable_lows(issues, threshold) and not low_pass and not last_round:
            return ""
        return "clean"
    return "rounds" if last_round else ""


def revise_record(
    proposer: Proposer, paper: Paper, records: list[RoundRecord], threshold: Severity
) -> SlideDeck | None:
    """The revision of the last round's deck for its issues, or None when the proposer changed
    nothing (the loop stops). The round records its changes, what the guards refused, and each
    blocking issue left unanswered with the reason (review.json's `unrepairable`), so that a
    loop that stops with issues open says why."""
    record = records[-1]
    deck, issues = record.deck, record.issues
    # the findings above the threshold, and of the low ones only those whose repair is safe
    # (issues.LOW_REPAIRED), in a round with blocking findings as in one without: a low
    # finding's repair given in a blocking round took a derivation's displays off the deck
    # (thin_slide, low: "the fix could only take it off") and moved figures to slides of
    # their own (figure_narrow)
    safe = repairable_lows(issues, threshold)
    given = [i for i in issues if i in blocking(issues, threshold) or i in safe]
    revised, changes = revise_round(
        proposer, paper, [r.deck for r in records[:-1]], deck, given, record.refused
    )
    record.changes = [c.model_copy(update={"issue": issues.index(given[c.issue])}) for c in changes]
    if given is not issues:  # what the guards refused (this round's only) names its issue
        for entry in record.refused:  # in the round's list too
            for change in entry.get("changes", []):
                if 0 <= change.get("issue", -1) < len(given):
                    change["issue"] = issues.index(given[change["issue"]])
    record.unrepairable = unrepaired.unanswered(
        blocking(issues, threshold), issues, record.changes, record.refused, paper, deck
    )
    if not record.changes or revised == deck:
        record.stopped = "unrepairable"
        return None
    return revised


def revise_round(
    proposer: Proposer,
    paper: Paper,
    earlier: list[SlideDeck],
    deck: SlideDeck,
    issues: list[Issue],
    refused: Refusals | None = None,
) -> tuple[SlideDeck, list[Change]]:
    """The proposer's revision of `deck` for `issues` (most severe first), its changes naming
    their issue by its index in `issues`; `earlier` are the decks of the rounds before. What
    the guards undo of it (a revision that would make the deck worse) goes to `refused`."""
    ordered = sorted(issues, key=lambda i: -SEVERITY_RANK[i.severity])
    revision = proposer.revise(paper, deck, ordered)
    changes = [
        c.model_copy(update={"issue": issues.index(ordered[c.issue])})
        for c in revision.changes
        if 0 <= c.issue < len(ordered)
    ]
    # a fix that undoes an earlier round's fix of another issue is not applied
    before = changes
    revised, changes = no_reversals(earlier, deck, revision.deck, changes)
    _dropped(
        refused,
        "no_reversals",
        "the fix brings back a slide an earlier round showed",
        before,
        changes,
    )
    # nor does a count fix put back a figure an earlier round took off
    before = changes
    revised, changes = no_returned_figures(earlier, deck, revised, changes, paper)
    _dropped(
        refused,
        "no_returned_figures",
        "the fix adds back a figure an earlier round removed",
        before,
        changes,
    )
    # a retitle escapes no_reversals (a text slide is known by its title there)
    before = changes
    revised, changes = no_repeated_retitles(earlier, deck, revised, changes)
    _dropped(
        refused,
        "no_repeated_retitles",
        "the slide had this title in an earlier round",
        before,
        changes,
    )
    # a retitle to a title the reviewer would fault (maths lost, a fragment) is no fix
    revised, changes = no_worse_retitles(paper, deck, revised, changes, refused)
    # nor is a retitle to a kind word ("Results") over the paper's heading or a sound title
    revised, changes = no_generic_retitles(paper, deck, revised, changes, refused)
    # a replacement bullet the text checks fault where the old ones passed is no fix
    revised, changes = no_worse_bullets(deck, revised, changes, refused, paper, issues)
    # nor is a cut that leaves a kept bullet leaning on the one it took off
    revised, changes = no_stranded_bullets(paper, deck, revised, changes, issues, refused)
    # a caption must be the figure's own or a sentence of the paper about that figure
    revised, changes = no_foreign_captions(paper, deck, revised, changes, refused)
    # nor one the caption rules flag as badly as what it answers, or that drops the legend
    revised, changes = no_worse_captions(paper, deck, revised, changes, issues, refused)
    # a figure swapped in that another slide shows already, or a stub of code, is no repair
    revised, changes = no_duplicate_figures(deck, revised, changes, refused)
    revised, changes = no_stub_code(paper, deck, revised, changes, refused)
    # a display, or the figure of the result, leaves the deck only for a high issue or its own
    revised, changes = no_thinning_removals(paper, deck, revised, changes, issues, refused)
    # a slide added for a count finding stands alone, or the finding stays open
    revised, changes = no_unsound_added_slides(paper, deck, revised, changes, refused)
    # and no fix puts on a slide what another slide of the deck says already
    revised, changes = no_repeated_additions(deck, revised, changes, refused)
    # the slide saying what the paper does is never merged or deleted away
    revised, changes = no_lost_purpose(deck, revised, changes, issues, refused)
    # last, the revised deck read as a whole against the one before: no point said nowhere
    # any more, no new bullet the gate refuses where it stands, no pair of figures squeezed
    revised, changes = revision_audit.audited(paper, deck, revised, changes, issues, refused)
    # a change claimed on a bullet its slide still shows, unchanged, answered nothing
    changes = no_unchanged_claims(deck, revised, changes, issues, refused)
    # nor a change whose every slide a guard gave back as it was (a deck-level change names
    # no slide for the guards to drop it by): the round must not count it made
    changes = undone_by_guards(deck, revision.deck, revised, changes, issues, refused)
    return (revised, []) if revised == deck else (revised, changes)


def _dropped(
    refused: Refusals | None, guard: str, why: str, before: list[Change], after: list[Change]
) -> None:
    """Record in `refused` the changes a guard that keeps no record of its own dropped, so
    that an issue left open by it is not taken for one no repair exists for."""
    dropped = [c for c in before if c not in after]
    if refused is None or not dropped:
        return
    refused.append(
        {
            "guard": guard,
            "slide": dropped[0].slide,
            "why": why,
            "changes": [c.model_dump() for c in dropped],
        }
    )


def _say(report: Report, phase: Phase, message: str, number: int, **fields) -> None:
    report(phase, message, round_number=number, **fields)


def identity(issue: Issue) -> tuple:
    """What an issue is about, independent of slide numbers (a revision may move slides)."""
    evidence = issue.evidence
    about = evidence.get("text") or evidence.get("figure") or evidence.get("figures")
    return (issue.type, str(about) if about else issue.slide)


def fixed_count(before: RoundRecord, after: RoundRecord) -> int:
    """Issues of `before` that a change answered and that `after` no longer has."""
    remaining = {identity(i) for i in after.issues}
    answered = {c.issue for c in before.changes}
    return sum(
        1
        for index, issue in enumerate(before.issues)
        if index in answered and identity(issue) not in remaining
    )
