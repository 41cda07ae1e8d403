export { createRedisStorage, DEFAULT_KEY_PREFIX, type RedisStorage, type RedisStorageOptions } from "./redis-storage.js";
export { CLIENT_OPTIONS, DEFAULT_REDIS_URL } from "./connect.js";
export { SCHEMA_VERSION } from "./schema.js";
