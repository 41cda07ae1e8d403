import { ProviderOverloadedError, RateLimitError, StorageError, type NewConversationMessage, type Storage } from "@baton/core";
import type { ScriptedModel } from "@baton/testing";
import { describe, expect, it } from "vitest";
import { outageDelayMs, DEFAULT_OUTAGE_RETRY } from "../src/worker/outage-retry.js";
import { loopAgent } from "./support/loop-agent.js";
import { describeWithRedis } from "./support/redis.js";
import { useQueueHarness } from "./support/harness.js";
import { threeTurnModel, workTool } from "./support/three-turns.js";

/** The three-turn model whose second call fails `failures` times first with a retryable provider error. */
function flakyModel(
  failures: number,
  error: () => Error = () => new RateLimitError("Rate limit reached.", { provider: "scripted", status: 429, retryAfterMs: 30 }),
): ScriptedModel {
  return threeTurnModel({ outages: { count: failures, error } });
}

describe("outage retry delays", () => {
  it("double from delayMs, stop at maxDelayMs, and never undercut the provider's retry-after", () => {
    const policy = { attempts: 5, delayMs: 100, maxDelayMs: 500 };
    expect([1, 2, 3, 4, 5].map((retry) => outageDelayMs(policy, retry, undefined))).toEqual([100, 200, 400, 500, 500]);
    expect(outageDelayMs(policy, 1, 20_000)).toBe(20_000);
    expect(outageDelayMs(policy, 3, 150)).toBe(400);
    expect(DEFAULT_OUTAGE_RETRY).toEqual({ attempts: 3, delayMs: 2_000, maxDelayMs: 60_000 });
  });
});

describeWithRedis("runs whose provider fails retryably are retried by the queue, apart from worker failures", () => {
  const harness = useQueueHarness();
  const executed: string[] = [];
  const record = (key: string) => void executed.push(key);

  it("an outage ends the attempt, the job waits in the queue, and the run goes on from the failed model call: tools run once, the stream never ends early", async () => {
    harness.startWorker({
      agents: {
        flaky: loopAgent({ provider: flakyModel(2), tools: [workTool(record)], storage: harness.storage }),
        overloaded: loopAgent({
          provider: flakyModel(5, () => new ProviderOverloadedError("Overloaded.", { provider: "scripted", status: 529 })),
          tools: [workTool(record)],
          storage: harness.storage,
        }),
        once: loopAgent({ provider: flakyModel(1), tools: [workTool(record)], storage: harness.storage }),
      },
      concurrency: 2,
      outageRetry: { attempts: 2, delayMs: 20, maxDelayMs: 100 },
    });
    const { runId, jobId } = await harness.queue.submit({ agent: "flaky", input: "Work.", conversationId: "conv-flaky" });
    const outcome = await harness.finished(jobId);
    expect(outcome).toMatchObject({ runId, stopReason: "completed", text: "done 2", iterations: 3, toolCallCount: 4, resumed: true });
    expect(outcome.resumable).toBeUndefined();
    expect(executed.filter((key) => key.startsWith(runId)).sort()).toEqual([`${runId}:1a`, `${runId}:1b`, `${runId}:2a`, `${runId}:2b`]);
    expect((await harness.queue.queue.getJob(jobId))!.data).toMatchObject({ outageRetries: 2 });

    const events = await harness.readAll(runId);
    // One stream: numbered without a gap, no error of the outage in it, one root run-end at its end; each attempt began with a run-start.
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
    expect(events.filter((event) => event.type === "error")).toEqual([]);
    expect(events.filter((event) => event.type === "run-start").length).toBe(3);
    expect(events.filter((event) => event.type === "run-end")).toEqual([expect.objectContaining({ stopReason: "completed", text: "done 2" })]);
    expect(events.at(-1)?.type).toBe("run-end");
    // The stored run equals an uninterrupted one: the input, one answer; a usage record per model call that answered.
    expect((await harness.storage.loadMessages("conv-flaky")).map((message) => [message.role, message.runId])).toEqual([
      ["user", runId],
      ["assistant", runId],
    ]);
    expect((await harness.storage.queryUsage({ runId })).map((usage) => usage.iteration)).toEqual([1, 2, 3]);

    // An outage that outlasts the retries ends the run with its error, once, at the end of the stream.
    const failing = await harness.queue.submit({ agent: "overloaded", input: "Work." });
    const failed = await harness.finished(failing.jobId);
    expect(failed).toMatchObject({ stopReason: "error", error: { code: "PROVIDER_OVERLOADED" }, toolCallCount: 2 });
    expect(failed.resumable).toBeUndefined();
    const failedEvents = await harness.readAll(failing.runId);
    expect(failedEvents.filter((event) => event.type === "error")).toEqual([
      expect.objectContaining({ error: expect.objectContaining({ code: "PROVIDER_OVERLOADED" }) }),
    ]);
    expect(failedEvents.slice(-2).map((event) => event.type)).toEqual(["error", "run-end"]);
    expect(failedEvents.filter((event) => event.type === "run-start").length).toBe(3);
    expect(await harness.storage.loadCheckpoint(failing.runId)).toMatchObject({ stopReason: "error" });
    expect(executed.filter((key) => key.startsWith(failing.runId)).sort()).toEqual([`${failing.runId}:1a`, `${failing.runId}:1b`]);
  });
});

/** `storage` with answers (assistant messages) refused as by an unreachable Redis while `down()` holds. */
function refusingAnswers(storage: Storage, down: () => boolean): Storage {
  return new Proxy(storage, {
    get(target, key) {
      if (key === "appendMessages") {
        return async (conversationId: string, messages: readonly NewConversationMessage[]) => {
          if (down() && messages.some((message) => message.role === "assistant"))
            throw new StorageError("Redis storage: appendMessages failed: Redis is unreachable (Connection is closed.)");
          return target.appendMessages(conversationId, messages);
        };
      }
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

describeWithRedis("a run whose end could not be stored", () => {
  const harness = useQueueHarness();

  it("is retried like an outage: the next attempt stores its answer once and ends the stream once; no tool or model call runs twice", async () => {
    const executed: string[] = [];
    let down = true;
    const agent = loopAgent({
      provider: threeTurnModel(),
      tools: [workTool((key) => executed.push(key))],
      storage: refusingAnswers(harness.storage, () => down),
      claimLeaseMs: 300,
      storageWaitMs: 200,
    });
    harness.startWorker({
      agents: {
        ending: {
          run: agent.run,
          // Storage is back by the time the queue retries the run.
          resume: (runId, options) => {
            down = false;
            return agent.resume(runId, options);
          },
        },
      },
      outageRetry: { attempts: 2, delayMs: 20, maxDelayMs: 100 },
    });
    const { runId, jobId } = await harness.queue.submit({ agent: "ending", input: "Work.", conversationId: "conv-ending" });
    const outcome = await harness.finished(jobId);
    expect(outcome).toMatchObject({ runId, stopReason: "completed", text: "done 2", toolCallCount: 4, resumed: true });
    expect(outcome.resumable).toBeUndefined();
    expect((await harness.queue.queue.getJob(jobId))!.data).toMatchObject({ outageRetries: 1 });
    expect(executed.sort()).toEqual([`${runId}:1a`, `${runId}:1b`, `${runId}:2a`, `${runId}:2b`]);

    expect((await harness.storage.loadMessages("conv-ending")).map((message) => [message.role, message.runId])).toEqual([
      ["user", runId],
      ["assistant", runId],
    ]);
    expect(await harness.storage.loadCheckpoint(runId)).toMatchObject({ stopReason: "completed" });
    expect((await harness.storage.queryUsage({ runId })).map((usage) => usage.iteration)).toEqual([1, 2, 3]);

    // The first attempt's storage error and run-end stayed out of the stream: it ends once, with the answer.
    const events = await harness.readAll(runId);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
    expect(events.filter((event) => event.type === "error")).toEqual([]);
    expect(events.filter((event) => event.type === "run-end")).toEqual([expect.objectContaining({ stopReason: "completed", text: "done 2" })]);
    expect(events.at(-1)?.type).toBe("run-end");
  });
});

describeWithRedis("a run waiting for its outage retry", () => {
  const harness = useQueueHarness();
  const record = () => undefined;

  it("holds no worker slot: a run submitted after it runs on a one-slot worker meanwhile; promoted, the waiting run finishes", async () => {
    harness.startWorker({
      agents: {
        // The provider asks for a minute: the run waits in the queue until it is promoted below.
        slowRetry: loopAgent({
          provider: flakyModel(1, () => new RateLimitError("Rate limit reached.", { provider: "scripted", status: 429, retryAfterMs: 60_000 })),
          tools: [workTool(record)],
          storage: harness.storage,
        }),
        steady: loopAgent({ provider: flakyModel(0), tools: [workTool(record)], storage: harness.storage }),
      },
      concurrency: 1,
    });
    const waiting = await harness.queue.submit({ agent: "slowRetry", input: "Work." });
    const job = async () => (await harness.queue.queue.getJob(waiting.jobId))!;
    for (let i = 0; i < 500 && (await job()).data.outageRetries === undefined; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    const steady = await harness.queue.submit({ agent: "steady", input: "Work." });
    expect((await harness.finished(steady.jobId)).stopReason).toBe("completed");
    expect(await (await job()).getState()).toBe("delayed");
    await (await job()).promote();
    expect(await harness.finished(waiting.jobId)).toMatchObject({ stopReason: "completed", toolCallCount: 4, resumed: true });
  });
});

describeWithRedis("outageRetry settings", () => {
  const harness = useQueueHarness();
  const record = () => undefined;

  it("with attempts 0 the first outage ends the run", async () => {
    harness.startWorker({
      agents: { once: loopAgent({ provider: flakyModel(1), tools: [workTool(record)], storage: harness.storage }) },
      outageRetry: { attempts: 0 },
    });
    const { jobId, runId } = await harness.queue.submit({ agent: "once", input: "Work." });
    expect(await harness.finished(jobId)).toMatchObject({ stopReason: "error", error: { code: "PROVIDER_RATE_LIMIT", retryAfterMs: 30 }, resumed: false });
    expect((await harness.readAll(runId)).slice(-2).map((event) => event.type)).toEqual(["error", "run-end"]);
  });

  it("refuses bad outageRetry settings", () => {
    expect(() => harness.startWorker({ agents: {}, outageRetry: { attempt: 2 } as never })).toThrow(
      'createRunWorker: outageRetry(): unknown option "attempt". Accepted options: attempts, delayMs, maxDelayMs.',
    );
    expect(() => harness.startWorker({ agents: {}, outageRetry: { delayMs: -1 } })).toThrow(/option "delayMs" must be a non-negative integer/);
  });
});
