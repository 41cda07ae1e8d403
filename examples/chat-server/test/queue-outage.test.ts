import { afterAll, beforeAll, expect, it } from "vitest";
import type { QueueSettings } from "../src/queue/queue-settings.js";
import { createChatServer, type ChatServer } from "../src/server.js";
import type { PrivateRedis } from "@baton/testing";
import { describeWithPrivateRedis, usePrivateRedis } from "@baton/testing/services";
import { postRun, readRunEvents, waitForRunEnd } from "./support/run-api.js";
import { ensureWorkerBuilt, startWorker, stopAllWorkers } from "./support/worker-processes.js";

const QUESTION = "How long does sunlight take to reach Earth?";
/** What the queue mode promises while its Redis is away: an answer within this long. */
const ANSWER_WITHIN_MS = 5_000;
/** Room for one outage test: the 503s, then up to 30 s for the queue to reconnect and a whole run on a loaded machine. */
const RECOVERY_TEST_MS = 90_000;

/** One request to the server, timed: its status, `Retry-After` and JSON error code. */
async function timedRequest(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; retryAfter: string | null; code: string | undefined; elapsedMs: number }> {
  const started = Date.now();
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
  const elapsedMs = Date.now() - started;
  const body = response.headers.get("content-type")?.startsWith("application/json") ? ((await response.json()) as { error?: { code?: string } }) : undefined;
  if (body === undefined) await response.body?.cancel();
  return { status: response.status, retryAfter: response.headers.get("retry-after"), code: body?.error?.code, elapsedMs };
}

/** `POST /api/runs`, timed. */
function postTimed(server: ChatServer): ReturnType<typeof timedRequest> {
  return timedRequest(`${server.url}/api/runs`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ message: QUESTION }),
  });
}

/** Posts a run until the server takes it (Redis back, the queue reconnected by itself), then follows it to its end. */
async function runOnceBack(server: ChatServer): Promise<void> {
  const deadline = Date.now() + 30_000;
  let runId: string | undefined;
  while (runId === undefined) {
    try {
      runId = await postRun(server.url, QUESTION);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  const events = await readRunEvents(server.url, runId);
  expect(events.at(-1)).toMatchObject({ type: "run-end", agentPath: "supervisor", stopReason: "completed" });
  expect((await waitForRunEnd(server.url, runId, 30_000)).result?.stopReason).toBe("completed");
}

/** Expects the queue mode's answer to a Redis that does not answer: 503 QUEUE_UNAVAILABLE with Retry-After, in time. */
function expectUnavailable(answer: Awaited<ReturnType<typeof timedRequest>>): void {
  expect(answer).toMatchObject({ status: 503, code: "QUEUE_UNAVAILABLE", retryAfter: expect.stringMatching(/^[1-9][0-9]*$/) });
  expect(answer.elapsedMs).toBeLessThan(ANSWER_WITHIN_MS);
}

describeWithPrivateRedis("queue mode while its Redis is paused or down: 503 with Retry-After within 5 s, and back by itself", () => {
  const privateRedis = usePrivateRedis();
  let redis: PrivateRedis;
  let server: ChatServer;
  let knownRun: string;

  beforeAll(async () => {
    ensureWorkerBuilt();
    redis = await privateRedis();
    const settings: QueueSettings = { redisUrl: redis.url(), name: "chat-outage", prefix: "chat-outage" };
    const worker = startWorker({
      BATON_QUEUE_REDIS_URL: settings.redisUrl,
      BATON_QUEUE_NAME: settings.name,
      BATON_QUEUE_PREFIX: settings.prefix,
      CHAT_SERVER_SPEED: "0.2",
      WORKER_LOCK_MS: "5000",
      WORKER_SHUTDOWN_MS: "2000",
    });
    await worker.ready;
    server = await createChatServer({ port: 0, queue: settings, heartbeatMs: 1_000 });
    knownRun = await postRun(server.url, QUESTION);
    await waitForRunEnd(server.url, knownRun, 30_000);
  });

  afterAll(async () => {
    redis?.resume();
    await server?.close();
    await stopAllWorkers();
  });

  it(
    "paused (SIGSTOP): POST /api/runs, the events stream and the run's status answer 503 QUEUE_UNAVAILABLE with Retry-After; once Redis goes on, runs go through again",
    async () => {
      redis.pause();
      try {
        const answers = await Promise.all([
          postTimed(server),
          timedRequest(`${server.url}/api/runs/${knownRun}/events`),
          timedRequest(`${server.url}/api/runs/${knownRun}`),
        ]);
        for (const answer of answers) expectUnavailable(answer);
      } finally {
        redis.resume();
      }
      await runOnceBack(server);
    },
    RECOVERY_TEST_MS,
  );

  it(
    "down (killed, connections refused): the same 503s; once Redis is started again, the server and the worker reconnect by themselves and runs go through",
    async () => {
      await redis.kill();
      try {
        const answers = await Promise.all([postTimed(server), timedRequest(`${server.url}/api/runs/${knownRun}/events`)]);
        for (const answer of answers) expectUnavailable(answer);
      } finally {
        await redis.start();
      }
      await runOnceBack(server);
    },
    RECOVERY_TEST_MS,
  );
});
