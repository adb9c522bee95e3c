"""Slides of notes about a document's files: never an answer to "too few slides".

On a documentation-like report the loop answered `slide_count` (too few slides) by adding
slides made from the report's notes about its source files (which file holds which routine,
where the build puts its output): a list of file names says nothing a listener takes away, and
it crowded out nothing better only because nothing else was left. A slide whose bullets mostly
name files, or whose section is a list of files, is no slide to add.
"""

from __future__ import annotations

import re

# a file name with an extension a source tree or a build has, or a path of two parts or more
FILE_NAME = re.compile(
    r"(?<![\w@])(?:[\w.-]+/)*[\w-]{2,}\.(?:c|h|cc|cpp|cxx|hpp|hh|py|r|m|f|f77|f90|java|js|ts|go|"
    r"rs|sh|pl|rb|tex|sty|cls|bib|txt|md|rst|csv|tsv|json|xml|ya?ml|cfg|ini|toml|mk|in|am|ac|"
    r"dat|out|log|mat|so|a|o|dll|exe|lua|awk|sed|cmake|make)\b|(?<![\w:/])(?:[\w.-]+/){2,}[\w.-]*",
    re.I,
)
FILE_HEADING = re.compile(
    r"\b(?:files?|source (?:code|tree)|directory|directories|folders?|file layout|contents of "
    r"the (?:package|distribution)|manifest|release notes|change ?log|readme)\b",
    re.I,
)


# a heading that is a file's name and nothing else ("ufl.par", "lp.cpp (continued)"): whatever
# its extension, a section named after a file is a note on that file
FILE_NAMED_HEADING = re.compile(
    r"^(?=[\w-]*[a-z])[\w-]+(?:\.(?=[a-z0-9]*[a-z])[a-z0-9]{1,5})+(?:\s*\(continued\))?$", re.I
)  # a letter in the name and in the extension: "3.2" or "v1.0" is no file


def names_files(bullet: str) -> bool:
    return bool(FILE_NAME.search(bullet))


def file_notes(title: str, bullets: list[str]) -> bool:
    """Is a slide of this title and bullets notes about files: its heading names files or is a
    file's name, or at least half its bullets name one?"""
    if FILE_HEADING.search(title) or FILE_NAMED_HEADING.match(title.strip()):
        return True
    return bool(bullets) and 2 * sum(names_files(b) for b in bullets) >= len(bullets)
