import { createConnection } from "node:net";
import { beforeAll, describe } from "vitest";

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
