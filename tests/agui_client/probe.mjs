// Drives a running Tessera the way other AG-UI front ends do, with the official client
// (@ag-ui/client's HttpAgent, whose runAgent applies the client's own enforceEvents and
// verifyEvents to every stream): a full message history (system, developer, user, assistant
// with tool calls, tool results), `tools`, `context`, `state` and `forwardedProps`; a new and
// an existing threadId (a second agent that knows only the threadId); two runs on one thread;
// a run aborted mid-stream and the thread used again afterwards; what the client raises
// for inputs Tessera refuses; and a form answered with a `tool` message for its show_form
// call: a resume for another interrupt, the answer, then the answer replayed (as `resume` and
// as a `tool` message for the form's show_form call); a connection dropped mid-run and the
// same input sent again, by the same agent and by a fresh one holding the same messages.
//
//   TESSERA_URL=http://127.0.0.1:8000 TESSERA_TOKEN=tsr_… node probe.mjs > probe.json
//
// Prints one JSON document: each scenario's runs (events as received, outcome) and the
// refusals (HTTP status and body as the client reports them). tests/probe/test_agui_probe.py
// validates the events with the ag-ui-protocol Python models and checks the rest.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { HttpAgent } from "@ag-ui/client";

const base = process.env.TESSERA_URL;
const token = process.env.TESSERA_TOKEN;
assert.ok(base && token, "TESSERA_URL and TESSERA_TOKEN are required");
const url = `${base}/api/ag-ui/`;
const headers = { Authorization: `Bearer ${token}` };

const QUESTION = "How many active employees are there in each department?";
const TOOLS = [
  {
    name: "show_confetti",
    description: "A front-end tool: the page shows confetti.",
    parameters: { type: "object", properties: { colour: { type: "string" } } },
  },
];
const CONTEXT = [{ description: "The page the person is on", value: "/dashboard" }];
const HISTORY = [
  { id: randomUUID(), role: "system", content: "You are a helpful assistant." },
  { id: randomUUID(), role: "developer", content: "Answer briefly." },
  { id: randomUUID(), role: "user", content: "Show some confetti." },
  {
    id: randomUUID(),
    role: "assistant",
    content: "",
    toolCalls: [
      {
        id: "call-1",
        type: "function",
        function: { name: "show_confetti", arguments: '{"colour":"gold"}' },
      },
    ],
  },
  { id: randomUUID(), role: "tool", toolCallId: "call-1", content: "confetti shown" },
  { id: randomUUID(), role: "assistant", content: "Done: confetti." },
];

function agentFor(threadId, initialMessages = [], initialState = {}) {
  return new HttpAgent({ url, headers, threadId, initialMessages, initialState });
}

async function run(agent, label, parameters = {}, { abortAfter } = {}) {
  const events = [];
  let finished = null;
  let error = null;
  try {
    await agent.runAgent(parameters, {
      onEvent: ({ event }) => {
        events.push(event);
        if (abortAfter && event.type === abortAfter) agent.abortRun();
      },
      onRunFinishedEvent: ({ event }) => {
        finished = event;
      },
    });
  } catch (caught) {
    error = { message: String(caught?.message ?? caught), status: caught?.status ?? null };
  }
  return { label, events, outcome: finished?.outcome ?? null, error };
}

function ask(agent, text) {
  agent.addMessage({ id: randomUUID(), role: "user", content: text });
}

async function untilIdle(agent, label, text) {
  // A thread still finishing an abandoned run refuses new input with 409 (THREAD_BUSY);
  // an AG-UI client retries. At most 60 tries, 0.5 s apart.
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const fresh = agentFor(agent.threadId);
    ask(fresh, text);
    const result = await run(fresh, label);
    if (result.error?.status !== 409) return { ...result, attempts: attempt + 1 };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { label, events: [], outcome: null, error: { message: "still busy", status: 409 } };
}

const scenarios = {};

// 1. A front end's full input: history, tools, context, state, forwardedProps; a new thread.
const threadId = `probe-${randomUUID()}`;
const full = agentFor(threadId, HISTORY, { page: "dashboard", filters: { year: 2025 } });
ask(full, QUESTION);
scenarios.full_input = [
  await run(full, "full input", {
    tools: TOOLS,
    context: CONTEXT,
    forwardedProps: { locale: "en-GB", nested: { deep: [1, 2, 3] } },
  }),
];
// 2. A second run on the same thread, with the history the client now holds.
ask(full, "and only Sales");
scenarios.full_input.push(await run(full, "second run", { tools: TOOLS, context: CONTEXT }));

// 3. An existing threadId from another agent that knows nothing but the id (a page reload).
const reloaded = agentFor(threadId);
ask(reloaded, "and last year?");
scenarios.existing_thread = [await run(reloaded, "existing thread")];

// 4. A run aborted as soon as it starts, then the same thread asked again.
const aborting = agentFor(randomUUID());
ask(aborting, QUESTION);
scenarios.abort = [await run(aborting, "aborted", {}, { abortAfter: "RUN_STARTED" })];
scenarios.abort.push(await untilIdle(aborting, "after abort", "and only Sales"));

// 5. What the client reports for inputs Tessera refuses: no user message; a resume for an
// interrupt the thread is not waiting on.
const refused = agentFor(randomUUID());
scenarios.refused = [await run(refused, "no user message")];
ask(refused, QUESTION);
scenarios.refused.push(
  await run(refused, "unknown interrupt", {
    resume: [{ interruptId: "a2ui:nope", status: "resolved", payload: { name: "x" } }],
  }),
);

// 6. A form answered the AG-UI way, then its answer sent again. The follow-up asks for a
// period with a form whose interrupt names its show_form call (toolCallId). A resume naming
// another interrupt is refused (the client itself refuses input that leaves a pending
// interrupt unaddressed); the right resume runs the answer; the same resume replayed, and a
// `tool` message for the answered form's call (how a client that predates interrupts answers
// a tool call), are stale: refused, and the form is not asked again.
const tooled = agentFor(randomUUID());
ask(tooled, QUESTION);
scenarios.form_answer = [await run(tooled, "question")];
ask(tooled, "And the average salary?");
const asked = await run(tooled, "follow-up");
scenarios.form_answer.push(asked);
const [open] = asked.outcome?.interrupts ?? [];
assert.ok(open?.toolCallId, "the form's interrupt names its show_form call");
const year = new Date().getUTCFullYear() - 1;
const operations = asked.events.find((event) => event.type === "ACTIVITY_SNAPSHOT").content
  .a2ui_operations;
const data = operations.find((message) => message.updateDataModel)?.updateDataModel.value ?? {};
const answer = {
  name: JSON.stringify(operations).match(/"name":"([a-z_]+\.submit)"/)[1],
  sourceComponentId: "submit",
  context: { ...(data.params ?? {}), period: ["custom"], start: `${year}-01-01`, end: `${year}-12-31` },
};
const resume = (interruptId) => ({
  resume: [{ interruptId, status: "resolved", payload: answer }],
});
scenarios.form_answer.push(await run(tooled, "wrong interrupt", resume("a2ui:not-this-form")));
scenarios.form_answer.push(await run(tooled, "answer", resume(open.id)));
scenarios.form_answer.push(await run(tooled, "replayed resume", resume(open.id)));
tooled.addMessage({
  id: randomUUID(),
  role: "tool",
  toolCallId: open.toolCallId,
  content: JSON.stringify(answer),
});
scenarios.form_answer.push(await run(tooled, "stale tool message"));

// 7. A connection that drops as the run starts, and the client sending the same input again:
// the agent itself (its messages hold the question under the id it gave it) and a fresh agent
// restored from those messages (a page reloaded from the client's store). Then the agent's
// messages after the answer, with no new question (they end with the run's echo of it).
// Each run records the messages the agent holds after it.
const dropping = agentFor(`retry-${randomUUID()}`);
const restored = () => agentFor(dropping.threadId, dropping.messages);
const held = async (agent, ...rest) => ({ ...(await run(agent, ...rest)), messages: agent.messages });
ask(dropping, QUESTION);
scenarios.retry = [await held(dropping, "dropped", {}, { abortAfter: "RUN_STARTED" })];
scenarios.retry.push(await held(dropping, "sent again"));
scenarios.retry.push(await held(restored(), "restored"));
scenarios.retry.push(await held(dropping, "nothing new"));

process.stdout.write(JSON.stringify({ threadId, scenarios }));
