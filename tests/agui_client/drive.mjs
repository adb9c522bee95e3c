// Drives a running Tessera through AG-UI's HTTP binding with the official client
// (@ag-ui/client's HttpAgent): a question, a follow-up on the same thread that Tessera answers
// with a form (an A2UI surface, and a RUN_FINISHED interrupt), then the form's answer sent back
// the way AG-UI carries human-in-the-loop input (`resume`). The client itself checks the event
// stream's rules (order, run lifecycle, pending interrupts) and fails the run on a violation.
//
//   TESSERA_URL=http://127.0.0.1:8000 TESSERA_TOKEN=tsr_… node drive.mjs > events.json
//
// Prints one JSON document: every event of each run as the client received it, the outcome of
// each run and the thread's messages as the client holds them. tests/agent/test_agui_client.py
// validates it with the ag-ui-protocol Python models.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { HttpAgent } from "@ag-ui/client";

const base = process.env.TESSERA_URL;
const token = process.env.TESSERA_TOKEN;
assert.ok(base && token, "TESSERA_URL and TESSERA_TOKEN are required");

const agent = new HttpAgent({
  url: `${base}/api/ag-ui/`,
  headers: { Authorization: `Bearer ${token}` },
  threadId: randomUUID(),
});

const runs = [];

async function run(label, parameters = {}) {
  const events = [];
  let finished = null;
  // The client names each run; Tessera's events must carry that name.
  const runId = randomUUID();
  await agent.runAgent({ ...parameters, runId }, {
    onEvent: ({ event }) => {
      events.push(event);
    },
    onRunFinishedEvent: ({ event }) => {
      finished = event;
    },
    onRunErrorEvent: ({ event }) => {
      throw new Error(`${label}: RUN_ERROR ${event.code}: ${event.message}`);
    },
  });
  assert.ok(finished, `${label}: the run ended without RUN_FINISHED`);
  runs.push({ label, runId, events, outcome: finished.outcome ?? null });
  return { events, finished };
}

function ask(text) {
  agent.addMessage({ id: randomUUID(), role: "user", content: text });
}

// 1. A question.
ask("How many active employees are there in each department?");
const first = await run("question");
assert.equal(first.finished.outcome?.type, "success");

// 2. A follow-up on the same thread: it needs a period, so Tessera asks with a form.
ask("And the average salary?");
const second = await run("follow-up");
assert.equal(second.finished.outcome?.type, "interrupt", "the follow-up should wait on a form");
const [interrupt] = second.finished.outcome.interrupts;
const surfaceId = interrupt.metadata.a2ui.surfaceId;
const activity = second.events.find(
  (event) => event.type === "ACTIVITY_SNAPSHOT" && event.activityType === "a2ui-surface",
);
assert.ok(activity, "the form arrives as an a2ui-surface activity");
const operations = activity.content.a2ui_operations;
assert.ok(operations.some((message) => message.createSurface?.surfaceId === surfaceId));

// 3. The form's answer: what a renderer would send for its submit button, built from the
// surface's data model and the submit action's name.
const data = operations.find((message) => message.updateDataModel)?.updateDataModel.value ?? {};
const submit = JSON.stringify(operations).match(/"name":"([a-z_]+\.submit)"/);
assert.ok(submit, "the form has a submit action");
const year = new Date().getUTCFullYear() - 1;
const answer = {
  name: submit[1],
  sourceComponentId: "submit",
  context: {
    ...(data.params ?? {}),
    // the ERP form's period: a range of its own ("custom"), then its start and end
    period: ["custom"],
    start: `${year}-01-01`,
    end: `${year}-12-31`,
  },
};
const third = await run("form action", {
  resume: [{ interruptId: interrupt.id, status: "resolved", payload: answer }],
});
assert.equal(third.finished.outcome?.type, "success");

process.stdout.write(
  JSON.stringify({ threadId: agent.threadId, surfaceId, answer, runs, messages: agent.messages }),
);
