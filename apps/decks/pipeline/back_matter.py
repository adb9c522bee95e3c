"""Declarations a journal asks of its authors: competing interests, data availability, author
contributions, ethics approval and consent; and the notices of its licence, copyright and
warranty ("These notes are licensed under CC BY-SA 4.0", "distributed as is, WITHOUT ANY
WARRANTY"). They are the paper's back matter, never a bullet.

Journals print them after the conclusions, often under a run-in label the ingester does not
always see, so the paragraph lands under "Conclusions" and its sentence would be a finding.
Only the declaration's own forms count: "conflict of interest between the two goals" or "the
data are noisy" are findings, "the authors declare no conflict of interest" and "the data are
available from the corresponding author on request" are not. (Thanks and funding:
acknowledgements.py.)
"""

from __future__ import annotations

import re

# "The authors declare that they have no conflict of interest", "declare no competing
# interests", "There are no conflicts of interest to declare", "None declared"
COMPETING = re.compile(
    r"\b(?:declares?|declared|reports?|has|have|there\s+(?:is|are|were))\s+"
    r"(?:that\s+(?:they|he|she|there)\s+(?:has|have|is|are)\s+)?no\s+(?:known\s+)?"
    r"(?:relevant\s+)?(?:competing|conflicts?\s+of\s+interests?|(?:potential\s+)?conflicts?|"
    r"financial\s+(?:or\s+\w+\s+)?(?:interests?|relationships?)|disclosures?)\b|"
    r"\b(?:competing\s+interests?|conflicts?\s+of\s+interests?)\s*[:.—–-]\s*none\b|"
    r"^none\s+declared\b",
    re.I,
)
# "The data that support the findings of this study are available from the corresponding
# author on reasonable request", "Code and data are openly available at https://…" (not "The
# data set is available in package mlbench": a vignette's data, where its text is)
AVAILABLE = re.compile(
    r"\b(?:data(?:sets?)?|code|materials?|scripts|software)\b[^.;]{0,80}?"
    r"\b(?:are|is|were|will\s+be|have\s+been|has\s+been)\s+(?:"
    r"(?:openly|publicly|freely)\s+(?:available|accessible)|"
    r"(?:deposited|archived)\s+(?:in|at|with)|"
    r"available\s+(?:from|at|via|in)\s+(?:the\s+)?(?:corresponding\s+author|authors|https?://|"
    r"doi|zenodo|dryad|figshare|github|osf|(?:a\s+)?(?:public\s+)?repository)|"
    r"available\s+(?:up)?on\s+(?:reasonable\s+)?request)|"
    # "… from the corresponding author", "(up)on reasonable request"
    r"\b(?:from|to)\s+the\s+corresponding\s+author\b|\b(?:up)?on\s+reasonable\s+request\b",
    re.I,
)
# "A.L. designed the experiment; T.R. analysed the data", "All authors read and approved the
# final manuscript", "AB and CD wrote the paper"
_INITIALS = r"(?:(?:[A-Z]\.\s?-?){1,3}|[A-Z]{2,3}\b)"
CONTRIBUTED = re.compile(
    rf"(?:^|[;,]\s+|\.\s+)(?-i:{_INITIALS}(?:\s*(?:,|and|&)\s*{_INITIALS})*)\s+"
    r"(?:\w+ly\s+)?(?:designed|conceived|conceptuali[sz]ed|wrote|drafted|analy[sz]ed|"
    r"performed|collected|supervised|revised|edited|carried\s+out|conducted|prepared|"
    r"contributed|developed\s+the\s+(?:code|software|model)|acquired)\b|"
    r"\ball\s+authors\s+(?:have\s+)?(?:read|approved|contributed|agreed|reviewed|discussed)\b",
    re.I,
)
# "The study was approved by the ethics committee of …", "Informed consent was obtained from
# all participants", "Ethical approval was not required"
ETHICS = re.compile(
    r"\bapproved\s+by\s+(?:the\s+)?[^.;]{0,60}?\b(?:ethics|ethical|institutional\s+review|"
    r"review\s+board|IRB|animal\s+(?:care|welfare))\b|"
    r"\b(?:ethics|ethical)\s+(?:approval|clearance|review)\s+(?:was|is|were)\s+"
    r"(?:not\s+)?(?:obtained|granted|required|needed|waived|given)\b|"
    r"\binformed\s+consent\s+(?:was|were|has\s+been|had\s+been)\s+(?:\w+ly\s+)?"
    r"(?:obtained|given|waived|provided)\b|"
    r"\bconsent\s+for\s+publication\b",
    re.I,
)

# "These notes are licensed under a Creative Commons Attribution-ShareAlike 4.0 International
# License", "released under the terms of the GNU GPL", "WITHOUT ANY WARRANTY", "provided 'as
# is'", "Copyright © 2019 …", "All rights reserved", "Permission is granted to copy …"
_AS_IS = r"(?:[‘'\"“`]{1,2})?as[\s-]+is\b"
LICENCE = re.compile(
    r"\b(?:licen[cs]ed|released|distributed|published|available|made\s+available)\s+under\s+"
    r"(?:the\s+)?(?:terms\s+(?:and\s+conditions\s+)?of\s+(?:the\s+)?)?[^.;]{0,60}?"
    r"(?:licen[cs]e|GPL|LGPL|\bBSD\b|\bMIT\b|Apache|CC[\s-]?BY|CC0|Creative\s+Commons|"
    r"public\s+domain)|"
    # "presented to the world under the Gnu General Public License"
    r"\bunder\s+(?:the\s+)?(?:terms\s+of\s+(?:the\s+)?)?(?:GNU|GPL|LGPL|BSD|MIT|Apache|"
    r"Creative\s+Commons|CC[\s-]?BY|CC0)\b|"
    r"\bwithout\s+(?:any|even\s+the\s+implied)\s+warrant(?:y|ies)\b|"
    rf"\b(?:provided|distributed|supplied|offered)\s+{_AS_IS}|"
    r"\ball\s+rights\s+reserved\b|\bcopyright\s+(?:©|\(c\)|\d{4})|©\s*(?:\d{4}|the\s+authors?)|"
    r"\bpermission\s+is\s+(?:hereby\s+)?granted\s+to\b",
    re.I,
)


def back_matter(text: str) -> str | None:
    """The sentence declares interests, where the data are, who did what, an approval, or the
    document's licence, copyright or warranty."""
    value = text.strip()
    for pattern in (COMPETING, AVAILABLE, CONTRIBUTED, ETHICS, LICENCE):
        match = pattern.search(value)
        if match:
            return match.group(0).strip(" ;,.")[:40]
    return None
