"""A title cut on a function word of the paper's own language (issue #14, round 20): "Répartition
des espèces selon la" of a French caption reads as cut to a French reader exactly as "… of the"
does to an English one, but the English list of such words knows none of them. The paper's
function words are read from its text: its commonest words that it never ends a phrase on. The
reviewer finds the cut, the fixer completes the title from its caption, and the paper's nouns —
common ones too, "lac", "profondeur" — still end a title. On a French paper written here."""

from __future__ import annotations

from apps.decks.pipeline import function_words, title_defects, title_quality
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review.registry import SLIDE_RULES, SlideContext
from apps.decks.pipeline.slide_deck import Slide
from tests.decks import factories

INTRODUCTION = (
    "Les lacs de montagne abritent des communautés de poissons très différentes selon la "
    "profondeur de l'eau. Dans ce travail, nous décrivons la répartition des espèces dans "
    "trois lacs du massif et nous la comparons aux relevés anciens. La température de l'eau "
    "baisse avec la profondeur, et la quantité de lumière aussi. Les espèces qui aiment le "
    "froid vivent donc au fond du lac. Les pêcheurs de la vallée connaissent bien ce "
    "phénomène depuis longtemps. Pourtant, aucune étude récente ne le mesure dans les lacs "
    "de la région. Nous avons donc posé des filets à plusieurs profondeurs pendant trois "
    "étés. Le but de cette étude est de donner une image précise de la faune des lacs. "
    "Elle doit aussi servir de référence pour les suivis futurs. La section suivante décrit "
    "les lacs et la méthode de pêche. La troisième section donne les résultats, et la "
    "dernière les discute."
)
METHOD = (
    "Les trois lacs se trouvent entre 1800 et 2300 mètres d'altitude. Le plus grand couvre "
    "environ vingt hectares, le plus petit à peine cinq. Chaque été, nous avons posé six "
    "filets dans chaque lac, deux près de la rive, deux à mi-profondeur et deux au fond. "
    "Les filets restaient en place pendant une nuit entière. Le matin, nous comptions les "
    "poissons de chaque espèce et nous mesurions leur taille. Les poissons vivants étaient "
    "ensuite relâchés dans le lac. Pour chaque filet, nous notions aussi la température de "
    "l'eau et la profondeur exacte. La profondeur varie de deux à quarante mètres selon le "
    "lac. Les données de chaque été forment un tableau par lac. Nous avons regroupé les "
    "captures par classe de profondeur, de cinq mètres en cinq mètres. Pour les relevés "
    "anciens, nous avons repris les carnets des gardes de la réserve. Ces carnets donnent "
    "le nombre de poissons pris par filet depuis 1970. Ils ne donnent pas toujours la "
    "profondeur, ce qui limite la comparaison."
)
RESULTS = (
    "Au total, nous avons pris près de deux mille poissons de sept espèces. La truite est "
    "l'espèce la plus commune dans les trois lacs. Elle vit surtout près de la rive, où "
    "l'eau est chaude en été. L'omble, au contraire, reste au fond du lac pendant tout "
    "l'été. Le vairon ne se trouve que dans le plus petit lac. Dans le grand lac, la "
    "répartition des espèces change nettement avec la profondeur. Au-dessous de vingt "
    "mètres, l'omble forme plus de la moitié des captures. Dans les relevés anciens, la "
    "truite dominait aussi près de la rive. En revanche, l'omble y était plus rare "
    "qu'aujourd'hui. Cette différence vient peut-être des filets, qui n'étaient pas posés "
    "aussi profond autrefois. La taille des truites ne change guère d'un été à l'autre. "
    "Celle des ombles augmente un peu avec la profondeur. La température de l'eau explique "
    "une grande part de ces différences entre les espèces. Les lacs les plus froids "
    "abritent le plus d'ombles, et les plus chauds le plus de truites. Ces résultats "
    "confirment ce que savaient les pêcheurs de la vallée. Ils donnent aussi pour la "
    "première fois des chiffres pour chaque classe de profondeur et pour chaque lac. Les "
    "suivis futurs pourront partir de ces chiffres pour voir si la faune des lacs change "
    "avec le climat."
)
CAPTION = (
    "Répartition des espèces selon la profondeur dans le grand lac, pour les trois étés réunis."
)


def _paper() -> Paper:
    return Paper(
        title="Les poissons des lacs de montagne",
        pages=6,
        source_name="lacs.pdf",
        authors=["Anne Rivière"],
        sections=[
            Section(number="1", title="Introduction", paragraphs=[INTRODUCTION]),
            Section(number="2", title="Les lacs et la pêche", paragraphs=[METHOD]),
            Section(number="3", title="Résultats", paragraphs=[RESULTS]),
        ],
        figures=[factories.figure(1, CAPTION, page=4, section="Résultats")],
    )


def test_the_papers_function_words_are_read_from_its_own_text():
    words = function_words.paper_leading_words(_paper())
    # its articles and prepositions, none of which the English list knows
    assert {"les", "la", "des", "de", "le"} <= words
    # its nouns, even common ones, end phrases ("… au fond du lac.") or take a plural
    assert not words & {"lac", "profondeur", "truite", "espèces", "filets", "eau"}


def test_a_title_cut_on_a_function_word_of_the_papers_language_is_a_fragment():
    paper = _paper()
    assert title_defects.title_fragment("Répartition des espèces selon la") is None
    assert title_defects.slide_title_fragment("Répartition des espèces selon la", paper) == "la"
    assert title_defects.slide_title_fragment("Les poissons des", paper) == "des"
    for whole in (
        "Répartition des espèces selon la profondeur",
        "Les poissons du grand lac",
        "Les lacs et la pêche",
        "Taille des truites",
    ):
        assert title_defects.slide_title_fragment(whole, paper) is None, whole


def test_the_reviewer_finds_the_cut_and_the_fixer_completes_it_from_the_caption():
    paper = _paper()
    slide = Slide(kind="figure", title="Répartition des espèces selon la", figure="fig-1")
    deck = deck_of(paper, [Slide(kind="title", title=paper.title), slide])
    context = SlideContext(2, slide, SlideMeasure(slide=2), deck, paper)
    found = [i for rule in SLIDE_RULES for i in rule(context) if i.type == "title_fragment"]
    assert [i.evidence.get("part") for i in found] == ["la"]
    fixed = deck_repair(BuiltinProposer(), paper, deck, found).deck.slides[1]
    # the caption's whole clause, which names the word the cut title led to
    assert fixed.title == "Répartition des espèces selon la profondeur dans le grand lac"
    # the loop counts a retitle to such a cut as a title defect
    assert "title_fragment" in title_quality.all_problems(slide.title, slide, paper)
    assert "title_fragment" not in title_quality.all_problems(fixed.title, fixed, paper)


def test_a_text_slides_cut_title_is_completed_from_the_papers_sentence():
    paper = _paper()
    slide = Slide(
        kind="bullets",
        title="Les espèces qui aiment le",
        bullets=[
            "La truite est l'espèce la plus commune dans les trois lacs.",
            "L'omble, au contraire, reste au fond du lac pendant tout l'été.",
        ],
    )
    deck = deck_of(paper, [Slide(kind="title", title=paper.title), slide])
    context = SlideContext(2, slide, SlideMeasure(slide=2), deck, paper)
    found = [i for rule in SLIDE_RULES for i in rule(context) if i.type == "title_fragment"]
    assert [i.evidence.get("part") for i in found] == ["le"]
    fixed = deck_repair(BuiltinProposer(), paper, deck, found).deck.slides[1]
    assert fixed.title == "Les espèces qui aiment le froid"


def test_a_short_text_tells_no_function_words():
    paper = _paper().model_copy(
        update={"sections": [Section(number="1", title="Introduction", paragraphs=[RESULTS])]}
    )
    assert function_words.paper_leading_words(paper) == frozenset()
