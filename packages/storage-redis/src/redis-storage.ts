import { checkOptions, optionIs as is, type OptionRule, type Storage } from "@baton/core";
import { defineStorage } from "@baton/core/storage-kit";
import type { Redis } from "ioredis";
import { connectRedis, DEFAULT_COMMAND_TIMEOUT_MS, DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_REDIS_URL, quitClient } from "./connect.js";
import type { RedisContext } from "./context.js";
import { guard, redisStorageError } from "./guard.js";
import { keyLayout } from "./keys.js";
import { secretsOf } from "./redact.js";
import { REDIS_OPERATIONS } from "./redis-operations.js";
import { checkSchema } from "./schema.js";
import { withScripts } from "./scripted-client.js";

/** The key prefix used when none is given. */
export const DEFAULT_KEY_PREFIX = "baton:";

/** Options of {@link createRedisStorage}. */
export interface RedisStorageOptions {
  /**
   * Where to connect (`redis://[user:password@]host:port[/db]`, or `rediss://` for TLS);
   * default `redis://127.0.0.1:6379`. Ignored when `client` is given. The adapter's own
   * client fails fast (see `connectTimeoutMs`, `commandTimeoutMs`): while Redis is down or
   * does not answer, an operation rejects within about the command timeout with a
   * retryable `StorageError`. A URL ioredis cannot read is a `ConfigurationError` that
   * does not repeat it (it may hold a password).
   */
  readonly url?: string;
  /**
   * How long the adapter's own client waits for a TCP connection, in ms, a positive
   * integer (each attempt, the first one included); default {@link DEFAULT_CONNECT_TIMEOUT_MS} (2 000). Ignored
   * when `client` is given.
   */
  readonly connectTimeoutMs?: number;
  /**
   * How long the adapter's own client waits for the reply to any command, in ms, a
   * positive integer (the connection handshake included); default {@link DEFAULT_COMMAND_TIMEOUT_MS} (2 000). An
   * operation that gets no reply in time rejects with a retryable `StorageError`
   * ("Command timed out"); its write may or may not have been applied. Raise it if your
   * Redis is far away or your conversations are very large. Ignored when `client` is given.
   */
  readonly commandTimeoutMs?: number;
  /**
   * A client you own (any options: TLS, Sentinel, retries). `close()` leaves it open.
   * The adapter defines its Lua scripts on it as `baton…` commands.
   */
  readonly client?: Redis;
  /** Prefix of every key the adapter reads or writes; default `"baton:"`. */
  readonly keyPrefix?: string;
}

/** A timeout: a positive integer number of milliseconds (like the other storage adapters' timeouts). */
const milliseconds: OptionRule = { expected: "a positive integer (milliseconds)", test: (value) => Number.isInteger(value) && (value as number) > 0 };

/**
 * The rule of every key of {@link RedisStorageOptions}, checked (with `checkOptions`
 * from `@baton/core`) when a storage is created, before any connection is attempted: a
 * key not listed here is rejected with a `ConfigurationError` that names the accepted
 * ones. The `satisfies` clause keeps this table and the interface in sync.
 */
export const REDIS_STORAGE_OPTION_RULES = {
  url: is.nonEmptyString,
  connectTimeoutMs: milliseconds,
  commandTimeoutMs: milliseconds,
  // An ioredis client, used as it is (the adapter defines its scripts on it).
  client: is.objectWith("an ioredis client", "defineCommand", "get", "set"),
  keyPrefix: is.string,
} as const satisfies { readonly [K in keyof Required<RedisStorageOptions>]: OptionRule };

/** A Baton {@link Storage} in Redis. */
export interface RedisStorage extends Storage {
  /** The client the storage uses (yours when you passed `client`). */
  readonly client: Redis;
  /** The prefix of every key it uses. */
  readonly keyPrefix: string;
}

/**
 * Opens a Baton storage in Redis: connects (unless given a client), checks the schema
 * version under the key prefix (writing it on first use) and defines the Lua scripts
 * every multi-key write runs as. The options are checked first, before any connection
 * is attempted: an unknown key or a value of the wrong type rejects with a
 * `ConfigurationError` naming the accepted options.
 * @throws ConfigurationError when the options are wrong (see {@link REDIS_STORAGE_OPTION_RULES}: a timeout
 * that is not a positive integer included), or `url` is not a URL ioredis can read (the error does not
 * repeat the URL, which may hold a password).
 * @throws StorageError when Redis cannot be reached (retryable) or refuses the login (not retryable).
 * @throws StorageSchemaError when the data under the prefix was written by a newer adapter.
 * @example
 * const storage = await createRedisStorage({ url: "redis://127.0.0.1:6379", keyPrefix: "myapp:" });
 */
export async function createRedisStorage(options: RedisStorageOptions = {}): Promise<RedisStorage> {
  checkOptions("createRedisStorage", options, REDIS_STORAGE_OPTION_RULES);
  const keyPrefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
  const owned = options.client === undefined;
  const client =
    options.client ??
    (await connectRedis(options.url ?? DEFAULT_REDIS_URL, {
      connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      commandTimeoutMs: options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS,
    }));
  const keys = keyLayout(keyPrefix);
  const secrets = secretsOf(client.options);
  try {
    await guard("checking the schema version", () => checkSchema(client, keys), secrets);
  } catch (error) {
    if (owned) client.disconnect();
    throw error;
  }
  const context: RedisContext = { client: withScripts(client), keys };
  return defineStorage(
    {
      label: "Redis storage",
      context: () => context,
      operations: REDIS_OPERATIONS,
      wrapError: (error, operation) => redisStorageError(error, operation, secrets),
      release: async () => {
        if (owned) await quitClient(client);
      },
    },
    { client, keyPrefix },
  );
}
