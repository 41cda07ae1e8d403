/**
 * `@baton/storage-redis`: Baton's `Storage` in Redis through ioredis: Lua scripts for
 * every multi-key write, a schema version under the key prefix.
 * @packageDocumentation
 */
export { createRedisStorage, DEFAULT_KEY_PREFIX, REDIS_STORAGE_OPTION_RULES, type RedisStorage, type RedisStorageOptions } from "./redis-storage.js";
export { CLIENT_OPTIONS, DEFAULT_COMMAND_TIMEOUT_MS, DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_REDIS_URL } from "./connect.js";
export { SCHEMA_VERSION } from "./schema.js";
