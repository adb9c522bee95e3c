"""Where one item of a list ends and the next begins, read from the layout.

A list's items often do not end with a full stop ("… Controlled by option `prior_tau`, with a
default of 3" / "$d$: the decay factor …"), so the text alone cannot tell where an item ends:
read as one paragraph, the next item's first words become the end of this item's sentence,
and a slide says that the option of one parameter sets the next one. The layout tells:

- a line that opens with a list's mark set apart from its text: a bullet or a dash, or a glyph
  no reading names (a bitmap font's bullet reads as nothing: the line starts left of its text
  with an empty word), also when the mark is a segment of its own left of the text;
- a line that starts at the indent of the line before it, or left of it, when that line is
  indented from the column's edge and stopped short of it without ending its sentence, in a
  paper whose lines are set justified (a bullet drawn as a rule leaves no glyph at all; in
  justified text a line stops short only where its paragraph or item ends): the next item,
  or the text after the list;
- a line that opens with a term set in a font of its own (bold or typewriter, a description
  list's label) after a line that stopped short of the column's edge, in such a paper too;
- an indented line under a line that ends with a colon, or one that opens with such a term:
  the first item of the list it announces.

Such a line is marked `Segment.item`: its paragraph (structure.py) starts there.

A description list's term keeps its description, and the description its term: a term set on
a line of its own (a function's signature in typewriter, a bold name) over its description,
indented under it (a list of functions with hanging indents), opens the description's line
— read apart, the term was a listing or a heading and the description a sentence without its
subject ("Initialises the cluster and sets …"). A term before a description that opens like a
sentence ("`gasoline` A data set of …") is set off by a colon (`term_separated`): the two
read as one statement, "`gasoline`: A data set of …", not as a sentence that lost its verb.

A manual's terms are longer than three words: a function's signature ("int fit_model(data, k,
out) :", its trailing colon often in the text's font) and a command-line option with its
argument and its long form ("-k count or --clusters count", the argument in italic, "or" in
roman). Such a line over an indented description is a term too; it opens the description as
`` `fit_model(data, k, out)` `` (the signature in code, its return type left out: the argument
names the description uses are on the slide) or `` `-k` count or `--clusters` count ``, then a
colon.
"""

from __future__ import annotations

import re
from dataclasses import replace

from apps.decks.pipeline.ingest.layout import BOLD_FONT, MONO_FONT, Layout, Segment, Word
from apps.decks.pipeline.ingest.tex_words import LIST_MARKS
from apps.decks.pipeline.ingest.usage_lines import metavariable

MARKS = set(LIST_MARKS) | {"–", "—", "-", "∗", "*", "·", "●", "■", "□", "◆", "►", "▸", "✓", "❖"}
SHORT_EM = 1.2  # a line ending this many font sizes before the column's edge stops short
INDENT_EM = 1.0  # a list's lines are indented at least this much from the column's edge
OUTDENT_EM = 0.5  # a line starting this much left of a list's line is out of its item
SAME_PT = 1.5  # two lines start at one indent
JUSTIFIED_SHARE = 0.6  # of a paper's full lines, this share reaching the column's edge
LINE_SPACING = 2.5  # lines of one list are at most this many font sizes apart
SENTENCE_END = (".", ":", "?", "!", ";")
TERM_WORDS = 3  # a description list's term is this many words at most
TERM_SHARE = 0.6  # a term on its own line is narrower than this share of the column
HANG_EM = 1.8  # a description is indented this much under its term (a paragraph's indent is less)
PROMPT = re.compile(r"^(?:>|\$|#|R>|%)")
MANUAL_TERM_WORDS = 10  # a signature or an option with its arguments is this many words at most
JOINING_WORDS = {"or", "|", ",", "and"}  # "-k n or --clusters n", "-v, --verbose"
CALL = re.compile(r"^[A-Za-z_][\w:.]*\(")  # "fit_model(data," opens a function's signature
NAME = re.compile(r"^[A-Za-z_][\w:.]*$")  # "fit_model (data, k)": the bracket a word apart


def items_mark(layout: Layout) -> None:
    """Set `segment.item` on every line that opens an item of a list; a mark that is a
    segment of its own is joined to the text right of it."""
    joined: list[Segment] = []
    for page in layout.pages:
        _marks_joined(page)
        joined += _terms_joined(layout, page)
    justified = _justified(layout)
    for page in layout.pages:
        lines = sorted(
            (s for s in page if s.role in ("text", "equation")),
            key=lambda s: (s.column, s.top, s.x0),
        )
        previous: Segment | None = None
        for segment in lines:
            if segment.code or segment.cell:
                previous = None  # code and cells are no paragraph's lines
                continue
            if segment.role == "equation":
                previous = segment
                continue
            if not layout.is_body(segment):
                continue  # a script fallen to a line of its own, a footnote: no line of the text
            # the text after a display goes on with the sentence before it, unless it opens
            # with a list's mark or term (a display that ended an item)
            display = previous is not None and previous.role == "equation"
            near = previous is not None and _follows(previous, segment)
            short = (
                near and previous.x1 < _column_right(layout, previous) - SHORT_EM * previous.size
            )
            ended = near and previous.text.rstrip().endswith(SENTENCE_END)
            mark = marker(segment)
            if mark is not None:
                # a dash or star opens an item where a line may open (an indented mark, or
                # after a line that ended): "—" may also just be where a line broke
                segment.item = (
                    mark.text.strip() in LIST_MARKS
                    or not mark.text.strip()
                    or short
                    or ended
                    or mark.x0 - _column_left(layout, segment) >= 0.5 * segment.size
                )
            elif (
                justified
                and short
                and (_term(segment) or not (ended or display) and _hung(layout, previous, segment))
            ):
                segment.item = True
            elif near and not display and previous.text.rstrip().endswith(":"):
                # the list a sentence announces starts indented under it, or with a term
                # (a colon in a name of code, "`LinkingTo:`", announces nothing)
                announced = not _set_apart(previous.words[-1].font)
                segment.item = (
                    announced
                    and _term(segment)
                    or (text_start(segment) >= text_start(previous) + INDENT_EM * segment.size)
                )
            previous = segment
    for segment in joined:
        segment.item = True  # a term opens its item, wherever the line before ended


def marker(segment: Segment) -> Word | None:
    """The segment's first word when it is a list's mark set apart from the text after it: a
    bullet or dash, or a glyph no reading names."""
    if len(segment.words) < 2:
        return None
    first, after = segment.words[0], segment.words[1]
    text = first.text.strip()
    if text not in MARKS and not (not text and _unread(first)):
        return None
    return first if after.x0 - first.x1 >= 0.2 * first.size else None


def text_start(segment: Segment) -> float:
    """Where the segment's text starts: a list's mark before it does not count."""
    words = segment.words[1:] if marker(segment) is not None else segment.words
    printed = [w for w in words if w.text.strip()] or words
    return min(w.x0 for w in printed)


def _unread(word: Word) -> bool:
    """A word made of glyphs no reading names ("(cid:136)", which reads as nothing)."""
    source = word.source
    if source is None:
        return False
    return all(re.fullmatch(r"\(cid:\d+\)|\ufffd", g.text) for g in source.glyphs)


def _marks_joined(page: list[Segment]) -> None:
    """A mark that is a segment of its own (a wide label gap) joins the text right of it on
    its line, so that the item's line opens with it."""
    for index in range(len(page) - 1, -1, -1):
        mark = page[index]
        text = mark.text.strip()
        lone = len(mark.words) == 1 and (text in MARKS or not text and _unread(mark.words[0]))
        if mark.role != "text" or not lone:
            continue
        right = [
            s
            for s in page
            if s is not mark
            and s.role == "text"
            and abs(s.top - mark.top) <= 0.5 * mark.size + 1
            and 0 <= s.x0 - mark.x1 <= 3 * mark.size
        ]
        if not right:
            continue
        text_line = min(right, key=lambda s: s.x0)
        text_line.words[:0] = mark.words
        text_line.refresh()
        del page[index]


def _follows(above: Segment, below: Segment) -> bool:
    size = max(above.size, below.size)
    return above.column == below.column and 0 < below.top - above.top <= LINE_SPACING * size


def _column_right(layout: Layout, segment: Segment) -> float:
    if 0 <= segment.column < len(layout.columns):
        return layout.columns[segment.column][1]
    return segment.x1


def _column_left(layout: Layout, segment: Segment) -> float:
    if 0 <= segment.column < len(layout.columns):
        return layout.columns[segment.column][0]
    return segment.x0


def _hung(layout: Layout, previous: Segment, segment: Segment) -> bool:
    """The line before is a list's, indented from the column's edge, and this one starts at
    its indent (the next item of a list whose marks left no glyph) or left of it (the next
    item of a description list, or the text after the list)."""
    start, before = text_start(segment), text_start(previous)
    indented = before - _column_left(layout, previous) >= INDENT_EM * previous.size
    return indented and (
        abs(start - before) <= SAME_PT or start <= before - OUTDENT_EM * segment.size
    )


def _term(segment: Segment) -> bool:
    """The line opens with a term in a font of its own (bold or typewriter: a description
    list's label, an option's name) before text in another font."""
    return _term_length(segment) > 0


def _term_length(segment: Segment) -> int:
    """How many words of the line (after a list's mark) make the term it opens with: at most
    three set apart in bold or typewriter, then two or more plain words; 0 for none."""
    words = segment.words[1:] if marker(segment) is not None else segment.words
    if len(words) < 3:
        return 0
    head = 0
    while head < len(words) and _set_apart(words[head].font):
        head += 1
    if head == 0 or head > TERM_WORDS or head == len(words):
        return 0
    rest = words[head:]
    plain = sum(1 for w in rest if not _set_apart(w.font) and w.text.isalpha())
    return head if plain >= 2 else 0


def term_separated(segment: Segment) -> str:
    """The line as its paragraph holds it, a colon after the term it opens with when the
    description after the term opens like a sentence, with a capital ("`gasoline` A data set
    …" → "`gasoline`: A data set …"). A description in lower case reads on from its term as a
    sentence ("`sfInit()` initialises …") and is left as it is, as is a term that ends in a
    stop or a colon of its own."""
    if segment.term:
        return _manual_term_separated(segment)
    text = segment.prose_text
    head = _term_length(segment)
    if not head or marker(segment) is not None:
        return text
    words = segment.words
    if words[head - 1].text.endswith((":", ".", ";", ",", "-", "–", "—")):
        return text
    if not words[head].text[:1].isupper():
        return text
    tokens = text.split(" ")
    # the text's first tokens must be the term's words (typewriter quoted in backticks, a
    # dollar escaped: "`name\$`"), or terms with a dollar would go without the colon
    term = " ".join(tokens[:head])
    bare = term.replace("`", "").replace("*", "").replace("\\$", "$")
    if bare != " ".join(w.text for w in words[:head]):
        return text
    return f"{term}: {' '.join(tokens[head:])}"


def _manual_term_separated(segment: Segment) -> str:
    """A signature's or an option's line joined over its description, as "`term`: text"."""
    term, rest = segment.words[: segment.term], segment.words[segment.term :]
    description = Segment(segment.page, rest, column=segment.column).prose_text
    printed = [w for w in term if w.text.strip() and w.text.strip() != ":"]
    opening = _call_opening(printed)
    if opening is not None:
        # a function's signature: its name and arguments in one span of code, the return type
        # before the name left out ("dd_boolean dd_Redundant(m, i)" → `dd_Redundant(m, i)`)
        signature = " ".join(w.text for w in printed[opening:]).rstrip(": ").replace("`", "'")
        return f"`{signature}`: {description}"
    shown = Segment(segment.page, printed, column=segment.column).prose_text.rstrip()
    return f"{re.sub(r':(`?)$', r'\1', shown)}: {description}"


def _terms_joined(layout: Layout, page: list[Segment]) -> list[Segment]:
    """A term on a line of its own with its description indented under it opens the
    description's line; the lines that were joined are returned."""
    joined = []
    for term in [s for s in page if s.role == "text"]:
        manual = _manual_term(layout, term)
        if not (manual or _lone_term(layout, term)):
            continue
        if _in_listing(page, term):
            continue
        below = _description_under(page, term)
        words = term.words
        if below is None and manual:
            # a term at the foot of its column has its description at the head of the next
            below = _description_after_break(layout, term)
            if below is not None:
                words = _moved_to_line(layout, term, below)
        if below is None:
            continue
        below.words[:0] = words
        below.refresh()
        below.code = False
        if manual:
            below.term = len(term.words)
        page.remove(term)
        joined.append(below)
    return joined


def _description_after_break(layout: Layout, term: Segment) -> Segment | None:
    """The first line of the next column (or of the next page's first column) when the term is
    the last line of its column, indented from the column's edge as far as a description is
    from its term."""
    page = layout.pages[term.page - 1]
    if any(
        s.role == "text" and s.column == term.column and s.top > term.top and layout.is_body(s)
        for s in page
    ):
        return None
    if term.column + 1 < len(layout.columns):
        candidates, column = page, term.column + 1
    elif term.page < len(layout.pages):
        candidates, column = layout.pages[term.page], 0
    else:
        return None
    lines = [s for s in candidates if s.role == "text" and s.column == column and layout.is_body(s)]
    if not lines:
        return None
    first = min(lines, key=lambda s: s.top)
    words = [w for w in first.words if w.text.strip()]
    indent = (first.x0 - _column_left(layout, first)) - (term.x0 - _column_left(layout, term))
    return (
        first
        if not first.code
        and len(words) >= 3
        and indent >= HANG_EM * term.size
        and words[0].text[:1].isupper()
        and not _set_apart(words[0].font)
        else None
    )


def _moved_to_line(layout: Layout, term: Segment, line: Segment) -> list[Word]:
    """The term's words placed on the line of its description, as far from the line's
    column edge as they were from their own (the line's top is then the description's)."""
    dx = _column_left(layout, line) - _column_left(layout, term)
    dy = line.top - term.top
    return [
        replace(w, x0=w.x0 + dx, x1=w.x1 + dx, top=w.top + dy, bottom=w.bottom + dy)
        for w in term.words
    ]


def _manual_term(layout: Layout, segment: Segment) -> bool:
    """A function's signature or a command-line option on a line of its own: it opens with a
    word in typewriter, and every word is code, a metavariable in italic, a word joining two
    forms ("or") or a closing colon; a signature has a call's opening bracket, an option a
    dash. A plain name of three words or fewer is `_lone_term`'s."""
    printed = [w for w in segment.words if w.text.strip()]
    if printed and printed[-1].text.strip() == ":":
        printed = printed[:-1]  # "void write_all(f, data) :" with the colon in the text's font
    if not 2 <= len(printed) <= MANUAL_TERM_WORDS or segment.width > 0.8 * layout.column_width():
        return False
    if not MONO_FONT.search(printed[0].font) or PROMPT.match(printed[0].text):
        return False
    if printed[-1].text.endswith((".", "?", "!", ";")):
        return False
    for word in printed:
        if not (
            _set_apart(word.font)
            or metavariable(word.font)
            or word.text.strip().lower() in JOINING_WORDS
        ):
            return False
    option = printed[0].text.startswith("-")
    return _call_opening(printed) is not None or option


def _call_opening(words: list[Word]) -> int | None:
    """Where a function's name opens its call in a signature's words: "name(a," or "name"
    before "(a,"; None for no call."""
    for index, word in enumerate(words):
        if not MONO_FONT.search(word.font):
            continue
        if CALL.match(word.text):
            return index
        after = words[index + 1] if index + 1 < len(words) else None
        if NAME.match(word.text) and after is not None and after.text.startswith("("):
            return index
    return None


def _lone_term(layout: Layout, segment: Segment) -> bool:
    """A short line of one to three words, all bold or typewriter, no sentence ending."""
    printed = [w for w in segment.words if w.text.strip()]
    return (
        0 < len(printed) <= TERM_WORDS
        and all(_set_apart(w.font) for w in printed)
        and not printed[-1].text.endswith((".", "?", "!", ";"))
        and not PROMPT.match(printed[0].text)
        and segment.width <= TERM_SHARE * layout.column_width()
    )


def _description_under(page: list[Segment], term: Segment) -> Segment | None:
    """The line right under the term, indented from it and alone beside it, that opens like a
    sentence in the text's font: the term's description."""
    size = term.size
    beside = [
        s
        for s in page
        if s is not term and abs(s.top - term.top) <= 0.5 * size and s.role != "margin"
    ]
    if beside:
        return None  # a row of a table, or a description on the term's own line
    under = [
        s
        for s in page
        if s.role == "text"
        and s.column == term.column
        and 0 < s.top - term.top <= LINE_SPACING * size
        and s.x1 > term.x0
    ]
    if not under:
        return None
    below = min(under, key=lambda s: s.top)
    words = [w for w in below.words if w.text.strip()]
    return (
        below
        if not below.code
        and len(words) >= 3
        and below.x0 >= term.x0 + HANG_EM * size
        and words[0].text[:1].isupper()
        and not _set_apart(words[0].font)
        else None
    )


def _in_listing(page: list[Segment], term: Segment) -> bool:
    """A line of code just above the term: the term is a listing's last line."""
    return any(
        s.code and s.column == term.column and 0 < term.top - s.top <= LINE_SPACING * term.size
        for s in page
        if s is not term
    )


def _set_apart(font: str) -> bool:
    return bool(BOLD_FONT.search(font) or MONO_FONT.search(font))


def _justified(layout: Layout) -> bool:
    """Most lines of the paper's paragraphs reach their column's right edge."""
    full = reaching = 0
    for segment in layout.segments():
        if not layout.is_body(segment) or len(segment.text.split()) < 6:
            continue
        right = _column_right(layout, segment)
        if segment.x1 < right - 8 * segment.size:
            continue  # a paragraph's last line, a short line
        full += 1
        reaching += segment.x1 >= right - 0.5 * segment.size
    return full > 0 and reaching >= JUSTIFIED_SHARE * full


# A list's number or letter glued to its item's first word: the mark hung in the margin with
# no space set after it ("1.Couch the sheet …", "2)Run …", "3Install …", "(a)the …"), which the
# text layer joins to the word. A number glued to a capitalised word of three letters or more
# and then a space ("4He atoms", "3D printing" stay as they are), or a letter in parentheses.
GLUED_MARK = re.compile(
    r"^(\d{1,2}[.)]?(?=[A-Z][a-z]{2,}\s)|\(?(?:[a-z]|[ivx]{2,4})\)(?=[a-z]{2,}\s))"
)


def mark_set_apart(paragraph: str) -> str:
    """The paragraph with a list mark glued to its first word set apart ("1. Couch …")."""
    return GLUED_MARK.sub(r"\1 ", paragraph, count=1)
