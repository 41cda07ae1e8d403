/**
 * Where the queue mode's runs go: one Redis for the BullMQ queue, the event relay
 * (Redis Streams) and the runs' storage, shared by the HTTP node and every worker.
 */
export interface QueueSettings {
  /** The Redis URL, e.g. `redis://127.0.0.1:6379`. */
  readonly redisUrl: string;
  /** The BullMQ queue's name. The HTTP node and the workers must agree. */
  readonly name: string;
  /** Prefix of the keys `@baton/queue` writes (events, aborts); the storage's keys are under `<prefix>:storage:`. */
  readonly prefix: string;
}

/** The Redis used by `--queue` when `BATON_QUEUE_REDIS_URL` is not set. */
export const DEFAULT_QUEUE_REDIS_URL = "redis://127.0.0.1:6379";
/** The queue's name when `BATON_QUEUE_NAME` is not set. */
export const DEFAULT_CHAT_QUEUE_NAME = "chat-server-runs";
/** The key prefix when `BATON_QUEUE_PREFIX` is not set. */
export const DEFAULT_CHAT_QUEUE_PREFIX = "chat-server";
/** The name the HTTP node gives its runs' agent, and under which the workers register it. */
export const CHAT_AGENT_NAME = "chat";

/**
 * Queue settings from the environment: `BATON_QUEUE_REDIS_URL` (default
 * `redis://127.0.0.1:6379`), `BATON_QUEUE_NAME`, `BATON_QUEUE_PREFIX`.
 */
export function queueSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): QueueSettings {
  return {
    redisUrl: nonEmpty(env.BATON_QUEUE_REDIS_URL) ?? DEFAULT_QUEUE_REDIS_URL,
    name: nonEmpty(env.BATON_QUEUE_NAME) ?? DEFAULT_CHAT_QUEUE_NAME,
    prefix: nonEmpty(env.BATON_QUEUE_PREFIX) ?? DEFAULT_CHAT_QUEUE_PREFIX,
  };
}

/**
 * Whether the HTTP server runs in queue mode: with `--queue` on the command line or
 * `BATON_QUEUE_REDIS_URL` set.
 */
export function queueModeRequested(argv: readonly string[] = process.argv.slice(2), env: NodeJS.ProcessEnv = process.env): boolean {
  return argv.includes("--queue") || nonEmpty(env.BATON_QUEUE_REDIS_URL) !== undefined;
}

/** Key prefix of the runs' storage (checkpoints and claims) for `settings`. */
export function storageKeyPrefix(settings: QueueSettings): string {
  return `${settings.prefix}:storage:`;
}

/** The URL without its password, for logs. */
export function redactedRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== "") parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(an invalid URL)";
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === "" ? undefined : trimmed;
}
