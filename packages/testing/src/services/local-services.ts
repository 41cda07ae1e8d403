import { createConnection } from "node:net";
import { afterAll, beforeAll, describe } from "vitest";
import { privateRedisUnavailableReason, startPrivateRedis, type PrivateRedis, type PrivateRedisOptions } from "../net/private-redis.js";

/**
 * Why the Redis at `url` cannot be used, or `undefined` when it answers `PING`. A raw
 * RESP exchange over TCP (no client library), bounded by `timeoutMs`.
 */
export async function redisUnreachableReason(url: string, timeoutMs = 2_000): Promise<string | undefined> {
  const parsed = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: parsed.hostname, port: Number(parsed.port || 6379) });
    const timer = setTimeout(() => finish(`no answer from ${url} within ${timeoutMs} ms`), timeoutMs);
    function finish(reason: string | undefined): void {
      clearTimeout(timer);
      socket.destroy();
      resolve(reason);
    }
    socket.once("error", (error) => finish(`Redis is not reachable at ${url} (${error.message})`));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => finish(data.toString().startsWith("+PONG") ? undefined : `unexpected answer from ${url}: ${data.toString().trim()}`));
  });
}

/**
 * `describe` for a suite that needs a local service: when `unavailable` is undefined
 * the suite runs; when it gives a reason, the suite fails loudly under CI (env `CI`
 * set) and is skipped with the reason printed elsewhere (a new laptop has no services).
 *
 * @example
 * const down = await redisUnreachableReason(REDIS_URL);
 * describeWithService("the queue", down, () => { it(...) });
 */
export function describeWithService(name: string, unavailable: string | undefined, body: () => void): void {
  if (unavailable === undefined) {
    describe(name, body);
    return;
  }
  if (process.env.CI) {
    describe(name, () => {
      beforeAll(() => {
        throw new Error(`${unavailable} (CI is set, so this suite fails instead of skipping).`);
      });
      body();
    });
    return;
  }
  console.warn(`Skipping "${name}": ${unavailable}.`);
  describe.skip(`${name} (skipped: ${unavailable})`, body);
}

/**
 * `describe` for a suite that starts private Redis servers (`startPrivateRedis` of
 * `@baton/testing`) to pause and kill: it runs where `redis-server` is installed, fails
 * loudly under CI where it is not, and is skipped elsewhere.
 */
export function describeWithPrivateRedis(name: string, body: () => void): void {
  describeWithService(name, privateRedisUnavailableReason(), body);
}

/**
 * A private Redis for the current suite (`startPrivateRedis` of `@baton/testing`):
 * started on first use, stopped after the suite.
 *
 * @example
 * const redis = usePrivateRedis({ password: "s3cret" });
 * it("…", async () => { const server = await redis(); server.pause(); … });
 */
export function usePrivateRedis(options: PrivateRedisOptions = {}): () => Promise<PrivateRedis> {
  let started: Promise<PrivateRedis> | undefined;
  afterAll(async () => {
    if (started) await (await started).stop();
  });
  return () => (started ??= startPrivateRedis(options));
}
