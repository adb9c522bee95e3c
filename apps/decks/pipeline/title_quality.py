"""Ways a slide title misleads a reader that the fragment checks (title_defects.py) do
not see, shared by the reviewer (review/title_rules.py), the title fixer's candidates
(propose/repair.py) and the loop's guard against a retitle that makes a title worse
(loop_guard.no_worse_retitles):

- `plot_label`: a word the PDF sets inside a plot (an axis or legend label, a panel title:
  "Counts", "Samples") that ingestion read as a heading and the deck took as a title;
- `foreign_figure`: a title pointing at a figure or table the slide does not show ("… of the
  data of Fig. 1" over Figure 2);
- `placeholder`: a title whose mathematics became the placeholder the title checks read math
  as ("Signs “X” and “X”" for "Signs “Γ” and “P”");
- `glued_subtitle`: a cover title that runs on into its subtitle ("… with the Hilbert curve
  Description of the packages …", "… with DYNARE. A practical guide.");
- `float_label`: a title opening on its float's label ("Figure 4: Survival curves …");
- `math_words`: a word of the title set as maths ("Effect of $temperature$", "Re$g$ression").
"""

from __future__ import annotations

import re

from apps.decks.pipeline import complement_cuts, text, title_defects, title_style
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.text import MATH_SPAN

CONTINUED = re.compile(r"(?:\s*\(continued\))+\s*$", re.I)
# "Fig. 1", "Figure 2", "Figs. 3", "Table 4": a pointer at one numbered float of the paper
FLOAT_POINTER = re.compile(r"\b(Fig(?:ure)?s?\.?|Tables?)\s*(\d+)\b", re.I)
# The placeholder a maths run becomes when a title is read without its maths: a lone capital X
PLACEHOLDER = re.compile(r"(?<![\w$\\])X(?![\w$])")
# An axis letter the text layer sets before a heading's paragraph ("x There are two things …")
STRAY_AXIS_TOKEN = re.compile(r"^[a-zA-Z]\s+[A-Z][a-z]")
# A label is a word or two, never a sentence
MAX_LABEL_WORDS = 3
# How far outside its crop a figure's own text may stand (a legend beside the plot), points
LABEL_MARGIN = 12.0


# The words a document's second title line opens with ("Description of the packages …", "A
# user's guide"), capitalised after a lower-case word of the first line with no stop between
SUBTITLE_OPENER = re.compile(
    r"(\S+) (?:Description|Introduction|Documentation|Notes|Tutorial|Guide|Overview|"
    r"Manual|Vignette|Reference|Supplement|Companion|Handbook)\b"
)
# A word that joins the opener to the first line's phrase ("an Overview", "to the Manual")
JOINING = {"a", "an", "the", "of", "to", "for", "and", "or", "with", "in", "on", "by", "from"}
# A sentence's stop inside a title, a capital after it: the subtitle's own sentence
INNER_STOP = re.compile(r"(\S+)\. (?=[A-Z])")
# A cover title's first line is at least this many words
MIN_HEAD_WORDS = 3


def glued_subtitle(title: str) -> str | None:
    """The subtitle a cover title ran on into (its second line), or None."""
    head = None
    opener = next(
        (
            m
            for m in SUBTITLE_OPENER.finditer(title)
            # the first line's last word is lower case (a title set in sentence case) and
            # does not join the opener to it
            if re.fullmatch(r"[a-z][a-z0-9-]*", m.group(1)) and m.group(1) not in JOINING
        ),
        None,
    )
    if opener:
        head = title[: opener.end(1)]
    else:
        for stop in INNER_STOP.finditer(title):
            if not text.is_abbreviation(stop.group(1) + "."):
                head = title[: stop.end(1)]
                break
    if head is None or len(head.split()) < MIN_HEAD_WORDS:
        return None
    return title[len(head) :].strip(" .") or None


def _bare(title: str) -> str:
    return CONTINUED.sub("", title).strip().rstrip(".:").strip().casefold()


# A caption's part number or closing stop ("Neuron model (2).", "Populations."): what is left is
# the caption's whole subject
CAPTION_PART = re.compile(r"\s*(?:\(\d+\)|\([a-z]\))?\s*\.?\s*$", re.I)


def plot_label(title: str, paper: Paper) -> str | None:
    """The title when it is text the PDF sets inside a figure rather than a heading: a word or
    two equal to a label or panel heading read within a figure's crop, or a heading the paper
    repeats that carries no number in a numbered paper and whose text opens on a stray axis
    letter, goes on with an interrupted sentence, or repeats (a legend label read on each plot
    of the same kind)."""
    bare = _bare(title)
    if not bare or len(bare.split()) > MAX_LABEL_WORDS:
        return None
    same = [s for s in paper.sections if _bare(s.title) == bare]
    if any(s.number for s in same):
        return None  # a numbered heading of the paper ("3.1 Traces") is the author's
    if any(_bare(CAPTION_PART.sub("", f.caption)) == bare for f in paper.figures):
        return None  # a figure's whole caption ("Neuron model (1)"): the author's title for it
    for figure in paper.figures:
        x0, top, x1, bottom = figure.bbox
        for line in figure.nearby:
            if line.kind not in ("label", "heading") or _bare(line.text) != bare:
                continue
            lx0, ltop, lx1, lbottom = line.bbox
            if (
                lx0 >= x0 - LABEL_MARGIN
                and lx1 <= x1 + LABEL_MARGIN
                and ltop >= top - LABEL_MARGIN
                and lbottom <= bottom + LABEL_MARGIN
            ):
                return title
    if not same:
        return None
    # the text under it does not start as a paragraph does: it opens on an axis letter
    # ("x There are …") or goes on with a sentence the label interrupted ("external libraries
    # …"): the "heading" stood inside a figure between two lines of the running text
    opening = [s.paragraphs[0] for s in same if s.paragraphs]
    if any(STRAY_AXIS_TOKEN.match(p) or p[:1].islower() for p in opening):
        return title
    # the same label on two plots of one kind, in a paper whose headings carry numbers
    numbered = sum(1 for s in paper.sections if s.number)
    return title if len(same) > 1 and 2 * numbered >= len(paper.sections) else None


def foreign_figures(title: str, shown: list[tuple[str, int]]) -> list[str]:
    """The pointers of `title` at a figure or table not among `shown` (kind, number)."""
    found = []
    for match in FLOAT_POINTER.finditer(title):
        kind = "table" if match.group(1).lower().startswith("tab") else "figure"
        if (kind, int(match.group(2))) not in shown:
            found.append(match.group(0))
    return found


# A pointer at a figure at a title's end: "… of the data of Fig. 1", "… (Figure 3)"
TRAILING_POINTER = re.compile(
    r"\s*(?:\(\s*(?:see\s+)?(?:Fig(?:ure)?s?\.?|Tables?)\s*\d+\s*\)|"
    r"(?:of|in|from|see|as in)\s+(?:Fig(?:ure)?s?\.?|Tables?)\s*\d+)\s*\.?\s*$",
    re.I,
)


def without_trailing_pointer(title: str) -> str:
    """The title without a pointer at a figure at its end ("… region of the data of Fig. 1" →
    "… region of the data")."""
    return TRAILING_POINTER.sub("", title).strip()


def placeholder(title: str, texts: list[str]) -> str | None:
    """The placeholder "X" of a title whose slide never writes a plain X: what stood there was
    mathematics the title lost."""
    if not PLACEHOLDER.search(MATH_SPAN.sub("", title)):
        return None
    plain = " ".join(MATH_SPAN.sub(" ", t) for t in texts)
    return None if PLACEHOLDER.search(plain) else "X"


# A title made of a word that only counts or points ("First", "The second", "Another"): a
# bullet's subject cut from "The first is that …", which says nothing of the slide
COUNTING_WORD = re.compile(
    r"^(?:the\s+)?(?:first|second|third|fourth|last|former|latter|other|another|this|that|"
    r"these|those|one|two|three|both|each|former|next|previous|rest)$",
    re.I,
)


# A word the slide's place in the storyline gives it ("Motivation", "Conclusions"): its role
# titles it, no subject is missing
STORYLINE_ROLES = ("title", "motivation", "contributions", "conclusion")
# A plain word with a capital: no acronym, no name in capitals inside it, no digit or hyphen
PLAIN_WORD = re.compile(r"[A-Z][a-z]{2,}")


def lone_word(title: str, slide, paper: Paper | None) -> bool:
    """Is the title one plain word ("Below", "Paper", "Summary") that is none of the paper's
    headings, no figure's whole caption, no name the paper writes with a capital inside its
    sentences ("the Crawler sends …"), over a slide that plays no storyline part? It names no
    subject: a bullet's first word, a fallback, a word of the paper's title."""
    base = CONTINUED.sub("", title).strip().rstrip(".:")
    if paper is None or slide.kind == "title" or slide.role in STORYLINE_ROLES:
        return False
    if not PLAIN_WORD.fullmatch(base):
        return False
    if title_defects.generic_title(base) or title_defects.ROLE_WORD_TITLE.match(base):
        return False  # a fallback ("Overview") or a kind of slide ("Method"): their own checks
    word = base.casefold()
    if any(_bare(s.title) == word for s in paper.sections if not s.untitled):
        return False  # the author's own heading names the part (no placeholder is one)
    if any(_bare(CAPTION_PART.sub("", f.caption)) == word for f in paper.figures):
        return False  # a figure's whole caption ("Traces."): the author's title for it
    # a name: written with its capital inside sentences more often than in lower case (a
    # sentence's stop the text layer lost, "… automatically Below are …", is no name)
    running = " ".join(p for s in paper.sections for p in s.paragraphs)
    named = len(re.findall(rf"(?<=[a-z,;] ){re.escape(base)}\b", running))
    return named <= len(re.findall(rf"\b{re.escape(word)}\b", running))


def problems(title: str, slide, paper: Paper) -> list[tuple[str, str]]:
    """(issue type, the words at fault) for each of the three defects in `title` on `slide`."""
    found: list[tuple[str, str]] = []
    if slide.kind == "title":
        return found
    label = plot_label(title, paper)
    if label:
        found.append(("title_plot_label", label))
    shown = [(f.kind, f.number) for f in (paper.figure(i) for i in slide.figures()) if f]
    found += [("title_foreign_figure", p) for p in foreign_figures(title, shown)]
    if COUNTING_WORD.match(_bare(title)):
        found.append(("title_fragment", title))
    if placeholder(title, [*slide.bullets, slide.notes, slide.caption]):
        found.append(("title_placeholder", title))
    label = float_label(title)
    # a label of a figure the slide does not show is that pointer's finding already
    if label and not any(label.startswith(p) for p in foreign_figures(title, shown)):
        found.append(("title_figure_label", label))
    found += [("title_math_word", word) for word in math_words(title)]
    return found


def all_problems(title: str, slide, paper: Paper) -> list[str]:
    """Every title check's finding on `title` over `slide`: these three, how it is set
    (footnote marks, capitals) and, but on the cover, a fragment or a sentence's defects. A
    retitle is only worth making when its title has none (loop_guard.no_worse_retitles)."""
    found = [kind for kind, _ in problems(title, slide, paper)]
    found += [kind for kind, _ in title_style.style_defects(title)]
    if slide.kind != "title":
        captions = [f.caption for f in (paper.figure(i) for i in slide.figures()) if f]
        if title_defects.slide_title_fragment(title, paper) or complement_cuts.complement_cut(
            title, paper, captions
        ):
            found.append("title_fragment")
        found += [kind for kind, _ in title_defects.title_text_defects(title)]
        if title_defects.generic_title(title) or lone_word(title, slide, paper):
            found.append("title_generic")
    return found


# A float's label opening a title ("Figure 4: Survival …", "Fig. 3. Runtime …", "Table 2 —
# Accuracy …"): the caption's number read as part of its words. The slide shows the figure; its
# number says nothing to a listener and points into a paper they do not hold.
FLOAT_LABEL = re.compile(
    r"^(?:Fig(?:ure)?s?\.?|Tables?|Tab\.)\s*\d+[a-z]?(?:\s*[:.|—–-]\s*|\s+(?=[A-Z]))(?=\S)",
)


def float_label(title: str) -> str | None:
    """The float's label ("Figure 4:") a title opens with before words of its own, or None."""
    found = FLOAT_LABEL.match(title.strip())
    return found.group(0).strip() if found else None


def without_float_label(title: str) -> str:
    """The title without its opening label ("Figure 4: Survival curves" → "Survival curves")."""
    rest = FLOAT_LABEL.sub("", title.strip(), count=1)
    return rest[:1].upper() + rest[1:] if rest != title.strip() else title


# A font command around a word set as maths ("$\mathit{Cross}$", "$\text{fold}$"): what it
# holds is letters, set in maths' font
FONT_COMMAND = re.compile(
    r"\\(?:math(?:it|rm|sf|bf|tt|normal)|text(?:it|rm|sf|bf|tt|normal)?)\{([^{}]*)\}"
)
# Letters set as maths and what stands glued to it: "Re$g$ression" (a letter read in maths'
# font in a word), "$Cross$-validation", "$temperature$"
MATH_IN_WORD = re.compile(r"([A-Za-z]*)(?<!\\)\$([^$]+)(?<!\\)\$([A-Za-z]*)")
# What a symbol takes glued after it in plain words: "$n$th", "$k$s", "$\lambda$'s"
SYMBOL_SUFFIX = re.compile(r"^(?:th|st|nd|rd|s|es)$")
# A word set as maths has at least this many letters; "$ab$" may be a product of two symbols
MATH_WORD_LETTERS = 3


def _math_letters(body: str) -> str | None:
    """The letters a maths span holds, its font commands taken off; None when it holds more
    than letters (a symbol, an operator, a script)."""
    plain = FONT_COMMAND.sub(r"\1", body).replace("\\,", "").strip()
    return plain if re.fullmatch(r"[A-Za-z]+", plain) else None


# A symbol and the word it is hyphenated to, both read as maths or the hyphen read as a minus
# sign ("$k-Nearest$", "$k-N$earest", "$k$−Nearest", "k−Nearest"): the word "k-Nearest"
# typeset partly in maths' font, its hyphen a minus with spaces, its letters italic
HYPHENED_IN_MATH = re.compile(
    r"\$\s*(?P<symbol>[A-Za-z])\s*(?:[-−–]\s*(?P<inner>(?:\\math\w+\{)?[A-Za-z]*\}?)|"
    # the hyphen and the word in a text command inside the maths: "$k\text{-Nearest}$"
    r"\\(?:text\w*|math\w+)\{\s*[-−–]\s*(?P<texted>[A-Za-z]+)\s*\})\s*\$(?P<after>[A-Za-z]*)"
)
MINUS_AS_HYPHEN = re.compile(
    # "$k$−Nearest", "$k$ - Nearest"; in plain letters only a lower-case symbol and a minus
    # sign, never a hyphen ("Part A - Overview" is a heading and its subtitle)
    r"(?:(?P<symbol>\$[A-Za-z]\$)(?:\s*−\s*|\s+-\s+)|(?<![\w$\\])(?P<plain>[a-z])−)"
    r"(?P<word>[A-Za-z]{2,})\b"
)
# The letters after the hyphen make a word: three or more, or a name in capitals ("k-NN")
HYPHENED_WORD = re.compile(r"^(?:[A-Za-z]{3,}|[A-Z]{2,})$")


def _hyphened_word(match: re.Match) -> str | None:
    """The word ("k-Nearest") a hyphenated symbol and word make, or None when what follows
    the minus is no word ("$n - k$", "$x-y$")."""
    if "inner" in match.groupdict():
        inner = match.group("texted") or ""
        if match.group("inner"):
            inner = _math_letters(match.group("inner"))
        if inner is None:
            return None
        word = inner + match.group("after")
        symbol = match.group("symbol")
    else:
        word = match.group("word")
        symbol = (match.group("symbol") or match.group("plain")).strip("$")
    return f"{symbol}-{word}" if HYPHENED_WORD.match(word) else None


def hyphened_math(title: str) -> list[str]:
    """The spans of a title where a hyphenated word opening on a symbol is set in maths or
    joined by a minus sign ("$k-Nearest$ Neighbours", "$k$−Nearest Neighbours")."""
    found = []
    for pattern in (HYPHENED_IN_MATH, MINUS_AS_HYPHEN):
        found += [m.group(0) for m in pattern.finditer(title) if _hyphened_word(m)]
    return found


def math_words(title: str) -> list[str]:
    """The words of a title set wholly or partly as maths: a span of three or more letters
    ("$temperature$", "$\\mathit{Cross}$-validation"), or letters glued to plain letters
    ("Re$g$ression"); a symbol with its ordinal or plural ("$n$th", "$k$s") is none."""
    found = []
    for match in MATH_IN_WORD.finditer(title):
        before, body, after = match.groups()
        letters = _math_letters(body)
        if letters is None:
            continue
        # a name in capitals after a symbol ("$k$NN") is how the field writes it
        glued = bool(before) or (after != after.upper() and not SYMBOL_SUFFIX.match(after))
        if glued or len(letters) >= MATH_WORD_LETTERS:
            found.append(match.group(0))
    return found + hyphened_math(title)


def without_math_words(title: str) -> str:
    """The title with each word set as maths written in plain letters ("Re$g$ression" →
    "Regression", "Effect of $temperature$" → "Effect of temperature")."""
    wrong = set(math_words(title))

    def plain(match: re.Match) -> str:
        if match.group(0) not in wrong:
            return match.group(0)
        return f"{match.group(1)}{_math_letters(match.group(2))}{match.group(3)}"

    def hyphened(match: re.Match) -> str:
        word = _hyphened_word(match)
        if word is None:
            return match.group(0)
        symbol, rest = word.split("-", 1)
        return f"${symbol}$-{rest}"  # the symbol in maths, the word in letters: "$k$-Nearest"

    for pattern in (HYPHENED_IN_MATH, MINUS_AS_HYPHEN):
        title = pattern.sub(hyphened, title)
    return MATH_IN_WORD.sub(plain, title)
