import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll } from "vitest";
import { RedisRunEventLog } from "../../src/relay/redis-run-event-log.js";
import { REDIS_URL } from "./redis.js";

/** A Redis client and the relay's event log under a key prefix of a suite's own (set once the suite starts). */
export interface RelayOnRedis {
  readonly prefix: string;
  redis: Redis;
  log: RedisRunEventLog;
}

/** Registers, for the current suite, a client on the local Redis and the event log under a new prefix starting with `name`; the client is disconnected after the suite. */
export function useRelayOnRedis(name: string): RelayOnRedis {
  const suite = { prefix: `${name}-${randomUUID()}` } as RelayOnRedis;
  beforeAll(() => {
    suite.redis = new Redis(REDIS_URL);
    suite.log = new RedisRunEventLog(suite.redis, { prefix: suite.prefix, blockMs: 200 });
  });
  afterAll(() => suite.redis?.disconnect());
  return suite;
}
