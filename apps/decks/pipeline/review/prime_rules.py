"""Primes read as powers of zero: the PDF's prime (5′ to 3′, a DNA strand's ends) came out of
ingestion as a superscript 0, "$5^{0}$". A number to the power zero is 1 and no author writes
it so; the fix belongs to ingestion (how a prime glyph is read), the reviewer only reports it."""

from __future__ import annotations

import re

from apps.decks.pipeline.review.registry import SlideContext, slide_rule

# A maths run that is only a number with a superscript zero: "$5^{0}$", "$3^0$"
POWER_OF_ZERO = re.compile(r"(?<!\\)\$\s*(\d+)\s*\^\s*\{?\s*0\s*\}?\s*\$")


@slide_rule
def prime_as_power(c: SlideContext):
    if c.slide is None:
        return
    for where, value in [("title", c.slide.title)] + [
        (f"bullet {n}", b) for n, b in enumerate(c.slide.bullets, start=1)
    ]:
        found = POWER_OF_ZERO.search(value)
        if found:
            yield c.issue(
                "prime_as_power",
                "medium",
                f"“{found.group(0)}” reads as {found.group(1)} to the power zero: the PDF most "
                f"likely has a prime ({found.group(1)}′)",
                "read the prime glyph as a prime at ingestion",
                where=where,
                text=value[:200],
                part=found.group(0),
            )
