import { randomUUID } from "node:crypto";
import type { StreamEvent } from "@baton/core";
import { createRedisStorage, type RedisStorage } from "@baton/storage-redis";
import { QueueEvents } from "bullmq";
import { afterAll, beforeAll } from "vitest";
import {
  createRunQueue,
  createRunWorker,
  type RunJobOutcome,
  type RunQueue,
  type RunQueueOptions,
  type RunWorker,
  type RunWorkerOptions,
} from "../../src/index.js";
import { REDIS_URL } from "./redis.js";
import { readRelayed } from "./relayed-events.js";

/** One queue on the local Redis with its own names, its storage and the workers a suite starts; closed after the suite. */
export interface QueueHarness {
  readonly name: string;
  readonly prefix: string;
  storage: RedisStorage;
  queue: RunQueue;
  queueEvents: QueueEvents;
  /** Starts a worker on the harness's queue (closed after the suite). */
  startWorker(options: Omit<RunWorkerOptions, "connection" | "name" | "prefix" | "storage">): RunWorker;
  /** Waits for a job's end and returns its outcome (rejects with the job's failure). */
  finished(jobId: string): Promise<RunJobOutcome>;
  /** A run's relayed events after `after`, to the end of its stream. */
  readAll(runId: string, after?: number): Promise<StreamEvent[]>;
}

/** Registers a harness for the current suite. */
export function useQueueHarness(queueOptions: Omit<RunQueueOptions, "connection" | "name" | "prefix"> = {}): QueueHarness {
  const workers: RunWorker[] = [];
  const harness = {
    name: `q-${randomUUID()}`,
    prefix: `t-${randomUUID()}`,
    startWorker: (options) => {
      const worker = createRunWorker({ connection: REDIS_URL, name: harness.name, prefix: harness.prefix, storage: harness.storage, ...options });
      workers.push(worker);
      return worker;
    },
    finished: async (jobId) => {
      const job = await harness.queue.queue.getJob(jobId);
      if (job === undefined) throw new Error(`No job ${jobId}.`);
      return (await job.waitUntilFinished(harness.queueEvents, 25_000)) as RunJobOutcome;
    },
    readAll: (runId, after = 0) => readRelayed(harness.queue.events, runId, after),
  } as QueueHarness;
  beforeAll(async () => {
    harness.storage = await createRedisStorage({ url: REDIS_URL, keyPrefix: `${harness.prefix}:storage` });
    harness.queue = createRunQueue({ connection: REDIS_URL, name: harness.name, prefix: harness.prefix, ...queueOptions });
    harness.queueEvents = new QueueEvents(harness.name, { connection: { host: new URL(REDIS_URL).hostname, port: Number(new URL(REDIS_URL).port || 6379) } });
    await harness.queueEvents.waitUntilReady();
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.close({ timeoutMs: 5_000 })));
    await harness.queue?.queue.obliterate({ force: true }).catch(() => undefined);
    await harness.queue?.close();
    await harness.queueEvents?.close();
    await harness.storage?.close();
  });
  return harness;
}
