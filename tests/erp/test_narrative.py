"""The closing sentence is computed from the rows by trusted code, in the question's language:
the top and its share of the total, the extremes, the value, the change between periods."""

import pytest

from tests.erp.conftest import plan


def _say(question: str, rows: list[list]) -> str:
    from apps.erp.planner.narrative import narrative

    planned = plan(question)
    columns = [
        {
            "name": c.name,
            "label": c.label,
            "type": "numeric" if c.role in ("measure", "change") else "text",
        }
        for c in planned.columns
    ]
    return narrative(planned.reading, columns, rows, planned.title)


def test_a_count_by_group_names_the_top_its_total_and_share():
    text = _say(
        "How many active employees are there in each department?",
        [["Engineering", 86], ["Sales", 100], ["HR", 52]],
    )
    assert text == "Sales has the most current employees: 100 of 238 (42%)."


def test_an_average_by_group_names_the_extremes():
    text = _say(
        "average salary by department last year",
        [["Engineering", 7228.125], ["Marketing", 6077.66], ["Sales", 6500]],
    )
    assert (
        text
        == "Engineering has the highest average salary (7,228.13) and Marketing the lowest (6,077.66)."
    )


def test_a_single_value_and_the_top_one():
    assert _say("average salary last year", [[6477.92]]) == "Average salary, 2025: 6,477.92."
    text = _say("Which department has the highest average employee level?", [["Engineering", 5.23]])
    assert text == "Engineering has the highest average level: 5.23."


def test_levels_are_named_as_levels():
    text = _say("headcount by level", [[4, 10], [5, 30]])
    assert text.startswith("Level 5 has the most current employees: 30 of 40")


def test_portuguese_numbers_and_words():
    text = _say(
        "Qual é o salário médio por departamento no ano passado?",
        [["Engineering", 7228.12], ["Sales", 6077.5]],
    )
    assert (
        text
        == "Engineering tem o salário médio mais alto (7.228,12) e Sales o mais baixo (6.077,50)."
    )


def test_a_change_names_the_largest():
    rows = [
        ["Ana Silva", "Sales", 5000, 5815.57, 815.57, 1, 1],
        ["Bo Berg", "Sales", 5000, 5100, 100, 2, 2],
    ]
    text = _say(
        "Who are the ten employees with the largest salary increase from last year to this year?",
        rows,
    )
    assert text == "Ana Silva has the largest increase: 815.57."


def test_two_periods_give_each_total_and_the_change():
    text = _say(
        "How many employees were hired in each department this year and last year?",
        [["Sales", 10, 5], ["HR", 10, 10]],
    )
    assert text.startswith(
        "Hires 2025: 20; Hires 2026 (to 15 Jun 2026): 15. That is -25% against 2025 (20)."
    )


def test_named_people_and_what_was_asked():
    planned = plan("When was Hugo Silva hired?", entities=_people())
    from apps.erp.planner.narrative import narrative

    columns = [{"name": c.name, "label": c.label, "type": "text"} for c in planned.columns]
    row = ["Hugo Silva", "2021-12-14", "Sales", 4, None, 2]
    assert (
        narrative(planned.reading, columns, [row], planned.title)
        == "Hugo Silva: hire date 2021-12-14."
    )


def test_someone_who_has_not_left_is_said_to_stay():
    from apps.erp.planner.narrative import narrative

    planned = plan("When did Hugo Silva leave?", entities=_people())
    columns = [{"name": c.name, "label": c.label, "type": "text"} for c in planned.columns]
    values = {"employee": "Hugo Silva", "hire_date": "2021-12-14", "termination_date": None}
    row = [values.get(c.name) for c in planned.columns]
    text = narrative(planned.reading, columns, [row], planned.title)
    assert text == "Hugo Silva has not left: still employed."
    row[[c.name for c in planned.columns].index("termination_date")] = "2025-03-31"
    assert narrative(planned.reading, columns, [row], planned.title) == (
        "Hugo Silva: termination date 2025-03-31."
    )


def test_no_rows_is_said():
    assert _say("average salary last year", []).endswith(
        "no rows — there is no data for this selection."
    )


def _people():
    from apps.erp.entities import Entities, Person
    from tests.erp.conftest import DEMO_DEPARTMENTS

    return Entities("p", DEMO_DEPARTMENTS, (Person(2, "Hugo Silva", "Sales"),))


def test_an_extreme_measure_is_named_once():
    text = _say("highest salary per department in 2025", [["Sales", 9000], ["HR", 7000]])
    assert text == "Sales has the highest salary (9,000) and HR the lowest (7,000)."
    counted = _say("which department is the smallest", [["HR", 15]])
    assert counted == "HR has the fewest current employees: 15."


def test_every_sentence_starts_with_a_capital_whatever_value_opens_it():
    """A Portuguese month opens "<month> tem mais contratações"; a person writes it with a
    capital, as every sentence after it."""
    text = _say(
        "em que mês de 2025 houve mais contratações?",
        [["2025-03-01", 4], ["2025-11-01", 7]],
    )
    assert text == "Novembro de 2025 tem mais contratações: 7."


def test_capitals_start_sentences_only():
    from apps.erp.planner.sentences import capitalized

    assert capitalized("vendas: 1.234,5. isso é +3%. e.g. “x”; ok") == (
        "Vendas: 1.234,5. Isso é +3%. E.g. “x”; ok"
    )
    assert capitalized("Hires (e.g. joiners) vs. leavers, and 2.5 more.") == (
        "Hires (e.g. joiners) vs. leavers, and 2.5 more."
    )


def test_a_unit_in_the_label_goes_with_the_values():
    """ "Average tenure (years)" is said "the highest average tenure (3.88 years)", not
    "average tenure (years) (3.88)"."""
    text = _say("average tenure by department", [["Finance", 3.88], ["Sales", 2.5]])
    assert (
        text
        == "Finance has the highest average tenure (3.88 years) and Sales the lowest (2.50 years)."
    )
    text = _say("tempo médio de casa por departamento", [["Finance", 3.88], ["Sales", 2.5]])
    assert text.startswith("Finance tem o tempo médio de casa mais alto (3,88 anos)")


def test_a_change_between_periods_has_one_decimal():
    text = _say("hires by department in 2024 and 2025", [["Sales", 10, 12], ["HR", 8, 9]])
    assert text.endswith("That is +16.7% against 2024 (18).")


@pytest.mark.parametrize(
    ("question", "said"),
    [
        (
            "payroll growth from 2024 to 2025",
            "Total salary paid 2024: 1,000; Total salary paid 2025: 1,250. "
            "That is +25% against 2024 (1,000).",
        ),
        (
            "quanto cresceu a folha de 2024 para 2025?",
            "Total de salários pagos 2024: 1.000; Total de salários pagos 2025: 1.250. "
            "Isso é +25% face a 2024 (1.000).",
        ),
    ],
)
def test_a_change_of_the_whole_says_both_values_and_the_change(question, said):
    """Not "Total salary paid increase, 2024 → 2025: 1 row."."""
    assert _say(question, [[1000, 1250, 250]]) == said


@pytest.mark.parametrize(
    ("question", "rows", "said"),
    [
        # a superlative of a value takes the article of its noun: masculine, feminine
        (
            "que departamento paga o maior salário médio em 2024?",
            [["Vendas", 8100], ["RH", 6000]],
            "Vendas tem o maior salário médio: 8.100.",
        ),
        (
            "que departamento tem o menor nível médio?",
            [["Jurídico", 2.5], ["RH", 4]],
            "Jurídico tem o menor nível médio: 2,50.",
        ),
        # a sum is one amount: "o maior total", never "maior salários pagos"
        (
            "que departamento gastou mais em salários em 2024?",
            [["Vendas", 90000], ["RH", 1000]],
            "Vendas tem o maior total de salários pagos: 90.000.",
        ),
        # the extremes agree with the noun too ("a … mais alta", "a mais baixa")
        (
            "taxa de rotatividade por departamento em 2024",
            [["RH", 3, 30, 10], ["Jurídico", 1, 40, 2.5]],
            "RH tem a taxa de rotatividade mais alta (10%) e Jurídico a mais baixa (2,50%).",
        ),
        # a count takes no article ("tem mais contratações"), a share says its part
        (
            "contratações por departamento em 2024",
            [["Vendas", 6], ["RH", 2]],
            "Vendas tem a maior parcela de contratações: 6 de 8 (75%).",
        ),
    ],
)
def test_portuguese_superlatives_take_the_article_of_their_noun(question, rows, said):
    assert _say(question, rows) == said


@pytest.mark.parametrize(
    "question",
    ["top 3 departments by headcount", "quais os 3 departamentos com mais funcionários"],
)
def test_a_top_n_ranking_never_states_a_share_of_the_rows_it_shows_as_the_whole(question):
    # the three rows are not every department: "100 of 238" would read as Sales' share of all
    # employees; a top-N ranking says its first only
    text = _say(question, [["Sales", 100], ["Engineering", 86], ["HR", 52]])
    assert "238" not in text and "%" not in text
    assert text.startswith("Sales") and "100" in text


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # the period named mid-sentence, without the measure's label and its capital
        ("how many hires in March 2025 compared with April 2025", "That is +50% against March 2025 (10)."),
        ("quantas saídas em 2024 comparado com 2025?", "Isso é +50% face a 2024 (10)."),
        ("contratações em março de 2025 versus abril de 2025", "Isso é +50% face a março de 2025 (10)."),
        ("contratações no 1º trimestre de 2025 versus o 2º trimestre de 2025",
         "Isso é +50% face ao 1º trimestre de 2025 (10)."),
        ("hires in Q1 2025 vs Q2 2025", "That is +50% against Q1 2025 (10)."),
    ],
)  # fmt: skip
def test_a_change_names_the_earlier_period_as_a_sentence_says_it(question, said):
    text = _say(question, [[10, 15]])
    assert text.endswith(said), text


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Isso é +5% face a os últimos 12 meses", "Isso é +5% face aos últimos 12 meses"),
        ("no fim de o 1º trimestre, em a semana", "no fim do 1º trimestre, na semana"),
        ("tem a maior taxa, de A a B", "tem a maior taxa, de A a B"),  # nothing to join
    ],
)
def test_portuguese_contractions(text, said):
    from apps.erp.planner.sentences import contracted
    from apps.erp.semantic import vocabulary

    assert contracted(text, vocabulary("pt").labels.words["contractions"]) == said


@pytest.mark.parametrize(
    ("question", "title"),
    [
        ("que percentagem dos funcionários está em engenharia?", "Parcela do número de funcionários"),
        ("que parcela das contratações de 2025 foi para vendas?", "Parcela das contratações"),
        ("parcela da folha de pagamento por departamento em 2025", "Parcela do total de salários pagos"),
        ("what share of payroll went to sales in 2025", "Share of total salary paid"),
    ],
)  # fmt: skip
def test_a_share_names_its_measure_with_the_article_a_sentence_needs(question, title):
    assert plan(question).title.startswith(title)
