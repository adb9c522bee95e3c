"""A pointer to a table, figure, equation or section is taken out of a bullet only when it is an
aside: what stays must be a whole sentence that says the same. A pointer that is the
predicate's complement ("… are listed in Table 2 for each site"), the subject ("Table 2
lists …") or the object of an imperative "see" cannot be cut; the bullet is refused instead
(another sentence takes its place). Sentences invented for these tests."""

from __future__ import annotations

import pytest

from apps.decks.pipeline.propose import bullets


@pytest.mark.parametrize(
    "sentence",
    [
        # the pointer completes "is/are + participle": cut, the clause said something else
        "The tower heights are listed in Table 2 for each of the nine sites.",
        "The drift of the gauge is shown in Figure 4 for three cooling rates.",
        "The weekly loss of the colony is plotted in Fig. 2 against the forage count.",
        "The two moulting peaks can be seen in Figure 6 for both the male and female crabs.",
        "The fitted density of the lake depth is illustrated in Figure 7 with two clear modes.",
        "Details of the pollen sampler can be found in Section 3 of the field manual.",
        "The mean yields are summarized for every plot in Table 1.",
        "The rainfall record is compared to Table 3 values from the older survey.",
        # the pointer is the subject, or what "see" points at
        "Table 2 lists the heights of the towers at each of the nine sites.",
        "Figure 3 shows that the error of the gauge falls with the number of readings.",
        "Figs. 3 and 4 compare the two cooling schedules for the wax samples.",
        "See Table 5 for the yields of the four barley strains in the dry year.",
        "The sampler converges within a day, see Table 2 for the counts per trap.",
    ],
)
def test_a_pointer_the_sentence_needs_is_never_cut_out(sentence):
    assert bullets.remove_pointers(sentence) is None
    assert bullets.fix("dangling_pointer", sentence) is None
    assert bullets.rewrite(sentence) is None


@pytest.mark.parametrize(
    ("sentence", "without"),
    [
        (
            "The error of the gauge falls with the number of readings (see Fig. 3).",
            "The error of the gauge falls with the number of readings.",
        ),
        (
            "The error of the gauge falls with the number of readings, as shown in Figure 3.",
            "The error of the gauge falls with the number of readings.",
        ),
        (
            "As shown in Figure 5, the error of the gauge falls with the number of readings.",
            "The error of the gauge falls with the number of readings.",
        ),
        (
            "The wax samples, listed in Table 2, melt within two degrees of each other.",
            "The wax samples melt within two degrees of each other.",
        ),
        (
            "Cooling and drying of the wax are described (Section 4), and both take a day.",
            "Cooling and drying of the wax are described, and both take a day.",
        ),
        (
            "Each trap is emptied weekly by the two field assistants, as described in Section 3.",
            "Each trap is emptied weekly by the two field assistants.",
        ),
    ],
)
def test_a_pointer_set_aside_is_still_removed(sentence, without):
    assert bullets.remove_pointers(sentence) == without
