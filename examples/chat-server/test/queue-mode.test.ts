import { waitFor } from "@baton/testing";
import { request } from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { decodeSseEvents } from "@baton/events/client";
import type { StreamEvent } from "@baton/sdk";
import { Redis } from "ioredis";
import { SUPERVISOR_OPENING } from "../src/agent/scripted/supervisor-model.js";
import type { QueueSettings } from "../src/queue/queue-settings.js";
import { GOING_STATES } from "../src/routes/queue/create-queued-run-route.js";
import { createChatServer, type ChatServer } from "../src/server.js";
import { describeWithRedis, REDIS_URL } from "./support/redis.js";
import { postRun, readRunEvents, waitForRunEnd } from "./support/run-api.js";
import { ensureWorkerBuilt, startWorker, stopAllWorkers, type WorkerProcess } from "./support/worker-processes.js";

const QUESTION = "How long does sunlight take to reach Earth?";
/** Unique per test run: the queue, the relay keys and the storage keys of this run only. */
const RUN_TAG = `chat-server-test-${process.pid}-${Date.now().toString(36)}`;
const SETTINGS: QueueSettings = { redisUrl: REDIS_URL, name: RUN_TAG, prefix: RUN_TAG };

/** Concatenated text deltas of one agent's content block. */
function blockText(events: readonly StreamEvent[], agentPath: string, contentIndex: number): string {
  return events
    .flatMap((event) => (event.type === "text-delta" && event.agentPath === agentPath && event.contentIndex === contentIndex ? [event.text] : []))
    .join("");
}

/** Checks a whole run's events: seq 1, 2, 3, … with no gap or repeat, one run, root run-start first and root run-end last. */
function expectWholeRun(events: readonly StreamEvent[], runId: string, stopReason: string): void {
  expect(events.map((event) => event.seq)).toEqual(events.map((_, i) => i + 1));
  expect(new Set(events.map((event) => event.runId))).toEqual(new Set([runId]));
  expect(events[0]).toMatchObject({ type: "run-start", agentPath: "supervisor" });
  expect(events.at(-1)).toMatchObject({ type: "run-end", agentPath: "supervisor", stopReason });
  expect(events.filter((event) => event.type === "run-end" && event.agentPath === "supervisor")).toHaveLength(1);
}

/** One request with exactly these headers (fetch cannot set `Host`). */
function rawRequest(port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path, setHost: false, headers: { connection: "close", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Deletes every key of this test run (queue, relay, storage). */
async function deleteTestKeys(): Promise<void> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on("error", () => undefined); // a failure shows as the rejected command
  try {
    await redis.connect();
    for (const pattern of [`${RUN_TAG}:*`, `bull:${RUN_TAG}:*`]) {
      let cursor = "0";
      do {
        const [next, keys] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 500);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== "0");
    }
  } finally {
    redis.disconnect();
  }
}

/** Waits until the queue holds no job in the states `maxConcurrentRuns` counts (`GOING_STATES`), however loaded the machine. */
async function waitForQueueIdle(node: ChatServer): Promise<void> {
  await waitFor(
    "the queue to have no job waiting or going",
    async () => {
      const counts = await node.queue!.countJobs(...GOING_STATES);
      return GOING_STATES.every((state) => (counts[state] ?? 0) === 0) ? true : undefined;
    },
    20_000,
  );
}

describeWithRedis("queue mode: the HTTP server enqueues, two worker processes (dist/worker.js) run the agent", () => {
  let server: ChatServer;
  /** A second HTTP node on the same queue, capped at one run going. */
  let capped: ChatServer;
  let workers: WorkerProcess[] = [];

  beforeAll(async () => {
    ensureWorkerBuilt();
    const env = {
      BATON_QUEUE_REDIS_URL: SETTINGS.redisUrl,
      BATON_QUEUE_NAME: SETTINGS.name,
      BATON_QUEUE_PREFIX: SETTINGS.prefix,
      CHAT_SERVER_SPEED: "0.3", // a run takes about a second: long enough to abort it or read half of it
      WORKER_LOCK_MS: "5000",
      WORKER_SHUTDOWN_MS: "2000",
    };
    workers = [startWorker(env), startWorker(env)];
    await Promise.all(workers.map((worker) => worker.ready));
    server = await createChatServer({ port: 0, queue: SETTINGS, heartbeatMs: 1_000 });
    capped = await createChatServer({ port: 0, queue: SETTINGS, maxConcurrentRuns: 1 });
  });

  afterAll(async () => {
    await server?.close();
    await capped?.close();
    await stopAllWorkers();
    if (workers.length > 0) await deleteTestKeys(); // nothing to delete when beforeAll failed first (no Redis)
  });

  it("runs a chat message in a worker: the SSE stream has every event once, in order, seq 1, 2, 3, …, and the answer", async () => {
    expect(server.mode).toBe("queue");
    const runId = await postRun(server.url, QUESTION);
    const events = await readRunEvents(server.url, runId);
    expectWholeRun(events, runId, "completed");

    expect([...new Set(events.map((event) => event.agentPath))]).toEqual(["supervisor", "supervisor/researcher#1", "supervisor/researcher#2"]);
    const toolCalls = events.flatMap((event) => (event.type === "tool-call" ? [[event.agentPath, event.toolCall.toolName]] : []));
    expect(toolCalls).toEqual([
      ["supervisor", "research"],
      ["supervisor", "clock"],
      ["supervisor/researcher#1", "search"],
      ["supervisor/researcher#2", "search"],
    ]);

    const status = await waitForRunEnd(server.url, runId);
    expect(status.result?.stopReason).toBe("completed");
    const rootBlocks = [...new Set(events.flatMap((event) => (event.type === "text-delta" && event.agentPath === "supervisor" ? [event.contentIndex] : [])))];
    expect(rootBlocks).toHaveLength(2);
    expect(blockText(events, "supervisor", rootBlocks[0]!)).toBe(SUPERVISOR_OPENING);
    expect(blockText(events, "supervisor", rootBlocks[1]!)).toBe(status.result?.text);
    expect(status.result?.text).toContain("Facts: Sunlight takes about 8 minutes and 20 seconds");
    const last = events.at(-1)!;
    expect(last.type === "run-end" && last.usage.inputTokens).toBe(status.result?.usage.inputTokens);

    // The run viewer reads the run from the queue's event log in Redis: the same events.
    const viewed = (await (await fetch(`${server.url}/viewer/api/runs/${runId}`)).json()) as { ended: boolean; events: { seq: number; type: string }[] };
    expect(viewed.ended).toBe(true);
    expect(viewed.events.map((event) => [event.seq, event.type])).toEqual(events.map((event) => [event.seq, event.type]));

    // Run by one of the two worker processes, not by the HTTP server.
    expect(server.sessions.size).toBe(0);
    const job = await server.queue!.queue.getJob(runId);
    expect(workers.map((worker) => `chat-worker-${worker.process.pid}`)).toContain(job?.processedBy);
  });

  it("resumes a stream cut mid-run with Last-Event-ID: nothing missing, nothing twice; a late client gets the whole run", async () => {
    const runId = await postRun(server.url, QUESTION);
    const before = await readRunEvents(server.url, runId, { limit: 15 });
    expect(before.map((event) => event.seq)).toEqual(before.map((_, i) => i + 1));
    const after = await readRunEvents(server.url, runId, { lastEventId: before.at(-1)!.seq });
    expect(after[0]!.seq).toBe(16);
    const joined = [...before, ...after];
    expectWholeRun(joined, runId, "completed");
    expect(new Set(joined.map((event) => event.seq)).size).toBe(joined.length);

    // After the end: the whole run again (from the node's memory or Redis), and a resume from the middle.
    const full = await readRunEvents(server.url, runId);
    expect(full).toEqual(joined);
    const tail = await readRunEvents(server.url, runId, { lastEventId: 40 });
    expect(tail).toEqual(joined.slice(40));
    // Another HTTP node (its own follower) serves the same seqs.
    expect(await readRunEvents(capped.url, runId, { lastEventId: 15 })).toEqual(after);
  });

  it("aborts a queued run through queue.abort: 202, and the run ends with stop reason aborted", async () => {
    const runId = await postRun(server.url, QUESTION);
    const response = await fetch(`${server.url}/api/runs/${runId}/abort`, { method: "POST" });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ runId, aborted: true });
    const events = await readRunEvents(server.url, runId);
    expect(events.at(-1)).toMatchObject({ type: "run-end", agentPath: "supervisor", stopReason: "aborted" });
    expect(events.map((event) => event.seq)).toEqual(events.map((_, i) => i + 1));
    expect((await waitForRunEnd(server.url, runId)).result?.stopReason).toBe("aborted");
    const again = await fetch(`${server.url}/api/runs/${runId}/abort`, { method: "POST" });
    expect(await again.json()).toEqual({ runId, aborted: false });
  });

  it("keeps the guards: foreign Host and Origin get 403, unknown runs 404, and the run cap 429 with Retry-After", async () => {
    const { port } = server;
    const message = JSON.stringify({ message: QUESTION });
    const json = { "content-type": "application/json" };
    const jobsBefore = await server.queue!.queue.count();
    expect((await rawRequest(port, "POST", "/api/runs", { host: `evil.example:${port}`, ...json }, message)).status).toBe(403);
    expect((await rawRequest(port, "POST", "/api/runs", { host: `localhost:${port}`, origin: "http://evil.example", ...json }, message)).status).toBe(403);
    expect((await rawRequest(port, "GET", "/api/runs/some-run/events", { host: `rebound.example:${port}` })).status).toBe(403);
    expect(await server.queue!.queue.count()).toBe(jobsBefore);

    for (const path of ["/api/runs/no-such-run", "/api/runs/no-such-run/events"]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("RUN_NOT_FOUND");
    }
    expect((await fetch(`${server.url}/api/runs/no-such-run/abort`, { method: "POST" })).status).toBe(404);

    // The cap counts the queue's unfinished jobs: the earlier tests' jobs complete a moment after their streams end.
    await waitForQueueIdle(capped);
    const first = await postRun(capped.url, QUESTION);
    const refused = await fetch(`${capped.url}/api/runs`, { method: "POST", headers: json, body: message });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("3");
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("TOO_MANY_RUNS");
    expect((await waitForRunEnd(capped.url, first)).result?.stopReason).toBe("completed");
    // The job completes just after its stream ended.
    await waitForQueueIdle(capped);
    const second = await postRun(capped.url, QUESTION);
    expect((await waitForRunEnd(capped.url, second)).result?.stopReason).toBe("completed");
  });

  it("survives the death of the worker running a run: the other worker resumes it from its checkpoint and the stream goes on", async () => {
    const runId = await postRun(server.url, QUESTION);
    const controller = new AbortController();
    const response = await fetch(`${server.url}/api/runs/${runId}/events`, { signal: controller.signal });
    const events: StreamEvent[] = [];
    let killed: WorkerProcess | undefined;
    try {
      for await (const event of decodeSseEvents(response.body!)) {
        events.push(event);
        if (killed === undefined && events.length === 20) {
          const holder = (await server.queue!.queue.getJob(runId))?.processedBy;
          killed = workers.find((worker) => `chat-worker-${worker.process.pid}` === holder);
          expect(killed, `no test worker holds the run (processedBy ${holder})`).toBeDefined();
          killed!.process.kill("SIGKILL");
        }
      }
    } finally {
      controller.abort();
    }
    expect(killed).toBeDefined();
    expectWholeRun(events, runId, "completed");
    const status = await waitForRunEnd(server.url, runId);
    expect(status.result?.text).toContain("Facts: Sunlight takes about 8 minutes and 20 seconds");
    // The relay's run-end comes a moment before the job completes: wait for the completed job.
    const job = await waitFor(
      "the job to complete",
      async () => {
        const snapshot = await server.queue!.queue.getJob(runId);
        return snapshot?.finishedOn !== undefined ? snapshot : undefined;
      },
      30_000,
    );
    expect(job?.processedBy).not.toBe(`chat-worker-${killed!.process.pid}`);
    expect(job?.returnvalue).toMatchObject({ stopReason: "completed", resumed: true });
    // A late client gets the same events from Redis.
    expect(await readRunEvents(capped.url, runId)).toEqual(events);
  }, 90_000); // the lock of the killed worker runs out (5 s) before the other takes the run over: slow on a loaded machine
});
