"""Is a retitle worth making: a new title no worse than the one it replaces.

The reviewer's title checks (`title_quality.all_problems`) judge a title by itself. A retitle
that passes them can still say less than the title it replaces: a bullet's first word
("Training"), a phrase that fits any slide ("Our approach", "Below"), a caption cut at a comma
("Accuracy of the models,"). `shortfalls` names what a new title lacks that a title must have;
loop_guard.no_worse_retitles keeps the old title when the new one falls short where the old
did not.
"""

from __future__ import annotations

import re

from apps.decks.pipeline import text, title_defects, title_quality
from apps.decks.pipeline.paper import Paper

# A title that names only the kind of slide ("Results", "Method"); loop_guard's own rule
GENERIC_TITLE = re.compile(
    r"^(?:the\s+)?(?:results?|methods?|methodology|approach|background|discussion|"
    r"introduction|overview|motivation|conclusions?|summary|evaluation|experiments?|"
    r"findings|analysis|key points|main points|details)(?:\s+\(continued\))*\s*$",
    re.I,
)
# Words a title may end on only when cut: the sentence it came from goes on after them
ARTICLES = frozenset({"a", "an", "the"})
# Phrases that fit any slide of any paper: they name no subject of this one
VAGUE_TITLE = re.compile(
    r"^(?:(?:our|the|this|a|an|proposed|new|first|second|third|final|main|initial|basic|"
    r"simple|alternative|other)\s+)*(?:approach|method|methods|work|idea|model|"
    r"system|contribution|contributions|solution|framework|technique|setup|results?|"
    r"below|above|following|here|next|more|details|this|that|it)\s*$",
    re.I,
)


def _content_words(value: str) -> set[str]:
    """The stems (first five letters) of `value`'s content words: "models" meets "model"."""
    flat = text.MATH_SPAN.sub(" ", value)
    return {w[:5] for w in text.words(flat) if len(w) > 2 and w not in text.STOPWORDS}


def _slide_words(slide) -> set[str]:
    """The content words of what the slide shows: its bullets, caption and leads."""
    shown = [*slide.bullets, slide.caption, slide.equation_lead, slide.code_lead]
    return _content_words(" ".join(shown))


def own_heading(title: str, paper: Paper) -> bool:
    """Is `title` (without "(continued)") one of the paper's section headings, or the head of
    one of three words or more (a heading cut at a line-end hyphen, "The penalized least
    squares approach to lin-", is titled by the words before its cut)?"""
    bare = title_quality.CONTINUED.sub("", title).strip().lower()
    headings = [h for s in paper.sections for h in (s.title.strip().lower(), s.heading.lower())]
    if bare in headings:
        return True
    return len(bare.split()) >= 3 and any(h.startswith(bare + " ") for h in headings)


def shortfalls(title: str, slide, paper: Paper) -> list[str]:
    """What `title` over `slide` lacks of a title: it is one word (unless the paper's own
    heading is that word), ends on a comma, a preposition or an article, is a phrase that
    fits any slide, or carries no content word of the slide it heads."""
    if slide.kind == "title":
        return []
    bare = title_quality.CONTINUED.sub("", title).strip()
    found = []
    words = bare.split()
    if len(words) <= 1 and not own_heading(bare, paper):
        found.append("a single word")
    if re.search(r"[,;:]\s*$", bare):
        found.append("cut at a comma")
    elif words and words[-1].lower() in title_defects.PREPOSITIONS | ARTICLES:
        found.append("ending on a preposition or an article")
    if VAGUE_TITLE.match(bare):
        found.append("a phrase that fits any slide")
    shown = _slide_words(slide)
    if shown and not (_content_words(bare) & shown) and not own_heading(bare, paper):
        found.append("without a word of the slide")
    return found


def worse_title(new: str, after, old: str, before, paper: Paper) -> list[str]:
    """The shortfalls of the retitle `old` → `new` that `old` did not have: a title may lose
    only what it already lacked. A kind word ("Results") is judged by
    loop_guard.no_generic_retitles, and a title that says nothing ("Key points") has nothing
    to lose."""
    if GENERIC_TITLE.match(new) or title_defects.EMPTY_TITLE.match(old):
        return []
    had = set(shortfalls(old, before, paper))
    return [s for s in shortfalls(new, after, paper) if s not in had]
