"""The vision hook: a model that accepts images looks at each screenshot and returns issues in
the reviewer's schema. Used only when the provider says `supports_images`; rule-based review
always runs, so a model outage costs this second opinion, never the deck."""

from __future__ import annotations

import io
import logging
import re
from pathlib import Path

from PIL import Image
from pydantic import BaseModel, Field, ValidationError

from apps.agent import jsontext
from apps.agent.messages import ImageAttachment, Message
from apps.agent.providers.base import ModelRequest, Provider, ProviderError
from apps.decks.pipeline.issues import ISSUE_TYPES, Issue, Severity
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.slide_deck import SlideDeck

logger = logging.getLogger("tessera.decks")

SYSTEM = """You review one slide of a research talk, shown as an image (980×552 canvas).
Report only problems a presenter would fix: text cut off or overflowing, too much text, text
too small to read, a figure that is cropped, distorted, faded, too small or covered, overlapping
elements, poor contrast, an empty or pointless slide. Do not comment on the paper's content.
Answer with JSON only: {"issues": [{"type": "...", "severity": "low|medium|high",
"message": "what is wrong, with numbers where you can", "suggestion": "how to fix it"}]}.
Use {"issues": []} when the slide is fine. Use these types:
""" + "\n".join(f"- {name}: {meaning}" for name, meaning in ISSUE_TYPES.items())
SHOT_WIDTH = 980  # screenshots are sent at canvas size to keep requests small


class _VisionIssue(BaseModel):
    type: str = Field(min_length=1, max_length=40)
    severity: Severity
    message: str = Field(min_length=1, max_length=500)
    suggestion: str = Field(default="", max_length=500)


class _VisionReply(BaseModel):
    issues: list[_VisionIssue] = Field(default_factory=list, max_length=12)


class VisionReviewer:
    def __init__(self, provider: Provider):
        self.provider = provider

    def __call__(
        self, deck: SlideDeck, measures: list[SlideMeasure], shots_dir: Path
    ) -> list[Issue]:
        found: list[Issue] = []
        for measure in measures:
            if not measure.screenshot:
                continue
            slide = deck.slides[measure.slide - 1] if measure.slide <= len(deck.slides) else None
            context = f"Slide {measure.slide} of {len(deck.slides)}"
            if slide is not None:
                context += f" ({slide.kind}: “{slide.title}”)"
            try:
                found += self._slide(measure.slide, context, shots_dir / measure.screenshot)
            except ProviderError as exc:
                logger.warning("vision review stopped at slide %s: %s", measure.slide, exc)
                break
        return found

    def _slide(self, number: int, context: str, path: Path) -> list[Issue]:
        image = _png(path)
        request = ModelRequest(
            messages=[
                Message.system(SYSTEM),
                Message.user(context, [ImageAttachment.from_bytes(image, "image/png")]),
            ]
        )
        proposal = self.provider.complete(request)
        try:
            reply = _reply_of(proposal.text)
        except (ValueError, ValidationError) as exc:
            logger.info("vision reply for slide %s ignored: %s", number, exc)
            return []
        return [
            Issue(
                slide=number,
                type=item.type,
                severity=item.severity,
                message=item.message,
                suggestion=item.suggestion,
                evidence={"source": "vision", "model": getattr(self.provider, "model", "")},
            )
            for item in reply.issues
        ]


def _png(path: Path) -> bytes:
    with Image.open(path) as opened:
        image = opened.convert("RGB")
    if image.width > SHOT_WIDTH:
        image = image.resize((SHOT_WIDTH, round(image.height * SHOT_WIDTH / image.width)))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def _reply_of(text: str) -> _VisionReply:
    fenced = re.search(r"```(?:json)?\s*(\{.*\})\s*```", text, re.S)
    raw = fenced.group(1) if fenced else text
    start, end = raw.find("{"), raw.rfind("}")
    if start < 0 or end <= start:
        raise ValueError("no JSON object in the reply")
    # the reply is untrusted: JSON nested past the json module's recursion raised a
    # RecursionError past the caller's "reply ignored" and failed the deck job
    return _VisionReply.model_validate(jsontext.loads(raw[start : end + 1], what="The reply"))
