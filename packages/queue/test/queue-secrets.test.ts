import { randomUUID } from "node:crypto";
import { findSecret } from "@baton/testing";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createRunQueue, createRunWorker, type RunQueue } from "../src/index.js";
import { describeWithPrivateRedis, usePrivateRedis } from "@baton/testing/services";
import { readRelayed } from "./support/relayed-events.js";

/** The server's password, and the wrong one clients try. Both must appear in no error. */
const PASSWORD = `queue-pass-${randomUUID()}`;
const WRONG = `wrong-pass-${randomUUID()}`;

/** What `promise` rejected with (fails when it resolves). */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`Expected a rejection, got ${JSON.stringify(value)}.`);
    },
    (error: unknown) => error,
  );
}

/** Where each of `secrets` shows up in `errors` (util.inspect, JSON.stringify, the cause chain, every property): none. */
function expectNoSecret(errors: readonly unknown[], ...secrets: string[]): void {
  for (const secret of secrets) expect(errors.flatMap((error, index) => findSecret(error, secret).map((path) => `errors[${index}]: ${path}`))).toEqual([]);
}

/** The `command.args` of ioredis errors among `errors` (the `AUTH` / `HELLO … AUTH` arguments, once redacted). */
function commandArgsOf(errors: readonly unknown[]): unknown[][] {
  return errors.flatMap((error) => {
    const args = (error as { command?: { args?: unknown } } | undefined)?.command?.args;
    return Array.isArray(args) ? [args] : [];
  });
}

const storage = { loadCheckpoint: async () => undefined, claimRun: async () => ({ claimed: true, token: 1 }) } as never;
const agents = { echo: { run: () => Promise.reject(new Error("unused")), resume: () => Promise.reject(new Error("unused")) } };

describeWithPrivateRedis("no password in the queue's errors (a Redis with requirepass)", () => {
  const privateRedis = usePrivateRedis({ password: PASSWORD });
  const name = `q-${randomUUID()}`;
  const closing: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closing.reverse()) await close();
  });

  it("a wrong password: every call rejects with QUEUE_UNAVAILABLE, and neither they nor onError (given ioredis' HELLO … AUTH errors) carry it", async () => {
    const redis = await privateRedis();
    const reported: unknown[] = [];
    const queue = createRunQueue({ connection: redis.url(WRONG), name, commandTimeoutMs: 500, onError: (error) => reported.push(error) });
    closing.push(() => queue.close());
    const workerReported: unknown[] = [];
    const worker = createRunWorker({
      connection: redis.url(WRONG),
      name,
      agents,
      storage,
      commandTimeoutMs: 500,
      onError: (error) => workerReported.push(error),
    });
    closing.push(() => worker.close({ timeoutMs: 1_000 }));

    const errors = [
      await rejectionOf(queue.ready()),
      await rejectionOf(queue.submit({ agent: "echo", input: "Hi." })),
      await rejectionOf(queue.resume({ agent: "echo", runId: "r1" })),
      await rejectionOf(queue.abort("r1")),
      await rejectionOf(queue.countJobs("waiting")),
      await rejectionOf(queue.events.head("r1")),
      await rejectionOf(readRelayed(queue.events, "r1")),
      await rejectionOf(worker.ready()),
    ];
    for (const error of errors) expect(error).toMatchObject({ code: "QUEUE_UNAVAILABLE", retryable: true });
    // The connection's own error is the cause: Redis refused the password.
    expect(errors[0]).toMatchObject({ cause: expect.objectContaining({ message: expect.stringMatching(/WRONGPASS/) }) });
    expect(reported.length).toBeGreaterThan(0);
    expect(workerReported.length).toBeGreaterThan(0);
    expectNoSecret([...errors, ...reported, ...workerReported], WRONG);
    // ioredis put the password in HELLO's arguments: it is redacted there, the rest kept.
    expect(commandArgsOf(reported)).toContainEqual(["3", "AUTH", "default", "***"]);
  });

  it("the right password, then Redis paused, killed, and back with another password: no error carries the password the queue was given", async () => {
    const redis = await privateRedis();
    const reported: unknown[] = [];
    const queue: RunQueue = createRunQueue({ connection: redis.url(PASSWORD), name, commandTimeoutMs: 500, onError: (error) => reported.push(error) });
    closing.push(() => queue.close());
    await queue.ready();
    await queue.submit({ agent: "echo", input: "Hi.", runId: "known" });
    const errors: unknown[] = [];

    redis.pause();
    try {
      errors.push(await rejectionOf(queue.submit({ agent: "echo", input: "Hi." })), await rejectionOf(queue.events.head("known")));
    } finally {
      redis.resume();
    }
    await redis.kill();
    errors.push(await rejectionOf(queue.submit({ agent: "echo", input: "Hi." })), await rejectionOf(queue.abort("known")));
    // Back with another password: the client's reconnects now send the one it was given, and are refused.
    await redis.start(WRONG);
    await expect.poll(() => commandArgsOf(reported).length, { timeout: 15_000 }).toBeGreaterThan(0);
    errors.push(await rejectionOf(queue.ready()), await rejectionOf(readRelayed(queue.events, "known")));
    for (const error of errors) expect(error).toMatchObject({ code: "QUEUE_UNAVAILABLE" });
    expectNoSecret([...errors, ...reported], PASSWORD, WRONG);

    await redis.start(PASSWORD);
    await queue.ready({ timeoutMs: 15_000 });
  });

  it("a Redis URL ioredis cannot read is a ConfigurationError without its password", () => {
    const url = `redis://:${PASSWORD}@[127.0.0.1`;
    const errors: unknown[] = [];
    for (const create of [() => createRunQueue({ connection: url }), () => createRunWorker({ connection: url, agents, storage })]) {
      try {
        create();
      } catch (error) {
        errors.push(error);
      }
    }
    expect(errors).toEqual([expect.objectContaining({ code: "INVALID_CONFIGURATION" }), expect.objectContaining({ code: "INVALID_CONFIGURATION" })]);
    expectNoSecret(errors, PASSWORD);
  });
});

describeWithPrivateRedis("the password of a working queue", () => {
  const privateRedis = usePrivateRedis({ password: PASSWORD });
  let queue: RunQueue;
  beforeAll(async () => {
    queue = createRunQueue({ connection: (await privateRedis()).url(), commandTimeoutMs: 500 });
    await queue.ready();
  });
  afterAll(async () => {
    await queue?.close();
  });

  it("is used as given: a URL-encoded password works", async () => {
    const { runId } = await queue.submit({ agent: "echo", input: "Hi." });
    expect(await queue.events.head(runId)).toEqual({ lastSeq: 0, firstSeq: 1, ended: false });
  });
});
