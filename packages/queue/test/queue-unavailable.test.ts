import { randomUUID } from "node:crypto";
import type { RunResult, StreamEvent } from "@baton/core";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  createRunQueue,
  createRunWorker,
  QUEUE_RETRY_AFTER_MS,
  QueueUnavailableError,
  type QueueAgent,
  type QueueOperation,
  type RunQueue,
  type RunWorker,
} from "../src/index.js";
import { describeWithPrivateRedis, usePrivateRedis } from "@baton/testing/services";
import { readRelayed } from "./support/relayed-events.js";

/** The bound the suites give every call: short, so a call that waits longer (or forever) fails its test by its timeout. */
const COMMAND_TIMEOUT_MS = 500;

/** What `promise` rejected with (fails when it resolves). */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`Expected a rejection, got ${JSON.stringify(value)}.`);
    },
    (error: unknown) => error,
  );
}

/** Every call of the queue's API, by the operation name its errors give. */
function everyCall(
  queue: RunQueue,
  runId: string,
): Record<QueueOperation & ("submit" | "resume" | "abort" | "countJobs" | "events.head" | "events.read"), () => Promise<unknown>> {
  return {
    submit: () => queue.submit({ agent: "echo", input: "Hello." }),
    resume: () => queue.resume({ agent: "echo", runId, decisions: { a1: { approve: true } } }),
    abort: () => queue.abort(runId),
    countJobs: () => queue.countJobs("active", "waiting"),
    "events.head": () => queue.events.head(runId),
    "events.read": () => readRelayed(queue.events, runId),
  };
}

/** Expects `error` to be the queue's typed, retryable error for `operation`. */
function expectUnavailable(error: unknown, operation: QueueOperation, reason: "no answer" | "connection failed"): void {
  expect(QueueUnavailableError.isInstance(error)).toBe(true);
  expect(error).toMatchObject({
    code: "QUEUE_UNAVAILABLE",
    retryable: true,
    operation,
    retryAfterMs: QUEUE_RETRY_AFTER_MS,
    details: { operation, reason, retryAfterMs: QUEUE_RETRY_AFTER_MS },
  });
}

describeWithPrivateRedis("the queue's calls while its Redis is paused or down", () => {
  const privateRedis = usePrivateRedis();
  const runId = `known-${randomUUID()}`;
  let queue: RunQueue;
  const reported: unknown[] = [];

  beforeAll(async () => {
    const redis = await privateRedis();
    queue = createRunQueue({
      connection: redis.url(),
      name: `q-${randomUUID()}`,
      commandTimeoutMs: COMMAND_TIMEOUT_MS,
      onError: (error) => reported.push(error),
    });
    await queue.ready();
    await queue.submit({ agent: "echo", input: "Known.", runId });
  });
  afterAll(async () => {
    await queue?.close();
  });

  it("paused (it keeps the connection and answers nothing): submit, resume, abort, countJobs, events.head and events.read each reject with a retryable QueueUnavailableError naming the call; all work again once Redis goes on", async () => {
    const redis = await privateRedis();
    redis.pause();
    try {
      const calls = Object.entries(everyCall(queue, runId));
      const errors = await Promise.all(calls.map(([, call]) => rejectionOf(call())));
      for (const [index, [operation]] of calls.entries()) expectUnavailable(errors[index], operation as QueueOperation, "no answer");
      expect(errors[0]).toMatchObject({ timeoutMs: COMMAND_TIMEOUT_MS });
      expectUnavailable(await rejectionOf(queue.ready()), "ready", "no answer");
    } finally {
      redis.resume();
    }
    // The same queue, nothing recreated: every call answers again.
    const { runId: submitted } = await queue.submit({ agent: "echo", input: "Back." });
    expect(await queue.events.head(submitted)).toEqual({ lastSeq: 0, firstSeq: 1, ended: false });
    await queue.abort(submitted);
    expect(await queue.countJobs("waiting")).toEqual({ waiting: expect.any(Number) });
  });

  it("a reader following a run's events rejects with QUEUE_UNAVAILABLE when Redis stops answering while it waits for the next event", async () => {
    const redis = await privateRedis();
    const reading = queue.events.read(runId, 0, new AbortController().signal)[Symbol.asyncIterator]();
    const next = reading.next();
    // The reader is blocked on the stream (the run has no worker) when Redis stops.
    await new Promise((resolve) => setTimeout(resolve, 200));
    redis.pause();
    try {
      expectUnavailable(await rejectionOf(next), "events.read", "no answer");
    } finally {
      redis.resume();
    }
  });

  it("down (connections refused): every call rejects at once with QueueUnavailableError, the connection's error as its cause; all work again once Redis is back", async () => {
    const redis = await privateRedis();
    await redis.kill();
    try {
      // The client tried to reconnect, and was refused.
      await expect.poll(() => reported.some((error) => (error as { code?: unknown }).code === "ECONNREFUSED"), { timeout: 10_000 }).toBe(true);
      const calls = Object.entries(everyCall(queue, runId));
      const errors = await Promise.all(calls.map(([, call]) => rejectionOf(call())));
      for (const [index, [operation]] of calls.entries()) {
        expectUnavailable(errors[index], operation as QueueOperation, "connection failed");
        expect((errors[index] as Error).cause).toMatchObject({ code: "ECONNREFUSED" });
      }
      expectUnavailable(await rejectionOf(queue.ready()), "ready", "connection failed");
    } finally {
      await redis.start();
    }
    // The queue reconnects by itself; ready() waits for it (the client backs off between attempts).
    await queue.ready({ timeoutMs: 15_000 });
    const { runId: submitted } = await queue.submit({ agent: "echo", input: "Back again." });
    expect(await queue.events.head(submitted)).toEqual({ lastSeq: 0, firstSeq: 1, ended: false });
  });
});

/** An agent whose run says "hello" and ends. */
const echo: QueueAgent = {
  run: async (_input, options) => {
    const base = { runId: options.runId, agentPath: "main", contentIndex: 0, timestamp: Date.now() };
    const events = [
      { ...base, seq: 1, type: "run-start", agentName: "echo" },
      { ...base, seq: 2, type: "text-delta", text: "hello" },
      { ...base, seq: 3, type: "run-end", stopReason: "completed", text: "hello", iterations: 1, toolCallCount: 0, usage: {} },
    ] as unknown as StreamEvent[];
    for (const event of events) for (const sink of options.sinks) await sink.emit(event);
    return { stopReason: "completed", text: "hello", iterations: 1, toolCallCount: 0 } as unknown as RunResult;
  },
  resume: () => Promise.reject(new Error("nothing to resume")),
};
/** The storage the worker reads only to resume runs, which these runs never need. */
const noStorage = { loadCheckpoint: async () => undefined, claimRun: async () => ({ claimed: true, token: 1 }) } as never;

describeWithPrivateRedis("a worker while its Redis is down or paused", () => {
  const privateRedis = usePrivateRedis();
  const name = `q-${randomUUID()}`;
  let worker: RunWorker | undefined;
  let queue: RunQueue | undefined;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown): void => void unhandled.push(reason);

  beforeAll(() => {
    process.on("unhandledRejection", onUnhandled);
  });
  afterAll(async () => {
    process.off("unhandledRejection", onUnhandled);
    await worker?.close({ timeoutMs: 1_000 });
    await queue?.close();
  });

  it("started while Redis is down: ready() rejects with QueueUnavailableError (worker.ready), nothing goes unhandled, and it runs jobs once Redis is up; paused, ready() rejects again and resolves once it goes on; closed while Redis is gone, it does not wait for it", async () => {
    const redis = await privateRedis();
    await redis.kill();
    const reported: unknown[] = [];
    worker = createRunWorker({
      connection: redis.url(),
      name,
      agents: { echo },
      storage: noStorage,
      commandTimeoutMs: COMMAND_TIMEOUT_MS,
      onError: (error) => reported.push(error),
    });
    expectUnavailable(await rejectionOf(worker.ready()), "worker.ready", "connection failed");
    // Its connections go on failing for a while: reported, never thrown.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(reported.length).toBeGreaterThan(0);
    expect(unhandled).toEqual([]);

    await redis.start();
    await worker.ready({ timeoutMs: 15_000 });
    queue = createRunQueue({ connection: redis.url(), name, commandTimeoutMs: COMMAND_TIMEOUT_MS });
    const { runId } = await queue.submit({ agent: "echo", input: "Hi." });
    expect((await readRelayed(queue.events, runId)).map((event) => event.type)).toEqual(["run-start", "text-delta", "run-end"]);

    redis.pause();
    try {
      expectUnavailable(await rejectionOf(worker.ready()), "worker.ready", "no answer");
    } finally {
      redis.resume();
    }
    await worker.ready();
    const again = await queue.submit({ agent: "echo", input: "Again." });
    expect((await readRelayed(queue.events, again.runId)).at(-1)).toMatchObject({ type: "run-end", stopReason: "completed" });

    // Closed while Redis is gone, it drops its connections instead of waiting for it (the test's timeout would catch a hang).
    await redis.kill();
    await worker.close({ timeoutMs: 1_000 });
    worker = undefined;
    expect(unhandled).toEqual([]);
  });
});
