"""A listing from a PDF is untrusted text: shown as a fenced code block, nothing in it may end
the block, start a slide, become speaker notes or run in Vue — a fence of three backticks, a
"---" line, an HTML comment, a mustache and a script tag stay lines of code."""

import re

from apps.decks.pipeline.render.markdown import deck_markdown
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

HOSTILE = [
    "x <- 1",
    "---",
    "{{ $slidev.nav }}",
    "<!-- not notes -->",
    "<script>alert(1)</script>",
    "```",
    "y <- 2",
]


def test_a_hostile_listing_stays_one_code_block_on_its_slide():
    code = "\n".join(HOSTILE)
    slide = Slide(
        kind="bullets",
        title="Code",
        bullets=["The call sets x"],
        code=code,
        code_lang="r} <b>",
        code_lead="The call sets x",
    )
    after = Slide(kind="bullets", title="After", bullets=["a", "b"])
    deck = SlideDeck(
        title="T", authors=["A B"], slides=[Slide(kind="title", title="T"), slide, after]
    )
    markdown = deck_markdown(deck, None)
    block = re.search(r"^(`{3,})(\S*)\n(.*?)\n\1$", markdown, re.M | re.S)
    assert block is not None
    assert len(block.group(1)) > 3  # longer than the run of backticks inside it
    assert block.group(2) == "rb"  # the language is a word, never markup
    # as printed, but for a word joiner (drawn as nothing) that keeps "<!--" from opening a
    # comment Slidev would run on to the slide's notes
    assert block.group(3).replace("\u2060", "").split("\n") == HOSTILE
    assert "<!--" not in block.group(3)
    outside = markdown.replace(block.group(0), "")
    assert "<script>" not in outside and "{{" not in outside and "not notes" not in outside
    separators = re.findall(r"^---\s*$", outside, re.M)
    assert len(separators) == 2 * len(deck.slides)
