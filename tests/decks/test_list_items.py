"""Items of a list whose items do not end with a full stop, read from the layout (hand-built
page lines). A bitmap font's bullet reads as nothing (pdfminer's "(cid:136)"): the item's line
opens with a word that has no text, so the text cannot tell where the item starts, and the
item before it ran on into it ("Controlled by option prior_tau, with a default of 3 $d$: the
decay factor …" — the option of one parameter stated as the next one's)."""

from __future__ import annotations

from apps.decks.pipeline.ingest.cut_at_display import mark_cut_paragraphs
from apps.decks.pipeline.ingest.glyphs import Atom, Glyph, GlyphWord
from apps.decks.pipeline.ingest.layout import Layout, Segment, Word
from apps.decks.pipeline.ingest.list_items import items_mark
from apps.decks.pipeline.ingest.structure import sections_read
from apps.decks.pipeline.paper import Section

CHAR_PT = 5.0
LINE_PT = 13.0
RIGHT = 540.0


def _word(
    text: str, x: float, top: float, font: str = "CMR10", size: float = 10.0, width: float = 0.0
) -> Word:
    width = width or CHAR_PT * len(text)
    glyph = Glyph(text, x, x + width, top, top + size, size, font, top + size)
    source = GlyphWord([Atom(glyph)])
    return Word(source.text, glyph.x0, glyph.x1, top, top + size, size, font, source=source)


def _line(text: str, x0: float, top: float, *, mark: str | None = None, justify: bool = True):
    words, x = [], x0
    if mark is not None:
        words.append(_word(mark, x0 - 12.0, top, width=5.0))
    tokens = text.split()
    widths = sum(CHAR_PT * len(t) for t in tokens)
    gap = (RIGHT - x0 - widths) / max(1, len(tokens) - 1) if justify else 3.0
    for token in tokens:
        word = _word(token, x, top)
        words.append(word)
        x = word.x1 + gap
    return Segment(page=1, words=words)


def _page(lines: list[Segment]) -> Layout:
    heading = Segment(
        1, [_word("2", 72, 50, "CMBX12", 14.0), _word("Prior", 90, 50, "CMBX12", 14.0)]
    )
    intro = [
        _line("The prior is built from a short presample of counts taken before the", 72, 75),
        _line(
            "sampler runs, and one needs to choose values for the following ones:",
            72,
            88,
            justify=False,
        ),
    ]
    pages = [[heading, *intro, *lines]]
    return Layout(pages=pages, page_sizes=[(612, 792)], body_size=10.0, columns=[(72, RIGHT)])


UNREAD = "(cid:136)"  # a bullet of a bitmap font, which no reading names


def _items(mark: str | None) -> list[Segment]:
    top = 110.0
    lines = []
    for first, rest in (
        (
            "tau: the overall tightness of the prior on the counts of every stretch of bank.",
            "Controlled by option prior_tau, with a default of 3",
        ),
        (
            "d: the decay factor for scaling down the weights of counts from earlier springs.",
            "Controlled by option prior_decay, with a default of 0.5",
        ),
        (
            "omega controls the tightness of the prior on the variance of the counts it draws.",
            "Controlled by option prior_omega, with a default of 1",
        ),
    ):
        lines.append(_line(first, 100.0, top, mark=mark))
        lines.append(_line(rest, 100.0, top + LINE_PT, justify=False))
        top += 2 * LINE_PT + 4
    return lines


def _paragraphs(layout: Layout) -> list[str]:
    sections, _, _ = sections_read(layout, set(), set(), None)
    return [p for s in sections for p in s.paragraphs]


def test_a_line_opening_with_an_unread_mark_opens_an_item():
    lines = _items(UNREAD)
    layout = _page(lines)
    items_mark(layout)
    assert [s.item for s in lines] == [True, False] * 3


def test_each_item_is_a_paragraph_of_its_own():
    layout = _page(_items(UNREAD))
    items_mark(layout)
    paragraphs = _paragraphs(layout)
    assert paragraphs[1:] == [
        "tau: the overall tightness of the prior on the counts of every stretch of bank. "
        "Controlled by option prior_tau, with a default of 3",
        "d: the decay factor for scaling down the weights of counts from earlier springs. "
        "Controlled by option prior_decay, with a default of 0.5",
        "omega controls the tightness of the prior on the variance of the counts it draws. "
        "Controlled by option prior_omega, with a default of 1",
    ], paragraphs


def test_items_whose_marks_left_no_glyph_are_told_by_their_indent():
    """A bullet drawn as a rule: the item's lines start at one indent, and the line before
    an item stopped short of the column's edge without ending its sentence."""
    lines = _items(None)
    layout = _page(lines)
    items_mark(layout)
    # the first item is indented under the sentence that announces it with a colon
    assert [s.item for s in lines] == [True, False] * 3


def test_a_paragraph_at_the_column_edge_is_no_list():
    """Lines at the column's edge: a paragraph's lines, however short the one before."""
    top = 110.0
    lines = [
        _line("The sampler draws a thousand counts for every stretch of the bank and", 72, top),
        _line("keeps the last half of them", 72, top + LINE_PT, justify=False),
        _line(
            "for the estimate of the season, which it prints at the end of the run.",
            72,
            top + 2 * LINE_PT,
        ),
    ]
    layout = _page(lines)
    items_mark(layout)
    assert not any(s.item for s in lines)


def test_a_paragraph_announcing_its_display_with_a_colon_gets_no_second_one():
    """An item cut at a display now ends its paragraph there; its line may end with a colon
    already ("… and we therefore have:"), which marking the cut must not double."""
    sections = [Section(title="Typology", paragraphs=["The four types form a partition, so:"])]
    mark_cut_paragraphs(sections, ["The four types form a partition, so:"])
    assert sections[0].paragraphs == ["The four types form a partition, so:"]
