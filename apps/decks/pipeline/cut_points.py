"""Bullets that lost what carries their point, found with the paper as the oracle.

A bullet is a paper sentence, or the first part of one. It misleads when the part the reader
does not see is the one that makes the claim:

- `lost_point`: the bullet stops where the paper's sentence goes on with its contrast or
  concession ("X, but Y", "X, whereas Y", "X; however, Y"), or before its enumeration's last
  member ("…, finding a median, and comparing two sets"); or the bullet is a whole sentence the
  paper's next sentence answers ("X. However, Y."): on the slide, X says the opposite of the
  paper's point. Repair: the paper's whole sentence, or the two sentences joined ("X; however,
  Y"), when that is short enough to show; else the bullet goes.
- `list_lead`: a sentence that announces a list ("There are two common patterns for …", "…
  consists of three steps", "… is extremely simple", "… as follows:") with none of its items
  after it on the slide. Repair: the items, when they are a few short sentences, joined to the
  lead ("Lead: item; item"); else the lead goes. A lead whose paper sentence goes on with its
  items ("… come in two forms — there are …", "… fall into three classes: …") is cut before
  them: repaired with the whole sentence when it stands and is short enough, else it goes.
- `unstated_point`: a whole sentence that names a problem and leaves what it is to the paper's
  next sentences ("The index also presents a problem for updates.", "A difficulty arises for
  nested keys.", "Problems can occur with short keys.", "Setting the flag is not enough!"), which the slide does not show after it: on
  the slide it says only that something is wrong. Repair: the sentence joined to the next one
  ("X presents a problem: Y"), when that is short enough and reads whole; else the bullet goes.
- `cut_word`: the bullet's last word is the head of the paper's word there ("… provided by E"
  of "… provided by Ed Williams (…)"): text cut at a character count. Repair: the bullet with
  its word whole, when the paper's clause ends after it; else the whole sentence; else it goes.
- `display_tail`: a display set in text fonts that ingestion read as paragraphs ("Foldr f e
  (x: xs)", "= f e (Foldr f e xs)"): a bullet that ends where such a display begins ("… we
  discover that Foldr f e []", its paragraph ends without a full stop and a display's next
  line, "= …", follows), or one short line of it ("Cons y (Insert o x ys)" beside a "= …"
  line). Neither reads as prose and the display is no formula to show: the bullet goes.

Keys are the words in lower case (punctuation, math markup and citations do not count), so a
bullet cleaned of its citations is still found in its sentence.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from apps.decks.pipeline import clause_shape, defects, text
from apps.decks.pipeline.paper import Paper

WORD = re.compile(r"[a-z0-9]+")
# The dropped rest of a sentence that carries its point: a contrast, a concession, an exception.
CONTRAST_REST = re.compile(
    r"^(?:but|whereas|although|though|however|yet|except|unless|while|whilst|"
    r"nevertheless|nonetheless|instead|only if|only when)\b"
)
# A next sentence that answers the one before: the claim comes after the concession.
ANSWER_OPENING = re.compile(
    r"^(?:however|but|yet|still|nevertheless|nonetheless|in contrast|by contrast|"
    r"on the other hand|conversely|instead(?=,)|unfortunately|in practice)\b",
    re.I,
)
_COUNT = r"(?:two|three|four|five|six|seven|several|a few|a number of|the following|\d)"
_ITEMS = (
    r"(?:steps|stages|phases|parts|components|patterns|ways|types|kinds|cases|classes|"
    r"categories|approaches|options|reasons|elements|ingredients|modes|levels|rules|strategies|"
    r"questions|issues|problems|goals|aims|features|properties|situations|groups|tasks|"
    r"functions|scenarios|variants|forms|sources|advantages|disadvantages|limitations)"
)
# Sentences that announce items and do not give them.
LIST_LEAD = re.compile(
    rf"\bthere\s+(?:are|were|exist|is)\s+(?:only\s+)?{_COUNT}\s+(?:[a-z-]+\s+){{0,2}}{_ITEMS}\b|"
    rf"\b(?:consists?|consisting|composed|comprises?|comprising|made\s+up)\s+of\s+{_COUNT}\s+"
    rf"(?:[a-z-]+\s+){{0,2}}{_ITEMS}\b|"
    rf"\bin\s+{_COUNT}\s+(?:[a-z-]+\s+)?(?:steps|stages|phases|cases|ways|situations)\s*[.:]?$|"
    r"\b(?:is|are)\s+(?:\w+\s+)?(?:simple|straightforward|as\s+follows)\s*[.:]?$|"
    r"\b(?:is|are)\s+(?:several|two|three|four|many)-?fold\s*[.:]?$|"
    # the first item's number left at the lead's end: "… is several-fold: 1"
    r"[:;]\s*\(?1[.)]?$|"
    # (a colon at the end leads into a display more often than a list: lead_without_display)
    r"\bas\s+follows\s*[.:]?$|"
    # the items announced by the verb that sorts them: "… come in two forms", "… falls into
    # three classes", "… can be divided into four groups", "… takes two forms"
    rf"\b(?:comes?|came|coming)\s+in\s+{_COUNT}\s+(?:[a-z-]+\s+){{0,2}}{_ITEMS}\s*[.:]?$|"
    rf"\b(?:falls?|fell|divided|split|classified|grouped|sorted)\s+into\s+{_COUNT}\s+"
    rf"(?:[a-z-]+\s+){{0,2}}{_ITEMS}\s*[.:]?$|"
    rf"\btak(?:es?|ing)\s+{_COUNT}\s+(?:[a-z-]+\s+)?forms\s*[.:]?$",
    re.I,
)
# The paper's sentence goes on past the lead with the items themselves: "— there are …",
# ": A and B", ", namely …" (a bracket is more often an aside than the items).
ITEMS_FOLLOW = re.compile(r"^(?:[:—–]|-{1,3}\s|,?\s*(?:namely|i\.\s?e\.|that\s+is)\b)", re.I)
# After the announced items' noun, the sentence gives them itself: "two cases: A and B", "two
# cases, namely …", "two patterns (A and B)".
ITEMS_GIVEN = re.compile(r"[:(—–]\s*\S|\bnamely\b|\bi\.e\.|\bsuch as\b|\bincluding\b", re.I)

ASIDES = re.compile(r"^(?:\s*\([^()]*\))+")
MAX_JOINED_WORDS = 40  # a repaired bullet the slide can still show on two or three lines
MAX_ITEM_WORDS = 16
MAX_ITEMS = 4


@dataclass(frozen=True)
class Found:
    kind: str  # "lost_point" | "list_lead" | "unstated_point" | "cut_word" | "display_tail" |
    # "cut_short" | "broken_opening"
    part: str  # what the reader does not see (quoted in the issue)
    repair: str  # the bullet that says it, or "" when only leaving it out is certain
    # a list's missing items, to add after its last item shown (the bullet itself stays)
    added: tuple[str, ...] = ()
    after: str = ""  # the bullet they go after: the last of the list's items the slide shows


def _key_words(value: str) -> list[str]:
    return WORD.findall(text.clean(value).lower())


@dataclass(frozen=True)
class _Sentence:
    text: str
    words: tuple[str, ...]
    following: tuple[str, ...]  # the sentences after it in its paragraph (then the next one)
    # how many of `following` are its own paragraph's (the rest open the paragraphs after it)
    in_paragraph: int = 0


HEAD_WORDS = 4  # a bullet is found in the paper by its first (and last) four key words


@dataclass(frozen=True)
class _Sentences:
    all: tuple[_Sentence, ...]
    # every run of HEAD_WORDS key words → (sentence's index, where the run first starts in
    # it), in the paper's order: each review round looks up every bullet, and scanning the
    # paper's thousands of sentences word by word per bullet was most of the round's time
    by_head: dict[tuple[str, ...], list[tuple[int, int]]]


_CACHE: dict[int, tuple[Paper, _Sentences]] = {}


def _indexed(paper: Paper) -> _Sentences:
    cached = _CACHE.get(id(paper))
    if cached is not None and cached[0] is paper:
        return cached[1]
    if len(_CACHE) > 8:
        _CACHE.clear()
    found = _sentences_of(paper)
    by_head: dict[tuple[str, ...], list[tuple[int, int]]] = {}
    for number, sentence in enumerate(found):
        for start in range(len(sentence.words) - HEAD_WORDS + 1):
            places = by_head.setdefault(sentence.words[start : start + HEAD_WORDS], [])
            if not places or places[-1][0] != number:
                places.append((number, start))
    result = _Sentences(found, by_head)
    _CACHE[id(paper)] = (paper, result)
    return result


def _sentences(paper: Paper) -> tuple[_Sentence, ...]:
    return _indexed(paper).all


def _opening_at(paper: Paper, head: list[str]) -> Iterator[tuple[_Sentence, int]]:
    """The paper's sentences holding the bullet's first HEAD_WORDS key words, in order, each
    with where they first start in it."""
    index = _indexed(paper)
    for number, start in index.by_head.get(tuple(head), ()):
        yield index.all[number], start


def _sentences_of(paper: Paper) -> tuple[_Sentence, ...]:
    found: list[_Sentence] = []
    paragraphs = [p for s in paper.sections for p in s.paragraphs]
    for at, paragraph in enumerate(paragraphs):
        parts = _split(paragraph)
        # a list's items may be paragraphs of their own: the next ones follow
        after = [x for p in paragraphs[at + 1 : at + 1 + MAX_ITEMS] for x in _split(p)]
        for i, sentence in enumerate(parts):
            rest = tuple([*parts[i + 1 :], *after][: MAX_ITEMS + 2])
            found.append(_Sentence(sentence, tuple(_key_words(sentence)), rest, len(parts) - i - 1))
    return tuple(found)


LONE_NUMBER = re.compile(r"\(?(?:\d{1,2}|[a-h])[.)]")


def _split(paragraph: str) -> list[str]:
    """The paragraph's sentences, a list's number ("2.", which the splitter ends a sentence at)
    joined to the item it numbers."""
    parts: list[str] = []
    for sentence in text.sentences(paragraph):
        if parts and LONE_NUMBER.fullmatch(parts[-1].strip()):
            parts[-1] = f"{parts[-1].strip()} {sentence}"
        else:
            parts.append(sentence)
    return parts


def _source(bullet: str, paper: Paper) -> tuple[_Sentence, int] | None:
    """The paper sentence the bullet was made from, and the word where the bullet stops in it
    (its opening may have lost a connector, its middle an aside: its last words decide)."""
    words = _key_words(bullet)
    if len(words) < 5:
        return None
    head, tail = words[:4], words[-4:]
    for sentence, start in _opening_at(paper, head):
        end = _find(sentence.words, tail, start)
        if end >= 0:
            return sentence, end + len(tail)
    return None


def _find(words: tuple[str, ...], part: list[str], start: int) -> int:
    wanted = tuple(part)
    for at in range(start, len(words) - len(wanted) + 1):
        if words[at : at + len(wanted)] == wanted:
            return at
    return -1


def _rest_of(sentence: str, words_kept: int) -> str:
    """The sentence's text after its first `words_kept` key words."""
    cleaned = text.clean(sentence)
    matches = list(WORD.finditer(cleaned.lower()))
    if words_kept >= len(matches):
        return ""
    return cleaned[matches[words_kept - 1].end() :].strip()


def _shown(sentence: str, slide_bullets: list[str]) -> bool:
    return _shown_at(sentence, slide_bullets) >= 0


def _bullet_of(sentence: str) -> str | None:
    """The sentence as a bullet: cleaned, every fix it needs, no defect left, short enough."""
    from apps.decks.pipeline.propose import bullets  # propose imports the reviewer's modules

    # a list item's own number is no part of it: "2. Modern CPUs …" shown under item 1 shown
    # without its number read as a sentence that opens with a stray "2."
    fixed = bullets.rewrite(ITEM_MARK.sub("", text.clean(sentence)), max_words=MAX_JOINED_WORDS)
    if fixed is None or defects.text_defects(fixed):
        return None
    if not set(_key_words(fixed)) <= set(_key_words(sentence)):
        return (
            None  # a rewrite that made a word the paper does not have ("is re" of "is represented")
        )
    return fixed.rstrip(" .")


def _lower_first(value: str) -> str:
    if len(value) > 1 and value[0].isupper() and value[1].islower():
        return value[0].lower() + value[1:]
    return value


def lost_point(bullet: str, paper: Paper, slide_bullets: list[str]) -> Found | None:
    """The bullet without the contrast, concession or last list member that carries the paper's
    point (see the module's docstring)."""
    located = _source(bullet, paper)
    if located is None:
        return None
    sentence, kept = located
    rest_words = sentence.words[kept:]
    if len(rest_words) >= 2:
        # an aside in brackets before the rest does not end the sentence: "… (red dots), but …"
        rest = ASIDES.sub("", _rest_of(sentence.text, kept))
        enumeration = re.match(r",\s+(?:and|or)\s", rest) and (
            "," in text.clean(bullet) or text.SECOND_PREDICATE.match(rest.split(None, 2)[-1])
        )
        contrast = CONTRAST_REST.match(rest.lstrip(",;:—– ").lower())
        whole = _bullet_of(sentence.text) if contrast or enumeration else None
        # a contrast cut off misleads: it goes if it cannot be shown whole; a list without its
        # last member is only incomplete: shown whole when it can be, else left as it is
        if contrast or (enumeration and whole):
            return Found("lost_point", rest.lstrip(",;:— ")[:80], whole or "")
        return None
    if not sentence.following:
        return None
    answer = sentence.following[0]
    if not ANSWER_OPENING.match(answer) or _shown(answer, slide_bullets):
        return None
    joined = None
    second = _bullet_of(answer)
    first = _bullet_of(sentence.text)
    if first and second and ANSWER_OPENING.match(text.clean(answer)):
        # "X. However, Y." → "X; however, Y": the connector stays, it says which is the claim
        answer_text = text.clean(answer).rstrip(" .")
        candidate = f"{first}; {_lower_first(answer_text)}"
        if text.word_count(candidate) <= MAX_JOINED_WORDS and not defects.text_defects(candidate):
            joined = candidate
    return Found("lost_point", answer[:80], joined or "")


# A statement that names a problem and leaves what it is to the paper's next sentences: the
# problem brought in by an indefinite phrase ("… presents a problem for X", "… highlighted a
# serious problem with Y", "A difficulty arises when …"), or a need left unnamed ("… is not
# enough!"). On a slide it says only that something is wrong.
_PROBLEM = (
    r"(?:problems?|issues?|difficult(?:y|ies)|limitations?|drawbacks?|disadvantages?|caveats?|"
    r"pitfalls?|subtlet(?:y|ies)|complications?|challenges?|flaws?|weakness(?:es)?|"
    r"shortcomings?|obstacles?)"
)
NAMED_PROBLEM = re.compile(
    rf"\b(?:a|an|one|some|several|two|three|certain|another)\s+(?:[\w-]+\s+){{0,2}}?{_PROBLEM}\b",
    re.I,
)
# what follows the noun when the sentence says what the problem is: a content clause ("a problem
# that …" right after it; a later "that" is a relative on another noun), a colon or dash, an
# example or a reason
PROBLEM_STATED = re.compile(
    r"^\s*that\b|\b(?:namely|because|since|such\s+as|in\s+that|due\s+to|caused\s+by)\b|"
    r"\b(?:i\.\s?e\.|e\.\s?g\.)|[:—–]|\((?!\))|\s-\s",
    re.I,
)
# the noun's next word when it is the noun (not the verb "issues", "challenges"): the sentence's
# end, a preposition, a relative or the verb a problem takes; not "of this kind", which points
# back to a problem the sentences before state
NOUN_NEXT = re.compile(
    r"^(?!\s+of\s+(?:this|that|these|those|such|the\s+same)\b)"
    r"(?:\W*$|[,;.!]|\s+(?:with|for|in|of|to|when|whenever|if|on|at|regarding|concerning|here|"
    r"which|where|arises?|arose|occurs?|occurred|appears?|emerges?|remains?|exists?|is|are|was|"
    r"were|lies?|can|may|might|will|would|could|must)\b)",
    re.I,
)
# the verb that says what the problem is: the first verb after the noun is a copula ("One issue
# with X is the cost"), not one that only says it exists ("A difficulty arises when …")
FIRST_VERB = re.compile(
    r"\b(?:is|are|was|were|lies|lie|arises?|arose|occurs?|occurred|appears?|emerges?|remains?|"
    r"exists?|becomes?)\b",
    re.I,
)
# the noun bare at the sentence's opening, a plural or mass noun with at most two modifiers and
# no word that points back ("Problems can occur with …", "Numerical difficulties arise …"; not
# "Similar problems arise …": what they are is the sentences before, a context finding's)
BARE_PROBLEM = re.compile(
    rf"^(?:[\w\s]{{0,30}},\s*)?(?!(?:the|this|these|that|those|such|its|their|our|his|her|"
    rf"similar|same|other)\b)"
    rf"(?:[\w-]+\s+){{0,2}}?{_PROBLEM}\b",
    re.I,
)
# The verb that brings the problem in as news, before its determiner (a word or two between:
# "also", "therefore"): it exists, arises, or something presents, poses, raises, reveals,
# creates or has it. After a copula the noun is the subject's predicate ("Missing data is a
# major issue": the subject is the problem), after "solve" or "write out" it is a task.
INTRODUCED = re.compile(
    r"(?:\bthere\s+(?:\w+\s+)?(?:is|are|was|were|exists?|existed|remains?|arises?|arose)|"
    r"\b(?:present|pose|posing|raise|raising|highlight|reveal|create|creating|cause|causing|"
    r"encounter|face|facing|expose|exposing|uncover|bring|bringing|brought|has|have|had|having)"
    r"\w*)\s+(?:[\w-]+\s+){0,2}$",
    re.I,
)
# the noun as the subject, after at most an opening connector ("However, a difficulty arises …")
SUBJECT_OPENING = re.compile(r"^(?:[\w\s]{0,30},\s*)?$")
NEWS_VERB = (
    "arise",
    "arises",
    "arose",
    "occur",
    "occurs",
    "occurred",
    "appear",
    "appears",
    "emerge",
    "emerges",
    "remain",
    "remains",
    "exist",
    "exists",
)
# what the problem is said in the same sentence after a comma's reason: ", as X can be …"
REASON_AFTER = re.compile(r",\s*(?:as|for|since|because)\s", re.I)
# a subject that points back: the problem is in the sentence before ("This creates a challenge")
POINTING_SUBJECT = re.compile(r"^(?:[\w\s]{0,30},\s*)?(?:this|that|these|those|it|they)\s+\w", re.I)
UNNAMED_NEED = re.compile(
    r"\b(?:(?:is|are|was|were)\s+not\s+(?:enough|sufficient|adequate)|"
    r"(?:is|are|was|were)\s+insufficient|(?:does|do|did)\s+not\s+suffice)\W*$",
    re.I,
)


def unstated_point(bullet: str, paper: Paper, slide_bullets: list[str]) -> Found | None:
    """A whole sentence of the paper that names a problem, or a need, and leaves saying what it
    is to the sentences after it, which the slide does not show (see NAMED_PROBLEM and
    UNNAMED_NEED). Repair: the sentence joined to the next one of its paragraph ("X presents a
    problem: Y"), when that is short enough and reads whole; else the bullet goes."""
    flat = text.clean(bullet).rstrip()
    if not (_names_problem(flat) or UNNAMED_NEED.search(flat)):
        return None
    located = _source(bullet, paper)
    if located is None:
        return None
    sentence, kept = located
    if len(sentence.words) - kept >= 2 or not sentence.following:
        return None  # a cut sentence is cut_short's and the others'; the paper's last says all
    statement = sentence.following[0]
    if _shown(statement, slide_bullets):
        return None  # the slide goes on with what the problem is
    first, second = _bullet_of(sentence.text), _bullet_of(statement)
    joined = ""
    # joined only to its own paragraph's next sentence: a new paragraph may open another point
    # (the statement comes later, or not at all), and "X: Y" would say Y is the problem
    if first and second and sentence.in_paragraph:
        candidate = f"{first.rstrip(' .!')}: {_lower_first(text.clean(second).rstrip(' .'))}"
        if text.word_count(candidate) <= MAX_JOINED_WORDS and not defects.text_defects(candidate):
            joined = candidate
    return Found("unstated_point", statement[:80], joined)


def _names_problem(flat: str) -> bool:
    bare = BARE_PROBLEM.match(flat)
    for match in [*NAMED_PROBLEM.finditer(flat), *([bare] if bare else [])]:
        before, rest = flat[: match.start()], flat[match.end() :]
        if not NOUN_NEXT.match(rest) or PROBLEM_STATED.search(rest) or REASON_AFTER.search(rest):
            continue
        verb = FIRST_VERB.search(rest)
        if match is bare or SUBJECT_OPENING.match(before):
            if verb and verb.group(0).lower() in NEWS_VERB:
                return True
        elif INTRODUCED.search(before) and not POINTING_SUBJECT.match(flat):
            return True
    return False


def list_lead(bullet: str, paper: Paper, slide_bullets: list[str]) -> Found | None:
    """A sentence that announces items the slide does not show (see the module's docstring)."""
    flat = text.clean(bullet).rstrip()
    match = LIST_LEAD.search(flat)
    if match is None or ITEMS_GIVEN.search(flat[match.end() :]):
        return None
    located = _source(bullet, paper)
    if located is None:
        return None
    sentence, kept = located
    following = sentence.following
    rest = _rest_of(sentence.text, kept)
    if len(sentence.words) - kept >= 2 and ITEMS_FOLLOW.match(rest):
        # the bullet stops where its sentence gives the items: the sentence whole, or nothing
        return Found("list_lead", rest.lstrip(":(—–- ")[:80], _bullet_of(sentence.text) or "")
    if len(sentence.words) - kept >= 2:
        # the paper's sentence goes on: with its items, unless the splitter ended it after the
        # first one ("… is simple; 1. the plane is tessellated." then "2. …" on its own)
        first = FIRST_ITEM.match(_rest_of(sentence.text, kept))
        if first is None or not following or _item_number(following[0]) != 2:
            return None
        following = (first.group("item"), *following)
    if not following:
        return None
    if _shown(following[0], slide_bullets):
        return _missing_items(bullet, following, slide_bullets)  # the items follow on the slide
    return Found("list_lead", following[0][:80], _with_items(bullet, following))


def _missing_items(
    bullet: str, following: tuple[str, ...], slide_bullets: list[str]
) -> Found | None:
    """The lead's first item follows it on the slide and a later one is missing ("… needed in
    two cases", "The first is …", and no second): the missing items, as bullets to add after
    the last one shown, when the paper numbers them in order ("The first …", "The second …")."""
    count = _announced_count(bullet)
    if not 2 <= count <= MAX_ITEMS or len(following) < count:
        return None
    items = following[:count]
    if [_item_number(item) for item in items] != list(range(1, count + 1)):
        return None  # not surely the items: left as they are
    missing = [item for item in items if not _shown(item, slide_bullets)]
    if not missing:
        return None
    added = tuple(_bullet_of(item) for item in missing)
    if None in added:
        # an item that cannot stand as a bullet ("The second case is …" reads as a reference
        # to nothing): leaving the lead out would leave "The first …" without its lead, no better
        return None
    last = max(_shown_at(item, slide_bullets) for item in items)
    return Found(
        "list_lead",
        missing[0][:80],
        "",
        added=tuple(a for a in added if a),
        after=slide_bullets[last],
    )


def _shown_at(sentence: str, slide_bullets: list[str]) -> int:
    """The index of the bullet that shows the sentence, or -1."""
    key = " ".join(_key_words(sentence))[:50]
    return next(
        (i for i, b in enumerate(slide_bullets) if key and key in " ".join(_key_words(b))), -1
    )


FIRST_ITEM = re.compile(r"^[;:,]?\s*(?:\(?1[.)]|\(?a\)|first(?:ly)?,?)\s+(?P<item>\S.*)$", re.I)


def _with_items(bullet: str, following: tuple[str, ...]) -> str:
    """The lead with its items in one sentence, when they are a few short sentences that stand
    and are surely the items: as many as the lead announces, or numbered in order."""
    count = _announced_count(bullet)
    if not count:
        # no count: the items are numbered ("1. …", "2. …"; the first one's number may have
        # stayed with the lead), and the list ends where the numbers stop
        count = 1
        while count < len(following) and _item_number(following[count]) == count + 1:
            count += 1
        if count < 2:
            return ""
    if len(following) < count or count > MAX_ITEMS:
        return ""
    items: list[str] = []
    numbered = bool(_item_number(following[0]))
    for position, item in enumerate(following[:count], start=1):
        number = _item_number(item)
        if (number and number != position) or (numbered and not number and position > 1):
            return ""  # numbered otherwise, or an item's second sentence: not the items
        cleaned = text.LEADING_MARKERS.sub("", text.clean(item)).rstrip(" .")
        cleaned = ITEM_MARK.sub("", cleaned)
        if (
            not cleaned
            or text.word_count(cleaned) > MAX_ITEM_WORDS
            or defects.text_defects(text.capitalised(cleaned))
        ):
            return ""
        items.append(_lower_first(cleaned))
    lead = re.sub(r"[;:,]?\s*\(?\d[.)]?$", "", text.clean(bullet).rstrip(" .:"))
    joined = f"{lead}: {'; '.join(items)}"
    return joined if text.word_count(joined) <= MAX_JOINED_WORDS else ""


ITEM_MARK = re.compile(r"^(?:\(?(?:\d|[ivx]+|[a-h])[.)]|[-•])\s+")
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh")


def _item_number(item: str) -> int:
    """The item's number: "2. …", "(2) …", "Second, …", "The second …"; 0 when unnumbered."""
    match = re.match(r"\(?(\d)[.)]\s", item.strip())
    if match:
        return int(match.group(1))
    match = re.match(r"(?:the\s+)?(\w+?)(?:ly)?\b", item.strip(), re.I)
    word = match.group(1).lower() if match else ""
    return ORDINALS.index(word) + 1 if word in ORDINALS else 0


_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}


def _announced_count(bullet: str) -> int:
    match = re.search(
        rf"\b({'|'.join(_COUNTS)}|\d)\s+(?:[a-z-]+\s+){{0,2}}{_ITEMS}\b", bullet, re.I
    )
    if match is None:
        return 0
    word = match.group(1).lower()
    return _COUNTS.get(word) or int(word)


# The cut word whole and at most three more words up to where the paper's clause ends: a
# bracket, a clause's punctuation, a dash, or the sentence's end.
CLAUSE_TO_END = re.compile(r"([\w’'-]+(?:\s+[\w’'-]+){0,3}?)(?=\s*[(\[,;:!?—–]|\s*\.(?:\s|$)|\s*$)")


def cut_word(bullet: str, paper: Paper) -> Found | None:
    """The bullet ends inside one of the paper's words (see the module's docstring)."""
    cleaned = text.clean(bullet).rstrip()
    words = _key_words(cleaned)
    if len(words) < 5 or not re.search(r"[A-Za-z0-9]$", cleaned):
        return None  # a bullet that ends with its punctuation ended where it meant to
    head, tail, last = words[:4], words[-4:-1], words[-1]
    for sentence, start in _opening_at(paper, head):
        end = _find(sentence.words, tail, start)
        if end < 0 or end + len(tail) >= len(sentence.words):
            continue
        whole_word = sentence.words[end + len(tail)]
        if whole_word == last or not whole_word.startswith(last):
            return None  # the bullet's word is the paper's: it ends where the paper's word does
        after = _rest_of(sentence.text, end + len(tail)).lstrip()
        seam = after[len(last) - 1 : len(last) + 1]
        if len(seam) == 2 and seam[0].islower() and seam[1].isupper():
            return None  # two words the text layer glued ("sliceThe"): the bullet's word is whole
        # the word whole and the clause's last few words: "E" → "Ed Williams" before "(…)"
        match = CLAUSE_TO_END.match(after)
        repair = ""
        if (
            match
            and WORD.match(match.group(1).lower())
            and match.group(1).lower().startswith(last)
            and cleaned.lower().endswith(last)
        ):
            repair = cleaned[: len(cleaned) - len(last)] + match.group(1)
            if defects.text_defects(repair):
                repair = ""
        part = after.split(None, 1)[0] if after else whole_word
        return Found("cut_word", part, repair or _bullet_of(sentence.text) or "")
    return None


# A display's line read as a paragraph: it opens with its relation ("= f e (Foldr …)"), or
# its first words are a short left side and the relation ("Foldr f e (x: xs) = f x …").
DISPLAY_LINE = re.compile(
    r"^\s*(?:=|≡|:=|⇒|→|≤|≥|<=|>=)\s*\S|^[^.!?;,=$`•]{1,30}?\s(?:=|:=|≡)\s+\S"
)
DISPLAY_LINE_WORDS = 12  # a display's line read as a paragraph of its own is short
ENDED = re.compile(r"[.!?:;,]$")  # a colon's display is lead_without_display's


def display_tail(bullet: str, paper: Paper) -> Found | None:
    """The bullet ends where a display read as paragraphs begins, or is one of its lines (see
    the module's docstring)."""
    words = _key_words(bullet)
    if len(words) < 4:
        return None
    paragraphs = [p for section in paper.sections for p in section.paragraphs]
    for at, paragraph in enumerate(paragraphs):
        parts = _split(paragraph)
        last = parts[-1] if parts else ""
        last_words = tuple(_key_words(last))
        if _find(last_words, words[:4], 0) < 0 or last_words[-4:] != tuple(words[-4:]):
            continue
        if ENDED.search(last.strip()):
            return None  # the sentence ends: whatever follows is no part of it
        after = [p for p in paragraphs[at + 1 : at + 3] if DISPLAY_LINE.match(p)]
        line = len(parts) == 1 and len(last_words) <= DISPLAY_LINE_WORDS
        before = at > 0 and DISPLAY_LINE.match(paragraphs[at - 1])
        if after or (line and before):
            shown = after[0] if after else paragraphs[at - 1]
            return Found("display_tail", shown.strip()[:80], "")
        return None
    return None


# What completes the bullet's last phrase when the paper's sentence goes on from it with no
# break (no comma, no bracket): the comparison's other term ("… is more robust to storms" |
# "than the first two methods"), the condition the claim holds under ("… is unbiased" | "provided
# the errors are independent"), the complement of its last noun ("… the advantages" | "of the
# three methods"). "unless" and "only if" are lost_point's (they turn the claim round).
COMPLETION = re.compile(
    r"^(?P<word>than|as|of|if|provided|providing|as\s+long\s+as|so\s+long\s+as|given\s+that|"
    r"assuming|whenever)\s+\S",
    re.I,
)
# "as" completes only a comparison the bullet opened: "as fast", "the same", "such a …".
OPEN_COMPARISON = re.compile(r"\b(?:as|same|such)(?:\s+\S+){0,3}$", re.I)
CONDITION = ("if", "provided", "providing", "as long as", "so long as", "given that", "assuming")


# A shortened name's full stop the sentence goes on after: a genus's initial before its
# species ("… the silk gland of B" | ". mori declined …"), a person's initial, a journal's word.
NAME_STOP = re.compile(r"^\$?\.\s+\S")
# The bullet's last clause opened by a subordinating word ("… so on sufficiently large
# matrices", "… because of the larger cache"): without its verb it is half a clause, and the
# consequence or the claim it leads to is what the paper's sentence goes on with.
LAST_SUBORDINATE = re.compile(
    r"(?<!\band )(?<!\bor )\b(?:so|because|since|although|though|whereas|while|when|whenever|"
    r"once|unless|if)\s+(?P<tail>[^,;:()—–]{1,80})$",
    re.I,
)
MAX_TAIL_WORDS = 8


def _verbless(value: str) -> bool:
    shape = clause_shape.shape(value)
    return not shape.verbs


def cut_short(bullet: str, paper: Paper) -> Found | None:
    """The bullet stops where its paper sentence goes on, without a break, with what completes
    its last phrase: a comparison's other term, a condition, a noun's complement (see
    COMPLETION); or it stops at a shortened name's full stop (NAME_STOP), or inside a
    subordinate clause before that clause's verb (LAST_SUBORDINATE). The reader gets half a
    comparison, a claim without the case it holds in, or half a clause."""
    cleaned = text.clean(bullet).rstrip()
    if not cleaned or not cleaned[-1].isalnum():
        return None  # the bullet ends on punctuation: it ended its statement there
    located = _source(bullet, paper)
    if located is None:
        return None
    sentence, kept = located
    if len(sentence.words) - kept < 2:
        return None
    rest = _rest_of(sentence.text, kept)
    last = cleaned.rsplit(None, 1)[-1].strip("$")
    if NAME_STOP.match(rest) and text.is_abbreviation(last + "."):
        following = " ".join(rest.lstrip("$.").split()[:2])
        return Found(
            "cut_short", f"name: {last}. {following}"[:80], _bullet_of(sentence.text) or ""
        )
    subordinate = LAST_SUBORDINATE.search(cleaned)
    if (
        subordinate
        and len(sentence.words) - kept >= 3
        and text.word_count(subordinate.group("tail")) <= MAX_TAIL_WORDS
        and _verbless(subordinate.group("tail"))
    ):
        clause = rest.lstrip(",;: ")
        return Found("cut_short", f"clause: {clause}"[:80], _bullet_of(sentence.text) or "")
    described = _description(cleaned, rest)
    if described is not None:
        return Found("cut_short", f"description: {described}"[:80], _with_rest(cleaned, rest))
    match = COMPLETION.match(rest)
    if match is None:
        return None
    word = " ".join(match.group("word").lower().split())
    if word == "as" and not OPEN_COMPARISON.search(cleaned):
        return None  # "… we use it as a baseline" of a bullet "… we use it": a role, not a cut
    clause = re.split(r"[,;:.()\[\]—–]", rest, maxsplit=1)[0]
    if defects.pointers(clause):
        return None  # "the results of Table 2": the pointer went, the statement stays whole
    lost = "condition" if word in CONDITION or word == "whenever" else "comparison"
    lost = "complement" if word == "of" else lost
    return Found("cut_short", f"{lost}: {clause.strip()}"[:80], _bullet_of(sentence.text) or "")


# A thing the bullet brings in by an indefinite phrase at its end ("… inserts a third
# sub-layer", "… adds a new stage"), and the relative clause the paper goes on with that says
# what it is or does (", which performs …"): cut there, the bullet names a thing and says
# nothing of it (cut text, set 16).
INDEFINITE_END = re.compile(
    r"\b(?:a|an|another|one|two|three|four|five|several)\s+(?:[\w-]+\s+){0,2}[\w-]+$", re.I
)
# (not a "which" about the whole statement: "…, which makes it hard to …", "…, which means …")
DESCRIBING_REST = re.compile(
    r"^,\s*(?P<clause>(?:which|who)\s+(?!(?:makes?|made|means?|meant|explains?|leads?|led|"
    r"allows?|enables?|implies|suggests?|shows?|results?|gives?|is\s+why|was\s+why)\b)[^;.:]+)",
    re.I,
)


def _description(cleaned: str, rest: str) -> str | None:
    """The relative clause that describes the thing the bullet ends on, when the bullet
    brings that thing in by an indefinite phrase; None otherwise."""
    if not INDEFINITE_END.search(cleaned):
        return None
    match = DESCRIBING_REST.match(rest)
    return match.group("clause").strip() if match else None


def _with_rest(cleaned: str, rest: str) -> str:
    """The bullet with the rest of its paper sentence, up to the sentence's end, as the
    repair: the paper's own words, when the bullet stays short enough and reads whole."""
    joined = f"{cleaned}{rest.rstrip(' .')}" if rest.startswith(",") else f"{cleaned} {rest}"
    joined = joined.rstrip(" .")
    if text.word_count(joined) > MAX_JOINED_WORDS or defects.text_defects(joined):
        return ""
    return joined


# The word the dropped opening ended on, when what the bullet kept was its object: a
# determiner or a preposition ("Despite these" | "promising results, the scheme …").
PHRASE_HEAD = re.compile(
    r"\b(?:the|a|an|this|these|those|its|their|our|his|her|such|despite|of|in|on|at|by|"
    r"for|with|from|to|into|onto|about|after|before|between|among|under|over|through|"
    r"without|within|unlike)$",
    re.I,
)


def broken_opening(bullet: str, paper: Paper) -> Found | None:
    """The bullet is the paper's sentence with its first words dropped inside a phrase: what
    was dropped ends on a determiner or a preposition, with no comma or colon after it, so the
    bullet opens with that phrase's noun ("Promising results, the scheme still fails …" of
    "Despite these promising results, the scheme still fails …") and no longer parses; or the
    bullet opens on a word that restates what was dropped ("Say, 0.5 nm, …",
    text.RESTATING_OPENING)."""
    cleaned = text.clean(bullet).strip()
    words = _key_words(cleaned)
    if len(words) < 5 or not cleaned[:1].isupper():
        return None
    found = None
    for sentence, start in _opening_at(paper, words[:4]):
        if _find(sentence.words, words[-4:], start) < 0:
            continue
        if start == 0:
            return None  # a sentence of the paper opens as the bullet does
        paper_text = text.clean(sentence.text)
        matches = list(WORD.finditer(paper_text.lower()))
        dropped = paper_text[: matches[start].start()].rstrip()
        if found is None and (PHRASE_HEAD.search(dropped) or text.RESTATING_OPENING.match(cleaned)):
            found = Found("broken_opening", dropped[-60:], _bullet_of(sentence.text) or "")
    return found


def cut_points(bullet: str, paper: Paper, slide_bullets: list[str]) -> Found | None:
    return (
        broken_opening(bullet, paper)
        or lost_point(bullet, paper, slide_bullets)
        or list_lead(bullet, paper, slide_bullets)
        or unstated_point(bullet, paper, slide_bullets)
        or cut_word(bullet, paper)
        or display_tail(bullet, paper)
        or cut_short(bullet, paper)
    )
