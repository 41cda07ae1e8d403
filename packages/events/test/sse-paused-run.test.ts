import { afterEach, describe, expect, it } from "vitest";
import type { AgentConfig, StreamEvent } from "@baton/core";
import { run } from "@baton/loop";
import { fakeTool, scriptedModel } from "@baton/testing";
import { decodeSseEvents, startRunSession, type RunSession } from "../src/index.js";
import { sendSse } from "../src/node/index.js";
import { collect, recorder, seqs, startServer, type TestServer } from "./support/sse-test-server.js";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Holds the first call of every batch for a person's approval. */
const holdFirstCall: AgentConfig = {
  beforeToolCalls: ({ calls }) => ({ decisions: { [calls[0]!.call.toolCallId]: { type: "interrupt", payload: { reason: "costly" } } } }),
};

const tools = () => [fakeTool({ name: "buy", result: "bought" }), fakeTool({ name: "look", result: "seen" })];

const firstTurn = {
  text: "Buying.",
  toolCalls: [
    { id: "c1", name: "buy", arguments: { item: "car" } },
    { id: "c2", name: "look", arguments: {} },
  ],
};

/** Serves `session` with `sendSse` and reads its events back with the strict decoder (an unknown event type would fail it). */
async function readOverSse(session: RunSession): Promise<StreamEvent[]> {
  await server?.close();
  server = await startServer((req, res) => sendSse(req, res, session, { heartbeatMs: 0 }));
  const response = await fetch(server.url);
  return collect(decodeSseEvents(response.body as ReadableStream<Uint8Array>, { strict: true }));
}

describe("SSE round trip of a run that pauses for approval", () => {
  it("decodes tool-interrupted and run-end.interruptions; the resumed run's stream opens the step again and runs the held batch", async () => {
    const pausedSink = recorder();
    const paused = startRunSession({
      start: ({ signal, sink }) =>
        run({
          provider: scriptedModel([firstTurn]),
          model: "m",
          runId: "run-p",
          input: "Buy a car.",
          tools: tools(),
          config: holdFirstCall,
          signal,
          sinks: [pausedSink, sink],
        }),
    });
    const first = { decoded: await readOverSse(paused), result: await paused.result };
    expect(first.result.stopReason).toBe("interrupted");
    expect(first.decoded).toEqual(pausedSink.events);
    // A held call has tool-call then tool-interrupted and no tool-start; nothing of its batch runs; the paused step has no step-end.
    expect(first.decoded.map((e) => e.type)).toEqual([
      "run-start",
      "step-start",
      "text-delta",
      "message",
      "tool-call",
      "tool-call",
      "tool-interrupted",
      "usage",
      "run-end",
    ]);
    expect(first.decoded.find((e) => e.type === "tool-interrupted")).toMatchObject({
      toolCallId: "c1",
      toolName: "buy",
      kind: "approval",
      payload: { reason: "costly" },
      agentPath: "main",
    });
    const interruption = {
      id: "c1",
      kind: "approval",
      agentPath: "main",
      toolCallId: "c1",
      toolName: "buy",
      arguments: { item: "car" },
      payload: { reason: "costly" },
    };
    expect(first.decoded.at(-1)).toMatchObject({ type: "run-end", stopReason: "interrupted", interruptions: [interruption] });
    expect(first.result.interruptions).toEqual([interruption]);

    // Approved in another process, from the state's JSON: a new stream of the same run, numbered from 1 again.
    const state = JSON.stringify(first.result.state);
    const resumedSink = recorder();
    const resumed = startRunSession({
      start: ({ signal, sink }) =>
        run({
          provider: scriptedModel(["Bought it."]),
          model: "m",
          tools: tools(),
          config: holdFirstCall,
          resume: state,
          decisions: { c1: { approve: true } },
          signal,
          sinks: [resumedSink, sink],
        }),
    });
    const second = { decoded: await readOverSse(resumed), result: await resumed.result };
    expect(second.result.stopReason).toBe("completed");
    expect(second.decoded).toEqual(resumedSink.events);
    expect(seqs(second.decoded)).toEqual(second.decoded.map((_, i) => i + 1));
    expect(second.decoded.every((e) => e.runId === "run-p")).toBe(true);
    expect(
      second.decoded.map((e) =>
        e.type.startsWith("tool-") ? `${e.type}:${"toolCall" in e ? e.toolCall.toolCallId : (e as { toolCallId: string }).toolCallId}` : e.type,
      ),
    ).toEqual([
      "run-start",
      "step-start", // the paused step (iteration 1) starts again…
      "tool-call:c1", // …with the calls it will answer
      "tool-call:c2",
      "tool-start:c1",
      "tool-start:c2",
      "tool-done:c1",
      "tool-done:c2",
      "message",
      "step-end",
      "step-start",
      "text-delta",
      "message",
      "usage",
      "step-end",
      "run-end",
    ]);
    expect(second.decoded[1]).toMatchObject({ type: "step-start", iteration: 1 });
    expect(second.decoded.filter((e) => e.type === "step-end").map((e) => (e.type === "step-end" ? [e.iteration, e.finishReason] : []))).toEqual([
      [1, "tool_calls"],
      [2, "stop"],
    ]);
    expect(second.decoded.at(-1)).not.toHaveProperty("interruptions");
  });
});
