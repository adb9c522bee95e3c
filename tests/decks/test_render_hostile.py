"""Paper text and a model's slides are untrusted: what slides.md holds must keep Slidev's
structure and never run in the page.

Two holes this guards (both seen in a real `slidev build`):
- a `<!--` in a sentence, even written `\\<!--`, opened a comment in Slidev's splitter that ran
  to the next slide's notes: a deck of four slides was built as two, the rest read as notes;
- a formula KaTeX refuses is put into the page by Slidev as it is: `<b :data-x="7*6">` in a
  title's `$…$` was compiled by Vue, its expressions run (the site's CSP cannot stop that).
The fast tests read slides.md with Slidev's own parser (node); the slow one builds the deck and
opens it in Chromium."""

import json
import re
import shutil
import subprocess
from pathlib import Path
from xml.sax.saxutils import escape

import pytest
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import cm
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer

from apps.decks.pipeline.render.markdown import MATH, deck_markdown, inline
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

SLIDEV = Path(__file__).resolve().parents[2] / "renderers" / "slidev"
PARSER = SLIDEV / "node_modules" / "@slidev" / "parser" / "dist" / "core.mjs"
# Slidev's own reading of slides.md: per slide, its notes and its content
READ = f"""
import {{ parseSync }} from {json.dumps(str(PARSER))};
let input = "";
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", () => {{
  const slides = parseSync(input, "slides.md").slides;
  process.stdout.write(JSON.stringify(slides.map((s) => [s.note || "", s.content])));
}});
"""
VUE = '<b id="pwned" :data-x="6*7" @click="console.error(7)">hi</b>'
HOSTILE = [
    "An HTML comment opens here <!-- and is never closed in the text",
    "Code `<!-- x` in a sentence and a formula $x <!-- y$ after it",
    "A script <script>alert(1)</script> and <img src=x onerror=alert(1)> inline",
    "A mustache {{ $slidev.nav.next() }} and v-html=\"'<b>x</b>'\" as text",
    "A link [click](javascript:alert(1)) and <iframe src=javascript:alert(1)></iframe>",
]


def _slidev_reads(markdown: str) -> list[tuple[str, str]]:
    node = shutil.which("node")
    if node is None or not PARSER.exists():
        pytest.skip("node or Slidev's parser missing")
    done = subprocess.run(
        [node, "--input-type=module", "-e", READ],
        input=markdown,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return [tuple(pair) for pair in json.loads(done.stdout)]


def _hostile_deck() -> SlideDeck:
    return SlideDeck(
        title="Hostile",
        authors=["A B"],
        slides=[
            Slide(kind="title", title="Hostile"),
            Slide(kind="bullets", title=f"Results $\\nosuchmacro {VUE}$", bullets=HOSTILE),
            Slide(kind="bullets", title="Middle", bullets=["::right::", "c"], notes="middle notes"),
            Slide(
                kind="bullets",
                title="Listing",
                bullets=["The listing"],
                code='<!-- opens\nx <- 1\ny <- "{{ 6*7 }}"\n<b :data-x="6*7">b</b>',
                code_lang="html",
                notes="listing notes",
            ),
            Slide(
                kind="bullets",
                title="Last",
                bullets=["e", "f"],
                equation="a < b > c\n---\nlayout: iframe\nurl: https://example.com\n---\nd",
            ),
        ],
    )


def test_slidev_reads_every_slide_of_a_hostile_deck_and_only_its_notes():
    deck = _hostile_deck()
    read = _slidev_reads(deck_markdown(deck, None))
    assert len(read) == len(deck.slides), [content[:60] for _, content in read]
    assert [note for note, _ in read] == ["", "", "middle notes", "listing notes", ""]
    contents = [content for _, content in read]
    # a list item's line "::right::" is a layout's slot marker in Slidev's Markdown
    assert "- ::right::" not in contents[2].splitlines()
    assert "The listing" in contents[3] and "x <- 1" in contents[3]


def test_a_formula_holds_no_markup_should_slidev_set_it_as_it_is():
    written = inline(f"Title $\\nosuchmacro {VUE}$ and $a<b$")
    spans = MATH.findall(written)
    assert len(spans) == 2 and not any("<" in span or ">" in span for span in spans)
    assert "\\lt b" in spans[1] and "{{" not in written


def _hostile_pdf(path: Path) -> Path:
    """A short paper whose sentences carry markup, Vue and Slidev syntax as printed text."""
    body = ParagraphStyle("b", fontName="Times-Roman", fontSize=11, leading=14, spaceAfter=6)
    head = ParagraphStyle("h", fontName="Helvetica-Bold", fontSize=14, leading=18, spaceAfter=6)
    title = ParagraphStyle("t", fontName="Helvetica-Bold", fontSize=20, leading=24, spaceAfter=10)
    sentences = [
        "Our parser keeps the marker <!-- as plain text in every page it reads.",
        "The template shows {{ $slidev.nav.next() }} to the reader before the data loads.",
        "A page may hold <script>alert(1)</script> or <img src=x onerror=alert(1)> as its input.",
        "The report links to [the form](javascript:alert(1)) and embeds <iframe src=x>.",
        "The macro \\href{javascript:alert(1)}{here} and \\htmlData{x=y}{z} stay text in the source.",
    ]
    subjects = ["crawler", "sanitiser", "indexer", "archive"]
    story = [Paragraph("Markup Kept as Text in Parsed Pages", title), Spacer(1, 8)]
    for number, name in enumerate(["Introduction", "Method", "Results", "Conclusion"], start=1):
        subject = subjects[number - 1]
        story.append(Paragraph(f"{number} {name}", head))
        story.append(
            Paragraph(
                f"The {subject} reads {120 * number} pages a minute on one core. "
                f"It stores each page of the {subject} with its links and its headers. "
                f"We measured the {subject} on {number + 2} collections of public web pages.",
                body,
            )
        )
        for sentence in sentences[number - 1 :] + sentences[: number - 1]:
            story.append(Paragraph(escape(sentence.replace("page", f"{subject} page")), body))
        story.append(Paragraph("---", body))
        story.append(Paragraph("::right::", body))
    SimpleDocTemplate(str(path), pagesize=A4, leftMargin=2.5 * cm, rightMargin=2.5 * cm).build(
        story
    )
    return path


def test_a_paper_printing_markup_keeps_its_deck_whole(tmp_path):
    from apps.decks.pipeline.ingest import paper_read
    from apps.decks.pipeline.propose.builtin import BuiltinProposer

    paper = paper_read(_hostile_pdf(tmp_path / "hostile.pdf"), tmp_path / "figures")
    printed = " ".join(p for s in paper.sections for p in s.paragraphs)
    assert "<!--" in printed and "{{" in printed  # the paper's text as printed
    deck = BuiltinProposer().propose(paper)  # the sentences go to bullets or to notes
    read = _slidev_reads(deck_markdown(deck, paper))
    assert len(read) == len(deck.slides), [content[:60] for _, content in read]
    assert all("<!--" not in note for note, _ in read)


@pytest.mark.slow
def test_a_hostile_deck_builds_whole_and_runs_nothing(tmp_path):
    from playwright.sync_api import sync_playwright

    from apps.decks.pipeline.render import browser as deck_browser
    from apps.decks.pipeline.render import slidev
    from renderers import browser

    deck = _hostile_deck()
    (tmp_path / "slides.md").write_text(deck_markdown(deck, None))
    site = slidev.build(tmp_path / "slides.md", tmp_path / "site")
    errors: list[str] = []
    with sync_playwright() as playwright:
        chromium = browser.launch(playwright)
        page = chromium.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.route("**/*", lambda route: deck_browser._serve(route, site))
        page.goto(f"{deck_browser.ORIGIN}index.html#/1", wait_until="load")
        for number in range(1, len(deck.slides) + 1):
            page.evaluate(f"location.hash = '#/{number}'")
            page.locator(f".slidev-page-{number} .slidev-layout").wait_for()
            page.wait_for_timeout(200)
            assert page.locator("#pwned, [data-x], script:not([src]), iframe").count() == 0
            page.locator(f".slidev-page-{number}").click()  # a handler would log to the console
            if number == 4:  # the listing as printed: Vue reads nothing in it
                listing = page.locator(".slidev-page-4 pre").inner_text()
                assert "{{ 6*7 }}" in listing and ':data-x="6*7"' in listing
        shown = page.evaluate("document.querySelector('.slidev-page-5').innerText")
        chromium.close()
    assert "Last" in shown  # the last slide is a slide of its own
    assert errors == []


def test_a_display_keeps_to_its_slide_whatever_its_lines_hold():
    # a display's lines are raw lines of slides.md: a "---" line in it split the slide and the
    # lines after it were read as the next slide's front matter (an iframe layout to a site of
    # the model's choice); a "$$" ended the display early and a "%" hid the rest of it
    equation = "a = b\n---\nlayout: iframe\nurl: https://example.com\n---\nc $$ d % e\n\r f"
    deck = SlideDeck(
        title="T",
        authors=["A B"],
        slides=[
            Slide(kind="title", title="T"),
            Slide(kind="bullets", title="Display", bullets=["It holds:"], equation=equation),
            Slide(kind="bullets", title="After", bullets=["g", "h"]),
        ],
    )
    markdown = deck_markdown(deck, None)
    read = _slidev_reads(markdown)
    assert len(read) == len(deck.slides), [content[:60] for _, content in read]
    display = re.search(r"^\$\$\n(.*)\n\$\$$", markdown, re.M | re.S).group(1)
    assert "\n" not in display and "\r" not in display
    assert "\\$\\$" in display and "\\%" in display and "f" in display
