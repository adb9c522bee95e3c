"""A web address broken over two lines, its second part alone on its line: set in a typewriter
font, that line reads as a line of code (code.py) and was kept as a listing, the sentence ending
at "https://gitlab.example.org/" (cut text). The address ends where its line ends with "/", "-"
or "_", and the next line is one word of the characters an address is made of: that word is
the address's rest, and the sentence goes on with it."""

from __future__ import annotations

import re

# an address at the line's end that stops at a separator, in backticks or not
# (not after a ".": "… at http://www.example.com." ends its sentence there)
BROKEN_ADDRESS = re.compile(r"(?:https?://|www\.)[^\s`()]*[/_-](?P<tick>`?)\s*$")
# the rest of an address: one word of path characters, the sentence's stop after it
ADDRESS_REST = re.compile(r"^`?(?P<rest>[\w~%/#?=&+.-]*[\w/~#=%-])`?(?P<stop>[.,;:)]*)$")


def address_continued(line: str, following: str) -> str | None:
    """`line` with the rest of its broken address (`following`, the next line) joined on, or
    None when `line` does not end inside an address or `following` is not its rest."""
    broken = BROKEN_ADDRESS.search(line)
    rest = ADDRESS_REST.match(following.strip())
    if broken is None or rest is None:
        return None
    tick = broken.group("tick")
    head = line[: broken.start("tick")] if tick else line.rstrip()
    return f"{head}{rest.group('rest')}{tick}{rest.group('stop')}"
