import {
  checkOptions,
  ERROR_CODES,
  isBatonError,
  optionIs,
  requiredOption,
  RunAbortedError,
  type BatonError,
  type RunCheckpoint,
  type Storage,
} from "@baton/core";
import { DelayedError, UnrecoverableError, Worker, type Job } from "bullmq";
import { parseRunJob, type RunJobData, type RunJobOutcome } from "../jobs/run-job.js";
import { InvalidRunJobError, RunJobFailedError, UnknownAgentError } from "../errors/queue-errors.js";
import { BoundedRedis, DEFAULT_COMMAND_TIMEOUT_MS } from "../redis/bounded-redis.js";
import { closeRedisClient, newRedisClient, type RedisConnection } from "../redis/redis-connection.js";
import { DEFAULT_QUEUE_PREFIX } from "../relay/relay-keys.js";
import { abortChannel, abortKey } from "../relay/abort-keys.js";
import { relayWriter } from "../relay/relay-writer.js";
import { appendRunFailure } from "../relay/run-failure.js";
import { DEFAULT_QUEUE_NAME, relayOptionsOf, WORKER_RELAY_OPTION_RULES, type WorkerRelayOptions } from "../queue/queue-defaults.js";
import type { QueueAgent } from "./queue-agent.js";
import { RateLimits, type RateLimit } from "./rate-limits.js";
import { runAttempt } from "./run-attempt.js";
import { DEFAULT_OUTAGE_RETRY, OUTAGE_RETRY_RULES, outageDelayMs, retriedJobData, type OutageRetry } from "./outage-retry.js";

/** Options of {@link createRunWorker}. */
export interface RunWorkerOptions {
  /** The queue's Redis. */
  readonly connection: RedisConnection;
  /** The queue's name; default `baton-runs`. Must match the {@link createRunQueue} of the API nodes. */
  readonly name?: string;
  /** Prefix of the keys Baton writes (events, aborts, rate counters); default `baton`. */
  readonly prefix?: string;
  /** The agents this worker runs, by the name jobs give; or a function that finds one. */
  readonly agents: Readonly<Record<string, QueueAgent>> | ((name: string) => QueueAgent | undefined);
  /**
   * The storage the agents use (the same one): the worker reads a run's checkpoint to
   * know whether an earlier attempt left it half done, so it resumes instead of
   * starting again. It must be shared by all workers (PostgreSQL, Redis, …).
   */
  readonly storage: Storage;
  /** Runs this worker runs at once. Default 1. */
  readonly concurrency?: number;
  /**
   * How long a worker's hold on a job lasts without renewal, in ms (renewed every half
   * of it while the worker lives). A killed worker's run continues elsewhere after at
   * most about this long. Give the agents a `claimLeaseMs` no longer than it. Default 30000.
   */
  readonly lockDurationMs?: number;
  /** How often each worker looks for jobs whose worker died, in ms. Default 1000. */
  readonly stalledIntervalMs?: number;
  /** How many times a job may be taken over from a dead worker before it fails for good. Default 5. */
  readonly maxStalledCount?: number;
  /**
   * How runs whose model call fails with a retryable error — a provider outage,
   * overload or rate limit that outlasted the provider adapter's own retries — are
   * retried: the attempt ends, leaving the run resumable (its stream stays open), the
   * job waits in the queue (no worker slot is held) for `delayMs × 2^(n−1)` (at most
   * `maxDelayMs`, at least the provider's `retry-after`), then a worker resumes the run
   * from that model call; completed tool calls do not run again. After `attempts`
   * retries the run ends with the error. This is apart from the job retries of
   * worker-side failures (`attempts`/`backoff` of `submit`), and from tool failures,
   * which the model reads as tool results. `{ attempts: 0 }` ends the run at the
   * first such error. Default `{ attempts: 3, delayMs: 2000, maxDelayMs: 60000 }`.
   */
  readonly outageRetry?: Partial<OutageRetry>;
  /** Run starts per window for jobs with a `rateLimitKey` (a provider and model), shared by every worker. */
  readonly rateLimits?: Readonly<Record<string, RateLimit>>;
  /** The event relay's stream length and expiry, and how long events wait to be written together (`batchDelayMs`, default 4). */
  readonly events?: WorkerRelayOptions;
  /**
   * Wraps each attempt at a run: call `attempt()` inside whatever the run should see,
   * e.g. the trace the job carries (`job.trace`, from `submit({ trace })`) made active
   * with OpenTelemetry's `context.with(fromCarrier(job.trace), attempt)`, so the run's
   * spans continue the submitter's trace on any worker, after a takeover too.
   */
  readonly aroundRun?: (job: RunJobData, attempt: () => Promise<RunJobOutcome>) => Promise<RunJobOutcome>;
  /** A name for this worker in BullMQ (shown on its jobs). */
  readonly workerName?: string;
  /** How long {@link RunWorker.ready} waits for Redis when not given its own `timeoutMs`, in ms. Default 2000. */
  readonly commandTimeoutMs?: number;
  /**
   * Told about failures that do not stop the worker (Redis unreachable — the worker
   * reconnects by itself —, an event batch that could not be written yet, a failed
   * job), with no password in them.
   */
  readonly onError?: (error: unknown) => void;
}

/** A running worker. */
export interface RunWorker {
  /** The BullMQ worker underneath (for metrics and events). */
  readonly worker: Worker;
  /** Runs in progress in this worker, by run id (a snapshot). */
  readonly running: ReadonlySet<string>;
  /**
   * Resolves once the worker is connected and Redis answers: BullMQ's connections
   * (the blocking one included), the abort subscription and the relay's, waiting for
   * them (also while they reconnect) at most `timeoutMs` (default: the worker's
   * `commandTimeoutMs`, 2 s). Past it, rejects with a `QueueUnavailableError`
   * (`QUEUE_UNAVAILABLE`, operation `worker.ready`). The worker goes on connecting
   * after that (it never crashes the process for want of Redis) and takes jobs once
   * Redis is back; call `ready()` again to wait for it.
   */
  ready(options?: { readonly timeoutMs?: number }): Promise<void>;
  /**
   * Stops taking jobs and waits for the runs in progress to finish, at most
   * `timeoutMs` (default: no limit). Past it the worker lets go of them without
   * finishing: another worker takes them over after the lock duration and resumes
   * them from their last checkpoint (end this process soon after, so it stops
   * working on them too). When Redis does not answer (within `commandTimeoutMs`), the
   * connections are dropped instead of waiting for it.
   */
  close(options?: { readonly timeoutMs?: number }): Promise<void>;
}

const WORKER_RULES = {
  connection: requiredOption(optionIs.anything),
  name: optionIs.nonEmptyString,
  prefix: optionIs.nonEmptyString,
  agents: requiredOption(optionIs.either(optionIs.object, optionIs.function)),
  storage: requiredOption(optionIs.objectWith("a Storage", "loadCheckpoint", "claimRun")),
  concurrency: optionIs.positiveInteger,
  lockDurationMs: optionIs.positiveInteger,
  stalledIntervalMs: optionIs.positiveInteger,
  maxStalledCount: optionIs.nonNegativeInteger,
  rateLimits: optionIs.object,
  outageRetry: optionIs.optionsObject(OUTAGE_RETRY_RULES),
  events: optionIs.optionsObject(WORKER_RELAY_OPTION_RULES),
  workerName: optionIs.nonEmptyString,
  commandTimeoutMs: optionIs.positiveInteger,
  onError: optionIs.function,
  aroundRun: optionIs.function,
};

/**
 * Starts a worker that takes run jobs from the queue and runs them with the agents it
 * was given, streaming each run's events to the run's Redis Stream. A job with invalid
 * data or an unknown agent fails alone, for good. A job whose worker died is taken
 * over by another worker, which resumes the run from its last checkpoint: completed
 * tool calls do not run again, and the event stream goes on where it stopped.
 *
 * @example
 * const worker = createRunWorker({ connection: "redis://127.0.0.1:6379", agents: { support: supportAgent }, storage, concurrency: 4 });
 * process.on("SIGTERM", () => void worker.close({ timeoutMs: 20_000 }).then(() => process.exit(0)));
 */
export function createRunWorker(options: RunWorkerOptions): RunWorker {
  checkOptions("createRunWorker", options, WORKER_RULES);
  const name = options.name ?? DEFAULT_QUEUE_NAME;
  const prefix = options.prefix ?? DEFAULT_QUEUE_PREFIX;
  const lockDurationMs = options.lockDurationMs ?? 30_000;
  const relay = relayOptionsOf(options.events);
  const batchDelayMs = options.events?.batchDelayMs;
  const findAgent =
    typeof options.agents === "function"
      ? options.agents
      : (agent: string) => (Object.hasOwn(options.agents, agent) ? (options.agents as Record<string, QueueAgent>)[agent] : undefined);
  const knownAgents = typeof options.agents === "function" ? [] : Object.keys(options.agents);

  // BullMQ's worker waits for its connections while Redis is away (it requires `maxRetriesPerRequest: null`), and
  // so does the abort subscription; the calls Baton makes itself (the relay, aborts, rate limits) fail fast on a
  // client of their own and are retried by the relay.
  const bullClient = newRedisClient(options.connection, "waiting");
  const subscriber = newRedisClient(options.connection, "waiting");
  const client = newRedisClient(options.connection, "fail-fast");
  const redis = new BoundedRedis(client, options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS);
  const onError = options.onError;
  /** Every error the worker reports leaves it here, with the connection's passwords redacted. */
  const report = (error: unknown): void => onError?.(redis.redact(error));
  for (const connection of [bullClient, subscriber, client]) connection.on("error", report);
  const rateLimits = new RateLimits(client, prefix, options.rateLimits ?? {});
  const outageRetry: OutageRetry = { ...DEFAULT_OUTAGE_RETRY, ...options.outageRetry };
  const controllers = new Map<string, AbortController>();
  /** Jobs being processed, settled when their processor returns. */
  const inFlight = new Set<Promise<unknown>>();

  const channel = abortChannel(prefix, name);
  const subscribed = subscriber.subscribe(channel);
  subscribed.catch(report);
  subscriber.on("message", (from: string, runId: string) => {
    if (from === channel) controllers.get(runId)?.abort(new RunAbortedError("The run was aborted through the queue."));
  });

  /** Runs whose stream this worker already ended with a failure (so the `failed` handler does not add another). */
  const failedStreams = new Set<string>();
  const failFor = async (runId: unknown, error: BatonError): Promise<never> => {
    if (typeof runId === "string" && runId.length > 0) {
      failedStreams.add(runId);
      await appendRunFailure(client, prefix, runId, error, relay).catch(report);
    }
    throw new UnrecoverableError(`${error.code}: ${error.message}`);
  };

  const processJob = async (job: Job, token?: string, jobSignal?: AbortSignal): Promise<RunJobOutcome> => {
    const parsed = parseRunJob(job.data);
    if (!parsed.ok) return failFor((job.data as { runId?: unknown } | undefined)?.runId, new InvalidRunJobError(String(job.id), parsed.problem));
    const data = parsed.data;
    const agent = findAgent(data.agent);
    if (agent === undefined) return failFor(data.runId, new UnknownAgentError(data.agent, knownAgents));
    const wait = data.rateLimitKey === undefined ? 0 : await rateLimits.take(data.rateLimitKey);
    if (wait > 0) {
      await job.moveToDelayed(Date.now() + wait, token);
      throw new DelayedError();
    }
    const controller = new AbortController();
    const abortFromJob = (): void => controller.abort(jobSignal?.reason ?? new RunAbortedError());
    jobSignal?.addEventListener("abort", abortFromJob, { once: true });
    controllers.set(data.runId, controller);
    try {
      // A writer the run's stream refuses (a newer attempt at the run writes it now) stops the attempt.
      const writer = relayWriter(client, data.runId, { prefix, ...relay, batchDelayMs, onError: report, onClaimLost: (error) => controller.abort(error) });
      const checkAbort = () =>
        client.exists(abortKey(prefix, data.runId)).then((found) => {
          if (found === 1) controller.abort(new RunAbortedError("The run was aborted through the queue."));
        });
      // A new run's first attempt cannot have left a checkpoint: it starts before anything else is sent (its
      // first round trip goes first), and the relay is reopened and the abort key read right after (its events
      // are held until the stream is reopened; an abort found then stops it at once). Any later attempt (a
      // retry, a takeover) reopens the relay and reads the checkpoint and the abort key first.
      const outageRetries = data.outageRetries ?? 0;
      const firstAttempt = data.kind === "run" && job.attemptsMade === 0 && (job.stalledCounter ?? 0) === 0 && outageRetries === 0;
      // The run waits in the queue, its stream left open, and goes on later (from its last checkpoint, or from the start).
      const retryLater = async (retryAfterMs: number | undefined): Promise<never> => {
        await writer.flush();
        await job.updateData(retriedJobData(data, outageRetries + 1));
        await job.moveToDelayed(Date.now() + outageDelayMs(outageRetry, outageRetries + 1, retryAfterMs), token);
        throw new DelayedError();
      };
      let checkpoint: RunCheckpoint | undefined;
      if (!firstAttempt) {
        void writer.start();
        try {
          [checkpoint] = await Promise.all([options.storage.loadCheckpoint(data.runId), checkAbort()]);
        } catch (error) {
          // Storage away for a moment: the attempt is tried again later, not failed.
          if (isPassingFailure(error)) return await retryLater(undefined);
          throw error;
        }
      }
      const endAttemptOnRetryableError = outageRetries < outageRetry.attempts;
      const attempt = () =>
        runAttempt({
          data,
          agent,
          checkpoint,
          checkpointRead: !firstAttempt,
          storage: options.storage,
          writer,
          signal: controller.signal,
          heldWaitMs: lockDurationMs * 2 + 2_000,
          endAttemptOnRetryableError,
        });
      const running = options.aroundRun === undefined ? attempt() : options.aroundRun(data, attempt);
      if (firstAttempt) {
        void writer.start();
        checkAbort().catch(report);
      }
      let outcome: RunJobOutcome;
      try {
        outcome = await running;
      } catch (error) {
        if (writer.claimLost !== undefined) throw writer.claimLost;
        // A read of the attempt's own (the stored run, when its id was in use) that met an outage.
        if (isPassingFailure(error)) return await retryLater(undefined);
        throw error;
      }
      // Another attempt holds the run: this job lets go of it, writing nothing more.
      if (writer.claimLost !== undefined) throw writer.claimLost;
      if (outcome.resumable === true) return await retryLater(outcome.error?.retryAfterMs);
      await writer.finish();
      return outcome;
    } finally {
      jobSignal?.removeEventListener("abort", abortFromJob);
      controllers.delete(data.runId);
    }
  };

  const tracked = (job: Job, token?: string, jobSignal?: AbortSignal): Promise<RunJobOutcome> => {
    const processing = processJob(job, token, jobSignal);
    const settled = processing.then(
      () => undefined,
      () => undefined,
    );
    inFlight.add(settled);
    void settled.then(() => inFlight.delete(settled));
    return processing;
  };

  const worker = new Worker(name, tracked, {
    connection: bullClient,
    concurrency: options.concurrency ?? 1,
    lockDuration: lockDurationMs,
    stalledInterval: options.stalledIntervalMs ?? 1_000,
    maxStalledCount: options.maxStalledCount ?? 5,
    ...(options.workerName === undefined ? {} : { name: options.workerName }),
  });
  worker.on("error", report);
  worker.on("failed", (job, error) => {
    if (job === undefined) return;
    const runId = (job.data as { runId?: unknown } | undefined)?.runId;
    if (typeof runId !== "string" || failedStreams.delete(runId)) return;
    // The run goes on in the attempt that took it over: its stream is that attempt's.
    if (isBatonError(error, ERROR_CODES.RUN_CLAIM_LOST)) return;
    const finalFailure = job.finishedOn !== undefined || job.attemptsMade >= (job.opts.attempts ?? 1) || error instanceof UnrecoverableError;
    if (!finalFailure) return;
    report(error);
    void appendRunFailure(client, prefix, runId, new RunJobFailedError(runId, redis.redact(error).message), relay).catch(report);
  });

  /** Whether Redis answers a `PING` now: within `commandTimeoutMs`, and false at once while the connection is down. */
  const answersNow = (): Promise<boolean> =>
    redis
      .call("worker.ready", () => client.ping())
      .then(
        () => true,
        () => false,
      );

  return {
    worker,
    get running() {
      return new Set(controllers.keys());
    },
    ready: (readyOptions = {}) => redis.ready("worker.ready", readyOptions.timeoutMs, () => Promise.all([worker.waitUntilReady(), subscribed, client.ping()])),
    close: async (closeOptions = {}) => {
      const timeoutMs = closeOptions.timeoutMs;
      // Take no new jobs, then wait for the runs in progress (at most `timeoutMs`).
      await worker.pause(true);
      const finished = await waitUntil(() => inFlight.size === 0, inFlight, timeoutMs);
      // Forced: the job locks are no longer renewed, so the jobs of unfinished runs stall and other workers take them over.
      // Forced too when Redis does not answer: BullMQ's graceful close waits for its fetch loop, which waits for Redis.
      await worker.close(!finished || !(await answersNow()));
      await Promise.all([closeRedisClient(subscriber), closeRedisClient(client), closeRedisClient(bullClient)]);
    },
  };
}

/** Waits until `done()` holds, checking each time one of `pending` settles; false when `timeoutMs` passed first. */
async function waitUntil(done: () => boolean, pending: ReadonlySet<Promise<unknown>>, timeoutMs: number | undefined): Promise<boolean> {
  const deadline = timeoutMs === undefined ? Infinity : Date.now() + timeoutMs;
  while (!done()) {
    const left = deadline - Date.now();
    if (left <= 0) return false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.min(left, 2_147_483_647))));
    await Promise.race([Promise.race([...pending]), timeout]);
    clearTimeout(timer);
  }
  return true;
}

/** Whether an error is a passing failure of storage or Redis (retryable), not a lost claim: the attempt is tried again later. */
function isPassingFailure(error: unknown): boolean {
  return isBatonError(error) && error.retryable === true && !isBatonError(error, ERROR_CODES.RUN_CLAIM_LOST);
}
