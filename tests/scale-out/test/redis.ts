import { createConnection } from "node:net";
import { beforeAll, describe } from "vitest";

/** The Redis the tests use. */
export const REDIS_URL = process.env["BATON_TEST_REDIS_URL"] ?? "redis://127.0.0.1:6379";

/** Why Redis cannot be used, or undefined when it answers PING (a raw RESP exchange, no client library). */
async function unreachableReason(): Promise<string | undefined> {
  const url = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = createConnection({ host: url.hostname, port: Number(url.port || 6379) });
    const timer = setTimeout(() => finish(`no answer from ${REDIS_URL} within 2 s`), 2_000);
    function finish(reason: string | undefined): void {
      clearTimeout(timer);
      socket.destroy();
      resolve(reason);
    }
    socket.once("error", (error) => finish(`Redis is not reachable at ${REDIS_URL} (${error.message})`));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => finish(data.toString().startsWith("+PONG") ? undefined : `unexpected answer from ${REDIS_URL}: ${data.toString().trim()}`));
  });
}

const reason = await unreachableReason();

/** `describe` when Redis answers; under CI a missing Redis fails loudly, elsewhere the suite is skipped with the reason. */
export function describeWithRedis(name: string, body: () => void): void {
  if (reason === undefined) {
    describe(name, body);
    return;
  }
  if (process.env["CI"]) {
    describe(name, () => {
      beforeAll(() => {
        throw new Error(`${reason} (CI is set, so the Redis tests fail instead of skipping).`);
      });
      body();
    });
    return;
  }
  console.warn(`Skipping "${name}": ${reason}.`);
  describe.skip(`${name} (skipped: ${reason})`, body);
}
