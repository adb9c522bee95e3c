"""UI requests through the agent runtime (builtin provider): the studio planner, the update_ui /
ui_history / ask_ui_choice tools, the contrast guard's form, and the `ask` command's artifact."""

import json

import pytest
from django.core.management import call_command

from apps.agent import runtime
from apps.agent import services as agent_services
from apps.agent.inbound import UserAction, UserText
from apps.agent.messages import Message
from apps.agent.providers.builtin import PlannerInput
from apps.agent.tools import ToolContext, ToolError
from apps.studio import agent_planner, selectors, tools
from apps.studio.planner import SWATCHES
from apps.studio.surfaces import CHOOSE_ACTION, choice_lookup
from tests.studio.conftest import preferences_reset_if_needed

pytestmark = pytest.mark.django_db

BLUE = SWATCHES["light"]["blue"]


def ask(context, text: str, thread_id=None):
    thread_id = thread_id or agent_services.thread_create(context=context).id
    return runtime.run_execute(
        context=context, thread_id=thread_id, message=UserText(type="message", text=text)
    )


def choose(context, outcome, value: str):
    surface = next(a for a in outcome.artifacts if a["kind"] == "a2ui_surface")
    action = UserAction.model_validate(
        {
            "type": "action",
            "action": {
                "name": CHOOSE_ACTION,
                "surfaceId": surface["surface_id"],
                "context": {"choice": [value]},
            },
        }
    )
    return runtime.run_execute(context=context, thread_id=outcome.thread_id, message=action)


def answer(outcome) -> str:
    return " ".join(m["text"] for m in outcome.messages if m["role"] == "assistant")


def kinds(outcome) -> list[str]:
    return [artifact["kind"] for artifact in outcome.artifacts]


def test_make_the_buttons_blue_applies_a_versioned_patch(fresh_context):
    outcome = ask(fresh_context, "make the buttons blue")
    assert outcome.status == "finished"
    assert answer(outcome) == f"The buttons are now blue ({BLUE})."
    (artifact,) = outcome.artifacts
    assert artifact["kind"] == "ui_patch"
    assert artifact["version"] == 1
    assert artifact["patch"] == [{"op": "replace", "path": "/theme/primary", "value": BLUE}]
    assert artifact["preferences"]["theme"]["primary"] == BLUE
    assert selectors.preferences_get(context=fresh_context).theme.primary == BLUE


def test_undo_redo_and_reset_by_chat(fresh_context):
    ask(fresh_context, "make the buttons blue")
    undo = ask(fresh_context, "undo that")
    assert answer(undo) == "Undid “make the buttons blue”."
    assert undo.artifacts[0]["action"] == "undo"
    assert selectors.preferences_get(context=fresh_context).theme.primary != BLUE
    redo = ask(fresh_context, "redo")
    assert answer(redo) == "Redid “make the buttons blue”."
    assert selectors.preferences_get(context=fresh_context).theme.primary == BLUE
    reset = ask(fresh_context, "reset my preferences")
    assert answer(reset) == "Your interface is back to the defaults."
    nothing = ask(fresh_context, "redo")
    assert answer(nothing) == "There is no undone change to redo."
    assert kinds(nothing) == []


def test_an_unreadable_color_is_not_applied_and_the_nearest_readable_one_is_offered(
    fresh_context,
):
    before = selectors.preferences_get(context=fresh_context)
    outcome = ask(fresh_context, "make the buttons #ffff00")
    assert outcome.status == "needs_input"
    text = answer(outcome)
    assert "would have a contrast of 1." in text and "WCAG AA needs 4.5:1" in text
    assert "nearest passing button color is #" in text
    assert kinds(outcome) == ["a2ui_surface"]
    assert selectors.preferences_get(context=fresh_context) == before
    surface = outcome.artifacts[0]
    labels = [choice["label"] for choice in surface["studio"]["choices"].values()]
    assert labels[0].startswith("Use #") and labels[-1] == "Keep things as they are"

    picked = choose(fresh_context, outcome, "nearest")
    assert picked.status == "finished"
    primary = selectors.preferences_get(context=fresh_context).theme.primary
    assert primary in labels[0]
    assert kinds(picked) == ["ui_patch"]


def test_keeping_things_as_they_are_changes_nothing(fresh_context):
    outcome = ask(fresh_context, "make the buttons #ffff00")
    kept = choose(fresh_context, outcome, "keep")
    assert answer(kept) == agent_planner.KEPT
    assert selectors.layers_get(context=fresh_context).version == 0


def test_a_choice_on_someone_elses_surface_does_nothing(fresh_context, fresh_colleague):
    outcome = ask(fresh_context, "make the buttons #ffff00")
    surface_id = next(a for a in outcome.artifacts if a["kind"] == "a2ui_surface")["surface_id"]
    # The options live on the server, under row-level security: not found for a colleague.
    assert choice_lookup(context=fresh_colleague, surface_id=surface_id, value="nearest") is None
    found = choice_lookup(context=fresh_context, surface_id=surface_id, value=["nearest"])
    assert found is not None and found.ops and found.request == "make the buttons #ffff00"
    request = PlannerInput(
        messages=[
            Message.user("[studio.choose] choice: nearest").model_copy(
                update={
                    "metadata": {
                        "a2ui_action": {
                            "name": CHOOSE_ACTION,
                            "surfaceId": surface_id,
                            "context": {"choice": ["nearest"]},
                        }
                    }
                }
            )
        ],
        tools=[],
        context={"access": fresh_colleague},
    )
    assert agent_planner.plan_ui(request).text == agent_planner.CHOICE_GONE


def test_an_unknown_color_asks_with_a_form_of_allowed_swatches(fresh_context):
    outcome = ask(fresh_context, "change the button color")
    assert outcome.status == "needs_input"
    surface = outcome.artifacts[0]
    assert surface["kind"] == "a2ui_surface"
    choices = surface["studio"]["choices"]
    assert BLUE in choices and choices[BLUE]["ops"][0]["value"] == BLUE
    components = surface["messages"][1]["updateComponents"]["components"]
    picker = next(c for c in components if c["component"] == "ChoicePicker")
    assert {option["value"] for option in picker["options"]} == set(choices)


def test_a_shortcut_added_by_chat_is_a_saved_question(fresh_context):
    outcome = ask(fresh_context, "add a shortcut to headcount by department in the sidebar")
    assert answer(outcome) == "Added “Headcount by department” to the sidebar."
    (shortcut,) = selectors.preferences_get(context=fresh_context).shortcuts
    assert (shortcut.kind, shortcut.target) == ("question", "headcount by department")


def test_a_non_admin_asking_for_everyone_gets_the_tools_refusal(fresh_context):
    outcome = ask(fresh_context, "make the buttons blue for everyone")
    assert answer(outcome).startswith("That change was not made. Only an admin can change")
    assert selectors.layers_get(context=fresh_context, scope="tenant").version == 0
    assert kinds(outcome) == []


def test_an_admin_changes_the_tenant_defaults_by_chat(admin_context, fresh_context):
    outcome = ask(admin_context, "make the buttons blue for everyone")
    assert outcome.status == "finished"
    assert outcome.artifacts[0]["scope"] == "tenant"
    assert selectors.preferences_get(context=fresh_context).theme.primary == BLUE


def test_the_update_ui_tool_refuses_tenant_scope_for_a_non_admin(fresh_context):
    context = ToolContext(call_id="c1", tool="update_ui", run={"access": fresh_context})
    args = tools.UpdateUiArgs(
        ops=[{"op": "replace", "path": "/theme/primary", "value": BLUE}], scope="tenant"
    )
    with pytest.raises(ToolError) as caught:
        tools.update_ui(args, context)
    assert caught.value.field == "scope" and "Only an admin" in str(caught.value)


def test_the_update_ui_tool_reports_which_field_failed(fresh_context):
    context = ToolContext(call_id="c1", tool="update_ui", run={"access": fresh_context})
    args = tools.UpdateUiArgs(ops=[{"op": "replace", "path": "/theme/primary", "value": "blue"}])
    with pytest.raises(ToolError) as caught:
        tools.update_ui(args, context)
    assert caught.value.field == "ops"
    assert "/theme/primary" in str(caught.value) and "#rrggbb" in str(caught.value)


def test_the_update_ui_tool_answers_a_contrast_failure_with_a_form(fresh_context):
    context = ToolContext(call_id="c1", tool="update_ui", run={"access": fresh_context})
    args = tools.UpdateUiArgs(
        ops=[{"op": "replace", "path": "/theme/text", "value": "#dddddd"}], request="pale text"
    )
    result = tools.update_ui(args, context)
    assert result.needs_input
    assert result.content["applied"] is False and result.content["reason"] == "contrast"
    assert "contrast of" in result.content["message"]
    (surface,) = result.artifacts
    assert surface.kind == "a2ui_surface"
    question = surface.payload["messages"][1]["updateComponents"]["components"][2]["text"]
    assert "WCAG AA needs 4.5:1" in question
    assert surface.payload["studio"]["choices"]["nearest"]["ops"] == result.content["suggested_ops"]


def test_requests_that_are_not_about_the_ui_are_left_to_other_planners(fresh_context):
    request = PlannerInput(
        messages=[Message.user("How many active employees are in each department?")],
        tools=[],
        context={"access": fresh_context},
    )
    assert agent_planner.plan_ui(request) is None


def test_ask_command_returns_a_ui_patch_artifact(acme_context, capsys):
    preferences_reset_if_needed(acme_context)  # rolled back with the test
    call_command("ask", "make the buttons blue", tenant="acme", user="ana", json=True)
    outcome = json.loads(capsys.readouterr().out)
    artifact = next(a for a in outcome["artifacts"] if a["kind"] == "ui_patch")
    assert isinstance(artifact["version"], int) and artifact["version"] >= 1
    assert artifact["patch"] == [{"op": "replace", "path": "/theme/primary", "value": BLUE}]
    assert artifact["preferences"]["theme"]["primary"] == BLUE
    assert artifact["preferences"]["version"] == 1


def test_read_ui_preferences_gives_the_document_and_its_schema(fresh_context):
    context = ToolContext(call_id="c1", tool="read_ui_preferences", run={"access": fresh_context})
    result = tools.read_ui_preferences(tools.ReadUiPreferencesArgs(), context)
    assert result.content["version"] == 0
    assert (
        result.content["preferences"]
        == selectors.preferences_get(context=fresh_context).as_document()
    )
    assert "theme" in result.content["schema"]["properties"]


def test_undo_redo_and_reset_work_in_any_thread(fresh_context):
    """Preferences are the person's, not a thread's: the history words work in a new thread
    and in a thread about something else."""
    ask(fresh_context, "make the buttons blue")
    erp_thread = agent_services.thread_create(context=fresh_context).id
    question = ask(
        fresh_context, "How many active employees are there in each department?", erp_thread
    )
    assert "sql_result" in kinds(question)
    undo = ask(fresh_context, "undo", erp_thread)
    assert answer(undo) == "Undid “make the buttons blue”."
    assert selectors.preferences_get(context=fresh_context).theme.primary != BLUE
    redo = ask(fresh_context, "redo")
    assert answer(redo) == "Redid “make the buttons blue”."
    assert selectors.preferences_get(context=fresh_context).theme.primary == BLUE
    reset = ask(fresh_context, "reset")
    assert answer(reset) == "Your interface is back to the defaults."
    assert selectors.layers_get(context=fresh_context).overrides == {}


def test_reset_a_part_goes_back_to_the_tenant_default(admin_context, fresh_context):
    ask(admin_context, "use a serif font for everyone")
    ask(fresh_context, "use a monospace font")
    assert selectors.preferences_get(context=fresh_context).theme.font == "mono"
    outcome = ask(fresh_context, "reset the font")
    assert outcome.artifacts[0]["patch"] == [
        {"op": "replace", "path": "/theme/font", "value": "serif"}
    ]
    assert selectors.preferences_get(context=fresh_context).theme.font == "serif"
