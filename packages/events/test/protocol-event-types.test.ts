import { describe, expect, it } from "vitest";
import type { StreamEvent } from "@baton/core";
import { STREAM_EVENT_TYPES, isStreamEvent, isStreamEventType, streamEventIssue } from "../src/index.js";
import { agentRun, recorder } from "./support/sse-test-server.js";

const base = { runId: "run_1", agentPath: "main", seq: 1, contentIndex: 0, timestamp: 1_700_000_000_000 };

describe("STREAM_EVENT_TYPES", () => {
  it("lists the 23 event types of the protocol once each", () => {
    expect(STREAM_EVENT_TYPES).toHaveLength(23);
    expect(new Set(STREAM_EVENT_TYPES).size).toBe(23);
    expect([...STREAM_EVENT_TYPES].sort()).toEqual(
      [
        "run-start",
        "run-end",
        "step-start",
        "step-end",
        "text-delta",
        "reasoning-delta",
        "tool-call",
        "tool-start",
        "tool-progress",
        "tool-stream",
        "tool-done",
        "tool-error",
        "tool-interrupted",
        "usage",
        "context-trimmed",
        "context-overflow",
        "context-summarized",
        "plan-updated",
        "handoff",
        "loop-detected",
        "budget-exceeded",
        "error",
        "message",
      ].sort(),
    );
    expect(Object.isFrozen(STREAM_EVENT_TYPES)).toBe(true);
  });

  it("isStreamEventType accepts exactly those names", () => {
    expect(STREAM_EVENT_TYPES.every((type) => isStreamEventType(type))).toBe(true);
    expect(isStreamEventType("ping")).toBe(false);
    expect(isStreamEventType("Text-Delta")).toBe(false);
    expect(isStreamEventType(3)).toBe(false);
  });
});

describe("isStreamEvent", () => {
  it("accepts every event of a real run with a tool and a streamed answer", async () => {
    const sink = recorder();
    const result = await agentRun({ signal: new AbortController().signal, sinks: [sink] });
    expect(result.stopReason).toBe("completed");
    expect(sink.events.length).toBeGreaterThan(15);
    expect(new Set(sink.events.map((event) => event.type))).toEqual(
      new Set(["run-start", "step-start", "tool-call", "tool-start", "tool-done", "usage", "message", "step-end", "text-delta", "run-end"]),
    );
    for (const event of sink.events) expect(streamEventIssue(event)).toBeUndefined();
    // and after a JSON round trip, as a client sees them
    expect(sink.events.filter((event) => isStreamEvent(JSON.parse(JSON.stringify(event))))).toHaveLength(sink.events.length);
  });

  it("accepts an event with fields it does not know (a newer producer)", () => {
    expect(isStreamEvent({ ...base, type: "text-delta", text: "hi", extra: { future: true } })).toBe(true);
  });

  it.each([
    [null, "expected an event object, got null"],
    ["text-delta", 'expected an event object, got "text-delta"'],
    [[{ ...base, type: "text-delta" }], "expected an event object, got an array"],
    [{ ...base }, '"type" must be a non-empty string, got nothing'],
    [{ ...base, type: "ping" }, 'unknown event type "ping"'],
    [{ ...base, type: "text-delta", runId: 7 }, '"runId" must be a string, got 7'],
    [{ ...base, type: "text-delta", agentPath: null }, '"agentPath" must be a string, got null'],
    [{ ...base, type: "text-delta", seq: 0 }, '"seq" must be an integer > 0, got 0'],
    [{ ...base, type: "text-delta", seq: 1.5 }, '"seq" must be an integer > 0, got 1.5'],
    [{ ...base, type: "text-delta", seq: "3" }, '"seq" must be an integer > 0, got "3"'],
    [{ ...base, type: "text-delta", contentIndex: -1 }, '"contentIndex" must be a finite number >= 0, got -1'],
    [{ ...base, type: "text-delta", contentIndex: Number.POSITIVE_INFINITY }, '"contentIndex" must be a finite number >= 0, got Infinity'],
    [{ ...base, type: "text-delta", timestamp: Number.NaN }, '"timestamp" must be a finite number, got NaN'],
    [{ ...base, type: "text-delta", timestamp: "now" }, '"timestamp" must be a finite number, got "now"'],
  ])("rejects %j: %s", (value, issue) => {
    expect(streamEventIssue(value)).toBe(issue);
    expect(isStreamEvent(value)).toBe(false);
  });

  it("narrows the type for TypeScript", () => {
    const value: unknown = { ...base, type: "text-delta", text: "hello" };
    if (!isStreamEvent(value)) throw new Error("expected an event");
    const event: StreamEvent = value;
    expect(event.type === "text-delta" ? event.text : "").toBe("hello");
  });
});
