"""What the review reads from the paper alone is worked out once per paper, and never shared
wrongly: another paper, the paper's lower-case names, or a caller changing its copy."""

from apps.decks.pipeline import lowercase_names
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.paper_memo import per_paper


def _paper(title: str) -> Paper:
    body = Section(title="Results", paragraphs=["The method is fast."])
    return Paper(title=title, pages=1, source_name="p.pdf", sections=[body])


def test_a_function_of_the_paper_runs_once_per_paper():
    calls: list[str] = []

    @per_paper
    def title_words(paper: Paper) -> list[str]:
        calls.append(paper.title)
        return paper.title.split()

    first, second = _paper("Fast sorting"), _paper("Slow merging")
    assert title_words(first) == ["Fast", "sorting"]
    assert title_words(first) == ["Fast", "sorting"]
    assert title_words(second) == ["Slow", "merging"]
    assert calls == ["Fast sorting", "Slow merging"]


def test_each_caller_gets_its_own_copy():
    @per_paper
    def names(paper: Paper) -> set[str]:
        return {paper.title.lower()}

    paper = _paper("Quill")
    names(paper).add("other")
    assert names(paper) == {"quill"}


def test_the_papers_lower_case_names_are_part_of_the_question():
    calls: list[frozenset[str]] = []

    @per_paper
    def known(paper: Paper) -> frozenset[str]:
        calls.append(lowercase_names.current())
        return lowercase_names.current()

    paper = _paper("xts: Extensible Time Series")
    assert known(paper) == frozenset()
    with lowercase_names.known_in(["xts is a package. Users like xts and xts offers more."]):
        assert "xts" in known(paper)
    assert len(calls) == 2
