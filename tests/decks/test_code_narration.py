"""Bullets that narrate code the deck does not show (software papers: "We declare the function
signature to contain a single argument …", "The output above …"). On a LaTeX paper of our own
(tests/fixtures/papers/ingest/listings, CC0: a verbatim console session and a C++ lstlisting,
typewriter identifiers, prose that talks them through) ingestion keeps the listings where they
stand, the reviewer finds the narrating bullets from the paper (next to a listing, and pointing
at it or naming a name only the listing has), never the bullets that stand on their own, and the
reviser shows the listing as a fenced code block cut at a whole statement."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline import code_narration
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.loop import revise_round
from apps.decks.pipeline.paper import Listing, Paper
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.render.markdown import deck_markdown
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_context_symbols import _deck, _issues, _sentence

PAPER = settings.BASE_DIR / "tests/fixtures/papers/ingest/listings/tessera-listings.pdf"


@pytest.fixture(scope="module")
def paper(tmp_path_factory) -> Paper:
    return paper_read(PAPER, tmp_path_factory.mktemp("listings-figures"))


def _listings(paper: Paper) -> dict[str, list[Listing]]:
    return {s.title: s.listings for s in paper.sections if s.listings}


def test_ingestion_keeps_each_listing_where_it_stands_with_its_indentation(paper):
    listings = _listings(paper)
    assert list(listings) == ["A first session", "Fast counting in C++"]
    session, routine = listings["A first session"][0], listings["Fast counting in C++"][0]
    assert session.after == 1 and routine.after == 1  # after each section's first paragraph
    lines = session.text.splitlines()
    assert lines[0] == "R> library(thicket)"
    # the continuation line keeps its indentation under the call's opening bracket
    call = lines[1].index("tally_walks(") + len("tally_walks(")
    assert lines[2].startswith("+") and lines[2].index("season") == call
    assert "3  blackcap  north      4" in session.text  # printed output, its columns kept
    assert "#include <map>" in routine.text  # no space inside a word set in pieces
    assert "    for (const std::string& bird : walk.heard) {" in routine.text.splitlines()
    # the listings are not sentences of the paper
    prose = " ".join(p for s in paper.sections for p in s.paragraphs)
    assert "R> library" not in prose and "#include" not in prose


def test_the_bullets_that_narrate_a_listing_are_found_from_the_paper(paper):
    narrating = [
        _sentence(paper, "We pass the notebook"),  # `keep_unheard`: a name only the listing has
        _sentence(paper, "The output above lists"),  # points at the output
        _sentence(paper, "The routine keeps a running"),  # `tally`, the listing's own variable
    ]
    for bullet in narrating:
        found = code_narration.narration(paper, bullet)
        assert found is not None and found.certain and found.listing is not None, bullet
    standing = [
        _sentence(paper, "The compiled routine counts"),  # next to a listing, but a result
        _sentence(paper, "Wrens were the most common"),
        _sentence(paper, "Its central function"),  # names the API, far from any listing
        _sentence(paper, "Hedgerows that were walked"),
    ]
    assert [code_narration.narration(paper, b) for b in standing] == [None] * 4


def test_a_listing_too_long_for_a_slide_is_cut_after_a_whole_statement():
    includes = ["#include <map>", "#include <vector>"]
    routine = Listing(after=0, text="\n".join(includes + _function(20)))
    cut = code_narration.excerpt(routine)
    lines = cut.splitlines()
    assert lines[-1] == "…" and len(lines) <= code_narration.MAX_LINES
    assert lines[:-1] == includes  # the function does not fit: cut before it, whole
    short = Listing(after=0, text="\n".join(_function(6) + _function(6)))
    lines = code_narration.excerpt(short).splitlines()
    assert lines[:-1] == _function(6) and lines[-1] == "…"  # the first function, whole
    assert code_narration.excerpt(Listing(after=0, text="\n".join(_function(20)))) is None


def test_a_cut_that_keeps_one_line_is_no_excerpt():
    # one include and "…" would stand on the slide as a stub of the code the bullet talks
    # about: no excerpt, so the reviser shows no code rather than a line of it
    routine = Listing(after=0, text="\n".join(["#include <map>"] + _function(20)))
    assert code_narration.excerpt(routine) is None


def _function(body: int) -> list[str]:
    return ["int f(int x) {", *(f"  x = x + {i};" for i in range(body)), "  return x;", "}"]


def test_the_reviser_shows_the_listing_under_the_bullet_and_the_finding_goes(paper):
    use = _sentence(paper, "We pass the notebook")
    other = _sentence(paper, "Counts of several volunteers are added up")
    deck = _deck(paper, Slide(kind="bullets", title="A first session", bullets=[use, other]))
    found = _issues(deck, paper, 2, "narrates_code")
    assert [(i.severity, i.evidence["index"]) for i in found] == [("medium", 0)]
    assert _issues(deck, paper, 2, "code_pointer") == []  # the text rule alone misses it

    revised = deck_repair(BuiltinProposer(), paper, deck, found)
    slide = revised.deck.slides[1]
    # the listing goes under the paper's sentence that introduces it, the bullet about it after
    intro = "Consider the small session below, which counts the walks of one volunteer."
    assert slide.bullets == [intro, use, other] and slide.code_lead == intro
    assert slide.code.startswith("R> library(thicket)") and slide.code_lang == "r"
    assert revised.changes[0].type == "narrates_code"  # review.json names the issue
    assert _issues(revised.deck, paper, 2, "narrates_code") == []
    # slides.md: the block is Markdown a person edits, under its lead, before the next bullet
    markdown = deck_markdown(revised.deck, paper)
    block = "```r\nR> library(thicket)\n"
    assert block in markdown
    assert markdown.index(intro[:30]) < markdown.index(block) < markdown.index(use[:30])


def test_a_full_slide_gets_the_listing_on_a_slide_of_its_own(paper):
    use = _sentence(paper, "The routine keeps a running")
    long = [_sentence(paper, "Volunteers walk the same hedgerows"), _sentence(paper, "Thicket is")]
    deck = _deck(paper, Slide(kind="bullets", title="Counting", bullets=[*long, use]))
    found = _issues(deck, paper, 2, "narrates_code")
    revised = deck_repair(BuiltinProposer(), paper, deck, found)
    first, own = revised.deck.slides[1:3]
    assert first.bullets == long and not first.code
    assert own.bullets == [use] and own.code_lang == "cpp"
    assert own.code.splitlines()[-1] == "…" and "Tally count(" in own.code
    assert _issues(revised.deck, paper, 3, "narrates_code") == []


def test_without_a_listing_that_fits_the_bullet_goes(paper):
    use = _sentence(paper, "The routine keeps a running")
    routine = next(s for s in paper.sections if s.title == "Fast counting in C++")
    wide = routine.model_copy(
        update={"listings": [Listing(after=1, text="Tally tally; // " + "x" * 200)]}, deep=True
    )
    narrow = paper.model_copy(
        update={"sections": [wide if s is routine else s for s in paper.sections]}
    )
    deck = _deck(narrow, Slide(kind="bullets", title="Counting", bullets=[use]))
    found = _issues(deck, narrow, 2, "narrates_code")
    revised = deck_repair(BuiltinProposer(), narrow, deck, found)
    assert all(use not in s.bullets for s in revised.deck.slides)
    assert "removed bullet 1" in revised.changes[0].action


def test_a_session_is_cut_between_an_input_and_the_next_never_inside_printed_output():
    rows = [f"[{i},]   {i}   {i * 2}" for i in range(1, 15)]
    session = ["R> x <- matrix(1:28, 14)", "R> x", "     [,1] [,2]", *rows, "R> dim(x)", "[1] 8 2"]
    lines = code_narration.excerpt(Listing(after=0, text="\n".join(session))).splitlines()
    # 19 lines: the printed matrix does not fit whole, so the cut goes before it (after the
    # input that prints it), never after some of its rows; the session's last input and what
    # it printed stay after the "…"
    assert lines == [*session[:2], "…", "R> dim(x)", "[1] 8 2"]
    assert "$outer" not in "".join(code_narration.PROMPT.findall("$outer"))


def test_a_session_cut_for_room_keeps_the_call_that_prints_its_answer_and_the_answer():
    """A session that sets up its data and ends on the call that prints the answer was cut
    after its first statements: the call and its value were on no slide (a held-out
    vignette's quantile was elided from two copies of its listing)."""
    setup = [f"R> plot{i} <- read_plot({i}, area = {10 * i})" for i in range(1, 11)]
    answer = ["R> lincoln_petersen(marked = 40, caught = 52,", "+   recaptured = 13)", "[1] 160"]
    session = Listing(after=0, text="\n".join([*setup, *answer]))
    lines = code_narration.excerpt(session, max_lines=10).splitlines()
    assert lines == [*setup[:6], "…", *answer]
    # a last input that prints nothing, or a printed table too long to keep, leaves the cut
    # as it was: the first statements and "…"
    quiet = Listing(after=0, text="\n".join([*setup, "R> saveRDS(plot1, 'p.rds')"]))
    assert code_narration.excerpt(quiet, max_lines=10).splitlines() == [*setup[:9], "…"]
    table = ["R> summary(plot1)", *(f"  row {i}: {i * 3}" for i in range(8))]
    long = Listing(after=0, text="\n".join([*setup, *table]))
    assert code_narration.excerpt(long, max_lines=10).splitlines() == [*setup[:9], "…"]
    # a listing that is no session (a function's body) is cut as before
    body = Listing(after=0, text="\n".join(_function(6) + _function(6)))
    assert code_narration.excerpt(body).splitlines() == [*_function(6), "…"]


def test_a_pointer_at_a_numbered_listing_is_never_given_the_block_beside_it(paper):
    bullet = _sentence(paper, "Long notebooks are counted by a compiled routine")
    assert code_narration.narration(paper, bullet) is None  # no pointer, no name
    listing_one = "Listing 1 shows the loop at its heart"
    found = code_narration.narration(paper, listing_one)
    assert found is not None and found.certain and found.listing is None


def test_two_bullets_about_one_listing_get_it_once(paper):
    # fixed one at a time, the second bullet's fix once moved both bullets to a slide of their
    # own with a second copy of the listing, and the first copy stayed behind under the
    # slide's last bullet, as if that sentence announced it
    use = _sentence(paper, "We pass the notebook")
    output = _sentence(paper, "The output above lists")
    other = _sentence(paper, "Counts of several volunteers are added up")
    deck = _deck(
        paper, Slide(kind="bullets", title="A first session", bullets=[use, output, other])
    )
    found = _issues(deck, paper, 2, "narrates_code")
    assert [i.evidence["index"] for i in found] == [0, 1]

    revised = deck_repair(BuiltinProposer(), paper, deck, found)
    with_code = [s for s in revised.deck.slides if s.code]
    assert len(with_code) == 1, [s.title for s in with_code]
    (slide,) = with_code
    assert slide.code_lead.startswith("Consider the small session")
    assert slide.bullets.index(slide.code_lead) < slide.bullets.index(use)
    markdown = deck_markdown(revised.deck, paper)
    assert markdown.count("R> library(thicket)") == 1
    assert markdown.index("R> library(thicket)") < markdown.index(use[:30])


def test_a_pointer_back_is_never_given_the_listing_after_its_paragraph(paper):
    output = _sentence(paper, "The output above lists")
    found = code_narration.narration(paper, output)
    assert found is not None and found.listing is not None  # the session right before it
    session = next(s for s in paper.sections if s.title == "A first session")
    # the same paragraph with the only listing after it: "above" means none of the paper's
    moved = session.model_copy(
        update={
            "listings": [li.model_copy(update={"after": li.after + 1}) for li in session.listings]
        },
        deep=True,
    )
    later = paper.model_copy(
        update={"sections": [moved if s is session else s for s in paper.sections]}
    )
    found = code_narration.narration(later, output)
    assert found is not None and found.certain and found.listing is None


def test_a_listing_is_led_by_the_sentence_introducing_it_not_by_a_bullet_about_another(paper):
    # a bullet that talks about the listing after it ("The output above …") got the listing
    # on its slide right under the bullet before it — another example's sentence, which it
    # then read as illustrating (a listing of one file shown as another's)
    other = _sentence(paper, "Counts of several volunteers are added up")
    output = _sentence(paper, "The output above lists")
    deck = _deck(paper, Slide(kind="bullets", title="Counting", bullets=[other, output]))
    found = _issues(deck, paper, 2, "narrates_code")
    # through the loop, with its guards: the introduction's pointer ahead ("below") is the
    # listing under it, no dangling pointer for the guard to take the sentence back for
    revised, _changes = revise_round(BuiltinProposer(), paper, [], deck, found, [])
    slide = next(s for s in revised.slides if s.code)
    assert slide.code_lead.startswith("Consider the small session below")
    assert slide.bullets.index(slide.code_lead) == slide.bullets.index(output) - 1
    assert _issues(revised, paper, revised.slides.index(slide) + 1, "dangling_pointer") == []


def test_a_listings_introduction_ending_in_a_colon_leads_it_and_is_no_defect(paper):
    from apps.decks.pipeline.propose import text_gate
    from apps.decks.pipeline.propose.context_fix import leads_nowhere
    from apps.decks.pipeline.propose.repair import _introducing

    # "For another example, …": the example it adds to is on no slide of the listing's
    intro = _introducing(
        "For another example, the hedgerow notebook can be counted by adding the following "
        "lines to the top of the `north_lane.csv` file:"
    )
    assert intro == (
        "The hedgerow notebook can be counted by adding the following lines to the top of "
        "the `north_lane.csv` file:"
    )
    slide = Slide(
        kind="bullets",
        title="Counting",
        bullets=[intro, _sentence(paper, "The output above lists")],
        code="R> library(thicket)\nR> head(counts, 3)",
        code_lang="r",
        code_lead=intro,
    )
    deck = _deck(paper, slide)
    assert not leads_nowhere(slide, 0)
    assert text_gate.flagged(intro, slide, deck, paper, 2) == []
    # without the listing under it, the colon announces nothing the slide shows
    bare = slide.model_copy(update={"code": "", "code_lead": ""})
    assert leads_nowhere(bare, 0)


def _paper_with_first_paragraph(paper: Paper, title: str, paragraph: str) -> Paper:
    """The paper with the first paragraph of section `title` (the one the listing follows)
    replaced."""
    section = next(s for s in paper.sections if s.title == title)
    changed = section.model_copy(
        update={"paragraphs": [paragraph, *section.paragraphs[1:]]}, deep=True
    )
    return paper.model_copy(
        update={"sections": [changed if s is section else s for s in paper.sections]}
    )


def test_a_sentence_the_listing_after_it_completes_narrates_that_listing(paper):
    # no pointer, no identifier of the listing: only the missing full stop says the lines
    # after the paragraph are the sentence's object
    unended = "The north lane notebook of that spring thus also holds the lines"
    completed = _paper_with_first_paragraph(
        paper, "A first session", f"Each volunteer keeps one notebook. {unended}"
    )
    found = code_narration.narration(completed, unended)
    session = _listings(completed)["A first session"][0]
    assert found is not None and found.certain and found.listing == session
    # the same sentence ended, or not the paragraph's last: it says what it says by itself
    ended = _paper_with_first_paragraph(
        paper, "A first session", f"{unended}. Each volunteer keeps one notebook."
    )
    assert code_narration.narration(ended, unended) is None
    assert code_narration.narration(ended, "Each volunteer keeps one notebook.") is None


def test_through_the_loop_the_completed_sentence_gets_its_own_listing(paper):
    unended = "The north lane notebook of that spring thus also holds the lines"
    completed = _paper_with_first_paragraph(
        paper, "A first session", f"Each volunteer keeps one notebook. {unended}"
    )
    deck = _deck(
        completed,
        Slide(
            kind="bullets",
            title="Notebooks",
            bullets=[_sentence(completed, "Counts of several volunteers"), unended],
        ),
    )
    found = _issues(deck, completed, 2, "narrates_code")
    assert len(found) == 1  # the reviewer finds it from the paper, no pointer in its words
    revised, _changes = revise_round(BuiltinProposer(), completed, [], deck, found, [])
    slide = next(s for s in revised.slides if s.code)
    assert slide.code.startswith("R> library(thicket)")
    # the listing stands under the sentence it completes, the sentence kept
    assert slide.code_lead == unended and unended in slide.bullets


def test_a_bullet_another_fix_rewrote_still_gets_the_listing_it_narrates(paper):
    # a fix of the same round dropped the bullet's leaning "also": the narration finding,
    # raised on the words as they were, still reaches the bullet through its paper sentence
    unended = "The north lane notebook of that spring thus also holds the lines"
    rewritten = "The north lane notebook of that spring thus holds the lines"
    completed = _paper_with_first_paragraph(
        paper, "A first session", f"Each volunteer keeps one notebook. {unended}"
    )
    found = code_narration.narration(completed, rewritten)
    assert found is not None and found.listing == _listings(completed)["A first session"][0]
    other = _sentence(completed, "Counts of several volunteers")
    deck = _deck(completed, Slide(kind="bullets", title="Notebooks", bullets=[other, unended]))
    issues = _issues(deck, completed, 2, "narrates_code")
    assert len(issues) == 1
    deck.slides[1] = deck.slides[1].model_copy(update={"bullets": [other, rewritten]})
    revised, _changes = revise_round(BuiltinProposer(), completed, [], deck, issues, [])
    slide = next(s for s in revised.slides if s.code)
    assert slide.code.startswith("R> library(thicket)") and slide.code_lead == rewritten


def test_a_listing_a_slide_after_shows_already_is_never_shown_a_second_time(paper):
    # round 1 put the C++ routine on a slide of its own after the full slide; round 2 finds a
    # bullet left on the full slide narrating the same routine: a second copy of the listing on
    # another "(code)" slide would show the same code twice, so the finding stays open
    use = _sentence(paper, "The routine keeps a running")
    long = [_sentence(paper, "Volunteers walk the same hedgerows"), _sentence(paper, "Thicket is")]
    deck = _deck(paper, Slide(kind="bullets", title="Counting", bullets=[*long, use]))
    found = _issues(deck, paper, 2, "narrates_code")
    first_round, _ = revise_round(BuiltinProposer(), paper, [], deck, found, [])
    with_code = [s for s in first_round.slides if s.code]
    assert len(with_code) == 1 and "Tally count(" in with_code[0].code
    # the next round's deck: the narrating bullet back on the full slide (a later fix of that
    # slide brought it back), the listing still on the slide after it
    again = first_round.model_copy(deep=True)
    again.slides[1] = again.slides[1].model_copy(update={"bullets": [*long, use]})
    issues = _issues(again, paper, 2, "narrates_code")
    assert issues, "the bullet narrates the routine the slide does not show"
    second_round, changes = revise_round(BuiltinProposer(), paper, [deck], again, issues, [])
    shown = [s for s in second_round.slides if s.code and "Tally count(" in s.code]
    assert len(shown) == 1, [s.title for s in second_round.slides]
    assert not [c for c in changes if c.type == "narrates_code"]  # open, not called fixed
    markdown = deck_markdown(second_round, paper)
    assert markdown.count("Tally count(") == 1


def test_two_listings_headed_alike_are_two_listings(paper):
    # a paper heading every listing with the same box label ("R code"): the slide after shows
    # another listing of that paper, and the bullet's own listing is still shown
    use = _sentence(paper, "The routine keeps a running")
    long = [_sentence(paper, "Volunteers walk the same hedgerows"), _sentence(paper, "Thicket is")]
    labelled = paper.model_copy(
        update={
            "sections": [
                s.model_copy(
                    update={
                        "listings": [
                            li.model_copy(update={"text": "Listing\n" + li.text})
                            for li in s.listings
                        ]
                    }
                )
                for s in paper.sections
            ]
        }
    )
    other = Slide(kind="bullets", title="Elsewhere", bullets=[long[0]], code="Listing\nx <- 1")
    deck = _deck(labelled, Slide(kind="bullets", title="Counting", bullets=[*long, use]), other)
    found = _issues(deck, labelled, 2, "narrates_code")
    assert found
    revised, changes = revise_round(BuiltinProposer(), labelled, [], deck, found, [])
    assert any("#include <map>" in s.code for s in revised.slides)
    assert [c.type for c in changes] == ["narrates_code"]
