import { describe, expect, it } from "vitest";
import { InvalidRequestError, RateLimitError, type ConversationMessage, type ModelRequest, type StreamEvent } from "@baton/core";
import { scriptedModel } from "@baton/testing";
import { createMemoryStorage } from "@baton/storage-memory";
import { resume, run } from "../src/index.js";
import { toolsOf } from "./support/process-tools.js";

/** Replies by how far the conversation is: `fast` twice, then the answer; the second call fails with `failure` when given. */
function model(failure?: () => Error) {
  const reply = (request: ModelRequest) => {
    const toolMessages = request.messages.filter((message) => message.role === "tool").length;
    if (toolMessages === 0)
      return { text: "Looking.", toolCalls: [{ id: "call_1", name: "fast", arguments: { n: 1 } }], usage: { inputTokens: 10, outputTokens: 5 } };
    if (failure) return { error: failure(), errorAfterParts: 0 };
    if (toolMessages === 1) return { toolCalls: [{ id: "call_2", name: "fast", arguments: { n: 2 } }], usage: { inputTokens: 20, outputTokens: 5 } };
    return { text: "Done.", usage: { inputTokens: 30, outputTokens: 2 } };
  };
  return scriptedModel([reply, reply, reply]);
}

const outage = () => new RateLimitError("Rate limit reached for requests.", { provider: "scripted", status: 429, retryAfterMs: 20_000 });
const normalise = (messages: readonly ConversationMessage[]) => messages.map(({ role, parts }) => ({ role, parts }));

describe('retryableErrorEnds: "attempt"', () => {
  it("leaves a run whose model call failed retryably resumable; resumed, it ends as an uninterrupted run would", async () => {
    const storage = createMemoryStorage();
    const log: string[] = [];
    const events: StreamEvent[] = [];
    const first = await run({
      provider: model(outage),
      model: "m",
      input: "Check.",
      tools: toolsOf(log, "A", false),
      storage,
      conversationId: "c1",
      runId: "r1",
      claimOwner: "A",
      retryableErrorEnds: "attempt",
      onEvent: (event) => void events.push(event),
    });
    expect(first.stopReason).toBe("error");
    expect(first.error).toMatchObject({ code: "PROVIDER_RATE_LIMIT", retryable: true });
    expect(first.resumable).toBe(true);
    expect(first.persisted).toBe(true);
    expect(events.map((event) => event.type).slice(-2)).toEqual(["error", "run-end"]);
    expect(events.at(-1)).toMatchObject({ type: "run-end", stopReason: "error", error: { code: "PROVIDER_RATE_LIMIT" } });
    // Stored unfinished, as before the failed call (its iteration not counted), with its claim given up: anyone may take it at once.
    const stored = await storage.loadCheckpoint("r1");
    expect(stored).toMatchObject({ status: "running", root: { step: "prepare", iteration: 1, toolCallCount: 1 } });
    expect(stored?.stopReason).toBeUndefined();
    expect(stored?.root.text).toBeUndefined();
    expect(first.state?.root.status).not.toBe("finished");
    // Nothing of the run's answer was appended yet: only its input is stored.
    expect((await storage.loadMessages("c1")).map((message) => message.role)).toEqual(["user"]);

    const second = model();
    const resumed = await resume({ provider: second, model: "m", tools: toolsOf(log, "B", false), storage, runId: "r1", claimOwner: "B" });
    expect(resumed.stopReason).toBe("completed");
    expect(resumed.text).toBe("Done.");
    expect(resumed.resumable).toBeUndefined();
    // The first tool call ran once (in the first attempt); the failed model call was made again.
    expect(log).toEqual(["A:fast", "B:fast"]);
    expect(second.requests).toHaveLength(2);
    expect(resumed.iterations).toBe(3);
    expect(resumed.usage.calls.map((call) => [call.iteration, call.inputTokens])).toEqual([
      [1, 10],
      [2, 20],
      [3, 30],
    ]);

    const reference = createMemoryStorage();
    await run({ provider: model(), model: "m", input: "Check.", tools: toolsOf([], "R", false), storage: reference, conversationId: "c1", runId: "r1" });
    expect(normalise(await storage.loadMessages("c1"))).toEqual(normalise(await reference.loadMessages("c1")));
    expect((await storage.queryUsage({ runId: "r1" })).map((usage) => usage.iteration)).toEqual([1, 2, 3]);
    expect(await storage.claimRun("r1", { owner: "C", leaseMs: 1000 })).toEqual({ claimed: false, reason: "finished" });
  });

  it("finishes the run as usual by default, or when the error is not retryable", async () => {
    for (const [failure, ends] of [
      [outage, "run"],
      [() => new InvalidRequestError("Bad request.", { provider: "scripted", status: 400 }), "attempt"],
    ] as const) {
      const storage = createMemoryStorage();
      const result = await run({
        provider: model(failure),
        model: "m",
        input: "Check.",
        tools: toolsOf([], "A", false),
        storage,
        runId: "r1",
        retryableErrorEnds: ends,
      });
      expect(result.stopReason).toBe("error");
      expect(result.resumable).toBeUndefined();
      expect(await storage.loadCheckpoint("r1")).toMatchObject({ stopReason: "error" });
      await expect(resume({ provider: model(), model: "m", storage, runId: "r1" })).resolves.toMatchObject({
        stopReason: "error",
        error: { code: "RUN_NOT_RESUMABLE" },
      });
    }
  });

  it("ends the run for good when it was aborted, and has no effect without storage", async () => {
    const controller = new AbortController();
    const storage = createMemoryStorage();
    const aborting = scriptedModel([
      { text: "Looking.", toolCalls: [{ id: "call_1", name: "fast", arguments: {} }] },
      () => {
        controller.abort();
        return { error: outage(), errorAfterParts: 0 };
      },
    ]);
    const aborted = await run({
      provider: aborting,
      model: "m",
      input: "x",
      tools: toolsOf([], "A", false),
      storage,
      runId: "r1",
      retryableErrorEnds: "attempt",
      signal: controller.signal,
    });
    expect(aborted.stopReason).toBe("aborted");
    expect(aborted.resumable).toBeUndefined();
    const unstored = await run({ provider: model(outage), model: "m", input: "x", tools: toolsOf([], "A", false), retryableErrorEnds: "attempt" });
    expect(unstored).toMatchObject({ stopReason: "error", persisted: false });
    expect(unstored.resumable).toBeUndefined();
  });

  it("rejects a value other than run or attempt", async () => {
    await expect(run({ provider: model(), model: "m", input: "x", retryableErrorEnds: "job" as never })).rejects.toThrow(/retryableErrorEnds/);
  });
});
