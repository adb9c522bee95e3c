"""SlideDeck → Slidev markdown as people write it. The only writer of slides.md.

Each slide has its own front matter and one of Slidev's built-in layouts (`cover`, `default`,
`two-cols-header`, `image-right` for the one mistake the reviewer must be able to see); text is
Markdown (`#` titles, `-` lists, `![…](…)` images, `>` for captions, `$…$` and `$$…$$` math)
and speaker notes are HTML comments. The look comes from style.css next to slides.md: no
inline style, no HTML. Paper text is escaped for Markdown and Vue (`<`, `*`, `{{`, `---` stay
text); only `$…$` spans pass through, as KaTeX, and they hold no `<` or `>` (`\\lt`, `\\gt`): Slidev
puts a formula KaTeX refuses, or a span its Markdown does not read as math (`$x$5`), into the
page as it is, where Vue compiles `<b :x="…" @click="…">` as an element and runs its
expressions (the site's CSP cannot stop them). No `<!--` is left anywhere in a slide: Slidev's
splitter opens a comment on it even after a backslash, and the comment swallows every slide up
to the next notes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from apps.decks.pipeline.figure_parts import part_shown
from apps.decks.pipeline.garbled import without_unreadable_sentences
from apps.decks.pipeline.paper import Figure, Paper
from apps.decks.pipeline.propose.captions import (
    absent_references_named,
    caption_beyond_title,
    caption_filler,
    caption_text,
    without_credits,
)
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from apps.decks.pipeline.text import CODE_SPAN, without_loose_accents

STYLE_SOURCE = Path(__file__).resolve().parents[4] / "renderers" / "slidev" / "deck-style.css"
FIGURES_DIR = "figures"
MATH = re.compile(r"(?<!\\)\$(?!\$)(.+?)(?<!\\)\$")
MARKDOWN_SPECIAL = re.compile(r"([\\`*_<>&]|~~|^#)")
# A bracket is Markdown only as part of a link, an image or a reference ("[a](b)", "[a][b]",
# "[a]: b", "![a]"): those closing brackets are escaped. Every other bracket stays as printed,
# since a KaTeX plugin may read an escaped "\[ … \]" as display math and drop the brackets.
LINK_BRACKET = re.compile(r"\](?=[(\[:])|(?<=!)\[|\[(?=\^)")
TYPOGRAPHER_SIGN = re.compile(r"\((c|r|tm)\)", re.I)
BARE = re.compile(r"[A-Za-z][\w./%-]*(?: [\w./%-]+)*")
YAML_WORDS = {"true", "false", "yes", "no", "on", "off", "null", "y", "n"}
HEADMATTER = {
    "theme": "default",
    "titleTemplate": "%s",
    "fonts": {"provider": "none"},  # no web fonts: decks work offline
    "routerMode": "hash",
    "aspectRatio": "16/9",
    "canvasWidth": 980,
    "colorSchema": "light",
    "favicon": "",
    "download": False,
    "drawings": {"enabled": False},
    "record": False,
    "contextMenu": False,
    "wakeLock": False,
    "transition": "none",
    "mdc": False,
}


def escape_text(text: str, *, line_start: bool = True) -> str:
    """Plain text for a Markdown line: punctuation that Markdown or Vue would read is escaped
    (at the start of a line also what would begin a list)."""
    text = re.sub(r"\s+", " ", text).replace("\\$", "\u0000")
    text = MARKDOWN_SPECIAL.sub(r"\\\1", text).replace("$", "\\$").replace("\u0000", "\\$")
    # Slidev's splitter finds "<!--" in the raw line, backslash or not: "\<\!--" it does not
    text = text.replace("\\<!", "\\<\\!")
    text = LINK_BRACKET.sub(lambda m: "\\" + m.group(0), text)
    # Slidev's Markdown has the typographer on: a list label "(c)" would show as "©", "(r)" as
    # "®" — an escaped closing bracket keeps the paper's text
    text = TYPOGRAPHER_SIGN.sub(r"(\1\\)", text)
    if line_start:
        text = re.sub(r"^(\d+)([.)])", r"\1\\\2", text)  # "2020. It…" is not an ordered list
        text = re.sub(r"^([-+=])", r"\\\1", text)
        text = re.sub(r"^\[", r"\\[", text)  # "[ ]" or "[x]" first would be a task box
        text = re.sub(r"^:", r"\\:", text)  # "::right::" alone on a line is a layout's slot
    return _no_mustache(text)


def inline(text: str) -> str:
    """Text with `$…$` math and `` `…` `` code: the math is kept for KaTeX, the code as
    Markdown's inline code, the rest escaped."""
    out, last = [], 0
    for match in MATH.finditer(text):
        out.append(_with_code(text[last : match.start()]))
        out.append(f"${_math(match.group(1).strip())}$")
        last = match.end()
    out.append(_with_code(text[last:]))
    return "".join(out).strip()


def _with_code(text: str) -> str:
    out, last = [], 0
    for match in CODE_SPAN.finditer(text):
        out.append(escape_text(text[last : match.start()], line_start=not out and last == 0))
        code = _no_comment(match.group(1).replace(chr(92) + "$", "$"))
        out.append(f"`{_no_mustache(code)}`")
        last = match.end()
    out.append(escape_text(text[last:], line_start=not out))
    return "".join(out)


def _as_text(text: str) -> str:
    """Text where Slidev reads neither HTML nor Vue: angle brackets become look-alikes."""
    return _no_mustache(text.replace("<", "‹").replace(">", "›"))


def _math(tex: str) -> str:
    """A formula for KaTeX with no markup in it, should Slidev put it into the page as it is
    (KaTeX draws `\\lt` as it draws `<`), on one line: a display's lines are lines of
    slides.md, where "---" starts a slide and its front matter, and "$$" ends the display. A
    bare `%` would hide the rest of the line from TeX: it is shown as the sign it stands for."""
    tex = re.sub(r"(?<!\\)([$%])", r"\\\1", re.sub(r"\s+", " ", tex))
    return _no_mustache(tex.replace("<", r"\lt ").replace(">", r"\gt "))


def _no_comment(code: str) -> str:
    """Code as it is, but a word joiner (drawn as nothing) inside each `<!--`: Slidev reads a
    comment opened in a code block as running on to the slide's notes, and they swallow the
    rest of the slide."""
    return code.replace("<!--", "<!\u2060--")


def _no_mustache(text: str) -> str:
    """Vue reads `{{ … }}` in a compiled slide as an expression; keep braces apart."""
    while "{{" in text or "}}" in text:
        text = text.replace("{{", "{ {").replace("}}", "} }")
    return text


def _yaml(value) -> str:
    """A YAML scalar as a person writes it: bare when it is a plain word, quoted otherwise."""
    if isinstance(value, str) and BARE.fullmatch(value) and value.lower() not in YAML_WORDS:
        return value
    return json.dumps(value, ensure_ascii=False)  # JSON scalars are valid YAML


def _front_matter(fields: dict) -> str:
    lines = ["---"]
    for key, value in fields.items():
        if isinstance(value, dict):
            lines.append(f"{key}:")
            lines.extend(f"  {k}: {_yaml(v)}" for k, v in value.items())
        else:
            lines.append(f"{key}: {_yaml(value)}")
    lines.append("---")
    return "\n".join(lines)


def headmatter(deck: SlideDeck) -> dict:
    # Slidev compiles the headmatter title as Markdown into a Vue template (and into the
    # page's <title>): it must stay text, never markup.
    title = _as_text(re.sub(r"\s+", " ", deck.title))
    return {
        "theme": HEADMATTER["theme"],
        "title": title,
        "info": f"Slides made by Tessera from {title}",
        **HEADMATTER,
    }


def deck_markdown(deck: SlideDeck, paper: Paper) -> str:
    parts = []
    shown = {f for s in deck.slides for f in s.figures()}
    for number, slide in enumerate(deck.slides, start=1):
        fields, body = _slide(deck, slide, paper, shown)
        if number == 1:
            fields = {**headmatter(deck), **fields}
        parts.append(_front_matter(fields) + "\n\n" + body + _notes(slide))
    return "\n\n".join(parts) + "\n"


def _notes(slide: Slide) -> str:
    notes = without_unreadable_sentences(slide.notes)  # "5\ufffd5" is never read out
    if not notes:
        return ""
    text = re.sub(r"-{2,}", "–", without_loose_accents(notes))
    return f"\n\n<!--\n{_as_text(text)}\n-->"


def _slide(
    deck: SlideDeck, slide: Slide, paper: Paper, shown: set[str] | None = None
) -> tuple[dict, str]:
    """The slide's front matter and body. `shown`: the ids of the figures the deck shows; a
    figure slide's title and captions name what a figure left out shows, never its number."""
    if slide.kind == "title":
        return {"layout": "cover", "class": "deck-cover"}, _cover(deck, slide)
    figures = [f for f in (paper.figure(i) for i in slide.figures()) if f is not None]
    if figures and slide.panel:  # one part of the figure, drawn as a figure of its own
        figures[0] = part_shown(figures[0], slide.panel)

    def rename(words: str) -> str:
        return words if shown is None else absent_references_named(words, paper, shown)

    slide = slide.model_copy(update={"title": rename(slide.title)}) if figures else slide
    title = f"# {inline(slide.title)}"
    text_class = " text-compact" if slide.compact else ""
    if slide.kind != "figure" or not figures:
        body = [title, *_bullets_and_equation(slide)]
        return {"layout": "default", "class": f"deck-text{text_class}"}, _join(body)
    if slide.fit == "cover":
        fields = {"layout": "image-right", "image": _figure_src(figures[0])}
        return fields, _join([title, _bullets(slide.bullets), _caption(figures[0], slide, rename)])
    if len(figures) == 2:
        body = [
            title,
            "::left::",
            _image(figures[0]),
            _caption(figures[0], slide, rename),
            "::right::",
            _image(figures[1]),
            _caption(figures[1], None, rename),
        ]
        if slide.bullets:
            body += ["::bottom::", _takeaway(slide.bullets)]
        return {"layout": "two-cols-header", "layoutClass": "deck-pair"}, _join(body)
    figure = figures[0]
    # With nothing for its text column but the caption, a wide figure goes across the slide
    # with the caption under it; any other is drawn larger beside its caption than over it.
    # A figure drawn larger beside a column than across keeps even a caption that repeats the
    # title as that column: across the slide, a tall figure leaves two empty columns
    # (empty_area) and a squarish one is drawn below 60 % of the slide's width.
    only_caption = not slide.bullets and not slide.equation.strip() and not larger_across(figure)
    beside = (
        slide.bullets
        or slide.equation.strip()
        or (_caption(figure, slide, rename, keep_filler=True) if only_caption else "")
    )
    if slide.layout == "figure-full" or not beside:
        takeaway = _takeaway(slide.bullets) if slide.bullets else ""
        body = [title, _image(figure), _caption(figure, slide, rename), takeaway]
        return {"layout": "default", "class": f"deck-wide{text_class}"}, _join(body)
    # The caption goes under the text, so that the figure has its column's whole height.
    text = [*_bullets_and_equation(slide), _caption(figure, slide, rename, only_caption)]
    picture = [_image(figure)]
    left, right = (picture, text) if slide.layout == "figure-left" else (text, picture)
    side = "figure-left" if slide.layout == "figure-left" else "figure-right"
    fields = {"layout": "two-cols-header", "layoutClass": f"deck-side {side}{text_class}"}
    return fields, _join([title, "::left::", *left, "::right::", *right])


# The frames of deck-style.css on the 980×552 canvas: across the slide (deck-wide) a figure has
# about 880×370 px under its title and over its caption; in a side column (deck-side, 70 %) about
# 630×430 px. A figure of aspect a (width/height) is drawn min(880, 370a) wide across and
# min(630, 430a) beside: across is the larger only from a ≈ 1.7 on.
WIDE_ASPECT = 1.7


def larger_across(figure: Figure) -> bool:
    """Whether the figure is drawn larger across the slide (caption under) than in a column."""
    width, height = figure.bbox[2] - figure.bbox[0], figure.bbox[3] - figure.bbox[1]
    return height <= 0 or width / height >= WIDE_ASPECT


def _join(blocks: list[str]) -> str:
    return "\n\n".join(b for b in blocks if b)


def _takeaway(bullets: list[str]) -> str:
    """Statements under a figure as one line of sentences (bullets carry no full stop)."""
    if len(bullets) == 1:
        return inline(bullets[0])
    return inline(" ".join(b if b.rstrip()[-1:] in ".!?" else f"{b}." for b in bullets))


def _bullets(bullets: list[str]) -> str:
    return "\n".join(f"- {inline(b)}" for b in bullets)


def _bullets_and_equation(slide: Slide) -> list[str]:
    """The bullets with the display under its lead: in the paper's order on the slide; a
    listing the slide shows goes under the bullet that talks about it."""
    over = slide.bullets_over_equation() if slide.equation.strip() else len(slide.bullets)
    blocks = [
        _bullets(slide.bullets[:over]),
        _equation(slide.equation),
        _bullets(slide.bullets[over:]),
    ]
    if not slide.code.strip():
        return blocks
    if slide.equation.strip() or slide.code_lead not in slide.bullets:
        return [*blocks, _code(slide.code, slide.code_lang)]
    under = slide.bullets.index(slide.code_lead) + 1
    return [
        _bullets(slide.bullets[:under]),
        _code(slide.code, slide.code_lang),
        _bullets(slide.bullets[under:]),
    ]


def _code(code: str, lang: str) -> str:
    """A fenced code block, as a person writes one in Slidev: its text as it is (a fence
    longer than any run of backticks inside it)."""
    longest = max((len(run) for run in re.findall(r"`+", code)), default=0)
    fence = "`" * max(3, longest + 1)
    lang = re.sub(r"[^a-z0-9+#-]", "", lang.lower())
    return f"{fence}{lang}\n{_no_comment(code.rstrip())}\n{fence}"


def _equation(tex: str) -> str:
    return f"$$\n{_math(tex.strip())}\n$$" if tex.strip() else ""


def _figure_src(figure: Figure) -> str:
    return f"./{FIGURES_DIR}/{figure.image}"


def _image(figure: Figure) -> str:
    return f"![{escape_text(figure.label)}]({_figure_src(figure)})"


def _caption(
    figure: Figure, slide: Slide | None, rename=lambda words: words, keep_filler: bool = False
) -> str:
    """The caption line under a figure; `rename` names figures the deck leaves out;
    `keep_filler`: shown even when it says nothing beyond the title (the slide's one text)."""
    # the second figure of a pair has no caption of the slide's own: its caption's first
    # sentence, as a figure slide shows it (not the whole caption)
    caption = slide.caption if slide is not None else caption_text(figure)
    caption = rename(without_credits(caption or figure.caption))
    # a pair's title names both figures: each caption tells them apart, never filler of it
    title = slide.title if slide is not None and len(slide.figures()) == 1 else ""
    if figure.captioned and not keep_filler and caption_filler(caption, title, figure.label):
        # a line that repeats the title, shows the label alone ("Figure 3.") or only credits
        # the figure's source says nothing: what the caption says beyond the title, else no
        # line (the figure gets the room)
        caption = rename(caption_beyond_title(figure, title))
        if not caption:
            return ""
    if not figure.captioned:  # a plot the paper gives no caption: no "Figure." label to show,
        # and the slide's caption as the proposer chose it ("" when the sentence was unfit),
        # never the sentence as printed ("… can be drawn:" leads into code the slide lacks)
        caption = slide.caption if slide is not None else caption_text(figure)
        return f"> {inline(rename(caption))}" if caption.strip() else ""
    return f"> **{escape_text(figure.label)}.** {inline(caption)}"


def _cover(deck: SlideDeck, slide: Slide) -> str:
    venue = deck.venue
    if deck.year and deck.year not in venue:
        venue = f"{venue} · {deck.year}" if venue else deck.year
    lines = [f"# {inline(slide.title or deck.title)}"]
    if deck.authors:
        lines.append(escape_text(", ".join(deck.authors)))
    meta = " · ".join(
        p
        for p in (
            escape_text(venue),
            f"doi:{escape_text(deck.doi, line_start=False)}" if deck.doi else "",
        )
        if p
    )
    if meta:
        lines.append(meta)
    return "\n\n".join(lines)


def style_css() -> str:
    return STYLE_SOURCE.read_text()
