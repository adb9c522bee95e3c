"""A proposer backed by a language model (any `apps.agent.providers.base.Provider`).

The model sees the paper's outline, its key text and the list of figures, and answers with the
deck as JSON — through the `write_deck` tool when it calls tools, or as the reply's text. The
JSON is validated (schema, known figure ids); a rejected deck goes back to the model once with
the errors, then the builtin proposer takes over so that a run always ends with a deck.
Revisions send the current deck and the reviewer's issues and expect the whole deck back.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from apps.agent.messages import Message
from apps.agent.providers.base import ModelProposal, ModelRequest, Provider, ProviderError, ToolSpec
from apps.decks import errors, limits
from apps.decks.pipeline.issues import ISSUE_TYPES, Change, Issue, Revision
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

logger = logging.getLogger("tessera.decks")

TOOL_NAME = "write_deck"
PROMPT_CHARS = 24_000  # paper text sent with a proposal request
SYSTEM = f"""You turn a research paper into the slides its authors would present.

Answer with the whole deck by calling the {TOOL_NAME} tool (or, without tools, with the JSON
object only). Rules:
- {limits.get_int("min_slides")}–{limits.get_int("max_slides")} slides in total; the title
  slide (title, authors, DOI) is added for you, do not write it.
- Storyline: motivation, what the paper does, method, results, conclusion. One idea per slide.
- Show at least {limits.get_int("min_figures")} of the paper's figures, each on its own
  "figure" slide, with the one or two sentences of the paper that discuss it, condensed.
- At most {limits.get_int("words_beside_figure")} words of bullets beside a figure and
  {limits.get_int("words_text_slide") - 10} words on a text slide. Short, concrete bullets.
- Use only figure ids from the figure list. Layout "figure-full" suits wide figures (aspect
  above 1.25), "figure-right" the others; a tall or dense figure gets no bullets beside it.
  Two near-identical figures go on one slide: "figure" and "figure_pair".
- Every bullet stands on its own: no opening connector ("However", "So,"), no pronoun that
  refers to another slide ("This motivated…"), no pointer to an equation, figure, table or
  section the slide does not show, nothing about the paper's structure ("Section 3 lists…"),
  no table cells read as a sentence. Prefer sentences with a finding (numbers, comparisons).
- A slide's title says its point; never a caption fragment.
- Plain text, with inline mathematics as TeX between dollars ($\\omega_0^2$) and a display
  equation in "equation" (TeX, no dollars). No Markdown, HTML or links."""

REVISE = """The deck below was rendered and reviewed. Fix every issue and send the whole deck
again, with "changes": one entry per issue you answered ({"issue": its index in the issue
list, "action": what you did}). A text issue is fixed by rewriting the bullet so it stands on its
own, or replacing it; a figure issue by giving the figure more room or showing another;
repeated_figures by one slide with "figure" and "figure_pair". Slide numbers count the title
slide as 1; slide 0 means the whole deck. The issue types:
""" + "\n".join(f"- {name}: {meaning}" for name, meaning in ISSUE_TYPES.items())


class SlidePlan(BaseModel):
    """A slide as the model writes it (the title slide is not among them)."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["bullets", "figure"]
    title: str = Field(min_length=1, max_length=120)
    bullets: list[str] = Field(default_factory=list, max_length=6)
    figure: str | None = None
    layout: Literal["figure-right", "figure-left", "figure-full"] = "figure-right"
    caption: str = Field(default="", max_length=300)
    figure_pair: str | None = None
    equation: str = Field(default="", max_length=600)
    notes: str = Field(default="", max_length=3000)


class PlanChange(BaseModel):
    model_config = ConfigDict(extra="forbid")

    issue: int = Field(ge=0)
    action: str = Field(min_length=1, max_length=300)


class DeckPlan(BaseModel):
    model_config = ConfigDict(extra="forbid")

    slides: list[SlidePlan] = Field(min_length=3, max_length=30)
    changes: list[PlanChange] = Field(default_factory=list)


def deck_tool() -> ToolSpec:
    return ToolSpec(
        name=TOOL_NAME,
        description="Submit the whole deck (all slides after the title slide).",
        parameters=DeckPlan.model_json_schema(),
    )


def paper_prompt(paper: Paper) -> str:
    parts = [
        f"Title: {paper.title}",
        f"Authors: {', '.join(paper.authors)}",
        f"Abstract: {paper.abstract}" if paper.abstract else "",
        "",
        "Outline:",
        paper.outline(),
        "",
        "Figures (id, aspect width/height, caption, sentences that discuss it):",
    ]
    for figure in paper.figures:
        if figure.kind == "table" and not figure.carries_results:
            continue
        mentions = " | ".join(m.text for m in figure.mentions[:3])
        parts.append(
            f"- {figure.id} ({figure.label}, aspect {figure.aspect:.2f}): {figure.caption[:400]}"
            + (f"\n  discussed: {mentions[:600]}" if mentions else "")
        )
    parts += ["", "Text:"]
    budget = PROMPT_CHARS
    for section in paper.sections:
        body = " ".join(section.paragraphs)
        chunk = f"## {section.heading}\n{body[: max(400, budget // max(1, len(paper.sections)))]}"
        parts.append(chunk)
        budget -= len(chunk)
        if budget <= 0:
            break
    return "\n".join(p for p in parts if p is not None)


def deck_plan(paper: Paper, deck: SlideDeck) -> dict:
    """The deck as the model wrote it (without the title slide), for revision requests."""
    slides = []
    for slide in deck.slides:
        if slide.kind == "title":
            continue
        slides.append(
            SlidePlan(
                kind=slide.kind,
                title=slide.title[:120],
                bullets=slide.bullets[:6],
                figure=slide.figure,
                layout=slide.layout,
                caption=slide.caption[:300],
                figure_pair=slide.figure_pair,
                equation=slide.equation,
            ).model_dump(exclude={"notes"})
        )
    return {"slides": slides}


class LlmProposer:
    name = "llm"

    def __init__(self, provider: Provider, fallback: BuiltinProposer | None = None):
        self.provider = provider
        self.fallback = fallback or BuiltinProposer()
        self.name = f"llm:{getattr(provider, 'name', 'model')}"

    def propose(self, paper: Paper) -> SlideDeck:
        messages = [Message.system(SYSTEM), Message.user(paper_prompt(paper))]
        try:
            return self._ask(paper, messages)[0]
        except errors.ProposerError as exc:
            logger.warning("model proposer failed, using the builtin one: %s", exc)
            return self.fallback.propose(paper)

    def revise(self, paper: Paper, deck: SlideDeck, issues: list[Issue]) -> Revision:
        request = (
            f"{REVISE}\n\nDeck:\n{json.dumps(deck_plan(paper, deck), ensure_ascii=False)}\n\n"
            f"Issues:\n{json.dumps([i.model_dump() for i in issues], ensure_ascii=False)}\n\n"
            f"Figures: {', '.join(f'{f.id} (aspect {f.aspect:.2f})' for f in paper.figures)}"
        )
        messages = [Message.system(SYSTEM), Message.user(request)]
        try:
            revised, plan = self._ask(paper, messages)
        except errors.ProposerError as exc:
            logger.warning("model revision failed, using the builtin repair: %s", exc)
            return self.fallback.revise(paper, deck, issues)
        changes = [
            Change(
                issue=c.issue,
                slide=issues[c.issue].slide,
                type=issues[c.issue].type,
                action=c.action,
            )
            for c in plan.changes
            if c.issue < len(issues)
        ]
        return Revision(deck=revised, changes=changes)

    def _ask(self, paper: Paper, messages: list[Message]) -> tuple[SlideDeck, DeckPlan]:
        problem = ""
        for _attempt in range(2):
            try:
                proposal = self.provider.complete(
                    ModelRequest(messages=messages, tools=[deck_tool()])
                )
            except ProviderError as exc:
                raise errors.ProposerError(f"the model could not be reached: {exc}") from exc
            try:
                plan = _plan_of(proposal)
                return self._deck(paper, plan), plan
            except (ValueError, ValidationError) as exc:
                problem = _problem_text(exc)
                messages = [*messages, *_rejection(proposal, problem)]
        raise errors.ProposerError(f"the model's deck was rejected twice: {problem[:300]}")

    def _deck(self, paper: Paper, plan: DeckPlan) -> SlideDeck:
        known = {f.id for f in paper.figures}
        unknown = [
            f for s in plan.slides for f in (s.figure, s.figure_pair) if f and f not in known
        ]
        if unknown:
            raise ValueError(f"unknown figure ids {unknown}; use one of {sorted(known)}")
        slides = [Slide(kind="title", title=paper.title, role="title")]
        for item in plan.slides:
            if item.kind == "figure" and not item.figure:
                raise ValueError(f"figure slide “{item.title}” has no figure id")
            slide = Slide(
                kind=item.kind,
                title=item.title,
                bullets=item.bullets,
                figure=item.figure if item.kind == "figure" else None,
                figure_pair=item.figure_pair if item.kind == "figure" else None,
                equation=item.equation,
                layout=item.layout,
                caption=item.caption,
                notes=item.notes,
            )
            slides.append(slide)
        return deck_of(paper, slides)


def _plan_of(proposal: ModelProposal) -> DeckPlan:
    for call in proposal.tool_calls:
        if call.name == TOOL_NAME:
            return DeckPlan.model_validate(call.parsed_arguments())
    raw = proposal.text.strip()
    fenced = re.search(r"```(?:json)?\s*(\{.*\})\s*```", raw, re.S)
    if fenced:
        raw = fenced.group(1)
    start, end = raw.find("{"), raw.rfind("}")
    if start < 0 or end <= start:
        raise ValueError(f"no deck in the reply; call {TOOL_NAME} with the whole deck")
    try:
        data = json.loads(raw[start : end + 1])
    except RecursionError:  # the reply is untrusted: a rejection, not a failed deck job
        raise ValueError("the deck's JSON nests deeper than a JSON reader goes") from None
    return DeckPlan.model_validate(data)


def _problem_text(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        return "; ".join(
            f"{'.'.join(str(p) for p in error['loc'])}: {error['msg']}"
            for error in exc.errors()[:12]
        )
    return str(exc)


def _rejection(proposal: ModelProposal, problem: str) -> list[Message]:
    """The reply and the reason it was rejected, in the form the model's protocol expects."""
    text = f"The deck was rejected: {problem}. Send the whole corrected deck."
    reply = proposal.to_message()
    calls = [c for c in proposal.tool_calls]
    if calls:
        return [reply, *(Message.tool_result(c, text, is_error=True) for c in calls)]
    return [reply, Message.user(text)]
