"""The reviewer's output: one schema for rule-based and vision-model issues."""

from __future__ import annotations

from collections import Counter
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from apps.decks.pipeline.slide_deck import SlideDeck

Severity = Literal["low", "medium", "high"]
SEVERITY_RANK = {"low": 0, "medium": 1, "high": 2}

# Every issue type the reviewer knows, one per defect class, with what it means (docs/decks.md
# has the table; the model proposer and the vision reviewer are given these same types). A
# vision model may use others, which proposers treat by their severity alone.
ISSUE_TYPES = {
    "overflow": "content runs past the slide's edge",
    "density": "too many words on the slide or in the caption",
    "small_font": "text smaller than can be read",
    "overlap": "two elements drawn over each other",
    "contrast": "text too faint against its background",
    "empty": "the slide shows nothing",
    "near_empty": "almost nothing is inked",
    "edge": "ink touches the slide's edge",
    "render": "the slide did not render",
    "figure_missing": "a figure did not load or does not exist",
    "figure_cropped": "part of a figure is cut off",
    "figure_faded": "a figure is drawn faded or filtered",
    "figure_distorted": "a figure is stretched",
    "figure_small": "a figure uses little of the room it could have",
    "figure_narrow": "a figure is narrower than 60% of the slide (or its printed width)",
    "figure_mismatch": "the pixels shown are not the paper's figure",
    "figure_text_small": "the labels inside a figure are drawn too small",
    "empty_area": "a large empty column or band beside the content",
    "crop_foreign_text": "the figure's crop shows body text, a running header or a caption",
    "crop_cut": "the crop's edge cuts through a line of text or an axis label",
    "crop_off_caption": "the crop is not next to the figure's caption (another region)",
    "dangling_connector": "a bullet opens with a connector that leans on unseen text",
    "unresolved_reference": "a bullet opens with a pronoun that refers to nothing on the slide",
    "leaning_reference": 'a bullet names what only an earlier sentence said ("these five species")',
    "equation_number": "an equation's number left in the text",
    "dangling_pointer": "a bullet points at an equation, figure or section the slide lacks",
    "meta_text": "a bullet about the paper's own structure",
    "stray_glyph": "a glyph from the PDF that is not text",
    "lost_glyph": 'an unreadable glyph beside a number ("10\ufffd8", "12 \ufffd 3 nm"): a lost minus, ±, ×',
    "broken_math": "sub- and superscripts flattened or lost, or a formula that does not parse",
    "broken_sentence": 'a word or formula missing from a sentence ("as in and")',
    "glued_words": "words run together",
    "misread_letters": 'a word an OCR misread ("simpIe", "c0unted", "pattem" beside the paper\'s '
    '"pattern", "ofthe")',
    "table_as_text": "a table's cells read as a sentence",
    "lost_formula": 'a formula lost from a sentence ("model Eq. is still", "both and are")',
    "lost_opening": 'a sentence whose first words were lost ("Far, we have")',
    "broken_opening": "a bullet that opens inside a phrase of the paper's sentence "
    '("Promising results, the scheme …" of "Despite these promising results, …")',
    "cut_caption": 'a caption cut inside a phrase with an ellipsis ("… with 15 and…")',
    "verbless_fragment": "a bullet without a verb, not a sentence",
    "reference_entry": "an entry of the reference list read as a sentence",
    "other_language": "a sentence in another language than the deck's",
    "unanswered_question": "a question as a bullet, without its answer",
    "repeated_result": "a bullet giving the measured numbers of a result another slide gives, on "
    "the slide the result does not belong on (the motivation, a method's slide)",
    "repeated_bullet": "a bullet that says nearly what another bullet of its slide says",
    "draft_note": "a note the author left for themselves (a TODO, a sentence in capitals)",
    "fragment": "a bullet that is no statement of its own (a clause without its main clause)",
    "code_pointer": "a bullet narrating code or output the slide does not show",
    "stray_output": "console output glued before a sentence",
    "glued_text": "a running header, a list's number or a doubled gloss read into a sentence",
    "lone_list_item": "one labelled item of a list shown without the rest of the list",
    "pointer_remnant": "what a pointer to a figure, table or section taken out of the sentence "
    "left behind: its closing comma, the rest of its phrase, two commas",
    "undefined_symbol": "a bullet or display uses a symbol the deck never introduced",
    "lost_condition": "an instruction shown without the case it is for",
    "unintroduced_code": "a bullet uses a part of a command no slide names",
    "narrates_code": "a bullet talks about a listing, call or output of the paper the slide does "
    "not show",
    "undefined_abbreviation": "a bullet uses an abbreviation before the deck says what it stands "
    "for",
    "undefined_term": "a bullet uses a name (code, a coined term, an acronym) the paper defines "
    "and no slide says",
    "unintroduced_referent": 'a bullet says "the process" or "it" for what only the paper\'s '
    "sentence before it introduced",
    "orphan_definition": "a bullet says what symbols of a formula no slide shows stand for",
    "lead_without_display": "a bullet announces a display the slide does not show",
    "borrowed_claim": "a bullet states another study's work as the paper's (its scope in the paper)",
    "misattributed_claim": "a bullet says of one method what the paper says of another",
    "display_without_lead": "a display shown under no sentence saying what it is, while the "
    "paper leads into it with one",
    "title_fragment": "a title that is a fragment, not the slide's point",
    "title_indistinct": "a figure slide's title a neighbour's title repeats or extends, while "
    "their captions say what differs",
    "title_capitals": "a heading set in capitals, shouting on a slide",
    "title_citation": 'a citation or footnote number in a title ("[12]", "(Smith et al., 2019)")',
    "title_false_continued": 'a "(continued)" title over a slide that does not continue the '
    "slide before it (another part of the paper, another figure or table)",
    "title_repeated_word": 'a title saying a word twice ("Results: results of the survey")',
    "title_generic": 'a title naming no subject ("Our approach", "Overview") over a slide that '
    "has one",
    "purpose_unstated": "the slide saying what the paper does shows details of its body, or no "
    "sentence stating its purpose",
    "title_role": 'a storyline title ("What this paper does") over bullets not playing that part',
    "title_plot_label": "a label set inside a figure (axis, legend, panel) taken as the title",
    "title_foreign_figure": "the title points at a figure or table the slide does not show",
    "title_placeholder": 'the title\'s maths became placeholders ("Signs “X” and “X”")',
    "title_figure_label": 'a title opening on its figure\'s number ("Figure 4: Survival …")',
    "title_math_word": 'a word of the title set as maths ("Effect of $temperature$", '
    '"Re$g$ression")',
    "cover_glued_subtitle": "the cover's title runs on into its subtitle",
    "cover_title_byline": "the cover's title runs on into an author's name and e-mail address",
    "cover_author_tag": "the cover's author line is the document's status (\"A Preprint\")",
    "cover_author_not_person": "an entry of the cover's author line is no person (an affiliation)",
    "cover_title_unread": "the cover's title is the PDF's file name or the authors' names",
    "prime_as_power": 'a prime read as a power of zero ("$5^{0}$" for 5′)',
    "figure_reading_apart": "a bullet reads a figure shown on the slide next to it",
    "object_not_shown": "a bullet reads a table, a listing or a figure's marks the slide does not show",
    "source_not_shown": "a bullet reports earlier work without its citation under a results "
    "heading, or is a quotation with no speaker",
    "bare_legend": 'a caption lists symbols without their meanings ("E, R, S, Ro.")',
    "listing_read_apart": "a bullet reads the output of a listing the slide does not show "
    '("We see 1,4,2,3 …" beside another call\'s output)',
    "caption_key_dropped": "a caption cut before what its colours, lines, marks or panels mean "
    "(or before what tells its figure from another whose caption opens alike)",
    "thin_slide": "a slide with one bullet and nothing else",
    "bare_figure_run": "three or more figure slides in a row with captions only, while the "
    "paper says what their figures show",
    "repeated_figures": "near-identical figures on slides in a row",
    "repeated_title": "one heading over a run of slides, instead of each slide's own point",
    "bullet_order": "a bullet placed after one its paragraph of the paper says later (a "
    "detail before what it is about, a consequence before its rule)",
    "headline_buried": "the deck's first slides do not state the main result its abstract "
    "(else its introduction's closing paragraph) states, or state it after the method and "
    "context",
    "method_missing": "a part of the paper that says how the work is done, one it spends its "
    "pages on and names in its summary, reaches no slide",
    "main_result_missing": "the paper's results (its results tables or figures, the values "
    "its evaluation measured) reach no slide",
    "result_unstated": "a slide shows a results table or figure with its caption only, while "
    "the paper says what it shows",
    "example_outcome_missing": "a slide shows a worked example's setup (its data, its call) "
    "and no slide states what the paper says it gave right after",
    "examples_mixed": "a slide's bullets come from two examples of one section (the next "
    "example's data under this one's), or all from a later example under the first one's heading",
    "plan_as_done": "a bullet cut from the paper's plan (future work, an extension it could "
    "get) no longer says it is a plan, on a slide not titled as the outlook: it reads as done",
    "conclusions_missing": "the deck ends on a slide that neither carries the paper's "
    "conclusions nor states a result",
    "orphan_description": "a manual's description of a function or option on a slide without "
    "the term the paper gives it",
    "overview_late": "the slide saying what the paper does stands after slides of the work's "
    "details",
    "out_of_order": "slides in an order the paper does not have (a method after its results)",
    "title_mismatch": 'a title naming a part ("Conclusions") its bullets do not come from',
    "thin_deck": "most slides show a figure and no text, or no slide says what the paper "
    "does or finds",
    "slide_count": "too few or too many slides for the paper",
    "too_few_figures": "the deck shows too few of the paper's figures",
    "unreadable_text": "the PDF's text layer lost letters that could not be read back: "
    "sentences holding them are missing",
}


TEXT_LIMIT = 500  # an issue's message or suggestion
ACTION_LIMIT = 300  # a change's account of what it did


def _at_most(value: object, limit: int) -> object:
    """Text over `limit` characters shortened at a word, with an ellipsis. Messages and
    actions are the pipeline's own accounts, built from the bullets they quote: one that
    quotes several long bullets must not fail the whole deck build, so it is shortened
    instead of refused (a model's output is validated by its own boundary models)."""
    if isinstance(value, str) and len(value) > limit:
        return f"{value[: limit - 1].rsplit(' ', 1)[0].rstrip(' ,;:')}…"
    return value


class Issue(BaseModel):
    """`{"slide", "type", "severity", "message", "suggestion", "evidence"}`; slide 0 = the deck."""

    model_config = ConfigDict(extra="forbid")

    slide: int = Field(ge=0)
    type: str = Field(min_length=1, max_length=40)
    severity: Severity
    message: str = Field(min_length=1, max_length=TEXT_LIMIT)
    suggestion: str = Field(default="", max_length=TEXT_LIMIT)
    evidence: dict[str, Any] = Field(default_factory=dict)

    @field_validator("message", "suggestion", mode="before")
    @classmethod
    def _short_text(cls, value: object) -> object:
        return _at_most(value, TEXT_LIMIT)


def counts(issues: list[Issue]) -> dict[str, int]:
    found = Counter(issue.severity for issue in issues)
    return {"high": found["high"], "medium": found["medium"], "low": found["low"]}


def blocking(issues: list[Issue], threshold: Severity = "medium") -> list[Issue]:
    """Issues at or above the threshold: the loop continues while there are any."""
    return [i for i in issues if SEVERITY_RANK[i.severity] >= SEVERITY_RANK[threshold]]


# Low findings the loop still gives the proposer, once, when nothing above the threshold is
# left: their repairs only add what a reader lacks and never cost a bullet — the sentence that
# introduces a phrase the paper introduced just before (an uncertain finding is never answered
# by leaving the bullet out: context_fix.answer_referent), the listing a bullet may narrate
# when its slide has room (repair._narrates_code). Left open are the figure-size findings
# (`figure_text_small`, `figure_narrow`: their repair moves the figure to a slide of its own,
# a change of the deck's shape a low finding does not justify).
LOW_REPAIRED = frozenset({"unintroduced_referent", "narrates_code"})


def repairable_lows(issues: list[Issue], threshold: Severity = "medium") -> list[Issue]:
    """The low findings below the threshold that the proposer repairs when it can."""
    return [
        i
        for i in issues
        if SEVERITY_RANK[i.severity] < SEVERITY_RANK[threshold] and i.type in LOW_REPAIRED
    ]


class Change(BaseModel):
    """One revision step, naming the issue it answers (its index in the round's issue list)."""

    issue: int = Field(ge=0)
    slide: int = Field(ge=0)  # the slide the issue was on (0: the deck)
    type: str
    action: str = Field(max_length=ACTION_LIMIT)

    @field_validator("action", mode="before")
    @classmethod
    def _short_action(cls, value: object) -> object:
        return _at_most(value, ACTION_LIMIT)


class Revision(BaseModel):
    deck: SlideDeck
    changes: list[Change] = Field(default_factory=list)
