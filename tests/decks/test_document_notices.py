"""Sentences that are notices about the document rather than its subject — where a thing is
presented ("… is described in further detail below") and the document's own upkeep or standing
("This page is no longer maintained", "comments are welcome") — are `meta_text`, so the drafter
leaves them out and the reviewer reports them on a slide; statements of the subject that share
their words stay. Invented sentences."""

from __future__ import annotations

import pytest

from apps.decks.pipeline.defects import text_defects


def _meta(sentence: str) -> bool:
    return any(kind == "meta_text" for kind, _ in text_defects(sentence))


@pytest.mark.parametrize(
    "sentence",
    [
        "The pruning step is described in further detail below.",
        "The two estimators are discussed at some length later.",
        "Proofs of both bounds are given in the appendix.",
        "Each of the options is explained in what follows.",
        "This page is no longer maintained; the project has moved to a new home.",
        "This package is no longer actively maintained and may be removed from the archive.",
        "The manual is updated with every release of the solver.",
        "This is a preliminary draft, and comments are welcome.",
        "Please report errors in the tables to the second author.",
        "The software is distributed under the terms of the GNU General Public License.",
        "The upkeep of this library has all but stopped.",
        "The new pondcount package will soon replace the frogcall package.",
        "The files here are `README`, `count.c` and `ponds.csv`.",
        "The file `BUILD` contains instructions on how to compile the counter.",
        "We describe the files `ponds.par` and `nights.csv`.",
    ],
)
def test_a_notice_about_the_document_is_meta_text(sentence):
    assert _meta(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "The update rule for the weights is given below:",  # leads into its display
        "The test statistic is defined below as the ratio of the two variances.",
        "The pruning step removes nine of ten candidate branches.",
        "This package is twice as fast as the reference implementation.",
        "The kernel was maintained at 37 degrees for the whole experiment.",
        "The colony was updated daily with fresh leaves.",
        "Temperatures below freezing are discussed by farmers every winter.",
        "The development of the tadpoles took nine days.",
        "The new counting method will soon replace the old one in most surveys.",
        "The file system contains one folder for each pond.",
    ],
)
def test_a_statement_of_the_subject_is_not(sentence):
    assert not _meta(sentence)
