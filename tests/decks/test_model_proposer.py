"""The model proposer and the vision reviewer, driven by a scripted provider."""

import json

import pytest
from PIL import Image

from apps.agent.messages import ToolCall
from apps.agent.providers.base import ModelProposal, ModelRequest, PermanentProviderError
from apps.decks.pipeline.issues import Issue
from apps.decks.pipeline.propose.llm import TOOL_NAME, LlmProposer
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review.vision import VisionReviewer
from apps.decks.pipeline.slide_deck import Slide, SlideDeck


class ScriptedProvider:
    """Answers each request with the next scripted reply (a proposal or an exception)."""

    name = "scripted"
    model = "test-model"

    def __init__(self, replies, *, images: bool = False):
        self.replies = list(replies)
        self.requests: list[ModelRequest] = []
        self.supports_images = images

    def complete(self, request: ModelRequest) -> ModelProposal:
        self.requests.append(request)
        reply = self.replies.pop(0)
        if isinstance(reply, Exception):
            raise reply
        return reply

    def stream(self, request):
        yield self.complete(request)


def plan(figure_ids=("fig-1", "fig-2", "fig-3")) -> dict:
    slides = [
        {
            "kind": "bullets",
            "title": "Motivation",
            "bullets": ["Graph analytics wait for memory most of the time"],
        },
        {"kind": "bullets", "title": "Method", "bullets": ["Blocks fit in the last-level cache"]},
    ]
    for figure_id in figure_ids:
        slides.append(
            {
                "kind": "figure",
                "title": f"Result {figure_id}",
                "figure": figure_id,
                "bullets": ["The scheduler halves the runtime"],
                "layout": "figure-right",
            }
        )
    slides.append({"kind": "bullets", "title": "Conclusions", "bullets": ["Caches matter"]})
    return {"slides": slides}


def tool_reply(arguments: dict) -> ModelProposal:
    call = ToolCall(id="call_1", name=TOOL_NAME, arguments=json.dumps(arguments))
    return ModelProposal(tool_calls=[call], provider="scripted")


def test_model_deck_through_the_tool(generated_paper):
    paper, _ = generated_paper
    provider = ScriptedProvider([tool_reply(plan())])
    deck = LlmProposer(provider).propose(paper)
    assert deck.slides[0].kind == "title" and deck.slides[0].title == paper.title
    assert deck.doi == paper.doi and deck.authors == paper.authors
    assert deck.figures_used() == ["fig-1", "fig-2", "fig-3"]
    assert deck.slides[3].figure == "fig-1" and deck.slides[3].layout == "figure-right"
    request = provider.requests[0]
    assert [tool.name for tool in request.tools] == [TOOL_NAME]
    system = request.messages[0].text
    assert "no opening connector" in system and "TeX between dollars" in system
    prompt = request.messages[-1].text
    assert "fig-4" in prompt and paper.title in prompt


def test_model_deck_as_json_text(generated_paper):
    paper, _ = generated_paper
    reply = ModelProposal(
        text="Here it is:\n```json\n" + json.dumps(plan()) + "\n```", provider="x"
    )
    deck = LlmProposer(ScriptedProvider([reply])).propose(paper)
    assert len(deck.slides) == 7


def test_rejected_deck_goes_back_with_the_errors(generated_paper):
    paper, _ = generated_paper
    provider = ScriptedProvider([tool_reply(plan(("fig-99",))), tool_reply(plan())])
    deck = LlmProposer(provider).propose(paper)
    assert deck.figures_used() == ["fig-1", "fig-2", "fig-3"]
    retry = provider.requests[1].messages
    rejection = retry[-1]
    assert rejection.role == "tool" and rejection.is_error
    assert "unknown figure ids ['fig-99']" in rejection.text
    assert retry[-2].role == "assistant" and retry[-2].tool_calls


def test_builtin_takes_over_when_the_model_fails(generated_paper):
    paper, _ = generated_paper
    twice_wrong = ScriptedProvider([tool_reply({"slides": []}), tool_reply({"oops": 1})])
    deck = LlmProposer(twice_wrong).propose(paper)
    assert len(twice_wrong.requests) == 2
    assert len(deck.slides) >= 10  # the builtin proposer's deck
    unreachable = ScriptedProvider([PermanentProviderError("bad key", provider="scripted")])
    assert len(LlmProposer(unreachable).propose(paper).slides) >= 10


def test_revision_sends_the_deck_and_the_issues(generated_paper):
    paper, _ = generated_paper
    revised_plan = plan(("fig-1", "fig-2", "fig-3", "fig-4"))
    revised_plan["changes"] = [{"issue": 0, "action": "split the slide in two"}]
    provider = ScriptedProvider([tool_reply(plan()), tool_reply(revised_plan)])
    proposer = LlmProposer(provider)
    deck = proposer.propose(paper)
    issue = Issue(
        slide=4,
        type="overflow",
        severity="high",
        message="text runs 80 px below",
        suggestion="split",
    )
    revised = proposer.revise(paper, deck, [issue])
    assert "fig-4" in revised.deck.figures_used()
    assert [(c.issue, c.slide, c.type, c.action) for c in revised.changes] == [
        (0, 4, "overflow", "split the slide in two")
    ]
    sent = provider.requests[1].messages[-1].text
    assert '"type": "overflow"' in sent and '"figure": "fig-1"' in sent
    assert "dangling_connector" in sent  # the same issue types as the rule reviewer


def test_vision_reviewer_returns_issues_in_the_same_schema(tmp_path):
    Image.new("RGB", (1960, 1104), "white").save(tmp_path / "01.png")
    Image.new("RGB", (1960, 1104), "white").save(tmp_path / "02.png")
    replies = [
        ModelProposal(
            text=json.dumps(
                {
                    "issues": [
                        {
                            "type": "overflow",
                            "severity": "high",
                            "message": "the last bullet is cut off",
                            "suggestion": "split the slide",
                        }
                    ]
                }
            ),
            provider="scripted",
        ),
        ModelProposal(text="I cannot tell.", provider="scripted"),
    ]
    provider = ScriptedProvider(replies, images=True)
    deck = SlideDeck(
        title="T", slides=[Slide(kind="title", title="T"), Slide(kind="bullets", title="B")]
    )
    measures = [
        SlideMeasure(slide=1, screenshot="01.png"),
        SlideMeasure(slide=2, screenshot="02.png"),
    ]
    found = VisionReviewer(provider)(deck, measures, tmp_path)
    assert [(i.slide, i.type, i.severity) for i in found] == [(1, "overflow", "high")]
    assert found[0].evidence == {"source": "vision", "model": "test-model"}
    attachment = provider.requests[0].messages[-1].attachments[0]
    assert attachment.media_type == "image/png"


@pytest.mark.slow
def test_service_uses_the_model_and_its_eyes(tmp_path, generated_pdf):
    from apps.decks.pipeline.run import deck_generate

    no_issues = ModelProposal(text='{"issues": []}', provider="scripted")
    provider = ScriptedProvider([tool_reply(plan())] + [no_issues] * 20, images=True)
    result = deck_generate(
        pdf=generated_pdf, out_dir=tmp_path / "deck", rounds=1, provider=provider, export_pdf=False
    )
    assert result.summary.figures_used == 3
    kinds = ["images" if r.messages[-1].attachments else "deck" for r in provider.requests]
    assert kinds[0] == "deck" and kinds.count("images") == result.summary.slides


@pytest.mark.parametrize("as_text", [True, False])
def test_a_deck_nested_past_the_json_reader_is_rejected_and_asked_again(generated_paper, as_text):
    # RecursionError went past the rejection: the deck job failed instead of asking again
    paper, _ = generated_paper
    deep = '{"slides": ' + "[" * 5_000 + "]" * 5_000 + "}"
    if as_text:
        first = ModelProposal(text=deep, provider="x")
    else:
        first = ModelProposal(
            tool_calls=[ToolCall(id="c", name=TOOL_NAME, arguments=deep)], provider="x"
        )
    provider = ScriptedProvider([first, tool_reply(plan())])
    deck = LlmProposer(provider).propose(paper)
    assert deck.figures_used() == ["fig-1", "fig-2", "fig-3"]
    assert "deeper than a JSON reader goes" in provider.requests[1].messages[-1].text


def test_a_models_deck_with_markup_is_written_as_text(generated_paper):
    # a model's slides are untrusted: markup in a title's formula, a comment opener in a
    # bullet and a display with < and > never reach Slidev's page as markup or a comment
    from apps.decks.pipeline.render.markdown import MATH, deck_markdown
    from tests.decks.test_render_hostile import _slidev_reads

    paper, _ = generated_paper
    hostile = plan()
    hostile["slides"][0]["title"] = 'Motivation $\\oops <b :data-x="6*7">x</b>$'
    hostile["slides"][1]["bullets"] = ["Blocks <!-- fit in the cache", "Second point"]
    hostile["slides"][1]["equation"] = "a < b > c"
    deck = LlmProposer(ScriptedProvider([tool_reply(hostile)])).propose(paper)
    markdown = deck_markdown(deck, paper)
    assert not any("<" in span or ">" in span for span in MATH.findall(markdown))
    assert "$$\na \\lt  b \\gt  c\n$$" in markdown
    read = _slidev_reads(markdown)
    assert len(read) == len(deck.slides)


def test_a_vision_reply_nested_past_the_json_reader_is_ignored(tmp_path):
    # RecursionError went past the reviewer's "reply ignored": the deck job failed
    Image.new("RGB", (1960, 1104), "white").save(tmp_path / "01.png")
    Image.new("RGB", (1960, 1104), "white").save(tmp_path / "02.png")
    deep = '{"issues": ' + "[" * 5_000 + "]" * 5_000 + "}"
    overflow = {"type": "overflow", "severity": "high", "message": "the last bullet is cut off"}
    replies = [
        ModelProposal(text=deep, provider="scripted"),
        ModelProposal(text=json.dumps({"issues": [overflow]}), provider="scripted"),
    ]
    deck = SlideDeck(
        title="T", slides=[Slide(kind="title", title="T"), Slide(kind="bullets", title="B")]
    )
    measures = [SlideMeasure(slide=n, screenshot=f"0{n}.png") for n in (1, 2)]
    found = VisionReviewer(ScriptedProvider(replies, images=True))(deck, measures, tmp_path)
    assert [(i.slide, i.type) for i in found] == [(2, "overflow")]
