"""Bullets in the paper's order. A part of the paper shown on a slide and its "(continued)"
slides reads as the paper has it: its opening sentence (what the part is about, its rule)
first, the details after, a consequence after its reason; the split between the slides falls
between two paragraphs where it can. The paper is the oracle: a bullet stands where the
sentence it was made from stands (section, paragraph, sentence)."""

from __future__ import annotations

from apps.decks.pipeline import headline, text
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.slide_deck import Slide
from apps.decks.pipeline.title_defects import base_title

# (section, paragraph, sentence) of the paper's sentence a bullet was made from
Place = tuple[int, int, int]

# A bullet rewritten from its sentence (a connector dropped, a clause cut) still shares most of
# its words with it; less than this and it is taken for no sentence of the paper.
SHARED_WORDS = 0.7
# A slide of a run keeps at least this many bullets when its split moves to a paragraph's end
# (one bullet alone is a thin slide); it takes no more than the run's fullest slide had.
FEWEST_BULLETS = 2
# The most misplaced bullets moved in one repair.
MOST_MOVES = 15

_CACHE: dict[int, tuple[Paper, list[tuple[Place, str, frozenset[str]]]]] = {}


def _sentences(paper: Paper) -> list[tuple[Place, str, frozenset[str]]]:
    cached = _CACHE.get(id(paper))
    if cached is not None and cached[0] is paper:
        return cached[1]
    found = []
    for s, section in enumerate(paper.sections):
        for p, paragraph in enumerate(section.paragraphs):
            for n, sentence in enumerate(text.sentences(paragraph)):
                found.append(
                    ((s, p, n), " ".join(sentence.lower().split()), _content_words(sentence))
                )
    _CACHE[id(paper)] = (paper, found)
    return found


def _content_words(value: str) -> frozenset[str]:
    return frozenset(w for w in text.words(value) if w not in text.STOPWORDS)


def place_of(bullet: str, paper: Paper) -> Place | None:
    """Where the sentence a bullet was made from stands in the paper: the sentence holding its
    opening words, else the one sharing most of its words (when it shares most of them)."""
    key = " ".join(bullet.lower().split()).rstrip(".:;")[:60]
    sentences = _sentences(paper)
    if len(key) >= 12:
        for place, sentence, _ in sentences:
            if key in sentence:
                return place
    wanted = _content_words(bullet)
    if len(wanted) < 3:
        return None
    best, best_shared = None, 0.0
    for place, _, have in sentences:
        shared = len(wanted & have) / len(wanted)
        if shared > best_shared:
            best, best_shared = place, shared
    return best if best_shared >= SHARED_WORDS else None


def _orderable(slide: Slide) -> bool:
    # a display's slide keeps its lead above it (displays.with_lead_in_order), a figure's its
    # statements beside it: their bullets are not handed to another slide
    return slide.kind == "bullets" and not slide.equation and bool(slide.bullets)


def runs(slides: list[Slide]) -> list[list[int]]:
    """The runs of text slides in a row on one part: a slide and its "(continued)" slides."""
    found: list[list[int]] = []
    for index, slide in enumerate(slides):
        if not _orderable(slide):
            continue
        previous = found[-1] if found else None
        if (
            previous
            and previous[-1] == index - 1
            and base_title(slides[previous[-1]].title) == base_title(slide.title)
        ):
            previous.append(index)
        else:
            found.append([index])
    return found


def _split_points(places: list[Place], sizes: list[int]) -> list[int]:
    """Where the run's bullets, in the paper's order, are cut between its slides: after as many
    as each slide had, moved by one to fall between two paragraphs when the cut would part
    one and a neighbouring cut does not."""
    cuts, at, most = [], 0, max(sizes)
    for size in sizes[:-1]:
        at += size
        cuts.append(at)
    total = len(places)

    def parts_paragraph(cut: int) -> bool:
        return places[cut - 1][:2] == places[cut][:2]

    for i, cut in enumerate(cuts):
        if not parts_paragraph(cut):
            continue
        low = cuts[i - 1] if i else 0
        high = cuts[i + 1] if i + 1 < len(cuts) else total
        for moved in (cut - 1, cut + 1):
            fits = moved - low >= FEWEST_BULLETS and high - moved >= FEWEST_BULLETS
            fits = fits and moved - low <= most and high - moved <= most
            if fits and not parts_paragraph(moved):
                cuts[i] = moved
                break
    return cuts


def in_paper_order(slides: list[Slide], paper: Paper) -> list[str]:
    """Each run of a part's slides with its bullets handed out again in the paper's order (its
    opening sentence on its first slide, never on its "(continued)" one), each slide keeping
    about as many as it had; the titles of the runs changed. A run with a bullet found in no
    sentence of the paper is left as it is."""
    changed = []
    for run in runs(slides):
        if len(run) < 2:
            continue
        bullets = [b for i in run for b in slides[i].bullets]
        places = [place_of(b, paper) for b in bullets]
        if any(p is None for p in places):
            continue
        ordered = sorted(zip(places, bullets, strict=True), key=lambda pair: pair[0])
        cuts = _split_points([p for p, _ in ordered], [len(slides[i].bullets) for i in run])
        bounds = [0, *cuts, len(ordered)]
        handed = [[b for _, b in ordered[a:z]] for a, z in zip(bounds, bounds[1:], strict=False)]
        if all(slides[i].bullets == part for i, part in zip(run, handed, strict=True)):
            continue
        for i, part in zip(run, handed, strict=True):
            slides[i] = slides[i].model_copy(update={"bullets": part})
        changed.append(base_title(slides[run[0]].title))
    return changed


def misplaced(slides: list[Slide], paper: Paper) -> list[tuple[int, str, str]]:
    """The bullets placed after one their own paragraph says later, on one slide or across a
    part's slides: (slide index, the bullet, the bullet it should come before). The paper's
    order within a paragraph is what a later sentence leans on (its rule, its reason, what it
    is about)."""
    found = []
    for run in runs(slides):
        seen: list[tuple[Place, str]] = []
        for index in run:
            for position, bullet in enumerate(slides[index].bullets):
                place = place_of(bullet, paper)
                if place is None or headline.leads(slides[index], position, paper):
                    continue  # the main result leads the opening slide on purpose
                later = next(
                    (b for p, b in seen if p[:2] == place[:2] and p[2] > place[2]),
                    None,
                )
                if later is not None:
                    found.append((index, bullet, later))
                seen.append((place, bullet))
    return found


def move_misplaced(slides: list[Slide], paper: Paper) -> list[str]:
    """Each misplaced bullet moved to just before the first bullet its paragraph says after it
    (onto that bullet's slide when it is another of the part's slides)."""
    moved = []
    for _ in range(MOST_MOVES):
        found = misplaced(slides, paper)
        if not found:
            break
        index, bullet, later = found[0]
        target = next(i for i, s in enumerate(slides) if later in s.bullets)
        if target == index:
            kept = [b for b in slides[index].bullets if b != bullet]
            kept.insert(kept.index(later), bullet)
            slides[index] = slides[index].model_copy(update={"bullets": kept})
        else:  # across the part's slides the two change places: each slide keeps its size
            for i, (old, new) in ((index, (bullet, later)), (target, (later, bullet))):
                swapped = [new if b == old else b for b in slides[i].bullets]
                slides[i] = slides[i].model_copy(update={"bullets": swapped})
        first, second = (text.shorten(b, 8, ellipsis=True) for b in (bullet, later))
        moved.append(f"moved “{first}” before “{second}”")
    return moved


def with_bullet(bullets: list[str], new: str, paper: Paper, at: int | None = None) -> list[str]:
    """The bullets with `new` (a sentence of the part brought in for one left out) where the
    paper has it: right after the last bullet its paper says before it; when none is, or it is
    found in no sentence, at `at` (the end when not given)."""
    place = place_of(new, paper)
    earlier = [
        i
        for i, bullet in enumerate(bullets)
        if place is not None and (p := place_of(bullet, paper)) is not None and p < place
    ]
    position = earlier[-1] + 1 if earlier else (len(bullets) if at is None else at)
    return [*bullets[:position], new, *bullets[position:]]
