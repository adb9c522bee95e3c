"""Every formula of a deck typesets: each `$…$` of a bullet or caption and each display is run
through the KaTeX of the Slidev install (node), strictly (an error is thrown, not drawn in red).
A formula KaTeX refuses ("G_{i}_{1}", a double subscript read from the glyphs) would show as
red source on the slide; the bullet, caption or display holding it is left out instead."""

from __future__ import annotations

import json
import logging
import re
import shutil
import subprocess

from django.conf import settings

from apps.decks.pipeline.render.markdown import MATH
from apps.decks.pipeline.slide_deck import SlideDeck

logger = logging.getLogger(__name__)

KATEX = settings.BASE_DIR / "renderers" / "slidev" / "node_modules" / "katex"
# Reads [[tex, display], …] on stdin, writes the list of the indexes KaTeX refuses.
SCRIPT = """
const katex = require(process.argv[1]);
let input = "";
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", () => {
  const failing = [];
  JSON.parse(input).forEach(([tex, display], index) => {
    try {
      katex.renderToString(tex, { displayMode: display, throwOnError: true, strict: "ignore" });
    } catch (error) {
      failing.push(index);
    }
  });
  process.stdout.write(JSON.stringify(failing));
});
"""


def refused(formulas: list[tuple[str, bool]]) -> set[tuple[str, bool]]:
    """The (tex, display) pairs KaTeX cannot typeset; none when node or KaTeX is missing (the
    check is then skipped, with a warning: Slidev could not typeset any formula either)."""
    if not formulas:
        return set()
    node = shutil.which("node")
    if node is None or not KATEX.exists():
        logger.warning("KaTeX check skipped: node or %s missing", KATEX)
        return set()
    done = subprocess.run(
        [node, "-e", SCRIPT, str(KATEX)],
        input=json.dumps(formulas),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return {formulas[i] for i in json.loads(done.stdout)}


DOLLAR = re.compile(r"(?<!\\)\$")


def unpaired(text: str) -> bool:
    """The text's `$` do not pair up into inline formulas (an odd count, or an empty "$$",
    which Markdown reads as a display's opening): the text around them would be set as
    mathematics, the formula after them as text."""
    return len(DOLLAR.findall(text)) % 2 == 1 or bool(re.search(r"(?<!\\)\$\$", text))


def katex_checked(deck: SlideDeck) -> SlideDeck:
    """The deck without the bullets, captions and displays whose formulas KaTeX refuses."""
    formulas: set[tuple[str, bool]] = set()
    for slide in deck.slides:
        for text in (*slide.bullets, slide.caption):
            formulas.update((m.group(1).strip(), False) for m in MATH.finditer(text))
        if slide.equation.strip():
            formulas.add((slide.equation.strip(), True))
    bad = refused(sorted(formulas))
    texts = [t for s in deck.slides for t in (*s.bullets, s.caption)]
    if not bad and not any(unpaired(t) for t in texts):
        return deck

    def typesets(text: str) -> bool:
        if unpaired(text):
            return False
        return not any((m.group(1).strip(), False) in bad for m in MATH.finditer(text))

    slides = []
    for slide in deck.slides:
        update = {
            "bullets": [b for b in slide.bullets if typesets(b)],
            "caption": slide.caption if typesets(slide.caption) else "",
        }
        if (slide.equation.strip(), True) in bad:
            update["equation"] = ""
            bullets = update["bullets"]
            over = slide.bullets_over_equation()
            lead = slide.bullets[over - 1] if over else ""
            if lead in bullets and lead.rstrip().endswith(":"):
                bullets.remove(lead)  # the sentence that led into it
        slides.append(slide.model_copy(update=update))
    return deck.model_copy(update={"slides": slides})
