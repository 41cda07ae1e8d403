/**
 * `@baton/queue`: Baton's scale-out. Runs become BullMQ jobs on Redis, run by worker
 * processes on any machine; their events go through Redis Streams to any API node;
 * a killed worker's run is resumed by another from its last checkpoint.
 * @packageDocumentation
 */
export { createRunQueue, type RunQueue, type RunQueueOptions, type SubmitRunRequest, type ResumeRunRequest } from "./queue/create-run-queue.js";
export {
  DEFAULT_QUEUE_NAME,
  DEFAULT_EVENTS_MAX_LENGTH,
  DEFAULT_EVENTS_EXPIRE_AFTER_MS,
  type RelayOptions,
  type WorkerRelayOptions,
} from "./queue/queue-defaults.js";
export { createRunWorker, type RunWorker, type RunWorkerOptions } from "./worker/create-run-worker.js";
export { DEFAULT_OUTAGE_RETRY, type OutageRetry } from "./worker/outage-retry.js";
export type { QueueAgent, QueueAgentRunOptions, QueueAgentResumeOptions } from "./worker/queue-agent.js";
export type { RateLimit } from "./worker/rate-limits.js";
export { RedisRunEventLog, type RedisRunEventLogOptions } from "./relay/redis-run-event-log.js";
export { DEFAULT_QUEUE_PREFIX } from "./relay/relay-keys.js";
export { runJobSchema, parseRunJob, type RunJobData, type RunJobOutcome } from "./jobs/run-job.js";
export {
  InvalidRunJobError,
  UnknownAgentError,
  RunJobFailedError,
  QueueUnavailableError,
  RelayClaimLostError,
  type QueueOperation,
  type QueueUnavailableOptions,
} from "./errors/queue-errors.js";
export { DEFAULT_COMMAND_TIMEOUT_MS, QUEUE_RETRY_AFTER_MS } from "./redis/bounded-redis.js";
export { QUEUE_ERROR_CODES, type QueueErrorCode } from "./errors/queue-error-codes.js";
export type { RedisConnection } from "./redis/redis-connection.js";
