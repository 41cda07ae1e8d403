/**
 * Entry point: `npm start` (after `npm run build`). Starts the chat server on
 * `PORT` (default 3000) and prints its URL. `CHAT_SERVER_SPEED` scales the
 * scripted run's delays (default 1; 0 = instant). `HOST` is the interface (default
 * 127.0.0.1), `ALLOWED_HOSTS` more `Host` values to answer (comma-separated
 * `name:port`), `MAX_CONCURRENT_RUNS` the cap on runs going at once (default 8).
 * Ctrl-C stops it.
 *
 * Queue mode (`npm run start:queue`, i.e. `--queue`, or `BATON_QUEUE_REDIS_URL` set):
 * the server runs no agent; it enqueues runs in Redis (`BATON_QUEUE_REDIS_URL`,
 * default `redis://127.0.0.1:6379`; `BATON_QUEUE_NAME`, `BATON_QUEUE_PREFIX`) for
 * the workers (`npm run workers -- 2`) and streams their events.
 */
import { createChatServer, DEFAULT_MAX_CONCURRENT_RUNS } from "./server.js";
import { defaultAllowedHosts } from "./http/request-guard.js";
import { SCRIPTED_MODEL_NOTICE } from "./agent/scripted/model-info.js";
import { numberFromEnv } from "./env.js";
import { queueModeRequested, queueSettingsFromEnv, redactedRedisUrl } from "./queue/queue-settings.js";

const port = numberFromEnv("PORT", 3000);
const speed = numberFromEnv("CHAT_SERVER_SPEED", 1);
const host = process.env.HOST || "127.0.0.1";
const maxConcurrentRuns = numberFromEnv("MAX_CONCURRENT_RUNS", DEFAULT_MAX_CONCURRENT_RUNS);
// ALLOWED_HOSTS: more Host values to answer (comma-separated `name:port`), e.g. the LAN name when HOST=0.0.0.0.
const extraHosts = (process.env.ALLOWED_HOSTS ?? "")
  .split(",")
  .map((entry) => entry.trim())
  .filter((entry) => entry !== "");
const queue = queueModeRequested() ? queueSettingsFromEnv() : undefined;
const server = await createChatServer({
  port,
  ...(queue === undefined ? {} : { queue }),
  speed,
  host,
  maxConcurrentRuns: Math.max(1, Math.floor(maxConcurrentRuns)),
  ...(extraHosts.length > 0 ? { allowedHosts: [...defaultAllowedHosts(host, port), ...extraHosts] } : {}),
}).catch((error: unknown) => {
  console.error(`The chat server did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
console.log(`Baton chat server listening on ${server.url}`);
if (queue !== undefined) {
  console.log(`Queue mode: runs go to queue "${queue.name}" on ${redactedRedisUrl(queue.redisUrl)}; start workers with \`npm run workers -- 2\`.`);
}
console.log(SCRIPTED_MODEL_NOTICE);

const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
