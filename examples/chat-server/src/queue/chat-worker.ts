import { createRunWorker, type RunWorker } from "@baton/queue";
import { createRedisStorage, type RedisStorage } from "@baton/storage-redis";
import { createChatAgent } from "../agent/chat-agent.js";
import { createPace } from "../agent/pace.js";
import { CHAT_AGENT_NAME, storageKeyPrefix, type QueueSettings } from "./queue-settings.js";

/** How long a worker's hold on a run lasts without renewal when not given, in ms. */
export const DEFAULT_LOCK_DURATION_MS = 10_000;
/** Runs one worker process runs at once when not given. */
export const DEFAULT_WORKER_CONCURRENCY = 4;

/** Options of {@link startChatWorker}. */
export interface ChatWorkerOptions extends QueueSettings {
  /** Multiplier of the scripted run's delays (as `CHAT_SERVER_SPEED`). Default 1. */
  readonly speed?: number;
  /** Runs at once in this worker. Default 4. */
  readonly concurrency?: number;
  /**
   * How long the worker's hold on a job lasts without renewal, in ms; also the agent's
   * `claimLeaseMs`. A killed worker's run is taken over by another after about this
   * long. Default 10000.
   */
  readonly lockDurationMs?: number;
  /** A name shown on the worker's jobs in BullMQ. */
  readonly workerName?: string;
  /** Told about failures that do not stop the worker. Default `console.error`. */
  readonly onError?: (error: unknown) => void;
  /** How long the start waits for Redis, in ms, before it fails. Default 10000. */
  readonly readyTimeoutMs?: number;
}

/** A started chat worker. */
export interface ChatWorker {
  readonly worker: RunWorker;
  readonly storage: RedisStorage;
  /**
   * Stops taking runs, waits up to `timeoutMs` for the runs in progress (past it they
   * are let go: another worker resumes them from their last checkpoint once the lock
   * lapses), then closes the storage.
   */
  close(timeoutMs: number): Promise<void>;
}

/**
 * Starts a queue worker for the chat agent: the storage in Redis (shared by every
 * worker, so a dead worker's run is resumed from its checkpoint by another), the same
 * agent as the in-process mode registered as {@link CHAT_AGENT_NAME}, and
 * `createRunWorker` on the queue. Resolves once the worker listens for jobs; rejects
 * (with `@baton/queue`'s `QUEUE_UNAVAILABLE`) when Redis does not answer within
 * `readyTimeoutMs`. Once started, the worker rides out Redis outages by itself.
 */
export async function startChatWorker(options: ChatWorkerOptions): Promise<ChatWorker> {
  const lockDurationMs = options.lockDurationMs ?? DEFAULT_LOCK_DURATION_MS;
  const storage = await createRedisStorage({ url: options.redisUrl, keyPrefix: storageKeyPrefix(options) });
  const agent = createChatAgent({ pace: createPace(options.speed ?? 1), storage, claimLeaseMs: lockDurationMs });
  const worker = createRunWorker({
    connection: options.redisUrl,
    name: options.name,
    prefix: options.prefix,
    agents: { [CHAT_AGENT_NAME]: agent },
    storage,
    concurrency: options.concurrency ?? DEFAULT_WORKER_CONCURRENCY,
    lockDurationMs,
    ...(options.workerName === undefined ? {} : { workerName: options.workerName }),
    onError: options.onError ?? ((error) => console.error(error)),
  });
  try {
    await worker.ready({ timeoutMs: options.readyTimeoutMs ?? 10_000 });
  } catch (error) {
    await worker.close({ timeoutMs: 0 }).catch(() => undefined);
    await storage.close();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    worker,
    storage,
    close: (timeoutMs) =>
      (closing ??= (async () => {
        try {
          await worker.close({ timeoutMs });
        } finally {
          await storage.close();
        }
      })()),
  };
}
