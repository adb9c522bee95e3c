"""SlideDeck → Slidev markdown. The only writer of slides.md.

Every slide body is one raw HTML block (no blank lines inside, so markdown-it passes it through
untouched) built from escaped text: paper text can contain `<`, `{{ }}` (Vue interpolation),
`$` (KaTeX) or `---` (Slidev's slide separator) and must stay text.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

STYLE_SOURCE = Path(__file__).resolve().parents[4] / "renderers" / "slidev" / "deck-style.css"
FIGURES_DIR = "figures"
TALL_ASPECT = 0.9  # figures narrower than this get their caption beside them


def esc(text: str) -> str:
    """Text for an HTML block that Vue compiles: entities for markup, braces and dollars."""
    escaped = html.escape(text, quote=True)
    return escaped.replace("{", "&#123;").replace("}", "&#125;").replace("$", "&#36;")


def _yaml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # JSON strings are valid YAML scalars


def headmatter(deck: SlideDeck) -> str:
    lines = [
        "---",
        "theme: default",
        f"title: {_yaml_string(deck.title)}",
        "titleTemplate: '%s'",
        f"info: {_yaml_string('Slides made by Tessera from ' + deck.title)}",
        "fonts:",
        "  provider: none",
        "routerMode: hash",
        "aspectRatio: 16/9",
        "canvasWidth: 980",
        "colorSchema: light",
        "favicon: ''",
        "download: false",
        "drawings:",
        "  enabled: false",
        "record: false",
        "contextMenu: false",
        "wakeLock: false",
        "transition: none",
        "mdc: false",
        "layout: default",
        "class: deck deck-cover",
        "---",
    ]
    return "\n".join(lines)


def deck_markdown(deck: SlideDeck, paper: Paper) -> str:
    parts: list[str] = []
    total = len(deck.slides)
    for number, slide in enumerate(deck.slides, start=1):
        body = _slide_body(deck, slide, paper, number, total)
        if number == 1:
            parts.append(headmatter(deck) + "\n\n" + body)
        else:
            classes = f"deck deck-{slide.kind}"
            if slide.kind == "figure":
                classes += f" deck-{slide.layout}"
            parts.append(f"---\nlayout: default\nclass: {classes}\n---\n\n{body}")
    return "\n\n".join(parts) + "\n"


def _notes(slide: Slide) -> str:
    if not slide.notes:
        return ""
    text = slide.notes.replace("--", "–").replace("<", "‹").replace(">", "›")
    return f"\n\n<!--\n{text}\n-->"


def _footer(deck: SlideDeck, number: int, total: int) -> str:
    return (
        f'<div class="deck-foot" data-chrome><span>{esc(deck.footer)}</span>'
        f"<span>{number} / {total}</span></div>"
    )


def _points(bullets: list[str], size: int) -> str:
    items = "".join(f"<li>{esc(b)}</li>" for b in bullets)
    return f'<ul class="deck-points" style="--deck-text: {size}px">{items}</ul>'


def _slide_body(deck: SlideDeck, slide: Slide, paper: Paper, number: int, total: int) -> str:
    if slide.kind == "title":
        return _cover(deck, slide) + _notes(slide)
    lines = [f"<h1>{esc(slide.title)}</h1>"]
    figure = paper.figure(slide.figure) if slide.figure else None
    if slide.kind == "figure" and figure is not None:
        caption = slide.caption or figure.caption
        caption_html = f"<b>{esc(figure.label)}.</b> {esc(caption)}"
        fit_class = " deck-fit-cover" if slide.fit == "cover" else ""
        image = (
            f'<img src="./{FIGURES_DIR}/{esc(figure.image)}" alt="{esc(figure.label)}"'
            f' data-figure="{esc(figure.id)}">'
        )
        style = f'style="--deck-fig-h: {slide.figure_height}px"'
        tall = slide.layout != "figure-full" and figure.aspect < TALL_ASPECT
        if tall:  # caption beside the figure, so the figure can use the slide's full height
            figure_html = f'<figure class="deck-figure{fit_class}" {style}>{image}</figure>'
            caption_block = f'<div class="deck-caption" data-caption>{caption_html}</div>'
        else:
            figure_html = (
                f'<figure class="deck-figure{fit_class}" {style}>{image}'
                f"<figcaption>{caption_html}</figcaption></figure>"
            )
            caption_block = ""
        if slide.layout == "figure-full":
            text = ""
            if slide.bullets:
                text = (
                    f'<div class="deck-takeaway" style="--deck-text: {slide.text_size}px">'
                    f"{esc(' '.join(slide.bullets))}</div>"
                )
            lines.append(f'<div class="deck-body deck-stack">{figure_html}{text}</div>')
        else:
            points = _points(slide.bullets, slide.text_size) if slide.bullets else ""
            text = f'<div class="deck-text">{points}{caption_block}</div>'
            inner = figure_html + text if slide.layout == "figure-left" else text + figure_html
            split = "deck-split deck-tall" if tall else "deck-split"
            lines.append(f'<div class="deck-body {split}">{inner}</div>')
    else:
        lines.append(f'<div class="deck-body">{_points(slide.bullets, slide.text_size)}</div>')
    lines.append(_footer(deck, number, total))
    return "\n".join(lines) + _notes(slide)


def _cover(deck: SlideDeck, slide: Slide) -> str:
    venue = deck.venue
    if deck.year and deck.year not in venue:
        venue = f"{venue} · {deck.year}" if venue else deck.year
    rows = [
        '<div class="deck-cover-inner">',
        f'<div class="deck-kicker">{esc(venue)}</div>' if venue else "",
        f"<h1>{esc(slide.title or deck.title)}</h1>",
        f'<div class="deck-authors">{esc(", ".join(deck.authors))}</div>' if deck.authors else "",
        f'<div class="deck-doi">doi:{esc(deck.doi)}</div>' if deck.doi else "",
        "</div>",
    ]
    return "\n".join(row for row in rows if row)


def style_css() -> str:
    return STYLE_SOURCE.read_text()
