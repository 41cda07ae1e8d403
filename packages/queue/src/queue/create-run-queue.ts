import { checkOptions, ConfigurationError, optionIs, requiredOption, type InterruptDecisions, type Message, type RunEventLog } from "@baton/core";
import { Queue, type JobsOptions, type JobType } from "bullmq";
import { parseRunJob, type RunJobData } from "../jobs/run-job.js";
import { BoundedRedis, DEFAULT_COMMAND_TIMEOUT_MS } from "../redis/bounded-redis.js";
import { closeRedisClient, newRedisClient, type RedisConnection } from "../redis/redis-connection.js";
import { abortChannel, abortKey } from "../relay/abort-keys.js";
import { DEFAULT_QUEUE_PREFIX, runRelayKeys } from "../relay/relay-keys.js";
import { RedisRunEventLog } from "../relay/redis-run-event-log.js";
import { relayScripts } from "../relay/relay-scripts.js";
import { DEFAULT_QUEUE_NAME, relayOptionsOf, RELAY_OPTION_RULES, type RelayOptions } from "./queue-defaults.js";

/** Options of {@link createRunQueue}. */
export interface RunQueueOptions {
  /** The queue's Redis: a URL, ioredis options, or a client (not closed by Baton). */
  readonly connection: RedisConnection;
  /** The queue's name; default `baton-runs`. */
  readonly name?: string;
  /** Prefix of the keys Baton writes (events, aborts, rate counters); default `baton`. */
  readonly prefix?: string;
  /** How long a run's events are kept after it ended (the workers' setting wins for runs they end). */
  readonly events?: RelayOptions;
  /**
   * Retries of a job whose attempt failed in the worker (storage unreachable, a worker
   * error): each retry resumes the run from its last checkpoint. Provider outages are
   * retried inside the run by the provider adapter, and failing tools never fail a job
   * (the model reads the error). Default: 3 attempts, exponential backoff from 1 s.
   */
  readonly retry?: { readonly attempts?: number; readonly backoffMs?: number };
  /**
   * How long each call of the queue (`submit`, `resume`, `abort`, `countJobs`, `ready`,
   * `events.head`, each read of `events.read`) waits for Redis, in ms: for the
   * connection when it is not connected, and for the answers. Past it the call rejects
   * with a `QueueUnavailableError` (`QUEUE_UNAVAILABLE`, retryable, `retryAfterMs`), as
   * it does at once when the connection fails or is refused. A blocking read of
   * `events.read` may wait its `blockMs` (1 s) more. Default 2000 (`DEFAULT_COMMAND_TIMEOUT_MS`).
   */
  readonly commandTimeoutMs?: number;
  /**
   * Told about connection errors of the queue's Redis clients (they reconnect by
   * themselves; calls made while Redis is away reject with `QUEUE_UNAVAILABLE`), with
   * no password in them. Default: ignored.
   */
  readonly onError?: (error: unknown) => void;
}

/** A run to start. */
export interface SubmitRunRequest {
  /** The agent's name in the workers' registry. */
  readonly agent: string;
  /** The user's message, or messages. */
  readonly input: string | readonly Message[];
  /** The run's id; default a new UUID. Submitting an id twice enqueues it once. */
  readonly runId?: string;
  readonly conversationId?: string;
  readonly userId?: string;
  /** Application context for tools and hooks (JSON). */
  readonly context?: Readonly<Record<string, unknown>>;
  /** BullMQ priority: 1 is the highest; runs without one go first. */
  readonly priority?: number;
  /** The rate limit this run counts against (e.g. `openai:gpt-4.1`), see the worker's `rateLimits`. */
  readonly rateLimitKey?: string;
  /**
   * A trace context to continue on the worker (W3C `traceparent` fields, e.g.
   * `traceContextCarrier()` of `@baton/otel`): the worker hands it to its `aroundRun`.
   */
  readonly trace?: Readonly<Record<string, string>>;
}

/** A paused run to continue with the answers to what it waits for. */
export interface ResumeRunRequest {
  readonly agent: string;
  readonly runId: string;
  readonly decisions?: InterruptDecisions;
  readonly context?: Readonly<Record<string, unknown>>;
  readonly priority?: number;
  readonly rateLimitKey?: string;
  /** A trace context to continue on the worker, as for {@link SubmitRunRequest.trace}. */
  readonly trace?: Readonly<Record<string, string>>;
}

/**
 * The API side of the queue: submits runs, aborts them, and reads their events. Every
 * call is bounded by `commandTimeoutMs`: it rejects with a `QueueUnavailableError`
 * (`QUEUE_UNAVAILABLE`) when Redis does not answer in time or cannot be reached, and
 * works again by itself once Redis is back. No error carries the connection's password.
 */
export interface RunQueue {
  /** The BullMQ queue underneath (its own calls are BullMQ's: not bounded by `commandTimeoutMs`). */
  readonly queue: Queue;
  /** Every run's events, for `@baton/events`' SSE handlers on any node (`head` and each read bounded). */
  readonly events: RunEventLog;
  /** Enqueues a run and returns its id at once. */
  submit(request: SubmitRunRequest): Promise<{ readonly runId: string; readonly jobId: string }>;
  /** Enqueues the continuation of a paused run (stop reason `interrupted`). */
  resume(request: ResumeRunRequest): Promise<{ readonly runId: string; readonly jobId: string }>;
  /** Aborts a run on whichever worker holds it, or before a worker takes it. */
  abort(runId: string, reason?: string): Promise<void>;
  /**
   * The number of the queue's jobs in each of `states` (BullMQ's `getJobCounts`, e.g.
   * `countJobs("active", "waiting", "delayed", "prioritized")` for the runs going),
   * bounded like every call.
   */
  countJobs(...states: JobType[]): Promise<Record<string, number>>;
  /**
   * Resolves once the queue is connected and its Redis answers, waiting for the
   * connection (also while it reconnects) at most `timeoutMs` (default
   * `commandTimeoutMs`); rejects with `QUEUE_UNAVAILABLE` after it.
   */
  ready(options?: { readonly timeoutMs?: number }): Promise<void>;
  /** Closes the queue's connections (without waiting long for a Redis that does not answer). */
  close(): Promise<void>;
}

const QUEUE_RULES = {
  connection: requiredOption(optionIs.anything),
  name: optionIs.nonEmptyString,
  prefix: optionIs.nonEmptyString,
  events: optionIs.optionsObject(RELAY_OPTION_RULES),
  retry: optionIs.optionsObject({ attempts: optionIs.positiveInteger, backoffMs: optionIs.nonNegativeInteger }),
  commandTimeoutMs: optionIs.positiveInteger,
  onError: optionIs.function,
};
const SUBMIT_RULES = {
  agent: requiredOption(optionIs.nonEmptyString),
  input: requiredOption(optionIs.either(optionIs.string, optionIs.array)),
  runId: optionIs.nonEmptyString,
  conversationId: optionIs.nonEmptyString,
  userId: optionIs.nonEmptyString,
  context: optionIs.object,
  priority: optionIs.positiveInteger,
  rateLimitKey: optionIs.nonEmptyString,
  trace: optionIs.stringRecord,
};
const RESUME_RULES = {
  agent: requiredOption(optionIs.nonEmptyString),
  runId: requiredOption(optionIs.nonEmptyString),
  decisions: optionIs.object,
  context: optionIs.object,
  priority: optionIs.positiveInteger,
  rateLimitKey: optionIs.nonEmptyString,
  trace: optionIs.stringRecord,
};

/**
 * The API side of Baton's scale-out: enqueue runs as BullMQ jobs for workers
 * ({@link createRunWorker}) on other processes or machines, abort them from any node,
 * and follow their events (`queue.events`, served over SSE by `@baton/events`).
 *
 * Each call waits for Redis at most `commandTimeoutMs` (2 s by default), then rejects
 * with a `QueueUnavailableError`; it fails at once when the connection is refused, and
 * the queue reconnects by itself.
 *
 * @example
 * const queue = createRunQueue({ connection: "redis://127.0.0.1:6379" });
 * const { runId } = await queue.submit({ agent: "support", input: "Where is my order?" });
 */
export function createRunQueue(options: RunQueueOptions): RunQueue {
  checkOptions("createRunQueue", options, QUEUE_RULES);
  const name = options.name ?? DEFAULT_QUEUE_NAME;
  const prefix = options.prefix ?? DEFAULT_QUEUE_PREFIX;
  const relay = relayOptionsOf(options.events);
  const commandTimeoutMs = options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
  // Fails fast (BullMQ's advice for a queue that adds jobs: nothing is held back while Redis is away), and each
  // call below is bounded; the client reconnects by itself.
  const client = newRedisClient(options.connection, "fail-fast");
  const redis = new BoundedRedis(client, commandTimeoutMs);
  const report = options.onError;
  const onError = (error: unknown): void => report?.(redis.redact(error));
  client.on("error", onError);
  // No version check: it is a command sent once as BullMQ's connection starts, and its failure (Redis away at
  // that moment, on a client that fails fast) would leave the queue unusable. The workers check the version.
  const queue = new Queue(name, { connection: client, skipVersionCheck: true });
  const scripts = relayScripts(client);
  queue.on("error", onError);
  const jobDefaults: JobsOptions = {
    attempts: options.retry?.attempts ?? 3,
    backoff: { type: "exponential", delay: options.retry?.backoffMs ?? 1_000 },
    removeOnComplete: { age: Math.ceil(relay.expireAfterMs / 1000) },
    removeOnFail: { age: Math.ceil(relay.expireAfterMs / 1000) },
  };

  const enqueue = async (data: RunJobData, jobId: string, priority: number | undefined) => {
    const parsed = parseRunJob(data);
    if (!parsed.ok) throw new ConfigurationError(`The run cannot be queued: ${parsed.problem}.`, { details: { problem: parsed.problem } });
    const keys = runRelayKeys(prefix, data.runId);
    // Known from now on (an SSE client may connect before a worker takes the job): sent on the job's connection
    // right before it, so Redis applies it first, in the same round trip. A resumed run's stream, which its pause
    // ended, is reopened at once: a client following it waits for the continuation instead of finding it ended.
    const [, job] = await redis.call(
      data.kind === "run" ? "submit" : "resume",
      () =>
        Promise.all([
          scripts.announce(keys, relay.expireAfterMs, data.kind === "resume"),
          queue.add("run", parsed.data, { ...jobDefaults, jobId, ...(priority === undefined ? {} : { priority }) }),
        ]),
      { runId: data.runId },
    );
    return { runId: data.runId, jobId: job.id ?? jobId };
  };

  let resumes = 0;
  return {
    queue,
    events: new RedisRunEventLog(client, { prefix, commandTimeoutMs }),
    submit: async (request) => {
      checkOptions("RunQueue.submit", request, SUBMIT_RULES);
      const runId = request.runId ?? globalThis.crypto.randomUUID();
      const data: RunJobData = {
        kind: "run",
        agent: request.agent,
        runId,
        input: request.input as RunJobData extends { input: infer I } ? I : never,
        ...(request.conversationId === undefined ? {} : { conversationId: request.conversationId }),
        ...(request.userId === undefined ? {} : { userId: request.userId }),
        ...(request.context === undefined ? {} : { context: request.context as Record<string, unknown> }),
        ...(request.rateLimitKey === undefined ? {} : { rateLimitKey: request.rateLimitKey }),
        ...(request.trace === undefined ? {} : { trace: { ...request.trace } }),
      } as RunJobData;
      return enqueue(data, runId, request.priority);
    },
    resume: async (request) => {
      checkOptions("RunQueue.resume", request, RESUME_RULES);
      const data = {
        kind: "resume",
        agent: request.agent,
        runId: request.runId,
        ...(request.decisions === undefined ? {} : { decisions: request.decisions }),
        ...(request.context === undefined ? {} : { context: request.context }),
        ...(request.rateLimitKey === undefined ? {} : { rateLimitKey: request.rateLimitKey }),
        ...(request.trace === undefined ? {} : { trace: { ...request.trace } }),
      } as RunJobData;
      return enqueue(data, `${request.runId}.resume.${Date.now()}.${++resumes}`, request.priority);
    },
    abort: async (runId, reason = "aborted") => {
      await redis.call(
        "abort",
        () => client.multi().set(abortKey(prefix, runId), reason, "PX", relay.expireAfterMs).publish(abortChannel(prefix, name), runId).exec(),
        {
          runId,
        },
      );
    },
    countJobs: (...states) => redis.call("countJobs", () => queue.getJobCounts(...states)),
    ready: (readyOptions = {}) => redis.ready("ready", readyOptions.timeoutMs),
    close: async () => {
      // The client is shared with BullMQ's queue, which leaves it open: closed here, without waiting long for a
      // Redis that does not answer.
      await queue.close().catch(() => undefined);
      await closeRedisClient(client);
    },
  };
}
