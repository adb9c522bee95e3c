"""Bullets that narrate code the slide does not show, and the listing that answers them.

A software paper talks its listings through: "We declare the function signature to contain a
single argument `vs`", "The argument in the last case tells `f` …", "The output shows …",
"Below are a few scripts …". Kept on a slide without the listing, such a sentence describes
something the audience cannot see.

Whether a bullet narrates code is read from the paper, not from the bullet's words alone
(ingest/listings.py keeps the listings where they stood):
- its sentence sits next to a listing (in the paragraph just before or just after it), and
  either points at it ("the following/above/last example/call/output", "below", "line 5",
  "Listing 2") or names an identifier of the listing that the paper uses only around it (a
  local name, `vs`, `g()`: a name the listing itself introduces) — certain (medium);
- its sentence is the last before a listing and does not end — no full stop, or a colon: the
  listing completes it ("The master file thus also contains the lines", then the lines) —
  certain;
- it names an identifier of that listing the paper also uses elsewhere (an API the listing
  calls): possible (low), as is a pointer with no listing next to it.

The proposer (propose/repair.py, `narrates_code`) shows the listing as a fenced code block,
cut to fit at a whole statement (`excerpt`), on the bullet's slide when it has room, else on a
slide of its own after it; with no listing that fits, the bullet is left out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from apps.decks.pipeline.antecedents import paper_context
from apps.decks.pipeline.code_context import code_names
from apps.decks.pipeline.paper import Listing, Paper
from apps.decks.pipeline.text import sentences

# A pointer at a listing, an example session or its output
_DEICTIC = r"(?:following|above|below|previous|preceding|next|last|first|second|third|present)"
_SHOWN = (
    r"(?:examples?|calls?|commands?|outputs?|listings?|code|cases?|snippets?|scripts?|"
    r"sessions?|statements?|lines?|chunks?|fragments?|programs?|invocations?|results?)"
)
POINTER = re.compile(
    rf"\b(?:the|this|these|those|that)\s+{_DEICTIC}\s+(?:\w+\s+)?{_SHOWN}\b|"
    rf"\b(?:the|this|these)\s+{_SHOWN}\s+(?:above|below|here)\b|"
    r"^(?:below|above|here)\s+(?:is|are|we)\b|"
    r"\b(?:shown|listed|printed|given|displayed)\s+(?:below|above)\b|"
    r"\b(?:listings?|lines?)\s+\d+(?:\s*(?:and|to|[-–,])\s*\d+)*\b|"
    r"\bthe\s+(?:output|printout|console)\b|"
    r"\bthe\s+results?\s+(?:has|have|is|are)\s+(?:been\s+)?(?:abbreviated|truncated|printed|"
    r"shown|displayed|omitted)\b",
    re.I,
)
NUMBERED = re.compile(r"\b(?:listings?|lines?)\s+\d", re.I)
MAX_LINES = 15  # with the "…" of a cut: one bullet and the block fill a text slide
MAX_WIDTH = 72  # characters of a line at the stylesheet's code size across the slide
MIN_CUT_LINES = 2  # a cut listing keeps at least this many lines: one line and "…" is a stub
# A line after which the statement goes on: an open bracket or string, an operator, a comma
# ("<" and ">" close as often as they open: `#include <map>`, `vector<int>`)
GOES_ON = re.compile(r"(?:[,(\[{+\-*/=|&\\~%]|<-|%>%|\|>)\s*$")
COMMENT_LINE = re.compile(r"\s*(?:#(?!\s*(?:include|define|import|pragma)\b)|//|%|--)")
# a console's input prompt ("$outer" is R's output, not a shell's "$ ")
PROMPT = re.compile(r"^\s*(?:R>|>>>|>|In \[\d+\]:)(?:\s|$)|^\s*\$\s")
PROMPT_GOES_ON = re.compile(r"^\s*\+\s")  # R's continuation prompt on the next line


@dataclass(frozen=True)
class Narration:
    index: int  # the bullet
    listing: Listing | None
    certain: bool
    reason: str


def _key(value: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", value.lower()).strip()


def _located(paper: Paper, bullet: str) -> tuple[int, int, str] | None:
    """The section and paragraph the bullet's sentence was taken from, and that sentence: found
    as written, or — a bullet another fix of the round rewrote ("thus also contains" → "thus
    contains") — the paper's sentence sharing most of its words."""
    key = _key(bullet)[:60]
    if len(key) < 12:
        return None
    for s, section in enumerate(paper.sections):
        for p, paragraph in enumerate(section.paragraphs):
            if key in _key(paragraph):
                sentence = next((t for t in sentences(paragraph) if key in _key(t)), bullet)
                return s, p, sentence
    sentence = paper_context(paper).sentence_of(bullet)
    if not sentence:
        return None
    for s, section in enumerate(paper.sections):
        for p, paragraph in enumerate(section.paragraphs):
            if sentence in sentences(paragraph):
                return s, p, sentence
    return None


def _adjacent(paper: Paper, s: int, p: int) -> list[Listing]:
    """The listings right after the paragraph (first) or right before it."""
    listings = paper.sections[s].listings
    after = [li for li in listings if li.after == p + 1]
    before = [li for li in listings if li.after == p]
    return after + before


FORWARD = re.compile(r"\b(?:following|below|next)\b", re.I)
BACKWARD = re.compile(r"\b(?:above|previous|preceding|last)\b", re.I)


def _pointed_at(pointer: str, s: int, p: int, paper: Paper) -> Listing | None:
    """The listing a pointing sentence means: ahead ("the following", "below") the one right
    after its paragraph, back ("the above", "the previous") the one right before it, else the
    nearer of the two. None when the side it points to has none: the listing on the other
    side is another example, and shown under this sentence it would state what the paper
    does not."""
    listings = paper.sections[s].listings
    after = next((li for li in listings if li.after == p + 1), None)
    before = next((li for li in listings if li.after == p), None)
    if FORWARD.search(pointer):
        return after
    if BACKWARD.search(pointer):
        return before
    return after or before


# A sentence's own end: a full stop, question or exclamation mark, perhaps inside a closing
# quote or bracket ("… (as above).", "… “done.”")
_ENDED = re.compile(r"[.!?][\"'”’)\]]*\s*$")


def _completed_by_listing(paragraph: str, sentence: str) -> bool:
    """The sentence closes its paragraph without ending it: the listing set right after is the
    rest of it (its object, after "contains", "reads", a colon)."""
    last = sentences(paragraph)
    return bool(last) and _key(sentence) == _key(last[-1]) and not _ENDED.search(sentence)


def _identifiers(sentence: str) -> list[str]:
    return [n.key for n in code_names(sentence) if not n.placeholder]


def _in_listing(name: str, listing: Listing) -> bool:
    return re.search(rf"(?<![\w.]){re.escape(name)}(?![\w])", listing.text) is not None


def _defined_in(name: str, listing: Listing) -> bool:
    """The listing gives the name its meaning: assigns it (`g <- …`, `x = …`), passes it as a
    named argument (`vs = "numeric"`) or declares it after a type or keyword (`Tally tally;`,
    `def f(`). A name it only calls (`head(x)`) is the API's, which a sentence may state."""
    name = re.escape(name)
    assigned = rf"(?<![\w.]){name}\s*(?:<-|:=|=(?!=))"
    declared = rf"\b(?:function|def|class|struct|sub|proc|let|var|const|[A-Za-z_][\w:<>]*)\s+[&*]?{name}\b(?!\s*[.$])"
    for line in listing.text.splitlines():
        if COMMENT_LINE.match(line):
            continue  # words of a comment ("# the tally of a walk") declare nothing
        code = re.sub(r"^\s*(?:R>|>|\+|>>>|\.\.\.|\$)\s", "", line)  # a prompt
        if (
            re.search(assigned, code)
            or re.search(declared, code)
            and not re.search(
                rf"\b(?:return|print|cat|library|require|if|else|for|while|in)\s+{name}\b", code
            )
        ):
            return True
    return False


def _local(paper: Paper, name: str, s: int, near: set[int]) -> bool:
    """The paper writes the name only around this listing: a name the listing introduces."""
    pattern = re.compile(rf"`{re.escape(name)}\b")
    for t, section in enumerate(paper.sections):
        for p, paragraph in enumerate(section.paragraphs):
            if pattern.search(paragraph) and not (t == s and p in near):
                return False
    return True


def narration(paper: Paper, bullet: str, index: int = 0) -> Narration | None:
    """Whether the bullet talks about a listing, call or output the paper sets beside its
    sentence (or points at one): see the module's docstring."""
    place = _located(paper, bullet)
    pointer = POINTER.search(bullet)
    if place is None:
        return None
    s, p, sentence = place
    pointer = POINTER.search(sentence) or pointer
    listings = _adjacent(paper, s, p)
    if not listings:
        if pointer and any(section.listings for section in paper.sections):
            return Narration(index, None, False, f"points at “{pointer.group(0)}”")
        return None
    if pointer and NUMBERED.search(pointer.group(0)):
        # "Listing 5", "line 3": which block that is, the paper's captions would say; the one
        # beside the sentence may be another
        return Narration(index, None, True, f"points at “{pointer.group(0)}”")
    if pointer:
        pointed = _pointed_at(pointer.group(0), s, p, paper)
        return Narration(index, pointed, True, f"points at “{pointer.group(0)}”")
    following = next((li for li in listings if li.after == p + 1), None)
    if following is not None and _completed_by_listing(paper.sections[s].paragraphs[p], sentence):
        return Narration(index, following, True, "is completed by the listing after it")
    for listing in listings:
        shared = [n for n in _identifiers(sentence) if _in_listing(n, listing)]
        if not shared:
            continue
        near = {listing.after - 1, listing.after}
        local = [n for n in shared if _local(paper, n, s, near) and _defined_in(n, listing)]
        if local:
            return Narration(
                index, listing, True, f"names `{local[0]}`, a name the listing defines"
            )
        return Narration(index, listing, False, f"names `{shared[0]}`, used in the listing")
    return None


def introduction(paper: Paper, bullet: str, listing: Listing) -> str | None:
    """The paper's sentence that introduces the listing — the last one before it ("… by adding
    the following to the top of the file:") — when the bullet is not that sentence; None when
    the bullet introduces it itself, or the paper sets the listing after no sentence."""
    place = _located(paper, bullet)
    if place is None or listing.after < 1:
        return None
    s, _, sentence = place
    section = paper.sections[s]
    if listing not in section.listings or listing.after > len(section.paragraphs):
        return None
    before = sentences(section.paragraphs[listing.after - 1])
    if not before:
        return None
    last = before[-1]
    return None if sentence == last or _key(bullet)[:60] in _key(last) else last


def shows(slide_code: str, listing: Listing) -> bool:
    """The slide shows (the start of) the listing already."""
    first = next((line.strip() for line in listing.text.splitlines() if line.strip()), "")
    return bool(first) and first in slide_code


def excerpt(listing: Listing, max_lines: int = MAX_LINES) -> str | None:
    """The listing as a slide shows it: whole, or cut after a whole statement with "…" when
    longer than MAX_LINES — a console session keeps its last input and what it printed after
    the "…" (`_answer`); None when the cut would keep fewer than MIN_CUT_LINES lines (a line
    and "…" is a stub of the listing, not the code the bullet talks about)."""
    lines = [line.rstrip() for line in listing.text.splitlines()]
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        return None
    ends = _statement_ends(lines)
    if len(lines) <= max_lines and all(len(line) <= MAX_WIDTH for line in lines):
        return "\n".join(lines)
    tail = _answer(lines, max_lines)
    room = max_lines - 1 - len(tail)
    fits = [
        end
        for end in ends
        if MIN_CUT_LINES <= end <= room
        and end < len(lines) - len(tail)
        and all(len(line) <= MAX_WIDTH for line in lines[:end])
    ]
    if not fits:
        return None
    return "\n".join([*lines[: max(fits)], "…", *tail])


ANSWER_SHARE = 0.5  # of the slide's lines the kept answer may take: the setup keeps the rest


def _answer(lines: list[str], max_lines: int) -> list[str]:
    """A console session's last input and what it printed, kept after the cut's "…": the cut
    kept the session's first statements and dropped the call that prints the answer and its
    value (an example's quantile, 2.56, stood in no slide's listing). [] when the listing is
    no session, its last input prints nothing, or the two would take more than ANSWER_SHARE
    of the slide's lines (a printed table is no answer to keep whole) or a line is too wide."""
    if not any(PROMPT.match(line) for line in lines):
        return []
    start = max(i for i, line in enumerate(lines) if PROMPT.match(line))
    printed = [
        line for line in lines[start + 1 :] if line.strip() and not PROMPT_GOES_ON.match(line)
    ]
    tail = lines[start:]
    if (
        not printed
        or start == 0
        or len(tail) > max_lines * ANSWER_SHARE
        or any(len(line) > MAX_WIDTH for line in tail)
    ):
        return []
    return tail


def _statement_ends(lines: list[str]) -> list[int]:
    """The line counts after which a statement is whole: brackets closed, no operator or
    comma left open, the next line not a continuation."""
    ends = []
    depth = 0
    session = any(PROMPT.match(line) for line in lines)
    for number, line in enumerate(lines, start=1):
        code = re.sub(r"(\"[^\"]*\"|'[^']*')", "", line)
        code = re.split(r"\s(?:#|//|%)\s", code)[0]
        depth += sum(code.count(c) for c in "([{") - sum(code.count(c) for c in ")]}")
        following = lines[number] if number < len(lines) else ""
        # a comment opens what follows it (a C preprocessor line is a statement)
        comment = COMMENT_LINE.match(line) is not None
        # in a console session, printed output ends where the next input starts
        inside_output = (
            session
            and not PROMPT.match(line)
            and not PROMPT_GOES_ON.match(line)
            and bool(following)
            and not PROMPT.match(following)
        )
        if (
            depth <= 0
            and not comment
            and not inside_output
            and not GOES_ON.search(code)
            and not PROMPT_GOES_ON.match(following)
        ):
            ends.append(number)
    return ends


def language(listing: str) -> str:
    """The fence's language, for highlighting: read from the code's own marks."""
    if re.search(r"^\s*(?:R>|>)\s|<-|\blibrary\(", listing, re.M):
        return "r"
    if re.search(r"#include|::|;\s*$", listing, re.M):
        return "cpp"
    if re.search(r"^\s*(?:>>>|def |import |from \w+ import)", listing, re.M):
        return "python"
    if re.search(r"^\s*\$\s|^\s*(?:sudo|cd|ls|make|pip|apt-get)\s", listing, re.M):
        return "bash"
    if re.search(r"\\(?:begin|documentclass|usepackage)\b", listing):
        return "latex"
    return "text"
