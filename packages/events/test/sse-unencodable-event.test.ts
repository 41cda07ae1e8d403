import { afterEach, describe, expect, it } from "vitest";
import type { StreamEvent } from "@baton/core";
import {
  EventHub,
  decodeSseEvents,
  encodeSseEvent,
  encodeSseEvents,
  isStreamEvent,
  sseResponse,
  streamRunEvents,
  unencodableEventPlaceholder,
} from "../src/index.js";
import { sendSse } from "../src/node/index.js";
import { collect, seqs, startServer, textChunks, type TestServer } from "./support/sse-test-server.js";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const base = (seq: number) => ({ runId: "r1", agentPath: "main", seq, contentIndex: 1, timestamp: 1000 + seq });
const delta = (seq: number, text: string): StreamEvent => ({ type: "text-delta", text, ...base(seq) });
const toolDone = (seq: number, result: unknown): StreamEvent => ({
  type: "tool-done",
  toolCallId: `c${seq}`,
  toolName: "lookup",
  result,
  durationMs: 3,
  ...base(seq),
});

function circular(): unknown {
  const value: Record<string, unknown> = { name: "loop" };
  value.self = value;
  return value;
}

/** A run's worth of events with two tool results that are not JSON in the middle. */
function eventsWithBadResults(): StreamEvent[] {
  return [delta(1, "Looking "), delta(2, "it up."), toolDone(3, { count: 10n }), toolDone(4, circular()), toolDone(5, { ok: true }), delta(6, "Done.")];
}

function expectPlaceholders(events: readonly StreamEvent[]): void {
  expect(seqs(events)).toEqual([1, 2, 3, 4, 5, 6]);
  expect(events.map((event) => event.type)).toEqual(["text-delta", "text-delta", "error", "error", "tool-done", "text-delta"]);
  for (const seq of [3, 4]) {
    const placeholder = events[seq - 1] as Extract<StreamEvent, { type: "error" }>;
    expect(placeholder).toMatchObject({ runId: "r1", agentPath: "main", seq, contentIndex: 1, timestamp: 1000 + seq });
    expect(placeholder.error).toMatchObject({ name: "InvalidEventError", code: "INVALID_EVENT", retryable: false, details: { type: "tool-done", seq } });
    expect(placeholder.error.message).toContain(`event ${seq} (tool-done) was replaced: it cannot be written as JSON`);
  }
  expect(events[4]).toEqual(toolDone(5, { ok: true }));
}

describe("an event that cannot be encoded does not spoil its batch", () => {
  it("encodeSseEvent sends an error placeholder, with the same seq, for a BigInt or a circular tool-done result", async () => {
    const bigint = encodeSseEvent(toolDone(3, { count: 10n }));
    expect(bigint.startsWith("id: 3\nevent: error\ndata: {")).toBe(true);
    expect(bigint).toContain("BigInt");
    const [decoded] = await collect(decodeSseEvents(textChunks(encodeSseEvent(toolDone(4, circular())))));
    expect(isStreamEvent(decoded)).toBe(true);
    expect(decoded).toMatchObject({ type: "error", seq: 4, error: { code: "INVALID_EVENT", details: { type: "tool-done", seq: 4 } } });
    expect(unencodableEventPlaceholder(toolDone(9, 1n), "why")).toMatchObject({
      type: "error",
      seq: 9,
      error: { message: "Cannot encode the event: event 9 (tool-done) was replaced: why." },
    });
  });

  it("encodeSseEvents encodes event by event: the valid events around a BigInt and a circular result go out", async () => {
    expectPlaceholders(await collect(decodeSseEvents(textChunks(encodeSseEvents(eventsWithBadResults())))));
  });

  it("sendSse writes every event of a batch that holds a BigInt and a circular tool-done result", async () => {
    server = await startServer((req, res) => {
      const hub = new EventHub();
      const subscription = hub.subscribe();
      for (const event of eventsWithBadResults()) hub.emit(event); // all queued: one batch, one write
      hub.close();
      return sendSse(req, res, subscription, { heartbeatMs: 0 });
    });
    const response = await fetch(server.url);
    expectPlaceholders(await collect(decodeSseEvents(response.body as ReadableStream<Uint8Array>)));
    expect(server.errors).toEqual([]);
  });

  it("sseResponse sends every event of a batch that holds a BigInt and a circular tool-done result", async () => {
    const hub = new EventHub();
    const subscription = hub.subscribe();
    for (const event of eventsWithBadResults()) hub.emit(event);
    hub.close();
    const response = sseResponse(subscription, { heartbeatMs: 0 });
    expectPlaceholders(await collect(decodeSseEvents(response.body as ReadableStream<Uint8Array>)));
  });

  it('a run-end that is not JSON stays a run-end (BigInt as digits, a circular reference as "[Circular]"), so streamRunEvents ends cleanly', async () => {
    const runEnd = {
      type: "run-end",
      stopReason: "interrupted",
      text: "",
      iterations: 1,
      toolCallCount: 1,
      usage: { inputTokens: 1, outputTokens: 2 },
      interruptions: [
        { id: "c3", kind: "question", agentPath: "main", toolCallId: "c3", toolName: "ask", arguments: { big: 12345678901234567890n }, payload: circular() },
      ],
      ...base(4),
    } as unknown as StreamEvent;
    server = await startServer((req, res) => {
      const hub = new EventHub();
      const subscription = hub.subscribe();
      for (const event of [delta(1, "a"), toolDone(2, 7n), delta(3, "b"), runEnd]) hub.emit(event);
      hub.close();
      return sendSse(req, res, subscription, { heartbeatMs: 0 });
    });
    const events = await collect(streamRunEvents(server.url, { retryDelayMs: 5, maxRetries: 0 }));
    expect(events.map((event) => [event.seq, event.type])).toEqual([
      [1, "text-delta"],
      [2, "error"],
      [3, "text-delta"],
      [4, "run-end"],
    ]);
    expect(events[3]).toMatchObject({
      stopReason: "interrupted",
      interruptions: [{ id: "c3", arguments: { big: "12345678901234567890" }, payload: { name: "loop", self: "[Circular]" } }],
    });
    expect(server.requests).toHaveLength(1);
  });

  it("an event with no place in the stream (seq not an integer) still lets the events before it out, then breaks the stream", async () => {
    const hub = new EventHub();
    const subscription = hub.subscribe();
    hub.emit(delta(1, "a"));
    hub.emit(toolDone(2, 5n));
    hub.emit({ ...delta(3, "b"), seq: 3.5 } as StreamEvent);
    hub.close();
    const received: StreamEvent[] = [];
    let caught: unknown;
    try {
      for await (const event of decodeSseEvents(sseResponse(subscription, { heartbeatMs: 0 }).body as ReadableStream<Uint8Array>)) received.push(event);
    } catch (error) {
      caught = error;
    }
    expect(received.map((event) => [event.seq, event.type])).toEqual([
      [1, "text-delta"],
      [2, "error"],
    ]);
    expect(caught).toMatchObject({ code: "INVALID_EVENT" });
  });
});
