import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import type { StreamEvent } from "@baton/core";
import { decodeSseEvents, followRunEvents, type RunEventFollower } from "@baton/events";
import { sendSse } from "@baton/events/node";
import { createRunQueue, type RunJobOutcome, type RunQueue } from "@baton/queue";
import { Redis } from "ioredis";
import { afterAll } from "vitest";
import { REDIS_URL } from "./redis.js";

/** What `test/child/worker-process.mjs` reads from env SCALE_WORKER. */
export interface WorkerConfig {
  readonly redisUrl: string;
  readonly name: string;
  readonly prefix: string;
  readonly concurrency: number;
  readonly lockDurationMs: number;
  readonly stalledIntervalMs: number;
  readonly modelDelayMs: number;
  readonly toolDelayMs: number;
  /** How long SIGTERM waits for runs in progress before the worker lets go of them and exits. Default 5000. */
  readonly closeTimeoutMs?: number;
  /** The agent's `storageWaitMs`. Default 10000. */
  readonly storageWaitMs?: number;
}

/** A worker process. */
export interface WorkerProcess {
  readonly process: ChildProcess;
  readonly ready: Promise<void>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

const WORKER_SCRIPT = fileURLToPath(new URL("./child/worker-process.mjs", import.meta.url));
const started = new Set<ChildProcess>();

/** Starts a worker process. */
export function startWorker(config: WorkerConfig): WorkerProcess {
  const child = spawn(process.execPath, [WORKER_SCRIPT], { env: { ...process.env, SCALE_WORKER: JSON.stringify(config) }, stdio: ["ignore", "pipe", "pipe"] });
  started.add(child);
  let stdout = "";
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      if (stdout.includes("READY")) resolve();
    });
    child.once("close", (code) => reject(new Error(`A worker exited (code ${code}) before it was ready.\n${stderr}`)));
  });
  ready.catch(() => undefined);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    child.once("close", (code, signal) => {
      started.delete(child);
      resolve({ code, signal, stderr });
    }),
  );
  return { process: child, ready, exited };
}

/** Kills every worker process still running (after a suite). */
export async function killAllWorkers(): Promise<void> {
  await Promise.all(
    [...started].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once("close", () => resolve());
          if (!child.kill("SIGKILL")) resolve();
        }),
    ),
  );
}

/** An API node: its own queue connection and event follower, serving `GET /runs/<id>/events` as SSE. */
export interface ApiNode {
  readonly url: string;
  readonly queue: RunQueue;
  readonly follower: RunEventFollower;
  close(): Promise<void>;
}

/** Starts an API node on 127.0.0.1. */
export async function startApiNode(redisUrl: string, name: string, prefix: string): Promise<ApiNode> {
  const queue = createRunQueue({ connection: redisUrl, name, prefix });
  const follower = followRunEvents(queue.events);
  const server: Server = createServer((req, res) => {
    const match = /^\/runs\/([^/]+)\/events$/.exec(req.url ?? "");
    if (match === null) {
      res.writeHead(404).end();
      return;
    }
    // A failed read of the log breaks the stream (the client reconnects): the rejection says so, nothing to add.
    sendSse(req, res, follower.run(decodeURIComponent(match[1]!)), { heartbeatMs: 0 }).catch(() => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    queue,
    follower,
    close: async () => {
      follower.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await queue.close();
    },
  };
}

/** Whether `event` ends the run's stream (a `run-end` or `error` of the root agent). */
function endsStream(event: StreamEvent): boolean {
  return (event.type === "run-end" || event.type === "error") && !event.agentPath.includes("/");
}

/** A node answered a client's request with another status than 200: not a broken stream, no reconnect helps. */
class NodeAnswerError extends Error {}

/** Reconnections in a row, without an event between them, before a client gives up. */
const MAX_RECONNECTS = 5;

/** What ends a {@link readRunStream} before the run's end, and where it starts. */
export interface ReadRunStreamOptions {
  /** Stop once this holds for the events received so far. */
  readonly enough?: (events: readonly StreamEvent[]) => boolean;
  /** Stop when this aborts: the request is dropped, as a client moving away drops it. */
  readonly signal?: AbortSignal;
  /** The `Last-Event-ID` of the first request while `events` is empty: only what comes after it is read. */
  readonly afterSeq?: number;
}

/**
 * Reads the SSE of `runId` from `node` into `events`, as a browser's `EventSource`
 * would: when the stream breaks before the run's end (the node's read of the log
 * failed, say a Redis command that did not answer in time on a loaded machine), it
 * reconnects to the same node with `Last-Event-ID` set to the last event it got. Every
 * event received is kept as it came (no event is dropped as a repeat, so a node that
 * sends one twice is seen). Stops at the run's end, once `options.enough(events)` holds,
 * or when `options.signal` aborts; returns whether the run's end was read.
 */
export async function readRunStream(node: ApiNode, runId: string, events: StreamEvent[], options: ReadRunStreamOptions = {}): Promise<boolean> {
  const url = `${node.url}/runs/${encodeURIComponent(runId)}/events`;
  const { enough, signal } = options;
  let failures = 0;
  while (signal?.aborted !== true) {
    const lastSeq = events.at(-1)?.seq ?? options.afterSeq;
    const controller = new AbortController();
    const stop = (): void => controller.abort();
    signal?.addEventListener("abort", stop);
    const received = events.length;
    try {
      const response = await fetch(url, { headers: lastSeq === undefined ? {} : { "Last-Event-ID": String(lastSeq) }, signal: controller.signal });
      if (response.status !== 200) throw new NodeAnswerError(`${node.url} answered ${response.status}: ${await response.text()}`);
      for await (const event of decodeSseEvents(response.body as ReadableStream<Uint8Array>)) {
        events.push(event);
        if (endsStream(event)) return true;
        if (enough?.(events)) return false;
      }
      throw new Error(`The stream of run ${runId} ended before the run did.`);
    } catch (error) {
      if (error instanceof NodeAnswerError) throw error;
      if (signal?.aborted) return false;
      failures = events.length > received ? 1 : failures + 1;
      if (failures > MAX_RECONNECTS) throw error;
      console.info(`scale-out: run ${runId}'s stream broke after event ${events.at(-1)?.seq ?? 0} (${String(error)}); reconnecting to ${node.url}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      signal?.removeEventListener("abort", stop);
      controller.abort();
    }
  }
  return false;
}

/**
 * A client that follows a run: reads from `first` until it has `switchAfter` events
 * (or the stream ended), disconnects, and reconnects to `second` with the last
 * event's id as `Last-Event-ID`, reading to the end. A stream that breaks on either
 * node is reconnected to that node. Returns every event received.
 */
export async function followAcrossNodes(
  first: ApiNode,
  second: ApiNode,
  runId: string,
  switchAfter: number,
): Promise<{ events: StreamEvent[]; switchedAt: number }> {
  const events: StreamEvent[] = [];
  const ended = await readRunStream(first, runId, events, { enough: (received) => received.length >= switchAfter });
  const switchedAt = events.length;
  if (!ended) await readRunStream(second, runId, events);
  return { events, switchedAt };
}

/** Polls until a value comes; see `@baton/testing`. */
export { waitFor } from "@baton/testing";

/**
 * The outcome of a job once it completed, read from one snapshot of the job (a job
 * read before it completed has no return value even if it completes a moment later);
 * `undefined` while it has not, a rejection when it failed.
 */
export async function completedOutcome(queue: RunQueue, jobId: string): Promise<RunJobOutcome | undefined> {
  const job = await queue.queue.getJob(jobId);
  if (job === undefined) throw new Error(`No job ${jobId}.`);
  if (job.failedReason !== undefined && job.finishedOn !== undefined) throw new Error(`Job ${jobId} failed: ${job.failedReason}`);
  return job.finishedOn !== undefined && job.returnvalue !== null ? (job.returnvalue as RunJobOutcome) : undefined;
}

/** What a scale-out suite shares: a direct Redis client, and the API nodes it starts (started with {@link ScaleOutSuite.startNode}). */
export interface ScaleOutSuite {
  readonly redis: Redis;
  /** Starts an API node for the queue `name`/`prefix`; it is closed after the suite. */
  startNode(name: string, prefix: string): Promise<ApiNode>;
  /** Runs `close` after the suite too (a TCP relay, say). */
  closeAfter(close: () => Promise<void> | void): void;
}

/**
 * Registers a scale-out suite's clean-up: after the suite, every worker process is
 * killed, every API node closed, and the Redis client disconnected.
 */
export function useScaleOutSuite(): ScaleOutSuite {
  const redis = new Redis(REDIS_URL);
  const closers: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    await killAllWorkers();
    await Promise.all(closers.map((close) => close()));
    redis.disconnect();
  });
  return {
    redis,
    startNode: async (name, prefix) => {
      const node = await startApiNode(REDIS_URL, name, prefix);
      closers.push(() => node.close());
      return node;
    },
    closeAfter: (close) => void closers.push(close),
  };
}
